"""An unexpected exception opens a dialog with the details to copy, instead of a silent death."""
from __future__ import annotations

import logging
import platform
import sys
import traceback
from types import TracebackType

from PySide6.QtCore import QEvent
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

log = logging.getLogger(__name__)


def details_text(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> str:
    from importlib import metadata

    try:
        version = metadata.version("netarchivesuite-py")
    except metadata.PackageNotFoundError:
        version = "unknown"
    lines = [
        f"nas-desktop {version}, Python {platform.python_version()}, {platform.platform()}",
        "",
        *traceback.format_exception(exc_type, exc, tb),
    ]
    return "\n".join(line.rstrip("\n") for line in lines)


class CrashDialog(QDialog):
    def __init__(self, details: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("crashDialog")
        self.details = details
        lay = QVBoxLayout(self)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setPlainText(details)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        self.copy_button = QPushButton(self)
        self.buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.message)
        lay.addWidget(self.text, 1)
        lay.addWidget(self.buttons)
        self.resize(640, 420)
        self.retranslateUi()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.details)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Unexpected error"))
        self.message.setText(self.tr(
            "Something went wrong that the application did not expect. Your saved work is safe on the "
            "server. Please copy the details below into a report to the people who run the system."))
        self.copy_button.setText(self.tr("Copy details"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)


class CrashHandler:
    """``sys.excepthook`` replacement: logs, then shows one dialog (not a pile of them)."""

    def __init__(self) -> None:
        self.dialog: CrashDialog | None = None
        self.previous = sys.excepthook

    def install(self) -> None:
        sys.excepthook = self

    def uninstall(self) -> None:
        if sys.excepthook is self:
            sys.excepthook = self.previous

    def __call__(self, exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            QApplication.quit()
            return
        text = details_text(exc_type, exc, tb)
        log.error("unexpected error\n%s", text)
        if QApplication.instance() is None:
            self.previous(exc_type, exc, tb)
            return
        try:
            if self.dialog is not None and self.dialog.isVisible():
                self.dialog.details += "\n\n" + text
                self.dialog.text.setPlainText(self.dialog.details)
                return
            self.dialog = CrashDialog(text, QApplication.activeWindow())
            self.dialog.open()
        except Exception:  # noqa: BLE001 - never recurse into ourselves
            self.previous(exc_type, exc, tb)
