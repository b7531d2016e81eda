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

from desktop.errors import describe
from desktop.models import Column, PagedTableModel
from desktop.rpc.outcome import Failure
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.inputs import InputProblem, lines, required_text
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
        self.current: TrapListDto | None = None
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

    def new_list(self) -> None:
        self.current = None
        self.name.setReadOnly(False)
        for e in (self.name, self.description, self.expressions):
            e.clear()
        self.active.setChecked(True)
        self.form.clear_errors()

    def _row_clicked(self, index) -> None:
        row = self.model.row_at(index.row())
        if row:
            self.show_list(row)

    def show_list(self, t: TrapListDto) -> None:
        self.current = t
        self.form.clear_errors()
        self.name.setText(t.name)
        self.name.setReadOnly(True)
        self.description.setText(t.description or "")
        self.active.setChecked(t.active)
        self.expressions.setPlainText("\n".join(t.expressions))

    def save(self) -> None:
        self.form.clear_errors()
        try:
            name = required_text(self.name)
        except InputProblem as p:
            self.form.error("name", str(p))
            return
        exprs = lines(self.expressions.toPlainText())
        if self.current and self.current.name == name:
            c = self.rpc("update_trap_list", name, self.current.edition, expressions=exprs,
                         description=self.description.text(), active=self.active.isChecked())
        else:
            c = self.rpc("create_trap_list", name, exprs, self.description.text(), self.active.isChecked())
        c.succeeded.connect(lambda t: (self.show_list(t), self.model.reload(),
                                       self.statusMessage.emit(self.tr("Saved {name}.").format(name=t.name))))
        c.failed.connect(self._failed)

    def _failed(self, f: Failure) -> None:
        self.show_failure(self.form, f, {"already_exists": "name", "invalid_regex": "expressions"}, default="name")
        if f.code == "invalid_regex" and f.details.get("pattern"):
            self.form.error("expressions", describe(f) + " " + str(f.details["pattern"]))
