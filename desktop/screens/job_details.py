# ruff: noqa: E501
"""Job details: what one job did. Widgets only; the behaviour is in
:class:`desktop.controllers.job_details.JobDetailsController`."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting, server_text, vocab
from desktop.controllers.job_details import JobDetailsController, history_of, history_text
from desktop.models import Column, PagedTableModel
from desktop.models.paged import sort_param
from desktop.screens.base import Screen
from desktop.widgets.form import ErrorLabel
from shared.dto.archive import ArchiveFileDto
from shared.dto.jobs import JobDetailsDto
from shared.runs import shown_run


def _limit(value) -> str:
    if value is None:
        return ""
    return QCoreApplication.translate("JobDetails", "no limit") if value < 0 else formatting.number(value)


def domain_columns() -> list[Column]:
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    return [
        Column("domain", lambda: QCoreApplication.translate("JobDetails", "Domain")),
        Column("configuration", lambda: QCoreApplication.translate("JobDetails", "Configuration"), sort=None),
        Column("objects", lambda: QCoreApplication.translate("JobDetails", "Objects"), formatting.number, align=right),
        Column("bytes", lambda: QCoreApplication.translate("JobDetails", "Bytes"), formatting.size, align=right),
        Column("stop_reason", lambda: QCoreApplication.translate("JobDetails", "Stop reason"), vocab.stop_reason),
        Column("duplicates", lambda: QCoreApplication.translate("JobDetails", "Deduplicated"), formatting.number, sort=None, align=right),
        Column("duplicate_bytes", lambda: QCoreApplication.translate("JobDetails", "Space saved"), formatting.size, sort=None, align=right),
        Column("max_objects", lambda: QCoreApplication.translate("JobDetails", "Max objects"), _limit, sort=None, align=right),
        Column("max_bytes", lambda: QCoreApplication.translate("JobDetails", "Max bytes"), _limit, sort=None, align=right),
    ]


class JobDetailsScreen(Screen):
    key = "job_details"
    group = "qa"
    service = "scheduler"
    poll_ms = 5000     # a job still being harvested: its state while shown
    browseJob = Signal(list)
    reviewQa = Signal(int)
    #: set by the frame when an archive browser is there to open (else the button is hidden)
    can_browse = False

    def build(self) -> None:
        c = self.controller = JobDetailsController(self.client, self.rpc, self)
        c.jobChanged.connect(self.show_job)
        c.filesChanged.connect(self.show_files)
        c.metadataLoaded.connect(self.show_metadata)
        c.metadataProblem.connect(self._metadata_problem)
        c.failure.connect(self.report)
        c.status.connect(self.statusMessage.emit)
        c.problem.connect(lambda _form, _field, text: self.log_error.show_error(text))
        c.cleared.connect(lambda _form: self.log_error.show_error(""))
        c.browseRequested.connect(self.browseJob.emit)
        c.qaChanged.connect(self._show_qa)
        c.reviewRequested.connect(self.reviewQa.emit)
        c.crawl_log.filtered.connect(self._update_pager)
        c.resubmitted.connect(lambda new_id: self.statusMessage.emit(str(new_id)))

        self.job_id = QLineEdit(self.content)
        self.job_id.setObjectName("jobIdInput")
        self.job_id.setMaximumWidth(120)
        self.job_id.setMinimumWidth(80)   # a job number stays readable beside a long heading
        self.job_id.returnPressed.connect(self._open_typed)
        self.open_button = QPushButton(self.content)
        self.open_button.clicked.connect(self._open_typed)
        self.job_label = QLabel(self.content)
        self.heading = QLabel(self.content)
        f = self.heading.font()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.2)
        self.heading.setFont(f)
        self.heading.setWordWrap(True)   # a long sentence in German takes two lines, not the fields' room
        self.resubmit_button = QPushButton(self.content)
        self.resubmit_button.clicked.connect(c.resubmit)
        self.needs(self.resubmit_button, "scheduler.resubmit_job")
        self.browse_button = QPushButton(self.content)
        self.browse_button.setObjectName("browseJob")
        self.browse_button.clicked.connect(c.browse)
        self.export_button = QPushButton(self.content)
        self.export_button.setObjectName("exportWacz")
        self.export_button.clicked.connect(lambda: self.export_wacz())
        self.needs(self.export_button, "arcrepository.get_file")
        self.wacz_dialog = None
        top = QHBoxLayout()
        top.addWidget(self.job_label)
        top.addWidget(self.job_id)
        top.addWidget(self.open_button)
        top.addSpacing(16)
        top.addWidget(self.heading, 1)
        top.addWidget(self.browse_button)
        top.addWidget(self.export_button)
        top.addWidget(self.resubmit_button)

        self.tabs = QTabWidget(self.content)
        self.tabs.setObjectName("jobDetailTabs")
        # overview: summary and status history
        ov = QWidget(self.tabs)
        ol = QHBoxLayout(ov)
        self.summary = QPlainTextEdit(ov)
        self.summary.setObjectName("jobSummary")
        self.summary.setReadOnly(True)
        # the job's QA (qa.summary): pages checked, share complete, verdicts, the worst pages
        self.qa_label = QLabel(ov)
        self.qa_label.setObjectName("jobQa")
        self.qa_label.setWordWrap(True)
        self.qa_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qa_button = QPushButton(ov)
        self.qa_button.setObjectName("reviewQa")
        self.qa_button.clicked.connect(c.review)
        self.qa_button.hide()           # shown when the frame has a QA review screen
        qa_row = QHBoxLayout()
        qa_row.addWidget(self.qa_label, 1)
        qa_row.addWidget(self.qa_button, 0, Qt.AlignmentFlag.AlignTop)
        self.qa_summary = None
        self.qa_problem = ""
        self.history = QListWidget(ov)
        self.history.setObjectName("jobHistory")
        self.history_label = QLabel(ov)
        hl = QVBoxLayout()
        hl.addWidget(self.history_label)
        hl.addWidget(self.history, 1)
        sl = QVBoxLayout()
        sl.addLayout(qa_row)
        sl.addWidget(self.summary, 1)
        ol.addLayout(sl, 3)
        ol.addLayout(hl, 2)
        self.tabs.addTab(ov, "")
        # domains
        self.domains = PagedTableModel(self.client, self.service, "job_domains", domain_columns(), page_size=200,
                                       kwargs_for=lambda o, lim, s, d, f: {"offset": o, "limit": lim, "sort": sort_param(s, d), **f},
                                       parent=self)
        self.domains.failed.connect(self.report)
        self.domain_view = QTableView(self.tabs)
        self.domain_view.setObjectName("jobDetailDomains")
        self.domain_view.setModel(self.domains)
        self.domain_view.setSortingEnabled(True)
        hh = self.domain_view.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tabs.addTab(self.domain_view, "")
        # crawl log
        cl = QWidget(self.tabs)
        cll = QVBoxLayout(cl)
        self.status_filter = QLineEdit(cl)
        self.status_filter.setObjectName("statusFilter")
        self.mime_filter = QLineEdit(cl)
        self.url_filter = QLineEdit(cl)
        for e in (self.status_filter, self.mime_filter, self.url_filter):
            e.returnPressed.connect(self.apply_filter)
        self.filter_button = QPushButton(cl)
        self.filter_button.clicked.connect(self.apply_filter)
        self.filter_labels = [QLabel(cl) for _ in range(3)]
        frow = QHBoxLayout()
        for label, edit, stretch in zip(self.filter_labels, (self.status_filter, self.mime_filter, self.url_filter), (1, 1, 3)):
            frow.addWidget(label)
            frow.addWidget(edit, stretch)
        frow.addWidget(self.filter_button)
        self.log_error = ErrorLabel(cl)
        self.log_view = QTableView(cl)
        self.log_view.setObjectName("crawlLog")
        self.log_view.setModel(c.crawl_log)
        self.log_view.setWordWrap(False)
        self.log_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.log_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        lh = self.log_view.horizontalHeader()
        lh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for col in (0, 1, 2, 4):        # time, status, size, MIME type: as wide as their content
            lh.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        lh.resizeSection(3, 380)        # the URL: what a person reads first
        lh.resizeSection(5, 220)
        lh.setStretchLastSection(True)
        self.log_view.verticalHeader().setDefaultSectionSize(self.log_view.fontMetrics().height() + 6)
        self.prev_button = QPushButton(cl)
        self.next_button = QPushButton(cl)
        self.prev_button.clicked.connect(lambda: self._go(-1))
        self.next_button.clicked.connect(lambda: self._go(1))
        self.page_label = QLabel(cl)
        self.page_label.setObjectName("crawlLogPage")
        prow = QHBoxLayout()
        prow.addWidget(self.prev_button)
        prow.addWidget(self.page_label, 1, Qt.AlignmentFlag.AlignCenter)
        prow.addWidget(self.next_button)
        cll.addLayout(frow)
        cll.addWidget(self.log_error)
        cll.addWidget(self.log_view, 1)
        cll.addLayout(prow)
        self.tabs.addTab(cl, "")
        # reports
        rp = QSplitter(self.tabs)
        self.report_list = QListWidget(rp)
        self.report_list.setObjectName("reportList")
        self.report_list.currentRowChanged.connect(self._show_report)
        self.report_text = QPlainTextEdit(rp)
        self.report_text.setReadOnly(True)
        self.report_text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.report_text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        rp.addWidget(self.report_list)
        rp.addWidget(self.report_text)
        rp.setStretchFactor(1, 1)
        self.tabs.addTab(rp, "")
        # files
        self.file_table = QTableWidget(self.tabs)
        self.file_table.setObjectName("jobFiles")
        self.file_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.file_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tabs.addTab(self.file_table, "")
        self.metadata_note = QLabel(self.content)
        self.metadata_note.setObjectName("metadataNote")
        self.metadata_note.setWordWrap(True)

        lay = QVBoxLayout(self.content)
        lay.addLayout(top)
        lay.addWidget(self.metadata_note)
        lay.addWidget(self.tabs, 1)
        self._enable()

    # --- texts -------------------------------------------------------------------------------

    def title(self) -> str:
        return self.tr("Job details")

    def purpose(self) -> str:
        return self.tr("What one job did: its history, domains, crawl log, reports and files.")

    def retranslateUi(self) -> None:
        self.job_label.setText(self.tr("Job:"))
        self.open_button.setText(self.tr("Open"))
        self.resubmit_button.setText(self.tr("Resubmit"))
        self.resubmit_button.setToolTip(self.tr("Only a failed or cancelled job can be resubmitted."))
        self.browse_button.setText(self.tr("Browse this job"))
        self.export_button.setText(self.tr("Export WACZ…"))
        self.export_button.setToolTip(self.tr("This job's files, index and pages as one WACZ file "
                                              "(ReplayWeb.page and pywb open it)."))
        self.history_label.setText(self.tr("Status history:"))
        self.qa_button.setText(self.tr("QA review…"))
        self._show_qa(self.qa_summary, self.qa_problem)
        for i, text in enumerate((self.tr("Overview"), self.tr("Domains"), self.tr("Crawl log"), self.tr("Reports"),
                                  self.tr("Files"))):
            self.tabs.setTabText(i, text)
        for label, text in zip(self.filter_labels, (self.tr("Status:"), self.tr("MIME type:"), self.tr("URL:"))):
            label.setText(text)
        self.status_filter.setPlaceholderText(self.tr("e.g. 200, 4xx, <0"))
        self.mime_filter.setPlaceholderText(self.tr("e.g. image"))
        self.url_filter.setPlaceholderText(self.tr("e.g. */news/* or a part of the URL"))
        self.filter_button.setText(self.tr("Filter"))
        self.prev_button.setText(self.tr("◀ Previous"))
        self.next_button.setText(self.tr("Next ▶"))
        self.domains.retranslate()
        self.controller.crawl_log.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 6)
        if self.controller.job is not None:
            self.show_job(self.controller.job)
            self.show_files(self.controller.files)
        else:
            self.heading.setText(self.tr("Choose a job on the Jobs screen, or type its number."))
        self._update_pager()
        if getattr(self, "_note", None) is not None:
            self.metadata_note.setText(self._note())   # said again in the new language

    # --- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        if self.controller.job is not None:
            self.open_job(self.controller.job.id)

    def poll(self) -> list:
        """A job still running: its state follows by itself (its files once it has ended)."""
        c = self.controller.follow()
        return [c] if c is not None else []

    def _open_typed(self) -> None:
        text = self.job_id.text().strip()
        if text.isdigit():
            self.open_job(int(text))

    def open_job(self, job_id: int) -> None:
        self.loaded = True
        self.job_id.setText(str(job_id))
        self._metadata_problem(lambda: self.tr("Reading the job's crawl log and reports from the archive…"))
        self.controller.open(job_id)
        self.domains.set_filters({"job_id": job_id})

    def _enable(self) -> None:
        self.set_enabled(self.resubmit_button, self.controller.can_resubmit)
        self.browse_button.setVisible(self.can_browse)
        self.browse_button.setEnabled(self.controller.job is not None)
        self.set_enabled(self.export_button, self.controller.job is not None)

    def export_wacz(self, path: str | None = None) -> None:
        """This job into one WACZ file: a save dialog (unless ``path`` is given), then the export
        with its progress in a dialog of its own."""
        from desktop.widgets.wacz_dialog import open_export

        job = self.controller.job
        if job is None:
            return
        title = self.tr("Job {id}").format(id=job.id)
        self.wacz_dialog = open_export(
            self, self.client, f"job-{job.id}.wacz",
            self.tr("Job {id}, with its metadata and the originals of its revisits.").format(id=job.id),
            lambda d, p: d.export_jobs(p, [job.id], title), path) or self.wacz_dialog

    def show_job(self, j: JobDetailsDto) -> None:
        self._enable()
        self.heading.setText(self.tr("Job {id}: {status}").format(id=j.id, status=vocab.job_status(j.status)))
        reasons = ", ".join(f"{vocab.stop_reason(k)}: {formatting.number(v)}" for k, v in j.stop_reasons.items())
        outcome = getattr(j, "outcome", None)      # h-everyday's honest outcome (wave C), when the server sends it
        lines = [self.tr("Outcome: {outcome}").format(outcome=vocab.job_outcome(str(getattr(outcome, "value", outcome))))] \
            if outcome else []
        lines += [
            self.tr("Harvest: {harvest}, run {run}, channel {channel}").format(harvest=j.harvest, run=shown_run(j.harvest_run), channel=j.channel),
            self.tr("Crawl profile: {profile}").format(profile=j.profile),
            self.tr("Harvested: %Ln object(s), {bytes}", "", j.objects).format(bytes=formatting.size(j.bytes)),
            self.tr("Deduplication: %Ln object(s) not stored again, {bytes} saved", "", j.duplicates).format(
                bytes=formatting.size(j.duplicate_bytes)),
            self.tr("Stop reasons: {reasons}").format(reasons=reasons or "—"),
        ]
        # the failure in the user's language from its code; the server's words when it has none
        for text, label in ((server_text.job_failure(j), self.tr("Failure")), (j.harvest_error, self.tr("Harvest error")),
                            (j.upload_error, self.tr("Upload error"))):
            if text:
                lines.append(f"{label}: {text}")
        lines.append(self.tr("%Ln seed(s):", "", len(j.seeds)))
        lines.extend("  " + s for s in j.seeds[:200])
        self.summary.setPlainText("\n".join(lines))
        self.history.clear()
        for e in history_of(j):
            self.history.addItem(history_text(e))

    def _show_qa(self, summary, problem: str) -> None:
        from desktop.controllers.job_pages import score_text
        from desktop.controllers.qa_review import summary_text

        self.qa_summary, self.qa_problem = summary, problem
        if self.controller.job is None and summary is None and not problem:
            self.qa_label.setText("")
            return
        if not problem and (summary is None or not summary.pages_checked):
            self.qa_label.setText(self.tr("QA: not checked yet."))
            return
        text = self.tr("QA: {summary}").format(summary=problem or summary_text(summary))
        if summary is not None and summary.worst:
            # a page a line: a URL never breaks across lines
            worst = "".join(f"\n    {score_text(p.score) or '—'}  {p.url}" for p in summary.worst[:3])
            text += "\n" + self.tr("Worst pages: {pages}").format(pages=worst)
        self.qa_label.setText(text)

    def show_files(self, files: list[ArchiveFileDto]) -> None:
        replicas = sorted({r for f in files for r in f.states})
        headers = [self.tr("File"), self.tr("Size"), self.tr("Checksum (MD5)")] + [
            self.tr("In {replica}").format(replica=r) for r in replicas]
        self.file_table.clear()
        self.file_table.setColumnCount(len(headers))
        self.file_table.setHorizontalHeaderLabels(headers)
        self.file_table.setRowCount(len(files))
        for row, f in enumerate(files):
            values = [f.name, formatting.size(f.size), f.checksum] + [vocab.upload_state(f.states.get(r) or "") for r in replicas]
            for col, v in enumerate(values):
                self.file_table.setItem(row, col, QTableWidgetItem(v))

    def show_metadata(self, meta) -> None:
        self._metadata_problem(lambda: self.tr("From {file}: {lines} crawl log lines, {reports} reports and logs.").format(
            file=meta.file, lines=formatting.number(len(meta.crawl_log)), reports=formatting.number(len(meta.reports))))
        self.report_list.clear()
        for r in meta.reports:
            self.report_list.addItem(f"{r.kind}/{r.name}")
        if meta.reports:
            self.report_list.setCurrentRow(0)

    def _metadata_problem(self, make) -> None:
        self._note = make
        self.metadata_note.setText(make())

    def _show_report(self, row: int) -> None:
        meta = self.controller.metadata
        if meta is not None and 0 <= row < len(meta.reports):
            self.report_text.setPlainText(meta.reports[row].text)

    # --- crawl log -----------------------------------------------------------------------------

    def apply_filter(self) -> None:
        self.controller.filter_crawl_log(self.status_filter.text(), self.mime_filter.text(), self.url_filter.text())

    def _go(self, step: int) -> None:
        m = self.controller.crawl_log
        m.go_to_page(m.page + step)
        self._update_pager()

    def _update_pager(self, *_args) -> None:
        m = self.controller.crawl_log
        total = len(m.matching)
        first = m.page * m.page_size + 1 if total else 0
        last = min(total, (m.page + 1) * m.page_size)
        self.page_label.setText(self.tr("Lines {first}–{last} of {total} matching (of {all} in the crawl log)").format(
            first=formatting.number(first), last=formatting.number(last), total=formatting.number(total),
            all=formatting.number(len(m.lines))))
        self.prev_button.setEnabled(m.page > 0)
        self.next_button.setEnabled(m.page < m.pages - 1)
