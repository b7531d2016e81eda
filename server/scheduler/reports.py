"""A harvester's final report: per-domain statistics into the harvest history, errors and the
end state into the job (the seeds' "Storing harvest statistics").

The report is idempotent: a harvester that did not get the reply (broker restart) sends it
again and nothing is stored twice — the first report marks the job reported in the same
transaction as it writes the history, by a conditional UPDATE only one report can win.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session

from server.definitions import runs
from server.definitions.models import Domain
from server.harvestdb.base import utcnow
from server.scheduler.models import Job, JobConfiguration
from server.scheduler.txn import begin_write, rolls_back
from shared.enums import JobOutcome, JobStatus, StopReason
from shared.errors import Conflict, IllegalTransition, InvalidInput, JobNotFound

log = logging.getLogger(__name__)


@dataclasses.dataclass
class DomainReport:
    domain: str
    objects: int
    bytes: int
    stop_reason: StopReason
    duplicates: int = 0
    duplicate_bytes: int = 0

    @classmethod
    def parse(cls, item: Any) -> DomainReport:
        if not isinstance(item, dict):
            raise InvalidInput("each domain report is an object with domain, objects, bytes, stop_reason",
                               {"item": str(item)[:200]})
        domain, objects, nbytes, reason = (item.get(k) for k in ("domain", "objects", "bytes", "stop_reason"))
        dups, dup_bytes = item.get("duplicates", 0), item.get("duplicate_bytes", 0)
        for name, v in (("objects", objects), ("bytes", nbytes), ("duplicates", dups), ("duplicate_bytes", dup_bytes)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise InvalidInput(f"{name} of {domain!r} must be a whole number ≥ 0, not {v!r}",
                                   {"domain": domain, "field": name})
        try:
            stop = StopReason(reason)
        except ValueError:
            raise InvalidInput(f"unknown stop reason {reason!r} for {domain!r}; one of "
                               f"{', '.join(r.value for r in StopReason)}", {"domain": domain, "field": "stop_reason"}
                               ) from None
        if not isinstance(domain, str) or not domain:
            raise InvalidInput("a domain report needs the domain's name", {"field": "domain"})
        return cls(domain.lower(), objects, nbytes, stop, dups, dup_bytes)


@rolls_back
def report(session: Session, job_id: int, harvester_id: str, domains: list[dict[str, Any]],
           harvest_error: str = "", harvest_error_details: str = "", upload_error: str = "",
           upload_error_details: str = "", failed: bool | None = None,
           now: dt.datetime | None = None, notes: list[str] | None = None) -> tuple[Job, dict[str, Any]]:
    """Store a job's final report. The job ends Failed when it reports a harvest or upload error
    (or ``failed``), else Done. Returns the job and a summary: domains stored, domains not in the
    job, and whether the report had already been stored. Raises JobNotFound, InvalidInput,
    Conflict (claimed by another harvester), IllegalTransition (the job is not running). Commits."""
    now = now or utcnow()
    parsed = [DomainReport.parse(d) for d in (domains or [])]
    session.rollback()
    begin_write(session)
    job = session.get(Job, job_id, populate_existing=True)
    if job is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    if job.reported_at is not None:
        return job, {"stored": 0, "unknown_domains": [], "already_reported": True}
    status = JobStatus(job.status)
    if job.harvester_id not in (None, harvester_id):
        raise Conflict(f"job {job_id} is claimed by {job.harvester_id}, not {harvester_id}",
                       {"job_id": job_id, "harvester_id": job.harvester_id})
    in_job = {name: (cid, did) for name, cid, did in session.execute(
        select(Domain.name, JobConfiguration.configuration_id, JobConfiguration.domain_id)
        .join(Domain, Domain.id == JobConfiguration.domain_id).where(JobConfiguration.job_id == job_id))}
    cancelled = job.cancel_requested_at is not None
    if cancelled:  # what a cancel cut short is "cancelled", not "unfinished"
        for d in parsed:
            if d.stop_reason == StopReason.UNFINISHED and d.domain in in_job:
                d.stop_reason = StopReason.CANCELLED
    ending = judge([d for d in parsed if d.domain in in_job], harvest_error, upload_error, failed, cancelled,
                   job.cancel_reason, notes)
    end = ending.status
    # A job already failed by job_timeout keeps that state but still gets its statistics: the
    # harvester did archive what it fetched.
    late = status == JobStatus.FAILED
    if not late:
        status.check_transition(JobStatus.FAILED if end == JobStatus.FAILED_REJECTED else end, job_id)
    values: dict[str, Any] = {
        "reported_at": now, "last_seen_at": now, "harvest_error": harvest_error or "",
        "harvest_error_details": harvest_error_details or "", "upload_error": upload_error or "",
        "upload_error_details": upload_error_details or "",
    }
    if not late:
        values.update(status=end.value, ended_at=now, outcome=ending.outcome.value)
        if ending.failure_code and not job.failure_reason:
            values.update(failure_reason=ending.failure_reason, failure_code=ending.failure_code)
    won = session.execute(update(Job).where(Job.id == job_id, Job.reported_at.is_(None), Job.status == job.status)
                          .values(**values).execution_options(synchronize_session=False)).rowcount
    if won != 1:
        session.rollback()
        job = session.get(Job, job_id, populate_existing=True)
        if job is not None and job.reported_at is not None:
            return job, {"stored": 0, "unknown_domains": [], "already_reported": True}
        raise IllegalTransition(f"job {job_id} changed state while its report was stored", {"job_id": job_id})
    rows, unknown, saved = [], [], []
    for d in parsed:
        found = in_job.get(d.domain)
        if found is None:
            unknown.append(d.domain)
            continue
        rows.append({"domain_id": found[1], "configuration_id": found[0], "harvest_id": job.harvest_id,
                     "job_id": job_id, "objects": d.objects, "bytes": d.bytes, "stop_reason": d.stop_reason.value,
                     "started_at": job.started_at, "ended_at": now})
        if d.duplicates or d.duplicate_bytes:
            saved.append({"j": job_id, "c": found[0], "n": d.duplicates, "b": d.duplicate_bytes})
    runs.record_history(session, rows)
    if saved:
        session.execute(update(JobConfiguration.__table__)
                        .where(JobConfiguration.__table__.c.job_id == bindparam("j"),
                               JobConfiguration.__table__.c.configuration_id == bindparam("c"))
                        .values(duplicates=bindparam("n"), duplicate_bytes=bindparam("b")), saved)
    session.commit()
    if unknown:
        log.warning("job %d reported %d domain(s) that are not in it (ignored): %s", job_id, len(unknown),
                    ", ".join(unknown[:10]))
    job = session.get(Job, job_id, populate_existing=True)
    return job, {"stored": len(rows), "unknown_domains": unknown, "already_reported": False}


@dataclasses.dataclass
class Ending:
    """How a reported job ends: its status, outcome, and (when it did not succeed) a stable code
    and a sentence for the curator."""

    status: JobStatus
    outcome: JobOutcome
    failure_code: str = ""
    failure_reason: str = ""


def judge(domains: list[DomainReport], harvest_error: str = "", upload_error: str = "",
          failed: bool | None = None, cancelled: bool = False, cancel_reason: str = "",
          notes: list[str] | None = None) -> Ending:
    """:func:`_judge`, and a job that did not succeed says what the harvester changed of its
    crawl profile (``notes``: a replaced upstream proxy explains a crawl that reached nothing)."""
    ending = _judge(domains, harvest_error, upload_error, failed, cancelled, cancel_reason)
    said = [str(n) for n in notes or [] if str(n).strip()]
    if said and ending.failure_code and ending.outcome != JobOutcome.CANCELLED:
        ending.failure_reason = f"{ending.failure_reason} (note: {'; '.join(said)})"
    return ending


def _judge(domains: list[DomainReport], harvest_error: str = "", upload_error: str = "",
           failed: bool | None = None, cancelled: bool = False, cancel_reason: str = "") -> Ending:
    """The end of a job from its report. A cancelled job is Failed-rejected (given up on purpose,
    still resubmittable); an error fails it; a job that fetched nothing at all is not a success
    (Failed, "nothing-harvested"); a job in which some domains could not be reached is Done but
    "partial"."""
    if cancelled:
        why = f": {cancel_reason}" if cancel_reason else ""
        return Ending(JobStatus.FAILED_REJECTED, JobOutcome.CANCELLED, "cancelled", f"cancelled by a curator{why}")
    if harvest_error or upload_error or failed:
        code = "harvest_error" if harvest_error or not upload_error else "upload_error"
        return Ending(JobStatus.FAILED, JobOutcome.FAILED, code,
                      harvest_error or upload_error or "the harvester reported failure")
    unreached = [d for d in domains if d.stop_reason == StopReason.NO_SEED_FETCHED]
    reached = [d for d in domains if d.stop_reason != StopReason.NO_SEED_FETCHED and d.objects > 0]
    if not reached:
        if unreached:
            why = (f"nothing was harvested: no seed could be fetched for any of the {len(unreached)} "
                   f"domain{'s' if len(unreached) != 1 else ''} (e.g. {unreached[0].domain})")
        else:
            why = "nothing was harvested: the crawl fetched no object"
        return Ending(JobStatus.FAILED, JobOutcome.NOTHING_HARVESTED, "nothing_harvested", why)
    if unreached:
        return Ending(JobStatus.DONE, JobOutcome.PARTIAL)
    return Ending(JobStatus.DONE, JobOutcome.HARVESTED)
