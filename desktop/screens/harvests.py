"""Harvest definitions: the list (by kind, active), and forms for selective, event and snapshot."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting, vocab
from desktop.controllers.browse_scope import BrowseScope
from desktop.controllers.harvests import HarvestsController, configuration_lines, limits_typed
from desktop.models import Column, PagedTableModel
from desktop.rpc.outcome import Failure
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.inputs import InputProblem, lines, required_text
from desktop.widgets.tables import fit_columns
from shared.domain_names import registered_domain
from shared.dto import Page
from shared.dto.definitions import ChannelDto, HarvestDto, ScheduleDto
from shared.enums import HarvestKind
from shared.runs import stored_run


def next_run_text(h: HarvestDto) -> str:
    """An inactive definition has no next run, whatever time the server still keeps for it."""
    return formatting.date_time(h.next_run_at) if h.active else ""


class HarvestsScreen(Screen):
    key = "harvests"
    group = "curate"
    service = "definitions"
    poll_ms = 10000    # next runs and run counts move on by themselves
    # (job ids, title): the frame opens them in the archive browser
    browseJobs = Signal(list, str)
    # set by the frame when an archive browser is there to open (else the run browser is hidden)
    can_browse = False

    def build(self) -> None:
        self.kind = QComboBox(self.content)
        for k in (None, "selective", "event", "snapshot"):
            self.kind.addItem("", k)
        self.kind.currentIndexChanged.connect(self.refresh)
        self.model = PagedTableModel(self.client, self.service, "list_harvests", [
            Column("name", lambda: QCoreApplication.translate("HarvestsScreen", "Name")),
            Column("kind", lambda: QCoreApplication.translate("HarvestsScreen", "Kind"), vocab.harvest_kind),
            Column("active", lambda: QCoreApplication.translate("HarvestsScreen", "Active"), sort=None),
            Column("schedule", lambda: QCoreApplication.translate("HarvestsScreen", "Schedule"), sort=None),
            Column("channel", lambda: QCoreApplication.translate("HarvestsScreen", "Channel"), sort=None),
            Column("runs", lambda: QCoreApplication.translate("HarvestsScreen", "Runs"), formatting.number, sort=None),
            Column("next_run_at", lambda: QCoreApplication.translate("HarvestsScreen", "Next run"),
                   sort=None, row_fmt=next_run_text),
            Column("configuration_count", lambda: QCoreApplication.translate("HarvestsScreen", "Configurations"),
                   formatting.number, sort=None),
            Column("scheduling_error", lambda: QCoreApplication.translate("HarvestsScreen", "Problem"), sort=None),
        ], page_size=200, parent=self)
        self.model.failed.connect(self.report)
        self.table = QTableView(self.content)
        self.table.setObjectName("harvestTable")
        self.table.setModel(self.model)
        fit_columns(self.table)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.clicked.connect(self._row_clicked)
        self.controller = HarvestsController(self.client, self.rpc, self)
        c = self.controller
        c.harvestChanged.connect(lambda h: (self.show_harvest(h), self.tabs.setCurrentIndex(0)))
        c.listChanged.connect(self.model.reload)
        c.problem.connect(lambda _form, field, text: self.edit.error(field or None, text))
        c.cleared.connect(lambda _form: self.edit.clear_errors())
        c.failure.connect(self.report)
        c.status.connect(self.statusMessage.emit)
        self.activate_button = QPushButton(self.content)
        self.activate_button.clicked.connect(lambda: self.set_active(True))
        self.deactivate_button = QPushButton(self.content)
        self.deactivate_button.clicked.connect(lambda: self.set_active(False))
        self.needs(self.activate_button, "definitions.set_harvest_active")
        self.needs(self.deactivate_button, "definitions.set_harvest_active")
        self.list_error = QLabel(self.content)
        self.list_error.setStyleSheet("color: #b00020;")
        self.list_error.setWordWrap(True)
        self.selected: HarvestDto | None = None
        self._channels: list[ChannelDto] = []

        self.tabs = QTabWidget(self.content)
        self.tabs.setObjectName("harvestTabs")
        self._build_edit()
        # selective
        w = QWidget()
        self.sel = Form(w)
        self.sel_name = self.sel.add("name", QLineEdit())
        self.sel_schedule = self.sel.add("schedule", QComboBox())
        self.sel_configs = self.sel.add("configurations", QPlainTextEdit())
        self.sel_channel = self.sel.add("channel", QComboBox())
        self.sel_comments = self.sel.add("comments", QLineEdit())
        self.sel_save = QPushButton(w)
        self.sel_save.clicked.connect(self.create_selective)
        self.needs(self.sel_save, "definitions.create_selective")
        lay = QVBoxLayout(w)
        lay.addWidget(self.sel)
        lay.addWidget(self.sel_save, 0, Qt.AlignmentFlag.AlignRight)
        lay.addStretch(1)
        self.tabs.addTab(w, "")
        # event
        w = QWidget()
        self.ev = Form(w)
        self.ev_name = self.ev.add("name", QLineEdit())
        self.ev_schedule = self.ev.add("schedule", QComboBox())
        self.ev_urls = self.ev.add("urls", QPlainTextEdit())
        self.ev_urls.setObjectName("eventUrls")
        self.ev_urls.textChanged.connect(self._preview_event_domains)
        self.ev_domains = QLabel(w)
        self.ev_domains.setObjectName("eventDomains")
        self.ev_domains.setWordWrap(True)
        self.ev_max_objects = self.ev.add("max_objects", QLineEdit())
        self.ev_max_bytes = self.ev.add("max_bytes", QLineEdit())
        self.ev_channel = self.ev.add("channel", QComboBox())
        self.ev_save = QPushButton(w)
        self.ev_save.clicked.connect(self.create_event)
        self.needs(self.ev_save, "definitions.create_event")
        lay = QVBoxLayout(w)
        lay.addWidget(self.ev)
        lay.addWidget(self.ev_domains)
        lay.addWidget(self.ev_save, 0, Qt.AlignmentFlag.AlignRight)
        lay.addStretch(1)
        self.tabs.addTab(w, "")
        # snapshot
        w = QWidget()
        self.snap = Form(w)
        self.snap_name = self.snap.add("name", QLineEdit())
        self.snap_max_bytes = self.snap.add("max_bytes", QLineEdit())
        self.snap_max_objects = self.snap.add("max_objects", QLineEdit())
        self.snap_time = self.snap.add("max_job_running_time_s", QLineEdit())
        self.snap_based_on = self.snap.add("based_on", QComboBox())
        self.snap_channel = self.snap.add("channel", QComboBox())
        self.snap_comments = self.snap.add("comments", QLineEdit())
        self.snap_save = QPushButton(w)
        self.snap_save.clicked.connect(self.create_snapshot)
        self.needs(self.snap_save, "definitions.create_snapshot")
        lay = QVBoxLayout(w)
        lay.addWidget(self.snap)
        lay.addWidget(self.snap_save, 0, Qt.AlignmentFlag.AlignRight)
        lay.addStretch(1)
        self.tabs.addTab(w, "")

        top = QWidget(self.content)
        tl = QVBoxLayout(top)
        row = QHBoxLayout()
        row.addWidget(self.kind)
        row.addStretch(1)
        row.addWidget(self.activate_button)
        row.addWidget(self.deactivate_button)
        tl.addLayout(row)
        tl.addWidget(self.table, 1)
        tl.addWidget(self.list_error)
        split = QSplitter(Qt.Orientation.Vertical, self.content)
        split.addWidget(top)
        split.addWidget(self.tabs)
        QVBoxLayout(self.content).addWidget(split)

    def _build_edit(self) -> None:
        """The chosen definition, editable: what it harvests, when, where, and "harvest now"."""
        w = QWidget()
        w.setObjectName("harvestEdit")
        self.edit = Form(w)
        self.edit.layout_.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)   # long labels: above
        self.edit_title = QLabel(w)
        self.edit_title.setObjectName("harvestEditTitle")
        self.edit_title.setWordWrap(True)
        self.edit_schedule = self.edit.add("schedule", QComboBox())
        self.edit_configs = self.edit.add("configurations", QPlainTextEdit())
        self.edit_configs.setObjectName("harvestEditConfigurations")
        self.edit_channel = self.edit.add("channel", QComboBox())
        self.edit_comments = self.edit.add("comments", QLineEdit())
        self.edit_max_bytes = self.edit.add("max_bytes", QLineEdit())
        self.edit_max_objects = self.edit.add("max_objects", QLineEdit())
        self.edit_max_time = self.edit.add("max_job_running_time_s", QLineEdit())
        self.edit_save = QPushButton(w)
        self.edit_save.setObjectName("harvestSave")
        self.edit_save.clicked.connect(self.save_harvest)
        self.edit_now = QPushButton(w)
        self.edit_now.setObjectName("harvestNow")
        self.edit_now.clicked.connect(self.controller.harvest_now)
        self.needs(self.edit_save, "definitions.update_harvest")
        self.needs(self.edit_now, "scheduler.harvest_now")
        # browse one run of the definition in the archive browser (runs as people count them)
        self.scope = BrowseScope(self.client, self)
        self.scope.browseRequested.connect(self.browseJobs.emit)
        self.scope.status.connect(self.statusMessage.emit)
        self.browse_run_number = QSpinBox(w)
        self.browse_run_number.setObjectName("browseRunNumber")
        self.browse_run_button = QPushButton(w)
        self.browse_run_button.setObjectName("browseRun")
        self.browse_run_button.clicked.connect(self._browse_run)
        buttons = QHBoxLayout()
        buttons.addWidget(self.browse_run_number)
        buttons.addWidget(self.browse_run_button)
        buttons.addStretch(1)
        buttons.addWidget(self.edit_now)
        buttons.addWidget(self.edit_save)
        lay = QVBoxLayout(w)
        lay.addWidget(self.edit_title)
        lay.addWidget(self.edit)
        lay.addLayout(buttons)
        lay.addStretch(1)
        self.tabs.addTab(w, "")
        self.show_harvest(None)

    def _show_run_browser(self, h: HarvestDto | None) -> None:
        runs = h.runs if h is not None else 0
        for widget in (self.browse_run_number, self.browse_run_button):
            widget.setVisible(self.can_browse)
            widget.setEnabled(runs > 0)
        self.browse_run_number.setRange(1, max(1, runs))
        self.browse_run_number.setValue(max(1, runs))     # the latest run first

    def _browse_run(self) -> None:
        h = self.selected
        if h is None or not h.runs:
            return
        shown = self.browse_run_number.value()
        self.scope.run(h.id, stored_run(shown), self.tr("{name}, run {run}").format(name=h.name, run=shown))

    def show_harvest(self, h: HarvestDto | None) -> None:
        """The definition in the edit tab (nothing chosen: the tab says to choose one)."""
        self.selected = h if h is not None else self.selected
        for widget in (self.edit, self.edit_save, self.edit_now):
            self.set_enabled(widget, h is not None)
        snapshot = h is not None and h.kind == HarvestKind.SNAPSHOT
        for key in ("schedule", "configurations"):
            self._show_row(key, not snapshot)
        for key in ("max_bytes", "max_objects", "max_job_running_time_s"):
            self._show_row(key, snapshot)
        if h is None:
            self.edit_title.setText(self.tr("Choose a harvest definition in the list to see and change it."))
            self._show_run_browser(None)
            return
        self.edit_title.setText(self.tr("{name} ({kind}), {runs}").format(
            name=h.name, kind=vocab.harvest_kind(h.kind), runs=self.tr("%Ln run(s)", "", h.runs)))
        self._fill((self.edit_channel,), [r.name for r in self._channels if r.snapshot == snapshot], none=False)
        self._choose(self.edit_schedule, h.schedule)
        self._choose(self.edit_channel, h.channel)
        self.edit_configs.setPlainText(configuration_lines(h))
        self.edit_comments.setText(h.comments or "")
        for edit, value in ((self.edit_max_bytes, h.max_bytes), (self.edit_max_objects, h.max_objects)):
            edit.setText("" if value is None or value < 0 else formatting.number(value))
        self.edit_max_time.setText(formatting.number(h.max_job_running_time_s) if h.max_job_running_time_s else "")
        self._show_run_browser(h)

    def _show_row(self, key: str, visible: bool) -> None:
        self.edit.labels[key].setVisible(visible)
        self.edit.fields[key].parentWidget().setVisible(visible)

    @staticmethod
    def _choose(combo: QComboBox, value: str | None) -> None:
        if value and combo.findData(value) < 0:
            combo.addItem(value, value)
        combo.setCurrentIndex(max(0, combo.findData(value)))

    def save_harvest(self) -> None:
        self.controller.save(self.edit_comments.text(), self.edit_schedule.currentData(),
                             self.edit_channel.currentData(), self.edit_configs.toPlainText(),
                             self.edit_max_bytes.text(), self.edit_max_objects.text(), self.edit_max_time.text())

    def title(self) -> str:
        return self.tr("Harvest definitions")

    def purpose(self) -> str:
        return self.tr("What to harvest when: selective, event and snapshot harvests.")

    def retranslateUi(self) -> None:
        for i, text in enumerate((self.tr("All kinds"), self.tr("Selective"), self.tr("Event"), self.tr("Snapshot"))):
            self.kind.setItemText(i, text)
        self.activate_button.setText(self.tr("Activate"))
        self.deactivate_button.setText(self.tr("Deactivate"))
        for i, text in enumerate((self.tr("Chosen harvest"), self.tr("New selective harvest"),
                                  self.tr("New event harvest"), self.tr("New snapshot harvest"))):
            self.tabs.setTabText(i, text)
        self.edit.set_label("schedule", self.tr("Schedule:"))
        self.edit.set_label("configurations", self.tr("Domains (one a line; 'domain configuration' for another "
                                                      "than the default):"))
        self.edit.set_label("channel", self.tr("Harvest channel:"))
        self.edit.set_label("comments", self.tr("Comments:"))
        self.edit.set_label("max_bytes", self.tr("Max bytes per domain:"))
        self.edit.set_label("max_objects", self.tr("Max objects per domain:"))
        self.edit.set_label("max_job_running_time_s", self.tr("Max job running time in seconds:"))
        for edit in (self.edit_max_bytes, self.edit_max_objects, self.edit_max_time, self.snap_max_bytes,
                     self.snap_max_objects, self.snap_time):
            edit.setPlaceholderText(self.tr("no limit"))
        self.edit_save.setText(self.tr("Save changes"))
        self.edit_now.setText(self.tr("Harvest now"))
        self.browse_run_number.setPrefix(self.tr("run "))
        self.browse_run_button.setText(self.tr("Browse this run"))
        self.browse_run_button.setToolTip(self.tr("Opens the archive browser on the ended jobs of the chosen run"))
        self.edit_now.setToolTip(self.tr("One run now, besides the schedule; its jobs appear on the jobs screen."))
        self.show_harvest(self.controller.harvest)
        for form in (self.sel, self.ev, self.snap):
            form.set_label("name", self.tr("Name:"))
            form.set_label("channel", self.tr("Harvest channel:"))
            if "schedule" in form.fields:
                form.set_label("schedule", self.tr("Schedule:"))
            if "comments" in form.fields:
                form.set_label("comments", self.tr("Comments:"))
            if "max_bytes" in form.fields:
                form.set_label("max_bytes", self.tr("Max bytes per domain (-1: no limit):"))
                form.set_label("max_objects", self.tr("Max objects per domain (-1: no limit):"))
        self.sel.set_label("configurations", self.tr("Domains (one a line; 'domain configuration' for another "
                                                     "than the default):"))
        self.ev.set_label("urls", self.tr("URLs (one a line):"))
        self.snap.set_label("max_job_running_time_s", self.tr("Max job running time in seconds (0: no limit):"))
        self.snap.set_label("based_on", self.tr("Based on an earlier snapshot:"))
        self.sel_save.setText(self.tr("Create selective harvest"))
        self.ev_save.setText(self.tr("Create event harvest"))
        self.snap_save.setText(self.tr("Create snapshot harvest"))
        self.model.retranslate()
        self._preview_event_domains()

    def refresh(self) -> None:
        kind = self.kind.currentData()
        self.model.set_filters({"kind": kind} if kind else {})
        self._load_choices()

    def _load_choices(self) -> None:
        c = self.rpc("list_schedules", 0, 1000)
        c.succeeded.connect(self._fill_schedules)
        c = self.rpc("list_channels")
        c.succeeded.connect(self._fill_channels)
        c = self.rpc("list_harvests", 0, 1000, kind="snapshot")
        c.succeeded.connect(self._fill_snapshots)

    def _fill_schedules(self, page: Page[ScheduleDto]) -> None:
        self._fill((self.sel_schedule, self.ev_schedule, self.edit_schedule), [s.name for s in page.items],
                   none=False)

    def _fill_snapshots(self, page: Page[HarvestDto]) -> None:
        self._fill((self.snap_based_on,), [h.name for h in page.items])

    def _fill(self, combos, names: list[str], none: bool = True) -> None:
        for combo in combos:
            keep = combo.currentData()
            combo.clear()
            if none:
                combo.addItem(self.tr("(none)"), None)
            for n in names:
                combo.addItem(n, n)
            combo.setCurrentIndex(max(0, combo.findData(keep)))

    def _fill_channels(self, rows: list[ChannelDto]) -> None:
        focused = [r.name for r in rows if not r.snapshot]
        snapshot = [r.name for r in rows if r.snapshot]
        self._fill((self.sel_channel, self.ev_channel), focused)
        self._fill((self.snap_channel,), snapshot)
        self._channels = rows
        if self.controller.harvest is not None:
            self.show_harvest(self.controller.harvest)
        for combo in (self.sel_channel, self.ev_channel, self.snap_channel):
            combo.setItemText(0, self.tr("(default channel)"))

    def _row_clicked(self, index) -> None:
        self.selected = self.model.row_at(index.row())
        self.list_error.clear()
        if self.selected is not None:
            self.controller.open(self.selected.name)

    def set_active(self, active: bool) -> None:
        if not self.selected:
            return
        self.list_error.clear()
        c = self.rpc("set_harvest_active", self.selected.name, active)
        c.succeeded.connect(lambda h: (setattr(self, "selected", h), self.model.reload(), self.controller.open(h.name)))
        c.failed.connect(lambda f: self.show_failure(_Banner(self.list_error), f))

    def _created(self, form: Form):
        def done(h: HarvestDto) -> None:
            form.clear_errors()
            self.statusMessage.emit(self.tr("Saved {name}.").format(name=h.name))
            self.model.reload()
            self._load_choices()
        return done

    def _name(self, form: Form, edit: QLineEdit) -> str | None:
        form.clear_errors()
        try:
            return required_text(edit)
        except InputProblem as p:
            form.error("name", str(p))
            return None

    def create_selective(self) -> None:
        name = self._name(self.sel, self.sel_name)
        if name is None:
            return
        configs = []
        for ln in lines(self.sel_configs.toPlainText()):
            parts = ln.split()
            configs.append({"domain": parts[0], **({"configuration": parts[1]} if len(parts) > 1 else {})})
        if not configs:
            self.sel.error("configurations", self.tr("Give at least one domain."))
            return
        if self.sel_schedule.currentData() is None:
            self.sel.error("schedule", self.tr("Choose a schedule."))
            return
        c = self.rpc("create_selective", name, self.sel_schedule.currentData(), configs,
                     self.sel_comments.text(), self.sel_channel.currentData())
        c.succeeded.connect(self._created(self.sel))
        c.failed.connect(lambda f: self.show_failure(self.sel, f, {
            "already_exists": "name", "domain_not_found": "configurations", "not_found": "configurations",
            "conflict": "channel"}, default="name"))

    def _preview_event_domains(self) -> None:
        found: dict[str, int] = {}
        bad = 0
        for ln in lines(self.ev_urls.toPlainText()):
            host = ln.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
            try:
                d = registered_domain(host)
            except Exception:  # noqa: BLE001 - any unparsable line is counted, the server names it
                d = None
            if d:
                found[d] = found.get(d, 0) + 1
            else:
                bad += 1
        if not found and not bad:
            self.ev_domains.setText("")
            return
        text = self.tr("Domains in this list (created if unknown): {domains}").format(
            domains=", ".join(sorted(found)) or "—")
        if bad:
            text += " " + self.tr("%Ln line(s) not a URL under a domain.", "", bad)
        self.ev_domains.setText(text)

    def poll(self) -> list:
        """The list in place (next run, runs); the chosen definition's fields are not touched."""
        return self.model.refresh()

    def create_event(self) -> None:
        name = self._name(self.ev, self.ev_name)
        if name is None:
            return
        urls = self.ev_urls.toPlainText()
        if not lines(urls):
            self.ev.error("urls", self.tr("Paste at least one URL."))
            return
        if self.ev_schedule.currentData() is None:
            self.ev.error("schedule", self.tr("Choose a schedule."))
            return
        # empty: the domains' own limits (None), else the limits' one check
        typed = {k: e.text() for k, e in (("max_objects", self.ev_max_objects), ("max_bytes", self.ev_max_bytes))
                 if e.text().strip()}
        values, problems = limits_typed(typed)
        for key, text in problems.items():
            self.ev.error(key, text)
        if problems:
            return
        c = self.rpc("create_event", name, self.ev_schedule.currentData(), urls, max_objects=values.get("max_objects"),
                     max_bytes=values.get("max_bytes"), channel=self.ev_channel.currentData())
        c.succeeded.connect(self._created(self.ev))
        c.failed.connect(self._event_failed)

    def _event_failed(self, f: Failure) -> None:
        self.show_failure(self.ev, f, {"already_exists": "name", "invalid_url": "urls", "invalid_domain": "urls"},
                          default="name")
        bad = f.details.get("lines") or []
        if bad:
            from desktop.errors import describe
            listed = "; ".join(self.tr("line {line}: {text}").format(line=b.get("line"), text=b.get("text", ""))
                               for b in bad[:10])
            self.ev.error("urls", describe(f) + " " + listed)

    def create_snapshot(self) -> None:
        name = self._name(self.snap, self.snap_name)
        if name is None:
            return
        # the same check as editing a snapshot's limits (controllers/harvests.py, shared/limits.py)
        values, problems = limits_typed({"max_bytes": self.snap_max_bytes.text(),
                                         "max_objects": self.snap_max_objects.text(),
                                         "max_job_running_time_s": self.snap_time.text()})
        for key, text in problems.items():
            self.snap.error(key, text)
        if problems:
            return
        c = self.rpc("create_snapshot", name, based_on=self.snap_based_on.currentData(),
                     comments=self.snap_comments.text(), channel=self.snap_channel.currentData(), **values)
        c.succeeded.connect(self._created(self.snap))
        c.failed.connect(lambda f: self.show_failure(self.snap, f, {"already_exists": "name", "not_found": "based_on",
                                                                    "conflict": "based_on"}, default="name"))


class _Banner:
    """Adapts a label to the part of the Form interface ``show_failure`` uses."""

    fields: dict = {}

    def __init__(self, label: QLabel):
        self.label = label

    def error(self, _field, text: str) -> None:
        self.label.setText(text)
