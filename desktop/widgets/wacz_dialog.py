"""The "Export WACZ…" dialog: where the file goes (a save dialog first), what is exported, a
progress bar with the file going in, Cancel while it runs, and the outcome in a sentence.
Behaviour is in :class:`desktop.controllers.wacz_export.WaczExport`."""
from __future__ import annotations

import os

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting
from desktop.controllers.wacz_export import ExportOutcome, WaczExport, outcome_text


def ask_path(parent: QWidget, suggested: str) -> str | None:
    """The save dialog; None when the user chose nothing. A name without ``.wacz`` gets it."""
    path, _ = QFileDialog.getSaveFileName(
        parent, QCoreApplication.translate("WaczDialog", "Export WACZ"), suggested,
        QCoreApplication.translate("WaczDialog", "Web archive collections (*.wacz)"))
    if not path:
        return None
    return path if path.lower().endswith(".wacz") else path + ".wacz"


def open_export(parent: QWidget, client, suggested: str, what: str, start, path: str | None = None):
    """The save dialog (unless ``path`` is given), then a :class:`WaczDialog` shown and started
    with ``start(dialog, path)``; None when the user chose no file."""
    path = path or ask_path(parent, suggested)
    if not path:
        return None
    dialog = WaczDialog(client, what, parent)
    dialog.show()
    start(dialog, path)
    return dialog


class WaczDialog(QDialog):
    """Start with :meth:`export_jobs` or :meth:`export_search`; the dialog stays open with the
    outcome until closed."""

    def __init__(self, client, what: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("waczDialog")
        self.setWindowTitle(self.tr("Export WACZ"))
        self.export = WaczExport(client, self)
        self.export.progress.connect(self._progress)
        self.export.fileChanged.connect(self._file)
        self.export.finished.connect(self._finished)
        self.what = QLabel(what, self)
        self.what.setWordWrap(True)
        self.target = QLabel(self)
        self.target.setWordWrap(True)
        self.bar = QProgressBar(self)
        self.bar.setObjectName("waczProgress")
        self.bar.setRange(0, 0)
        self.current = QLabel(self)
        self.current.setObjectName("waczCurrent")
        self.current.setWordWrap(True)
        self.result = QLabel(self)
        self.result.setObjectName("waczOutcome")
        self.result.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.cancel_button = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setText(self.tr("Cancel export"))
        self.cancel_button.clicked.connect(self._cancel)
        self.close_button = self.buttons.addButton(self.tr("Close"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.close_button.clicked.connect(self.accept)
        self.close_button.setEnabled(False)
        self.cancelling = False
        lay = QVBoxLayout(self)
        for w in (self.what, self.target, self.bar, self.current, self.result, self.buttons):
            lay.addWidget(w)
        self.setMinimumWidth(520)

    def export_jobs(self, path: str, job_ids: list[int], title: str = "") -> None:
        self._started(path)
        self.export.export_jobs(path, job_ids, title)

    def export_search(self, path: str, query: str, job_ids: list[int], sort: str = "relevance") -> None:
        self._started(path)
        self.export.export_search(path, query, job_ids, sort)

    def _started(self, path: str) -> None:
        self.cancelling = False
        self.target.setText(self.tr("To {file}").format(file=path))
        self.current.setText(self.tr("Asking the archive…"))
        self.current.show()
        self.result.setText("")

    def _progress(self, done: int, total: int) -> None:
        if total:
            # a progress bar counts in int: per mille of the bytes
            self.bar.setRange(0, 1000)
            self.bar.setValue(min(1000, done * 1000 // total))
            self.bar.setFormat(self.tr("{done} of {total}").format(done=formatting.size(done),
                                                                    total=formatting.size(total)))
        else:
            self.bar.setRange(0, 0)

    def _file(self, name: str) -> None:
        if self.cancelling:
            return      # a file announced before the thread saw the cancel: "Cancelling…" stays
        self.current.setText(self.tr("Writing {file}").format(file=name))

    def _cancel(self) -> None:
        self.cancelling = True
        self.cancel_button.setEnabled(False)
        self.current.setText(self.tr("Cancelling…"))
        self.export.cancel()

    def _finished(self, outcome: ExportOutcome) -> None:
        self.bar.setRange(0, 1000)
        self.bar.setValue(1000 if outcome.ok else 0)
        self.bar.setFormat(formatting.size(outcome.size) if outcome.ok else "")
        self.current.hide()     # the outcome takes its place
        self.result.setText(outcome_text(outcome))
        self.cancel_button.setEnabled(False)
        self.close_button.setEnabled(True)
        self.close_button.setDefault(True)

    def reject(self) -> None:
        """Escape or the window's close box: a running export is cancelled, not left behind."""
        if self.export.running:
            self._cancel()
            return
        super().reject()

    def done_path(self) -> str | None:
        o = self.export.outcome
        return o.path if o is not None and o.ok and os.path.exists(o.path) else None
