"""Helpers for harvester tests: a job as the scheduler would hand it out, a recording scheduler,
and checks on what reached the archive."""
from __future__ import annotations

import itertools
import os
import threading
from typing import Any

_ids = itertools.count(1)


def fast_profile(proxy: str, **overrides: Any) -> dict[str, Any]:
    profile: dict[str, Any] = {
        "upstream_proxy": proxy,
        "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
        "fetch": {"read_timeout_s": 3, "connect_timeout_s": 3, "max_retries": 1, "retry_delay_s": 0.05},
        "progress_interval_s": 0.3,
        "statistics_interval_s": 1,
        "max_workers": 4,
        "scope": {"max_hops": 3},
        "warc": {"max_size_bytes": 300_000},
    }
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(profile.get(key), dict):
            profile[key] = {**profile[key], **value}
        else:
            profile[key] = value
    return profile


def slow_profile(proxy: str, delay_ms: int = 250) -> dict[str, Any]:
    """A crawl that takes several seconds: for killing things in the middle of it."""
    return fast_profile(proxy, politeness={"min_delay_ms": delay_ms, "max_delay_ms": delay_ms},
                        max_workers=2, warc={"max_size_bytes": 20_000})


def make_job(seeds: list[str], profile: dict[str, Any], job_id: int | None = None, **extra: Any) -> dict[str, Any]:
    """A job as the scheduler's claim_job gives it (ClaimedJobDto)."""
    job = {"id": job_id if job_id is not None else next(_ids), "harvest_id": 3, "harvest": "test harvest",
           "harvest_run": 0, "channel": "FOCUSED", "snapshot": False, "profile": "fast", "seeds": seeds,
           "settings": {"profile_name": "fast", "profile": profile, "crawler_traps": {"global": [], "domains": {}}},
           "domains": [], "max_bytes_per_domain": -1, "max_objects_per_domain": -1, "max_running_time_s": 0,
           "aliases": [{"domain": "alias1.test", "alias_of": "example1.test"}], "dedup_job_ids": [2], "claims": 1}
    job.update(extra)
    return job


class RecordingScheduler:
    """The scheduler's three calls, kept in memory (plain-process tests)."""

    def __init__(self, jobs: list[dict[str, Any]] | None = None):
        self.jobs = list(jobs or [])
        self.claims: list[tuple[str, str]] = []
        self.progress_reports: list[tuple[str, dict[str, Any]]] = []
        self.reports: dict[str, dict[str, Any]] = {}
        self.fail_reports = False
        self.lock = threading.Lock()

    def claim(self, channel: str, harvester_id: str) -> dict[str, Any] | None:
        with self.lock:
            self.claims.append((channel, harvester_id))
            return self.jobs.pop(0) if self.jobs else None

    def progress(self, job_id: str, harvester_id: str, progress: dict[str, Any]) -> None:
        self.progress_reports.append((str(job_id), progress))

    def report(self, job_id: str, report: dict[str, Any]) -> None:
        assert {"harvester", "domains", "harvest_error", "upload_error", "status"} <= set(report)
        if self.fail_reports:
            from shared.errors import Unavailable

            raise Unavailable("scheduler down (test)")
        self.reports[str(job_id)] = report

    def late_uploads(self, job_id: int, harvester_id: str, stored: list[str], still_failing: dict[str, str]) -> None:
        self.late = [*getattr(self, "late", []), (job_id, harvester_id, list(stored), dict(still_failing))]


def warcio_check(paths: list[str]) -> None:
    """Fail the test unless `warcio check` passes on every file (payload digests of chunked
    responses judged by WARC 1.1's definition: tests/support/warc_checks.py)."""
    from warc_checks import check_warcs

    check_warcs(paths)


def check_cdx_offsets(metadata_path: str, archive_dir: str) -> int:
    """Every CDX line in the metadata WARC names a stored WARC and points at a record there whose
    target URI is the line's URL. Returns the number of lines checked."""
    import json

    from warcio.archiveiterator import ArchiveIterator

    checked = 0
    with open(metadata_path, "rb") as fh:
        for record in ArchiveIterator(fh):
            uri = record.rec_headers.get_header("WARC-Target-URI") or ""
            if "/crawl/index/cdx?" not in uri:
                continue
            for line in record.content_stream().read().decode().splitlines():
                _key, _ts, data = line.split(" ", 2)
                entry = json.loads(data)
                path = os.path.join(archive_dir, entry["filename"])
                with open(path, "rb") as warc:
                    warc.seek(int(entry["offset"]))
                    rec = next(iter(ArchiveIterator(warc)))
                    assert rec.rec_headers.get_header("WARC-Target-URI") == entry["url"], line
                checked += 1
    return checked


def metadata_uris(path: str) -> list[str]:
    from warcio.archiveiterator import ArchiveIterator

    with open(path, "rb") as fh:
        return [r.rec_headers.get_header("WARC-Target-URI") or "" for r in ArchiveIterator(fh)
                if r.rec_type == "metadata"]
