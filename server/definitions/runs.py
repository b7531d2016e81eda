"""The definitions' door for the scheduler: which definitions are due, and the changes the
scheduler makes to a definition when it schedules it, gives up on it, or stores what a job did.

The ``definitions`` package owns the harvest definitions and the per-domain harvest history; the
scheduler changes them only through these functions (docs/architecture.md). They run in the
caller's session and transaction, so a run is counted in the same commit as its jobs are made.

Definition rows are changed with plain UPDATEs that raise the definition's edition: a curator
who saved an older edition in the meantime then gets an edition conflict instead of silently
undoing the scheduler's change, and the scheduler never fails on the curator's.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import and_, insert, or_, select, update
from sqlalchemy.orm import Session

from server.definitions.models import HarvestDefinition, HarvestHistory
from server.harvestdb.base import utcnow
from shared.enums import HarvestKind

HD = HarvestDefinition


def due_clause(now: dt.datetime):
    """SQL condition: the definition is active and its next run is not in the future (a snapshot:
    it has not run yet)."""
    snapshot = HD.kind == HarvestKind.SNAPSHOT.value
    return and_(HD.active.is_(True), or_(
        and_(~snapshot, HD.next_run_at.is_not(None), HD.next_run_at <= now),
        and_(snapshot, HD.runs == 0, or_(HD.next_run_at.is_(None), HD.next_run_at <= now))))


def due_definitions(session: Session, now: dt.datetime | None = None) -> list[int]:
    """Ids of the definitions due now, the most overdue first."""
    now = now or utcnow()
    return list(session.execute(select(HD.id).where(due_clause(now)).order_by(HD.next_run_at, HD.id)).scalars())


def due_definition(session: Session, harvest_id: int, now: dt.datetime) -> HarvestDefinition | None:
    """The definition if it is (still) due, else None (another scheduler ran it, or a curator
    deactivated it meanwhile)."""
    return session.execute(select(HD).where(HD.id == harvest_id, due_clause(now))).scalar_one_or_none()


def next_run(hd: HarvestDefinition, tz: ZoneInfo, now: dt.datetime) -> tuple[dt.datetime | None, bool]:
    """The run after the one being made and whether the definition stays active (a snapshot runs
    once; a schedule may end)."""
    if hd.kind == HarvestKind.SNAPSHOT.value or hd.schedule is None:
        return None, hd.active
    from server.definitions.schedule_rules import run_after
    from server.definitions.schedules import rule_of

    first = hd.first_run_at or hd.next_run_at or now
    nxt = run_after(rule_of(hd.schedule), first, hd.runs - (hd.extra_runs or 0) + 1, tz)
    return nxt, nxt is not None


def count_run(session: Session, harvest_id: int, tz: ZoneInfo, now: dt.datetime) -> bool:
    """Count one run of the definition and set its next run; returns whether it stays active."""
    hd = session.get(HD, harvest_id)
    nxt, active = next_run(hd, tz, now)
    session.execute(update(HD).where(HD.id == harvest_id).values(
        runs=HD.runs + 1, next_run_at=nxt, active=active, edition=HD.edition + 1)
        .execution_options(synchronize_session=False))
    return active


def deactivate(session: Session, harvest_id: int, reason: str) -> None:
    """Stop scheduling the definition and keep why, for the curator who looks at it."""
    session.execute(update(HD).where(HD.id == harvest_id).values(
        active=False, scheduling_error=reason, scheduling_error_at=utcnow(), edition=HD.edition + 1)
        .execution_options(synchronize_session=False))


def record_history(session: Session, rows: Iterable[Mapping[str, Any]]) -> int:
    """Store what a job harvested per domain (``domain_id``, ``configuration_id``, ``harvest_id``,
    ``job_id``, ``objects``, ``bytes``, ``stop_reason``, ``started_at``, ``ended_at``)."""
    rows = list(rows)
    if rows:
        session.execute(insert(HarvestHistory), rows)
    return len(rows)


# --- "harvest now": one run besides the schedule ------------------------------------------------


def find(session: Session, name: str) -> HarvestDefinition | None:
    """The definition called ``name``, or None."""
    return session.execute(select(HD).where(HD.name == name)).scalar_one_or_none()


def has_configurations(session: Session, harvest_id: int) -> bool:
    from sqlalchemy import exists

    from server.definitions.models import harvest_configurations

    return bool(session.execute(select(exists().where(harvest_configurations.c.harvest_id == harvest_id))).scalar())


def definition_for_now(session: Session, harvest_id: int) -> HarvestDefinition | None:
    """The definition for a run made now whatever its schedule says (None if it is gone)."""
    return session.execute(select(HD).where(HD.id == harvest_id)).scalar_one_or_none()


def count_extra_run(session: Session, harvest_id: int, tz: ZoneInfo, now: dt.datetime) -> bool:
    """Count a run made now besides the schedule: the run number goes up, the schedule's next
    run stays where it was (a snapshot's one run is its only run). Returns whether it stays active."""
    hd = session.get(HD, harvest_id)
    if hd.kind == HarvestKind.SNAPSHOT.value:
        return count_run(session, harvest_id, tz, now)
    session.execute(update(HD).where(HD.id == harvest_id).values(
        runs=HD.runs + 1, extra_runs=HD.extra_runs + 1, edition=HD.edition + 1)
        .execution_options(synchronize_session=False))
    return bool(hd.active)
