"""Write transactions on SQLite: take the write lock first.

The engine begins SQLite transactions deferred. A transaction that reads and then writes holds a
read snapshot; if another connection commits in between, SQLite cannot upgrade it and fails at
once with "database is locked". So every scheduler transaction that writes starts with
:func:`begin_write` — the foundation's ``BEGIN IMMEDIATE`` with a cooperative wait (a green
thread waiting for the lock lets the others run) — does its work without yielding, and commits
before it returns; functions that raise roll back first (:func:`rolls_back`), so no lock outlives
an RPC reply. PostgreSQL needs none of this (row locks, MVCC): a no-op there.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.orm import Session

from server.db.transactions import begin_write as _foundation_begin_write

F = TypeVar("F", bound=Callable)


def begin_write(session: Session) -> None:
    """Start the session's next transaction as a write transaction. Call it right after a commit
    or rollback: a transaction already begun keeps its mode (the foundation's rule)."""
    _foundation_begin_write(session)


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
