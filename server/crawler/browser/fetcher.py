"""The crawler's side of a browser request: the browser asks, the crawler fetches and archives.

Every request a rendered page makes is paused by the DevTools Fetch domain and handed to
:meth:`BrowserFetcher.answer`. It goes through what a frontier URI goes through: scope (the
page's resources are embeds, hop ``E``, so another host's image is taken as an embed is), the
domain quota, DNS and robots.txt of its host, the crawler's own HTTP client with its retries,
deduplication, the WARC writer and crawl.log. The browser then gets the response as the crawler
received it (content coding undone). A URL the crawler already fetched is fetched again for the
browser only, not archived twice; a URL it refuses the browser does not get.
"""
from __future__ import annotations

import asyncio
import logging
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from server.crawler import status_codes as sc
from server.crawler.crawl_log import LogEntry
from server.crawler.frontier import QueuedUri
from server.crawler.http_client import Capture, dechunk
from server.crawler.politeness import ROBOTS_FAILED, ROBOTS_KNOWN
from server.crawler.scope import domain_of
from server.crawler.urls import BadUrl, parse_url

if TYPE_CHECKING:
    from server.crawler.engine import Crawler

log = logging.getLogger(__name__)

#: bodies larger than this are archived but not handed to the browser (memory stays bounded)
MAX_SERVED_BYTES = 64 * 1024 * 1024
# headers that describe the bytes on the wire, not the (decoded) body the browser is given
_WIRE_HEADERS = {"content-encoding", "transfer-encoding", "content-length", "connection", "keep-alive"}


@dataclass
class Answer:
    """What the browser is given for a request: a response, or a refusal (``reason`` for the
    Fetch domain's ``failRequest``: BlockedByClient, ConnectionFailed, ...)."""

    status: int = 0
    headers: list[tuple[str, str]] | None = None
    body: bytes = b""
    reason: str = ""

    @property
    def refused(self) -> bool:
        return bool(self.reason)


def refuse(reason: str = "BlockedByClient") -> Answer:
    return Answer(reason=reason)


def browser_answer(capture: Capture) -> Answer:
    """The capture as the browser must see it: chunks joined, gzip/deflate undone, the wire's
    framing headers dropped. Read before the capture is recorded (which removes a spool file)."""
    if capture.body_size > MAX_SERVED_BYTES:
        return refuse("Failed")
    if capture.spool_path is None:
        body = capture.body
    else:
        with open(capture.spool_path, "rb") as fh:
            body = fh.read()
    if capture.chunked:
        body = dechunk(body)
    encoding = (capture.header("content-encoding") or "").lower().strip()
    if encoding in ("gzip", "x-gzip", "deflate"):
        try:
            body = zlib.decompressobj(47 if encoding != "deflate" else 15).decompress(body)
        except zlib.error:
            try:
                body = zlib.decompressobj(-15).decompress(body)
            except zlib.error:
                body = b""
    headers = [(k, v) for k, v in capture.headers if k.lower() not in _WIRE_HEADERS]
    return Answer(capture.status, headers, body)


