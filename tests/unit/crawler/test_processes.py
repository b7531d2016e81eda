"""One crawl job over several crawler processes (``profile.processes``, server/crawler/shards.py).

Real processes (``python -m server.crawler``) over the local test web: the seeds' domains are
shared out among the parts, every page is archived once by the part that owns its domain, and
the job's directory looks as after a single-process crawl (WARC files, one crawl.log in time
order, reports and domain statistics over every part) — compared with a crawl of one process
of the same seeds."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from crawler_helpers import REPO, read_results, warc_records, warcio_check, write_spec

from server.crawler.scope import domain_of
from server.crawler.shards import shard_dirs, shard_of

SEEDS = [f"http://www.parts{i}.test/" for i in range(4)]     # two domains in each of two parts
SEED_DOMAINS = {f"parts{i}.test" for i in range(4)}


def run(job, *, wait=True) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "server.crawler", str(job)], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if wait:
        proc.communicate(timeout=300)
    return proc


def start_slow_crawl(web, job, which, logged: int, processes: int = 2) -> subprocess.Popen:
    """A crawl at 40 ms per fetch, once ``which`` (any, all) of its parts' crawl.logs (its own,
    for one process) hold more than ``logged`` bytes."""
    write_spec(job, SEEDS, web.proxy_url, max_workers=2, processes=processes,
               politeness={"min_delay_ms": 40, "max_delay_ms": 40})
    proc = run(job, wait=False)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not which(
            os.path.exists(os.path.join(d, "crawl.log")) and os.path.getsize(os.path.join(d, "crawl.log")) > logged
            for d in shard_dirs(str(job)) or ([str(job)] if processes == 1 else ["-"])):
        time.sleep(0.05)
    return proc


def lines(text: str) -> list[dict]:
    return [json.loads(x) for x in text.splitlines() if x.startswith("{")]


def captures(job) -> list[str]:
    r = read_results(job)
    return [rec[2] for rec in warc_records(r["warcs"]) if rec[1] in ("response", "revisit")]


def test_a_job_over_two_processes_archives_what_one_process_does(web, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    write_spec(one, SEEDS, web.proxy_url, max_workers=4)
    write_spec(two, SEEDS, web.proxy_url, max_workers=4, processes=2)
    for job in (one, two):
        proc = subprocess.run([sys.executable, "-m", "server.crawler", str(job)], cwd=REPO,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
    final = lines(proc.stdout)[-1]
    assert final["finished"] == "finished" and final["processes"] == 2

    # each part owns its seeds' domains and wrote its WARC files into the job's directory
    parts = shard_dirs(str(two))
    assert [os.path.basename(d) for d in parts] == ["shard-00", "shard-01"]
    for i, d in enumerate(parts):
        with open(os.path.join(d, "seeds.txt")) as fh:
            mine = fh.read().split()
        assert mine and all(shard_of(domain_of(s.split("/")[2]), 2) == i for s in mine)
    r = read_results(two)
    warcio_check(r["warcs"])
    assert {os.path.basename(w).rsplit("-", 1)[1] for w in r["warcs"]} == {"s00.warc.gz", "s01.warc.gz"}
    assert not any(w.endswith(".open") for w in r["warcs"])

    # the same pages as one process, each once (an embed on a shared host may come from both)
    ours, theirs = captures(two), captures(one)
    assert set(ours) == set(theirs)
    twice = {u for u in ours if ours.count(u) > 1}
    assert not {domain_of(u.split("/")[2]) for u in twice} & SEED_DOMAINS, twice

    # one crawl.log in time order, with every part's lines; reports and statistics over all parts
    with open(two / "crawl.log") as fh:
        log = fh.readlines()
    assert [x[:24] for x in log] == sorted(x[:24] for x in log)
    assert len(log) == sum(1 for d in parts for _ in open(os.path.join(d, "crawl.log")))
    assert set(r["stats"]) == set(read_results(one)["stats"])
    with open(two / "crawl-report.txt") as fh:
        report = dict(line.rstrip("\n").split(": ", 1) for line in fh)
    with open(one / "crawl-report.txt") as fh:
        single = dict(line.rstrip("\n").split(": ", 1) for line in fh)
    assert report["seeds crawled"] == single["seeds crawled"] == str(len(SEEDS))
    assert int(report["URI successes"]) == len(ours)
    with open(two / "hosts-report.txt") as fh:
        hosts = {line.split()[2] for line in fh.readlines()[1:]}
    assert {s.split("/")[2] for s in SEEDS} <= hosts
    assert "==> part 1 (shard-01) <==" in open(two / "crawler.log").read()


def test_a_stopped_job_of_two_processes_resumes_and_archives_nothing_twice(web, tmp_path):
    job = tmp_path / "job"
    proc = start_slow_crawl(web, job, any, 2000)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert lines(out)[-1]["finished"] == "unfinished"
    stopped = captures(job)
    assert stopped and not any(w.endswith(".open") for w in read_results(job)["warcs"])

    # the same command resumes both parts, whatever the profile says now
    write_spec(job, SEEDS, web.proxy_url, max_workers=2, processes=3)
    proc = run(job)
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    assert len(shard_dirs(str(job))) == 2
    done = captures(job)
    in_seed_domains = [u for u in done if domain_of(u.split("/")[2]) in SEED_DOMAINS]
    assert len(in_seed_domains) == len(set(in_seed_domains)), "archived twice after the resume"
    assert set(stopped) < set(done)
    warcio_check(read_results(job)["warcs"])


def test_merging_the_parts_of_a_crawl_without_a_browser_imports_no_browser_module(tmp_path):
    """The coordinator's merge looked for the parts' page lists through the browser package, whose
    imports were 7 % of a short two-process crawl's CPU (#36)."""
    (tmp_path / "shard-00").mkdir()
    (tmp_path / "shard-00" / "crawl.log").write_text("")
    code = ("import sys\n"
            "from server.crawler.shards import _merge_page_lists\n"
            f"_merge_page_lists({str(tmp_path)!r}, [{str(tmp_path / 'shard-00')!r}])\n"
            "print(sorted(m for m in sys.modules if m.startswith('server.crawler.browser')))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(x) for x in fh.read().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_parts_are_forked_and_end_cleanly_when_their_coordinator_is_killed(web, tmp_path):
    """The parts are forked from the coordinator (the crawler imported once: part_process.py),
    and a coordinator killed outright (no chance to stop them) still leaves no part writing:
    each gets SIGTERM from the kernel and closes its WARC files as a stopped crawl does."""
    job = tmp_path / "job"
    proc = start_slow_crawl(web, job, all, 500)
    parts = _children(proc.pid)
    assert len(parts) == 2
    for pid in parts:   # forked: the coordinator's own command line, not a new interpreter's
        with open(f"/proc/{pid}/cmdline", "rb") as fh, open(f"/proc/{proc.pid}/cmdline", "rb") as own:
            assert fh.read() == own.read()
    proc.kill()
    proc.communicate(timeout=60)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(_alive(pid) for pid in parts):
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in parts), "a part went on after its coordinator died"
    warcs = read_results(job)["warcs"]
    assert warcs and not any(w.endswith(".open") for w in warcs)
    warcio_check(warcs)
    for d in shard_dirs(str(job)):   # each got SIGTERM once per coordinator thread: stop_signals.py
        with open(os.path.join(d, "crawler.log")) as fh:
            assert "crawl ended: unfinished" in fh.read()


