"""A real full disk: the crawler runs with its job directory (WARC files, crawl.log, frontier and
its stdout, as under the harvester) on a tiny tmpfs; the test fills the rest of it while the
crawl runs. The crawler must pause and say so in its progress line, and either finish once space
is freed, with valid WARC files and every page archived once, or end cleanly when stopped.
Needs root (mount); skipped with the reason otherwise."""
from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from crawler_helpers import (
    REPO,
    archived_once,
    killed_at_the_end,
    read_results,
    wait_for_term_handler,
    warc_records,
    warcio_check,
    write_spec,
)

from server.crawler.crawl_log import CrawlLog, LogEntry
from server.crawler.disk_space import RESERVE_NAME, DiskSpace

HOSTS = [f"www.diskfull{i}.test" for i in range(3)]
PAGES = ["/"] + [f"/page/{n}" for n in range(1, 30)]


@pytest.fixture
def small_disk(tmp_path):
    """A 48 MiB tmpfs, unmounted afterwards whatever happened. The test fills it with a file
    while the crawl runs; once that file is gone, the whole crawl (about 12 MB fetched, its
    frontier's WAL) must fit, or the disk fills a second time at the end (seen with 16 MiB in a
    full test run, where the crawl ran longer beside the other shards)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", str(mnt)], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not permitted here: {r.stderr.strip() or r.returncode}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def start(job) -> subprocess.Popen:
    out = open(job / "crawler-stdout.log", "ab")  # on the small disk, as the harvester does it
    try:
        return subprocess.Popen([sys.executable, "-m", "server.crawler", str(job)], cwd=REPO, stdout=out,
                                stderr=subprocess.PIPE, text=True)
    finally:
        out.close()


def progress(job) -> list[dict]:
    lines = []
    with open(job / "crawler-stdout.log", "rb") as fh:
        for line in fh.read().split(b"\n"):
            try:
                lines.append(json.loads(line))
            except ValueError:
                continue
    return lines


def wait(condition, proc: subprocess.Popen, what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        assert proc.poll() is None, f"the crawler ended while waiting for {what}: {proc.stderr.read()}"
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class Stderr:
    """What the crawler has said on stderr (a pipe) so far, read without blocking; ``rest()``
    reads the remainder after it ended, as ``communicate`` would."""

    def __init__(self, proc: subprocess.Popen):
        self.proc, self.text = proc, ""
        os.set_blocking(proc.stderr.fileno(), False)

    def read(self) -> str:
        try:
            while chunk := os.read(self.proc.stderr.fileno(), 65536):
                self.text += chunk.decode(errors="replace")
        except BlockingIOError:
            pass
        return self.text

    def rest(self, timeout: float) -> str:
        # communicate waits with a selector, so the pipe may stay non-blocking; its timeout holds
        return self.read() + (self.proc.communicate(timeout=timeout)[1] or "")


def waits_for_space_to_start(job, stderr: Stderr) -> bool:
    """The crawler has met the full disk before its crawl began and waits: opening its job files
    failed (it says so on stderr), or its set-up did (crawler.log or a progress line says so)."""
    log = job / "crawler.log"
    return ("crawl waits for disk space to start" in stderr.read()
            or (log.exists() and "disk full while writing" in log.read_text(errors="replace"))
            or any(p.get("disk_full") for p in progress(job)))


def reserve_held(job) -> bool:
    try:
        return os.path.getsize(job / RESERVE_NAME) > 0
    except FileNotFoundError:
        return False


def fill(directory, name: str = "filler") -> str:
    """Write a file until the disk is full; returns its path."""
    path = os.path.join(directory, name)
    with open(path, "wb", buffering=0) as fh:
        try:
            while True:
                fh.write(b"\0" * 16384)
        except OSError:
            pass
    return path


def finished_whole(job, proc: subprocess.Popen, out: str) -> tuple[dict, list[str]]:
    """The crawl ended finished, its WARC files valid and closed, nothing archived twice;
    returns its results and the URIs captured."""
    assert proc.returncode == 0, out
    final = progress(job)[-1]
    assert final["finished"] == "finished" and "disk_full" not in final, final
    r = read_results(job)
    return r, archived_once(r)


def crawl_until_disk_full(web, small_disk):
    job = small_disk / "job"
    write_spec(job, [f"http://{h}/" for h in HOSTS], web.proxy_url, max_workers=3,
               politeness={"min_delay_ms": 150, "max_delay_ms": 150})
    proc = start(job)
    log_path = job / "crawl.log"
    wait(lambda: log_path.exists() and sum(1 for _ in open(log_path)) >= 8, proc, "the first crawl.log lines")
    filler = fill(small_disk)
    wait(lambda: any(p.get("disk_full") for p in progress(job)), proc, "a progress line with disk_full")
    return job, proc, filler


def test_the_crawler_pauses_on_a_full_disk_and_finishes_when_space_returns(web, small_disk):
    job, proc, filler = crawl_until_disk_full(web, small_disk)
    with killed_at_the_end(proc):
        paused = next(p for p in progress(job) if p.get("disk_full"))
        # whichever write met the full disk first: a WARC or crawl.log write (ENOSPC), or the
        # frontier's SQLite commit (SQLITE_FULL), depending on timing
        assert ("No space left on device" in paused["disk_full"]
                or "database or disk is full" in paused["disk_full"]), paused["disk_full"]
        # paused: it stays alive and retries, and nothing is lost meanwhile. An observation window,
        # not synchronisation: until its progress lines say it has been paused for 3 s
        wait(lambda: any(float(p.get("disk_full_s") or 0) >= 3 for p in progress(job)), proc, "3 s paused")
        assert proc.poll() is None
        [open_warc] = [n for n in os.listdir(job) if n.endswith(".warc.gz.open")]
        warc_records([str(job / open_warc)])  # readable to its end while paused: a record boundary
        os.remove(filler)
        out = proc.communicate(timeout=180)[1]
    r, captures = finished_whole(job, proc, out)
    for host in HOSTS:
        for page in PAGES:
            assert f"http://{host}{page}" in captures
            assert len(r["by_url"][f"http://{host}{page}"]) == 1  # one crawl.log line each
    crawler_log = open(job / "crawler.log").read()
    assert "disk full while writing" in crawler_log and "disk space is back" in crawler_log
    assert not os.path.exists(job / ".disk-reserve")


def test_a_stop_while_paused_ends_the_crawl_cleanly(web, small_disk):
    job, proc, filler = crawl_until_disk_full(web, small_disk)
    with killed_at_the_end(proc):
        # another process takes the room the crawler freed for itself when the disk filled
        wait(lambda: not reserve_held(job), proc, "the crawler to free its disk reserve")
        fill(small_disk, "second filler")
        proc.send_signal(signal.SIGTERM)
        out = proc.communicate(timeout=60)[1]
    assert proc.returncode == 0, out
    assert progress(job)[-1]["finished"] == "unfinished"
    os.remove(filler)
    os.remove(small_disk / "second filler")
    r = read_results(job)
    warcio_check(r["warcs"])  # valid to their end, the one still .open included: it ends on a record
    # the disk never came back before the stop: the WARC file could not be closed (renamed after
    # its last record), and the crawl says so instead of failing; a resume or the harvester closes it
    crawler_log = open(job / "crawler.log").read()
    assert "its WARC file stays open" in crawler_log and "crawl ended: unfinished" in crawler_log
    captures = [rec[2] for rec in warc_records(r["warcs"]) if rec[1] in ("response", "revisit")]
    assert len(captures) == len(set(captures)), captures  # none fetched twice after a rolled-back commit
    # what was not written is still queued, not logged as done: a resume fetches it
    logged = {line["url"] for line in r["log"] if int(line["status"]) > 0}
    assert logged <= set(captures)
    # and every capture in the WARC has its crawl.log line, although the disk never came back
    assert set(captures) <= logged, sorted(set(captures) - logged)


def test_a_disk_full_before_the_crawl_begins_pauses_it_until_space_returns(web, small_disk):
    job = small_disk / "job"
    write_spec(job, [f"http://{h}/" for h in HOSTS], web.proxy_url, max_workers=3)
    filler = fill(small_disk)                    # not even the reserve or the frontier fit
    with killed_at_the_end(start(job)) as proc:
        stderr = Stderr(proc)
        wait(lambda: waits_for_space_to_start(job, stderr), proc, "the crawler to wait for disk space")
        # an observation window, not synchronisation: for a while it keeps waiting, and fetches nothing
        time.sleep(3)
        assert proc.poll() is None, stderr.read()          # waiting for space, not failed
        assert not (job / "crawl.log").exists() or (job / "crawl.log").stat().st_size == 0
        os.remove(filler)
        out = stderr.rest(timeout=180)
    _r, captures = finished_whole(job, proc, out)
    assert {f"http://{h}{p}" for h in HOSTS for p in PAGES} <= set(captures)
    # where it waited depends on what met the full disk first: opening the job's files (said on
    # stderr) or the set-up's writes (crawler.log)
    assert "crawl waits for disk space to start" in out or "disk space is back" in open(job / "crawler.log").read()


def test_a_stop_while_the_disk_is_full_before_the_crawl_begins_ends_it_cleanly(web, small_disk):
    job = small_disk / "job"
    write_spec(job, [f"http://{h}/" for h in HOSTS], web.proxy_url, max_workers=3)
    filler = fill(small_disk)
    with killed_at_the_end(start(job)) as proc:
        wait_for_term_handler(proc)          # not a fixed sleep: a loaded host starts it slowly
        stderr = Stderr(proc)
        wait(lambda: waits_for_space_to_start(job, stderr), proc, "the crawler to wait for disk space")
        proc.send_signal(signal.SIGTERM)     # while it waits for space
        out = stderr.rest(timeout=60)
    assert proc.returncode == 0, out
    os.remove(filler)
    assert not os.path.exists(job / ".disk-reserve")
    assert not [n for n in os.listdir(job) if ".warc" in n]     # nothing fetched, nothing half-written


def test_crawl_log_lines_go_into_its_room_on_a_disk_another_process_filled(small_disk):
    """The lines of a crawl paused by a full disk are written, not held in memory to be lost at a
    stop: crawl.log keeps blocks allocated past its end (fallocate keeping the size)."""
    space = DiskSpace(str(small_disk), reserve_bytes=0)
    log_path = small_disk / "crawl.log"
    cl = CrawlLog(str(log_path), space)
    cl.write(LogEntry(200, 10, "http://a.test/0"))
    filler = fill(small_disk)
    space.hit(OSError(errno.ENOSPC, "No space left on device"), "a WARC record")  # paused
    for i in range(1, 500):
        cl.write(LogEntry(200, 10, f"http://a.test/{i}"))
    assert cl.held == 0
    cl.close()
    assert [line.split()[3] for line in open(log_path)] == [f"http://a.test/{i}" for i in range(500)]
    os.remove(filler)
