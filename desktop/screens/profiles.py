"""Crawl profiles: list, upload (problems shown by path), download, activate / deactivate."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
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
        self._settings: dict | None = None     # the shown profile's effective settings
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
        # the stored profile's browser capture in words: the document is edited as a whole, so
        # this is read-only and says what the service read (defaults filled in), not the draft
        self.browser_summary = QLabel(self.content)
        self.browser_summary.setObjectName("profileBrowser")
        self.browser_summary.setWordWrap(True)
        self.browser_summary.hide()
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
        c.settingsShown.connect(self._show_settings)
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
        rl.addWidget(self.browser_summary)
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
        if self._settings is not None:
            self._show_settings(self._settings)

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

    def _show_settings(self, effective: dict) -> None:
        self._settings = effective
        self.browser_summary.setText(self.browser_words(effective.get("browser") or {}))
        self.browser_summary.show()

    def browser_words(self, b: dict) -> str:
        """The ``browser:`` section in words, e.g. "Browser capture: renders the seeds; 4 tabs, 30 s
        a page, scrolls (at most 20 times), clicks up to 5 buttons, screenshots, text."."""
        pages = {"seeds": self.tr("the seeds"),
                 "hops": self.tr("pages within {hops} link hops of a seed").format(hops=b.get("max_hops", 1)),
                 "all": self.tr("every HTML page")}.get(b.get("render", "none"))
        patterns = b.get("url_patterns") or []
        matching = self.tr("pages matching {count} URL patterns").format(count=len(patterns)) if patterns else None
        if pages is None and matching is None:
            return self.tr("Browser capture: off (no page is rendered).")
        if pages is not None and matching is not None:
            pages = self.tr("{pages} and {more}").format(pages=pages, more=matching)
        details = [self.tr("tabs: {n}").format(n=b.get("tabs", 2)),
                   self.tr("{seconds} s a page").format(seconds=f"{b.get('page_timeout_s', 30):g}"),
                   self.tr("scrolls (at most {n} times)").format(n=b.get("max_scrolls", 20)) if b.get("scroll", True)
                   else self.tr("no scrolling")]
        if b.get("click_budget", 5):
            details.append(self.tr("clicks up to {n} buttons").format(n=b.get("click_budget", 5)))
        if b.get("screenshot", True):
            details.append(self.tr("screenshots"))
        if b.get("text", True):
            details.append(self.tr("text"))
        return self.tr("Browser capture: renders {pages}; {details}.").format(pages=pages or matching,
                                                                            details=", ".join(details))

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
