"""The harvester freezes, thaws and kills the crawler with its children (a crawl run over several
processes, server/crawler/shards.py): the crawler leads its own process group and the harvester
signals the group. A real two-process stand-in: a parent that starts one child."""
from __future__ import annotations

import os
import signal
import sys
import time

from server.harvester.crawl_process import CrawlProcess
from server.harvester.jobdir import JobDir

PARENT = """
import signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)   # a crawler that does not end when asked
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
open(sys.argv[1] + "/child.pid", "w").write(str(child.pid))
time.sleep(120)
"""


def state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as fh:
        return fh.read().rsplit(")", 1)[1].split()[0]


def wait_for(condition, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_pause_resume_and_kill_reach_the_crawlers_children(tmp_path):
    jd = JobDir(str(tmp_path))
    crawl = CrawlProcess(jd, [sys.executable, "-c", PARENT])
    crawl.start()
    child = None
    try:
        wait_for(lambda: os.path.exists(tmp_path / "child.pid") and os.path.getsize(tmp_path / "child.pid"))
        child = int((tmp_path / "child.pid").read_text())
        assert os.getpgid(crawl.pid) == crawl.pid == os.getpgid(child)
        crawl.pause()
        wait_for(lambda: state(crawl.pid) == "T" and state(child) == "T")
        crawl.resume()
        wait_for(lambda: state(crawl.pid) != "T" and state(child) != "T")
        # it ignores SIGTERM: killed after the timeout, its children with it
        assert crawl.stop(timeout=1) == -signal.SIGKILL and crawl.killed
        wait_for(lambda: not os.path.exists(f"/proc/{child}") or state(child) == "Z")
    finally:
        if crawl.exit_code is None:
            crawl.stop(timeout=1)
        if child is not None:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
