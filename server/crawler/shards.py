"""One crawl job run by several crawler processes (``profile.processes`` > 1).

One Python process fetches, parses and writes about a thousand URIs a second on one core; a
harvester machine has more. As NetarchiveSuite splits a snapshot harvest into jobs by domain
(each job one Heritrix), the job's seeds are shared out by registered domain among N *parts*,
each an ordinary crawler process with its own frontier, crawl.log and reports under
``<job>/shard-NN/`` and its WARC files written straight into the job's directory (named
``...-<host>-sNN.warc.gz``, so the harvester's upload watcher and recovery see them as always).
A domain lives in exactly one part, so its quotas, politeness and deduplication are what one
process would do. What differs from one process, as between NetarchiveSuite's jobs: a link from
one part's domain to a seed domain of another part is out of that part's scope (the other part
reaches it from its own seeds), and an embedded object on a shared host (a CDN) may be fetched
by two parts. See docs/decisions/crawler-processes.md.

This process (the *coordinator*) only starts the parts and speaks for them:

- the parts' progress lines are summed into one line every ``progress_interval_s``, in the
  format of a single crawler's (the harvester reads it the same way);
- SIGTERM/SIGINT are passed on; each part ends as a single crawler does (reports, closed WARCs);
- the site logins read on stdin are handed to every part in memory (the parts are forked:
  server/crawler/part_process.py);
- at the end (and after a crash, by the harvester: :func:`merge_outputs`), the parts' crawl.logs
  are merged in time order into ``<job>/crawl.log``, the reports are written over all parts'
  frontiers at once (the same SQL over a view of every part's table), domain-stats.json is the
  union of the parts' (domains are disjoint), and each part's crawler.log and
  progress-statistics.log are appended to the job's, under a heading.

A resume finds ``shards.json`` and runs the same parts again, whatever the profile says now.
The harvester freezes and kills the coordinator's process group (the parts are in it); a part
whose coordinator dies gets SIGTERM from the kernel.
"""
from __future__ import annotations

import asyncio
import heapq
import json
import logging
import math
import os
import signal
import sqlite3
import sys
import time
import zlib
from collections.abc import Iterator
from typing import Any

from server.crawler import stop_signals
from server.crawler.part_process import ForkedPart, fork_parts

log = logging.getLogger(__name__)

PLAN_FILE = "shards.json"
MERGED_MARK = "shards-merged"
SHARD_DIR = "shard-{:02d}"
SPEC_NAME = "crawl-job.json"
SEEDS_NAME = "seeds.txt"
#: summed in the coordinator's progress line
_SUMS = ("uris_done", "downloaded", "queued", "bytes", "rate", "active_hosts")


def shard_suffix(index: int) -> str:
    """What a part adds to its WARC files' names."""
    return f"-s{index:02d}"


def shard_of(domain: str, count: int) -> int:
    """The part a registered domain belongs to (the same in every run: CRC-32, not ``hash``)."""
    return zlib.crc32(domain.encode("utf-8", "surrogatepass")) % count if count > 1 else 0


def shard_dirs(job_dir: str) -> list[str]:
    """The parts' directories of a job run over several processes; [] for a single process."""
    try:
        with open(os.path.join(job_dir, PLAN_FILE), encoding="utf-8") as fh:
            count = int(json.load(fh)["count"])
    except (OSError, ValueError, KeyError, TypeError):
        return []
    return [os.path.join(job_dir, SHARD_DIR.format(i)) for i in range(count)]


# --- planning ---------------------------------------------------------------------------------

def _raw_spec(spec_path: str) -> dict[str, Any]:
    import yaml

    with open(spec_path, encoding="utf-8") as fh:
        text = fh.read()
    return json.loads(text) if spec_path.endswith(".json") else yaml.safe_load(text)


def _seed_lines(spec) -> Iterator[str]:
    yield from spec.seeds
    if spec.seeds_file:
        with open(spec.seeds_file, encoding="utf-8", errors="replace") as fh:
            yield from fh


