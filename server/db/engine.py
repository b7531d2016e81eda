"""Creating SQLAlchemy engines for the embedded (SQLite) and production (PostgreSQL) cases."""
from __future__ import annotations

import os
import sys
import time

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

#: how long a write transaction (see server.db.transactions.begin_write) waits for another
#: connection's write lock on an SQLite file
SQLITE_LOCK_WAIT_S = 60.0
#: SQLite's own busy wait sleeps inside C; under eventlet that freezes every green thread of the
#: process, including one that may hold the lock. So it is kept short, and write transactions
#: wait in the retry loop below instead, whose time.sleep yields to other green threads.
_SQLITE_C_BUSY_MS = 250


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
    and transactions that wait for each other's write lock instead of failing (see below).
    PostgreSQL: ``postgresql://`` is mapped to the psycopg 3 driver we ship.
    """
    u = make_url(url)
    if u.drivername == "postgresql":
        u = u.set(drivername="postgresql+psycopg")
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:" and not u.database.startswith("file:"):
            private_database(u.database)
        engine = create_engine(u, connect_args={"timeout": _SQLITE_C_BUSY_MS / 1000, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    cooperative_postgresql_waits()
    return create_engine(u, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)


def cooperative_postgresql_waits() -> None:
    """Under eventlet, let a PostgreSQL statement wait for its answer without freezing the process.

    psycopg waits for the server in C (``poll()``) unless it sees gevent's monkey-patching; it
    does not know eventlet's. So in our services every statement froze the whole hub for its
    duration: no RPC answered, no heartbeat sent, and two green threads' statements ran one
    after the other although each had its own connection and backend (a 20 s bulk statement of
    job generation held up the scheduler for 20 s). psycopg's ``wait_select`` calls
    ``select.select``, which eventlet has made green: the green thread waits, the others run.
    Harmless outside eventlet (not set there), and set once per process."""
    patcher = sys.modules.get("eventlet.patcher")  # not imported: nothing is patched (the CLI)
    if patcher is None or not patcher.is_monkey_patched("select"):
        return
    from psycopg import waiting

    waiting.wait = waiting.wait_select


def private_database(path: str) -> None:
    """Make the SQLite file ``path`` (and its WAL and shared-memory files, which SQLite creates
    with the database's mode) readable by the service's user only, before the first connection:
    created 0600, or narrowed to 0600 when an older version left it 0644 (#29: harvest.db,
    archive.db and viewer.db were world-readable)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    except OSError:
        return                  # SQLite will say why it cannot open it
    try:
        if os.fstat(fd).st_mode & 0o077:
            os.fchmod(fd, 0o600)
    except OSError:
        pass                    # not ours to change (another user's file): left as it is
    finally:
        os.close(fd)
    for extra in (path + "-wal", path + "-shm"):
        try:
            if os.stat(extra).st_mode & 0o077:
                os.chmod(extra, 0o600)
        except OSError:
            pass


def _sqlite_begin(conn) -> None:
    """Begin an SQLite transaction: DEFERRED unless the connection asks for IMMEDIATE.

    Readers stay deferred, so they never wait for a writer (WAL). A transaction that reads and
    then writes must take the write lock first (``sqlite_begin="IMMEDIATE"``, which
    server.db.transactions.begin_write sets): otherwise, when another connection commits in
    between, SQLite cannot upgrade the read snapshot and fails at once with "database is locked".
    """
    mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
    if mode == "DEFERRED":
        conn.exec_driver_sql("BEGIN DEFERRED")  # takes no lock: nothing to wait for
        return
    # No busy wait in C while asking for the lock: the holder may be another green thread of
    # this very process, which could not run to release it while the hub is frozen.
    raw = conn.connection.dbapi_connection
    raw.execute("PRAGMA busy_timeout=0")
    try:
        deadline = time.monotonic() + SQLITE_LOCK_WAIT_S
        pause = 0.001
        while True:
            try:
                conn.exec_driver_sql(f"BEGIN {mode}")
                return
            except OperationalError as exc:
                if "locked" not in str(exc.orig) or time.monotonic() > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
    finally:
        raw.execute(f"PRAGMA busy_timeout={_SQLITE_C_BUSY_MS}")


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None  # let the "begin" listener above control transactions
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute(f"PRAGMA busy_timeout={_SQLITE_C_BUSY_MS}")
    cur.close()
