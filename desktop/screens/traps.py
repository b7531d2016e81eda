"""Global crawler traps: named lists of regular expressions, each list active or not."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop.controllers.traps import TrapsController
from desktop.models import Column, PagedTableModel
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.tables import fit_columns
from shared.dto.definitions import TrapListDto


class TrapsScreen(Screen):
    key = "traps"
    group = "curate"
    service = "definitions"

    def build(self) -> None:
        self.model = PagedTableModel(self.client, self.service, "list_trap_lists", [
            Column("name", lambda: QCoreApplication.translate("TrapsScreen", "Name")),
            Column("active", lambda: QCoreApplication.translate("TrapsScreen", "Active"), sort=None),
            Column("description", lambda: QCoreApplication.translate("TrapsScreen", "Description"), sort=None),
            Column("expressions", lambda: QCoreApplication.translate("TrapsScreen", "Expressions"),
                   lambda v: QCoreApplication.translate("TrapsScreen", "%Ln expression(s)", "", len(v)),
                   sort=None),
        ], page_size=200, parent=self)
        self.model.failed.connect(self.report)
        self.table = QTableView(self.content)
        self.table.setObjectName("trapTable")
        self.table.setModel(self.model)
        fit_columns(self.table)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.clicked.connect(self._row_clicked)
        self.new_button = QPushButton(self.content)
        self.new_button.clicked.connect(self.new_list)
        self.needs(self.new_button, "definitions.create_trap_list")
        self.form = Form(self.content)
        self.name = self.form.add("name", QLineEdit())
        self.name.setObjectName("trapListName")
        self.description = self.form.add("description", QLineEdit())
        self.active = self.form.add("active", QCheckBox())
        self.active.setChecked(True)
        self.expressions = self.form.add("expressions", QPlainTextEdit())
        self.expressions.setObjectName("trapExpressions")
        self.save_button = QPushButton(self.content)
        self.save_button.clicked.connect(self.save)
        self.needs(self.save_button, "definitions.update_trap_list")
        c = self.controller = TrapsController(self.client, self.rpc, self)
        c.listShown.connect(self.show_list)
        c.listChanged.connect(self.model.reload)
        c.problem.connect(lambda _form, field, text: self.form.error(field or None, text))
        c.cleared.connect(lambda _form: self.form.clear_errors())
        c.failure.connect(self.report)
        c.status.connect(self.statusMessage.emit)
        left = QWidget(self.content)
        ll = QVBoxLayout(left)
        ll.addWidget(self.table, 1)
        ll.addWidget(self.new_button)
        right = QWidget(self.content)
        rl = QVBoxLayout(right)
        rl.addWidget(self.form, 1)
        rl.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignRight)
        split = QSplitter(self.content)
        split.addWidget(left)
        split.addWidget(right)
        QVBoxLayout(self.content).addWidget(split)

    def title(self) -> str:
        return self.tr("Global crawler traps")

    def purpose(self) -> str:
        return self.tr("URL patterns no harvest should follow.")

    def retranslateUi(self) -> None:
        self.new_button.setText(self.tr("New trap list"))
        self.form.set_label("name", self.tr("Name:"))
        self.form.set_label("description", self.tr("Description:"))
        self.form.set_label("active", self.tr("Active:"))
        self.form.set_label("expressions", self.tr("Regular expressions (one a line):"))
        self.save_button.setText(self.tr("Save"))
        self.model.retranslate()

    def refresh(self) -> None:
        self.model.reload()

    @property
    def current(self) -> TrapListDto | None:
        """The open list (the controller's)."""
        return self.controller.current

    def new_list(self) -> None:
        self.controller.new_list()

    def _row_clicked(self, index) -> None:
        row = self.model.row_at(index.row())
        if row:
            self.controller.show(row)

    def show_list(self, t: TrapListDto | None) -> None:
        """The list in the form (None: an empty form for a new list)."""
        self.name.setText(t.name if t else "")
        self.name.setReadOnly(t is not None)
        self.description.setText((t.description or "") if t else "")
        self.active.setChecked(t.active if t else True)
        self.expressions.setPlainText("\n".join(t.expressions) if t else "")

    def save(self) -> None:
        self.controller.save(self.name.text(), self.description.text(), self.active.isChecked(),
                             self.expressions.toPlainText())
