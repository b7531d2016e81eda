"""System overview: every service instance the monitor knows, its state, heartbeat, warnings, and
the notifications that need a person (acknowledged here; desktop/controllers/notifications.py)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QSplitter, QTableView, QVBoxLayout, QWidget

from desktop import formatting, vocab
from desktop.controllers.notifications import NotificationsController
from desktop.models import Column, DtoListModel
from desktop.screens.base import Screen
from desktop.screens.notifications_panel import NotificationsPanel
from shared.dto.monitor import InstanceDto, LogRecordDto
from shared.enums import InstanceState

STATE_COLOURS = {InstanceState.RUNNING: "#1b7f3b", InstanceState.DORMANT: "#9a6700", InstanceState.LOST: "#b00020",
                 InstanceState.STOPPED: "#666666", InstanceState.STARTING: "#1f5fa8",
                 InstanceState.STOPPING: "#1f5fa8"}


class _InstanceModel(DtoListModel):
    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.ForegroundRole and index.isValid() and self.columns[index.column()].key == "state":
            colour = STATE_COLOURS.get(self.rows[index.row()].state)
            return QBrush(QColor(colour)) if colour else None
        return super().data(index, role)


class OverviewScreen(Screen):
    key = "overview"
    group = "operate"
    service = "monitor"
    poll_ms = 5000

    def build(self) -> None:
        self.instances = _InstanceModel(InstanceDto, [
            Column("instance_id", lambda: QCoreApplication.translate("OverviewScreen", "Instance")),
            Column("service", lambda: QCoreApplication.translate("OverviewScreen", "Service")),
            Column("host", lambda: QCoreApplication.translate("OverviewScreen", "Host")),
            Column("state", lambda: QCoreApplication.translate("OverviewScreen", "State"), vocab.instance_state),
            Column("last_heartbeat", lambda: QCoreApplication.translate("OverviewScreen", "Last heartbeat"),
                   formatting.date_time),
            Column("heartbeat_age", lambda: QCoreApplication.translate("OverviewScreen", "Last heard"),
                   formatting.seconds_ago,
                   align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            Column("warnings", lambda: QCoreApplication.translate("OverviewScreen", "Recent warnings"),
                   formatting.number,
                   align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            Column("reason", lambda: QCoreApplication.translate("OverviewScreen", "Reason")),
            Column("version", lambda: QCoreApplication.translate("OverviewScreen", "Version")),
            Column("pid", lambda: QCoreApplication.translate("OverviewScreen", "PID")),
        ], self)
        self.logs = DtoListModel(LogRecordDto, [
            Column("time", lambda: QCoreApplication.translate("OverviewScreen", "Time"), formatting.date_time),
            Column("instance_id", lambda: QCoreApplication.translate("OverviewScreen", "Instance")),
            Column("level", lambda: QCoreApplication.translate("OverviewScreen", "Level"), vocab.log_level),
            Column("message", lambda: QCoreApplication.translate("OverviewScreen", "Message")),
        ], self)
        self.summary = QLabel(self.content)
        self.summary.setObjectName("overviewSummary")
        self.instance_view = QTableView(self.content)
        self.instance_view.setObjectName("instances")
        self.instance_view.setModel(self.instances)
        self.instance_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.instance_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.instance_view.setSortingEnabled(True)
        self.instance_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.instance_view.selectionModel().selectionChanged.connect(lambda *_: self.load_logs())
        self.logs_label = QLabel(self.content)
        self.log_view = QTableView(self.content)
        self.log_view.setObjectName("warnings")
        self.log_view.setModel(self.logs)
        self.log_view.horizontalHeader().setStretchLastSection(True)
        self.log_view.setWordWrap(True)
        # The notifier is its own service: when it is missing, the panel says so and the monitor's
        # part of the screen stays (so the controller calls the client, not this screen's rpc).
        self.notifications = NotificationsController(self.client, who=_who(), parent=self)
        self.notifications.failure.connect(self.report)
        self.notifications.status.connect(self.statusMessage.emit)
        self.notifications_panel = NotificationsPanel(self.notifications, self.content, self.permissions)
        lower = QSplitter(Qt.Orientation.Vertical, self.content)
        lower.addWidget(self.notifications_panel)
        lower.addWidget(self.instance_view)
        box = QVBoxLayout()
        holder = QWidget()
        holder.setLayout(box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.logs_label)
        box.addWidget(self.log_view)
        lower.addWidget(holder)
        lay = QVBoxLayout(self.content)
        lay.addWidget(self.summary)
        lay.addWidget(lower, 1)

    def title(self) -> str:
        return self.tr("System overview")

    def purpose(self) -> str:
        return self.tr("Every service instance and its warnings.")

    def retranslateUi(self) -> None:
        self.logs_label.setText(self.tr("Recent warnings and errors (of the selected instance, or of all):"))
        self.instances.retranslate()
        self.logs.retranslate()
        self.notifications_panel.retranslateUi()
        self._update_summary()

    def _update_summary(self) -> None:
        rows = self.instances.rows
        lost = sum(1 for r in rows if r.state == InstanceState.LOST)
        # plurals by Qt's numerus forms: "1 service instance", "1 tjenesteinstans"
        self.summary.setText(self.tr("%Ln service instance(s)", "", len(rows)) + ", "
                             + self.tr("%Ln lost.", "", lost))

    def selected_instance(self) -> str | None:
        rows = self.instance_view.selectionModel().selectedRows()
        if not rows:
            return None
        r = self.instances.row_at(rows[0].row())
        return r.instance_id if r else None

    def refresh(self) -> None:
        self.loaded = True
        self.poll()

    def poll(self) -> list:
        """Instances, their warnings and the notifications; the selected instance stays selected."""
        self.notifications.refresh()   # one request at a time, guarded by the controller
        c = self.rpc("instances")
        c.succeeded.connect(self._show_instances)
        c.failed.connect(self.report)
        return [c]

    def _show_instances(self, rows: list[InstanceDto]) -> None:
        keep = self.selected_instance()
        self.instances.set_rows(rows, key=lambda r: r.instance_id)
        if keep is not None:
            for i, r in enumerate(rows):
                if r.instance_id == keep:
                    self.instance_view.selectRow(i)
                    break
        self._update_summary()
        self.load_logs()

    def load_logs(self) -> None:
        c = self.rpc("recent_logs", self.selected_instance(), 200)
        c.succeeded.connect(lambda rows: self.logs.set_rows(list(reversed(rows))))
        c.failed.connect(self.report)


def _who() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""
