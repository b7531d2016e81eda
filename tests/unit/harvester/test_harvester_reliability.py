"""Issue #20, item 5 (plain process, the real crawler): a crawl pauses while the disk of its job
directory is short (a small tmpfs filled by the test) and goes on when space returns; a damaged
WARC in a job directory never crashes the harvester: it is truncated to its last complete
record, stored, and the loss reported."""
from __future__ import annotations

import gzip
import io
import os
import subprocess
import threading
import time

import pytest
from harvester_testkit import RecordingScheduler, fast_profile, make_job, slow_profile
from waiting import wait_for
from warcio.archiveiterator import ArchiveIterator
from warcio.warcwriter import WARCWriter

from server.harvester import jobdir
from server.harvester.job_spec import crawl_spec
from shared.errors import JobCancelled


def _damaged_warc(path: str, records: int = 3) -> int:
    """A closed WARC whose last gzip member is cut off (as a disk that filled up leaves it);
    returns the size of its complete records."""
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        for i in range(records):
            w.write_record(w.create_warc_record(f"http://www.example.test/{i}", "resource",
                                                payload=io.BytesIO(os.urandom(5000)),
                                                warc_content_type="application/octet-stream"))
            if i == records - 2:
                good = fh.tell()
    with open(path, "r+b") as fh:
        fh.truncate(good + 1500)
    return good


def test_a_damaged_warc_left_in_a_job_dir_is_repaired_stored_and_reported(make_harvester, replicas, tmp_path, web):
    job = make_job([web.seed("www.example5.test")], fast_profile(web.proxy_url))
    spec, seeds = crawl_spec(job)
    jd = jobdir.create(str(tmp_path / "work"), job, spec, seeds, harvester="harvester@old")
    state = jd.state()
    state.phase = jobdir.CRAWLED       # the crawl ended (stopped while the disk was full)
    jd.save_state(state)
    name = f"{job['id']}-{job['harvest_id']}-20240101000000-00000-host.warc.gz"
    good = _damaged_warc(jd.file(name))
    sched = RecordingScheduler()
    reports = make_harvester(sched).recover()
    assert len(reports) == 1 and reports[0] is not None
    report = reports[0]
    assert "a damaged WARC file was repaired" in report.harvest_error
    assert not os.path.exists(jd.path)
    for d in replicas.values():
        stored = os.path.join(d, name)
        assert os.path.getsize(stored) == good           # truncated to its last complete record
        with open(stored, "rb") as fh:
            assert [r.rec_headers.get_header("WARC-Target-URI") for r in ArchiveIterator(fh)] == [
                "http://www.example.test/0", "http://www.example.test/1"]
        assert f"{job['id']}-metadata-1.warc.gz" in os.listdir(d)
    with gzip.open(os.path.join(replicas["ONE"], f"{job['id']}-metadata-1.warc.gz")) as fh:
        meta = fh.read()
    assert name.encode() in meta                         # its CDX is in the metadata WARC


@pytest.fixture
def small_disk(tmp_path):
    """The harvester's work directory on a 16 MiB tmpfs that a test can fill up (root only)."""
    work = tmp_path / "work"
    work.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(work)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield str(work)
    finally:
        subprocess.run(["umount", "-l", str(work)], check=False)


def _free(path: str) -> int:
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


def _pages_done(crawl_log: str) -> int:
    """http(s) URIs crawl.log says were fetched (what the crawler counts as URIs done)."""
    try:
        with open(crawl_log) as fh:
            return sum(1 for line in fh if " http" in line and line.split()[1].isdigit() and int(line.split()[1]) > 0)
    except FileNotFoundError:
        return 0


def _process_state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as fh:
        return fh.read().split(") ", 1)[1][0]


def test_a_crawl_pauses_while_the_disk_is_short_and_completes_when_space_returns(small_disk, make_harvester,
                                                                               replicas, web):
    job = make_job([web.seed("www.example3.test")], slow_profile(web.proxy_url, 300))
    sched = RecordingScheduler()
    states: list[tuple[str, str]] = []
    # Timeouts long enough for a loaded machine to start the crawler and fetch a first page (5 s
    # stopped the crawl before any fetch at a load of 12); the pause below outlasts them.
    # status_interval long: every progress report below is one the pause and the resume send
    h = make_harvester(sched, min_space_left=4 << 20, no_response_timeout=15, inactivity_timeout=15,
                       status_interval=3600)
    h.on_state = lambda s, r: states.append((s, r))
    out = []
    t = threading.Thread(target=lambda: out.append(h.run_job(job)))
    t.start()
    filler = os.path.join(small_disk, "filler")
    try:
        wait_for(lambda: h.current is not None and _pages_done(h.current.file("crawl.log")) >= 3, 120)
        done_before = _pages_done(h.current.file("crawl.log"))
        pid = h.current.state().crawler_pid
        with open(filler, "wb") as fh:                       # leave 3 MiB: below min_space_left
            fh.write(b"\0" * (_free(small_disk) - (3 << 20)))
        wait_for(lambda: states and states[-1][0] == "dormant", 60)
        assert "not enough free disk" in states[-1][1] and "paused" in states[-1][1]
        wait_for(lambda: _process_state(pid) == "T", 30)      # frozen: it writes nothing more
        log = h.current.file("crawl.log")
        size = os.path.getsize(log)
        # an observation window, not synchronisation: for longer than the inactivity timeout (15 s)
        # the paused crawl must write nothing, stay frozen and not be stopped for inactivity
        time.sleep(17)
        assert os.path.getsize(log) == size and _process_state(pid) == "T" and t.is_alive()
        wait_for(lambda: any(p.get("status_text") == "paused: not enough free disk"
                             for _, p in sched.progress_reports), 30)
        paused = next(i for i, (_, p) in enumerate(sched.progress_reports)
                      if p.get("status_text") == "paused: not enough free disk")
        # the figures of a fresh progress line, not of one a progress interval old
        assert sched.progress_reports[paused][1]["uris_done"] >= done_before
    finally:
        if os.path.exists(filler):
            os.remove(filler)
    # the resume is reported at once, not at the next status interval (an hour here)
    wait_for(lambda: any(p.get("status_text") == "crawling" for _, p in sched.progress_reports[paused:]), 60)
    t.join(300)
    assert not t.is_alive()
    assert ("running", f"crawling job {job['id']}") in states[states.index(next(s for s in states
                                                                               if s[0] == "dormant")):]
    report = out[0]
    assert report.status == "done" and report.harvest_error is None and report.upload_error is None
    assert report.crawl_end not in ("stopped: inactivity", "stopped: no_response")
    for d in replicas.values():
        stored = os.listdir(d)
        assert f"{job['id']}-metadata-1.warc.gz" in stored and len(stored) >= 2
    assert sorted(report.files_stored) == sorted(os.listdir(replicas["ONE"]))


