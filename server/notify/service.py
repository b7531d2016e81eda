"""The ``notifier`` service: receives every service's notifications, keeps them, mails them.

Thin over ``core``: the event handler records (one at a time, so a burst of identical events
is counted on one notification), a timer runs the outbox and the digest, RPCs list and
acknowledge. Mail is sent from the timer's worker, never from the event handler: a mail server
that hangs delays mails, not the recording of new events.
"""
from __future__ import annotations

import logging
from typing import Any

from eventlet.semaphore import Semaphore
from nameko.events import SERVICE_POOL, event_handler
from nameko.timer import timer

from server.db.provider import DatabaseSession, committing
from server.notify import core
from server.notify.mail import MailServer
from server.runtime.notify import NOTIFIER_SERVICE, NOTIFY_EVENT, NOTIFY_SOURCE
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.dto.notify import NotificationDto, OutboxMailDto
from shared.errors import NasError
from shared.roles import OPERATOR, READ

log = logging.getLogger(__name__)

_record_lock = Semaphore(1)
_deliver_lock = Semaphore(1)
DELIVER_INTERVAL = 2.0  # the timer's tick; notify.deliver_interval spaces the real runs


class NotifierService(NasService):
    name = NOTIFIER_SERVICE  # emitters declare its queue by this name (server.runtime.notify)
    db = DatabaseSession("notify", "server.notify.migrations")

    def _config(self) -> core.Config:
        return core.Config.from_settings(self.settings)

    @event_handler(NOTIFY_SOURCE, NOTIFY_EVENT, handler_type=SERVICE_POOL, reliable_delivery=True)
    def on_notification(self, event: dict[str, Any]) -> None:
        try:
            with _record_lock, committing(self.db):
                core.record(self.db, self._config(), event)
        except NasError as exc:
            # A malformed event is the emitter's bug: say so (the monitor shows it), drop it.
            log.warning("notification refused: %s (%r)", exc.message, event)

    @timer(interval=DELIVER_INTERVAL)
    def run_outbox(self) -> None:
        self.deliver_now()

    @rpc(roles=OPERATOR, audit=True)
    def deliver_now(self) -> int:
        """Queue the digest if one is due, then send the due mails of the outbox; returns how
        many were handed to the mail server. Mail-server problems leave mails queued."""
        cfg = self._config()
        if not cfg.mail_enabled:
            return 0
        with _deliver_lock:
            with committing(self.db):
                core.queue_digest(self.db, cfg)
            return core.deliver(self.db, cfg, MailServer.from_settings(self.settings).send)

    @rpc(roles=READ)
    def list_notifications(self, state: str | None = None, limit: int = 100) -> list[NotificationDto]:
        """Notifications newest first: ``state`` None for open and acknowledged ones, ``all``, or
        one state. Raises InvalidInput."""
        return [core.to_dto(n) for n in core.listing(self.db, state, limit)]

    @rpc(roles=OPERATOR, audit=True)
    def acknowledge(self, notification_id: int, by: str = "") -> NotificationDto:
        """Mark a notification seen by ``by``; repeats are still counted on it. Raises
        NotificationNotFound, InvalidInput."""
        with committing(self.db):
            return core.to_dto(core.acknowledge(self.db, notification_id, by))

    @rpc(roles=OPERATOR, audit=True)
    def resolve(self, notification_id: int) -> NotificationDto:
        """Mark a notification resolved: the next occurrence notifies anew. Raises
        NotificationNotFound, InvalidInput."""
        with committing(self.db):
            return core.to_dto(core.resolve(self.db, notification_id))

    @rpc(roles=OPERATOR)
    def outbox(self, pending_only: bool = False, limit: int = 100) -> list[OutboxMailDto]:
        """Mails of the outbox, newest first (``pending_only``: not yet handed over), with
        attempts and the last error."""
        return [core.mail_dto(m) for m in core.outbox(self.db, pending_only, limit)]
