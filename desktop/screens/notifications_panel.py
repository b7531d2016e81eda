"""The overview's notifications panel: open and acknowledged notifications of the ``notifier``,
the most urgent first, and the operator's Acknowledge and Resolve (NotificationsController)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting, server_text
from desktop.controllers.notifications import NotificationsController, severity_text, state_text
from desktop.models import Column, DtoListModel
from desktop.widgets.role_gate import RoleGate
from shared.dto.notify import NotificationDto
from shared.enums import NotificationState

SEVERITY_COLOURS = {"critical": "#b00020", "error": "#b00020", "warning": "#9a6700", "info": "#1f5fa8"}


class _NotificationModel(DtoListModel):
    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if index.isValid() and role == Qt.ItemDataRole.ForegroundRole and \
                self.columns[index.column()].key == "severity":
            colour = SEVERITY_COLOURS.get(str(self.rows[index.row()].severity))
            return QBrush(QColor(colour)) if colour else None
        if index.isValid() and role == Qt.ItemDataRole.FontRole and \
                self.rows[index.row()].state == NotificationState.OPEN:
            from PySide6.QtGui import QFont

            font = QFont()
            font.setBold(True)     # what still needs a person stands out
            return font
        return super().data(index, role)


def _times(n: object) -> str:
    return f"×{formatting.number(n)}" if n else ""


class NotificationsPanel(QWidget):
    def __init__(self, controller: NotificationsController, parent: QWidget | None = None,
                 permissions: RoleGate | None = None):
        super().__init__(parent)
        self.controller = controller
        self.model = _NotificationModel(NotificationDto, [
            Column("severity", lambda: QCoreApplication.translate("NotificationsPanel", "Severity"), severity_text),
            Column("code", lambda: QCoreApplication.translate("NotificationsPanel", "Event"),
                   server_text.notification_event),
            Column("instance", lambda: QCoreApplication.translate("NotificationsPanel", "Instance")),
            Column("refers_to", lambda: QCoreApplication.translate("NotificationsPanel", "Concerns")),
            # the server's sentence said again in the user's language from its code and details
            Column("message", lambda: QCoreApplication.translate("NotificationsPanel", "Message"),
                   row_fmt=server_text.notification),
            Column("count", lambda: QCoreApplication.translate("NotificationsPanel", "Times"), _times,
                   align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            Column("last_seen", lambda: QCoreApplication.translate("NotificationsPanel", "Last seen"),
                   formatting.date_time),
            Column("state", lambda: QCoreApplication.translate("NotificationsPanel", "State"), state_text),
            Column("acknowledged_by", lambda: QCoreApplication.translate("NotificationsPanel", "Acknowledged by")),
        ], self)
        self.heading = QLabel(self)
        self.heading.setObjectName("notificationsHeading")
        self.view = QTableView(self)
        self.view.setObjectName("notifications")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.acknowledge_button = QPushButton(self)
        self.acknowledge_button.setObjectName("acknowledge")
        self.acknowledge_button.clicked.connect(self.acknowledge_selected)
        self.resolve_button = QPushButton(self)
        self.resolve_button.setObjectName("resolve")
        self.resolve_button.clicked.connect(self.resolve_selected)
        self.permissions = permissions or RoleGate()
        self.permissions.register(self.acknowledge_button, "notifier.acknowledge")
        self.permissions.register(self.resolve_button, "notifier.resolve")
        buttons = QHBoxLayout()
        buttons.addWidget(self.heading, 1)
        buttons.addWidget(self.acknowledge_button)
        buttons.addWidget(self.resolve_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(buttons)
        lay.addWidget(self.view)
        controller.rowsChanged.connect(self._show)
        controller.availability.connect(lambda _reason: self.retranslateUi())
        self.retranslateUi()

    def retranslateUi(self) -> None:
        self.acknowledge_button.setText(self.tr("Acknowledge"))
        self.acknowledge_button.setToolTip(self.tr("I have seen it: mark the selected notifications acknowledged "
                                                   "(repeats are still counted on them)."))
        self.resolve_button.setText(self.tr("Resolve"))
        self.resolve_button.setToolTip(self.tr("The cause is gone: the next occurrence notifies anew."))
        self.model.retranslate()
        c = self.controller
        if c.unavailable:
            # said again here, not the controller's sentence: that stays in the language it was made in
            self.heading.setText(QCoreApplication.translate(
                "Notifications", "No notifier service answers: notifications cannot be shown."))
        else:
            acknowledged = len(c.rows) - c.open_count()
            self.heading.setText(self.tr("Notifications: %Ln open", "", c.open_count()) + ", "
                                 + self.tr("%Ln acknowledged.", "", acknowledged))
        self._update_buttons()

    def selected_ids(self) -> list[int]:
        out = []
        for index in self.view.selectionModel().selectedRows():
            n = self.model.row_at(index.row())
            if n is not None:
                out.append(n.id)
        return out

    def _show(self, rows: list[NotificationDto]) -> None:
        keep = set(self.selected_ids())
        self.model.set_rows(rows, key=lambda n: n.id)
        sel = self.view.selectionModel()
        for i, n in enumerate(rows):      # the operator's selection survives the overview's refresh
            if n.id in keep:
                sel.select(self.model.index(i, 0), QItemSelectionModel.SelectionFlag.Select
                           | QItemSelectionModel.SelectionFlag.Rows)
        self.retranslateUi()

    def _update_buttons(self) -> None:
        ids = self.selected_ids()
        self.permissions.set_enabled(self.acknowledge_button, self.controller.can_acknowledge(ids))
        self.permissions.set_enabled(self.resolve_button, self.controller.can_resolve(ids))

    def acknowledge_selected(self) -> int:
        return self.controller.acknowledge(self.selected_ids())

    def resolve_selected(self) -> int:
        return self.controller.resolve(self.selected_ids())
