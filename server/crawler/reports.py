"""End-of-crawl reports in Heritrix 3's formats, the progress-statistics log and the per-domain
statistics the harvester turns into the harvest's domain history.

Reports are computed with SQL over the frontier, so they are right after a resume too (the
counts of the killed run are in the database, not in memory).
"""
from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from datetime import UTC, datetime

from server.crawler import status_codes as sc
from server.crawler.frontier import Frontier


def _host(queue: str) -> str:
    return queue.rsplit(":", 1)[0] if queue.count(":") == 1 else queue


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _duration(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 86400}d{s % 86400 // 3600}h{s % 3600 // 60}m{s % 60}s{int((seconds - s) * 1000)}ms"


def write_reports(job_dir: str, frontier: Frontier, crawl_name: str, status: str, elapsed: float,
                  processors: dict[str, dict[str, int]]) -> None:
    """Write crawl, hosts, mimetype, responsecode, seeds, frontier and processors reports."""
    db = frontier.db
    hosts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0])
    # urls, bytes, robots-blocked, remaining, novel urls, novel bytes, dup urls ; dup bytes kept apart
    dup_bytes: dict[str, int] = defaultdict(int)
    for queue, state, status_code, n, size, dup in db.execute(
            "SELECT queue, state, status, COUNT(*), COALESCE(SUM(size), 0), dup FROM uris"
            " GROUP BY queue, state, status, dup"):
        h = hosts[_host(queue)]
        if state != 2:
            h[3] += n
            continue
        if status_code == sc.S_ROBOTS_PRECLUDED:
            h[2] += n
        if status_code is not None and status_code > 0:
            h[0] += n
            h[1] += size
            if dup:
                h[6] += n
                dup_bytes[_host(queue)] += size
            else:
                h[4] += n
                h[5] += size
    with open(os.path.join(job_dir, "hosts-report.txt"), "w", encoding="utf-8") as fh:
        fh.write("[#urls] [#bytes] [host] [#robots] [#remaining] [#novel-urls] [#novel-bytes] "
                 "[#dup-by-hash-urls] [#dup-by-hash-bytes] [#not-modified-urls] [#not-modified-bytes]\n")
        for host, h in sorted(hosts.items(), key=lambda kv: (-kv[1][0], kv[0])):
            if h[0] == 0 and h[3] == 0 and h[2] == 0:
                continue
            fh.write(f"{h[0]} {h[1]} {host} {h[2]} {h[3]} {h[4]} {h[5]} {h[6]} {dup_bytes[host]} 0 0\n")

    with open(os.path.join(job_dir, "mimetype-report.txt"), "w", encoding="utf-8") as fh:
        fh.write("[#urls] [#bytes] [mime-types]\n")
        for mime, n, size in db.execute(
                "SELECT mime, COUNT(*), COALESCE(SUM(size), 0) FROM uris WHERE state=2 AND status>0"
                " GROUP BY mime ORDER BY 2 DESC, 1"):
            fh.write(f"{n} {size} {mime or 'no-type'}\n")

    with open(os.path.join(job_dir, "responsecode-report.txt"), "w", encoding="utf-8") as fh:
        fh.write("[#urls] [rescode]\n")
        for code, n in db.execute(
                "SELECT status, COUNT(*) FROM uris WHERE state=2 GROUP BY status ORDER BY 2 DESC, 1"):
            fh.write(f"{n} {code}\n")

    seeds_crawled = seeds_total = 0
    with open(os.path.join(job_dir, "seeds-report.txt"), "w", encoding="utf-8") as fh:
        fh.write("[code] [status] [seed] [redirect]\n")
        for url, state, code, redirect in db.execute(
                "SELECT url, state, status, redirect FROM uris WHERE is_seed=1 ORDER BY id"):
            seeds_total += 1
            crawled = state == 2 and code is not None and code > 0
            seeds_crawled += crawled
            label = "CRAWLED" if crawled else ("NOTCRAWLED" if state == 2 else "QUEUED")
            fh.write(f"{code if code is not None else 0} {label} {url}{' ' + redirect if redirect else ''}\n")

    with open(os.path.join(job_dir, "frontier-summary-report.txt"), "w", encoding="utf-8") as fh:
        fh.write("[#queued] [queue]\n")
        for queue, n in db.execute(
                "SELECT queue, COUNT(*) FROM uris WHERE state IN (0, 1) GROUP BY queue ORDER BY 2 DESC, 1"):
            fh.write(f"{n} {queue}\n")

    totals = db.execute(
        "SELECT SUM(status>0), SUM(status<=0 AND status>-4000), SUM(status<=-4000),"
        " COALESCE(SUM(CASE WHEN status>0 THEN size END), 0),"
        " COALESCE(SUM(CASE WHEN status>0 AND dup=0 THEN size END), 0), SUM(status>0 AND dup=0),"
        " SUM(status>0 AND dup=1), COALESCE(SUM(CASE WHEN status>0 AND dup=1 THEN size END), 0)"
        " FROM uris WHERE state=2").fetchone()
    ok, failed, disregarded, total_bytes, novel_bytes, novel, dups, dup_total = (v or 0 for v in totals)
    with open(os.path.join(job_dir, "crawl-report.txt"), "w", encoding="utf-8") as fh:
        rate = ok / elapsed if elapsed > 0 else 0.0
        fh.write(f"crawl name: {crawl_name}\n")
        fh.write(f"crawl status: {status}\n")
        fh.write(f"duration: {_duration(elapsed)}\n")
        fh.write(f"seeds crawled: {seeds_crawled}\n")
        fh.write(f"seeds uncrawled: {seeds_total - seeds_crawled}\n")
        fh.write(f"hosts visited: {sum(1 for h in hosts.values() if h[0])}\n")
        fh.write(f"URIs processed: {ok + failed + disregarded}\n")
        fh.write(f"URI successes: {ok}\n")
        fh.write(f"URI failures: {failed}\n")
        fh.write(f"URI disregards: {disregarded}\n")
        fh.write(f"novel URIs: {novel}\n")
        fh.write(f"duplicate-by-hash URIs: {dups}\n")
        fh.write(f"total crawled bytes: {total_bytes}\n")
        fh.write(f"novel crawled bytes: {novel_bytes}\n")
        fh.write(f"duplicate-by-hash crawled bytes: {dup_total}\n")
        fh.write(f"URIs/sec: {rate:.2f}\n")
        fh.write(f"KB/sec: {total_bytes / 1024 / elapsed if elapsed > 0 else 0:.0f}\n")

    with open(os.path.join(job_dir, "processors-report.txt"), "w", encoding="utf-8") as fh:
        fh.write("Processors report - " + _iso(time.time()) + "\n")
        for name, counters in processors.items():
            fh.write(f"\nProcessor: {name}\n")
            for key, value in counters.items():
                fh.write(f"  {key}: {value}\n")


