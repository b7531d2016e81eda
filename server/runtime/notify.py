"""Emitting notifications: ``self.notify.emit(code, severity, message, refers_to=...)``.

A service declares ``notify = Notifications()`` and calls ``emit`` where something needs a
person (a job failed, an instance was lost, a disk is nearly full). The event goes to the
``notifier`` service as a Nameko event from the pseudo-service ``nas_notify``. ``emit`` never
blocks and never fails its caller: the event is sent from its own green thread, and a broker
problem is logged, not raised (a notification must not turn a handled failure into a crash).
The notifier's queue is durable, and every emitter declares it too (same name, same flags,
bound to the same exchange) before its first event: events sent before the notifier has ever
started, or while it is down, wait for it on the broker instead of going to an exchange with no
queue (RabbitMQ drops those).
"""
from __future__ import annotations

import logging
import socket
import time
from typing import Any

import eventlet
from kombu import Queue
from nameko.extensions import DependencyProvider
from nameko.standalone.events import event_dispatcher, get_event_exchange

from server.runtime.settings_provider import settings_for

log = logging.getLogger(__name__)

NOTIFY_SOURCE = "nas_notify"
NOTIFY_EVENT = "notification"
NOTIFIER_SERVICE = "notifier"
NOTIFIER_HANDLER = "on_notification"
#: the name Nameko gives the notifier's SERVICE_POOL handler queue (nameko.events.EventHandler.setup)
NOTIFIER_QUEUE = f"evt-{NOTIFY_SOURCE}-{NOTIFY_EVENT}--{NOTIFIER_SERVICE}.{NOTIFIER_HANDLER}"


def notifier_queue(nameko_config: dict) -> Queue:
    """The notifier's durable queue, declared exactly as its reliable SERVICE_POOL handler
    declares it (a different flag would make the broker refuse one of the two declarations)."""
    return Queue(NOTIFIER_QUEUE, exchange=get_event_exchange(NOTIFY_SOURCE, nameko_config), routing_key=NOTIFY_EVENT,
                 durable=True, auto_delete=False, exclusive=False)


def notification_dispatcher(nameko_config: dict):
    """``dispatch(NOTIFY_SOURCE, NOTIFY_EVENT, payload)`` that declares the notifier's queue (and
    its binding) before publishing, so a notification never finds the exchange without a queue."""
    return event_dispatcher(nameko_config, declare=[notifier_queue(nameko_config)])


def event(code: str, severity: str, message: str, instance: str, refers_to: str = "",
          details: dict[str, Any] | None = None) -> dict[str, Any]:
    """The payload the notifier reads (server.notify.core.parse_event)."""
    return {"code": str(code), "severity": str(severity), "message": message, "instance": instance,
            "refers_to": str(refers_to), "details": details or {}, "time": time.time()}


class Notifications(DependencyProvider):
    """The emitter every service may declare; workers get this object itself."""

    def setup(self) -> None:
        settings = settings_for(self.container)
        host = settings["instance.host"] or socket.gethostname()
        self.instance_id = settings["instance.id"] or f"{self.container.service_name}@{host}"
        self._dispatch = notification_dispatcher(self.container.config)
        self.sent = 0

    def get_dependency(self, worker_ctx) -> Notifications:
        return self

    def emit(self, code: str, severity: str, message: str, refers_to: Any = "",
             details: dict[str, Any] | None = None) -> None:
        """Queue one notification for the notifier; returns at once, never raises."""
        try:
            payload = event(code, severity, message, self.instance_id, str(refers_to), details)
            eventlet.spawn_n(self._send, payload)
        except Exception as exc:  # noqa: BLE001 - never fail the caller
            log.warning("notification %s not sent: %s", code, exc)

    def _send(self, payload: dict[str, Any]) -> None:
        try:
            self._dispatch(NOTIFY_SOURCE, NOTIFY_EVENT, payload)
            self.sent += 1
        except Exception as exc:  # noqa: BLE001 - a broker hiccup loses this notification, not the service
            log.warning("notification %s not sent: %s", payload.get("code"), exc)


def notifier_of(container) -> Notifications | None:
    """The container's emitter, for dependency providers that notify (a bitarchive's disk check,
    the harvester's loop); None when the service declares none."""
    for dep in container.dependencies:
        if isinstance(dep, Notifications):
            return dep
    return None