def plan(job_dir: str, spec_path: str, spec) -> list[str]:
    """Share the seeds out among ``spec.profile.processes`` parts and write each part's spec;
    returns the parts' directories. Done once: a resume finds the plan and keeps it."""
    dirs = shard_dirs(job_dir)
    if dirs:
        return dirs
    from server.crawler.scope import domain_of
    from server.crawler.urls import BadUrl, parse_url

    count = spec.profile.processes
    dirs = [os.path.join(job_dir, SHARD_DIR.format(i)) for i in range(count)]
    for d in dirs:
        os.makedirs(d, exist_ok=True)
    outs = [open(os.path.join(d, SEEDS_NAME), "w", encoding="utf-8") for d in dirs]
    try:
        domains: dict[str, int] = {}
        for raw in _seed_lines(spec):
            line = raw.strip()
            if not line or line[0] == "#":
                continue
            try:
                host = parse_url(line if "://" in line else "http://" + line).host
            except BadUrl:
                outs[0].write(line + "\n")      # the first part logs it as a bad seed
                continue
            part = domains.get(host)
            if part is None:
                if len(domains) >= 100_000:
                    domains.clear()
                part = domains[host] = shard_of(domain_of(host), count)
            outs[part].write(line + "\n")
    finally:
        for fh in outs:
            fh.close()
    raw = _raw_spec(spec_path)
    profile = dict(raw.get("profile") or {})
    profile["processes"] = 1
    # fetches in flight over the whole job, as one process would have them
    profile["max_workers"] = max(1, math.ceil(spec.profile.max_workers / count))
    dedup = dict(raw.get("dedup") or {})
    if spec.dedup.index:
        dedup["index"] = spec.dedup.index        # resolved against the job's directory already
    for i, d in enumerate(dirs):
        part = {**raw, "seeds": [], "seeds_file": SEEDS_NAME, "profile": profile,
                "shard": {"index": i, "count": count, "warc_dir": ".."}}
        if dedup:
            part["dedup"] = dedup
        _write_json(os.path.join(d, SPEC_NAME), part)
    _write_json(os.path.join(job_dir, PLAN_FILE), {"count": count})   # last: the plan is whole
    return dirs


def _write_json(path: str, value: Any) -> None:
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        json.dump(value, fh, indent=1)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(path + ".tmp", path)


# --- running ----------------------------------------------------------------------------------

class Coordinator:
    """Runs the parts and speaks for them (see the module's docstring)."""

    def __init__(self, job_dir: str, spec, dirs: list[str], stdout=None):
        self.job_dir = job_dir
        self.spec = spec
        self.dirs = dirs
        self.out = stdout if stdout is not None else sys.stdout
        self.latest: list[dict[str, Any]] = [{} for _ in dirs]
        self.procs: list[ForkedPart] = []
        self.stopping = False

    async def run(self, parts: list[ForkedPart]) -> tuple[str, int]:
        """Watch the ``parts`` (forked already, one per directory) to their end; (the job's end,
        exit status: 1 when a part failed)."""
        ticker = asyncio.create_task(self._ticker())
        try:
            for part in parts:
                await part.attach()
                self.procs.append(part)
            if self.stopping:                    # a stop that came while the parts started
                self.stop()
            readers = [asyncio.create_task(self._read(i, p)) for i, p in enumerate(self.procs)]
            codes = [await p.wait() for p in self.procs]
            await asyncio.gather(*readers)
        except BaseException:
            # never leave parts writing behind this process's back (the harvester would recover
            # their files while they are still written): stop them and wait for their end
            self.procs = parts
            self.stop()
            for p in parts:
                await p.wait()
            raise
        finally:
            ticker.cancel()
        ends = [str(line.get("finished") or "unfinished") for line in self.latest]
        end = _job_end(ends)
        for i, code in enumerate(codes):
            if code != 0:
                log.error("crawler part %d (%s) ended with exit status %s", i, self.dirs[i], code)
        merge_outputs(self.job_dir, self.spec, end)
        self._line(final=True, end=end)
        return end, 0 if all(c == 0 for c in codes) else 1

    def stop(self, *_args) -> None:
        """SIGTERM/SIGINT: every part stops as a single crawler does."""
        self.stopping = True
        for p in self.procs:
            if p.returncode is None:
                try:
                    p.send_signal(signal.SIGTERM)
                except ProcessLookupError:
                    pass

    async def _read(self, index: int, proc: ForkedPart) -> None:
        assert proc.stdout is not None
        while True:
            try:
                line = await proc.stdout.readline()
            except (ValueError, asyncio.LimitOverrunError):
                continue                         # an over-long line is not a progress line
            if not line:
                return
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                self.latest[index] = value

    async def _ticker(self) -> None:
        interval = max(0.1, self.spec.profile.progress_interval_s)
        while True:
            await asyncio.sleep(interval)
            self._line()

    def _line(self, final: bool = False, end: str = "") -> None:
        line = combine(self.latest)
        if final:
            line["finished"] = end
            line["peak_rss_kb"] = sum(int(p.get("peak_rss_kb") or 0) for p in self.latest)
        try:
            self.out.write(json.dumps(line) + "\n")
            self.out.flush()
        except (OSError, ValueError):
            pass                                  # a closed stdout must not stop the crawl


