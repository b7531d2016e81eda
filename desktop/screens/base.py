"""What every screen shares: its service, the "service not available" state, retranslation."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QStackedLayout, QWidget

from desktop.errors import describe
from desktop.rpc import RpcCall, RpcClient
from desktop.rpc.outcome import Failure, FailureKind
from desktop.widgets.panels import UnavailablePanel
from desktop.widgets.role_gate import RoleGate


def _is_missing_method(failure: Failure) -> bool:
    # Nameko hands back its own MethodNotFound (a registered exception), or a RemoteError naming it
    exc = failure.exception
    return failure.kind is FailureKind.UNEXPECTED and (
        getattr(exc, "exc_type", "") == "MethodNotFound" or type(exc).__name__ == "MethodNotFound")


class Screen(QWidget):
    """Subclasses set ``key`` and ``service``, build widgets in ``build()``, set texts in
    ``retranslateUi()``, and load data in ``refresh()`` through :meth:`rpc`.

    A button that changes something is registered with the RPC it calls
    (``self.needs(button, "scheduler.resubmit_job")``) and enabled through
    :meth:`set_enabled`: the signed-in person's roles disable it when they may not call that RPC
    (:class:`desktop.widgets.role_gate.RoleGate`)."""

    key = "screen"
    service = ""
    group = ""       # curate, operate or qa: where the navigation lists it (registry.GROUPS)
    #: How often :meth:`poll` runs while the screen is visible (0: the screen shows nothing that
    #: changes by itself). One timer per screen, stopped while the screen is hidden, and a tick is
    #: skipped while the previous poll's calls are still out (docs/decisions/desktop-refresh.md).
    poll_ms = 0
    statusMessage = Signal(str)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every screen names itself in the navigation list; catch a missing title when the
        # class is defined, not when the window is first drawn.
        super().__init_subclass__(**kwargs)
        if cls.title is Screen.title:
            raise TypeError(f"screen {cls.__name__} must define title()")

    def __init__(self, client: RpcClient, parent: QWidget | None = None):
        super().__init__(parent)
        self.client = client
        self.loaded = False
        self._error_box: QMessageBox | None = None
        self.permissions = RoleGate()
        self._stack = QStackedLayout(self)
        self.content = QWidget(self)
        self.unavailable = UnavailablePanel(self)
        self.unavailable.retry.connect(self.refresh)
        self._stack.addWidget(self.content)
        self._stack.addWidget(self.unavailable)
        self.poll_timer = QTimer(self)
        self.poll_timer.setInterval(self.poll_ms or 1000)
        self.poll_timer.timeout.connect(self._poll_tick)
        self._polls_out = 0
        self.build()
        self.retranslateUi()

    # --- for subclasses ----------------------------------------------------------------------

    def build(self) -> None:
        """Create the widgets of ``self.content``."""

    def title(self) -> str:
        """The translated name shown in the navigation list (every subclass defines it)."""
        return self.key

    def retranslateUi(self) -> None:
        """Set every visible text; runs again on each language change."""

    def refresh(self) -> None:
        """(Re)load what the screen shows."""

    def poll(self) -> list[RpcCall]:
        """Fetch again what may have changed elsewhere, in place: the selection, the scroll
        position and anything being typed stay. Returns the calls it started (the next tick waits
        for them)."""
        return []

    # --- keeping current -----------------------------------------------------------------------

    def _poll_tick(self) -> None:
        if not self.loaded or self._polls_out or self.is_unavailable or not self.isVisible():
            return
        calls = [c for c in self.poll() if c is not None]
        self._polls_out = len(calls)
        for c in calls:
            c.finished.connect(self._poll_done)

    def _poll_done(self) -> None:
        self._polls_out = max(0, self._polls_out - 1)

    def showEvent(self, event) -> None:
        if self.poll_ms:
            self.poll_timer.start()
        super().showEvent(event)

    def hideEvent(self, event) -> None:
        self.poll_timer.stop()
        super().hideEvent(event)

    # --- shared behaviour --------------------------------------------------------------------

    def needs(self, widget: QWidget, action: str) -> QWidget:
        """Enable ``widget`` only for roles that may call ``action`` ("service.method")."""
        return self.permissions.register(widget, action)

    def set_enabled(self, widget: QWidget, enabled: bool) -> None:
        """The screen's own reason to enable ``widget`` (the roles still have their say)."""
        self.permissions.set_enabled(widget, enabled)

    def apply_roles(self, roles: list[str] | frozenset[str] | None, who: str = "") -> None:
        """Who is signed in (``None``: not known yet, nothing disabled for roles)."""
        self.permissions.apply(roles, who)

    def activate(self) -> None:
        """Called when the screen is shown; loads it the first time."""
        if not self.loaded:
            self.loaded = True
            self.refresh()

    def rpc(self, method: str, *args: Any, service: str | None = None, **kwargs: Any) -> RpcCall:
        """Call this screen's service. A missing service switches the screen to its
        "not available" panel; a later success switches it back."""
        svc = service or self.service
        c = self.client.call(svc, method, *args, **kwargs).bind(self)
        c.succeeded.connect(lambda _r: self.show_content())
        c.failed.connect(self._check_available)
        return c

    def _check_available(self, failure: Failure) -> None:
        # A stopped service either has no queue (UnknownService) or leaves its queue behind and
        # never answers (a timeout): both mean "not available", shown once on the screen itself.
        if failure.kind in (FailureKind.SERVICE_MISSING, FailureKind.TIMEOUT):
            self.show_unavailable(failure.service, lambda: describe(failure))
        elif _is_missing_method(failure):
            self.show_unavailable(failure.service, lambda: self.tr(
                "The running {service} service does not offer '{method}' yet.").format(
                    service=failure.service, method=failure.method))

    def show_unavailable(self, service: str, reason) -> None:
        self.unavailable.set_service(service, reason)
        self._stack.setCurrentWidget(self.unavailable)

    def show_content(self) -> None:
        self._stack.setCurrentWidget(self.content)

    @property
    def is_unavailable(self) -> bool:
        return self._stack.currentWidget() is self.unavailable

    def report(self, failure: Failure) -> None:
        """A failure that belongs to no field: a message box (never a traceback). A missing or
        silent service switches the screen to its "not available" page instead; the same message
        is never stacked in a second box while the first is still open."""
        if failure.kind in (FailureKind.SERVICE_MISSING, FailureKind.TIMEOUT):
            self._check_available(failure)
            return
        if failure.kind is FailureKind.UNREACHABLE or _is_missing_method(failure):
            return   # the screen or the frame already shows it
        text = describe(failure)
        box = self._error_box
        if box is not None and box.isVisible() and box.text() == text:
            return
        box = QMessageBox(QMessageBox.Icon.Warning, self.title(), text, parent=self)
        box.setObjectName("errorBox")
        box.open()
        self._error_box = box

    def show_failure(self, form, failure: Failure, field_by_code: dict[str, str] | None = None,
                     default: str | None = None) -> None:
        """A failed save: the sentence goes next to the field it concerns (the error's
        ``details.field`` if the form has it, else by code), else on the form's banner."""
        if failure.kind in (FailureKind.SERVICE_MISSING, FailureKind.TIMEOUT):
            self._check_available(failure)
            return
        if failure.kind is FailureKind.UNREACHABLE or _is_missing_method(failure):
            return
        field = None
        if failure.kind is FailureKind.SERVER:
            detail_field = failure.details.get("field")
            if detail_field in form.fields:
                field = detail_field
            else:
                field = (field_by_code or {}).get(failure.code, default)
        form.error(field, describe(failure))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
            # the refusal tooltips in the new language, after every child has set its own texts
            QTimer.singleShot(0, self, self.permissions.refresh)
        super().changeEvent(event)
