"""Handing jobs to harvesters: queueing, claiming, lost claims, silent jobs, resubmission.

Harvesters pull. New jobs are queued for their channel (Submitted); ``claim`` gives the oldest
Submitted job of a channel to one harvester in ONE statement — a conditional UPDATE of exactly
one row (``FOR UPDATE SKIP LOCKED`` on PostgreSQL so concurrent claimers take different rows;
SQLite runs writers one at a time) — so a job is never given twice, whatever restarts.

A claim whose reply never reached the harvester (broker restart, timeout) is not lost:

- the same harvester asking again gets the same job back (its claim is still unconfirmed);
- a claim not confirmed within ``claim_timeout`` (the harvester's first progress report
  confirms it) goes back to Submitted and is offered again (Started → Submitted).

A Started job silent (no progress, no report) for ``job_timeout`` is marked Failed with that
reason. Every status change goes through :meth:`JobStatus.check_transition`.
"""
from __future__ import annotations

import datetime as dt
import logging

from sqlalchemy import and_, case, literal, or_, select, update
from sqlalchemy.orm import Session

from server.definitions.models import HarvestDefinition
from server.harvestdb.base import utcnow
from server.scheduler.models import Job, JobConfiguration
from server.scheduler.txn import begin_write, rolls_back
from shared.enums import JobOutcome, JobStatus
from shared.errors import IllegalTransition, InvalidInput, JobNotFound

log = logging.getLogger(__name__)

S = JobStatus


def _move(session: Session, where, frm: JobStatus, to: JobStatus, **values) -> list[int]:
    """Set ``to`` on every job in state ``frm`` matching ``where``; the ids moved."""
    frm.check_transition(to)
    result = session.execute(update(Job).where(Job.status == frm.value, where)
                             .values(status=to.value, **values).returning(Job.id)
                             .execution_options(synchronize_session=False))
    return [r[0] for r in result]


def _write(session: Session) -> None:
    """End what the session was reading and take the write lock (SQLite), waiting for another
    writer such as a 100,000-domain ingest instead of failing with "database is locked"."""
    session.commit()
    begin_write(session)


def submit_new(session: Session, now: dt.datetime | None = None) -> list[int]:
    """Queue the New jobs of every finished run for their channel (New → Submitted). A run is
    finished when the definition's run counter has passed it; the jobs of a run still being
    generated wait, so an interrupted generation can be redone without duplicates. Commits."""
    counted = select(HarvestDefinition.runs).where(HarvestDefinition.id == Job.harvest_id).scalar_subquery()
    _write(session)
    ids = _move(session, Job.harvest_run < counted, S.NEW, S.SUBMITTED, submitted_at=now or utcnow())
    session.commit()
    return ids


def _job_for_harvester(session: Session, job_id: int) -> Job:
    job = session.get(Job, job_id, populate_existing=True)
    assert job is not None
    return job


@rolls_back
def claim(session: Session, channel: str, harvester_id: str, now: dt.datetime | None = None) -> Job | None:
    """The job this harvester is to run next, or None. Commits.

    First an unconfirmed claim of the same harvester (its reply was lost); else the oldest
    Submitted job of ``channel``, claimed atomically (Submitted → Started)."""
    if not channel or not harvester_id:
        raise InvalidInput("claim_job needs a channel and a harvester id",
                           {"channel": channel, "harvester_id": harvester_id})
    now = now or utcnow()
    session.rollback()
    begin_write(session)
    again = session.execute(
        select(Job.id).where(Job.status == S.STARTED.value, Job.harvester_id == harvester_id,
                             Job.channel == channel, Job.confirmed_at.is_(None)).order_by(Job.id).limit(1)
    ).scalar_one_or_none()
    if again is not None:
        session.execute(update(Job).where(Job.id == again).values(last_seen_at=now)
                        .execution_options(synchronize_session=False))
        session.commit()
        log.info("job %d offered again to %s (its claim was not confirmed)", again, harvester_id)
        return _job_for_harvester(session, again)
    S.SUBMITTED.check_transition(S.STARTED)
    for _ in range(20):
        oldest = (select(Job.id).where(Job.channel == channel, Job.status == S.SUBMITTED.value)
                  .order_by(Job.id).limit(1).with_for_update(skip_locked=True).scalar_subquery())
        result = session.execute(
            update(Job).where(Job.id == oldest, Job.status == S.SUBMITTED.value)
            .values(status=S.STARTED.value, harvester_id=harvester_id, started_at=now, last_seen_at=now,
                    confirmed_at=None, claims=Job.claims + 1)
            .returning(Job.id).execution_options(synchronize_session=False))
        got = result.scalar_one_or_none()
        session.commit()
        if got is not None:
            log.info("job %d claimed by %s", got, harvester_id)
            return _job_for_harvester(session, got)
        begin_write(session)
        # Nothing updated: either the channel has no Submitted job, or (PostgreSQL, READ
        # COMMITTED) the row picked was claimed by someone else between pick and update.
        left = session.execute(select(Job.id).where(Job.channel == channel, Job.status == S.SUBMITTED.value)
                               .limit(1)).scalar_one_or_none()
        if left is None:
            session.commit()
            return None
    session.commit()
    return None


