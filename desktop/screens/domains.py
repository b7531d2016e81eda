# ruff: noqa: E501
"""Domains: glob search over millions with server paging; create; edit one domain; mass ingest.

The widgets only lay out and bind: what happens is in :class:`desktop.controllers.domains.DomainsController`."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting, vocab
from desktop.controllers import domains as ctl
from desktop.controllers.browse_scope import BrowseScope
from desktop.controllers.domains import DomainsController
from desktop.models import Column, DtoListModel, PagedTableModel
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.panels import ProgressPanel
from desktop.widgets.tables import fit_columns
from shared.dto.definitions import ConfigurationDto, CredentialDto, DomainDto


def limit_text(value: int | None) -> str:
    """A configuration limit: -1 is "no limit", not a number."""
    if value is None:
        return ""
    if value < 0:
        return QCoreApplication.translate("DomainsScreen", "no limit")
    return formatting.number(value)

class DomainsScreen(Screen):
    key = "domains"
    group = "curate"
    service = "definitions"
    poll_ms = 10000    # the list and the open domain's harvest history (new jobs end meanwhile)
    # (job ids, title): the frame opens them in the archive browser
    browseJobs = Signal(list, str)
    # set by the frame when an archive browser is there to open (else the button is hidden)
    can_browse = False

    def build(self) -> None:
        self.controller = DomainsController(self.client, self.rpc, self)
        c = self.controller
        c.domainChanged.connect(self.show_domain)
        c.listChanged.connect(self.search)
        c.profilesChanged.connect(self._fill_profiles)
        c.problem.connect(self._problem)
        c.cleared.connect(lambda form: self._forms()[form].clear_errors())
        c.failure.connect(self.report)
        c.status.connect(self.statusMessage.emit)
        c.ingestProgress.connect(lambda done, total: self.progress.update_progress(done, total))
        c.ingestFinished.connect(self._ingest_done)
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
        # every column as wide as its names and title (a stretched name column was squeezed to
        # "omain▾" by the dates beside it); the list scrolls sideways instead
        fit_columns(self.table)
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
        self.needs(self.create_button, "definitions.create_domain")
        self.needs(self.ingest_button, "definitions.ingest_start")
        self.progress = ProgressPanel(self.content)
        self.progress.cancel.connect(self.cancel_ingest)
        self.ingest_summary = QLabel(self.content)
        self.ingest_summary.setObjectName("ingestSummary")
        self.ingest_summary.setWordWrap(True)

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
        self.tabs.setUsesScrollButtons(False)   # every tab's name shown: the tabs take the width they need
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
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([360, 720])   # the list wide enough for long domain names, the tabs the rest
        # the list keeps room for its search field and names whatever the tabs' language needs;
        # tabs that do not fit (German) scroll instead of squeezing the list
        left.setMinimumWidth(360)
        split.setChildrenCollapsible(False)
        self.tabs.setUsesScrollButtons(True)
        QVBoxLayout(self.content).addWidget(split)

    def _forms(self) -> dict[str, Form]:
        return {ctl.CREATE: self.create_form, ctl.GENERAL: self.general, ctl.SEEDS: self.seeds_form,
                ctl.CONFIG: self.config_form, ctl.TRAPS: self.traps_form, ctl.OWNER: self.owner_form,
                ctl.LOGINS: self.cred_form}

    def _problem(self, form: str, field: str, text: str) -> None:
        self._forms()[form].error(field or None, text)

    @property
    def domain(self) -> DomainDto | None:
        return self.controller.domain

    @property
    def ingest(self):
        return self.controller.ingest

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
        self.needs(self.general_save, "definitions.update_domain")
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
        self.needs(self.seeds_save, "definitions.save_seed_list")
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
            Column("max_objects", lambda: QCoreApplication.translate("DomainsScreen", "Max objects"), limit_text),
            Column("max_bytes", lambda: QCoreApplication.translate("DomainsScreen", "Max bytes"), limit_text),
            Column("max_request_rate", lambda: QCoreApplication.translate("DomainsScreen", "Requests/min")),
            Column("is_default", lambda: QCoreApplication.translate("DomainsScreen", "Default")),
        ], self)
        self.config_view = QTableView(w)
        self.config_view.setModel(self.configs)
        fit_columns(self.config_view)
        self.config_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.config_view.clicked.connect(self._show_config)
        self.config_form = Form(w)
        self.cfg_name = self.config_form.add("name", QLineEdit())
        self.cfg_profile = self.config_form.add("profile", QComboBox())
        self.cfg_profile.setObjectName("profilePicker")
        self.cfg_seed_lists = self.config_form.add("seed_lists", QListWidget())
        self.cfg_seed_lists.setObjectName("seedListPicker")
        self.cfg_seed_lists.setMaximumHeight(90)
        self.cfg_max_objects = self.config_form.add("max_objects", QLineEdit())
        self.cfg_max_bytes = self.config_form.add("max_bytes", QLineEdit())
        self.cfg_rate = self.config_form.add("max_request_rate", QLineEdit())
        self.cfg_default = self.config_form.add("make_default", QCheckBox())
        self.cfg_save = QPushButton(w)
        self.cfg_save.clicked.connect(self.save_configuration)
        self.needs(self.cfg_save, "definitions.save_configuration")
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
        self.needs(self.traps_save, "definitions.update_domain")
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
        self.needs(self.owner_add, "definitions.add_owner_info")
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
        fit_columns(self.cred_view)
        self.cred_form = Form(w)
        self.cred_url = self.cred_form.add("url", QLineEdit())
        self.cred_realm = self.cred_form.add("realm", QLineEdit())
        self.cred_user = self.cred_form.add("username", QLineEdit())
        self.cred_password = self.cred_form.add("password", QLineEdit())
        self.cred_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.cred_add = QPushButton(w)
        self.cred_add.clicked.connect(self.add_credential)
        self.needs(self.cred_add, "definitions.set_credentials")
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
        fit_columns(view)
        lay.addWidget(view)
        self.scope = BrowseScope(self.client, self)
        self.scope.browseRequested.connect(self.browseJobs.emit)
        self.scope.status.connect(self.statusMessage.emit)
        self.browse_history = QPushButton(w)
        self.browse_history.setObjectName("browseDomainHistory")
        self.browse_history.clicked.connect(self._browse_history)
        self.browse_history.setVisible(False)
        lay.addWidget(self.browse_history, 0, Qt.AlignmentFlag.AlignRight)
        self.tabs.addTab(w, "")

    def _browse_history(self) -> None:
        if self.domain is not None:
            self.scope.domain(self.domain.name, self.tr("History of {domain}").format(domain=self.domain.name))

    # --- texts ---------------------------------------------------------------------------------

    def title(self) -> str:
        return self.tr("Domains")

    def purpose(self) -> str:
        return self.tr("Start here: the domains to harvest, their seeds and configurations.")

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
        self.browse_history.setText(self.tr("Browse this domain's history"))
        self.browse_history.setToolTip(self.tr("Opens the archive browser on every ended job of this "
                                               "domain's history: step through its captures"))
        self.seeds_form.set_label("name", self.tr("Seed list name:"))
        self.seeds_form.set_label("seeds", self.tr("Seeds (one URL a line):"))
        self.seeds_save.setText(self.tr("Save seed list"))
        self.config_form.set_label("name", self.tr("Name:"))
        self.config_form.set_label("profile", self.tr("Crawl profile:"))
        self.config_form.set_label("seed_lists", self.tr("Seed lists:"))
        self.config_form.set_label("max_objects", self.tr("Max objects:"))
        self.config_form.set_label("max_bytes", self.tr("Max bytes:"))
        for edit in (self.cfg_max_objects, self.cfg_max_bytes):
            edit.setPlaceholderText(self.tr("no limit"))
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
        self.count.setText(self.tr("%Ln domain(s)", "", total))

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
        self.controller.load_profiles()
        self.controller.reopen()

    def poll(self) -> list:
        """The list and the harvest history in place; the open domain's fields are not touched
        (the curator may be typing in them)."""
        calls = list(self.model.refresh())
        if self.history.started:
            calls += self.history.refresh()
        return calls

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
        self.controller.open(name)

    def _fill_profiles(self, names: list[str]) -> None:
        current = self.cfg_profile.currentText()
        self.cfg_profile.clear()
        self.cfg_profile.addItem(self.tr("(the domain's default)"), None)
        for n in names:
            self.cfg_profile.addItem(n, n)
        self.cfg_profile.setCurrentIndex(max(0, self.cfg_profile.findText(current)))

    def show_domain(self, d: DomainDto) -> None:
        self.right.setEnabled(True)
        for form in self._forms().values():
            if form is not self.create_form:
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
        checked = set(self.checked_seed_lists())
        self.cfg_seed_lists.clear()
        for sl in d.seed_lists:
            item = QListWidgetItem(sl.name, self.cfg_seed_lists)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if sl.name in checked else Qt.CheckState.Unchecked)
        self.configs.set_rows(d.configurations)
        self.traps.setPlainText("\n".join(d.crawler_traps))
        self.owner_list.clear()
        for note in reversed(d.owner_info):
            self.owner_list.addItem(f"{formatting.date_time(note.created_at)}: {note.info}")
        self.creds.set_rows(d.credentials)
        self.history.set_filters({"name": d.name})
        self.browse_history.setVisible(self.can_browse)
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

    def checked_seed_lists(self) -> list[str]:
        out = []
        for i in range(self.cfg_seed_lists.count()):
            item = self.cfg_seed_lists.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.text())
        return out

    def check_seed_lists(self, names: list[str]) -> None:
        for i in range(self.cfg_seed_lists.count()):
            item = self.cfg_seed_lists.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in names else Qt.CheckState.Unchecked)

    def _show_config(self, index) -> None:
        c = self.configs.row_at(index.row())
        if not c:
            return
        self.cfg_name.setText(c.name)
        i = self.cfg_profile.findText(c.profile)
        if i < 0:
            self.cfg_profile.addItem(c.profile, c.profile)   # an inactive profile still in use
            i = self.cfg_profile.count() - 1
        self.cfg_profile.setCurrentIndex(i)
        self.check_seed_lists(list(c.seed_lists))
        self.cfg_max_objects.setText("" if c.max_objects < 0 else str(c.max_objects))
        self.cfg_max_bytes.setText("" if c.max_bytes < 0 else str(c.max_bytes))
        self.cfg_rate.setText(str(c.max_request_rate))
        self.cfg_default.setChecked(c.is_default)

    # --- saving: the controller checks and sends ---------------------------------------------------

    def create_domain(self) -> None:
        if self.controller.create(self.new_name.text()):
            self.new_name.clear()

    def save_general(self) -> None:
        self.controller.save_general(self.comments.toPlainText(), self.alias_of.text())

    def save_seeds(self) -> None:
        self.controller.save_seeds(self.seed_list_name.text(), self.seeds.toPlainText())

    def save_configuration(self) -> None:
        self.controller.save_configuration(
            self.cfg_name.text(), self.cfg_profile.currentData(), self.checked_seed_lists(),
            self.cfg_max_objects.text(), self.cfg_max_bytes.text(), self.cfg_rate.text(),
            self.cfg_default.isChecked())

    def save_traps(self) -> None:
        self.controller.save_traps(self.traps.toPlainText())

    def add_owner_info(self) -> None:
        if self.controller.add_owner_info(self.owner_text.text()):
            self.owner_text.clear()

    def add_credential(self) -> None:
        edits = (self.cred_url, self.cred_realm, self.cred_user, self.cred_password)
        if self.controller.add_login(*(e.text() for e in edits)):
            for e in edits:
                e.clear()

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
        self.set_enabled(self.ingest_button, False)
        self.controller.start_ingest(path, all_lines)

    def cancel_ingest(self) -> None:
        self.controller.cancel_ingest()

    def _ingest_done(self, summary: str) -> None:
        self.progress.hide()
        self.set_enabled(self.ingest_button, True)
        self.ingest_summary.setText(summary)
