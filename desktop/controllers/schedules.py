"""The schedules screen's controller: the open schedule, checking a rule's fields, the next runs
while the curator types (``preview_schedule``, nothing saved), and saving."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Signal

from desktop.controllers.base import Controller, Problem, int_value, required
from desktop.rpc.outcome import Failure, FailureKind
from shared.dto.definitions import ScheduleDetailsDto, SchedulePreviewDto

FORM = "schedule"
UNITS = ("hours", "days", "weeks", "months")
# the whole-number fields of a rule and their least value
NUMBERS = (("every", 1), ("minute", 0), ("hour", 0), ("day_of_month", 1), ("max_runs", 1))
# the moments, ISO 8601 with a zone (the server checks them)
MOMENTS = ("start_at", "end_at")


class SchedulesController(Controller):
    """Signals: ``scheduleShown(ScheduleDetailsDto | None)`` (None: a new, empty schedule),
    ``previewChanged(list, str)``: the next runs and a note ("" when they are valid),
    ``listChanged()``."""

    service = "definitions"
    scheduleShown = Signal(object)
    previewChanged = Signal(list, str)
    listChanged = Signal()

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.current: ScheduleDetailsDto | None = None
        self._preview_generation = 0    # only the latest preview's answer is shown

    # --- reading -------------------------------------------------------------------------------

    def new_schedule(self) -> None:
        self.current = None
        self.cleared.emit(FORM)
        self.scheduleShown.emit(None)
        self.previewChanged.emit([], "")

    def open(self, name: str) -> None:
        self.rpc("get_schedule", name, 5).on(self._show, self.failure.emit)

    def _show(self, s: ScheduleDetailsDto) -> None:
        self.current = s
        self.cleared.emit(FORM)
        self.scheduleShown.emit(s)
        self.previewChanged.emit(list(s.upcoming), "")

    # --- checking ------------------------------------------------------------------------------

    def fields(self, typed: dict[str, Any], report: bool = True) -> dict[str, Any] | None:
        """The rule's fields from what was typed (texts; ``unit`` and ``weekday`` as chosen), or
        None, each problem said by its field when ``report``."""
        out: dict[str, Any] = {"unit": typed.get("unit"), "weekday": typed.get("weekday")}
        ok = True
        for key, minimum in NUMBERS:
            try:
                out[key] = int_value(str(typed.get(key, "") or ""), minimum)
            except Problem as p:
                if report:
                    self.problem.emit(FORM, key, str(p))
                ok = False
        if ok and out.get("every") is None:
            if report:
                self.problem.emit(FORM, "every", QCoreApplication.translate("Inputs", "Give a whole number."))
            ok = False
        for key in MOMENTS:
            out[key] = str(typed.get(key, "") or "").strip() or None
        return out if ok else None

    # --- the next runs while typing ------------------------------------------------------------

    def preview(self, typed: dict[str, Any]) -> bool:
        """Ask the server for the next five runs of the fields as they are now (nothing saved);
        False when they are not a rule yet (no call)."""
        self._preview_generation += 1
        generation = self._preview_generation
        fields = self.fields(typed, report=False)
        if fields is None:
            self.previewChanged.emit([], self.not_valid())
            return False
        self.rpc("preview_schedule", fields, 5).on(lambda p: self._previewed(generation, p),
                                                   lambda f: self._preview_failed(generation, f))
        return True

    @staticmethod
    def not_valid() -> str:
        return QCoreApplication.translate("SchedulesController", "Not a valid schedule yet.")

    def _previewed(self, generation: int, p: SchedulePreviewDto) -> None:
        if generation == self._preview_generation:
            self.previewChanged.emit(list(p.upcoming), "")

    def _preview_failed(self, generation: int, failure: Failure) -> None:
        if generation != self._preview_generation:
            return
        if failure.kind is FailureKind.SERVER:   # the server refuses the rule: not valid yet
            self.previewChanged.emit([], self.not_valid())
        else:
            self.failure.emit(failure)

    # --- saving --------------------------------------------------------------------------------

    def save(self, name: str, typed: dict[str, Any], comments: str = "") -> bool:
        """Save the open schedule (on the edition read) or create one under a new name; False
        after saying each problem by its field."""
        self.cleared.emit(FORM)
        try:
            name = required(name)
        except Problem as p:
            self.problem.emit(FORM, "name", str(p))
            return False
        fields = self.fields(typed)
        if fields is None:
            return False
        if self.current is not None and self.current.name == name:
            c = self.rpc("update_schedule", name, self.current.edition, fields, comments=comments)
        else:
            unit, every = fields.pop("unit"), fields.pop("every")
            c = self.rpc("create_schedule", name, unit, every, comments,
                         **{k: v for k, v in fields.items() if v is not None})
        c.on(self._saved, lambda f: self.fail(FORM, f, ("name", "comments", *dict(NUMBERS), *MOMENTS, "unit",
                                                        "weekday"), {"already_exists": "name"}, default="name"))
        return True

    def _saved(self, s: Any) -> None:
        self.open(s.name)
        self.listChanged.emit()
        self.status.emit(QCoreApplication.translate("SchedulesController", "Saved {name}.").format(name=s.name))
