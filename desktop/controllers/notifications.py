"""The overview's notifications: what the ``notifier`` service holds open, acknowledged by an
operator from the desktop (or resolved, when the cause is gone).

Reads ``notifier.list_notifications`` (open and acknowledged ones, newest first) each time the
overview refreshes; ``acknowledge``/``resolve`` per selected notification. An installation
without a notifier, or a notifier that does not answer, is not an error of the overview: the
panel says so and the rest of the screen keeps working.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal

from desktop.controllers.base import Controller
from desktop.rpc.outcome import Failure, FailureKind
from shared.dto.notify import NotificationDto
from shared.enums import NotificationState, Severity

LIMIT = 200


def severity_text(value: str) -> str:
    return {
        "info": QCoreApplication.translate("Notifications", "information"),
        "warning": QCoreApplication.translate("Notifications", "warning"),
        "error": QCoreApplication.translate("Notifications", "error"),
        "critical": QCoreApplication.translate("Notifications", "critical"),
    }.get(str(value), str(value))


def state_text(value: str) -> str:
    return {
        "open": QCoreApplication.translate("Notifications", "open"),
        "acknowledged": QCoreApplication.translate("Notifications", "acknowledged"),
        "resolved": QCoreApplication.translate("Notifications", "resolved"),
    }.get(str(value), str(value))


def _order(n: NotificationDto) -> tuple:
    # open before acknowledged, the most severe first, then the newest
    return (n.state != NotificationState.OPEN, -Severity(n.severity).rank, -n.last_seen, -n.id)


class NotificationsController(Controller):
    """Signals: ``rowsChanged(list[NotificationDto])`` after every answer; ``availability(str)``:
    "" while the notifier answers, else the translated reason it cannot be read."""

    service = "notifier"
    rowsChanged = Signal(list)
    availability = Signal(str)

    def __init__(self, client, call=None, parent=None, who: str | None = None):
        super().__init__(client, call, parent)
        self.rows: list[NotificationDto] = []
        self.unavailable = ""
        self.who = who or ""
        self._loading = False

    # --- reading -----------------------------------------------------------------------------

    def refresh(self) -> bool:
        """Ask for the list (not twice at once: the overview's timer may tick during a slow answer)."""
        if self._loading:
            return False
        self._loading = True
        c = self.rpc("list_notifications", None, LIMIT)
        c.on(self._listed, self._list_failed)
        c.finished.connect(self._loaded)
        return True

    def _loaded(self) -> None:
        self._loading = False

    def _listed(self, rows: list[NotificationDto]) -> None:
        self.rows = sorted(rows, key=_order)
        self._set_available("")
        self.rowsChanged.emit(self.rows)

    def _list_failed(self, failure: Failure) -> None:
        if failure.kind in (FailureKind.SERVICE_MISSING, FailureKind.TIMEOUT) or _missing_method(failure):
            self.rows = []
            self._set_available(QCoreApplication.translate(
                "Notifications", "No notifier service answers: notifications cannot be shown."))
            self.rowsChanged.emit(self.rows)
        elif failure.kind is not FailureKind.UNREACHABLE:   # the frame shows a lost broker
            self.failure.emit(failure)

    def _set_available(self, reason: str) -> None:
        if reason != self.unavailable:
            self.unavailable = reason
            self.availability.emit(reason)

    def open_count(self) -> int:
        return sum(1 for n in self.rows if n.state == NotificationState.OPEN)

    def row(self, notification_id: int) -> NotificationDto | None:
        return next((n for n in self.rows if n.id == notification_id), None)

    # --- acting ------------------------------------------------------------------------------

    def can_acknowledge(self, ids: list[int]) -> bool:
        return any((n := self.row(i)) is not None and n.state == NotificationState.OPEN for i in ids)

    def can_resolve(self, ids: list[int]) -> bool:
        return any(self.row(i) is not None for i in ids)

    def acknowledge(self, ids: list[int]) -> int:
        """Acknowledge the open ones of ``ids``; returns how many were asked for."""
        todo = [i for i in ids if (n := self.row(i)) is not None and n.state == NotificationState.OPEN]
        for i in todo:
            self.rpc("acknowledge", i, self.who).on(self._changed, self._action_failed)
        return len(todo)

    def resolve(self, ids: list[int]) -> int:
        """Mark ``ids`` resolved (they leave the list; the next occurrence notifies anew)."""
        todo = [i for i in ids if self.row(i) is not None]
        for i in todo:
            self.rpc("resolve", i).on(self._changed, self._action_failed)
        return len(todo)

    def _changed(self, n: NotificationDto) -> None:
        rest = [r for r in self.rows if r.id != n.id]
        self.rows = sorted(rest + ([n] if n.state != NotificationState.RESOLVED else []), key=_order)
        self.rowsChanged.emit(self.rows)
        if n.state == NotificationState.RESOLVED:
            self.status.emit(QCoreApplication.translate("Notifications", "Notification {id} ({code}) resolved.")
                             .format(id=n.id, code=n.code))
        else:
            self.status.emit(QCoreApplication.translate("Notifications", "Notification {id} ({code}) acknowledged.")
                             .format(id=n.id, code=n.code))

    def _action_failed(self, failure: Failure) -> None:
        if failure.kind is FailureKind.SERVER and failure.code == "notification_not_found":
            self.refresh()          # someone else resolved it meanwhile: show what is there now
        self.failure.emit(failure)


def _missing_method(failure: Failure) -> bool:
    exc = failure.exception
    return failure.kind is FailureKind.UNEXPECTED and (
        getattr(exc, "exc_type", "") == "MethodNotFound" or type(exc).__name__ == "MethodNotFound")
