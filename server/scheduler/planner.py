"""Which definitions are due, and scheduling one of them from start to end.

Scheduling a definition: take the database guard; check it is still due (another instance may
have just done it); make its jobs; then, whatever becomes of the jobs, count the run and set the
next run from its schedule (a snapshot runs once). Any error deactivates the definition, and the
reason is logged, kept in its ``scheduling_state`` row (``definition_state`` RPC) and on the
definition itself. The definition's rows belong to the ``definitions`` package: they are read and
changed only through :mod:`server.definitions.runs`.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from server.definitions import runs
from server.harvestdb.base import utcnow
from server.scheduler import dispatch, guard, jobgen
from server.scheduler.txn import begin_write
from shared.errors import NasError

log = logging.getLogger(__name__)

@dataclasses.dataclass
class Outcome:
    harvest_id: int
    scheduled: bool            # False: not due any more, or another scheduler holds it
    jobs: list[int] = dataclasses.field(default_factory=list)
    error: str = ""


def due_definitions(session: Session, now: dt.datetime | None = None) -> list[int]:
    """Active definitions whose next run is not in the future (a snapshot: that has not run)."""
    return runs.due_definitions(session, now)


def deactivate(session: Session, harvest_id: int, reason: str) -> None:
    runs.deactivate(session, harvest_id, reason)
    session.commit()


def describe(exc: BaseException) -> str:
    if isinstance(exc, NasError):
        return exc.message
    return f"{exc.__class__.__name__}: {exc}"


def schedule_definition(make_session: Callable[[], Session], harvest_id: int, owner: str,
                        settings: Mapping[str, Any], now: dt.datetime | None = None,
                        keep_going: Callable[[], Any] | None = None, now_run: bool = False) -> Outcome:
    """Schedule one run of one definition if it is (still) due and nobody else is on it; with
    ``now_run`` ("harvest now"), whether due or not, as a run besides its schedule.
    ``keep_going`` is called between chunks and may raise (a BaseException) to stop: the
    run's jobs made so far are then removed and the definition stays as it was."""
    tz = ZoneInfo(settings["harvest.timezone"])
    stale = settings["harvest.scheduler.guard_stale_after"]
    session = make_session()
    try:
        if not guard.acquire(session, harvest_id, owner, stale):
            return Outcome(harvest_id, False)
        outcome = Outcome(harvest_id, True)
        run: int | None = None
        try:
            now = now or utcnow()
            hd = (runs.definition_for_now(session, harvest_id) if now_run
                  else runs.due_definition(session, harvest_id, now))
            if hd is None:   # scheduled by someone else meanwhile, or deactivated
                outcome.scheduled = False
                guard.release(session, harvest_id, owner, 0)
                return outcome
            name, run = hd.name, hd.runs

            # The guard is refreshed at most every 1/20 of its staleness (30 s by default), not
            # after every window and chunk: each refresh is a commit, ~600 of them at 2,000,000
            # domains, and on PostgreSQL each waited for its WAL flush.
            refreshed = [time.monotonic()]

            def keep_alive() -> None:  # called with the batch or chunk committed: nothing is held
                if time.monotonic() - refreshed[0] >= stale / 20:
                    guard.refresh(session, harvest_id, owner)
                    refreshed[0] = time.monotonic()
                if keep_going is not None:
                    keep_going()

            gen = jobgen.generate(session, hd, settings, keep_alive=keep_alive)
            outcome.jobs = gen.jobs
            session.commit()
            begin_write(session)
            count = runs.count_extra_run if now_run else runs.count_run
            active = count(session, harvest_id, tz, now)
            session.commit()
            log.info("harvest %s run %d%s: %d configurations in %d jobs%s", name, run,
                     " (harvest now)" if now_run else "", gen.configurations, len(gen.jobs),
                     "" if active else "; its schedule has ended, deactivated")
            guard.release(session, harvest_id, owner, len(gen.jobs))
            dispatch.submit_new(session)  # queue them now, not at the next check
        except BaseException as exc:
            session.rollback()
            if run is not None:  # the run was not counted: its jobs must not stay half made
                jobgen.remove_unfinished_run(session, harvest_id, run)
            if not isinstance(exc, Exception):  # stopped: leave the definition as it is
                guard.release(session, harvest_id, owner, 0, "")
                raise
            # any error: stop the definition, say why
            outcome.error = describe(exc)
            log.error("scheduling harvest definition %s failed, deactivating it: %s", harvest_id, outcome.error,
                      exc_info=not isinstance(exc, NasError))
            outcome.jobs = []
            deactivate(session, harvest_id, outcome.error)
            guard.release(session, harvest_id, owner, 0, outcome.error)
        return outcome
    finally:
        session.close()