class CancelOnDemand(RecordingScheduler):
    """Answers progress with the scheduler's cancel once ``cancel`` is set."""

    cancel = False

    def progress(self, job_id, harvester_id, progress):
        super().progress(job_id, harvester_id, progress)
        if self.cancel:
            raise JobCancelled(f"job {job_id} was cancelled by a curator", {"job_id": job_id})


def test_a_crawl_cancelled_while_paused_for_disk_ends_cleanly_with_its_warcs_stored(small_disk, make_harvester,
                                                                                  replicas, web):
    job = make_job([web.seed("www.example4.test")], slow_profile(web.proxy_url, 300))
    sched = CancelOnDemand()
    states: list[tuple[str, str]] = []
    h = make_harvester(sched, min_space_left=4 << 20)
    h.on_state = lambda s, r: states.append((s, r))
    out = []
    t = threading.Thread(target=lambda: out.append(h.run_job(job)))
    t.start()
    filler = os.path.join(small_disk, "filler")
    try:
        wait_for(lambda: h.current is not None and os.path.exists(h.current.file("crawl.log"))
                 and os.path.getsize(h.current.file("crawl.log")) > 0, 120)
        with open(filler, "wb") as fh:
            fh.write(b"\0" * (_free(small_disk) - (3 << 20)))
        wait_for(lambda: states and states[-1][0] == "dormant", 60)
        sched.cancel = True                                   # a curator gives up on the job
        t.join(300)
        assert not t.is_alive()
    finally:
        if os.path.exists(filler):
            os.remove(filler)
    report = out[0]
    assert report.crawl_end == "cancelled" and report.upload_error is None
    stored = sorted(os.listdir(replicas["ONE"]))
    assert f"{job['id']}-metadata-1.warc.gz" in stored and len(stored) >= 2
    assert sorted(report.files_stored) == stored == sorted(os.listdir(replicas["TWO"]))
    for name in stored:                                       # every stored WARC reads to its end
        with open(os.path.join(replicas["ONE"], name), "rb") as fh:
            assert sum(1 for _ in ArchiveIterator(fh)) > 0


def test_a_crawler_that_meets_a_full_disk_itself_is_reported_paused_and_completes(small_disk, make_harvester,
                                                                                   replicas, web):
    """The harvester's own check does not see the full disk (as with a user quota, where free
    space looks ample: here min_space_left -1, so it never freezes the crawler), the crawler
    meets ENOSPC. It pauses with its files valid and says so; the harvester reports it (dormant,
    DISK_LOW reason, progress text) and does not time it out; freed space lets the job complete."""
    job = make_job([web.seed("www.example5.test")], slow_profile(web.proxy_url, 300))
    sched = RecordingScheduler()
    states: list[tuple[str, str]] = []
    h = make_harvester(sched, min_space_left=-1, no_response_timeout=15, inactivity_timeout=15)
    h.on_state = lambda s, r: states.append((s, r))
    out = []
    t = threading.Thread(target=lambda: out.append(h.run_job(job)))
    t.start()
    filler = os.path.join(small_disk, "filler")
    try:
        wait_for(lambda: h.current is not None and os.path.exists(h.current.file("crawl.log"))
                 and os.path.getsize(h.current.file("crawl.log")) > 0, 120)
        with open(filler, "wb", buffering=0) as fh:          # every byte: the disk is full
            try:
                while True:
                    fh.write(b"\0" * 65536)
            except OSError:
                pass
        wait_for(lambda: any("the crawler of job" in r and "met a full disk" in r for s, r in states
                             if s == "dormant"), 60)
        wait_for(lambda: any(p.get("status_text") == "paused: the crawler met a full disk"
                             for _, p in sched.progress_reports), 30)
    finally:
        if os.path.exists(filler):
            os.remove(filler)
    t.join(300)
    assert not t.is_alive()
    report = out[0]
    assert report.status == "done" and report.harvest_error is None and report.upload_error is None
    assert report.crawl_end not in ("stopped: inactivity", "stopped: no_response")
    assert states[-1][0] == "running" or any(s == "running" for s, _ in states[-3:])