def confirm(session: Session, job: Job, harvester_id: str, now: dt.datetime) -> None:
    """The harvester runs the job: its claim can no longer be lost (no commit)."""
    values = {"last_seen_at": now}
    if job.confirmed_at is None:
        values["confirmed_at"] = now
    session.execute(update(Job).where(Job.id == job.id, Job.harvester_id == harvester_id).values(**values)
                    .execution_options(synchronize_session=False))


def reoffer_lost_claims(session: Session, claim_timeout: float, now: dt.datetime | None = None) -> list[int]:
    """Started jobs never confirmed within ``claim_timeout`` go back to Submitted. Commits."""
    now = now or utcnow()
    cutoff = now - dt.timedelta(seconds=claim_timeout)
    _write(session)
    lost = and_(Job.confirmed_at.is_(None), Job.reported_at.is_(None), Job.started_at < cutoff)
    # a lost claim of a job a curator cancelled is not offered again: it ends, cancelled
    S.STARTED.check_transition(S.FAILED)
    S.FAILED.check_transition(S.FAILED_REJECTED)
    ended = session.execute(update(Job).where(Job.status == S.STARTED.value, lost, Job.cancel_requested_at.is_not(None))
                            .values(status=S.FAILED_REJECTED.value, ended_at=now, outcome=JobOutcome.CANCELLED.value,
                                    failure_code="cancelled", failure_reason=_cancel_text(Job.cancel_reason))
                            .execution_options(synchronize_session=False)).rowcount
    ids = _move(session, and_(lost, Job.cancel_requested_at.is_(None)),
                S.STARTED, S.SUBMITTED, harvester_id=None, started_at=None, last_seen_at=None, submitted_at=now)
    session.commit()
    if ended:
        log.info("%d cancelled job(s) whose claim was never confirmed ended", ended)
    for i in ids:
        log.warning("job %d: its claim was never confirmed; offered again", i)
    return ids


def fail_silent_jobs(session: Session, job_timeout: float, now: dt.datetime | None = None) -> list[int]:
    """Started jobs silent for ``job_timeout`` become Failed, saying so. Commits."""
    now = now or utcnow()
    cutoff = now - dt.timedelta(seconds=job_timeout)
    _write(session)
    silent = or_(Job.last_seen_at < cutoff, and_(Job.last_seen_at.is_(None), Job.started_at < cutoff))
    reason = f"no word from the harvester for {_human(job_timeout)} (job_timeout); marked failed"
    ids = _move(session, and_(silent, Job.confirmed_at.is_not(None)), S.STARTED, S.FAILED,
                failure_reason=reason, ended_at=now, outcome=JobOutcome.FAILED.value, failure_code="job_timeout")
    session.commit()
    for i in ids:
        log.warning("job %d: %s", i, reason)
    return ids


