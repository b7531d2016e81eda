"""Helpers for crawler tests: write a job spec, run a crawl in this process, read its results."""
from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import subprocess

from server.crawler.crawl_log import parse_line
from server.crawler.engine import Crawler
from server.crawler.spec import parse_spec

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def fast_profile(proxy: str | None, **overrides) -> dict:
    profile = {
        "upstream_proxy": proxy,
        "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
        "fetch": {"read_timeout_s": 3, "connect_timeout_s": 3, "max_retries": 1, "retry_delay_s": 0.05,
                  "max_object_bytes": 2_000_000},
        "progress_interval_s": 0.5,
        "statistics_interval_s": 0.5,
        "max_workers": 8,
    }
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(profile.get(key), dict):
            profile[key] = {**profile[key], **value}
        else:
            profile[key] = value
    return profile


def write_spec(job_dir, seeds, proxy, *, extra: dict | None = None, **profile) -> str:
    os.makedirs(job_dir, exist_ok=True)
    spec = {"job_id": "7", "harvest_id": "3", "seeds": seeds, "profile": fast_profile(proxy, **profile)}
    spec.update(extra or {})
    path = os.path.join(job_dir, "crawl-job.json")
    with open(path, "w") as fh:
        json.dump(spec, fh)
    return path


def crawl(job_dir, seeds, proxy, *, extra: dict | None = None, warc_options=None, **profile) -> dict:
    """Run a crawl in this process; returns a summary for assertions."""
    path = write_spec(job_dir, seeds, proxy, extra=extra, **profile)
    with open(path) as fh:
        spec = parse_spec(json.load(fh), path)
    out = io.StringIO()

    async def go():
        c = Crawler(str(job_dir), spec, stdout=out, warc_options=warc_options)
        try:
            return await c.run()
        finally:
            await c.close()

    end = asyncio.run(go())
    return {"end": end, "stdout": out.getvalue(), **read_results(job_dir)}


def read_results(job_dir) -> dict:
    lines = []
    log_path = os.path.join(job_dir, "crawl.log")
    if os.path.exists(log_path):
        with open(log_path) as fh:
            lines = [parse_line(line) for line in fh if line.strip()]
    by_url: dict[str, list[dict]] = {}
    for line in lines:
        by_url.setdefault(line["url"], []).append(line)
    stats_path = os.path.join(job_dir, "domain-stats.json")
    stats = {}
    if os.path.exists(stats_path):
        with open(stats_path) as fh:
            stats = {d["domain"]: d for d in json.load(fh)["domains"]}
    warcs = sorted(os.path.join(job_dir, n) for n in os.listdir(job_dir) if ".warc.gz" in n)
    return {"log": lines, "by_url": by_url, "stats": stats, "warcs": warcs}


def warcio_check(paths: list[str]) -> None:
    """Fail the test unless `warcio check` passes on every file (payload digests of chunked
    responses judged by WARC 1.1's definition: tests/support/warc_checks.py)."""
    from warc_checks import check_warcs

    check_warcs(paths)


def warc_records(paths: list[str]) -> list:
    from warcio.archiveiterator import ArchiveIterator

    records = []
    for path in paths:
        with open(path, "rb") as fh:
            for record in ArchiveIterator(fh):
                records.append((os.path.basename(path), record.rec_type, record.rec_headers.get_header(
                    "WARC-Target-URI"), dict(record.rec_headers.headers), record.raw_stream.read()))
    return records


def archived_once(results: dict) -> list[str]:
    """The URIs captured in a crawl's WARC files (``read_results``), after checking that the
    files are valid and closed and that no URI was archived twice."""
    warcio_check(results["warcs"])
    assert not any(w.endswith(".open") for w in results["warcs"])
    captures = [rec[2] for rec in warc_records(results["warcs"]) if rec[1] in ("response", "revisit")]
    twice = {uri for uri in captures if captures.count(uri) > 1}
    assert not twice, f"archived twice: {sorted(twice)[:5]}"
    return captures


def wait_for_term_handler(proc: subprocess.Popen, timeout: float = 60) -> None:
    """Until ``proc`` catches SIGTERM (its SigCgt mask in /proc says so): a SIGTERM sent before
    that kills it by default, whatever the program means to do with one."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the process ended before it caught SIGTERM"
        with open(f"/proc/{proc.pid}/status") as fh:
            caught = next(int(line.split()[1], 16) for line in fh if line.startswith("SigCgt:"))
        if caught & (1 << (15 - 1)):
            return
        time.sleep(0.01)
    raise AssertionError("the process never caught SIGTERM")


@contextlib.contextmanager
def killed_at_the_end(proc: subprocess.Popen):
    """Whatever the test asserts meanwhile, the crawler does not outlive it."""
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