def combine(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One progress line for the job from each part's latest."""
    line: dict[str, Any] = {k: 0 for k in _SUMS}
    for p in parts:
        for k in _SUMS:
            line[k] += p.get(k) or 0
    line["rate"] = round(line["rate"], 2)
    line["elapsed"] = max((float(p.get("elapsed") or 0) for p in parts), default=0.0)
    full = [p for p in parts if p.get("disk_full")]
    if full:
        line["disk_full"] = full[0]["disk_full"]
        line["disk_full_s"] = max(float(p.get("disk_full_s") or 0) for p in full)
    line["processes"] = len(parts)
    return line


def _job_end(ends: list[str]) -> str:
    if all(e == "finished" for e in ends):
        return "finished"
    from shared.enums import StopReason

    if any(e == StopReason.TIME_LIMIT for e in ends):
        return StopReason.TIME_LIMIT
    return StopReason.UNFINISHED


def start_parts(job_dir: str, spec_path: str, spec, run_part) -> tuple[list[str], list[ForkedPart]]:
    """Plan the parts (once: a resume keeps its plan) and fork them, each running
    ``run_part(dir)``: before the coordinator has an event loop or a thread."""
    dirs = plan(job_dir, spec_path, spec)
    _forget_merge(job_dir)
    return dirs, fork_parts(dirs, run_part)


async def coordinate(job_dir: str, spec, dirs: list[str], parts: list[ForkedPart]) -> tuple[str, int]:
    """``python -m server.crawler`` for a job of several processes, once its parts are forked.
    A stop (stop_signals.py) is passed on to every part; one that came before this loop is
    passed on once the parts are watched."""
    c = Coordinator(job_dir, spec, dirs)
    loop = asyncio.get_running_loop()
    stop_signals.on_stop(lambda: loop.call_soon_threadsafe(c.stop))
    try:
        if stop_signals.received:
            c.stopping = True
        return await c.run(parts)
    finally:
        stop_signals.on_stop(None)


# --- merging the parts' outputs ---------------------------------------------------------------

def _forget_merge(job_dir: str) -> None:
    """A resumed job merges again at its end."""
    try:
        os.remove(os.path.join(job_dir, MERGED_MARK))
    except FileNotFoundError:
        pass


def merge_outputs(job_dir: str, spec=None, end: str = "") -> bool:
    """Write the job's crawl.log, reports, domain-stats.json, crawler.log and
    progress-statistics.log from its parts'. Idempotent (the harvester calls it after a crash of
    the coordinator); False for a job of one process."""
    dirs = shard_dirs(job_dir)
    if not dirs:
        return False
    if os.path.exists(os.path.join(job_dir, MERGED_MARK)):
        return True
    _merge_crawl_logs(job_dir, dirs)
    _merge_page_lists(job_dir, dirs)
    _merge_domain_stats(job_dir, dirs)
    _merge_reports(job_dir, dirs, spec, end)
    for name in ("crawler.log", "progress-statistics.log", "browser.log"):
        if name != "browser.log" or any(os.path.exists(os.path.join(d, name)) for d in dirs):
            _append_parts(job_dir, dirs, name)
    with open(os.path.join(job_dir, MERGED_MARK), "w", encoding="utf-8") as fh:
        fh.write(time.strftime("%Y-%m-%dT%H:%M:%SZ\n", time.gmtime()))
    return True


def _merge_crawl_logs(job_dir: str, dirs: list[str]) -> None:
    """One crawl.log in time order (each part's is: lines begin with their ISO time stamp)."""
    files = []
    try:
        for d in dirs:
            path = os.path.join(d, "crawl.log")
            if os.path.exists(path):
                files.append(open(path, encoding="utf-8", errors="surrogateescape"))
        out = os.path.join(job_dir, "crawl.log")
        with open(out + ".tmp", "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.writelines(heapq.merge(*files, key=lambda line: line[:24]))
        os.replace(out + ".tmp", out)
    finally:
        for f in files:
            f.close()


def _merge_page_lists(job_dir: str, dirs: list[str]) -> None:
    """One pages.jsonl (browser capture's page list): one header, then every part's pages."""
    from server.crawler.page_list import PAGES_FILE, PAGES_HEADER

    parts = [os.path.join(d, PAGES_FILE) for d in dirs if os.path.exists(os.path.join(d, PAGES_FILE))]
    if not parts:
        return
    out = os.path.join(job_dir, PAGES_FILE)
    with open(out + ".tmp", "w", encoding="utf-8") as fh:
        fh.write(json.dumps(PAGES_HEADER) + "\n")
        for path in parts:
            with open(path, encoding="utf-8", errors="replace") as part:
                fh.writelines(line for line in part if line.strip() and '"format"' not in line[:40])
    os.replace(out + ".tmp", out)


def _merge_domain_stats(job_dir: str, dirs: list[str]) -> None:
    from server.crawler.reports import write_domain_stats

    rows: list[dict] = []
    for d in dirs:
        try:
            with open(os.path.join(d, "domain-stats.json"), encoding="utf-8") as fh:
                rows.extend(json.load(fh).get("domains") or [])
        except (OSError, ValueError, AttributeError):
            continue                              # a part that never wrote its statistics
    write_domain_stats(job_dir, sorted(rows, key=lambda r: str(r.get("domain"))))


class _AllParts:
    """What :func:`write_reports` reads of a frontier (``db``), over every part's frontier: a
    temporary view ``uris`` unites the parts' tables, read only."""

    def __init__(self, frontiers: list[str]):
        self.db = sqlite3.connect("file::memory:", uri=True)    # uri: the parts are attached read-only
        names = []
        for i, path in enumerate(frontiers):
            self.db.execute(f"ATTACH DATABASE ? AS p{i}", (f"file:{path}?mode=ro",))
            names.append(f"SELECT * FROM p{i}.uris")
        self.db.execute("CREATE TEMP VIEW uris AS " + " UNION ALL ".join(names))

    def close(self) -> None:
        self.db.close()


def _merge_reports(job_dir: str, dirs: list[str], spec, end: str) -> None:
    from server.crawler.reports import write_reports

    frontiers = [os.path.join(d, "frontier.sqlite") for d in dirs if os.path.exists(os.path.join(d, "frontier.sqlite"))]
    if not frontiers:
        return
    processors: dict[str, dict[str, int]] = {}
    elapsed = 0.0
    for d in dirs:
        _add_processors(os.path.join(d, "processors-report.txt"), processors)
        elapsed = max(elapsed, _reported_elapsed(os.path.join(d, "frontier.sqlite")))
    status = {"finished": "Finished", "time-limit": "Finished - Timelimit hit"}.get(end, "Finished - Ended by operator")
    name = f"{spec.job_id}-{spec.harvest_id}" if spec is not None else os.path.basename(job_dir)
    parts = _AllParts(frontiers)
    try:
        write_reports(job_dir, parts, name, status, elapsed, processors)
    finally:
        parts.close()


def _reported_elapsed(frontier: str) -> float:
    try:
        db = sqlite3.connect(f"file:{frontier}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT value FROM meta WHERE name='elapsed'").fetchone()
        finally:
            db.close()
        return float(row[0]) if row else 0.0
    except (sqlite3.Error, ValueError):
        return 0.0


def _add_processors(path: str, into: dict[str, dict[str, int]]) -> None:
    """Sum a part's processors-report.txt into ``into``."""
    try:
        with open(path, encoding="utf-8") as fh:
            current = None
            for line in fh:
                if line.startswith("Processor: "):
                    current = into.setdefault(line[len("Processor: "):].strip(), {})
                elif current is not None and line.startswith("  ") and ":" in line:
                    key, _, value = line.strip().partition(":")
                    try:
                        current[key] = current.get(key, 0) + int(value)
                    except ValueError:
                        continue
    except OSError:
        return


def _append_parts(job_dir: str, dirs: list[str], name: str) -> None:
    with open(os.path.join(job_dir, name), "a", encoding="utf-8", errors="surrogateescape") as out:
        for i, d in enumerate(dirs):
            path = os.path.join(d, name)
            if not os.path.exists(path):
                continue
            out.write(f"==> part {i} ({os.path.basename(d)}) <==\n")
            with open(path, encoding="utf-8", errors="surrogateescape") as fh:
                for line in fh:
                    out.write(line)
