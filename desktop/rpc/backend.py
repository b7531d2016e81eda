"""Where a call really goes: Nameko's standalone RPC client, one per worker thread.

The desktop process is not eventlet-patched. Nameko's ``ClusterRpcProxy`` works from plain threads
as long as no two threads share one (a kombu connection is not thread-safe), so each thread of the
pool creates its own on first use, keeps it while the thread lives (the pool's threads never
expire, see :class:`desktop.rpc.client.RpcClient`) and replaces it after a connection error or a
change of connection settings. ``close_all`` stops every proxy on shutdown.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Protocol

log = logging.getLogger(__name__)


class Backend(Protocol):
    """Runs one RPC synchronously in the calling (worker) thread."""

    def call(self, service: str, method: str, args: tuple, kwargs: dict[str, Any], timeout: float | None) -> Any:
        ...

    def close_all(self) -> None:
        ...


class NamekoBackend:
    """Thread-local ``ClusterRpcProxy`` instances over one AMQP URI, every call carrying the
    user's identity: ``identity`` (a token from ``nas identity issue``, or its file), else what
    ``nas`` would use ($NAS_IDENTITY, ~/.config/nas/identity.token, the installation key); see
    docs/decisions/trust-roles.md. Without any, the services refuse every call."""

    def __init__(self, amqp_uri: str, timeout: float = 30.0, identity: str | None = None):
        self.amqp_uri = amqp_uri
        self.timeout = timeout
        self.identity = identity
        self._local = threading.local()
        self._lock = threading.Lock()
        self._proxies: list[Any] = []   # every started proxy, for close_all
        self._closed = False

    def _proxy(self, timeout: float | None):
        from nameko.standalone.rpc import ClusterRpcProxy  # imported lazily: pulls in eventlet

        timeout = self.timeout if timeout is None else timeout
        held = getattr(self._local, "held", None)
        if held is not None and held[0] == timeout:
            return held[1]
        if held is not None:
            self._drop()
        if self._closed:
            raise RuntimeError("the RPC backend is closed")
        proxy = ClusterRpcProxy({"AMQP_URI": self.amqp_uri, "serializer": "json"},
                                context_data=self._identity_context(), timeout=timeout)
        cluster = proxy.start()
        self._local.held = (timeout, cluster, proxy)
        with self._lock:
            self._proxies.append(proxy)
        return cluster

    def _identity_context(self) -> dict[str, Any]:
        from server.runtime.identity import context_of, person_token

        # person_token() mints a token when the key is readable: renewed with each new proxy
        return context_of(person_token(self.identity))

    def _drop(self) -> None:
        held = getattr(self._local, "held", None)
        self._local.held = None
        if held is None:
            return
        with self._lock:
            if held[2] in self._proxies:
                self._proxies.remove(held[2])
        try:
            held[2].stop()
        except Exception:  # noqa: BLE001 - a broken connection may refuse to close cleanly
            log.debug("closing a broken RPC proxy failed", exc_info=True)

    def call(self, service: str, method: str, args: tuple, kwargs: dict[str, Any], timeout: float | None) -> Any:
        from nameko.exceptions import RemoteError, RpcTimeout, UnknownService

        from shared.errors import NasError

        cluster = self._proxy(timeout)
        try:
            return getattr(getattr(cluster, service), method)(*args, **kwargs)
        except (NasError, RemoteError, UnknownService):
            raise   # the connection is fine: the service answered (or is simply not running)
        except RpcTimeout:
            self._drop()   # nameko re-creates the consumer, but start clean to be safe
            raise
        except BaseException:
            self._drop()   # connection trouble: the next call in this thread reconnects
            raise

    def close_all(self) -> None:
        """Stop every proxy. Call only when no call is in flight (after the pool is done)."""
        with self._lock:
            self._closed = True
            proxies, self._proxies = self._proxies, []
        for proxy in proxies:
            try:
                proxy.stop()
            except Exception:  # noqa: BLE001
                log.debug("closing an RPC proxy failed", exc_info=True)
