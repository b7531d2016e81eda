"""Calls between archive services, through one Nameko dependency provider per service.

The arcrepository talks to services whose names it learns from ``archive.replicas`` at run time
(``bitarchive_ONE``, ``bitarchive_monitor_ONE``, ``checksum_CS``), partly from background green
threads that are no worker of any entrypoint. Nameko's ``RpcProxy`` has one fixed target and no
timeout, and a ``ClusterRpcProxy`` per call opens a connection, declares a reply queue and
starts a consumer each time. :class:`ServiceCalls` is built from Nameko's own parts instead:

- one :class:`~nameko.rpc.ReplyListener` (one reply queue, one consumer) per container, shared
  by every call the service makes;
- Nameko's ``MethodProxy`` publishes each request (pooled connections, publisher confirms,
  ``UnknownService`` when no service of that name was ever declared);
- every call waits at most ``timeout`` seconds (default ``archive.rpc_timeout``) and then raises
  :class:`nameko.exceptions.RpcTimeout`, forgetting its reply slot: a silent service costs the
  caller a bounded wait, never a hang or a leak;
- answers are decoded into the DTOs ``shared.contracts`` declares for that method;
- every call comes from this service's own broker account (the ``user_id`` Nameko's publisher
  sets, :mod:`server.runtime.nameko_fixes`), never from the caller whose worker makes it.

Usage on a service class: ``calls = ServiceCalls()``; a worker uses ``self.calls.call(service,
method, *args)``; background code takes ``provider.caller()`` (a caller without a worker).
"""
from __future__ import annotations

from typing import Any

import eventlet
import greenlet
from nameko.containers import WorkerContext
from nameko.exceptions import RpcTimeout
from nameko.extensions import DependencyProvider, Entrypoint
from nameko.rpc import MethodProxy, ReplyListener

from server.runtime.settings_provider import settings_for
from shared import contracts


class _TimedReplyListener(ReplyListener):
    """Nameko's reply listener, which can drop the slot of a call that gave up waiting."""

    def discard(self, reply_event) -> None:
        for correlation_id, event in list(self._reply_events.items()):
            if event is reply_event:
                del self._reply_events[correlation_id]

    def pending(self) -> int:
        """Calls still waiting for their reply."""
        return len(self._reply_events)


class _Background(Entrypoint):
    """Stands for the entrypoint of calls made outside any worker (a store's green thread)."""

    method_name = "background"


class Caller:
    """Makes calls for one worker (or for background work); see :class:`ServiceCalls`."""

    def __init__(self, provider: ServiceCalls, worker_ctx: WorkerContext):
        self.provider = provider
        self.worker_ctx = worker_ctx

    def call(self, service: str, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        """``service.method(*args, **kwargs)``, its answer decoded into its declared DTO.

        Raises whatever the service raised (typed errors come through as themselves),
        :class:`nameko.exceptions.UnknownService` (no such service on the broker) and
        :class:`nameko.exceptions.RpcTimeout` (no answer within ``timeout`` seconds)."""
        timeout = self.provider.timeout if timeout is None else timeout
        listener = self.provider.reply_listener
        reply = MethodProxy(self.worker_ctx, service, method, listener).call_async(*args, **kwargs)
        timer = eventlet.Timeout(timeout)
        try:
            raw = reply.result()
        except eventlet.Timeout as exc:
            if exc is not timer:
                raise
            listener.discard(reply.reply_event)
            raise RpcTimeout(f"{service}.{method}: no answer within {timeout:g}s") from None
        except greenlet.GreenletExit:
            listener.discard(reply.reply_event)    # a caller that gives up (fail fast) leaves no slot
            raise
        finally:
            timer.cancel()
        return contracts.decode(service, method, raw)


class ServiceCalls(DependencyProvider):
    """RPC to services named at run time, one reply queue per container, every call timed."""

    reply_listener = _TimedReplyListener()

    def __init__(self, timeout_setting: str = "archive.rpc_timeout"):
        self.timeout_setting = timeout_setting
        self.timeout = 30.0
        self.settings = None   # from setup()

    def setup(self) -> None:
        self.settings = settings_for(self.container)
        self.timeout = float(self.settings[self.timeout_setting])

    def get_dependency(self, worker_ctx: WorkerContext) -> Caller:
        return Caller(self, worker_ctx)

    def caller(self) -> Caller:
        """A caller for background green threads of this container (no worker to inherit from)."""
        return Caller(self, WorkerContext(self.container, None, _Background()))
