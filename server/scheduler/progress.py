"""Progress reports of running jobs, kept (latest only) for the running-jobs view. The first
report of a claimed job also confirms the claim (see :mod:`dispatch`)."""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from server.harvestdb.base import utcnow
from server.scheduler import dispatch
from server.scheduler.models import Job, JobProgress
from server.scheduler.txn import begin_write, rolls_back
from shared.enums import JobStatus
from shared.errors import Conflict, IllegalTransition, InvalidInput, JobCancelled, JobNotFound

FIELDS = {"uris_done": int, "uris_queued": int, "bytes": int, "rate": float, "bytes_rate": float,
          "active_hosts": int, "status_text": str}


@rolls_back
def record(session: Session, job_id: int, harvester_id: str, progress: dict[str, Any],
           now: dt.datetime | None = None) -> None:
    """Keep the latest progress of a Started job and confirm its claim. Raises JobNotFound,
    IllegalTransition (the job is not running: the harvester should stop it), JobCancelled
    (a curator cancelled it: stop the crawl, store what was harvested, report), Conflict (claimed
    by another harvester), InvalidInput. Commits."""
    now = now or utcnow()
    clean: dict[str, Any] = {}
    for key, value in (progress or {}).items():
        kind = FIELDS.get(key)
        if kind is None:
            continue  # newer harvesters may send more; ignore what we do not keep
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidInput(f"progress field {key} must be {kind.__name__}, not {value!r}", {"field": key})
        clean[key] = value
    session.rollback()
    begin_write(session)
    job = session.get(Job, job_id, populate_existing=True)
    if job is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    if job.status != JobStatus.STARTED.value:
        raise IllegalTransition(f"job {job_id} is {job.status}, not running", {"job_id": job_id, "status": job.status})
    if job.harvester_id != harvester_id:
        raise Conflict(f"job {job_id} is claimed by {job.harvester_id}, not {harvester_id}",
                       {"job_id": job_id, "harvester_id": job.harvester_id})
    dispatch.confirm(session, job, harvester_id, now)
    if job.cancel_requested_at is not None:
        session.commit()  # the claim is confirmed (it is not offered again); the crawl must stop
        raise JobCancelled(f"job {job_id} was cancelled by a curator" + (f": {job.cancel_reason}" if job.cancel_reason
                                                                          else ""),
                           {"job_id": job_id, "reason": job.cancel_reason})
    row = session.get(JobProgress, job_id)
    if row is None:
        row = JobProgress(job_id=job_id, uris_done=0, uris_queued=0, bytes=0, rate=0.0, bytes_rate=0.0,
                          active_hosts=0, status_text="")
        session.add(row)
    row.harvester_id = harvester_id
    row.updated_at = now
    for key, value in clean.items():
        setattr(row, key, value)
    session.commit()
