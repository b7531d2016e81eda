"""Reading typed values from text fields, with a translated problem instead of an exception."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QLineEdit


class InputProblem(ValueError):
    pass


def optional_int(edit: QLineEdit, minimum: int | None = None) -> int | None:
    """Empty → None; a whole number in the user's locale (or plain digits) → int; else InputProblem."""
    text = edit.text().strip()
    if not text:
        return None
    value, ok = QLocale().toLongLong(text)
    if not ok:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise InputProblem(QCoreApplication.translate("Inputs", "Give a whole number.")) from None
    if minimum is not None and value < minimum:
        raise InputProblem(QCoreApplication.translate("Inputs", "Give a number of at least {minimum}.").format(
            minimum=minimum))
    return int(value)


def required_text(edit: QLineEdit) -> str:
    text = edit.text().strip()
    if not text:
        raise InputProblem(QCoreApplication.translate("Inputs", "This cannot be empty."))
    return text


def lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]
