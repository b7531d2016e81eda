"""The body of every migrations package's ``env.py`` (online mode only: we always have an engine)."""
from __future__ import annotations

from alembic import context


def run() -> None:
    cfg = context.config
    engine = cfg.attributes["engine"]
    with engine.connect() as conn:
        context.configure(
            connection=conn,
            version_table=cfg.attributes["version_table"],
            render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies the table
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()
        conn.commit()
