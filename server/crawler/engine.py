"""The crawl engine: workers that take a ready host, fetch its next URI and record the result.

For each URI, in order: quota check (QuotaEnforcer), prerequisites (DNS unless a proxy resolves
for us, robots.txt when obeyed), fetch with retries, WARC unit, crawl.log line, frontier update,
link extraction and scoping of the outlinks. Everything that can fail on bad input (a URL, a
page, a server) is turned into a crawl.log status; an unexpected exception in one URI is
logged with -5 and the crawl goes on.

This module holds set-up, resume, the workers and the run's end; a host's prerequisites are in
prerequisites.py, and what is written for a URI's result (WARC unit, crawl.log, counters,
outlinks into the frontier) in results.py.
"""
from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import re
import resource
import socket
import sys
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from server.crawler import status_codes as sc
from server.crawler.crawl_log import CrawlLog, LogEntry
from server.crawler.dedup import DedupIndex, open_index
from server.crawler.disk_space import CrawlStopped, DiskSpace, is_no_space
from server.crawler.frontier import Frontier, QueuedUri
from server.crawler.http_client import Capture, FetchError, HttpClient
from server.crawler.logins import Login, LoginStore
from server.crawler.outlinks import OutlinkExtractor
from server.crawler.politeness import ROBOTS_FAILED, ROBOTS_KNOWN, HostQueue, HostScheduler
from server.crawler.prerequisites import Prerequisites
from server.crawler.quotas import DomainQuotas
from server.crawler.reports import ProgressStatistics, write_domain_stats, write_reports
from server.crawler.results import Results
from server.crawler.resume import open_files, recover_open_file
from server.crawler.robots import RobotsRules
from server.crawler.scope import CrawlScope, domain_of
from server.crawler.shards import shard_suffix
from server.crawler.spec import JobSpec
from server.crawler.spool import clear_directory
from server.crawler.urls import BadUrl, host_key, host_of, parse_url, seen_key
from server.crawler.warc_writer import WarcFiles
from shared.enums import StopReason

if TYPE_CHECKING:
    from server.crawler.browser.capture import BrowserCapture

log = logging.getLogger(__name__)

#: seconds fetches in flight get to finish after a stop (SIGTERM, time limit); the harvester
#: kills a cancelled crawl that has not ended some seconds later (harvester.cancel_grace)
STOP_GRACE = 3.0
#: captures up to this size are recorded while their worker fetches its next URI (one per worker)
DEFER_MAX_BYTES = 64 * 1024