def _human(seconds: float) -> str:
    if seconds >= 86400 and seconds % 86400 == 0:
        return f"{int(seconds // 86400)} days"
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{int(seconds // 3600)} hours"
    return f"{seconds:g} seconds"


@rolls_back
def resubmit(session: Session, job_id: int, now: dt.datetime | None = None) -> Job:
    """A new job, Submitted, with the same configurations, seeds and settings as the failed job
    ``job_id``, which becomes Resubmitted and points to it. Raises JobNotFound,
    IllegalTransition (the job has not failed). Commits."""
    now = now or utcnow()
    session.rollback()
    begin_write(session)
    old = session.get(Job, job_id, with_for_update=True, populate_existing=True)
    if old is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    S(old.status).check_transition(S.RESUBMITTED, job_id)
    copy = Job(
        harvest_id=old.harvest_id, harvest_run=old.harvest_run, status=S.NEW.value, channel=old.channel,
        snapshot=old.snapshot, profile_id=old.profile_id, profile_name=old.profile_name,
        max_bytes_per_domain=old.max_bytes_per_domain, byte_limit_from_configuration=old.byte_limit_from_configuration,
        max_objects_per_domain=old.max_objects_per_domain, max_running_time_s=old.max_running_time_s,
        configuration_count=old.configuration_count, expected_objects=old.expected_objects, created_at=now,
        claims=0, failure_reason="", harvest_error="", harvest_error_details="", upload_error="",
        upload_error_details="", resubmitted_from_id=old.id, settings=old.settings, seeds=old.seeds,
        aliases=old.aliases, dedup_job_ids=old.dedup_job_ids)
    session.add(copy)
    session.flush()
    session.execute(
        JobConfiguration.__table__.insert().from_select(
            ["job_id", "configuration_id", "domain_id", "expected_objects", "max_bytes", "max_objects"],
            select(copy.id, JobConfiguration.configuration_id, JobConfiguration.domain_id,
                   JobConfiguration.expected_objects, JobConfiguration.max_bytes, JobConfiguration.max_objects)
            .where(JobConfiguration.job_id == old.id)))
    S.NEW.check_transition(S.SUBMITTED)
    copy.status, copy.submitted_at = S.SUBMITTED.value, now
    old.status, old.resubmitted_as_id = S.RESUBMITTED.value, copy.id
    session.commit()
    log.info("job %d resubmitted as job %d", old.id, copy.id)
    return copy


def _cancel_text(reason_column):
    """SQL: "cancelled by a curator" with the curator's reason after a colon when there is one."""
    return case((reason_column == "", literal("cancelled by a curator")),
                else_=literal("cancelled by a curator: ") + reason_column)


@rolls_back
def cancel(session: Session, job_id: int, reason: str = "", now: dt.datetime | None = None) -> Job:
    """Cancel a job. A New or Submitted job ends at once (Failed-rejected, outcome cancelled); a
    Started job is marked: its harvester learns at its next progress report (JobCancelled),
    stops the crawl, stores what was harvested and reports, and the report ends it. Asking
    again is harmless. Raises JobNotFound, IllegalTransition (the job has ended). Commits."""
    now = now or utcnow()
    reason = str(reason or "").strip()[:500]
    session.rollback()
    begin_write(session)
    job = session.get(Job, job_id, populate_existing=True)
    if job is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    status = S(job.status)
    if status in (S.NEW, S.SUBMITTED):
        status.check_transition(S.FAILED, job_id)
        S.FAILED.check_transition(S.FAILED_REJECTED, job_id)
        why = "cancelled by a curator before it started" + (f": {reason}" if reason else "")
        done = session.execute(update(Job).where(Job.id == job_id, Job.status == status.value).values(
            status=S.FAILED_REJECTED.value, ended_at=now, outcome=JobOutcome.CANCELLED.value, failure_code="cancelled",
            failure_reason=why, cancel_requested_at=now, cancel_reason=reason)
            .execution_options(synchronize_session=False)).rowcount
    elif status == S.STARTED:
        done = session.execute(update(Job).where(Job.id == job_id, Job.status == status.value,
                                                 Job.cancel_requested_at.is_(None))
                               .values(cancel_requested_at=now, cancel_reason=reason)
                               .execution_options(synchronize_session=False)).rowcount
        done = done or 1  # asked before: nothing more to do
    else:
        raise IllegalTransition(f"job {job_id} has ended ({status.value}); there is nothing to cancel",
                                {"job_id": job_id, "status": status.value})
    if not done:
        session.rollback()
        raise IllegalTransition(f"job {job_id} changed state while it was being cancelled; try again",
                                {"job_id": job_id})
    session.commit()
    log.info("job %d: cancel requested (%s)%s", job_id, status.value, f": {reason}" if reason else "")
    return session.get(Job, job_id, populate_existing=True)
