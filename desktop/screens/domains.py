# ruff: noqa: E501
"""Domains: glob search over millions with server paging; create; edit one domain; mass ingest."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting, vocab
from desktop.errors import describe
from desktop.models import Column, DtoListModel, PagedTableModel
from desktop.rpc.outcome import Failure
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.inputs import InputProblem, lines, optional_int, required_text
from desktop.widgets.panels import ProgressPanel
from shared.dto.definitions import ConfigurationDto, CredentialDto, DomainDto, IngestRunDto

INGEST_CHUNK = 5000


class IngestRun(QWidget):
    """Sends a domain list to ``ingest_chunk`` piece by piece; the next chunk goes only after the
    previous was saved, so Cancel stops between chunks and nothing is half-saved."""

    finished = Signal(object)
    failed = Signal(object)

    def __init__(self, screen: Screen, source: str, all_lines: list[str]):
        super().__init__(screen)
        self.screen, self.source, self.lines = screen, source, all_lines
        self.run: IngestRunDto | None = None
        self.cancelled = False

    def start(self) -> None:
        c = self.screen.rpc("ingest_start", self.source, len(self.lines))
        c.succeeded.connect(self._started)
        c.failed.connect(self.failed.emit)

    def _started(self, run: IngestRunDto) -> None:
        self.run = run
        self._send()

    def _send(self) -> None:
        run = self.run
        first = run.next_line
        if self.cancelled or first > len(self.lines):
            self._finish()
            return
        chunk = self.lines[first - 1:first - 1 + INGEST_CHUNK]
        c = self.screen.rpc("ingest_chunk", run.id, first, chunk)
        c.succeeded.connect(self._chunk_done)
        c.failed.connect(self.failed.emit)

    def _chunk_done(self, run: IngestRunDto) -> None:
        self.run = run
        self.screen.progress.update_progress(run.next_line - 1, len(self.lines))
        self._send()

    def _finish(self) -> None:
        if self.cancelled:
            self.finished.emit(self.run)   # left open: a later run with the same file can continue
            return
        c = self.screen.rpc("ingest_finish", self.run.id)
        c.succeeded.connect(self.finished.emit)
        c.failed.connect(self.failed.emit)


class DomainsScreen(Screen):
    key = "domains"
    service = "definitions"

    def build(self) -> None:
        self.domain: DomainDto | None = None
        # --- search and list
        self.pattern = QLineEdit(self.content)
        self.pattern.setObjectName("domainPattern")
        self.pattern.returnPressed.connect(self.search)
        self.field = QComboBox(self.content)
        for key in ("name", "comments", "crawler_traps"):
            self.field.addItem("", key)
        self.search_button = QPushButton(self.content)
        self.search_button.clicked.connect(self.search)
        self.model = PagedTableModel(self.client, self.service, "list_domains", [
            Column("name", lambda: QCoreApplication.translate("DomainsScreen", "Domain")),
            Column("tld", lambda: QCoreApplication.translate("DomainsScreen", "TLD")),
            Column("alias_of", lambda: QCoreApplication.translate("DomainsScreen", "Alias of"), sort=None),
            Column("created_at", lambda: QCoreApplication.translate("DomainsScreen", "Created"),
                   formatting.date_time),
        ], page_size=200, parent=self)
        self.model.failed.connect(self.report)
        self.model.loaded.connect(self._update_count)
        self.table = QTableView(self.content)
        self.table.setObjectName("domainTable")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.clicked.connect(self._row_clicked)
        self.count = QLabel(self.content)
        # --- create
        self.create_form = Form(self.content)
        self.new_name = self.create_form.add("name", QLineEdit())
        self.new_name.setObjectName("newDomainName")
        self.create_button = QPushButton(self.content)
        self.create_button.clicked.connect(self.create_domain)
        self.ingest_button = QPushButton(self.content)
        self.ingest_button.clicked.connect(self.choose_ingest_file)
        self.progress = ProgressPanel(self.content)
        self.progress.cancel.connect(self.cancel_ingest)
        self.ingest_summary = QLabel(self.content)
        self.ingest_summary.setObjectName("ingestSummary")
        self.ingest_summary.setWordWrap(True)
        self.ingest: IngestRun | None = None

        left = QWidget(self.content)
        ll = QVBoxLayout(left)
        row = QHBoxLayout()
        row.addWidget(self.pattern, 1)
        row.addWidget(self.field)
        row.addWidget(self.search_button)
        ll.addLayout(row)
        ll.addWidget(self.table, 1)
        ll.addWidget(self.count)
        row2 = QHBoxLayout()
        row2.addWidget(self.create_form, 1)
        row2.addWidget(self.create_button, 0, Qt.AlignmentFlag.AlignTop)
        ll.addLayout(row2)
        ll.addWidget(self.ingest_button)
        ll.addWidget(self.progress)
        ll.addWidget(self.ingest_summary)

        # --- one domain
        self.tabs = QTabWidget(self.content)
        self.tabs.setObjectName("domainTabs")
        self.heading = QLabel(self.tabs)
        f = self.heading.font()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.2)
        self.heading.setFont(f)
        self._build_general()
        self._build_seeds()
        self._build_configurations()
        self._build_traps()
        self._build_owner()
        self._build_credentials()
        self._build_history()
        right = QWidget(self.content)
        rl = QVBoxLayout(right)
        rl.addWidget(self.heading)
        rl.addWidget(self.tabs, 1)
        right.setEnabled(False)
        self.right = right

        split = QSplitter(self.content)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        QVBoxLayout(self.content).addWidget(split)

    def _page(self) -> tuple[QWidget, QVBoxLayout]:
        w = QWidget(self.tabs)
        return w, QVBoxLayout(w)

    def _build_general(self) -> None:
        w, lay = self._page()
        self.general = Form(w)
        self.comments = self.general.add("comments", QPlainTextEdit())
        self.comments.setMaximumHeight(90)
        self.alias_of = self.general.add("alias_of", QLineEdit())
        self.alias_info = QLabel(w)
        self.general_save = QPushButton(w)
        self.general_save.clicked.connect(self.save_general)
        lay.addWidget(self.general)
        lay.addWidget(self.alias_info)
        lay.addWidget(self.general_save, 0, Qt.AlignmentFlag.AlignRight)
        lay.addStretch(1)
        self.tabs.addTab(w, "")

    def _build_seeds(self) -> None:
        w, lay = self._page()
        self.seed_lists = QComboBox(w)
        self.seed_lists.currentIndexChanged.connect(self._show_seed_list)
        self.seeds_form = Form(w)
        self.seed_list_name = self.seeds_form.add("name", QLineEdit())
        self.seeds = self.seeds_form.add("seeds", QPlainTextEdit())
        self.seeds.setObjectName("seedsText")
        self.seeds_save = QPushButton(w)
        self.seeds_save.clicked.connect(self.save_seeds)
        lay.addWidget(self.seed_lists)
        lay.addWidget(self.seeds_form, 1)
        lay.addWidget(self.seeds_save, 0, Qt.AlignmentFlag.AlignRight)
        self.tabs.addTab(w, "")

    def _build_configurations(self) -> None:
        w, lay = self._page()
        self.configs = DtoListModel(ConfigurationDto, [
            Column("name", lambda: QCoreApplication.translate("DomainsScreen", "Name")),
            Column("profile", lambda: QCoreApplication.translate("DomainsScreen", "Crawl profile")),
            Column("seed_lists", lambda: QCoreApplication.translate("DomainsScreen", "Seed lists")),
            Column("max_objects", lambda: QCoreApplication.translate("DomainsScreen", "Max objects"), formatting.number),
            Column("max_bytes", lambda: QCoreApplication.translate("DomainsScreen", "Max bytes"), formatting.number),
            Column("max_request_rate", lambda: QCoreApplication.translate("DomainsScreen", "Requests/min")),
            Column("is_default", lambda: QCoreApplication.translate("DomainsScreen", "Default")),
        ], self)
        self.config_view = QTableView(w)
        self.config_view.setModel(self.configs)
        self.config_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.config_view.clicked.connect(self._show_config)
        self.config_form = Form(w)
        self.cfg_name = self.config_form.add("name", QLineEdit())
        self.cfg_profile = self.config_form.add("profile", QLineEdit())
        self.cfg_seed_lists = self.config_form.add("seed_lists", QLineEdit())
        self.cfg_max_objects = self.config_form.add("max_objects", QLineEdit())
        self.cfg_max_bytes = self.config_form.add("max_bytes", QLineEdit())
        self.cfg_rate = self.config_form.add("max_request_rate", QLineEdit())
        self.cfg_default = self.config_form.add("make_default", QCheckBox())
        self.cfg_save = QPushButton(w)
        self.cfg_save.clicked.connect(self.save_configuration)
        lay.addWidget(self.config_view, 1)
        lay.addWidget(self.config_form)
        lay.addWidget(self.cfg_save, 0, Qt.AlignmentFlag.AlignRight)
        self.tabs.addTab(w, "")

    def _build_traps(self) -> None:
        w, lay = self._page()
        self.traps_form = Form(w)
        self.traps = self.traps_form.add("traps", QPlainTextEdit())
        self.traps.setObjectName("trapsText")
        self.traps_save = QPushButton(w)
        self.traps_save.clicked.connect(self.save_traps)
        lay.addWidget(self.traps_form, 1)
        lay.addWidget(self.traps_save, 0, Qt.AlignmentFlag.AlignRight)
        self.tabs.addTab(w, "")

    def _build_owner(self) -> None:
        w, lay = self._page()
        self.owner_list = QListWidget(w)
        self.owner_form = Form(w)
        self.owner_text = self.owner_form.add("info", QLineEdit())
        self.owner_add = QPushButton(w)
        self.owner_add.clicked.connect(self.add_owner_info)
        lay.addWidget(self.owner_list, 1)
        lay.addWidget(self.owner_form)
        lay.addWidget(self.owner_add, 0, Qt.AlignmentFlag.AlignRight)
        self.tabs.addTab(w, "")

    def _build_credentials(self) -> None:
        w, lay = self._page()
        self.creds = DtoListModel(CredentialDto, [
            Column("url", lambda: QCoreApplication.translate("DomainsScreen", "URL")),
            Column("realm", lambda: QCoreApplication.translate("DomainsScreen", "Realm")),
            Column("username", lambda: QCoreApplication.translate("DomainsScreen", "User")),
        ], self)
        self.cred_view = QTableView(w)
        self.cred_view.setModel(self.creds)
        self.cred_form = Form(w)
        self.cred_url = self.cred_form.add("url", QLineEdit())
        self.cred_realm = self.cred_form.add("realm", QLineEdit())
        self.cred_user = self.cred_form.add("username", QLineEdit())
        self.cred_password = self.cred_form.add("password", QLineEdit())
        self.cred_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.cred_add = QPushButton(w)
        self.cred_add.clicked.connect(self.add_credential)
        lay.addWidget(self.cred_view, 1)
        lay.addWidget(self.cred_form)
        lay.addWidget(self.cred_add, 0, Qt.AlignmentFlag.AlignRight)
        self.tabs.addTab(w, "")

    def _build_history(self) -> None:
        w, lay = self._page()
        self.history = PagedTableModel(self.client, self.service, "domain_history", [
            Column("harvest", lambda: QCoreApplication.translate("DomainsScreen", "Harvest"), sort=None),
            Column("job_id", lambda: QCoreApplication.translate("DomainsScreen", "Job"), sort=None),
            Column("configuration", lambda: QCoreApplication.translate("DomainsScreen", "Configuration"), sort=None),
            Column("objects", lambda: QCoreApplication.translate("DomainsScreen", "Objects"), formatting.number,
                   sort=None),
            Column("bytes", lambda: QCoreApplication.translate("DomainsScreen", "Bytes"), formatting.size, sort=None),
            Column("stop_reason", lambda: QCoreApplication.translate("DomainsScreen", "Stop reason"),
                   vocab.stop_reason, sort=None),
            Column("ended_at", lambda: QCoreApplication.translate("DomainsScreen", "Ended"), formatting.date_time,
                   sort=None),
        ], page_size=100, kwargs_for=lambda offset, limit, sort, desc, f: {"offset": offset, "limit": limit, **f},
            parent=self)
        self.history.failed.connect(self.report)
        view = QTableView(w)
        view.setObjectName("historyTable")
        view.setModel(self.history)
        lay.addWidget(view)
        self.tabs.addTab(w, "")

    # --- texts ---------------------------------------------------------------------------------

    def title(self) -> str:
        return self.tr("Domains")

    def retranslateUi(self) -> None:
        self.pattern.setPlaceholderText(self.tr("Search with * and ?, e.g. *.dk or kb*"))
        for i, text in enumerate((self.tr("in names"), self.tr("in comments"), self.tr("in crawler traps"))):
            self.field.setItemText(i, text)
        self.search_button.setText(self.tr("Search"))
        self.create_form.set_label("name", self.tr("New domain:"))
        self.create_button.setText(self.tr("Create"))
        self.ingest_button.setText(self.tr("Mass ingest of a domain list…"))
        self.progress.retranslateUi()
        for i, text in enumerate((self.tr("General"), self.tr("Seed lists"), self.tr("Configurations"),
                                  self.tr("Crawler traps"), self.tr("Owner info"), self.tr("Site logins"),
                                  self.tr("Harvest history"))):
            self.tabs.setTabText(i, text)
        self.general.set_label("comments", self.tr("Comments:"))
        self.general.set_label("alias_of", self.tr("Alias of (domain):"))
        self.general_save.setText(self.tr("Save"))
        self.seeds_form.set_label("name", self.tr("Seed list name:"))
        self.seeds_form.set_label("seeds", self.tr("Seeds (one URL a line):"))
        self.seeds_save.setText(self.tr("Save seed list"))
        self.config_form.set_label("name", self.tr("Name:"))
        self.config_form.set_label("profile", self.tr("Crawl profile:"))
        self.config_form.set_label("seed_lists", self.tr("Seed lists (comma separated):"))
        self.config_form.set_label("max_objects", self.tr("Max objects (-1: no limit):"))
        self.config_form.set_label("max_bytes", self.tr("Max bytes (-1: no limit):"))
        self.config_form.set_label("max_request_rate", self.tr("Max requests a minute:"))
        self.config_form.set_label("make_default", self.tr("Default configuration:"))
        self.cfg_save.setText(self.tr("Save configuration"))
        self.traps_form.set_label("traps", self.tr("Crawler traps (one regular expression a line):"))
        self.traps_save.setText(self.tr("Save crawler traps"))
        self.owner_form.set_label("info", self.tr("New note:"))
        self.owner_add.setText(self.tr("Add note"))
        self.cred_form.set_label("url", self.tr("URL:"))
        self.cred_form.set_label("realm", self.tr("Realm:"))
        self.cred_form.set_label("username", self.tr("User:"))
        self.cred_form.set_label("password", self.tr("Password:"))
        self.cred_add.setText(self.tr("Add site login"))
        for m in (self.model, self.configs, self.creds, self.history):
            m.retranslate()
        self._update_count(self.model.rowCount())
        self._show_domain_texts()

    def _update_count(self, total: int) -> None:
        self.count.setText(self.tr("{count} domains").format(count=formatting.number(total)))

    def _show_domain_texts(self) -> None:
        d = self.domain
        if d is None:
            self.heading.setText(self.tr("Choose a domain on the left."))
            self.alias_info.setText("")
            return
        self.heading.setText(self.tr("{name} (edition {edition})").format(name=d.name, edition=d.edition))
        if d.alias_of:
            self.alias_info.setText(self.tr("Alias set {set}, to be confirmed again by {expires}.").format(
                set=formatting.date_time(d.alias_set_at), expires=formatting.date_time(d.alias_expires_at)))
        else:
            self.alias_info.setText(self.tr("Aliases of this domain: {aliases}").format(
                aliases=", ".join(d.aliases) or "—"))

    # --- list ------------------------------------------------------------------------------------

    def refresh(self) -> None:
        self.search()
        if self.domain is not None:
            self.open_domain(self.domain.name)

    def search(self) -> None:
        pattern = self.pattern.text().strip()
        if pattern:
            self.model.method = "search_domains"
            self.model.set_filters({"pattern": pattern, "field": self.field.currentData()})
        else:
            self.model.method = "list_domains"
            self.model.set_filters({})
        self.show_content()

    def _row_clicked(self, index) -> None:
        row = self.model.row_at(index.row())
        if row:
            self.open_domain(row.name)

    def open_domain(self, name: str) -> None:
        c = self.rpc("get_domain", name)
        c.succeeded.connect(self.show_domain)
        c.failed.connect(self.report)

    def show_domain(self, d: DomainDto) -> None:
        self.domain = d
        self.right.setEnabled(True)
        for form in (self.general, self.seeds_form, self.config_form, self.traps_form, self.owner_form,
                     self.cred_form):
            form.clear_errors()
        self.comments.setPlainText(d.comments or "")
        self.alias_of.setText(d.alias_of or "")
        current = self.seed_lists.currentText()
        self.seed_lists.blockSignals(True)
        self.seed_lists.clear()
        for sl in d.seed_lists:
            self.seed_lists.addItem(sl.name)
        self.seed_lists.addItem(self.tr("(new seed list)"), "__new__")
        self.seed_lists.blockSignals(False)
        idx = self.seed_lists.findText(current)
        self.seed_lists.setCurrentIndex(max(0, idx))
        self._show_seed_list()
        self.configs.set_rows(d.configurations)
        self.traps.setPlainText("\n".join(d.crawler_traps))
        self.owner_list.clear()
        for note in reversed(d.owner_info):
            self.owner_list.addItem(f"{formatting.date_time(note.created_at)}: {note.info}")
        self.creds.set_rows(d.credentials)
        self.history.set_filters({"name": d.name})
        self._show_domain_texts()

    def _show_seed_list(self) -> None:
        if self.domain is None:
            return
        name = self.seed_lists.currentText()
        for sl in self.domain.seed_lists:
            if sl.name == name:
                self.seed_list_name.setText(sl.name)
                self.seed_list_name.setReadOnly(True)
                self.seeds.setPlainText("\n".join(sl.seeds))
                return
        self.seed_list_name.setReadOnly(False)
        self.seed_list_name.clear()
        self.seeds.clear()

    def _show_config(self, index) -> None:
        c = self.configs.row_at(index.row())
        if not c:
            return
        self.cfg_name.setText(c.name)
        self.cfg_profile.setText(c.profile)
        self.cfg_seed_lists.setText(", ".join(c.seed_lists))
        self.cfg_max_objects.setText(str(c.max_objects))
        self.cfg_max_bytes.setText(str(c.max_bytes))
        self.cfg_rate.setText(str(c.max_request_rate))
        self.cfg_default.setChecked(c.is_default)

    # --- saving --------------------------------------------------------------------------------

    def _saved(self, form: Form):
        def done(d: DomainDto) -> None:
            self.show_domain(d)
            self.statusMessage.emit(self.tr("Saved {name}.").format(name=d.name))
        return done

    def create_domain(self) -> None:
        self.create_form.clear_errors()
        try:
            name = required_text(self.new_name)
        except InputProblem as p:
            self.create_form.error("name", str(p))
            return
        c = self.rpc("create_domain", name)
        c.succeeded.connect(lambda d: (self.new_name.clear(), self.show_domain(d), self.search()))
        c.failed.connect(lambda f: self.show_failure(self.create_form, f, default="name"))

    def save_general(self) -> None:
        d = self.domain
        self.general.clear_errors()
        alias = self.alias_of.text().strip() or None
        c = self.rpc("update_domain", d.name, d.edition, comments=self.comments.toPlainText())
        if alias != (d.alias_of or None):
            def then_alias(updated: DomainDto) -> None:
                c2 = self.rpc("set_alias", updated.name, updated.edition, alias)
                c2.succeeded.connect(self._saved(self.general))
                c2.failed.connect(lambda f: (self.show_failure(self.general, f, default="alias_of"),
                                             self.open_domain(updated.name)))
            c.succeeded.connect(then_alias)
        else:
            c.succeeded.connect(self._saved(self.general))
        c.failed.connect(lambda f: self.show_failure(self.general, f, default="comments"))

    def save_seeds(self) -> None:
        d = self.domain
        self.seeds_form.clear_errors()
        try:
            name = required_text(self.seed_list_name)
        except InputProblem as p:
            self.seeds_form.error("name", str(p))
            return
        seeds = lines(self.seeds.toPlainText())
        if not seeds:
            self.seeds_form.error("seeds", self.tr("Give at least one seed."))
            return
        c = self.rpc("save_seed_list", d.name, d.edition, name, seeds)
        c.succeeded.connect(self._saved(self.seeds_form))
        c.failed.connect(lambda f: self._seed_failure(f))

    def _seed_failure(self, f: Failure) -> None:
        self.show_failure(self.seeds_form, f, {"invalid_input": "name"}, default="seeds")
        if f.code == "invalid_url":
            bad = f.details.get("seeds") or [f.details.get("url")]
            text = "; ".join(str(b.get("url", b) if isinstance(b, dict) else b) for b in bad[:5] if b)
            self.seeds_form.error("seeds", describe(f) + (" " + text if text else ""))

    def save_configuration(self) -> None:
        d = self.domain
        form = self.config_form
        form.clear_errors()
        values: dict[str, Any] = {}
        ok = True
        try:
            name = required_text(self.cfg_name)
        except InputProblem as p:
            form.error("name", str(p))
            ok = False
        for key, edit, minimum in (("max_objects", self.cfg_max_objects, -1), ("max_bytes", self.cfg_max_bytes, -1),
                                   ("max_request_rate", self.cfg_rate, 1)):
            try:
                values[key] = optional_int(edit, minimum)
            except InputProblem as p:
                form.error(key, str(p))
                ok = False
        if not ok:
            return
        lists = [s.strip() for s in self.cfg_seed_lists.text().split(",") if s.strip()] or None
        c = self.rpc("save_configuration", d.name, d.edition, name, profile=self.cfg_profile.text().strip() or None,
                     seed_lists=lists, make_default=self.cfg_default.isChecked(), **values)
        c.succeeded.connect(self._saved(form))
        c.failed.connect(lambda f: self.show_failure(form, f, {"not_found": "profile", "conflict": "profile"},
                                                     default="name"))

    def save_traps(self) -> None:
        d = self.domain
        self.traps_form.clear_errors()
        c = self.rpc("update_domain", d.name, d.edition, crawler_traps=lines(self.traps.toPlainText()))
        c.succeeded.connect(self._saved(self.traps_form))
        c.failed.connect(lambda f: self._trap_failure(f))

    def _trap_failure(self, f: Failure) -> None:
        self.show_failure(self.traps_form, f, default="traps")
        if f.code == "invalid_regex" and f.details.get("pattern"):
            self.traps_form.error("traps", describe(f) + " " + str(f.details["pattern"]))

    def add_owner_info(self) -> None:
        d = self.domain
        self.owner_form.clear_errors()
        try:
            text = required_text(self.owner_text)
        except InputProblem as p:
            self.owner_form.error("info", str(p))
            return
        c = self.rpc("add_owner_info", d.name, d.edition, text)
        c.succeeded.connect(lambda dom: (self.owner_text.clear(), self.show_domain(dom)))
        c.failed.connect(lambda f: self.show_failure(self.owner_form, f, default="info"))

    def add_credential(self) -> None:
        d = self.domain
        form = self.cred_form
        form.clear_errors()
        try:
            url, user = required_text(self.cred_url), required_text(self.cred_user)
        except InputProblem as p:
            form.error("url" if not self.cred_url.text().strip() else "username", str(p))
            return
        # the wire form set_credentials takes: an id without a password keeps the stored one
        kept = [{"id": c.id, "url": c.url, "realm": c.realm, "username": c.username} for c in d.credentials]
        new = {"url": url, "realm": self.cred_realm.text().strip(), "username": user,
               "password": self.cred_password.text()}
        c = self.rpc("set_credentials", d.name, d.edition, [*kept, new])
        c.succeeded.connect(lambda dom: ([e.clear() for e in (self.cred_url, self.cred_realm, self.cred_user,
                                                              self.cred_password)], self.show_domain(dom)))
        c.failed.connect(lambda f: self.show_failure(form, f, {"invalid_url": "url"}, default="url"))

    # --- mass ingest -----------------------------------------------------------------------------

    def choose_ingest_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Domain list to ingest"), "",
                                              self.tr("Text files (*.txt);;All files (*)"))
        if path:
            self.start_ingest(path)

    def start_ingest(self, path: str) -> None:
        with open(path, encoding="utf-8", errors="replace") as fh:
            all_lines = fh.read().splitlines()
        self.ingest_summary.clear()
        self.progress.start(self.tr("Ingesting {file}…").format(file=path), len(all_lines))
        self.ingest_button.setEnabled(False)
        self.ingest = IngestRun(self, path, all_lines)
        self.ingest.finished.connect(self._ingest_done)
        self.ingest.failed.connect(self._ingest_failed)
        self.ingest.start()

    def cancel_ingest(self) -> None:
        if self.ingest is not None:
            self.ingest.cancelled = True

    def _ingest_done(self, run: IngestRunDto) -> None:
        cancelled = self.ingest.cancelled if self.ingest else False
        self.progress.hide()
        self.ingest_button.setEnabled(True)
        shown = "; ".join(self.tr("line {line}: {text}").format(line=e.line, text=e.text) for e in run.errors[:10])
        head = self.tr("Ingest cancelled after line {line}.").format(line=run.next_line - 1) if cancelled else \
            self.tr("Ingest finished.")
        self.ingest_summary.setText(head + " " + self.tr(
            "Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.").format(
                created=formatting.number(run.created), existing=formatting.number(run.existing),
                duplicates=formatting.number(run.duplicates), invalid=formatting.number(run.invalid))
            + (" " + self.tr("Invalid lines: {lines}").format(lines=shown) if shown else ""))
        self.ingest = None
        self.search()

    def _ingest_failed(self, f: Failure) -> None:
        self.progress.hide()
        self.ingest_button.setEnabled(True)
        self.ingest = None
        self.ingest_summary.setText(describe(f))
