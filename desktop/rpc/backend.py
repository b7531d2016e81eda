"""Where a call really goes: the one client of the services (:class:`shared.client.ServiceClient`,
Nameko's protocol over py-amqp, no eventlet), one per worker thread.

A py-amqp connection is not thread-safe, so each thread of the pool opens its own on first use,
keeps it while the thread lives (the pool's threads never expire, see
:class:`desktop.rpc.client.RpcClient`) and replaces it after a connection error or a change of
connection settings. ``close_all`` closes every connection on shutdown.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Protocol

from shared.client import ServiceClient, Unreachable

log = logging.getLogger(__name__)


class Backend(Protocol):
    """Runs one RPC synchronously in the calling (worker) thread."""

    def call(self, service: str, method: str, args: tuple, kwargs: dict[str, Any], timeout: float | None) -> Any:
        ...

    def close_all(self) -> None:
        ...


class ServiceBackend:
    """Thread-local :class:`ServiceClient` connections to one AMQP URI. Who calls is the URI's
    login: the broker checks the password, and the services take the caller from the AMQP
    ``user_id`` it validated (docs/decisions/one-client-and-broker-identity.md)."""

    def __init__(self, amqp_uri: str, timeout: float = 30.0):
        self.amqp_uri = amqp_uri
        self.timeout = timeout
        self._local = threading.local()
        self._lock = threading.Lock()
        self._clients: list[ServiceClient] = []   # every thread's client, for close_all
        self._closed = False

    def _client(self) -> ServiceClient:
        client = getattr(self._local, "client", None)
        if client is not None:
            return client
        if self._closed:
            raise RuntimeError("the RPC backend is closed")
        client = ServiceClient(self.amqp_uri, timeout=self.timeout)
        self._local.client = client
        with self._lock:
            self._clients.append(client)
        return client

    def release(self) -> None:
        """Close the calling thread's connection (a thread of its own, such as a WACZ export's,
        that ends now)."""
        self._drop()

    def _drop(self) -> None:
        client = getattr(self._local, "client", None)
        self._local.client = None
        if client is None:
            return
        with self._lock:
            if client in self._clients:
                self._clients.remove(client)
        client.close()

    def call(self, service: str, method: str, args: tuple, kwargs: dict[str, Any], timeout: float | None) -> Any:
        """The call's answer as the wire carries it (the pool's job decodes it)."""
        client = self._client()
        try:
            return client.call_raw(service, method, args, kwargs, timeout)
        except Unreachable:
            self._drop()   # connection trouble: the next call in this thread reconnects
            raise

    def close_all(self) -> None:
        """Close every thread's connection. Call only when no call is in flight (after the pool
        is done)."""
        with self._lock:
            self._closed = True
            clients, self._clients = self._clients, []
        for client in clients:
            client.close()
