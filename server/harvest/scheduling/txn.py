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
