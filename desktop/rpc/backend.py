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
    """Thread-local :class:`ServiceClient` connections to one AMQP URI, every call carrying the
    user's identity: ``identity`` (a token from ``nas identity issue``, or its file), else what
    ``nas`` would use ($NAS_IDENTITY, ~/.config/nas/identity.token, the installation key); see
    docs/decisions/trust-roles.md. Without any, the services refuse every call."""

    def __init__(self, amqp_uri: str, timeout: float = 30.0, identity: str | None = None):
        self.amqp_uri = amqp_uri
        self.timeout = timeout
        self.identity = identity
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
        client = ServiceClient(self.amqp_uri, timeout=self.timeout)   # its context is set by each call
        self._local.client = client
        with self._lock:
            self._clients.append(client)
        return client

    def _identity_context(self) -> dict[str, Any]:
        from server.runtime.identity_tokens import context_of, person_token

        # person_token() mints a token when the key is readable (cached, renewed before it expires)
        return context_of(person_token(self.identity))

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
        # asked again each call: a minted token is renewed before it expires (person_token caches it)
        client.context = self._identity_context()
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