class ProgressStatistics:
    """progress-statistics.log: a header, then a line every interval, then CRAWL ENDED."""

    HEADER = ("timestamp  discovered  queued  downloaded  doc/s(avg)  KB/s(avg)  dl-failures  busy-thread"
              "  mem-use-KB  heap-size-KB  congestion  max-depth  avg-depth")

    def __init__(self, path: str):
        new = not os.path.exists(path)
        self._fh = open(path, "a", encoding="utf-8")
        if new:
            self._fh.write(self.HEADER + "\n")
        self._fh.flush()
        self._last = (time.monotonic(), 0, 0)

    def line(self, discovered: int, queued: int, downloaded: int, failures: int, busy: int, total_bytes: int,
             elapsed: float, rss_kb: int) -> None:
        now = time.monotonic()
        t0, docs0, bytes0 = self._last
        span = max(now - t0, 1e-6)
        doc_rate = (downloaded - docs0) / span
        kb_rate = (total_bytes - bytes0) / 1024 / span
        avg_doc = downloaded / elapsed if elapsed > 0 else 0
        avg_kb = total_bytes / 1024 / elapsed if elapsed > 0 else 0
        self._fh.write(f"{_iso(time.time())} {discovered:>11} {queued:>7} {downloaded:>11} "
                       f"{doc_rate:.2f}({avg_doc:.2f}) {kb_rate:.0f}({avg_kb:.0f}) {failures:>12} {busy:>12} "
                       f"{rss_kb:>11} {rss_kb:>13} {0:>11} {0:>10} {0:>10}\n")
        self._fh.flush()
        self._last = (now, downloaded, total_bytes)

    def ended(self, reason: str) -> None:
        self._fh.write(f"{_iso(time.time())} CRAWL ENDED - {reason}\n")
        self._fh.close()


def write_domain_stats(job_dir: str, rows: list[dict]) -> str:
    """domain-stats.json: [{domain, objects, bytes, stop_reason}] for the harvester."""
    path = os.path.join(job_dir, "domain-stats.json")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump({"domains": rows}, fh, indent=1, sort_keys=True)
    os.replace(tmp, path)
    return path
