"""Reading typed values from text fields: the controllers' checks (desktop/controllers/base.py)
applied to a field, so a screen and a controller never check the same input two ways."""
from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from desktop.controllers.base import Problem, int_value, required, text_lines

#: the problem a field's text has (a translated sentence); the controllers' own
InputProblem = Problem
lines = text_lines


def optional_int(edit: QLineEdit, minimum: int | None = None) -> int | None:
    """Empty → None; a whole number in the user's locale (or plain digits) → int; else InputProblem."""
    return int_value(edit.text(), minimum)


def required_text(edit: QLineEdit) -> str:
    return required(edit.text())