class BrowserFetcher:
    """Answers paused browser requests through the crawler ``crawler`` (its frontier, scope,
    quotas, prerequisites, HTTP client and results)."""

    def __init__(self, crawler: Crawler):
        self.crawler = crawler
        self._per_host: dict[str, asyncio.Semaphore] = {}

    def _host_slot(self, queue: str) -> asyncio.Semaphore:
        # A browser loads a page's resources at once; per host at most connections_per_host of
        # them run together. The politeness delay between them is not applied (as a reader's
        # browser does not): docs/decisions/browser-capture.md.
        slot = self._per_host.get(queue)
        if slot is None:
            if len(self._per_host) > 10_000:
                self._per_host = {q: s for q, s in self._per_host.items() if s.locked()}
            slot = self._per_host[queue] = asyncio.Semaphore(self.crawler.profile.politeness.connections_per_host)
        return slot

    async def answer(self, url: str, method: str, page: QueuedUri, worker: int) -> Answer:
        """Fetch ``url`` for the browser rendering ``page``; never raises for a bad URL or server."""
        c = self.crawler
        if method not in ("GET", "HEAD"):
            # the crawler's client has no way to send the browser's request body as it was
            c.results.log(LogEntry(sc.S_BLOCKED_BY_CUSTOM_PROCESSOR, 0, url, page.path + "E", page.url, None, worker,
                                   seed=page.seed, annotations=[f"browser:{method[:10]}"]))
            return refuse()
        try:
            parsed = parse_url(url)
        except BadUrl:
            return refuse("AddressUnreachable")
        uri = c.frontier.claim(parsed.key)
        if uri is None and not c.frontier.seen(parsed.key):
            # scoped as an embed of the page even when the link extractor rejected it on another
            # path (a style sheet imported by an imported one is EEE there, E for the browser)
            c.results.discover(parsed.url, "E", page, decide_again=True)  # a reject is logged once
            uri = c.frontier.claim(parsed.key)
            if uri is None:
                return refuse()
            c.counters["queued"] -= 1
            c.scheduler.host(uri.queue, parsed.host).queued -= 1
        elif uri is not None:
            c.counters["queued"] -= 1
            h = c.scheduler.hosts.get(uri.queue)
            if h is not None and h.queued > 0:
                h.queued -= 1
        if uri is None:
            return await self._again(parsed.url, parsed.queue, parsed.host)
        try:
            return await self._fetch_and_record(uri, parsed.host, worker)
        except asyncio.CancelledError:
            # the page was read before this resource came: the crawl fetches it later as usual
            c.frontier.requeue(uri.id)
            c.counters["queued"] += 1
            c.scheduler.queued(c.scheduler.host(uri.queue, parsed.host))
            raise
        except Exception as exc:  # noqa: BLE001 - one bad resource must not end the page
            log.exception("browser fetch of %s failed", url)
            c.results.finish(uri, LogEntry(sc.S_RUNTIME_EXCEPTION, 0, uri.url, uri.path, uri.via, None, worker,
                                           seed=uri.seed, annotations=[f"err={type(exc).__name__}"]))
            return refuse("Failed")

    async def _fetch_and_record(self, uri: QueuedUri, hostname: str, worker: int) -> Answer:
        c = self.crawler
        domain = uri.domain or domain_of(hostname)

        def fail(code: int, notes: list[str] | None = None) -> Answer:
            c.results.finish(uri, LogEntry(code, 0, uri.url, uri.path, uri.via, None, worker, seed=uri.seed,
                                           annotations=notes or ()))
            return refuse("Failed" if code > -5000 else "BlockedByClient")

        reason = c.quotas.blocked(domain)
        if reason:
            c.processors["QuotaEnforcer"]["blocked"] += 1
            return fail(sc.S_BLOCKED_BY_QUOTA, [f"Q:{reason}"])
        h = c.scheduler.host(uri.queue, hostname)
        if c.profile.upstream_proxy is None:
            await c.prerequisites.resolve(h, uri, worker)
            if h.dns_failed:
                return fail(sc.S_DOMAIN_PREREQUISITE_FAILURE)
        if c.profile.robots == "obey":
            if h.robots_state not in (ROBOTS_KNOWN, ROBOTS_FAILED):
                await c.prerequisites.fetch_robots(h, uri, worker)
            if h.robots_state == ROBOTS_FAILED:
                return fail(sc.S_ROBOTS_PREREQUISITE_FAILURE)
            if h.robots is not None and not h.robots.allows(uri.url):
                return fail(sc.S_ROBOTS_PRECLUDED, ["robotstxt"])
        async with self._host_slot(uri.queue):
            capture, code, tries = await c._fetch(h, uri.url)
        if capture is None:
            return fail(code, [f"{tries}t"] if tries > 1 else [])
        answer = browser_answer(capture)
        await c.results.record(capture, uri, worker, tries, ["browser"])
        return answer

    async def _again(self, url: str, queue: str, hostname: str) -> Answer:
        """A URL the crawler has already fetched (or is fetching, or refused): the browser gets a
        fresh fetch that is not archived again, unless the crawler refused it."""
        c = self.crawler
        row = c.frontier.row_for_key(parse_url(url).key)
        if row is None:
            return refuse()  # out of scope (rejected), not in the frontier
        status = c.frontier.db.execute("SELECT status FROM uris WHERE id=?", (row[0],)).fetchone()[0]
        if status is not None and status <= 0:
            return refuse("Failed")  # refused or failed when the crawler fetched it
        h = c.scheduler.host(queue, hostname)
        async with self._host_slot(queue):
            capture, _code, _tries = await c._fetch(h, url)
        if capture is None:
            return refuse("Failed")
        try:
            return browser_answer(capture)
        finally:
            capture.discard()
