"""Creating SQLAlchemy engines for the embedded (SQLite) and production (PostgreSQL) cases."""
from __future__ import annotations

import os

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url


def database_url(configured: str, data_dir: str, name: str) -> str:
    """The configured URL, or an SQLite file ``<data_dir>/<name>.db`` when none is configured."""
    if configured:
        return configured
    path = os.path.abspath(os.path.join(data_dir, f"{name}.db"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return f"sqlite:///{path}"


def make_engine(url: str, pool_size: int = 5) -> Engine:
    """An engine with the per-backend settings this project relies on.

    SQLite: WAL so readers never block the writer, foreign keys on (off by default in SQLite),
    a busy timeout so that two processes sharing a file wait instead of failing at once.
    PostgreSQL: ``postgresql://`` is mapped to the psycopg 3 driver we ship.
    """
    u = make_url(url)
    if u.drivername == "postgresql":
        u = u.set(drivername="postgresql+psycopg")
    if u.get_backend_name() == "sqlite":
        engine = create_engine(u, connect_args={"timeout": 30, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        # pysqlite's own transaction handling only begins before DML, so a SELECT followed by
        # an UPDATE would not be one transaction; emitting BEGIN ourselves makes it one.
        event.listen(engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN"))
        return engine
    return create_engine(u, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None  # let the "begin" listener above control transactions
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()
