"""Patch jobs (issue #30): a follow-up job of a done job's harvest that harvests exactly the URLs
QA found missing from it. The new job is the done job's twin (same harvest and run, channel,
profile, settings and domain configurations, so its report and statistics land where the
harvest's do) whose seeds are the given URLs; it deduplicates against the done job, so what the
done job already holds is written as revisits. It is queued (Submitted) at once."""
from __future__ import annotations

import json
import logging
import urllib.parse

from sqlalchemy import select
from sqlalchemy.orm import Session

from server.harvestdb.base import utcnow
from server.scheduler.models import Job, JobConfiguration
from server.scheduler.txn import begin_write
from shared.enums import JobStatus
from shared.errors import IllegalTransition, InvalidInput, InvalidUrl, JobNotFound

log = logging.getLogger(__name__)

MAX_URLS = 10_000
MAX_URL = 8000


def check_urls(urls: object) -> list[str]:
    """The URLs as seeds: http(s) URLs, each once, in their order. Raises InvalidInput, InvalidUrl."""
    if not isinstance(urls, list) or not urls or len(urls) > MAX_URLS:
        raise InvalidInput(f"a patch job harvests a list of 1 to {MAX_URLS} URLs", {"field": "urls"})
    bad = []
    for url in urls:
        ok = isinstance(url, str) and 0 < len(url) <= MAX_URL and not any(c.isspace() for c in url)
        if ok:
            parts = urllib.parse.urlsplit(url)
            ok = parts.scheme in ("http", "https") and bool(parts.hostname)
        if not ok:
            bad.append(str(url)[:200])
    if bad:
        raise InvalidUrl(f"{len(bad)} of these are not http(s) URLs: {', '.join(bad[:5])}",
                         {"seeds": [{"url": u, "reason": "not_http"} for u in bad[:100]]})
    return list(dict.fromkeys(urls))


def make(session: Session, job_id: int, urls: list[str]) -> Job:
    """The patch job of done job ``job_id`` with ``urls`` as its seeds, Submitted. Raises
    JobNotFound, IllegalTransition (the job is not done), InvalidInput, InvalidUrl. Commits."""
    seeds = check_urls(urls)
    now = utcnow()
    session.rollback()
    begin_write(session)
    old = session.get(Job, job_id, populate_existing=True)
    if old is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    if old.status != JobStatus.DONE.value:
        raise IllegalTransition(f"job {job_id} is {old.status}: only a done job is patched",
                                {"job_id": job_id, "status": old.status})
    dedup = sorted(set(json.loads(old.dedup_job_ids or "[]")) | {old.id})
    patch = Job(
        harvest_id=old.harvest_id, harvest_run=old.harvest_run, status=JobStatus.SUBMITTED.value, channel=old.channel,
        snapshot=old.snapshot, profile_id=old.profile_id, profile_name=old.profile_name,
        max_bytes_per_domain=old.max_bytes_per_domain, byte_limit_from_configuration=old.byte_limit_from_configuration,
        max_objects_per_domain=old.max_objects_per_domain, max_running_time_s=old.max_running_time_s,
        configuration_count=old.configuration_count, expected_objects=len(seeds), created_at=now, submitted_at=now,
        claims=0, failure_reason="", harvest_error="", harvest_error_details="", upload_error="",
        upload_error_details="", settings=old.settings, seeds="\n".join(seeds), aliases=old.aliases,
        dedup_job_ids=json.dumps(dedup))
    session.add(patch)
    session.flush()
    session.execute(
        JobConfiguration.__table__.insert().from_select(
            ["job_id", "configuration_id", "domain_id", "expected_objects", "max_bytes", "max_objects"],
            select(patch.id, JobConfiguration.configuration_id, JobConfiguration.domain_id,
                   JobConfiguration.expected_objects, JobConfiguration.max_bytes, JobConfiguration.max_objects)
            .where(JobConfiguration.job_id == old.id)))
    session.commit()
    log.info("job %d: patch job %d harvests %d missing URLs", old.id, patch.id, len(seeds))
    return patch
