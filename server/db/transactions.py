"""Write transactions that work the same on SQLite and PostgreSQL.

``begin_write(session)`` at the start of a unit of work that will write: on SQLite it begins
the session's transaction with the write lock (BEGIN IMMEDIATE), waiting for other writers
cooperatively (see server.db.engine) instead of failing on a stale read snapshot; on PostgreSQL
(row locks, MVCC) it does nothing. ``committing(session)`` does the same and commits at the end.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.orm import Session


def begin_write(session: Session) -> None:
    """Make the session's next transaction a write transaction (SQLite: take the lock now).

    Call it before the unit of work reads anything: a transaction already begun keeps its mode.
    """
    if session.in_transaction() or session.get_bind().dialect.name != "sqlite":
        return
    session.connection(execution_options={"sqlite_begin": "IMMEDIATE"})


@contextmanager
def committing(session: Session) -> Iterator[Session]:
    """A write transaction: lock first (SQLite), commit at the end, roll back if it raises."""
    begin_write(session)
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
