"""Whole jobs in a plain process: the real crawler process against the local test web, a local
two-replica archive and a recording scheduler."""
from __future__ import annotations

import os
import signal
import threading

from harvester_testkit import RecordingScheduler, check_cdx_offsets, fast_profile, make_job, slow_profile, warcio_check
from waiting import wait_for

from server.harvester import jobdir
from server.harvester.archive_client import LocalArchive
from server.harvester.crawl_process import CrawlProcess


def _stored(replica: str) -> list[str]:
    return sorted(os.listdir(replica))




class TimedArchive(LocalArchive):
    """Notes, per stored file, whether the crawler was still running."""

    def __init__(self, replicas, harvester_ref):
        super().__init__(replicas)
        self.ref = harvester_ref
        self.during_crawl: list[str] = []

    def store(self, path):
        h = self.ref[0]
        jd = h.current
        if jd is not None and jd.state().phase == jobdir.CRAWLING:
            self.during_crawl.append(os.path.basename(path))
        return super().store(path)


def test_a_job_is_crawled_stored_and_reported_done(web, make_harvester, replicas, tmp_path):
    job = make_job([web.seed("www.example1.test"), web.seed("www.example2.test")], slow_profile(web.proxy_url, 30))
    sched = RecordingScheduler()
    ref = []
    archive = TimedArchive(replicas, ref)
    h = make_harvester(sched, archive)
    ref.append(h)
    report = h.run_job(job)
    assert report is not None and report.status == "done", report
    assert sched.reports[str(job["id"])]["status"] == "done"
    domains = {d.domain: d for d in report.domains}
    assert domains["example1.test"].objects > 10 and domains["example1.test"].stop_reason == "completed"
    stored = _stored(replicas["ONE"])
    assert stored == _stored(replicas["TWO"]) == sorted(report.files_stored)
    warcs = [n for n in stored if "-metadata-" not in n]
    assert len(warcs) >= 2 and f"{job['id']}-metadata-1.warc.gz" in stored
    assert archive.during_crawl, "closed WARC files are uploaded while the crawl goes on"
    warcio_check([os.path.join(replicas["ONE"], n) for n in stored])
    assert check_cdx_offsets(os.path.join(replicas["ONE"], f"{job['id']}-metadata-1.warc.gz"),
                             replicas["ONE"]) > 20
    assert jobdir.leftovers(str(tmp_path / "work")) == []  # nothing left locally
    assert sched.progress_reports and sched.progress_reports[0][1]["status_text"] == "crawler started"


def test_crawler_killed_from_outside_fails_the_job_but_keeps_its_files(web, make_harvester, replicas):
    job = make_job([web.seed("www.example3.test")], slow_profile(web.proxy_url, 300))
    sched = RecordingScheduler()
    h = make_harvester(sched)
    result = []
    t = threading.Thread(target=lambda: result.append(h.run_job(job)))
    t.start()
    jd = wait_for(lambda: h.current)
    wait_for(lambda: os.path.exists(jd.file("crawl.log")) and os.path.getsize(jd.file("crawl.log")) > 500)
    os.kill(jd.state().crawler_pid, signal.SIGKILL)
    t.join(60)
    report = result[0]
    assert report.status == "failed"
    assert "killed by SIGKILL" in report.harvest_error and "from outside" in report.harvest_error
    assert report.upload_error is None
    stored = _stored(replicas["ONE"])
    assert any("-metadata-" not in n for n in stored) and f"{job['id']}-metadata-1.warc.gz" in stored
    warcio_check([os.path.join(replicas["ONE"], n) for n in stored])  # the open WARC was closed off
    assert all(d.stop_reason == "unfinished" for d in report.domains) and report.domains


def test_archive_unavailable_keeps_files_and_a_restart_uploads_them(web, make_harvester, replicas, tmp_path):
    job = make_job([web.seed("www.example4.test")], fast_profile(web.proxy_url))
    sched = RecordingScheduler()
    down = LocalArchive({"ONE": str(tmp_path / "not-there")})
    report = make_harvester(sched, down).run_job(job)
    assert report.status == "failed" and report.harvest_error is None
    assert report.upload_error.endswith("files not stored in the archive")
    failed = sorted(os.listdir(tmp_path / "failed"))
    assert failed == sorted(report.files_failed) and f"{job['id']}-metadata-1.warc.gz" in failed
    # Later, with the archive back: the next start stores them and empties the failed-uploads dir.
    later = RecordingScheduler()
    make_harvester(later).recover()
    assert os.listdir(tmp_path / "failed") == []
    assert _stored(replicas["ONE"]) == failed
    assert later.late == [(job["id"], later.late[0][1], failed, {})]  # the job's outcome is updated too


def test_leftover_job_of_a_harvester_that_died_is_finished_off_as_failed(web, make_harvester, replicas, tmp_path):
    job = make_job([web.seed("www.example5.test")], slow_profile(web.proxy_url, 200))
    from server.harvester.job_spec import crawl_spec

    spec, seeds = crawl_spec(job)
    jd = jobdir.create(str(tmp_path / "work"), job, spec, seeds, harvester="harvester@old")
    state = jd.state()
    proc = CrawlProcess(jd)
    state.crawler_pid = proc.start()
    jd.save_state(state)  # the old harvester dies here, its crawler still running
    wait_for(lambda: os.path.exists(jd.file("crawl.log")) and os.path.getsize(jd.file("crawl.log")) > 300)
    sched = RecordingScheduler()
    reports = make_harvester(sched).recover()
    proc.proc.wait(5)  # the orphan was asked to stop (and reaped here, its parent)
    assert len(reports) == 1 and reports[0].status == "failed" and reports[0].recovered
    assert "cut short" in reports[0].harvest_error
    stored = _stored(replicas["ONE"])
    assert f"{job['id']}-metadata-1.warc.gz" in stored and len(stored) >= 2
    assert not os.path.exists(jd.path)


def test_the_job_running_time_stops_the_crawl_cleanly(web, make_harvester, replicas):
    # The limit counts from the crawler's start, so it must leave a loaded machine time to start
    # the crawler and fetch a page (else no domain is seen at all: 4 s was too short at a load of
    # 12); three seconds between fetches make the crawl (12 pages) last far longer than the limit.
    job = make_job([web.seed("www.example6.test")], slow_profile(web.proxy_url, 3000))
    report = make_harvester(RecordingScheduler(), max_job_running_time=12).run_job(job)
    assert report.status == "done" and report.crawl_end == "stopped: max_running_time"
    assert any(d.stop_reason == "unfinished" for d in report.domains)


def test_no_claim_while_disk_is_short(make_harvester):
    sched = RecordingScheduler([{"job_id": 1}])
    states = []
    h = make_harvester(sched, min_space_left=1 << 62)
    h.on_state = lambda s, r: states.append((s, r))
    t = threading.Thread(target=h.run_forever)
    t.start()
    try:
        wait_for(lambda: states and states[-1][0] == "dormant")
        seen = len(states)
        # three more passes of its loop (each says "dormant" again), in none of which it may claim
        wait_for(lambda: len(states) >= seen + 3)
    finally:
        h.stopping.set()
        t.join(30)
    assert sched.claims == []
    assert all(s == "dormant" for s, _r in states[seen - 1:]) and "min_space_left" in states[-1][1]
