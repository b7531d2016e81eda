"""Patch jobs and auto-runs: what the qa worker does between runs.

A patch (``patch``) asks the scheduler for a follow-up job of the same harvest whose seeds are
exactly the URLs QA found missing from the job (``scheduler.patch_job``), and remembers it
(harvesting). When that job is done, ``start_rechecks`` queues a recheck run of the original
job's pages that missed something, replayed over both jobs (rechecking); the patch is done when
that run ends. A patch job that fails ends the patch as failed.

Auto-runs (``queue_auto_runs``): each done job is considered once (``qa_job_seen``); a job of a
harvest whose definition has ``qa.auto`` gets a full run queued, with the definition's sample
and threshold. Jobs that were done before the service first looked are left alone: the first
look only marks where it began. Patch jobs are never auto-run (their recheck checks them).
"""
from __future__ import annotations

import datetime as dt
import logging

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from server.db.transactions import committing
from server.qa import results, runs
from server.qa.models import QaJobSeen, QaPatch
from server.qa.sources import Sources
from shared.dto.qa import QaPatchDto
from shared.enums import JobStatus
from shared.errors import NasError, QaNothingMissing

log = logging.getLogger(__name__)

HARVESTING, RECHECKING, DONE, FAILED = "harvesting", "rechecking", "done", "failed"
#: done jobs created longer ago than this are not looked at for auto-runs (bounds each look)
AUTO_WINDOW = dt.timedelta(days=14)


def patch(db: Session, sources: Sources, job_id: int, requested_by: str) -> QaPatchDto:
    """Harvest the job's missing URLs as a patch job. Raises QaNothingMissing (QA found nothing
    missing, or has not checked the job), JobNotFound, QaJobNotDone, the scheduler's errors."""
    missing = results.missing_of_job(db, job_id)
    urls = list(dict.fromkeys(u for found in missing.values() for u in found))
    if not urls:
        raise QaNothingMissing(f"QA found nothing missing from job {job_id} (run nas qa run {job_id} first)",
                               {"job_id": job_id})
    job = sources.finished_job(job_id)
    new = sources.calls.call("scheduler", "patch_job", job_id, urls)
    with committing(db):
        db.add(QaPatch(job_id=job_id, patch_job_id=new.id, harvest=job.harvest, urls=len(urls),
                       requested_by=requested_by, created_at=runs.now(), state=HARVESTING))
    log.info("job %d: patch job %d harvests %d missing URLs", job_id, new.id, len(urls))
    return QaPatchDto(job_id, new.id, job.harvest, len(urls))


def start_rechecks(db: Session, sources: Sources) -> list[int]:
    """Queue the recheck run of every patch whose job is done; end the patches whose job failed
    or whose recheck ended. Returns the runs queued."""
    queued = []
    for p in list(db.execute(select(QaPatch).where(QaPatch.state.in_((HARVESTING, RECHECKING)))).scalars()):
        if p.state == RECHECKING:
            run = db.get(runs.QaRun, p.recheck_run_id) if p.recheck_run_id else None
            if run is None or run.state in runs.FINAL:
                with committing(db):
                    p.state = DONE
            continue
        try:
            job = sources.job(p.patch_job_id)
        except NasError as exc:
            log.info("patch job %d: cannot ask the scheduler yet (%s)", p.patch_job_id, exc)
            continue
        if job.status == JobStatus.DONE:
            original = db.execute(select(runs.QaRun).where(runs.QaRun.job_id == p.job_id)
                                  .order_by(runs.QaRun.id.desc()).limit(1)).scalar()
            threshold = original.threshold if original is not None else sources.settings["qa.threshold"]
            dto = runs.create(db, p.job_id, p.requested_by or "qa", 0, threshold, kind="recheck",
                              patch_job_id=p.patch_job_id)
            with committing(db):
                p.state, p.recheck_run_id = RECHECKING, dto.run_id
            queued.append(dto.run_id)
            log.info("patch job %d is done: recheck run %d of job %d queued", p.patch_job_id, dto.run_id, p.job_id)
        elif job.status in (JobStatus.FAILED, JobStatus.FAILED_REJECTED, JobStatus.RESUBMITTED):
            with committing(db):
                p.state = FAILED
    return queued


def queue_auto_runs(db: Session, sources: Sources) -> list[int]:
    """Queue a full run of each newly done job whose harvest definition has qa.auto. Returns the
    runs queued."""
    origin = db.execute(select(func.min(QaJobSeen.job_id))).scalar()
    if origin is None:
        # the first look: mark where it begins; jobs done before are not checked on their own
        newest = sources.done_jobs_newest()
        with committing(db):
            db.add(QaJobSeen(job_id=newest, seen_at=runs.now(), run_id=None))
        return []
    since = (runs.now() - AUTO_WINDOW).isoformat()
    queued = []
    seen = set(db.execute(select(QaJobSeen.job_id).where(QaJobSeen.job_id > origin)).scalars())
    patch_jobs = set(db.execute(select(QaPatch.patch_job_id)).scalars())
    options: dict[str, object] = {}
    for job in sources.done_jobs_after(origin, since):
        if job.id in seen:
            continue
        run_id = None
        if job.id not in patch_jobs:
            if job.harvest not in options:
                options[job.harvest] = sources.qa_options(job.harvest)
            o = options[job.harvest]
            if o.auto:
                run_id = runs.create(db, job.id, "qa (auto)", o.sample, o.threshold).run_id
                queued.append(run_id)
                log.info("job %d of harvest %s is done: QA run %d queued (qa.auto)", job.id, job.harvest, run_id)
        with committing(db):
            db.add(QaJobSeen(job_id=job.id, seen_at=runs.now(), run_id=run_id))
    return queued


def patches_of(db: Session, job_id: int) -> list[QaPatch]:
    return list(db.execute(select(QaPatch).where(QaPatch.job_id == job_id).order_by(QaPatch.id)).scalars())
