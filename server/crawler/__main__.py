"""``python -m server.crawler JOB_DIR``: run one crawl job.

Exit status: 0 when the crawl ended (finished, time limit, or stopped by SIGTERM/SIGINT after
closing its WARC files and writing its reports); 2 for a missing or invalid job spec (the
problems go to stderr, one per line); 1 for an unexpected failure.
"""
from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import sys

from server.crawler import stop_signals
from server.crawler.shards import coordinate, shard_dirs, start_parts
from server.crawler.spec import SpecError, find_spec, load_spec
from shared.enums import StopReason


def _event_loop_run(main):
    """asyncio.run on uvloop where it is installed (a pinned dependency): the crawler's HTTP
    client is a plain asyncio.Protocol, and libuv's loop costs a fraction of the default one's
    per callback and per socket event (#36: the loop was an eighth of a URI's CPU)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - the standard loop runs the same code
        return asyncio.run(main)
    return uvloop.run(main)


async def _run(job_dir: str, spec, logins) -> str:
    """One crawler process's crawl (a whole job, or one part of a job of several processes)."""
    from server.crawler.engine import Crawler

    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()
    stop_signals.on_stop(lambda: loop.call_soon_threadsafe(stopped.set))
    try:
        if stop_signals.received:
            stopped.set()
        crawler = await _open(lambda: Crawler(job_dir, spec, logins=logins), stopped)
        if crawler is None:
            return StopReason.UNFINISHED
        stop_signals.on_stop(lambda: _stop_now(loop, crawler))
        if stopped.is_set():
            crawler.stop()
        try:
            return await crawler.run()
        finally:
            await crawler.close()
    finally:
        stop_signals.on_stop(None)      # a later stop is only recorded: the crawl has ended


def _stop_now(loop: asyncio.AbstractEventLoop, crawler) -> None:
    """A stop while the crawl runs, whatever it is doing: the handler runs between two bytecodes,
    so the scope's regex matches let it run mid-match. It shortens the scope's match limit at
    once, so the rest of a page's outlinks are scoped quickly (they are scoped without
    yielding), and hands the stop itself to the loop."""
    crawler.scope.stopping()
    loop.call_soon_threadsafe(crawler.stop)


def _coordinate(job_dir: str, spec_path: str, spec) -> str:
    """A job run over several processes: this one plans the parts, forks them (before it has an
    event loop or a thread, with the crawler imported once for all: part_process.py) and then
    coordinates them (shards.py)."""
    import server.crawler.engine  # noqa: F401 - imported once here, inherited by every part

    raw = sys.stdin.buffer.read() if spec.logins_stdin else None
    dirs, parts = start_parts(job_dir, spec_path, spec, lambda d: _run_part(d, raw))
    end, status = _event_loop_run(coordinate(job_dir, spec, dirs, parts))
    if status:
        raise PartFailed(end)
    return end


def _run_part(part_dir: str, logins_raw: bytes | None) -> int:
    """A forked part's whole life (its exit status): its own log file and event loop. A stop
    the coordinator had received before the fork is the coordinator's to pass on."""
    stop_signals.keep_own()
    root = logging.getLogger()
    for handler in root.handlers[:]:          # the coordinator's crawler.log
        root.removeHandler(handler)
        handler.close()
    logins = None
    if logins_raw is not None:
        from server.crawler.logins import read_logins

        logins = read_logins(io.StringIO(logins_raw.decode("utf-8", "replace")))
    return _crawl(part_dir, find_spec(part_dir), lambda spec: _event_loop_run(_run(part_dir, spec, logins)))


class PartFailed(Exception):
    """A part of a crawl run over several processes failed (see its crawler.log)."""


async def _open(make, stopped: asyncio.Event):
    """``make()``, waiting while the disk is too full to open the job's files (the frontier, crawl.log):
    the crawl starts once space returns, as a crawl paused by a full disk goes on. None when
    stopped meanwhile."""
    from server.crawler.disk_space import RETRY_FIRST_S, RETRY_MAX_S, is_no_space

    delay = RETRY_FIRST_S
    said = False
    while True:
        try:
            return make()
        except Exception as exc:
            if not is_no_space(exc):
                raise
            if not said:
                said = True
                print(f"crawl waits for disk space to start: {exc}", file=sys.stderr, flush=True)
        try:
            await asyncio.wait_for(stopped.wait(), delay)
            return None
        except TimeoutError:
            delay = min(delay * 2, RETRY_MAX_S)


def main(argv: list[str] | None = None) -> int:
    stop_signals.install()
    parser = argparse.ArgumentParser(prog="python -m server.crawler", description="Run one crawl job.")
    parser.add_argument("job_dir", help="job directory holding crawl-job.yaml or crawl-job.json")
    parser.add_argument("--spec", help="spec file (default: the one in the job directory)")
    args = parser.parse_args(argv)
    job_dir = os.path.abspath(args.job_dir)
    try:
        spec_path = args.spec or find_spec(job_dir)
        load_spec(spec_path)  # validate before anything is written into the job directory
    except SpecError as exc:
        for problem in exc.problems:
            print(f"crawl job spec error: {problem}", file=sys.stderr)
        return 2
    return _crawl(job_dir, spec_path, lambda spec: _single_or_coordinated(job_dir, spec_path, spec))


def _single_or_coordinated(job_dir: str, spec_path: str, spec) -> str:
    if spec.shard.count == 1 and (spec.profile.processes > 1 or shard_dirs(job_dir)):
        return _coordinate(job_dir, spec_path, spec)
    logins = None
    if spec.logins_stdin:  # passwords arrive here, never through the job directory
        from server.crawler.logins import read_logins

        logins = read_logins(sys.stdin)
    return _event_loop_run(_run(job_dir, spec, logins))


def _crawl(job_dir: str, spec_path: str, run) -> int:
    """``run(spec)`` with the job's crawler.log set up; the exit status."""
    logging.basicConfig(filename=os.path.join(job_dir, "crawler.log"), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        end = run(load_spec(spec_path))
    except Exception:  # noqa: BLE001 - reported, then a non-zero exit for the harvester
        logging.exception("crawl failed")
        print("crawl failed: see crawler.log in the job directory", file=sys.stderr)
        return 1
    finally:
        stop_signals.ignore()           # nothing is left to stop; the exit status stays ours
    logging.info("crawl ended: %s", end)
    return 0


if __name__ == "__main__":
    sys.exit(main())
