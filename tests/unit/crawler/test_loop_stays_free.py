"""A large capture in flight does not stall the crawl (issue 15): while a 300 MB response is
fetched, digested, link-scanned and gzipped into the WARC, other hosts' fetches keep completing,
progress lines keep coming at their interval, and a 15 s timeout elsewhere fires within 16 s."""
from __future__ import annotations

import asyncio
import contextlib
import os
import time
from datetime import UTC, datetime

from crawler_helpers import read_results, warcio_check, write_spec
from rawweb import RawWeb, response

from server.crawler import status_codes as sc
from server.crawler.engine import Crawler
from server.crawler.spec import load_spec

MB = 1024 * 1024
_BLOCK = os.urandom(MB)  # incompressible: gzip of the capture takes seconds, as on real video


def _big(sock, _path) -> bool:
    sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n\r\n"
                 % (300 * MB))
    for _ in range(300):
        sock.sendall(_BLOCK)
    return True


def _chain(sock, path) -> bool:
    n = int(path.rsplit("/", 1)[1])
    time.sleep(0.02)
    sock.sendall(response(f'<a href="/p/{n + 1}">next</a>'.encode()))
    return True


class _Hang:
    def __init__(self) -> None:
        self.asked: float | None = None

    def __call__(self, sock, _path) -> bool:
        self.asked = time.time()
        time.sleep(25)
        return False


class _TimedOut:
    """stdout for the crawler that notes when each progress line came."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def write(self, text: str) -> None:
        self.times.append(time.monotonic())

    def flush(self) -> None:
        pass


def _log_time(line: dict) -> float:
    return datetime.strptime(line["timestamp"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


def _fetch_span(line: dict) -> tuple[float, float]:
    stamp, _, ms = line["fetch"].partition("+")
    start = datetime.strptime(stamp, "%Y%m%d%H%M%S%f").replace(tzinfo=UTC).timestamp()
    return start, start + int(ms) / 1000


def test_a_300mb_capture_does_not_stall_other_fetches_progress_or_timeouts(tmp_path):
    hang = _Hang()
    job = tmp_path / "job"
    with contextlib.ExitStack() as stack:
        big = stack.enter_context(RawWeb({"/big": _big}))
        hanging = stack.enter_context(RawWeb({"/hang": hang}))
        chains = [stack.enter_context(RawWeb(_PrefixHandlers("/p/", _chain))) for _ in range(8)]
        seeds = [big.url("/big"), hanging.url("/hang")] + [w.url("/p/0") for w in chains]
        path = write_spec(job, seeds, None, robots="ignore", max_workers=20, progress_interval_s=0.5,
                          fetch={"max_object_bytes": 1024 * MB, "read_timeout_s": 15, "fetch_timeout_s": 120,
                                 "max_retries": 0},
                          scope={"max_hops": 100_000})
        out = _TimedOut()
        wanted = (big.url("/big"), hanging.url("/hang"))

        async def go() -> None:
            crawler = Crawler(str(job), load_spec(path), stdout=out)

            async def stop_when_done() -> None:
                while True:
                    await asyncio.sleep(0.5)
                    logged = {line.split()[3] for line in open(job / "crawl.log") if line.strip()}
                    if all(u in logged for u in wanted):
                        crawler.stop()
                        return

            watcher = asyncio.create_task(stop_when_done())
            try:
                await asyncio.wait_for(crawler.run(), 300)
            finally:
                watcher.cancel()
                await crawler.close()

        asyncio.run(go())
    r = read_results(job)
    big_line = r["by_url"][big.url("/big")][0]
    assert big_line["status"] == "200" and big_line["annotations"] == "-" and int(big_line["size"]) > 300 * MB
    big_start, big_fetched = _fetch_span(big_line)
    big_logged = _log_time(big_line)
    # other hosts' fetches completed all through the big capture's fetch and processing
    others = sorted(_log_time(line) for line in r["log"] if "/p/" in line["url"] and line["status"] == "200")
    during = [t for t in others if big_start <= t <= big_logged]
    marks = [big_start, *during, big_logged]
    gaps = [b - a for a, b in zip(marks, marks[1:], strict=False)]
    # A loop stalled by the big capture's digest and WARC write completes nothing and prints
    # nothing for as long as they take, so a gap of half of that still shows a stall, on a slow
    # machine as on a fast one. With the loop free a loaded machine still stretches the gaps:
    # 4.2 s at a load of 12 on 2 cores; on a slower 2-core machine running six shards at once,
    # 7.9 s while the big capture took 51 s, and a progress gap of 2.08 s. (A stalled loop
    # showed a 13 s gap.)
    processing = big_logged - big_fetched
    assert max(gaps) < max(6.0, processing / 2), (max(gaps), big_fetched - big_start, processing)
    # progress lines kept their 0.5 s interval, with the same room for a loaded machine
    progress_gaps = [b - a for a, b in zip(out.times, out.times[1:], strict=False)]
    assert progress_gaps and max(progress_gaps) < max(2.0, processing / 2), (max(progress_gaps), processing)
    # the read timeout measured what it says
    hang_line = r["by_url"][hanging.url("/hang")][0]
    assert int(hang_line["status"]) == sc.S_TIMEOUT
    assert hang.asked is not None and _log_time(hang_line) - hang.asked < 16.0
    warcio_check(r["warcs"])


class _PrefixHandlers(dict):
    """Handlers for RawWeb: any path under ``prefix`` goes to one handler."""

    def __init__(self, prefix: str, handler) -> None:
        super().__init__()
        self.prefix = prefix
        self.handler = handler

    def get(self, path, default=None):
        return self.handler if path.startswith(self.prefix) else default

