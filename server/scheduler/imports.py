"""Jobs for archived files made elsewhere (``nas import warc|wacz``).

An import is a job like a harvest's, so that everything that works on jobs — the index server,
viewer sessions, ``nas export``, the job history — works on it: it belongs to a harvest
definition the curator names (a new job of that definition's current run), on the channel
``import`` (which no harvester serves: the job is never offered to one), and lives
Started (while its files are stored; confirmed, so it is never offered again, and failed like any
silent job if the importer dies) → Done, or Failed with the reason when storing failed.

    begin ──► STARTED ──end(ok)──► DONE
                 └────end(error)──► FAILED
"""
from __future__ import annotations

import datetime as dt
import json

from sqlalchemy import select
from sqlalchemy.orm import Session

from server.definitions.models import CrawlProfile, HarvestDefinition
from server.harvestdb.base import utcnow
from server.scheduler.models import Job
from server.scheduler.txn import begin_write
from shared.enums import JobOutcome, JobStatus
from shared.errors import IllegalTransition, InvalidInput, JobNotFound, NotFound

CHANNEL = "import"
#: the crawl profile an imported job is filed under (it was crawled by something else)
PROFILE = "default"


def begin(session: Session, harvest: str, seeds: list[str], importer: str, source: str,
          now: dt.datetime | None = None) -> Job:
    """A new Started job of the definition ``harvest`` for an import by ``importer``. Raises
    NotFound (no such definition), InvalidInput. Commits."""
    if not isinstance(harvest, str) or not harvest.strip():
        raise InvalidInput("the harvest definition to file the import under is required", {"harvest": harvest})
    if not isinstance(seeds, list) or not all(isinstance(s, str) for s in seeds):
        raise InvalidInput("seeds must be a list of URLs", {"seeds": "list"})
    now = now or utcnow()
    session.rollback()
    begin_write(session)
    hd = session.execute(select(HarvestDefinition).where(HarvestDefinition.name == harvest)).scalar_one_or_none()
    if hd is None:
        raise NotFound(f"there is no harvest definition {harvest!r} (make one first, e.g. an event harvest "
                       "named for the collection)", {"harvest": harvest})
    profile = session.execute(select(CrawlProfile).order_by((CrawlProfile.name != PROFILE), CrawlProfile.id)
                              .limit(1)).scalar_one()
    job = Job(harvest_id=hd.id, harvest_run=hd.runs, status=JobStatus.STARTED.value, channel=CHANNEL,
              snapshot=False, profile_id=profile.id, profile_name=profile.name, created_at=now,
              submitted_at=now, started_at=now, confirmed_at=now, last_seen_at=now,
              harvester_id=f"import:{importer}", claims=1, seeds="\n".join(seeds)[:1_000_000],
              settings=json.dumps({"import": {"source": source, "by": importer}}))
    session.add(job)
    session.commit()
    return job


def end(session: Session, job_id: int, error: str = "", now: dt.datetime | None = None) -> Job:
    """The import's end: Done, or Failed with ``error``. Ending it again the same way is a no-op.
    Raises JobNotFound, IllegalTransition (not an import, or ended otherwise). Commits."""
    now = now or utcnow()
    session.rollback()
    begin_write(session)
    job = session.get(Job, job_id, populate_existing=True)
    if job is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    if job.channel != CHANNEL or not (job.harvester_id or "").startswith("import:"):
        raise IllegalTransition(f"job {job_id} is not an import", {"job_id": job_id})
    want = JobStatus.FAILED if error else JobStatus.DONE
    if job.status != JobStatus.STARTED.value:
        if job.status == want.value:
            return job
        raise IllegalTransition(f"job {job_id} is {job.status}, not started", {"job_id": job_id, "status": job.status})
    job.status = want.value
    job.ended_at = job.reported_at = now
    job.outcome = (JobOutcome.FAILED if error else JobOutcome.HARVESTED).value
    if error:
        job.upload_error = error[:10000]
        job.failure_reason = f"the import failed: {error}"[:10000]
        job.failure_code = "upload_error"
    session.commit()
    return job
