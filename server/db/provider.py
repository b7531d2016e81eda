"""The Nameko dependency provider that gives each worker its own database session.

``setup()`` builds the engine once per service container (and migrates the schema when
``database.auto_migrate`` is on); ``get_dependency()`` hands each worker a fresh session;
``worker_teardown()`` rolls back whatever was not committed and closes the session.

Why no commit in ``worker_result``: Nameko sends the RPC reply *before* it calls
``worker_result``, so a commit there could fail after the caller was told "saved". Entrypoints
that write therefore commit before they return, with ``with committing(self.db): ...``.
nameko-sqlalchemy does not support SQLAlchemy 2, hence our own provider.
"""
from __future__ import annotations

import logging
import weakref

from nameko.extensions import DependencyProvider
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from server.db.engine import database_url, make_engine
from server.db.migrate import upgrade
from server.db.transactions import committing  # noqa: F401 - services import it from here
from server.runtime.settings_provider import settings_for

log = logging.getLogger(__name__)


class DatabaseSession(DependencyProvider):
    """``db = DatabaseSession("harvest", "server.harvestdb.migrations")`` on a service class."""

    def __init__(self, name: str, migrations_package: str | None = None):
        self.name = name
        self.migrations_package = migrations_package
        self.engine: Engine | None = None
        self.sessionmaker: sessionmaker[Session] | None = None
        self.sessions: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def setup(self) -> None:
        settings = settings_for(self.container)
        url = database_url(settings["database.url"], settings["data_dir"], self.name)
        self.engine = make_engine(url, settings["database.pool_size"])
        if self.migrations_package and settings["database.auto_migrate"]:
            upgrade(self.engine, self.name, self.migrations_package)
        self.sessionmaker = sessionmaker(self.engine, expire_on_commit=False)
        log.info("database %s at %s", self.name, self.engine.url.render_as_string(hide_password=True))

    def stop(self) -> None:
        if self.engine is not None:
            self.engine.dispose()

    def get_dependency(self, worker_ctx) -> Session:
        session = self.sessionmaker()
        self.sessions[worker_ctx] = session
        return session

    def worker_teardown(self, worker_ctx) -> None:
        session = self.sessions.pop(worker_ctx, None)
        if session is not None:
            session.rollback()
            session.close()

