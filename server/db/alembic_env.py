"""The body of every migrations package's ``env.py`` (online mode only: we always have an engine).

Several services may share one database and all migrate it at start-up (``database.auto_migrate``).
The whole upgrade, including reading the current revision, therefore runs in one transaction that
first takes a database-wide lock: the write lock on SQLite (BEGIN IMMEDIATE), a transaction-level
advisory lock on PostgreSQL. A second service waits, then finds the schema already at the head
and does nothing, instead of failing half-way through a migration the first one is running.
"""
from __future__ import annotations

import zlib

from alembic import context


def run() -> None:
    cfg = context.config
    engine = cfg.attributes["engine"]
    version_table = cfg.attributes["version_table"]
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
            # Begin now, before configure(): Alembic runs SQLite migrations (no transactional DDL)
            # one transaction each unless the connection is already in one, and committing after
            # each would let a second service take the lock between two migrations and run the
            # next one again ("table ... already exists").
            conn.begin()
        elif conn.dialect.name == "postgresql":
            key = zlib.crc32(version_table.encode())  # one lock per database (version table)
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({key})")
        context.configure(
            connection=conn,
            version_table=version_table,
            render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies the table
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()
        conn.commit()
