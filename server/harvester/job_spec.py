"""From a claimed job to the crawler's job spec.

The scheduler hands out a job as a dict (``claim_job``); the keys read here are documented in
docs/harvester.md. The crawl profile, quotas, crawler traps and deduplication section are the
crawler's own formats (server/crawler/spec.py), passed through unchanged; the harvester only adds
the ids and points the crawler at ``seeds.txt``.
"""
from __future__ import annotations

from typing import Any

from shared.errors import InvalidInput

_PASS_THROUGH = ("profile", "quotas", "crawler_traps", "dedup")


def crawl_spec(job: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """(crawler spec without seeds, seeds) for a claimed job. Raises InvalidInput when the job
    lacks its ids or seeds."""
    missing = [k for k in ("job_id", "harvest_id") if job.get(k) in (None, "")]
    if missing:
        raise InvalidInput(f"claimed job lacks {', '.join(missing)}", {"missing": missing})
    seeds = [str(s) for s in job.get("seeds") or [] if str(s).strip()]
    if not seeds:
        raise InvalidInput(f"job {job['job_id']} has no seeds", {"job_id": job["job_id"]})
    base = dict(job.get("spec") or {})  # a scheduler may send a ready crawler spec
    spec: dict[str, Any] = {k: v for k, v in base.items() if k not in ("seeds", "seeds_file")}
    spec["job_id"] = str(job["job_id"])
    spec["harvest_id"] = str(job["harvest_id"])
    spec["harvest_num"] = int(job.get("harvest_num") or spec.get("harvest_num") or 0)
    for key in _PASS_THROUGH:
        if job.get(key) is not None:
            spec[key] = job[key]
    return spec, seeds


def aliases(job: dict[str, Any]) -> list[str]:
    """The job's alias lines (``alias-domain is an alias of domain``), as stored in metadata."""
    out = []
    found = job.get("aliases")
    if found is None:
        found = (job.get("metadata") or {}).get("aliases", [])
    for a in found or []:
        if isinstance(a, dict):
            out.append(f"{a.get('domain', '')} is an alias of {a.get('alias_of', '')}".strip())
        else:
            out.append(str(a))
    return out


def dedup_job_ids(job: dict[str, Any]) -> list[int]:
    """The ids of the jobs whose captures form this job's deduplication index."""
    ids = job.get("dedup_job_ids")
    if ids is None:
        ids = (job.get("metadata") or {}).get("dedup_job_ids", [])
    return sorted({int(i) for i in ids})
