"""Connections waiting for a request: slow or idle clients cannot starve the proxy (#29).

The proxy serves at most ``viewerproxy.threads`` requests at once. It used to take that slot when
it accepted a connection, so 70 idle, half-sent connections (no proxy credentials needed) held
every slot and a real request waited for them to time out (120 s). Now a connection takes a slot
only once its request line and headers are in; until then it is *waiting*, and a waiting one

- is closed when its request is not whole within ``viewerproxy.header_timeout`` seconds of the
  connection's start or the previous answer (an idle keep-alive connection too: browsers open a
  new one);
- is closed, oldest first, when its client address has more than
  ``viewerproxy.waiting_per_client`` waiting connections (a browser keeps far fewer idle ones
  to one proxy), or the proxy more than ``total`` in all.

Closing is a ``shutdown`` of the socket: the thread reading it sees the end of the stream.
"""
from __future__ import annotations

import itertools
import logging
import socket
import threading
import time
from collections import OrderedDict

log = logging.getLogger(__name__)


class Waiter:
    """One connection while it waits for its request."""

    __slots__ = ("id", "client", "sock", "deadline", "cut")

    def __init__(self, ident: int, client: str, sock: socket.socket, deadline: float):
        self.id, self.client, self.sock, self.deadline = ident, client, sock, deadline
        self.cut = ""

    def close(self, why: str) -> None:
        self.cut = why
        try:
            # the plain socket's shutdown, also under TLS (SSLSocket's own drops its TLS state
            # under the thread reading it)
            socket.socket.shutdown(self.sock, socket.SHUT_RDWR)
        except OSError:
            pass


class WaitingConnections:
    def __init__(self, timeout: float, per_client: int, total: int):
        self.timeout, self.per_client, self.total = timeout, per_client, total
        self._lock = threading.Lock()
        self._all: OrderedDict[int, Waiter] = OrderedDict()
        self._by_client: dict[str, OrderedDict[int, Waiter]] = {}
        self._ids = itertools.count()
        self._stopped = threading.Event()
        self._reaper = threading.Thread(target=self._reap, name="viewerproxy-header-timeouts", daemon=True)
        self._reaper.start()

    def __len__(self) -> int:
        with self._lock:
            return len(self._all)

    def enter(self, client: str, sock: socket.socket) -> Waiter:
        """Register a connection that now waits for a request; closes the oldest waiting ones of
        its client, or of all, beyond the limits."""
        waiter = Waiter(next(self._ids), client, sock, time.monotonic() + self.timeout)
        with self._lock:
            mine = self._by_client.setdefault(client, OrderedDict())
            mine[waiter.id] = waiter
            self._all[waiter.id] = waiter
            while len(mine) > self.per_client:
                self._drop(next(iter(mine.values())), f"more than {self.per_client} waiting connections from "
                                                      f"{client}")
            while len(self._all) > self.total:
                self._drop(next(iter(self._all.values())), f"more than {self.total} waiting connections")
        return waiter

    def leave(self, waiter: Waiter) -> bool:
        """The connection's request is in (or it ended): True unless it was closed while waiting."""
        with self._lock:
            self._forget(waiter)
            return not waiter.cut

    def stop(self) -> None:
        self._stopped.set()

    def _forget(self, waiter: Waiter) -> None:
        self._all.pop(waiter.id, None)
        mine = self._by_client.get(waiter.client)
        if mine is not None:
            mine.pop(waiter.id, None)
            if not mine:
                del self._by_client[waiter.client]

    def _drop(self, waiter: Waiter, why: str) -> None:
        """Under the lock: forget and close (so ``leave`` sees it closed, never half)."""
        self._forget(waiter)
        waiter.close(why)
        log.debug("closed a connection from %s that sent no whole request: %s", waiter.client, why)

    def _reap(self) -> None:
        pause = max(0.05, min(1.0, self.timeout / 4))
        while not self._stopped.wait(pause):
            now = time.monotonic()
            with self._lock:
                late = [w for w in self._all.values() if w.deadline <= now]
                for w in late:
                    self._drop(w, f"no whole request within {self.timeout:g} s")
