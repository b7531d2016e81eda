"""What every controller shares: calling its service, and turning failures into field problems."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QRunnable, Signal

from desktop.errors import describe
from desktop.rpc import RpcCall, RpcClient
from desktop.rpc.outcome import Failure, FailureKind
from shared import limits


class Problem(ValueError):
    """A value the user typed that cannot be sent; its text is translated and shown by the field."""


def int_value(text: str, minimum: int | None = None, empty: int | None = None) -> int | None:
    """A whole number in the user's locale (or plain digits); empty text gives ``empty``."""
    text = text.strip()
    if not text:
        return empty
    value, ok = QLocale().toLongLong(text)
    if not ok:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise Problem(QCoreApplication.translate("Inputs", "Give a whole number.")) from None
    if minimum is not None and value < minimum:
        raise Problem(QCoreApplication.translate("Inputs", "Give a number of at least {minimum}.").format(
            minimum=minimum))
    return int(value)


def limit_value(text: str, field: str, kind: limits.LimitKind = "size") -> int:
    """A limit a curator typed: empty is "no limit" (-1 for bytes and objects, 0 for a running
    time), then the rule the server applies (shared/limits.py): creating and editing check alike."""
    value = int_value(text, None, limits.no_limit(kind))
    try:
        return limits.check(value, field, kind)
    except limits.LimitProblem:
        if kind == "size":
            raise Problem(QCoreApplication.translate(
                "Inputs", "Give a whole number of at least 0, or -1 (or nothing) for no limit.")) from None
        raise Problem(QCoreApplication.translate(
            "Inputs", "Give a whole number of seconds, 0 (or nothing) for no limit.")) from None


def required(text: str) -> str:
    text = text.strip()
    if not text:
        raise Problem(QCoreApplication.translate("Inputs", "This cannot be empty."))
    return text


def text_lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


class Work(QRunnable):
    """Runs ``fn`` in a controller's thread pool (downloads, parsing: never on the GUI thread);
    the outcome goes back through ``done(ok, value)``, queued into the GUI thread."""

    def __init__(self, fn, done: Signal):
        super().__init__()
        self.fn, self.done = fn, done

    def run(self) -> None:
        try:
            self.done.emit(True, self.fn())
        except BaseException as exc:  # noqa: BLE001 - every failure goes back as data
            self.done.emit(False, exc)


class Controller(QObject):
    """``problem(form, field, text)``: show ``text`` by ``field`` of ``form`` ("" = the form's
    banner); ``cleared(form)``: hide a form's problems; ``failure(Failure)``: a failure that
    belongs to no form (the screen reports it); ``status(text)``: a passing message."""

    problem = Signal(str, str, str)
    cleared = Signal(str)
    failure = Signal(object)
    status = Signal(str)

    service = ""

    def __init__(self, client: RpcClient, call=None, parent: QObject | None = None):
        super().__init__(parent)
        self.client = client
        # the screen passes its own ``rpc`` so that a missing service shows its panel
        self._call = call or (lambda method, *a, **kw: client.call(self.service, method, *a, **kw))

    def rpc(self, method: str, *args: Any, **kwargs: Any) -> RpcCall:
        """Call the service; the answer is dropped if this controller is deleted meanwhile (its
        tab or screen closed), never delivered to a deleted object."""
        return self._call(method, *args, **kwargs).bind(self)

    def fail(self, form: str, failure: Failure, fields: tuple[str, ...] = (),
             by_code: dict[str, str] | None = None, default: str = "") -> None:
        """A failed save: its sentence by the field it concerns (``details.field`` when the form
        has it, else by code, else ``default``). Missing services are the screen's business."""
        if failure.kind is not FailureKind.SERVER:
            self.failure.emit(failure)
            return
        field = failure.details.get("field")
        if field not in fields:
            field = (by_code or {}).get(failure.code, default)
        self.problem.emit(form, field, describe(failure))
