"""From a claimed job to the crawler's job spec.

The scheduler hands out a job as a ClaimedJobDto dict (``claim_job``; see
shared/dto/jobs.py): ``id``, ``harvest_id``, ``harvest_run``, ``seeds``,
``domains`` (each configuration's ``max_bytes``/``max_objects``), the harvest's per-domain limits
``max_bytes_per_domain``/``max_objects_per_domain``, ``max_running_time_s``, ``settings`` (the
effective crawl ``profile`` and the ``crawler_traps``), ``aliases`` and ``dedup_job_ids``. The
crawl profile is already in the crawler's own format (server/definitions/profile_schema.py); this
module only splits off its ``dedup`` section, adds quotas, traps and ids, and applies the
harvester's own ``crawler_overrides``.
"""
from __future__ import annotations

import copy
from typing import Any

from shared.errors import InvalidInput

_DEDUP_KEYS = ("enabled", "index", "mime_exclude")


def normalise(job: dict[str, Any]) -> dict[str, Any]:
    """The claimed job with ``job_id`` and ``harvest_num`` (the names the job directory and the
    metadata use) added."""
    out = dict(job)
    if out.get("job_id") in (None, ""):
        out["job_id"] = out.get("id")
    if "harvest_num" not in out:
        out["harvest_num"] = int(out.get("harvest_run") or 0)
    return out


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in (over or {}).items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _limit(max_bytes: Any, max_objects: Any) -> dict[str, int]:
    def norm(v: Any) -> int:
        return int(v) if isinstance(v, (int, float)) and v is not None and v > 0 else -1
    return {"max_bytes": norm(max_bytes), "max_objects": norm(max_objects)}


def crawl_spec(job: dict[str, Any], overrides: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[str]]:
    """(crawler spec without seeds, seeds) for a claimed job. Raises InvalidInput when the job
    lacks its ids or seeds."""
    job = normalise(job)
    missing = [k for k in ("job_id", "harvest_id") if job.get(k) in (None, "")]
    if missing:
        raise InvalidInput(f"claimed job lacks {', '.join(missing)}", {"missing": missing})
    seeds = [str(s).strip() for s in job.get("seeds") or [] if str(s).strip()]
    if not seeds:
        raise InvalidInput(f"job {job['job_id']} has no seeds", {"job_id": job["job_id"]})
    settings = job.get("settings") or {}
    profile = dict(settings.get("profile") or job.get("profile") or {})
    dedup = {k: v for k, v in (profile.pop("dedup", None) or {}).items() if k in _DEDUP_KEYS}
    profile = _merge(profile, overrides or {})
    running_time = job.get("max_running_time_s") or settings.get("max_running_time_s") or 0
    if running_time and running_time > 0:
        profile["max_running_time_s"] = float(running_time)
    if dedup.get("enabled") and not dedup.get("index"):
        dedup["enabled"] = False  # no index was chosen for this job: crawl without deduplication
    quotas: dict[str, Any] = {
        "harvest": _limit(job.get("max_bytes_per_domain", settings.get("max_bytes_per_domain")),
                          job.get("max_objects_per_domain", settings.get("max_objects_per_domain"))),
        "domains": {d["domain"]: _limit(d.get("max_bytes"), d.get("max_objects"))
                    for d in job.get("domains") or [] if d.get("domain")},
    }
    if settings.get("byte_limit_from_configuration"):
        # The job's byte limit is its configurations' own (all of them share it, tighter than the
        # definition's): a domain that reaches it was stopped by its configuration, and must be
        # reported config-size-limit, or a stair-step snapshot harvests it again at every step.
        # Copied into the harvest quota, the tie would go to the harvest (size-limit).
        quotas["default_config"] = {"max_bytes": quotas["harvest"]["max_bytes"], "max_objects": -1}
        quotas["harvest"]["max_bytes"] = -1
    spec: dict[str, Any] = {
        "job_id": str(job["job_id"]), "harvest_id": str(job["harvest_id"]),
        "harvest_num": int(job.get("harvest_num") or 0), "profile": profile, "quotas": quotas,
    }
    if dedup:
        spec["dedup"] = dedup
    traps = settings.get("crawler_traps") or job.get("crawler_traps") or {}
    domain_traps = [t for lst in (traps.get("domains") or {}).values() for t in lst] + list(traps.get("job") or [])
    if domain_traps or traps.get("global"):
        spec["crawler_traps"] = {"job": domain_traps, "global": list(traps.get("global") or [])}
    return spec, seeds


def overridden(job: dict[str, Any], overrides: dict[str, Any] | None) -> list[str]:
    """A sentence for each value of the job's crawl profile that the harvester's own
    ``crawler_overrides`` replace with another (#33: the demo's harvester sets
    ``upstream_proxy``, and a profile's own proxy was dropped without a word). A key the profile
    leaves empty is not overridden: the harvester's value only fills it in."""
    settings = job.get("settings") or {}
    profile = settings.get("profile") or job.get("profile") or {}
    out: list[str] = []

    def walk(base: Any, over: dict[str, Any], path: str) -> None:
        for key, value in over.items():
            here = f"{path}{key}"
            was = base.get(key) if isinstance(base, dict) else None
            if isinstance(value, dict) and isinstance(was, dict):
                walk(was, value, here + ".")
            elif was not in (None, "", [], {}) and was != value:
                out.append(f"the harvester's crawler_overrides set {here} to {value!r}; "
                           f"the crawl profile said {was!r}")

    walk(profile, overrides or {}, "")
    return out


def aliases(job: dict[str, Any]) -> list[str]:
    """The job's alias lines (``alias-domain is an alias of domain``), as stored in metadata."""
    found = job.get("aliases")
    if found is None:
        found = (job.get("metadata") or {}).get("aliases", [])
    out = []
    for a in found or []:
        if isinstance(a, dict):
            out.append(f"{a.get('domain', '')} is an alias of {a.get('alias_of', '')}".strip())
        else:
            out.append(str(a))
    return out


def dedup_wanted(job: dict[str, Any]) -> bool:
    """Whether the job's crawl profile asks for deduplication."""
    settings = job.get("settings") or {}
    profile = settings.get("profile") or job.get("profile") or {}
    return bool((profile.get("dedup") or {}).get("enabled"))


def dedup_job_ids(job: dict[str, Any]) -> list[int]:
    """The ids of the jobs whose captures form this job's deduplication index."""
    ids = job.get("dedup_job_ids")
    if ids is None:
        ids = (job.get("metadata") or {}).get("dedup_job_ids", [])
    return sorted({int(i) for i in ids})
