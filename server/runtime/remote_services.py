"""Calls a service makes to other services outside Nameko's dependency injection: from the
harvester's job threads, the index server's builds, the viewerproxy's request threads. One helper
for all of them, over the one client (:class:`shared.client.ServiceClient`):

* the calls come from the calling service's own broker account (the login of its ``AMQP_URI``,
  which the broker validates as each message's ``user_id``), never a person's;
* answers are decoded into the DTOs the contracts declare;
* a service that does not answer, is not running, or a broker that cannot be reached is said one
  way, as :class:`~shared.errors.Unavailable` naming the service and method (the callers decide
  what that means: crawl without deduplication, retry later...); a service's own typed error
  passes through unchanged.

``RemoteServices(config).call("scheduler", "claim_job", ...)`` opens a connection for the call;
``with calls.connection() as c: c.call(...)`` keeps one for several; ``RemoteServices(config,
pool=16)`` keeps up to 16 open connections for threads that call all the time (the viewerproxy).
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from shared import contracts
from shared.client import RpcTimeout, ServiceClient, UnknownService, Unreachable
from shared.errors import NasError, Unavailable


class Connection:
    """Calls over one open connection (from :meth:`RemoteServices.connection`)."""

    def __init__(self, client: ServiceClient):
        self._client = client

    def call(self, service: str, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        """``service.method(*args, **kwargs)`` decoded into its DTO; Unavailable when it cannot be had."""
        return contracts.decode(service, method, self.call_raw(service, method, *args, timeout=timeout, **kwargs))

    def call_raw(self, service: str, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        """The same, answered as the wire carries it (for callers that keep plain dicts)."""
        try:
            return self._client.call_raw(service, method, args, kwargs, timeout)
        except (RpcTimeout, UnknownService) as exc:
            raise Unavailable(f"the {service} does not answer {method}: {exc.__class__.__name__}",
                              {"service": service, "method": method}) from None
        except Unreachable as exc:
            raise Unavailable(f"the message broker cannot be reached: {exc}", {"service": service}) from None


class RemoteServices:
    """A service's calls to others. ``config`` is the service's Nameko config (its ``AMQP_URI``,
    whose login the calls come from); ``timeout`` the default seconds to wait for an answer."""

    def __init__(self, config: Mapping[str, Any], timeout: float = 30.0, pool: int = 0):
        self.config = dict(config)
        self.timeout = timeout
        self._idle: queue.LifoQueue[ServiceClient] = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(pool) if pool else None

    def _new(self, timeout: float | None) -> ServiceClient:
        return ServiceClient(self.config["AMQP_URI"], timeout=self.timeout if timeout is None else timeout)

    @contextmanager
    def connection(self, timeout: float | None = None) -> Iterator[Connection]:
        """One connection for several calls (taken from the pool and given back when pooling)."""
        if self._slots is None:
            client = self._new(timeout)
            try:
                yield Connection(client)
            finally:
                client.close()
            return
        with self._slots:
            try:
                client = self._idle.get_nowait()
            except queue.Empty:
                client = self._new(timeout)
            broken = True
            try:
                yield Connection(client)
                broken = False
            except NasError as exc:
                # a service's own error leaves the connection as good as it was
                broken = isinstance(exc, Unavailable)
                raise
            finally:
                if broken:   # a connection that saw a timeout or a broken broker is not reused
                    client.close()
                else:
                    self._idle.put(client)

    def call(self, service: str, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        """One call (its own connection, or a pooled one), decoded; Unavailable when it cannot be had."""
        with self.connection(timeout) as c:
            return c.call(service, method, *args, timeout=timeout, **kwargs)

    def call_raw(self, service: str, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        """One call, answered as the wire carries it."""
        with self.connection(timeout) as c:
            return c.call_raw(service, method, *args, timeout=timeout, **kwargs)

    def close(self) -> None:
        """Close the pooled connections."""
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return
