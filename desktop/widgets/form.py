"""A form whose every field has its own error line, plus a banner for errors of the whole form."""
from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget

ERROR_STYLE = "color: #b00020;"


class ErrorLabel(QLabel):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setStyleSheet(ERROR_STYLE)
        self.setWordWrap(True)
        self.hide()

    def show_error(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))


class Form(QWidget):
    """``add("name", widget)`` then ``set_label("name", text)`` in retranslateUi;
    ``error("name", text)`` shows a problem under that field; ``clear_errors()`` hides all."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.banner = ErrorLabel(self)
        self.banner.setObjectName("formBanner")
        outer.addWidget(self.banner)
        self.layout_ = QFormLayout()
        outer.addLayout(self.layout_)
        self.fields: dict[str, QWidget] = {}
        self.labels: dict[str, QLabel] = {}
        self.errors: dict[str, ErrorLabel] = {}

    def add(self, name: str, widget: QWidget) -> QWidget:
        cell = QWidget(self)
        box = QVBoxLayout(cell)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        box.addWidget(widget)
        err = ErrorLabel(cell)
        err.setObjectName(f"error_{name}")
        box.addWidget(err)
        label = QLabel(self)
        label.setBuddy(widget)
        self.layout_.addRow(label, cell)
        self.fields[name], self.labels[name], self.errors[name] = widget, label, err
        return widget

    def set_label(self, name: str, text: str) -> None:
        self.labels[name].setText(text)

    def error(self, name: str | None, text: str) -> None:
        if name in self.errors:
            self.errors[name].show_error(text)
        else:
            self.banner.show_error(text)

    def clear_errors(self) -> None:
        self.banner.show_error("")
        for e in self.errors.values():
            e.show_error("")

    def visible_errors(self) -> dict[str, str]:
        out = {n: e.text() for n, e in self.errors.items() if not e.isHidden()}
        if not self.banner.isHidden():
            out[""] = self.banner.text()
        return out
