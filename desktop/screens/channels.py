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

from desktop.models import Column, DtoListModel
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.inputs import InputProblem, required_text
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
        c = self.rpc("list_channels")
        c.succeeded.connect(self.model.set_rows)
        c.failed.connect(self.report)

    def create(self) -> None:
        self.form.clear_errors()
        try:
            name = required_text(self.name)
        except InputProblem as p:
            self.form.error("name", str(p))
            return
        c = self.rpc("create_channel", name, self.snapshot.isChecked(), self.comments.text())
        c.succeeded.connect(lambda ch: (self.name.clear(), self.comments.clear(), self.refresh(),
                                        self.statusMessage.emit(self.tr("Saved {name}.").format(name=ch.name))))
        c.failed.connect(lambda f: self.show_failure(self.form, f, default="name"))

    def make_default(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return
        c = self.rpc("set_default_channel", self.model.row_at(rows[0].row()).name)
        c.succeeded.connect(lambda _c: self.refresh())
        c.failed.connect(self.report)
