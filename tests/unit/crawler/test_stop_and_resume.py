"""Stopping: SIGTERM ends a crawl cleanly; a SIGKILLed crawl resumes from its job directory."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from crawler_helpers import (
    REPO,
    archived_once,
    killed_at_the_end,
    read_results,
    wait_for_term_handler,
    warcio_check,
    write_spec,
)
from waiting import wait_for

SEEDS = [f"http://www.resume{i}.test/" for i in range(3)]


def start(job_dir, stdin=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "server.crawler", str(job_dir)], cwd=REPO, stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_lines(job_dir, n: int, proc: subprocess.Popen, timeout: float = 120) -> None:
    path = os.path.join(job_dir, "crawl.log")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.exists(path) and sum(1 for _ in open(path)) >= n:
            return
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        time.sleep(0.05)
    raise AssertionError("crawl made no progress")


def term_pending(proc: subprocess.Popen) -> bool:
    """SIGTERM was sent to ``proc`` but not delivered yet (its pending masks in /proc say so)."""
    with open(f"/proc/{proc.pid}/status") as fh:
        masks = [int(line.split()[1], 16) for line in fh if line.startswith(("SigPnd:", "ShdPnd:"))]
    return any(m & (1 << (signal.SIGTERM - 1)) for m in masks)


def test_sigterm_closes_warcs_writes_reports_and_exits_zero(web, tmp_path):
    job = tmp_path / "job"
    write_spec(job, SEEDS, web.proxy_url, politeness={"min_delay_ms": 50, "max_delay_ms": 50})
    with killed_at_the_end(start(job)) as proc:
        wait_for_lines(job, 20, proc)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert '"finished": "unfinished"' in out.splitlines()[-1]
    r = read_results(job)
    assert not any(w.endswith(".open") for w in r["warcs"])
    warcio_check(r["warcs"])
    assert {d["stop_reason"] for d in r["stats"].values()} >= {"unfinished"}
    assert "Ended by operator" in open(job / "crawl-report.txt").read()


def test_a_sigterm_as_the_crawler_starts_ends_it_cleanly(web, tmp_path):
    """A job cancelled as its crawler starts (or a start slowed by a loaded host): a SIGTERM
    that comes before the crawl's own handlers are in place still ends it cleanly. Here the
    crawler is held where such a stop lands: reading the logins the harvester pipes to it."""
    job = tmp_path / "job"
    write_spec(job, SEEDS, web.proxy_url, extra={"logins_stdin": True})
    with killed_at_the_end(start(job, stdin=subprocess.PIPE)) as proc:
        wait_for_term_handler(proc)      # the first thing main() does
        proc.send_signal(signal.SIGTERM)
        wait_for(lambda: not term_pending(proc), timeout=30, interval=0.01)   # delivered to it
        assert proc.poll() is None       # recorded, not killed: it still waits for its logins
        out, err = proc.communicate("[]", timeout=60)
    assert proc.returncode == 0, err
    assert '"finished": "unfinished"' in out.splitlines()[-1]
    assert read_results(job)["log"] == []        # nothing was fetched


def test_sigkilled_crawl_resumes_without_refetching_or_duplicates(web, tmp_path):
    job = tmp_path / "job"
    write_spec(job, SEEDS, web.proxy_url, politeness={"min_delay_ms": 40, "max_delay_ms": 40},
               warc={"max_size_bytes": 120_000})
    proc = start(job)
    try:
        wait_for_lines(job, 60, proc)
    finally:
        proc.kill()  # SIGKILL: no chance to clean up
        proc.wait()
    before = read_results(job)
    # usually the killed crawl left an open file to recover (unless it died right after a rotation)
    fetched_before = {line["url"] for line in before["log"] if int(line["status"]) > 0}

    proc = start(job)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    after = read_results(job)
    captures = archived_once(after)
    for i in range(3):  # every page of every site is archived
        for page in ["/"] + [f"/page/{n}" for n in range(1, 30)]:
            assert f"http://www.resume{i}.test{page}" in captures
    refetched = [line["url"] for line in after["log"][len(before["log"]):]
                 if int(line["status"]) > 0 and line["url"] in fetched_before]
    # at most the few captures that were cut off in the open file are fetched again
    assert len(refetched) <= 8, refetched
    assert all(d["stop_reason"] == "completed" for d in after["stats"].values())
