"""Harvest channels: named, snapshot or focused, one default of each kind."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
)

from desktop.controllers.channels import ChannelsController
from desktop.models import Column, DtoListModel
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.tables import fit_columns
from shared.dto.definitions import ChannelDto


class ChannelsScreen(Screen):
    key = "channels"
    group = "operate"
    service = "definitions"

    def build(self) -> None:
        self.model = DtoListModel(ChannelDto, [
            Column("name", lambda: QCoreApplication.translate("ChannelsScreen", "Name")),
            Column("snapshot", lambda: QCoreApplication.translate("ChannelsScreen", "Kind"),
                   lambda v: QCoreApplication.translate("ChannelsScreen", "snapshot") if v
                   else QCoreApplication.translate("ChannelsScreen", "focused")),
            Column("is_default", lambda: QCoreApplication.translate("ChannelsScreen", "Default")),
            Column("comments", lambda: QCoreApplication.translate("ChannelsScreen", "Comments")),
        ], self)
        self.table = QTableView(self.content)
        self.table.setObjectName("channelTable")
        self.table.setModel(self.model)
        fit_columns(self.table)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.default_button = QPushButton(self.content)
        self.default_button.clicked.connect(self.make_default)
        self.needs(self.default_button, "definitions.set_default_channel")
        self.form = Form(self.content)
        self.name = self.form.add("name", QLineEdit())
        self.name.setObjectName("channelName")
        self.snapshot = self.form.add("snapshot", QCheckBox())
        self.comments = self.form.add("comments", QLineEdit())
        self.create_button = QPushButton(self.content)
        self.create_button.clicked.connect(self.create)
        self.needs(self.create_button, "definitions.create_channel")
        self.controller = ChannelsController(self.client, self.rpc, self)
        self.controller.channelsChanged.connect(self.model.set_rows)
        self.controller.created.connect(self._created)
        self.controller.problem.connect(lambda _form, field, text: self.form.error(field or None, text))
        self.controller.cleared.connect(lambda _form: self.form.clear_errors())
        self.controller.failure.connect(self.report)
        self.controller.status.connect(self.statusMessage.emit)
        lay = QVBoxLayout(self.content)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.default_button, 0, Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.form)
        lay.addWidget(self.create_button, 0, Qt.AlignmentFlag.AlignRight)

    def title(self) -> str:
        return self.tr("Harvest channels")

    def purpose(self) -> str:
        return self.tr("Which harvester channel runs which kind of harvest.")

    def retranslateUi(self) -> None:
        self.default_button.setText(self.tr("Make default of its kind"))
        self.form.set_label("name", self.tr("New channel:"))
        self.form.set_label("snapshot", self.tr("For snapshot harvests:"))
        self.form.set_label("comments", self.tr("Comments:"))
        self.create_button.setText(self.tr("Create"))
        self.model.retranslate()

    def refresh(self) -> None:
        self.controller.load()

    def create(self) -> None:
        self.controller.create(self.name.text(), self.snapshot.isChecked(), self.comments.text())

    def _created(self, _channel) -> None:
        self.name.clear()
        self.comments.clear()

    def make_default(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        row = self.model.row_at(rows[0].row()) if rows else None
        self.controller.make_default(row.name if row else None)
