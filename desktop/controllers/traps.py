"""The global crawler traps screen's controller: the open trap list, creating and saving lists
(a bad expression is named with its position by the server)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal

from desktop.controllers.base import Controller, Problem, required, text_lines
from desktop.errors import describe
from desktop.rpc.outcome import Failure
from shared.dto.definitions import TrapListDto

FORM = "trap_list"


class TrapsController(Controller):
    """Signals: ``listShown(TrapListDto | None)`` (None: a new, empty list), ``listChanged()``
    (the listing needs reloading)."""

    service = "definitions"
    listShown = Signal(object)
    listChanged = Signal()

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.current: TrapListDto | None = None

    def new_list(self) -> None:
        self.current = None
        self.cleared.emit(FORM)
        self.listShown.emit(None)

    def show(self, t: TrapListDto) -> None:
        self.current = t
        self.cleared.emit(FORM)
        self.listShown.emit(t)

    def save(self, name: str, description: str, active: bool, expressions: str) -> bool:
        """Save the open list (on the edition it was read at), or create one under a new name;
        False when the name is missing."""
        self.cleared.emit(FORM)
        try:
            name = required(name)
        except Problem as p:
            self.problem.emit(FORM, "name", str(p))
            return False
        exprs = text_lines(expressions)
        if self.current is not None and self.current.name == name:
            c = self.rpc("update_trap_list", name, self.current.edition, expressions=exprs,
                         description=description, active=active)
        else:
            c = self.rpc("create_trap_list", name, exprs, description, active)
        c.on(self._saved, self._failed)
        return True

    def _saved(self, t: TrapListDto) -> None:
        self.show(t)
        self.listChanged.emit()
        self.status.emit(QCoreApplication.translate("TrapsController", "Saved {name}.").format(name=t.name))

    def _failed(self, f: Failure) -> None:
        self.fail(FORM, f, ("name", "description", "expressions"),
                  {"already_exists": "name", "invalid_regex": "expressions"}, default="name")
        if f.code == "invalid_regex" and f.details.get("pattern"):
            # which expression: the server's details name it
            self.problem.emit(FORM, "expressions", describe(f) + " " + str(f.details["pattern"]))
