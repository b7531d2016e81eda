"""Which definitions are due, and scheduling one of them from start to end.

Scheduling a definition: take the database guard; check it is still due (another instance may
have just done it); make its jobs; then, whatever becomes of the jobs, count the run and set the
next run from its schedule (a snapshot runs once). Any error deactivates the definition, and the
reason is logged and kept in its ``scheduling_state`` row (``definition_state`` RPC).

Definition rows are changed with plain UPDATEs that raise the definition's edition: a curator
who saved an older edition in the meantime then gets an edition conflict instead of silently
undoing the scheduler's change, and the scheduler never fails on the curator's.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from collections.abc import Callable, Mapping
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import and_, or_, select, update
from sqlalchemy.orm import Session

from server.harvest.models import HarvestDefinition
from server.harvest.models.base import utcnow
from server.harvest.scheduling import dispatch, guard, jobgen
from server.harvest.scheduling.txn import begin_write
from shared.enums import HarvestKind
from shared.errors import NasError

log = logging.getLogger(__name__)

HD = HarvestDefinition


@dataclasses.dataclass
class Outcome:
    harvest_id: int
    scheduled: bool            # False: not due any more, or another scheduler holds it
    jobs: list[int] = dataclasses.field(default_factory=list)
    error: str = ""


def _due_clause(now: dt.datetime):
    snapshot = HD.kind == HarvestKind.SNAPSHOT.value
    return and_(HD.active.is_(True), or_(
        and_(~snapshot, HD.next_run_at.is_not(None), HD.next_run_at <= now),
        and_(snapshot, HD.runs == 0, or_(HD.next_run_at.is_(None), HD.next_run_at <= now))))


def due_definitions(session: Session, now: dt.datetime | None = None) -> list[int]:
    """Active definitions whose next run is not in the future (a snapshot: that has not run)."""
    now = now or utcnow()
    return list(session.execute(select(HD.id).where(_due_clause(now)).order_by(HD.next_run_at, HD.id)).scalars())


def _next_run(session: Session, hd: HarvestDefinition, tz: ZoneInfo,
              now: dt.datetime) -> tuple[dt.datetime | None, bool]:
    """The next run after this one and whether the definition stays active."""
    if hd.kind == HarvestKind.SNAPSHOT.value or hd.schedule is None:
        return None, hd.active
    from server.harvest.schedule_rules import run_after
    from server.harvest.schedules import rule_of

    first = hd.first_run_at or hd.next_run_at or now
    nxt = run_after(rule_of(hd.schedule), first, hd.runs + 1, tz)
    return nxt, nxt is not None


def deactivate(session: Session, harvest_id: int) -> None:
    session.execute(update(HD).where(HD.id == harvest_id).values(active=False, edition=HD.edition + 1)
                    .execution_options(synchronize_session=False))
    session.commit()


def describe(exc: BaseException) -> str:
    if isinstance(exc, NasError):
        return exc.message
    return f"{exc.__class__.__name__}: {exc}"


def schedule_definition(make_session: Callable[[], Session], harvest_id: int, owner: str,
                        settings: Mapping[str, Any], now: dt.datetime | None = None,
                        keep_going: Callable[[], Any] | None = None) -> Outcome:
    """Schedule one run of one definition if it is (still) due and nobody else is on it.
    ``keep_going`` is called between chunks and may raise (a BaseException) to stop: the
    run's jobs made so far are then removed and the definition stays as it was."""
    tz = ZoneInfo(settings["harvest.timezone"])
    stale = settings["harvest.scheduler.guard_stale_after"]
    session = make_session()
    try:
        if not guard.acquire(session, harvest_id, owner, stale):
            return Outcome(harvest_id, False)
        outcome = Outcome(harvest_id, True)
        runs: int | None = None
        try:
            now = now or utcnow()
            hd = session.execute(select(HD).where(HD.id == harvest_id, _due_clause(now))).scalar_one_or_none()
            if hd is None:   # scheduled by someone else meanwhile, or deactivated
                outcome.scheduled = False
                guard.release(session, harvest_id, owner, 0)
                return outcome
            name, runs = hd.name, hd.runs

            def keep_alive() -> None:  # called with the batch or chunk committed: nothing is held
                guard.refresh(session, harvest_id, owner)
                if keep_going is not None:
                    keep_going()

            gen = jobgen.generate(session, hd, settings, keep_alive=keep_alive)
            outcome.jobs = gen.jobs
            session.commit()
            begin_write(session)
            hd = session.get(HD, harvest_id)
            nxt, active = _next_run(session, hd, tz, now)
            session.execute(update(HD).where(HD.id == harvest_id).values(
                runs=HD.runs + 1, next_run_at=nxt, active=active, edition=HD.edition + 1)
                .execution_options(synchronize_session=False))
            session.commit()
            log.info("harvest %s run %d: %d configurations in %d jobs%s", name, runs, gen.configurations,
                     len(gen.jobs), "" if active else "; its schedule has ended, deactivated")
            guard.release(session, harvest_id, owner, len(gen.jobs))
            dispatch.submit_new(session)  # queue them now, not at the next check
        except BaseException as exc:
            session.rollback()
            if runs is not None:  # the run was not counted: its jobs must not stay half made
                jobgen.remove_unfinished_run(session, harvest_id, runs)
            if not isinstance(exc, Exception):  # stopped: leave the definition as it is
                guard.release(session, harvest_id, owner, 0, "")
                raise
            # any error: stop the definition, say why
            outcome.error = describe(exc)
            log.error("scheduling harvest definition %s failed, deactivating it: %s", harvest_id, outcome.error,
                      exc_info=not isinstance(exc, NasError))
            outcome.jobs = []
            deactivate(session, harvest_id)
            guard.release(session, harvest_id, owner, 0, outcome.error)
        return outcome
    finally:
        session.close()