def test_a_forked_part_keeps_only_the_early_stops_it_received_itself(monkeypatch):
    """A SIGTERM the coordinator got before it forked is the coordinator's to pass on; one the
    part got between its fork and its event loop stops the part."""
    from server.crawler import stop_signals

    monkeypatch.setattr(stop_signals, "received", [(signal.SIGTERM, os.getpid() + 1), (signal.SIGINT, os.getpid())])
    stop_signals.keep_own()
    assert stop_signals.received == [(signal.SIGINT, os.getpid())]


@pytest.mark.parametrize("processes", [1, 2])
def test_a_crawl_stopped_again_and_again_still_ends_cleanly(web, tmp_path, processes):
    """A harvester may send SIGTERM more than once, and a part whose coordinator dies gets one
    for each coordinator thread it is handed on to. A stop that comes after the event loop has
    closed once killed a cleanly stopped crawl (exit -15, sometimes before its crawler.log said
    how it ended): stop_signals.py keeps one handler for the process's whole life."""
    job = tmp_path / "job"
    proc = start_slow_crawl(web, job, any, 300, processes)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            os.kill(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            break
        time.sleep(0.002)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    logs = [os.path.join(d, "crawler.log") for d in shard_dirs(str(job))] + [str(job / "crawler.log")]
    for path in logs:
        with open(path) as fh:
            assert "crawl ended: unfinished" in fh.read(), path
    warcs = read_results(job)["warcs"]
    assert warcs and not any(w.endswith(".open") for w in warcs)
