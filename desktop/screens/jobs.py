"""Jobs: running jobs with live progress; all jobs filtered and sorted on the server; details;
resubmitting a failed job."""
# ruff: noqa: E501
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QDate, QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting, server_text, vocab
from desktop.controllers.harvests import JobsController
from desktop.models import Column, DtoListModel, PagedTableModel
from desktop.models.paged import sort_param
from desktop.screens.base import Screen
from desktop.widgets.form import ErrorLabel
from desktop.widgets.inputs import InputProblem, optional_int
from desktop.widgets.tables import fit_columns
from shared import job_states
from shared.dto.jobs import JobDetailsDto, RunningJobDto
from shared.runs import shown_run

#: the status filter's choices: the filter words of the one vocabulary (shared/job_states.py),
#: the same the command line takes (`nas jobs list --status`)
STATUSES = tuple(job_states.FILTERS)


def jobs_kwargs(offset: int, limit: int, sort: str | None, desc: bool, filters: dict[str, Any]) -> dict[str, Any]:
    """``list_jobs`` takes its filters as one dict."""
    return {"filters": filters, "offset": offset, "limit": limit, "sort": sort_param(sort, desc)}


def job_columns() -> list[Column]:
    return [
        Column("id", lambda: QCoreApplication.translate("JobsScreen", "Job"), align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
        Column("status", lambda: QCoreApplication.translate("JobsScreen", "Status"), vocab.job_status),
        Column("harvest", lambda: QCoreApplication.translate("JobsScreen", "Harvest")),
        Column("harvest_run", lambda: QCoreApplication.translate("JobsScreen", "Run"), lambda r: formatting.number(shown_run(r))),
        Column("channel", lambda: QCoreApplication.translate("JobsScreen", "Channel")),
        Column("configuration_count", lambda: QCoreApplication.translate("JobsScreen", "Configurations"), formatting.number),
        Column("expected_objects", lambda: QCoreApplication.translate("JobsScreen", "Expected objects"), formatting.number),
        Column("created_at", lambda: QCoreApplication.translate("JobsScreen", "Created"), formatting.date_time),
        Column("started_at", lambda: QCoreApplication.translate("JobsScreen", "Started"), formatting.date_time),
        Column("ended_at", lambda: QCoreApplication.translate("JobsScreen", "Ended"), formatting.date_time),
        Column("harvester_id", lambda: QCoreApplication.translate("JobsScreen", "Harvester"), sort=None),
    ]


class JobsScreen(Screen):
    key = "jobs"
    group = "curate"
    service = "scheduler"
    poll_ms = 5000     # running jobs' progress, and every status in the lists, while shown
    detailsRequested = Signal(int)    # a job id: the frame opens the job details screen

    def build(self) -> None:
        self.running = DtoListModel(RunningJobDto, [
            Column("id", lambda: QCoreApplication.translate("JobsScreen", "Job")),
            Column("harvest", lambda: QCoreApplication.translate("JobsScreen", "Harvest")),
            Column("harvester_id", lambda: QCoreApplication.translate("JobsScreen", "Harvester")),
            Column("uris_done", lambda: QCoreApplication.translate("JobsScreen", "URIs done"), formatting.number),
            Column("uris_queued", lambda: QCoreApplication.translate("JobsScreen", "URIs queued"), formatting.number),
            Column("bytes", lambda: QCoreApplication.translate("JobsScreen", "Bytes"), formatting.size),
            Column("rate", lambda: QCoreApplication.translate("JobsScreen", "URIs/s"), formatting.number),
            Column("status_text", lambda: QCoreApplication.translate("JobsScreen", "Crawler says")),
            Column("updated_at", lambda: QCoreApplication.translate("JobsScreen", "Updated"), formatting.date_time),
        ], self)
        self.running_label = QLabel(self.content)
        self.running_view = QTableView(self.content)
        self.running_view.setObjectName("runningJobs")
        self.running_view.setModel(self.running)
        fit_columns(self.running_view)
        self.running_view.setMaximumHeight(160)
        self.running_view.horizontalHeader().setStretchLastSection(True)

        self.model = PagedTableModel(self.client, self.service, "list_jobs", job_columns(), page_size=200,
                                     kwargs_for=jobs_kwargs, parent=self)
        self.model.failed.connect(self.report)
        self.model.loaded.connect(self._update_count)
        self.table = QTableView(self.content)
        self.table.setObjectName("jobTable")
        self.table.setModel(self.model)
        fit_columns(self.table)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.DescendingOrder)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.clicked.connect(self._row_clicked)
        self.table.doubleClicked.connect(self._row_double_clicked)
        self.count = QLabel(self.content)

        # filters
        self.status = QComboBox(self.content)
        self.status.addItem("", None)
        for s in STATUSES:
            self.status.addItem("", s)
        self.harvest = QLineEdit(self.content)
        self.channel = QLineEdit(self.content)
        self.domain = QLineEdit(self.content)
        self.id_from = QLineEdit(self.content)
        self.id_to = QLineEdit(self.content)
        self.use_dates = QCheckBox(self.content)
        self.date_from = QDateEdit(QDate.currentDate().addMonths(-1), self.content)
        self.date_to = QDateEdit(QDate.currentDate(), self.content)
        for d in (self.date_from, self.date_to):
            d.setCalendarPopup(True)
        self.apply_button = QPushButton(self.content)
        self.apply_button.clicked.connect(self.apply_filters)
        self.filter_error = ErrorLabel(self.content)
        self.filter_labels = [QLabel(self.content) for _ in range(7)]
        grid = QGridLayout()
        widgets = (self.status, self.harvest, self.channel, self.domain, self.id_from, self.id_to)
        for i, w in enumerate(widgets):
            grid.addWidget(self.filter_labels[i], 0, i)
            grid.addWidget(w, 1, i)
        grid.addWidget(self.use_dates, 0, 6)
        grid.addWidget(self.date_from, 1, 6)
        grid.addWidget(self.filter_labels[6], 0, 7)
        grid.addWidget(self.date_to, 1, 7)
        grid.addWidget(self.apply_button, 1, 8)

        # details
        self.details = QPlainTextEdit(self.content)
        self.details.setObjectName("jobDetails")
        self.details.setReadOnly(True)
        self.job_domains = PagedTableModel(self.client, self.service, "job_domains", [
            Column("domain", lambda: QCoreApplication.translate("JobsScreen", "Domain")),
            Column("configuration", lambda: QCoreApplication.translate("JobsScreen", "Configuration"), sort=None),
            Column("expected_objects", lambda: QCoreApplication.translate("JobsScreen", "Expected objects"), formatting.number),
            Column("objects", lambda: QCoreApplication.translate("JobsScreen", "Objects"), formatting.number),
            Column("bytes", lambda: QCoreApplication.translate("JobsScreen", "Bytes"), formatting.size),
            Column("stop_reason", lambda: QCoreApplication.translate("JobsScreen", "Stop reason"), vocab.stop_reason),
        ], page_size=200, kwargs_for=lambda o, lim, s, d, f: {"offset": o, "limit": lim, "sort": sort_param(s, d), **f},
            parent=self)
        self.job_domains.failed.connect(self.report)
        self.domain_view = QTableView(self.content)
        self.domain_view.setObjectName("jobDomains")
        self.domain_view.setModel(self.job_domains)
        fit_columns(self.domain_view)
        self.domain_view.setSortingEnabled(True)
        self.resubmit_button = QPushButton(self.content)
        self.resubmit_button.setEnabled(False)
        self.resubmit_button.clicked.connect(self.resubmit)
        self.needs(self.resubmit_button, "scheduler.resubmit_job")
        self.actions = JobsController(self.client, self.rpc, self)
        self.actions.jobChanged.connect(lambda j: (self.show_job(j), self.model.reload(), self.load_running()))
        self.actions.failure.connect(self.report)
        self.actions.status.connect(self.statusMessage.emit)
        self.cancel_button = QPushButton(self.content)
        self.cancel_button.setObjectName("cancelJob")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.needs(self.cancel_button, "scheduler.cancel_job")
        self.details_button = QPushButton(self.content)
        self.details_button.setObjectName("openJobDetails")
        self.details_button.setEnabled(False)
        self.details_button.clicked.connect(lambda: self.job and self.detailsRequested.emit(self.job.id))
        self.job: JobDetailsDto | None = None
        self._open_id: int | None = None

        top = QWidget(self.content)
        tl = QVBoxLayout(top)
        tl.addWidget(self.running_label)
        tl.addWidget(self.running_view)
        tl.addLayout(grid)
        tl.addWidget(self.filter_error)
        tl.addWidget(self.table, 1)
        tl.addWidget(self.count)
        bottom = QSplitter(self.content)
        left = QWidget()
        bl = QVBoxLayout(left)
        bl.addWidget(self.details, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.details_button)
        buttons.addWidget(self.resubmit_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        bl.addLayout(buttons)
        bottom.addWidget(left)
        bottom.addWidget(self.domain_view)
        split = QSplitter(Qt.Orientation.Vertical, self.content)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        QVBoxLayout(self.content).addWidget(split)
        self.model.refreshed.connect(lambda _page: self._keep_selection())

    def title(self) -> str:
        return self.tr("Jobs")

    def purpose(self) -> str:
        return self.tr("Every harvest job: running, done, failed; resubmit a failed one.")

    def retranslateUi(self) -> None:
        self.running_label.setText(self.tr("Running jobs:"))
        self.status.setItemText(0, self.tr("any status"))
        for i, s in enumerate(STATUSES, start=1):
            self.status.setItemText(i, vocab.job_status(s))
        for label, text in zip(self.filter_labels, (self.tr("Status"), self.tr("Harvest"), self.tr("Channel"),
                                                    self.tr("Domain"), self.tr("Job id from"), self.tr("Job id to"),
                                                    self.tr("Created to"))):
            label.setText(text)
        self.use_dates.setText(self.tr("Created from"))
        for d in (self.date_from, self.date_to):
            d.setLocale(QLocale())
            d.setDisplayFormat(formatting.date_edit_format())
        self.apply_button.setText(self.tr("Apply filters"))
        self.resubmit_button.setText(self.tr("Resubmit failed job"))
        self.cancel_button.setText(self.tr("Cancel job…"))
        self.cancel_button.setToolTip(self.tr("A queued job ends at once; a running one stops its crawl and keeps "
                                              "what it harvested."))
        self.details_button.setText(self.tr("Crawl log, reports and files…"))
        for m in (self.running, self.model, self.job_domains):
            m.retranslate()
        self._update_count(self.model.rowCount())
        if self.job:
            self.show_job(self.job)

    def _update_count(self, total: int) -> None:
        self.count.setText(self.tr("%Ln job(s)", "", total))

    def refresh(self) -> None:
        self.load_running()
        self.apply_filters()

    def poll(self) -> list:
        """The running jobs, the pages of the list on screen and the open job, in place."""
        calls = [self.load_running(), *self.model.refresh(), *self.job_domains.refresh()]
        if self.job is not None:
            calls.append(self._load_job(self.job.id))
        return calls

    def load_running(self):
        keep = self._selected_id(self.running_view, self.running)
        c = self.rpc("running_jobs")
        c.succeeded.connect(lambda rows: (self.running.set_rows(rows, key=lambda r: r.id),
                                          self._select_id(self.running_view, self.running, keep)))
        c.failed.connect(self.report)
        return c

    @staticmethod
    def _selected_id(view: QTableView, model) -> int | None:
        rows = view.selectionModel().selectedRows() if view.selectionModel() else []
        row = model.row_at(rows[0].row()) if rows else None
        return row.id if row is not None else None

    @staticmethod
    def _select_id(view: QTableView, model, job_id: int | None) -> None:
        if job_id is None:
            return
        for r in range(model.rowCount()):
            row = model.row_at(r)
            if row is not None and row.id == job_id:
                if not view.selectionModel().isRowSelected(r):
                    view.selectRow(r)
                return
        view.clearSelection()

    def _keep_selection(self) -> None:
        """A refreshed page may have moved the open job (a newer job came in above it): the
        selection follows the job, not the row number."""
        if self.job is not None and self.table.selectionModel().hasSelection():
            self._select_id(self.table, self.model, self.job.id)

    def filters(self) -> dict[str, Any] | None:
        self.filter_error.show_error("")
        out: dict[str, Any] = {"status": self.status.currentData(), "harvest": self.harvest.text().strip(),
                               "channel": self.channel.text().strip().upper(), "domain": self.domain.text().strip()}
        try:
            out["id_from"] = optional_int(self.id_from, 0)
            out["id_to"] = optional_int(self.id_to, 0)
        except InputProblem as p:
            self.filter_error.show_error(self.tr("Job id: {problem}").format(problem=str(p)))
            return None
        if out["id_from"] is not None and out["id_to"] is not None and out["id_from"] > out["id_to"]:
            self.filter_error.show_error(self.tr("The first job id is larger than the last."))
            return None
        if self.use_dates.isChecked():
            if self.date_from.date() > self.date_to.date():
                self.filter_error.show_error(self.tr("The first date is after the last."))
                return None
            # the days as the user sees them: midnight in this computer's zone, as the list shows times
            out["created_from"] = formatting.local_midnight_iso(self.date_from.date())
            out["created_to"] = formatting.local_midnight_iso(self.date_to.date().addDays(1))
        return {k: v for k, v in out.items() if v not in (None, "")}

    def apply_filters(self) -> None:
        f = self.filters()
        if f is not None:
            self.model.set_filters(f)

    def _row_clicked(self, index) -> None:
        row = self.model.row_at(index.row())
        if row:
            self.open_job(row.id)

    def _row_double_clicked(self, index) -> None:
        row = self.model.row_at(index.row())
        if row:
            self.detailsRequested.emit(row.id)

    def open_job(self, job_id: int) -> None:
        self._open_id = job_id
        self._load_job(job_id)
        self.job_domains.set_filters({"job_id": job_id})

    def _load_job(self, job_id: int):
        c = self.rpc("job", job_id)
        # a late answer for a job the user has since left is not shown
        c.succeeded.connect(lambda j: self.show_job(j) if j.id == self._open_id else None)
        c.failed.connect(self.report)
        return c

    def show_job(self, j: JobDetailsDto) -> None:
        self.job = j
        self.set_enabled(self.resubmit_button, job_states.can_resubmit(j.status, j.resubmitted_as))
        self.set_enabled(self.cancel_button, JobsController.can_cancel(j))
        self.details_button.setEnabled(True)
        reasons = ", ".join(f"{vocab.stop_reason(k)}: {formatting.number(v)}" for k, v in j.stop_reasons.items())
        lines = [
            self.tr("Job {id}: {status}").format(id=j.id, status=vocab.job_status(j.status)),
            self.tr("Harvest: {harvest}, run {run}, channel {channel}").format(
                harvest=j.harvest, run=shown_run(j.harvest_run), channel=j.channel),
            self.tr("Crawl profile: {profile}").format(profile=j.profile),
            self.tr("Created {created}, started {started}, ended {ended}").format(
                created=formatting.date_time(j.created_at), started=formatting.date_time(j.started_at) or "—",
                ended=formatting.date_time(j.ended_at) or "—"),
            self.tr("Harvested: %Ln object(s), {bytes}", "", j.objects).format(bytes=formatting.size(j.bytes)),
            self.tr("Stop reasons: {reasons}").format(reasons=reasons or "—"),
        ]
        # the failure in the user's language from its code; the server's words when it has none
        for text, label in ((server_text.job_failure(j), self.tr("Failure")), (j.harvest_error, self.tr("Harvest error")),
                            (j.upload_error, self.tr("Upload error"))):
            if text:
                lines.append(f"{label}: {text}")
        if j.cancel_requested_at and not j.ended_at:
            lines.append(self.tr("Cancelling: asked {time}; the harvester stops at its next report.").format(
                time=formatting.date_time(j.cancel_requested_at)))
        if j.resubmitted_as:
            lines.append(self.tr("Resubmitted as job {id}").format(id=j.resubmitted_as))
        seeds = j.seeds
        lines.append(self.tr("%Ln seed(s):", "", len(seeds)))
        lines.extend("  " + s for s in seeds[:200])
        text = "\n".join(lines)
        if text != self.details.toPlainText():
            # a refresh keeps where the reader had scrolled to
            bar = self.details.verticalScrollBar()
            at = bar.value()
            self.details.setPlainText(text)
            bar.setValue(at)

    def cancel(self) -> None:
        """Ask for a reason (it is kept with the job), then cancel."""
        if not JobsController.can_cancel(self.job):
            return
        from PySide6.QtWidgets import QInputDialog

        reason, ok = QInputDialog.getText(self, self.tr("Cancel job {id}").format(id=self.job.id),
                                          self.tr("Why (kept with the job; may be empty):"))
        if ok:
            self.actions.cancel(self.job, reason)

    def resubmit(self) -> None:
        if not self.job:
            return
        c = self.rpc("resubmit_job", self.job.id)
        c.succeeded.connect(lambda new: (self.statusMessage.emit(self.tr("Resubmitted as job {id}").format(
            id=new.id)), self.open_job(self.job.id), self.model.reload()))
        c.failed.connect(self.report)
