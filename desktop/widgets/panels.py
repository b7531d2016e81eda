"""Panels shown instead of a screen's content: service not available, busy/progress."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget


class UnavailablePanel(QWidget):
    """"The <service> service is not available" with the reason and a Retry button."""

    retry = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.service = ""
        self.reason = ""
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.heading = QLabel(self)
        self.heading.setObjectName("unavailableHeading")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        f = self.heading.font()
        f.setPointSizeF(f.pointSizeF() * 1.4)
        f.setBold(True)
        self.heading.setFont(f)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.retry_button = QPushButton(self)
        self.retry_button.clicked.connect(self.retry)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.retry_button)
        row.addStretch(1)
        lay.addWidget(self.heading)
        lay.addWidget(self.text)
        lay.addLayout(row)
        lay.addStretch(2)
        self.retranslateUi()

    def set_service(self, service: str, reason: str | Callable[[], str]) -> None:
        """``reason``: the sentence, or what makes it (called again after a language switch, so
        a page shown before the switch does not stay in the old language)."""
        self.service = service
        self._reason = reason
        self.retranslateUi()

    def retranslateUi(self) -> None:
        self.heading.setText(self.tr("Service not available: {service}").format(service=self.service))
        reason = getattr(self, "_reason", "")
        self.reason = reason() if callable(reason) else reason
        self.text.setText(self.reason)
        self.retry_button.setText(self.tr("Retry"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)


class ProgressPanel(QWidget):
    """A progress bar with a label and a Cancel button, for long work the service can stop."""

    cancel = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(self)
        self.bar = QProgressBar(self)
        self.cancel_button = QPushButton(self)
        self.cancel_button.clicked.connect(self.cancel)
        lay.addWidget(self.label)
        lay.addWidget(self.bar, 1)
        lay.addWidget(self.cancel_button)
        self.retranslateUi()
        self.hide()

    def start(self, text: str, maximum: int = 0, cancellable: bool = True) -> None:
        self.label.setText(text)
        self.bar.setRange(0, maximum)
        self.bar.setValue(0)
        self.cancel_button.setVisible(cancellable)
        self.show()

    def update_progress(self, value: int, maximum: int | None = None) -> None:
        if maximum is not None:
            self.bar.setMaximum(maximum)
        self.bar.setValue(value)

    def retranslateUi(self) -> None:
        self.cancel_button.setText(self.tr("Cancel"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)
