"""A host's prerequisites, settled once before its first URI is fetched: the DNS lookup (a
``dns:`` record and crawl.log line, as Heritrix does) and, when robots are obeyed, robots.txt.

Each is done under the host's prerequisite lock so that concurrent workers on one host wait for
the first one's answer instead of asking again. The outcome is saved with the host in the
frontier, so a resumed crawl neither looks up nor logs it twice.
"""
from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from server.crawler import status_codes as sc
from server.crawler.crawl_log import LogEntry
from server.crawler.frontier import QueuedUri
from server.crawler.http_client import Capture
from server.crawler.politeness import ROBOTS_FAILED, ROBOTS_KNOWN, HostQueue
from server.crawler.results import Results
from server.crawler.resume import RecoveredCapture
from server.crawler.robots import RobotsRules, decode_robots
from server.crawler.scope import domain_of
from server.crawler.urls import host_key, seen_key

# (capture or None, failure status code, tries): the engine's fetch with retries
Fetch = Callable[[HostQueue, str], Awaitable[tuple[Capture | None, int, int]]]


class Prerequisites:
    """DNS and robots.txt for the engine's hosts. They are recorded in the frontier, WARC files,
    quotas and counters that ``results`` writes to, so a prerequisite counts like any other URI.
    DNS answers are cached by host name, because several host queues (http and https, other
    ports) share one name."""

    def __init__(self, results: Results, fetch: Fetch, user_agent: str):
        self.results = results
        self.frontier = results.frontier
        self.warcs = results.warcs
        self.quotas = results.quotas
        self.counters = results.counters
        self._fetch = fetch
        self.user_agent = user_agent
        self._dns: dict[str, tuple[str | None, bool]] = {}

    async def resolve(self, h: HostQueue, uri: QueuedUri, worker: int) -> None:
        """Set ``h.ip``, or ``h.dns_failed`` when the name does not resolve."""
        if h.ip is not None or h.dns_failed:
            return
        async with h.prerequisite_lock():
            if h.ip is not None or h.dns_failed:
                return
            name = h.hostname.strip("[]")
            try:
                ipaddress.ip_address(name)
                h.ip = name  # an address needs no lookup
                return
            except ValueError:
                pass
            cached = self._dns.get(name)
            if cached is None:
                cached = await self._lookup(name, uri, worker)
                self._dns[name] = cached
            h.ip, h.dns_failed = cached
            self.frontier.save_host(h.name, h.ip, h.robots.text if h.robots else None, h.robots_state)

    async def _lookup(self, name: str, uri: QueuedUri, worker: int) -> tuple[str | None, bool]:
        loop = asyncio.get_running_loop()
        t0 = time.time()
        dns_url = f"dns:{name}"
        known = self.frontier.row_for_key(dns_url)
        try:
            infos = await asyncio.wait_for(loop.getaddrinfo(name, None, type=socket.SOCK_STREAM), 30)
            addresses = list(dict.fromkeys(info[4][0] for info in infos))
        except (TimeoutError, OSError, UnicodeError):
            if known is None:
                self.frontier.add_finished(dns_url, dns_url, name, "P", uri.url, uri.seed, domain_of(name),
                                           sc.S_DOMAIN_UNRESOLVABLE, 0, None)
                self.results.log(LogEntry(sc.S_DOMAIN_UNRESOLVABLE, 0, dns_url, "P", uri.url, None, worker, t0,
                                          int((time.time() - t0) * 1000), seed=uri.seed))
            return None, True
        if known is None:  # a resumed crawl does not record a host's DNS lookup twice
            written = await self.warcs.write_dns_async(name, addresses, datetime.fromtimestamp(t0, UTC))
            self.frontier.add_finished(dns_url, dns_url, name, "P", uri.url, uri.seed, domain_of(name),
                                       sc.S_DNS_SUCCESS, written.size, "text/dns")
            self.quotas.record(domain_of(name), sc.S_DNS_SUCCESS, written.size)
            self.results.log(LogEntry(sc.S_DNS_SUCCESS, written.size, dns_url, "P", uri.url, "text/dns", worker,
                                      t0, int((time.time() - t0) * 1000), written.digest, uri.seed))
        # All of them: the HTTP client tries each in turn (the first may not answer).
        return ",".join(addresses), False

    async def fetch_robots(self, h: HostQueue, uri: QueuedUri, worker: int) -> None:
        """Fetch ``h``'s robots.txt (recording it like any capture) and set ``h.robots_state``."""
        async with h.prerequisite_lock():
            if h.robots_state in (ROBOTS_KNOWN, ROBOTS_FAILED):
                return
            scheme = uri.url.split(":", 1)[0]
            robots_url = f"{scheme}://{h.name}/robots.txt"
            key = seen_key(robots_url)
            row = self.frontier.row_for_key(key)
            robots_uri = QueuedUri(-1, robots_url, h.name, uri.path + "P", uri.url, uri.seed, 0, uri.domain)
            if row is not None and row[4] == 0:
                # already queued as a link: fetch it now as the prerequisite, and only once
                robots_uri = robots_uri._replace(id=row[0])
                self.frontier.write("UPDATE uris SET state=1 WHERE id=?", (row[0],))
                h.queued -= 1
                self.counters["queued"] -= 1
            elif row is None:
                self.frontier.add(key, robots_url, h.name, uri.path + "P", uri.url, uri.seed, uri.domain)
                robots_uri = robots_uri._replace(id=self.frontier.row_for_key(key)[0])
                self.frontier.write("UPDATE uris SET state=1 WHERE id=?", (robots_uri.id,))
            capture, code, tries = await self._fetch(h, robots_url)
            if capture is None:
                if robots_uri.id >= 0:
                    self.results.finish(robots_uri, LogEntry(code, 0, robots_url, robots_uri.path, uri.url, None,
                                                             worker, seed=uri.seed,
                                                             annotations=[f"{tries}t"] if tries > 1 else []))
                h.robots_state = ROBOTS_FAILED
            else:
                if robots_uri.id >= 0:
                    await self.results.record(capture, robots_uri, worker, tries)
                text, h.robots_state = robots_outcome(capture)
                capture.discard()
                if h.robots_state == ROBOTS_KNOWN:
                    h.robots = RobotsRules(text, self.user_agent)
            self.frontier.save_host(h.name, h.ip, h.robots.text if h.robots else None, h.robots_state)

    def recover_robots(self, cap: RecoveredCapture) -> None:
        """Save the robots.txt outcome of a capture found in a WARC file a killed run left open."""
        head, _, body = cap.block.partition(b"\r\n\r\n")
        headers = [tuple(x.strip() for x in line.split(":", 1)) for line in head.decode("latin-1").split("\r\n")[1:]
                   if ":" in line]
        text, state = robots_outcome(Capture(cap.url, b"", head, body, cap.status, headers))
        self.frontier.save_host(host_key(cap.url), None, text, state)


def robots_outcome(capture: Capture) -> tuple[str | None, int]:
    """robots.txt text and host state for a fetched robots.txt: rules from a 2xx, no rules from
    3xx and 4xx, and a failed prerequisite (the host's URIs are not fetched) from a 5xx."""
    if 200 <= capture.status < 300:
        return decode_robots(capture.decoded_body()[:500_000]), ROBOTS_KNOWN
    if capture.status >= 500:
        return None, ROBOTS_FAILED
    return None, ROBOTS_KNOWN
