# ruff: noqa: E501
"""Bit integrity (operators): per replica files, missing, corrupt, checksum age; audits with
progress and cancel; the missing and corrupt lists; reestablish and replace. Widgets only: the
behaviour is in :class:`desktop.controllers.bit_integrity.BitIntegrityController`."""
from __future__ import annotations

import getpass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting
from desktop.controllers.bit_integrity import (
    AUDIT_KINDS,
    BitIntegrityController,
    kind_text,
    state_text,
)
from desktop.controllers.preservation_types import FileFindingDto
from desktop.models import Column, PagedTableModel
from desktop.screens.base import Screen
from desktop.server_text import replace_refusal
from desktop.widgets.role_gate import refusal_text


def _status(value: str) -> str:
    return {
        "missing": QCoreApplication.translate("BitIntegrity", "missing"),
        "corrupt": QCoreApplication.translate("BitIntegrity", "corrupt"),
        "disputed": QCoreApplication.translate("BitIntegrity", "disputed: a person must look"),
    }.get(value, value)


def finding_columns() -> list[Column]:
    return [
        Column("name", lambda: QCoreApplication.translate("BitIntegrity", "File"), sort=None),
        Column("status", lambda: QCoreApplication.translate("BitIntegrity", "Finding"), _status, sort=None),
        Column("reference_checksum", lambda: QCoreApplication.translate("BitIntegrity", "Reference checksum"), sort=None),
        Column("replica_checksum", lambda: QCoreApplication.translate("BitIntegrity", "Checksum in this replica"), sort=None),
        Column("checked", lambda: QCoreApplication.translate("BitIntegrity", "Checked"), formatting.date_time, sort=None),
    ]


