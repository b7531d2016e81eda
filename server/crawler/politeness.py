"""Host queues and politeness: which host a free worker may fetch from next.

As in Heritrix, each host (host:port) is a queue. After a fetch, its host rests for
``delay_factor`` × the fetch's duration, clamped to [min_delay, max_delay]; up to
``connections_per_host`` fetches of a host run at once. A host becomes *ready* when it has
queued URIs, a free connection and its rest is over; ready hosts wait in a FIFO so that many
hosts are crawled in parallel and none is starved.
"""
from __future__ import annotations

import asyncio

from server.crawler.robots import RobotsRules
from server.crawler.spec import Politeness

ROBOTS_UNKNOWN, ROBOTS_KNOWN, ROBOTS_FAILED = 0, 1, 2


class HostQueue:
    """One host's crawl state (the URIs themselves stay in the frontier)."""

    __slots__ = ("name", "hostname", "queued", "in_flight", "in_ready", "resting", "ip", "dns_failed",
                 "robots", "robots_state", "lock", "done", "last_used")

    def __init__(self, name: str, hostname: str):
        self.name = name
        self.hostname = hostname
        self.queued = 0
        self.in_flight = 0
        self.in_ready = False
        self.resting = False
        self.ip: str | None = None
        self.dns_failed = False
        self.robots: RobotsRules | None = None
        self.robots_state = ROBOTS_UNKNOWN
        self.lock: asyncio.Lock | None = None
        self.done = 0

    def prerequisite_lock(self) -> asyncio.Lock:
        if self.lock is None:
            self.lock = asyncio.Lock()
        return self.lock


class HostScheduler:
    """Hands ready hosts to workers and puts them to rest after each fetch."""

    def __init__(self, politeness: Politeness, workers: int):
        self.politeness = politeness
        self.hosts: dict[str, HostQueue] = {}
        self._ready: asyncio.Queue[HostQueue | None] = asyncio.Queue()
        self.workers = workers
        self.busy = 0
        self.resting = 0
        self.finished = asyncio.Event()
        self._stopped = False

    def host(self, name: str, hostname: str) -> HostQueue:
        h = self.hosts.get(name)
        if h is None:
            h = self.hosts[name] = HostQueue(name, hostname)
        return h

    def delay_for(self, duration: float) -> float:
        p = self.politeness
        delay = p.delay_factor * duration * 1000.0
        return min(max(delay, p.min_delay_ms), p.max_delay_ms) / 1000.0

    def _offer(self, h: HostQueue) -> None:
        if (not h.in_ready and not h.resting and h.queued > 0
                and h.in_flight < self.politeness.connections_per_host and not self._stopped):
            h.in_ready = True
            self._ready.put_nowait(h)

    def queued(self, h: HostQueue, n: int = 1) -> None:
        """``n`` URIs were queued for ``h``."""
        h.queued += n
        self._offer(h)

    async def take(self) -> HostQueue | None:
        """The next ready host with one of its connections reserved; None when the crawl is over."""
        while True:
            h = await self._ready.get()
            if h is None or self._stopped:
                return None
            h.in_ready = False
            if h.queued <= 0 or h.resting or h.in_flight >= self.politeness.connections_per_host:
                continue
            h.in_flight += 1
            h.queued -= 1
            self.busy += 1
            self._offer(h)  # another connection may start on it at once
            return h

    def release(self, h: HostQueue, rest: float) -> None:
        """A fetch of ``h`` ended; it rests ``rest`` seconds before the next one."""
        h.in_flight -= 1
        self.busy -= 1
        if rest > 0 and not h.resting:
            h.resting = True
            self.resting += 1
            asyncio.get_running_loop().call_later(rest, self._wake, h)
        else:
            self._offer(h)
        self._check_finished()

    def hold(self) -> None:
        """Work that may still queue URIs (a capture being recorded) keeps the crawl from finishing."""
        self.busy += 1

    def unhold(self) -> None:
        self.busy -= 1
        self._check_finished()

    def _wake(self, h: HostQueue) -> None:
        h.resting = False
        self.resting -= 1
        self._offer(h)
        self._check_finished()

    def _check_finished(self) -> None:
        if self.busy == 0 and self._ready.empty() and self.resting == 0:
            if not any(h.queued > 0 for h in self.hosts.values()):
                self.stop()
            else:  # hosts with queued URIs but no ready entry (should not happen): re-offer
                for h in self.hosts.values():
                    self._offer(h)

    def start(self) -> None:
        """Offer every host that has work; finish at once when none has."""
        for h in self.hosts.values():
            self._offer(h)
        self._check_finished()

    def stop(self) -> None:
        """No more hosts are handed out; waiting workers get None."""
        self._stopped = True
        self.finished.set()
        for _ in range(self.workers):
            self._ready.put_nowait(None)

    def active_hosts(self) -> int:
        return sum(1 for h in self.hosts.values() if h.in_flight)
