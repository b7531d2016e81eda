"""Honest outcomes from the harvester's side, with the real crawler process: a crawl whose
proxy is down reports every domain as "no-seed-fetched" (not "completed"), and a curator's
cancel stops the crawl cleanly, stores what was harvested and reports without a harvest error."""
from __future__ import annotations

import os
import socket

from harvester_testkit import RecordingScheduler, fast_profile, make_job, slow_profile

from server.harvester import job_spec
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


def test_crawler_overrides_that_replace_the_profiles_proxy_are_said_and_a_failed_job_says_so(make_harvester,
                                                                                              replicas):
    """#33: the demo harvester's crawler_overrides replaced a profile's upstream_proxy without a
    word, and the job that then reached nothing did not say why."""
    from server.scheduler.reports import DomainReport, judge
    from shared.enums import StopReason

    profiles, harvesters = f"http://127.0.0.1:{_closed_port()}", f"http://127.0.0.1:{_closed_port()}"
    job = make_job(["http://www.example1.test/"], fast_profile(profiles))
    sched = RecordingScheduler()
    report = make_harvester(sched, crawler_overrides={"upstream_proxy": harvesters,
                                                      "fetch": {"max_retries": 1}}).run_job(job)
    assert report is not None and len(report.notes) == 1, report.notes     # an equal value is no override
    note = report.notes[0]
    assert "crawler_overrides set upstream_proxy to" in note and harvesters in note and profiles in note
    assert sched.reports[str(job["id"])]["notes"] == report.notes          # sent with the report
    # the scheduler's judgement: the job reached nothing, and its reason ends with the note
    ending = judge([DomainReport("example1.test", 0, 0, StopReason.NO_SEED_FETCHED)], notes=report.notes)
    assert ending.failure_code == "nothing_harvested" and ending.failure_reason.endswith(f"(note: {note})")
    assert judge([DomainReport("example1.test", 5, 50, StopReason.COMPLETED)], notes=report.notes).failure_reason == ""
    # a profile without a proxy of its own: the harvester's only fills it in, nothing to say
    assert job_spec.overridden(make_job(["http://www.example1.test/"], {}), {"upstream_proxy": harvesters}) == []


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
