"""Honest outcomes from the harvester's side, with the real crawler process: a crawl whose
proxy is down reports every domain as "no-seed-fetched" (not "completed"), and a curator's
cancel stops the crawl cleanly, stores what was harvested and reports without a harvest error."""
from __future__ import annotations

import os
import socket

from harvester_testkit import RecordingScheduler, fast_profile, make_job, slow_profile

from server.harvester import report as reports
from shared.errors import JobCancelled


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_crawl_whose_proxy_is_down_reports_no_seed_fetched(make_harvester, replicas):
    proxy = f"http://127.0.0.1:{_closed_port()}"
    job = make_job(["http://www.example1.test/", "http://www.example2.test/"], fast_profile(proxy))
    sched = RecordingScheduler()
    report = make_harvester(sched).run_job(job)
    assert report is not None
    domains = {d.domain: d for d in report.domains}
    assert set(domains) == {"example1.test", "example2.test"}
    assert {d.stop_reason for d in domains.values()} == {"no-seed-fetched"}
    sent = sched.reports[str(job["id"])]
    assert {d["stop_reason"] for d in sent["domains"]} == {"no-seed-fetched"}


def test_fetched_counts_only_answers_from_servers(tmp_path):
    log = tmp_path / "crawl.log"
    log.write_text(
        "2026-01-01T00:00:00.000Z 1 52 dns:www.a.dk P http://www.a.dk/ text/dns #1 x - -\n"
        "2026-01-01T00:00:00.000Z -2 - http://www.a.dk/ - - - #1 x - -\n"
        "2026-01-01T00:00:00.000Z 200 900 http://www.b.dk/ - - text/html #1 x - -\n"
        "2026-01-01T00:00:00.000Z -61 - http://www.b.dk/x - - - #1 x - -\n")
    assert reports.fetched(str(log)) == {"a.dk": 0, "b.dk": 1}
    assert reports.fetched(str(tmp_path / "missing.log")) is None


class CancellingScheduler(RecordingScheduler):
    """Answers the first progress report after a URI was fetched the way the scheduler does after a
    curator's cancel (by fetched URIs, not by count of reports: on a loaded machine several reports
    can come before the crawler's first fetch, and the test is about storing what was harvested)."""

    def progress(self, job_id, harvester_id, progress):
        super().progress(job_id, harvester_id, progress)
        if (progress.get("uris_done") or 0) >= 1:
            raise JobCancelled(f"job {job_id} was cancelled by a curator", {"job_id": job_id})


def test_a_cancelled_crawl_stops_stores_what_it_has_and_reports(web, make_harvester, replicas):
    job = make_job([web.seed("www.example1.test"), web.seed("www.example2.test")], slow_profile(web.proxy_url, 400))
    sched = CancellingScheduler()
    report = make_harvester(sched).run_job(job)
    assert report is not None and report.harvest_error is None and report.upload_error is None
    assert report.crawl_end == "cancelled"
    stored = sorted(os.listdir(replicas["ONE"]))
    assert f"{job['id']}-metadata-1.warc.gz" in stored and len(stored) >= 2
    assert sorted(report.files_stored) == stored
    assert sum(d.objects for d in report.domains) > 0
    assert any(d.stop_reason == "unfinished" for d in report.domains)  # the scheduler says "cancelled"
