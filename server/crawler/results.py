"""Recording what became of a URI: the WARC unit, the crawl.log line, the statistics, and the
outlinks scoped into the frontier.

Every decision about a URI, fetched or not, ends in ``Results.finish`` so that crawl.log, the
frontier, the domain quotas and the counters never disagree.
"""
from __future__ import annotations

import asyncio
import re

from server.crawler.crawl_log import CrawlLog, LogEntry
from server.crawler.dedup import DedupIndex, duplicate_annotation
from server.crawler.frontier import Frontier, QueuedUri
from server.crawler.http_client import Capture
from server.crawler.outlinks import OutlinkExtractor
from server.crawler.politeness import HostScheduler
from server.crawler.quotas import DomainQuotas
from server.crawler.scope import CrawlScope, domain_of
from server.crawler.urls import host_of, parse_url
from server.crawler.warc_writer import WarcFiles, Written

# Heritrix 3's crawl.log annotations for a capture cut short, by http_client's truncation reason
_TRUNC_ANNOTATION = {"length": "lenTrunc", "time": "timeTrunc", "disconnect": "midFetchTrunc",
                     "unspecified": "midFetchTrunc"}


class Results:
    """Writes a crawl's results. ``counters`` and ``processors`` are the engine's own dicts, updated
    in place, so progress lines and reports see the same figures."""

    def __init__(self, *, frontier: Frontier, crawl_log: CrawlLog, warcs: WarcFiles, quotas: DomainQuotas,
                 scope: CrawlScope, scheduler: HostScheduler, extractor: OutlinkExtractor,
                 dedup: DedupIndex | None, dedup_exclude: re.Pattern[str],
                 counters: dict[str, int], processors: dict[str, dict[str, int]]):
        self.frontier = frontier
        self.crawl_log = crawl_log
        self.warcs = warcs
        self.quotas = quotas
        self.scope = scope
        self.scheduler = scheduler
        self.extractor = extractor
        self.dedup = dedup
        self._dedup_exclude = dedup_exclude
        self.counters = counters
        self.processors = processors
        self._recent: set[str] = set()

    def log(self, entry: LogEntry) -> None:
        """A crawl.log line for a URI the frontier does not finish (rejects, DNS, bad seeds)."""
        self.crawl_log.write(entry)

    def finish(self, uri: QueuedUri, entry: LogEntry, dup: bool = False, redirect: str | None = None) -> None:
        """Log ``uri``'s outcome and count it in the frontier, its domain's quota and the counters."""
        self.log(entry)
        self.frontier.finish(uri.id, entry.status, entry.size, entry.mime, dup, redirect)
        self.quotas.record(uri.domain or domain_of(host_of(uri.url)), entry.status, entry.size)
        if entry.status > 0:
            self.counters["downloaded"] += 1
            self.counters["bytes"] += entry.size
        else:
            self.counters["failures"] += 1

    async def record(self, capture: Capture, uri: QueuedUri, worker: int, tries: int,
                     notes: list[str] | None = None) -> Written:
        """Archive a capture (or a revisit of a duplicate), finish its URI and queue its outlinks.
        A large (spooled) capture's link extraction and WARC writing run in worker threads, so that
        other fetches and the progress lines go on meanwhile."""
        try:
            return await self._record(capture, uri, worker, tries, notes or [])
        finally:
            capture.discard()  # the spool file (if any) is in the WARC now

    async def archive_only(self, capture: Capture, via: QueuedUri, worker: int, notes: list[str]) -> None:
        """Archive an exchange that is not a frontier URI (a form login's POST) and log it."""
        try:
            digest = capture.payload_digest()
            fields = [("via", via.url), ("hopsFromSeed", via.path + "P"), ("sourceTag", via.seed or "-"),
                      ("fetchTimeMs", str(int(capture.duration * 1000)))]
            await self.warcs.write_capture_async(capture, digest, fields)
            self.processors["WARCWriter"]["units"] += 1
            self.log(LogEntry(capture.status, capture.size, capture.url, via.path + "P", via.url, capture.mime, worker,
                              capture.started, int(capture.duration * 1000), digest, via.seed, notes))
        finally:
            capture.discard()

    async def _record(self, capture: Capture, uri: QueuedUri, worker: int, tries: int,
                      notes: list[str]) -> Written:
        payload_digest = capture.payload_digest()
        annotations: list[str] = list(notes)
        if tries > 1:
            annotations.append(f"{tries}t")
        if capture.truncated:
            annotations.append(_TRUNC_ANNOTATION[capture.truncated])
            self.processors["Fetcher"]["truncated"] += 1
        if capture.cert_error:
            annotations.append(f"certErr:{capture.cert_error}")
        revisit = None
        if (self.dedup is not None and 200 <= capture.status < 300 and not capture.truncated
                and not self._dedup_exclude.match(capture.mime)):
            self.processors["DeDuplicator"]["lookups"] += 1
            entry = self.dedup.lookup(uri.url, payload_digest)
            if entry is None or entry.digest != payload_digest:
                # An original archived before the payload digest left out chunk framing is indexed
                # under the digest of its body as stored; a chunked body is looked up that way too.
                stored = capture.stored_digest()
                if stored and stored != payload_digest:
                    entry = self.dedup.lookup(uri.url, stored)
                    if entry is not None and entry.digest == stored:
                        # the revisit names the original's digest, so that every index pairs them
                        payload_digest = stored
            if entry is not None and entry.digest == payload_digest:
                revisit = entry
                self.processors["DeDuplicator"]["duplicates"] += 1
        if revisit:
            links = []
        elif capture.spool_path is not None:
            links = await asyncio.to_thread(self.extractor.extract, capture, self.processors)
        else:
            links = self.extractor.extract(capture, self.processors)
        fields = [("via", uri.via or "-"), ("hopsFromSeed", uri.path or "-"), ("sourceTag", uri.seed or "-"),
                  ("fetchTimeMs", str(int(capture.duration * 1000)))]
        fields += [("outlink", f"{url} {hop} {context}") for url, hop, context in links]
        written = await self.warcs.write_capture_async(
            capture, payload_digest, fields, revisit_of=(revisit.url or uri.url, revisit.date) if revisit else None)
        self.processors["WARCWriter"]["units"] += 1
        if revisit:
            annotations.append(duplicate_annotation(revisit))
            self.counters["duplicates"] += 1
        redirect = None
        if 300 <= capture.status < 400:
            redirect = next((url for url, hop, _c in links if hop == "R"), None)
        self.finish(uri, LogEntry(capture.status, capture.size, uri.url, uri.path, uri.via, capture.mime,
                                  worker, capture.started, int(capture.duration * 1000), payload_digest,
                                  uri.seed, annotations), dup=revisit is not None, redirect=redirect)
        for url, hop, _context in links:
            self.discover(url, hop, uri, as_seed=uri.is_seed == 1 and hop == "R" and url == redirect)
        return written

    def discover(self, url: str, hop: str, parent: QueuedUri, log_rejects: bool = True,
                 as_seed: bool = False, decide_again: bool = False) -> None:
        """Scope an outlink of ``parent`` and queue it unless it is out of scope or already seen.
        With ``log_rejects=False`` (replaying a recovered WARC's outlinks) rejects get no crawl.log line.
        ``decide_again``: scope it by this path even if it was rejected by another (a browser
        asks for what the link extractor found too many embed hops away: for the browser it is
        an embed of its page)."""
        parsed = parse_url(url)  # one parse for the key, the queue, the host and the scope
        key = parsed.key
        if key in self._recent and not decide_again:
            return
        if len(self._recent) > 200_000:
            self._recent.clear()  # a bounded cache in front of the frontier's unique index
        self._recent.add(key)
        path = parent.path + hop
        if as_seed:
            self.scope.add_seed(url)  # Heritrix: a seed's redirect target becomes a seed
        decision, note = self.scope.decide(url, path, parsed.host)
        if decision != 0:
            self.processors["Scoper"]["rejected"] += 1
            if self.frontier.seen(key):
                return
            if log_rejects and self.frontier.reject_once(key):
                self.counters["rejected"] += 1
                self.log(LogEntry(decision, 0, url, path, parent.url, None, 0, seed=parent.seed,
                                  annotations=[note] if note else ()))
            return
        queue = parsed.queue
        if self.frontier.add(key, url, queue, path, parent.url, parent.seed, domain_of(parsed.host),
                             is_seed=as_seed):
            self.processors["Scoper"]["accepted"] += 1
            self.counters["discovered"] += 1
            self.counters["queued"] += 1
            h = self.scheduler.host(queue, parsed.host if not queue.startswith("[") else queue)
            self.scheduler.queued(h)
