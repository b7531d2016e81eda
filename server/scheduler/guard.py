"""The scheduling guard, kept in the database: one definition is scheduled by one thread of one
scheduler instance at a time (the seeds kept a set in memory; two instances would not see it).

Taking the guard is one conditional UPDATE on the definition's ``scheduling_state`` row, so two
takers can never both succeed, on SQLite or PostgreSQL. A live holder refreshes ``locked_at``
while it works; a guard older than ``stale_after`` (its holder died) may be taken over.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from server.harvestdb.base import utcnow
from server.scheduler.models import SchedulingState
from server.scheduler.txn import begin_write


def _ensure_row(session: Session, harvest_id: int) -> None:
    session.rollback()
    begin_write(session)
    if session.get(SchedulingState, harvest_id) is not None:
        return
    try:
        with session.begin_nested():
            session.add(SchedulingState(harvest_id=harvest_id, last_jobs=0, last_error=""))
    except IntegrityError:
        pass  # another taker made it first: fine, the UPDATE below decides


def acquire(session: Session, harvest_id: int, owner: str, stale_after: float,
            now: dt.datetime | None = None) -> bool:
    """Take the guard of ``harvest_id`` for ``owner``; False if someone else holds it. Commits."""
    now = now or utcnow()
    _ensure_row(session, harvest_id)
    session.commit()
    stale = now - dt.timedelta(seconds=stale_after)
    begin_write(session)  # SQLite: wait for the write lock (an ingest may hold it), never fail
    result = session.execute(
        update(SchedulingState)
        .where(SchedulingState.harvest_id == harvest_id,
               or_(SchedulingState.owner.is_(None), SchedulingState.locked_at < stale))
        .values(owner=owner, locked_at=now, last_started_at=now)
        .execution_options(synchronize_session=False))
    session.commit()
    return result.rowcount == 1


def refresh(session: Session, harvest_id: int, owner: str) -> bool:
    """Show that the holder is alive; False if it lost the guard (taken over as stale). Commits."""
    begin_write(session)
    result = session.execute(
        update(SchedulingState).where(SchedulingState.harvest_id == harvest_id, SchedulingState.owner == owner)
        .values(locked_at=utcnow()).execution_options(synchronize_session=False))
    session.commit()
    return result.rowcount == 1


def release(session: Session, harvest_id: int, owner: str, jobs: int, error: str = "") -> None:
    """Give the guard back and record the outcome (``error`` empty when it worked). Commits."""
    now = utcnow()
    values: dict = {"owner": None, "locked_at": None, "last_ended_at": now, "last_jobs": jobs, "last_error": error}
    if error:
        values["last_error_at"] = now
    begin_write(session)
    session.execute(update(SchedulingState)
                    .where(SchedulingState.harvest_id == harvest_id, SchedulingState.owner == owner)
                    .values(**values).execution_options(synchronize_session=False))
    session.commit()


def holders(session: Session) -> list[tuple[int, str]]:
    """Definitions being scheduled right now and by whom."""
    rows = session.execute(select(SchedulingState.harvest_id, SchedulingState.owner)
                           .where(SchedulingState.owner.is_not(None)))
    return [(r[0], r[1]) for r in rows]
