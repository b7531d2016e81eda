"""Crawl profiles: list, upload (problems shown by path), download, activate / deactivate."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting
from desktop.controllers.profiles import ProfilesController
from desktop.models import Column, PagedTableModel
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.tables import fit_columns
from shared.dto.definitions import ProfileDocumentDto, ProfileDto


class ProfilesScreen(Screen):
    key = "profiles"
    group = "curate"
    service = "definitions"

    def build(self) -> None:
        self.model = PagedTableModel(self.client, self.service, "list_profiles", [
            Column("name", lambda: QCoreApplication.translate("ProfilesScreen", "Name")),
            Column("format", lambda: QCoreApplication.translate("ProfilesScreen", "Format"), sort=None),
            Column("active", lambda: QCoreApplication.translate("ProfilesScreen", "Active"), sort=None),
            Column("edition", lambda: QCoreApplication.translate("ProfilesScreen", "Edition"), sort=None),
            Column("updated_at", lambda: QCoreApplication.translate("ProfilesScreen", "Changed"),
                   formatting.date_time, sort=None),
            Column("comments", lambda: QCoreApplication.translate("ProfilesScreen", "Comments"), sort=None),
        ], page_size=200, parent=self)
        self.model.failed.connect(self.report)
        self.table = QTableView(self.content)
        self.table.setObjectName("profileTable")
        self.table.setModel(self.model)
        fit_columns(self.table)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.clicked.connect(self._row_clicked)
        self.activate_button = QPushButton(self.content)
        self.activate_button.clicked.connect(lambda: self.set_active(True))
        self.deactivate_button = QPushButton(self.content)
        self.deactivate_button.clicked.connect(lambda: self.set_active(False))
        self.needs(self.activate_button, "definitions.set_profile_active")
        self.needs(self.deactivate_button, "definitions.set_profile_active")
        self.download_button = QPushButton(self.content)
        self.download_button.clicked.connect(self.choose_download)

        self.form = Form(self.content)
        self.name = self.form.add("name", QLineEdit())
        self.name.setObjectName("profileName")
        self.comments = self.form.add("comments", QLineEdit())
        self.content_edit = self.form.add("content", QPlainTextEdit())
        self.content_edit.setObjectName("profileContent")
        # YAML: indentation is meaning, so a monospace font and no wrapping
        from PySide6.QtGui import QFontDatabase

        self.content_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.content_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.problems = QListWidget(self.content)
        self.problems.setObjectName("profileProblems")
        self.problems.setStyleSheet("color: #b00020;")
        self.problems.hide()
        self.load_button = QPushButton(self.content)
        self.load_button.clicked.connect(self.choose_file)
        self.upload_button = QPushButton(self.content)
        self.upload_button.clicked.connect(self.upload)
        self.needs(self.upload_button, "definitions.upload_profile")
        c = self.controller = ProfilesController(self.client, self.rpc, self)
        c.documentShown.connect(self._show_document)
        c.problemsListed.connect(self._show_problems)
        c.listChanged.connect(self.model.reload)
        c.problem.connect(lambda _form, field, text: self.form.error(field or None, text))
        c.cleared.connect(lambda _form: self.form.clear_errors())
        c.failure.connect(self.report)
        c.status.connect(self.statusMessage.emit)

        left = QWidget(self.content)
        ll = QVBoxLayout(left)
        ll.addWidget(self.table, 1)
        row = QHBoxLayout()
        for b in (self.activate_button, self.deactivate_button, self.download_button):
            row.addWidget(b)
        ll.addLayout(row)
        right = QWidget(self.content)
        rl = QVBoxLayout(right)
        rl.addWidget(self.form, 1)
        rl.addWidget(self.problems)
        row2 = QHBoxLayout()
        row2.addWidget(self.load_button)
        row2.addStretch(1)
        row2.addWidget(self.upload_button)
        rl.addLayout(row2)
        # labels above their fields: the document editor gets the whole width
        self.form.layout_.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        split = QSplitter(self.content)
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([560, 440])   # the list wide enough for every column, comments included
        QVBoxLayout(self.content).addWidget(split)

    def title(self) -> str:
        return self.tr("Crawl profiles")

    def purpose(self) -> str:
        return self.tr("How to crawl: the crawl profiles harvests use.")

    def retranslateUi(self) -> None:
        self.activate_button.setText(self.tr("Activate"))
        self.deactivate_button.setText(self.tr("Deactivate"))
        self.download_button.setText(self.tr("Download…"))
        self.form.set_label("name", self.tr("Name:"))
        self.form.set_label("comments", self.tr("Comments:"))
        self.form.set_label("content", self.tr("Profile document (YAML or TOML):"))
        self.load_button.setText(self.tr("Load from file…"))
        self.upload_button.setText(self.tr("Upload"))
        self.model.retranslate()

    def refresh(self) -> None:
        self.model.reload()

    @property
    def selected(self) -> ProfileDto | None:
        """The chosen profile (the controller's)."""
        return self.controller.selected

    def _row_clicked(self, index) -> None:
        self.controller.select(self.model.row_at(index.row()))

    def _show_document(self, doc: ProfileDocumentDto, comments: str) -> None:
        self.name.setText(doc.name)
        self.content_edit.setPlainText(doc.content)
        self.comments.setText(comments)

    def _show_problems(self, problems: list[str]) -> None:
        self.problems.clear()
        self.problems.addItems(problems)
        self.problems.setVisible(bool(problems))

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Crawl profile"), "",
                                              self.tr("Profiles (*.yaml *.yml *.toml);;All files (*)"))
        if path:
            try:
                content, name = self.controller.read_file(path)
            except (OSError, UnicodeDecodeError) as exc:
                self.form.error("content", self.tr("Could not read {path}: {reason}").format(
                    path=path, reason=getattr(exc, "strerror", None) or str(exc)))
                return
            self.content_edit.setPlainText(content)
            if not self.name.text().strip():
                self.name.setText(name)

    def upload(self) -> None:
        self.controller.upload(self.name.text(), self.content_edit.toPlainText(), self.comments.text())

    def set_active(self, active: bool) -> None:
        self.controller.set_active(active)

    def choose_download(self) -> None:
        if not self.selected:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save crawl profile"),
                                              f"{self.selected.name}.{self.selected.format or 'yaml'}")
        if path:
            self.download(self.selected.name, path)

    def download(self, name: str, path: str) -> None:
        self.controller.download(name, path)
