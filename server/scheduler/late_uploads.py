"""A job's outcome after its files were stored late (issue #20, item 4).

When the archive is unavailable while a job ends, its harvester keeps the files in its
failed-uploads directory and reports the job Failed with an upload error ("2 of 2 files not
stored"). The harvester retries those files while it runs; when some are stored it tells the
scheduler here, and the job's upload error is brought up to date: the files still missing are
named, or, when none is left, the upload error is cleared, and a job that had failed for its
uploads alone becomes Done. This is the one move out of Failed that is not a resubmit: the
harvest itself succeeded, only the archive was late (docs/decisions/archive-reliability.md).
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import Session

from server.definitions.models import HarvestHistory
from server.harvestdb.base import utcnow
from server.scheduler.models import Job
from shared.enums import JobOutcome, JobStatus, StopReason
from shared.errors import Conflict, InvalidInput, JobNotFound

MAX_NAMES = 10_000


def late_uploads(session: Session, job_id: int, harvester_id: str, stored: list[str],
                 still_failing: dict[str, str], now: dt.datetime | None = None) -> Job:
    """Record that ``stored`` files of a reported job are now in the archive and ``still_failing``
    ones are not. Raises JobNotFound, Conflict (not reported yet, or another harvester's job),
    InvalidInput. Commits."""
    if not isinstance(stored, list) or not all(isinstance(n, str) for n in stored) or len(stored) > MAX_NAMES:
        raise InvalidInput("stored must be a list of file names", {"field": "stored"})
    if not isinstance(still_failing, dict) or len(still_failing) > MAX_NAMES:
        raise InvalidInput("still_failing must map file names to reasons", {"field": "still_failing"})
    now = now or utcnow()
    job = session.get(Job, job_id, with_for_update=True)
    if job is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    if job.reported_at is None:
        raise Conflict(f"job {job_id} has not been reported yet", {"job_id": job_id})
    if job.harvester_id not in (None, harvester_id):
        raise Conflict(f"job {job_id} was run by {job.harvester_id}, not {harvester_id}",
                       {"job_id": job_id, "harvester_id": job.harvester_id})
    note = f"stored later ({now:%Y-%m-%d %H:%M:%S} UTC): {', '.join(sorted(stored))}" if stored else ""
    old_error = job.upload_error or ""
    if still_failing:
        job.upload_error = f"{len(still_failing)} file(s) still not stored in the archive"
        lines = [f"{n}: {why}" for n, why in sorted(still_failing.items())]
    else:
        job.upload_error = ""
        lines = ["every file is now stored in the archive"]
    job.upload_error_details = "\n".join(lines + ([note] if note else []) + (
        [f"earlier: {old_error}"] if old_error and old_error != job.upload_error else []))
    failed_for_uploads_only = (job.status == JobStatus.FAILED.value and not job.harvest_error
                               and job.failure_reason == old_error and old_error)
    if failed_for_uploads_only:
        if still_failing:
            job.failure_reason = job.upload_error
        else:
            job.status = JobStatus.DONE.value
            job.failure_reason = ""
            job.failure_code = ""
            job.outcome = _outcome_once_stored(session, job.id).value
    session.commit()
    return job


def _outcome_once_stored(session: Session, job_id: int) -> JobOutcome:
    """What the job harvested, now that its files are stored: partial when some domain could not
    be reached (its history row says so), else harvested (as ``reports.judge`` would have said)."""
    from sqlalchemy import select

    unreached = session.execute(select(HarvestHistory.id).where(
        HarvestHistory.job_id == job_id, HarvestHistory.stop_reason == StopReason.NO_SEED_FETCHED.value
    ).limit(1)).first()
    return JobOutcome.PARTIAL if unreached else JobOutcome.HARVESTED
