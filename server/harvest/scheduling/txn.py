"""Write transactions on SQLite: take the write lock first.

The engine begins SQLite transactions with a plain (deferred) BEGIN. A transaction that reads
and then writes holds a read snapshot; if another connection commits in between, SQLite cannot
upgrade it and fails at once with "database is locked" — the busy timeout does not help. A
transaction that writes first waits for the lock instead (busy timeout), then sees the newest
data. :func:`begin_write` makes the write lock the transaction's first act: an UPDATE that
changes nothing still takes it. PostgreSQL needs none of this (row locks, MVCC): a no-op there.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import text
from sqlalchemy.orm import Session

F = TypeVar("F", bound=Callable)


def begin_write(session: Session) -> None:
    """Call at the start of a transaction that will write (after a commit or rollback)."""
    if session.get_bind().dialect.name == "sqlite":
        session.execute(text("UPDATE jobs SET id = id WHERE 0"))


def rolls_back(fn: F) -> F:
    """Roll the session (first argument) back when ``fn`` raises: under eventlet a write lock
    must never outlive the call, not even while the error is being sent back to the caller."""

    @functools.wraps(fn)
    def wrapper(session: Session, *args, **kwargs):
        try:
            return fn(session, *args, **kwargs)
        except BaseException:
            session.rollback()
            raise

    return wrapper  # type: ignore[return-value]


def bulk_insert(session: Session, table, rows: list[dict]) -> None:
    """Insert many rows in the session's transaction: COPY on PostgreSQL (psycopg's executemany
    sends one statement per row, ten times slower here), executemany on SQLite."""
    if not rows:
        return
    conn = session.connection()
    if conn.dialect.name != "postgresql":
        conn.execute(table.insert(), rows)
        return
    cols = list(rows[0])
    # COPY's text format, written as one block: write_row() per row costs more than the database
    # does. Only for the scheduler's own integer/boolean columns (no text to escape).
    text_rows = "".join("\t".join(_copy_value(r[c]) for c in cols) + "\n" for r in rows)
    cursor = conn.connection.driver_connection.cursor()
    try:
        with cursor.copy(f"COPY {table.name} ({', '.join(cols)}) FROM STDIN") as copy:
            copy.write(text_rows)
    finally:
        cursor.close()


def _copy_value(value) -> str:
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, int):
        return str(value)
    raise TypeError(f"bulk_insert takes whole numbers and booleans only, not {type(value).__name__}")
