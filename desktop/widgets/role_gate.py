"""Buttons and actions that change something, each with the RPC it calls: enabled only when the
signed-in person's roles may call that RPC (:func:`shared.rpc_roles.may_call`), otherwise
disabled with a tooltip naming the role it needs, instead of a refusal from the service.

A screen registers a widget once (``gate.register(button, "scheduler.resubmit_job")``) and sets
its own reasons through the gate (``gate.set_enabled(button, job is failed)``): the button is
enabled when both say so. Until the services have said who the caller is (roles ``None``),
nothing is disabled for roles: the service decides, as before.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject

from shared.rpc_roles import may_call, needed_roles


def refusal_text(action: str, who: str, held: Iterable[str]) -> str:
    """The tooltip of a disabled action: which role it needs, and who is signed in."""
    needed = needed_roles(action)
    held_text = ", ".join(sorted(held)) or QCoreApplication.translate("RoleGate", "no roles")
    if len(needed) == 1:
        text = QCoreApplication.translate("RoleGate", "Needs the {role} role. You are signed in as {who} ({held}).")
        return text.format(role=needed[0], who=who, held=held_text)
    text = QCoreApplication.translate(
        "RoleGate", "Needs one of the roles {roles}. You are signed in as {who} ({held}).")
    return text.format(roles=", ".join(needed), who=who, held=held_text)


@dataclasses.dataclass
class _Gated:
    widget: QObject          # a QWidget or a QAction: both have setEnabled and setToolTip
    action: str              # "service.method"
    wanted: bool             # what the screen's own logic says (a job chosen, a form filled...)
    own_tip: str = ""        # the screen's own tooltip, given back when the roles allow
    gate_tip: str = ""       # ours, while the roles do not allow


class RoleGate:
    def __init__(self) -> None:
        self._gated: dict[int, _Gated] = {}
        self.roles: frozenset[str] | None = None
        self.who = ""

    def register(self, widget: QObject, action: str) -> QObject:
        """Gate ``widget`` by the roles ``action`` declares (KeyError for an RPC missing from
        :data:`shared.rpc_roles.RPC_ROLES`: add it there). Answers ``widget``."""
        needed_roles(action)
        entry = _Gated(widget, action, widget.isEnabled(), widget.toolTip())
        key = id(widget)
        self._gated[key] = entry
        # a widget of a closed tab goes with it
        widget.destroyed.connect(lambda *_args, key=key: self._gated.pop(key, None))
        self._update(entry)
        return widget

    def set_enabled(self, widget: QObject, enabled: bool) -> None:
        """The screen's own reason to enable ``widget``; the roles still have their say."""
        entry = self._gated.get(id(widget))
        if entry is None:
            widget.setEnabled(enabled)
            return
        entry.wanted = bool(enabled)
        self._update(entry)

    def apply(self, roles: Iterable[str] | None, who: str = "") -> None:
        """The signed-in person's roles (None: not known, nothing disabled for roles)."""
        self.roles = None if roles is None else frozenset(roles)
        self.who = who
        self.refresh()

    def allows(self, action: str) -> bool:
        return self.roles is None or may_call(self.roles, action)

    def refresh(self) -> None:
        """Apply again, e.g. after the screen set its (translated) tooltips anew."""
        for entry in self._gated.values():
            self._update(entry)

    def _update(self, entry: _Gated) -> None:
        if not shiboken6.isValid(entry.widget):
            return
        permitted = self.allows(entry.action)
        entry.widget.setEnabled(entry.wanted and permitted)
        current = entry.widget.toolTip()
        if not entry.gate_tip or current != entry.gate_tip:
            entry.own_tip = current          # the screen set its own since
        if permitted:
            entry.gate_tip = ""
            entry.widget.setToolTip(entry.own_tip)
        else:
            entry.gate_tip = refusal_text(entry.action, self.who, self.roles or ())
            entry.widget.setToolTip(entry.gate_tip)