class BitIntegrityScreen(Screen):
    key = "bit_integrity"
    service = "arcrepository"
    group = "operate"

    def build(self) -> None:
        c = self.controller = BitIntegrityController(self.client, self.rpc, self)
        c.replicasChanged.connect(self.show_replicas)
        c.auditChanged.connect(self.show_audit)
        c.findingsChanged.connect(self.reload_findings)
        c.confirmation.connect(self.show_confirmation)
        c.replaced.connect(self._replaced)
        c.failure.connect(self.report)
        c.status.connect(self.statusMessage.emit)

        self.summary = QTableWidget(self.content)
        self.summary.setObjectName("replicaSummary")
        self.summary.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.summary.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.summary.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.summary.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.summary.horizontalHeader().setStretchLastSection(True)
        self.summary.itemSelectionChanged.connect(self._replica_chosen)
        self.summary.setMaximumHeight(150)

        self.kind = QComboBox(self.content)
        for k in AUDIT_KINDS:
            self.kind.addItem("", k)
        self.audit_button = QPushButton(self.content)
        self.audit_button.setObjectName("startAudit")
        self.audit_button.clicked.connect(lambda: self.controller.start_audit(self.kind.currentData(), _who()))
        self.cancel_button = QPushButton(self.content)
        self.cancel_button.clicked.connect(self._cancel)
        self.reestablish_button = QPushButton(self.content)
        self.reestablish_button.setObjectName("reestablishMissing")
        self.reestablish_button.clicked.connect(self._reestablish)
        self.needs(self.audit_button, "arcrepository.audit_start")
        self.needs(self.cancel_button, "arcrepository.audit_cancel")
        self.needs(self.reestablish_button, "arcrepository.reestablish_missing")
        self.progress = QProgressBar(self.content)
        self.progress.setRange(0, 1000)
        self.audit_label = QLabel(self.content)
        self.audit_label.setObjectName("auditState")
        self.audit_label.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.kind)
        row.addWidget(self.audit_button)
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel_button)
        row.addSpacing(16)
        row.addWidget(self.reestablish_button)

        self.missing = PagedTableModel(self.client, self.service, "missing_files", finding_columns(), page_size=200,
                                       kwargs_for=self._kwargs, parent=self, item_type=FileFindingDto)
        self.corrupt = PagedTableModel(self.client, self.service, "corrupt_files", finding_columns(), page_size=200,
                                       kwargs_for=self._kwargs, parent=self, item_type=FileFindingDto)
        for m in (self.missing, self.corrupt):
            m.failed.connect(self.report)
        self.missing_view = self._table(self.missing, "missingFiles")
        self.corrupt_view = self._table(self.corrupt, "corruptFiles")
        self.missing_label = QLabel(self.content)
        self.corrupt_label = QLabel(self.content)
        self.replace_button = QPushButton(self.content)
        self.replace_button.setObjectName("replaceCorrupt")
        self.replace_button.clicked.connect(self._replace)
        lists = QSplitter(self.content)
        for label, view, extra in ((self.missing_label, self.missing_view, None),
                                   (self.corrupt_label, self.corrupt_view, self.replace_button)):
            w = QWidget(lists)
            lay = QVBoxLayout(w)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.addWidget(label)
            lay.addWidget(view, 1)
            if extra is not None:
                lay.addWidget(extra, 0, Qt.AlignmentFlag.AlignRight)
            lists.addWidget(w)
        lay = QVBoxLayout(self.content)
        self.heading = QLabel(self.content)
        lay.addWidget(self.heading)
        lay.addWidget(self.summary)
        lay.addLayout(row)
        lay.addWidget(self.audit_label)
        lay.addWidget(lists, 1)
        self._enable()

    def _table(self, model, name: str) -> QTableView:
        v = QTableView(self.content)
        v.setObjectName(name)
        v.setModel(model)
        v.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        v.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        v.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        v.horizontalHeader().setStretchLastSection(True)
        return v

    def _kwargs(self, offset, limit, _sort, _desc, filters) -> dict:
        return {"offset": offset, "limit": limit, **filters}

    # --- texts -------------------------------------------------------------------------------

    def title(self) -> str:
        return self.tr("Bit integrity")

    def purpose(self) -> str:
        return self.tr("Every replica's files checked: audits, missing and corrupt copies, repair.")

    def retranslateUi(self) -> None:
        self.heading.setText(self.tr("Choose a replica to see its missing and corrupt copies."))
        for i, k in enumerate(AUDIT_KINDS):
            self.kind.setItemText(i, kind_text(k))
        self.audit_button.setText(self.tr("Start audit"))
        self.cancel_button.setText(self.tr("Cancel audit"))
        self.reestablish_button.setText(self.tr("Reestablish all missing"))
        self.replace_button.setText(self.tr("Replace this corrupt copy…"))
        self.missing_label.setText(self.tr("Missing copies:"))
        self.corrupt_label.setText(self.tr("Corrupt copies:"))
        for m in (self.missing, self.corrupt):
            m.retranslate()
        self.show_replicas(self.controller.replicas)

    # --- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        self.controller.load()
        self.reload_findings()

    def show_replicas(self, rows) -> None:
        headers = [self.tr("Replica"), self.tr("Files"), self.tr("OK"), self.tr("Missing"), self.tr("Corrupt"),
                   self.tr("Disputed"), self.tr("Old checksums"), self.tr("Oldest checksum"), self.tr("Last audit")]
        chosen = self.controller.replica
        self.summary.blockSignals(True)
        self.summary.clear()
        self.summary.setColumnCount(len(headers))
        self.summary.setHorizontalHeaderLabels(headers)
        self.summary.setRowCount(len(rows))
        for i, r in enumerate(rows):
            last = r.running or r.last_checksums_audit or r.last_files_audit
            last_text = "" if last is None else f"{kind_text(last.kind)}: {state_text(last.state)} {formatting.date_time(last.finished or last.started)}"
            values = [f"{r.name} ({r.replica})", formatting.number(r.files), formatting.number(r.ok),
                      formatting.number(r.missing), formatting.number(r.corrupt), formatting.number(r.disputed),
                      formatting.number(r.stale), formatting.date_time(r.oldest_checksum), last_text]
            for col, v in enumerate(values):
                item = QTableWidgetItem(v)
                if col in (3, 4) and v not in ("0", ""):
                    item.setForeground(Qt.GlobalColor.darkRed)
                self.summary.setItem(i, col, item)
            if r.replica == chosen:
                self.summary.selectRow(i)
        self.summary.blockSignals(False)
        self._enable()

    def _replica_chosen(self) -> None:
        rows = self.summary.selectionModel().selectedRows()
        if rows and rows[0].row() < len(self.controller.replicas):
            self.controller.choose(self.controller.replicas[rows[0].row()].replica)
            self._enable()

    def reload_findings(self) -> None:
        r = self.controller.replica
        if r is None:
            return
        self.heading.setText(self.tr("Replica {replica}").format(replica=r))
        self.missing.set_filters({"replica": r})
        self.corrupt.set_filters({"replica": r})

    def show_audit(self, a) -> None:
        if a.replica != self.controller.replica:
            return
        self.progress.setValue(int(a.progress * 1000))
        text = self.tr("{kind} audit {id}: {state}; %Ln file(s) seen, {missing} missing, {corrupt} corrupt", "",
                       a.files_seen).format(
            kind=kind_text(a.kind), id=a.id, state=state_text(a.state),
            missing=formatting.number(a.missing), corrupt=formatting.number(a.corrupt))
        if a.partial:
            text += " " + self.tr("(partial: no answer from {instances})").format(instances=", ".join(a.missing_instances) or "?")
        if a.message:
            text += " — " + a.message
        self.audit_label.setText(text)
        self._enable()

    def _enable(self) -> None:
        c = self.controller
        running = c.running_audit()
        current = c.current()
        self.set_enabled(self.audit_button, c.replica is not None and running is None)
        self.set_enabled(self.cancel_button, running is not None)
        self.set_enabled(self.reestablish_button, current is not None and current.missing > 0 and running is None)
        self.replace_button.setEnabled(c.replica is not None)

    def _cancel(self) -> None:
        a = self.controller.running_audit()
        if a is not None:
            self.controller.cancel(a.id, _who())

    def _reestablish(self) -> None:
        r = self.controller.current()
        if r is None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Reestablish all missing"), self.tr(
            "Copy the %Ln missing file(s) back into {replica} from a good copy in another replica? Nothing "
            "is deleted; each copy is checked against the reference checksum.", "", r.missing).format(
                replica=r.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("reestablishConfirm")
        box.buttonClicked.connect(lambda b: box.buttonRole(b) == QMessageBox.ButtonRole.YesRole
                                  and self.controller.reestablish_missing(_who()))
        box.open()
        self.reestablish_box = box

    def _replace(self) -> None:
        rows = self.corrupt_view.selectionModel().selectedRows() if self.corrupt_view.selectionModel() else []
        row = self.corrupt.row_at(rows[0].row()) if rows else None
        if row is None:
            self.statusMessage.emit(self.tr("Choose a corrupt copy first."))
            return
        self.controller.confirm_replace(row.name)

    def show_confirmation(self, c) -> None:
        """Both checksums and the consequences. When the copy may be replaced and the signed-in
        roles allow it, the box's Replace button does it: the service authorises it by the login
        and role, the desktop holds no key."""
        lines = [self.tr("File: {name} in {replica}").format(name=c.name, replica=c.replica),
                 self.tr("Checksum of the corrupt copy: {checksum}").format(checksum=c.bad_checksum or "—"),
                 self.tr("Reference checksum: {checksum}").format(checksum=c.reference_checksum),
                 self.tr("Good copy: {replica} ({checksum})").format(replica=c.good_replica or "—", checksum=c.good_checksum or "—")]
        allowed = self.permissions.allows("arcrepository.replace_corrupt")
        if c.replaceable:
            lines.append(self.tr("The corrupt copy is moved aside (kept, not deleted) and replaced by the good copy."))
            if not allowed:
                lines.append(refusal_text("arcrepository.replace_corrupt", self.permissions.who,
                                          self.permissions.roles or ()))
        else:
            lines.append(self.tr("This copy cannot be replaced: {reason}").format(reason=replace_refusal(c)))
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Replace this corrupt copy"), "\n".join(lines),
                          QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("replaceConfirm")
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        replace = box.addButton(self.tr("Replace"), QMessageBox.ButtonRole.AcceptRole)
        replace.setObjectName("replaceNow")
        replace.setEnabled(bool(c.replaceable) and allowed)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)   # a destructive step is never the default
        box.buttonClicked.connect(lambda b: b is replace and self.controller.replace(c))
        box.open()
        self.replace_box = box

    def _replaced(self, result) -> None:
        self.statusMessage.emit(self.tr("Replaced {name} in {replica}; the old copy is kept at {attic}").format(
            name=result.name, replica=result.replica, attic=result.attic_path))


def _who() -> str | None:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return None