class Crawler:
    """One crawl job, run in the current event loop by ``run()``."""

    def __init__(self, job_dir: str, spec: JobSpec, *, dedup_index: DedupIndex | None = None,
                 warc_options: dict | None = None, stdout=None, logins: list[Login] | None = None,
                 disk_space: DiskSpace | None = None):
        self.job_dir = job_dir
        self.spec = spec
        p = spec.profile
        self.profile = p
        self.out = stdout if stdout is not None else sys.stdout
        self.frontier = Frontier(os.path.join(job_dir, "frontier.sqlite"))
        self.resumed = self.frontier.get_meta("seeds_loaded") == "1"
        # a full disk pauses the crawl instead of failing its writes (see disk_space.py)
        self.space = disk_space or DiskSpace(job_dir, reserve_bytes=p.disk_reserve_bytes)
        self.crawl_log = CrawlLog(os.path.join(job_dir, "crawl.log"), self.space)
        self.space.retry_hooks.append(lambda: self._commit())  # space back: the frontier first
        info = {
            "software": "NetarchiveSuite-py crawler 0.1", "format": "WARC File Format 1.1",
            "conformsTo": "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/",
            "isPartOf": f"{spec.job_id}-{spec.harvest_id}", "hostname": socket.gethostname(),
            "operator": p.warc.operator, "description": p.warc.description,
            "http-header-user-agent": spec.user_agent, "robots": p.robots,
            "jobId": spec.job_id, "harvestId": spec.harvest_id, "harvestNum": str(spec.harvest_num),
        }
        # a part of a crawl run over several processes writes into the job's directory (shards.py)
        self.warc_dir = spec.shard.warc_dir or job_dir
        self.warc_suffix = shard_suffix(spec.shard.index) if spec.shard.count > 1 else ""
        self.warcs = WarcFiles(self.warc_dir, spec.job_id, spec.harvest_id, p.warc.max_size_bytes, info,
                               name_suffix=self.warc_suffix,
                               before_close=lambda _path: self.frontier.commit(), space=self.space,
                               **(warc_options or {}))
        spool_dir = os.path.join(job_dir, "spool")
        clear_directory(spool_dir)  # bodies a killed run never recorded
        self.client = HttpClient(p.fetch, spec.user_agent, p.contact, p.upstream_proxy, spool_dir=spool_dir,
                                 spool_threshold=p.fetch.spool_threshold_bytes)
        self.scope = CrawlScope(p.scope, spec.crawler_traps.job + spec.crawler_traps.global_)
        self.quotas = DomainQuotas(spec.quotas)
        self.scheduler = HostScheduler(p.politeness, p.max_workers)
        self.extractor = OutlinkExtractor(p.extract_javascript)
        self.dedup: DedupIndex | None = None
        if spec.dedup.enabled:
            self.dedup = dedup_index or open_index(spec.dedup.index)
        self.stop_reason: str | None = None  # why the crawl ended: None, time-limit, unfinished
        self.counters = {"downloaded": 0, "failures": 0, "bytes": 0, "discovered": 0, "queued": 0,
                         "duplicates": 0, "links": 0, "rejected": 0}
        self.processors: dict[str, dict[str, int]] = {
            "Fetcher": {"fetches": 0, "retries": 0, "truncated": 0},
            "ExtractorHTML": {"documents": 0, "links": 0},
            "ExtractorCSS": {"documents": 0, "links": 0},
            "ExtractorHTTP": {"locations": 0},
            "DeDuplicator": {"lookups": 0, "duplicates": 0},
            "WARCWriter": {"units": 0},
            "QuotaEnforcer": {"blocked": 0},
            "Scoper": {"accepted": 0, "rejected": 0},
        }
        self.started = time.monotonic()
        self.elapsed_before = float(self.frontier.get_meta("elapsed") or 0)
        self._workers: list[asyncio.Task] = []
        self._in_flight: dict[int, QueuedUri] = {}
        # a worker's last capture, still being recorded while the worker fetches its next URI
        # (see _defer_record): worker number → (task, URI)
        self._recording: dict[int, tuple[asyncio.Task, QueuedUri]] = {}
        self.results = Results(frontier=self.frontier, crawl_log=self.crawl_log, warcs=self.warcs,
                               quotas=self.quotas, scope=self.scope, scheduler=self.scheduler,
                               extractor=self.extractor, dedup=self.dedup,
                               dedup_exclude=re.compile(spec.dedup.mime_exclude),
                               counters=self.counters, processors=self.processors)
        self.prerequisites = Prerequisites(self.results, self._fetch, spec.user_agent)
        self.logins = LoginStore(logins or [])
        # pages rendered in a browser (profile.browser); None keeps the plain fetch path alone
        self.browser: BrowserCapture | None = None
        if p.browser.render != "none" or p.browser.url_patterns:
            # imported only here: a tenth of a second of start-up that crawls without a browser skip
            from server.crawler.browser.capture import BrowserCapture

            self.browser = BrowserCapture(self)

    # -- set-up ---------------------------------------------------------------------------
    def _prepare(self) -> None:
        if self.resumed:
            self.frontier.reset_in_flight()
            self.quotas.restore(self.frontier.load_domains())
            for (url,) in self.frontier.db.execute("SELECT url FROM uris WHERE is_seed=1 AND status IS NOT -7"):
                self.scope.add_seed(url)
            for path in open_files(self.warc_dir, self.warc_suffix):
                self._recover(path)
        else:
            self._load_seeds()
        for queue, n in self.frontier.queued_per_queue().items():
            h = self.scheduler.host(queue, queue.rsplit(":", 1)[0] if "]" not in queue else queue)
            h.queued = n
            row = self.frontier.load_host(queue)
            if row:
                h.ip, robots, h.robots_state = row
                if h.robots_state == ROBOTS_KNOWN:
                    h.robots = RobotsRules(robots, self.spec.user_agent)
        self.counters["queued"] = sum(h.queued for h in self.scheduler.hosts.values())
        self.frontier.commit()

    def _seed_lines(self):
        yield from self.spec.seeds
        if self.spec.seeds_file:
            with open(self.spec.seeds_file, encoding="utf-8", errors="replace") as fh:
                yield from fh

    def _load_seeds(self) -> None:
        # No fsync while the seeds go in (a million seeds: about half the time): nothing has been
        # fetched yet, and a crash before "seeds_loaded" is set means loading them again.
        self.frontier.db.execute("PRAGMA synchronous=OFF")
        try:
            self._load_seed_lines()
        finally:
            self.frontier.commit()
            self.frontier.db.execute("PRAGMA synchronous=NORMAL")

    def _load_seed_lines(self) -> None:
        bad: list[tuple[str, str]] = []
        self.frontier.load_seeds(self._parsed_seeds(bad))
        for clean, error in bad:  # after the load: the key index now tells a repeated one
            if self.frontier.add_finished("bad:" + clean, clean, "-", "", None, clean, None, sc.S_UNFETCHABLE_URI,
                                          0, None, is_seed=True):
                self.results.log(LogEntry(sc.S_UNFETCHABLE_URI, 0, clean, "", None, None, seed=clean,
                                          annotations=[f"err={error.replace(',', ';')}"]))
        self.frontier.set_meta("seeds_loaded", "1")
        self.frontier.set_meta("started", datetime.now(UTC).isoformat())

    def _parsed_seeds(self, bad: list[tuple[str, str]]):
        """(key, url, queue, domain) of each good seed, in order; bad seeds go to ``bad`` (URL,
        reason). One parse per seed; scope and domain are worked out once per host."""
        domains: dict[str, str] = {}  # host → registered domain, for the hosts seen lately
        per_url = self.scope.mode == "prefix"  # a prefix scope grows with every seed, not every host
        for raw in self._seed_lines():
            raw = raw.strip()
            if not raw or raw[0] == "#":
                continue
            try:
                parsed = parse_url(raw if "://" in raw else "http://" + raw)
            except BadUrl as exc:
                bad.append((raw.replace(" ", "%20"), str(exc)))
                continue
            host = parsed.host
            domain = domains.get(host)
            if domain is None:
                if len(domains) >= 100_000:
                    domains.clear()
                domain = domains[host] = domain_of(host)
                self.scope.add_seed(parsed.url, host)
            elif per_url:
                self.scope.add_seed(parsed.url, host)
            yield parsed.key, parsed.url, parsed.queue, domain

    def _recover(self, path: str) -> None:
        """Take over the captures of a WARC file a killed run left open (see resume.py)."""
        for cap in recover_open_file(path):
            if cap.url.startswith("dns:"):
                continue  # hosts are re-resolved silently; the record is already archived
            key = seen_key(cap.url)
            domain = domain_of(host_of(cap.url))
            row = self.frontier.row_for_key(key)
            if row is None:  # queued and fetched after the last commit
                f = cap.fields
                self.frontier.add_finished(key, cap.url, host_key(cap.url), f.get("hopsFromSeed", ""),
                                           f.get("via") or None, f.get("sourceTag") or None, domain,
                                           cap.status, cap.size, cap.mime)
                self.quotas.record(domain, cap.status, cap.size)
                row = self.frontier.row_for_key(key)
            elif row[4] != 2:
                self.frontier.finish(row[0], cap.status, cap.size, cap.mime, dup=cap.revisit)
                self.quotas.record(domain, cap.status, cap.size)
            if cap.block:
                self.prerequisites.recover_robots(cap)
            uri_id, url, path_, seed, _state = row
            parent = QueuedUri(uri_id, url, host_key(url), path_, None, seed, 0, domain)
            for link, hop in cap.outlinks:
                self.results.discover(link, hop, parent, log_rejects=False)

    # -- running --------------------------------------------------------------------------
    async def run(self) -> str:
        """Crawl until the frontier is empty, the time limit passes or ``stop()`` is called.
        Returns the crawl's end: 'finished', 'time-limit' or 'unfinished'."""
        if not await self._prepare_when_space():
            return self._end_before_start()
        self.started = time.monotonic()  # the time limit counts from when fetching starts, not seed loading
        stats = ProgressStatistics(os.path.join(self.job_dir, "progress-statistics.log"))
        self.scheduler.start()
        self._workers = [asyncio.create_task(self._worker(i)) for i in range(self.profile.max_workers)]
        ticker = asyncio.create_task(self._ticker(stats))
        try:
            await self.scheduler.finished.wait()
            # a stop (SIGTERM: a cancel, the harvester stopping) must end the process within
            # seconds, before the harvester's kill: fetches still running are re-queued instead
            grace = STOP_GRACE if self.stop_reason else 10.0
            done, pending = await asyncio.wait(self._workers, timeout=grace)
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=5)
            await self._settle_records()
        finally:
            ticker.cancel()
            for uri in [*self._in_flight.values(), *(uri for _task, uri in self._recording.values())]:
                self.frontier.requeue(uri.id)  # fetched but not written (a stop while the disk was full) too
            end = self.stop_reason or "finished"
            self._finish(stats, end)
        return end

    async def _prepare_when_space(self) -> bool:
        """Set up (seeds, or a resume) with the disk reserve made first. A disk full before the
        crawl begins pauses it as one full during the crawl does: the frontier's transaction
        is dropped, progress lines say ``disk_full``, and set-up starts again once space is back
        (loading the seeds again is safe: ``load_seeds`` drops what a failed load left). False
        when the crawl was stopped meanwhile."""
        while True:
            try:
                if not self.space.make_reserve():
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), self.space.reserve_path)
                self._prepare()
                return True
            except Exception as exc:
                if not is_no_space(exc):
                    raise
                self.frontier.discard()
                self.space.hit(exc, "the crawl's set-up (disk reserve, seeds, frontier)")
            while self.space.full:
                self._progress_line()
                try:
                    await asyncio.wait_for(self.space.wait(), max(0.2, self.profile.progress_interval_s))
                except TimeoutError:
                    continue
                except CrawlStopped:
                    return False

    def _end_before_start(self) -> str:
        """A crawl stopped while its disk was full before it began: nothing was fetched; what
        the set-up wrote is kept if the disk lets it, and the next run starts it again."""
        end = self.stop_reason or StopReason.UNFINISHED
        self.stop_reason = end
        self._progress_line(final=True)
        for what, close in (("crawl.log", self.crawl_log.close), ("the frontier", self.frontier.close)):
            try:
                close()
            except Exception as exc:
                if not is_no_space(exc):
                    raise
                log.error("%s could not be closed, the disk is full: %s", what, exc)
        self.space.release_reserve()
        return end

    def stop(self, reason: str = StopReason.UNFINISHED) -> None:
        """Stop handing out URIs (SIGTERM, time limit); in-flight fetches may finish, writes that
        wait for disk space give up."""
        if self.stop_reason is None and not self.scheduler.finished.is_set():
            self.stop_reason = reason
            self.scheduler.stop()
        self.space.stop()

    def elapsed(self) -> float:
        return self.elapsed_before + time.monotonic() - self.started

    async def _ticker(self, stats: ProgressStatistics) -> None:
        last_stats = last_progress = time.monotonic()
        limit = self.profile.max_running_time_s
        while True:
            await asyncio.sleep(min(0.2, self.profile.progress_interval_s))
            now = time.monotonic()
            if limit > 0 and self.elapsed() >= limit:
                self.stop(StopReason.TIME_LIMIT)
            # A full disk must not end the ticker: the time limit and the progress lines go on.
            # While paused the frontier is committed by the retry that ends the pause instead:
            # a commit tried every tick would eat the room the reserve left for the progress lines.
            if not self.space.full and now - self.frontier.last_commit >= self.frontier.commit_interval:
                self._unless_full("the frontier", self._commit)
            if now - last_progress >= self.profile.progress_interval_s:
                last_progress = now
                self._progress_line()
            if now - last_stats >= self.profile.statistics_interval_s and not self.space.full:
                last_stats = now
                self._unless_full("progress-statistics.log", self._stats_line, stats)

    def _unless_full(self, what: str, write, *args) -> bool:
        """Run ``write``; a full disk pauses the crawl instead of raising. True when it was written."""
        try:
            write(*args)
            return True
        except Exception as exc:
            if not is_no_space(exc):
                raise
            self.space.hit(exc, what)
            return False

    def _stats_line(self, stats: ProgressStatistics) -> None:
        c = self.counters
        stats.line(c["discovered"], c["queued"], c["downloaded"], c["failures"], self.scheduler.busy, c["bytes"],
                   time.monotonic() - self.started, _rss_kb())

    def _progress_line(self, final: bool = False) -> None:
        c = self.counters
        elapsed = time.monotonic() - self.started
        line = {"uris_done": c["downloaded"] + c["failures"], "downloaded": c["downloaded"], "queued": c["queued"],
                "bytes": c["bytes"], "rate": round(c["downloaded"] / elapsed, 2) if elapsed > 0 else 0.0,
                "active_hosts": self.scheduler.active_hosts(), "elapsed": round(self.elapsed(), 1)}
        if final:
            line["finished"] = self.stop_reason or "finished"
            line["peak_rss_kb"] = _rss_kb()
        line.update(self.space.report())
        try:
            self.out.write(json.dumps(line) + "\n")
            self.out.flush()
        except (OSError, ValueError):
            pass  # a closed stdout (the harvester went away) must not stop the crawl

    def _commit(self) -> None:
        rows = self.quotas.take_dirty()
        if rows:
            self.frontier.save_domains(rows)
        self.frontier.set_meta("elapsed", f"{self.elapsed():.3f}")
        self.frontier.commit()

    def _finish(self, stats: ProgressStatistics, end: str) -> None:
        if self.space.full:
            self.space.try_resume()  # a last chance for crawl.log's held lines and the reports
        # what the frontier took from its queues ahead of the workers is queued again in the file
        # that the reports, a resume and a coordinator's merge read
        self._unless_full("the frontier", self.frontier.give_back)
        # On a disk still full, the WARC file stays .open (whole, it ends on a record boundary;
        # a resume or the harvester's recovery closes it) and what cannot be written is logged.
        if self._unless_full("the WARC file's close", self.warcs.close):
            self._unless_full("the frontier", self._commit)
        elif not self._unless_full("the frontier", self._commit):
            log.error("the crawl ends with the disk full: its WARC file stays open, the frontier uncommitted")
        self.frontier.before_reports()
        try:
            self._finish_reports(stats, end)
        except Exception as exc:
            if not is_no_space(exc):
                raise
            log.error("the crawl's reports could not be written, the disk is full: %s", exc)
        self._progress_line(final=True)
        self.crawl_log.close()
        self.space.release_reserve()
        try:
            self.frontier.close()
        except Exception as exc:
            if not is_no_space(exc):
                raise
            # the crawl still ends as stopped, not failed: its files are whole, and a resume
            # starts from the frontier's last commit (fetching again what came after it)
            log.error("the frontier's last changes could not be committed, the disk is full: %s", exc)

    def _finish_reports(self, stats: ProgressStatistics, end: str) -> None:
        queued = self.frontier.queued_per_domain()
        rows = []
        domains = set(self.quotas.stats) | set(queued)
        for domain in sorted(domains):
            s = self.quotas.stat(domain)
            rows.append({"domain": domain, "objects": s.objects, "bytes": s.bytes,
                         "stop_reason": self.quotas.stop_reason(domain, queued.get(domain, 0) > 0, end)})
        write_domain_stats(self.job_dir, rows)
        status = {"finished": "Finished", StopReason.TIME_LIMIT: "Finished - Timelimit hit"}.get(
            end, "Finished - Ended by operator")
        write_reports(self.job_dir, self.frontier, f"{self.spec.job_id}-{self.spec.harvest_id}", status,
                      self.elapsed(), self.processors)
        self._stats_line(stats)
        stats.ended(status)

    async def close(self) -> None:
        if self.browser is not None:
            await self.browser.close()
        await self.client.close()

    # -- workers --------------------------------------------------------------------------
    async def _worker(self, number: int) -> None:
        await self._work(number)
        await self._record_done(number)  # its last capture is recorded before the worker ends

    async def _work(self, number: int) -> None:
        while True:
            if self.space.full:
                try:
                    await self.space.wait()  # the crawl loop pauses while the disk is full
                except CrawlStopped:
                    return
            h = await self.scheduler.take()
            if h is None:
                return
            rest = 0.0
            uri = self.frontier.next(h.name)
            try:
                if uri is not None:
                    self._in_flight[number] = uri
                    rest = await self._process(h, uri, number)
                    self._in_flight.pop(number, None)
                else:
                    h.queued = 0
            except asyncio.CancelledError:
                raise
            except CrawlStopped:
                pass  # stopped while its write waited for space: run() puts the URI back in the queue
            except Exception as exc:  # noqa: BLE001 - one bad URI must never stop the crawl
                self._in_flight.pop(number, None)
                self._uri_failed(h, uri, number, exc)
            finally:
                self.counters["queued"] -= 1 if uri is not None else 0
                self.scheduler.release(h, rest)

    def _uri_failed(self, h: HostQueue, uri: QueuedUri | None, number: int, exc: Exception) -> None:
        """An unexpected error while handling ``uri``: a full disk (a spool file, the frontier)
        queues it to be fetched again later; anything else is logged with -5 and the crawl goes on."""
        if uri is not None and is_no_space(exc):
            self.space.hit(exc, f"the capture of {uri.url}")
            self.frontier.requeue(uri.id)
            self.counters["queued"] += 1
            self.scheduler.queued(h)
            return
        log.error("unexpected error on %s", uri.url if uri else h.name, exc_info=exc)
        if uri is not None:
            self.results.finish(uri, LogEntry(sc.S_RUNTIME_EXCEPTION, 0, uri.url, uri.path, uri.via, None,
                                              number, seed=uri.seed, annotations=[f"err={type(exc).__name__}"]))

    # -- recording while the next fetch runs -----------------------------------------------
    def _defers(self, capture: Capture) -> bool:
        """Whether ``capture`` is recorded while its worker goes on to its next fetch: a small
        capture held in memory (at most one such per worker is held, so memory stays bounded),
        when no other fetch is in flight. With other fetches in flight their records already
        fill the wait for a response, and a task per URI would only add work."""
        return capture.spool_path is None and capture.body_size <= DEFER_MAX_BYTES and len(self._in_flight) <= 1

    async def _defer_record(self, h: HostQueue, uri: QueuedUri, number: int, record) -> None:
        """Record a capture in a task of its own, so that its worker sends the next request at
        once and the server answers it while this one's WARC records, outlinks and crawl.log line
        are written: with one connection, the crawler's CPU work and the server's overlap
        instead of taking turns. The worker's previous capture is recorded first, so URIs are
        recorded in the order they were fetched; the crawl is not over while one is pending."""
        await self._record_done(number)
        self.scheduler.hold()
        task = asyncio.create_task(self._record_task(h, uri, number, record))
        self._recording[number] = (task, uri)

    async def _record_task(self, h: HostQueue, uri: QueuedUri, number: int, record) -> None:
        keep = False  # a URI whose record was stopped stays in _recording: run() queues it again
        try:
            await record
        except CrawlStopped:
            keep = True
        except asyncio.CancelledError:
            keep = True
            raise
        except Exception as exc:  # noqa: BLE001 - one bad URI must never stop the crawl
            self._uri_failed(h, uri, number, exc)
        finally:
            # the worker's entry is this capture's unless a later one took its place (told by its
            # URI, without an asyncio.current_task() call per capture)
            if not keep and self._recording.get(number, (None, None))[1] is uri:
                del self._recording[number]
            self.scheduler.unhold()

    async def _record_done(self, number: int) -> None:
        """Wait until worker ``number``'s deferred capture (if any) is recorded."""
        entry = self._recording.get(number)
        if entry is not None and not entry[0].done():  # mostly done while the next fetch ran
            await asyncio.wait([entry[0]])

    async def _settle_records(self) -> None:
        """At the crawl's end: records still pending (workers cancelled after a stop) get the
        workers' grace; what is not recorded then is queued again by run()."""
        tasks = [task for task, _uri in self._recording.values() if not task.done()]
        if tasks:
            _done, pending = await asyncio.wait(tasks, timeout=STOP_GRACE)
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=5)

    async def _process(self, h: HostQueue, uri: QueuedUri, worker: int) -> float:
        """Handle one URI; returns how long its host should rest."""
        domain = uri.domain or domain_of(h.hostname)
        reason = self.quotas.blocked(domain)
        if reason:
            self.processors["QuotaEnforcer"]["blocked"] += 1
            self.results.finish(uri, LogEntry(sc.S_BLOCKED_BY_QUOTA, 0, uri.url, uri.path, uri.via, None, worker,
                                              seed=uri.seed, annotations=[f"Q:{reason}"]))
            return 0.0
        if self.profile.upstream_proxy is None:
            await self.prerequisites.resolve(h, uri, worker)
            if h.dns_failed:
                self.results.finish(uri, LogEntry(sc.S_DOMAIN_PREREQUISITE_FAILURE, 0, uri.url, uri.path, uri.via,
                                                  None, worker, seed=uri.seed))
                return 0.0
        if self.profile.robots == "obey":
            if h.robots_state != ROBOTS_KNOWN and h.robots_state != ROBOTS_FAILED:
                await self.prerequisites.fetch_robots(h, uri, worker)
            if h.robots_state == ROBOTS_FAILED:
                self.results.finish(uri, LogEntry(sc.S_ROBOTS_PREREQUISITE_FAILURE, 0, uri.url, uri.path, uri.via,
                                                  None, worker, seed=uri.seed))
                return 0.0
            if h.robots is not None and not h.robots.allows(uri.url):
                self.results.finish(uri, LogEntry(sc.S_ROBOTS_PRECLUDED, 0, uri.url, uri.path, uri.via, None,
                                                  worker, seed=uri.seed, annotations=["robotstxt"]))
                return 0.0
        if self.logins:
            for login in self.logins.pending_forms(uri.url):
                await self._form_login(h, uri, login, worker)
        headers = None
        preemptive = self.logins.preemptive(uri.url) if self.logins else None
        if preemptive:
            headers = {"Authorization": preemptive}
        capture, code, tries = await self._fetch(h, uri.url, headers)
        notes: list[str] = []
        if capture is not None and capture.status == 401 and self.logins:
            capture, code, tries, notes = await self._authenticate(h, uri.url, capture, tries)
        if capture is None:
            annotations = [f"{tries}t"] if tries > 1 else []
            self.results.finish(uri, LogEntry(code, 0, uri.url, uri.path, uri.via, None, worker, seed=uri.seed,
                                              annotations=annotations))
            return self.scheduler.delay_for(0.0)
        if self.browser is not None and self.browser.wants(uri, capture):
            from server.crawler.browser.fetcher import browser_answer

            document = browser_answer(capture)  # before record() removes a spooled body
            written = await self.results.record(capture, uri, worker, tries, notes)
            await self.browser.render(uri, document, written, worker)
        elif self._defers(capture):
            await self._defer_record(h, uri, worker, self.results.record(capture, uri, worker, tries, notes))
        else:
            await self.results.record(capture, uri, worker, tries, notes)
        return self.scheduler.delay_for(capture.duration)

    async def _authenticate(self, h: HostQueue, url: str, challenged: Capture,
                            tries: int) -> tuple[Capture | None, int, int, list[str]]:
        """Answer a 401 with the matching basic/digest login, once. Returns the capture to record
        (the answered one, or the 401 when no login applies) and crawl.log annotations."""
        answer = self.logins.answer(url, challenged.header("www-authenticate"))
        if answer is None:
            return challenged, 0, tries, []
        login, authorization = answer
        challenged.discard()  # the challenge is superseded by the request that answers it
        capture, code, more = await self._fetch(h, url, {"Authorization": authorization})
        if capture is not None and capture.status == 401:
            self.logins.failed(login)  # a wrong password is not tried again on this realm
            log.warning("login for %s (%s) refused at %s", login.domain, login.kind, url)
            return capture, code, tries + more, [f"auth:{login.kind}", "authFailed"]
        if capture is not None:
            self.logins.succeeded(url, login, authorization)
        return capture, code, tries + more, [f"auth:{login.kind}"]

    async def _form_login(self, h: HostQueue, uri: QueuedUri, login: Login, worker: int) -> None:
        """POST the login form before the domain's first URI; the session cookies it sets are sent
        with every later request to that host. The exchange is archived and logged ``formLogin``."""
        from server.crawler.logins import form_body

        target = login.url or uri.url
        try:
            target = parse_url(target).url
        except BadUrl:
            log.warning("form login for %s: bad url %r", login.domain, login.url)
            return
        self.client.keep_cookies(parse_url(target).queue)
        self.client.keep_cookies(h.name)
        capture, code, _tries = await self._fetch(h, target, None, form_body(login))
        if capture is None:
            self.results.log(LogEntry(code, 0, target, uri.path + "P", uri.url, None, worker, seed=uri.seed,
                                      annotations=["formLogin", "formLoginFailed"]))
            return
        notes = ["formLogin"] + (["formLoginFailed"] if capture.status >= 400 else [])
        await self.results.archive_only(capture, uri, worker, notes)

    async def _fetch(self, h: HostQueue, url: str, headers: dict[str, str] | None = None,
                     form: bytes | None = None) -> tuple[Capture | None, int, int]:
        """Fetch with Heritrix-like retries of connection failures and timeouts: (capture or
        None, failure status code, tries)."""
        settings = self.profile.fetch
        tries = 0
        while True:
            tries += 1
            self.processors["Fetcher"]["fetches"] += 1
            try:
                return await self.client.fetch(url, h.ip, settings.max_object_bytes, headers, form), 0, tries
            except FetchError as exc:
                if exc.code in sc.RETRYABLE and tries <= settings.max_retries and self.stop_reason is None:
                    self.processors["Fetcher"]["retries"] += 1
                    await asyncio.sleep(settings.retry_delay_s)
                    continue
                log.info("%s: %s (try %d)", url, exc, tries)
                return None, exc.code, tries


def _rss_kb() -> int:
    """Peak resident memory of this process, in KB. Linux's VmHWM is the crawler's own: ru_maxrss
    keeps the high-water mark of the process that started it (the harvester) across exec."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
