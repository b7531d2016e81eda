"""What issue 15 calls done: a snapshot job of thousands of hosts, some of them hostile or broken,
finishes in bounded memory with every capture archived as a browser would have read it.

One job of 2,000 hosts over two crawler processes (``python -m server.crawler``, as the
harvester runs it) on the local test web: most hosts are plain small sites; every 20th is a
``features.`` host whose pages lead to every way a server can misbehave (a body cut mid-fetch, a
body above the maximum object size, a slow answer, a redirect loop, a calendar trap, 404/500,
malformed HTML); every 20th + 1 answers robots.txt with a 500, every 20th + 2 has none."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import pytest
from crawler_helpers import REPO, read_results, warc_records, warcio_check, write_spec
from testweb import TestWeb

HOSTS = 2000
PAGES = 3
MAX_OBJECT = 2_000_000
MEMORY_BOUND_KB = 150 * 1024   # per crawler process (issue 15)


def _host(i: int) -> str:
    kind = {0: "features", 1: "robots500", 2: "norobots"}.get(i % 20, "www")
    return f"{kind}.snap{i}.test"


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory):
    job = tmp_path_factory.mktemp("snapshot")
    seeds = [f"http://{_host(i)}/" for i in range(HOSTS)]
    with TestWeb(mode="process", tls=False, pages_per_host=PAGES, assets=False, features_link=False) as web:
        write_spec(job, seeds, web.proxy_url, robots="obey", max_workers=100, processes=2,
                   fetch={"read_timeout_s": 10, "max_object_bytes": MAX_OBJECT}, scope={"max_hops": 6})
        proc = subprocess.run([sys.executable, "-m", "server.crawler", str(job)], cwd=REPO, capture_output=True,
                              text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    final = json.loads(proc.stdout.strip().splitlines()[-1])
    results = read_results(job)
    by_host: dict[str, dict[str, dict]] = {}
    for line in results["log"]:
        host, _, path = line["url"].partition("://")[2].partition("/")
        by_host.setdefault(host, {})["/" + path] = line
    return {"job": job, "final": final, "by_host": by_host, **results}


def test_the_job_finishes_in_bounded_memory(snapshot):
    final = snapshot["final"]
    assert final["finished"] == "finished" and final["processes"] == 2 and final["queued"] == 0
    # peak_rss_kb is the sum over the two parts' processes
    assert 0 < final["peak_rss_kb"] < 2 * MEMORY_BOUND_KB, final


def test_every_host_is_archived_page_by_page_once(snapshot):
    captures = [rec[2] for rec in warc_records(snapshot["warcs"]) if rec[1] in ("response", "revisit")]
    counts = Counter(captures)
    for i in range(HOSTS):
        if i % 20 == 1:
            continue   # robots.txt answers 500 (below)
        site = f"http://{_host(i)}"
        for path in ["/"] + [f"/page/{n}" for n in range(1, PAGES)]:
            assert counts[site + path] == 1, site + path
            assert snapshot["by_host"][_host(i)][path]["status"] == "200", site + path
    twice = [uri for uri, n in counts.items() if n > 1 and ".snap" in uri]
    assert not twice, twice[:5]


def test_hostile_pages_are_recorded_as_a_browser_reads_them(snapshot):
    for i in range(0, HOSTS, 20):
        seen = snapshot["by_host"][_host(i)]
        where = _host(i)
        assert seen["/broken"]["status"] == "200" and "midFetchTrunc" in seen["/broken"]["annotations"], where
        huge = seen["/huge"]
        assert huge["status"] == "200" and "lenTrunc" in huge["annotations"], where
        assert MAX_OBJECT <= int(huge["size"]) < MAX_OBJECT + 1000, where   # the body up to the maximum
        assert seen["/slow"]["status"] == "200", where
        assert seen["/notfound"]["status"] == "404" and seen["/error"]["status"] == "500", where
        assert seen["/redirect/loop/a"]["status"] == seen["/redirect/loop/b"]["status"] == "301", where
        assert seen["/private/secret.html"]["status"] == "-9998", where                   # robots.txt
        assert seen["/m4.html"]["status"] == "200", where                # a link after malformed HTML
        calendar = [p for p in seen if p.startswith("/calendar/")]
        assert any(seen[p]["status"] == "-4001" for p in calendar), where                 # the trap is cut
        assert len(calendar) < 20, where


def test_robots_failures_and_missing_robots_are_told_apart(snapshot):
    for i in range(1, HOSTS, 20):
        seen = snapshot["by_host"][_host(i)]      # robots.txt answers 500: nothing else is fetched
        assert seen["/robots.txt"]["status"] == "500", _host(i)
        assert seen["/"]["status"] == "-61" and set(seen) == {"/robots.txt", "/"}, _host(i)
    for i in range(2, HOSTS, 20):
        seen = snapshot["by_host"][_host(i)]      # no robots.txt: everything may be fetched
        assert seen["/robots.txt"]["status"] == "404" and seen["/"]["status"] == "200", _host(i)


def test_the_archive_is_valid_and_whole(snapshot):
    warcio_check(snapshot["warcs"])
    assert not any(w.endswith(".open") for w in snapshot["warcs"])
    with open(os.path.join(snapshot["job"], "hosts-report.txt")) as fh:
        hosts = {line.split()[2] for line in fh.readlines()[1:]}
    assert {_host(i) for i in range(HOSTS)} <= hosts
