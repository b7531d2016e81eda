"""What the ``notifier`` service sends: notifications (one per event, repeats counted) and the
state of its mail outbox."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.dto import Dto
from shared.enums import NotificationState, Severity

SERVICE = "notifier"


@dataclass
class NotificationDto(Dto):
    """One event that needs (or needed) a person. Repeats of the same event (code, instance,
    subject of the event) within ``notify.window`` seconds raise ``count`` instead of making a new
    one. Times are epoch seconds."""

    id: int
    code: str
    severity: Severity
    instance: str
    refers_to: str
    message: str
    state: NotificationState
    count: int
    first_seen: float
    last_seen: float
    acknowledged_by: str
    details: dict[str, Any]


@dataclass
class OutboxMailDto(Dto):
    """One mail of the outbox: queued until it was handed to the mail server (``sent_at``);
    a failed attempt is retried, never dropped."""

    id: int
    notification_id: int | None
    recipients: list[str]
    subject: str
    attempts: int
    last_error: str
    created: float
    sent_at: float | None


RETURNS: dict[str, Any] = {
    "list_notifications": list[NotificationDto],
    "acknowledge": NotificationDto,
    "resolve": NotificationDto,
    "outbox": list[OutboxMailDto],
    "deliver_now": int,
}
