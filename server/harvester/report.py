"""The harvester's final report on a job (the seeds' CrawlStatusMessage): harvest errors and upload
errors kept apart (uploads are tried even when the harvest failed), each as a short text and a
detailed one, and per-domain objects, bytes and stop reason."""
from __future__ import annotations

import dataclasses
import json
import os
import signal
from collections import defaultdict
from typing import Any

from server.harvester.jobdir import STDERR_FILE, JobDir, JobState
from shared.dto import Dto
from shared.enums import JobStatus, StopReason

REPORT_FILE = "harvest-report.json"


@dataclasses.dataclass
class DomainStats(Dto):
    domain: str
    objects: int
    bytes: int
    stop_reason: str
    duplicates: int = 0          # objects written as revisits (their payload was not stored again)
    duplicate_bytes: int = 0     # and their bytes (crawl.log's sizes): the space deduplication saved


@dataclasses.dataclass
class HarvestReport(Dto):
    job_id: str
    harvester: str
    status: str                          # JobStatus.DONE or JobStatus.FAILED
    harvest_error: str | None
    harvest_error_details: str | None
    upload_error: str | None
    upload_error_details: str | None
    domains: list[DomainStats]
    files_stored: list[str]
    files_failed: dict[str, str]
    crawl_end: str
    recovered: bool = False
    #: what the harvester changed of the job's crawl profile (its crawler_overrides)
    notes: list[str] = dataclasses.field(default_factory=list)


def domain_stats(job_dir: JobDir, cut_short: bool) -> list[DomainStats]:
    """The crawler's per-domain statistics; when it never wrote them (killed hard), counted from
    crawl.log with every domain unfinished. Deduplicated objects are counted from crawl.log."""
    rows = _domain_rows(job_dir, cut_short)
    dups = duplicates(job_dir.file("crawl.log"))
    reached = fetched(job_dir.file("crawl.log"))
    for row in rows:
        row.duplicates, row.duplicate_bytes = dups.get(row.domain, (0, 0))
        if reached is not None and not reached.get(row.domain) and row.stop_reason in _UNREACHED_CANDIDATES:
            row.stop_reason = StopReason.NO_SEED_FETCHED.value
    return rows


# A domain that hit a quota fetched something; one that "completed" or ran out of time with no
# fetch at all (every attempt a crawl.log code ≤ 0) reached nothing.
_UNREACHED_CANDIDATES = {StopReason.COMPLETED.value, StopReason.UNFINISHED.value, StopReason.TIME_LIMIT.value}


def fetched(crawl_log: str) -> dict[str, int] | None:
    """Per domain: how many URLs (``dns:`` lookups left out) got an answer from a server (a
    crawl.log status > 0). None when there is no crawl.log (nothing to judge by)."""
    out: dict[str, int] = defaultdict(int)
    try:
        fh = open(crawl_log, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None
    with fh:
        for line in fh:
            f = line.split()
            if len(f) < 4 or f[3].startswith("dns:"):
                continue
            status = f[1]
            if status.isdigit() and int(status) > 0:
                out[_domain_of(f[3])] += 1
            else:
                out.setdefault(_domain_of(f[3]), 0)
    return dict(out)


def _domain_of(url: str) -> str:
    from shared.domain_names import registered_domain

    host = url.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
    try:
        return registered_domain(host) or host
    except Exception:  # noqa: BLE001 - an odd host must not lose the report
        return host


def duplicates(crawl_log: str) -> dict[str, tuple[int, int]]:
    """Per domain: how many captures crawl.log marks ``duplicate:"…"`` (revisits), and their bytes."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    try:
        fh = open(crawl_log, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return {}
    with fh:
        for line in fh:
            if 'duplicate:"' not in line:
                continue
            f = line.split()
            if len(f) < 12 or not f[1].isdigit() or 'duplicate:"' not in " ".join(f[11:]):
                continue
            counts = out[_domain_of(f[3])]
            counts[0] += 1
            counts[1] += int(f[2]) if f[2].isdigit() else 0
    return {d: (n, b) for d, (n, b) in out.items()}


def _domain_rows(job_dir: JobDir, cut_short: bool) -> list[DomainStats]:
    path = job_dir.file("domain-stats.json")
    if os.path.exists(path):
        try:
            with open(path, encoding="utf-8") as fh:
                rows = json.load(fh)["domains"]
            out = [DomainStats(r["domain"], int(r["objects"]), int(r["bytes"]), r["stop_reason"]) for r in rows]
            if cut_short:
                for d in out:
                    if d.stop_reason == StopReason.COMPLETED.value:
                        d.stop_reason = StopReason.UNFINISHED.value
            return out
        except (OSError, ValueError, KeyError, TypeError):
            pass
    return _from_crawl_log(job_dir.file("crawl.log"))


def _from_crawl_log(path: str) -> list[DomainStats]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    try:
        fh = open(path, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    with fh:
        for line in fh:
            f = line.split()
            if len(f) < 4 or not f[1].lstrip("-").isdigit() or int(f[1]) <= 0 or f[3].startswith("dns:"):
                continue
            domain = _domain_of(f[3])
            counts[domain][0] += 1
            counts[domain][1] += int(f[2]) if f[2].isdigit() else 0
    return [DomainStats(d, n, b, StopReason.UNFINISHED.value) for d, (n, b) in sorted(counts.items())]


def exit_text(code: int | None) -> str:
    if code is None:
        return "unknown"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def stderr_tail(job_dir: JobDir, limit: int = 4000) -> str:
    try:
        with open(job_dir.file(STDERR_FILE), "rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - limit))
            return fh.read().decode("utf-8", "replace").strip()
    except FileNotFoundError:
        return ""


def build(job_dir: JobDir, state: JobState) -> HarvestReport:
    harvest_error = harvest_details = upload_error = upload_details = None
    if state.harvest_errors:
        harvest_error = "; ".join(state.harvest_errors)
        harvest_details = "\n".join(state.harvest_details) or harvest_error
    if state.failed_uploads:
        total = len(state.failed_uploads) + len(state.uploaded)
        upload_error = f"{len(state.failed_uploads)} of {total} files not stored in the archive"
        upload_details = "\n".join(f"{name}: {why}" for name, why in sorted(state.failed_uploads.items()))
    failed = bool(harvest_error or upload_error)
    return HarvestReport(
        job_id=job_dir.job_id, harvester=state.harvester,
        status=(JobStatus.FAILED if failed else JobStatus.DONE).value,
        harvest_error=harvest_error, harvest_error_details=harvest_details,
        upload_error=upload_error, upload_error_details=upload_details,
        domains=domain_stats(job_dir, cut_short=bool(state.harvest_errors)),
        files_stored=list(state.uploaded), files_failed=dict(state.failed_uploads),
        crawl_end=state.crawl_end, recovered=state.recovered, notes=list(state.notes),
    )


def save(job_dir: JobDir, report: HarvestReport) -> str:
    path = job_dir.file(REPORT_FILE)
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        json.dump(report.to_dict(), fh, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    return path


def as_message(report: HarvestReport) -> dict[str, Any]:
    """The JSON form sent to the scheduler's report_job."""
    return report.to_dict()
