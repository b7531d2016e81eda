"""Alembic, driven from code: each database has its own migrations package and version table.

A migrations package (e.g. ``server.harvestdb.migrations``) holds ``env.py`` (one line calling
:func:`server.db.alembic_env.run`), ``script.py.mako`` and ``versions/``. Several databases may
share one PostgreSQL database in small installations, so each keeps its revision in its own
table ``alembic_version_<name>``.
"""
from __future__ import annotations

import importlib
import os

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine


def alembic_config(engine: Engine, name: str, migrations_package: str) -> Config:
    module = importlib.import_module(migrations_package)
    cfg = Config()
    cfg.set_main_option("script_location", os.path.dirname(module.__file__))
    packages = getattr(module, "VERSION_PACKAGES", ())
    if packages:
        dirs = [os.path.dirname(importlib.import_module(p).__file__) for p in packages]
        cfg.set_main_option("path_separator", "os")
        cfg.set_main_option("version_locations", os.pathsep.join(dirs))
    cfg.attributes["engine"] = engine
    cfg.attributes["version_table"] = version_table(name)
    return cfg


def version_table(name: str) -> str:
    return f"alembic_version_{name}"


def upgrade(engine: Engine, name: str, migrations_package: str, revision: str = "heads") -> None:
    """Bring the database up to ``revision`` (default: every head; two features developed side by
    side may each add a branch, and both must be applied)."""
    command.upgrade(alembic_config(engine, name, migrations_package), revision)


def downgrade(engine: Engine, name: str, migrations_package: str, revision: str) -> None:
    command.downgrade(alembic_config(engine, name, migrations_package), revision)


def current_revisions(engine: Engine, name: str) -> tuple[str, ...]:
    """The revisions the database is at (one per branch; empty for a new database)."""
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"version_table": version_table(name)})
        return tuple(sorted(ctx.get_current_heads()))


def head_revisions(engine: Engine, name: str, migrations_package: str) -> tuple[str, ...]:
    """The newest revision of each branch of the migrations package."""
    return tuple(sorted(ScriptDirectory.from_config(alembic_config(engine, name, migrations_package)).get_heads()))
