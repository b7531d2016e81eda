"""QA review (issue #30): a job's pages as QA scored them, worst first, with the crawl-time and
replay thumbnails side by side, the missing resources, a reviewer's verdict and note, and the
job's runs (Run QA, Cancel run) and patch job (Patch missing). Behaviour is in
:class:`desktop.controllers.qa_review.QaReviewController`; this module lays out and binds."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting
from desktop.controllers.job_pages import capture_time, score_text
from desktop.controllers.qa_review import ACTIVE, QaReviewController, run_text, summary_text, verdict_text
from desktop.screens.base import Screen
from desktop.widgets.form import ErrorLabel
from desktop.widgets.tables import fit_columns
from shared.dto.qa import VERDICTS
from shared.rpc_roles import RPC_ROLES

THUMB_WIDTH = 240


class QaReviewScreen(Screen):
    key = "qa_review"
    service = "qa"
    group = "qa"
    poll_ms = 5000                 # a run's progress, while one is queued or running
    openCapture = Signal(list, str, str)

    def build(self) -> None:
        c = self.controller = QaReviewController(self.client, call=self.rpc, parent=self)
        c.jobChanged.connect(self._job_changed)
        c.pageChanged.connect(self._show_page)
        c.thumbnail.connect(self._show_thumbnail)
        c.runChanged.connect(self._show_run)
        c.summaryChanged.connect(self._show_summary)
        c.openCapture.connect(self.openCapture.emit)
        c.status.connect(self.statusMessage.emit)
        c.status.connect(self._say)
        c.failure.connect(self.report)
        c.problem.connect(self._problem)
        c.cleared.connect(lambda form: (self.job_error if form == "job" else self.verdict_error).show_error(""))

        # the job and its runs
        self.job_label = QLabel(self.content)
        self.job_field = QLineEdit(self.content)
        self.job_field.setObjectName("qaJob")
        self.job_field.setMaximumWidth(120)
        self.job_field.returnPressed.connect(lambda: c.open_job(self.job_field.text()))
        self.show_button = QPushButton(self.content)
        self.show_button.setObjectName("qaShowJob")
        self.show_button.clicked.connect(lambda: c.open_job(self.job_field.text()))
        self.run_button = QPushButton(self.content)
        self.run_button.setObjectName("qaRun")
        self.run_button.clicked.connect(c.start_run)
        self.needs(self.run_button, "qa.run")
        self.cancel_button = QPushButton(self.content)
        self.cancel_button.setObjectName("qaCancel")
        self.cancel_button.clicked.connect(c.cancel_run)
        self.needs(self.cancel_button, "qa.cancel")
        self.patch_button = QPushButton(self.content)
        self.patch_button.setObjectName("qaPatch")
        self.patch_button.clicked.connect(c.patch)
        # the qa service's patch RPC needs the same role as a run (the QA contract); until the
        # service declares it, its run's roles stand in
        self.needs(self.patch_button, "qa.patch" if "qa.patch" in RPC_ROLES else "qa.run")
        self.job_error = ErrorLabel(self.content)
        top = QHBoxLayout()
        top.addWidget(self.job_label)
        top.addWidget(self.job_field)
        top.addWidget(self.show_button)
        top.addSpacing(16)
        top.addWidget(self.run_button)
        top.addWidget(self.cancel_button)
        top.addWidget(self.patch_button)
        top.addStretch(1)
        self.run_label = QLabel(self.content)
        self.run_label.setObjectName("qaRunState")
        self.run_label.setWordWrap(True)
        self.progress = QProgressBar(self.content)
        self.progress.setObjectName("qaProgress")
        self.progress.setMaximumWidth(260)
        self.progress.hide()
        run_row = QHBoxLayout()
        run_row.addWidget(self.run_label, 1)
        run_row.addWidget(self.progress)
        self.summary_label = QLabel(self.content)
        self.summary_label.setObjectName("qaSummary")
        self.summary_label.setWordWrap(True)
        self.message = QLabel(self.content)
        self.message.setObjectName("qaMessage")
        self.message.setWordWrap(True)
        self.message.hide()

        # the pages, worst first
        self.table = QTableView(self.content)
        self.table.setObjectName("qaPages")
        self.table.setModel(c.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        fit_columns(self.table)
        self.table.selectionModel().currentRowChanged.connect(lambda current, _prev: c.select_row(current.row()))
        self.table.doubleClicked.connect(lambda _i: c.open_in_browser())

        # the chosen page
        detail = QWidget(self.content)
        self.page_url = QLabel(detail)
        self.page_url.setObjectName("qaPageUrl")
        self.page_url.setWordWrap(True)
        self.page_url.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.page_facts = QLabel(detail)
        self.page_facts.setObjectName("qaPageFacts")
        self.page_facts.setWordWrap(True)
        self.crawl_caption, self.replay_caption = QLabel(detail), QLabel(detail)
        self.crawl_view, self.replay_view = self._thumb(detail, "qaCrawlView"), self._thumb(detail, "qaReplayView")
        thumbs = QGridLayout()
        thumbs.addWidget(self.crawl_caption, 0, 0)
        thumbs.addWidget(self.replay_caption, 0, 1)
        thumbs.addWidget(self.crawl_view, 1, 0)
        thumbs.addWidget(self.replay_view, 1, 1)
        self.missing_label = QLabel(detail)
        self.missing_list = QListWidget(detail)
        self.missing_list.setObjectName("qaMissing")
        self.missing_list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.open_button = QPushButton(detail)
        self.open_button.setObjectName("qaOpenPage")
        self.open_button.clicked.connect(c.open_in_browser)
        self.verdict_box = QGroupBox(detail)
        self.verdict_buttons = QButtonGroup(self)
        self.verdict_radio: dict[str, QRadioButton] = {}
        radios = QHBoxLayout()
        for v in VERDICTS:
            r = QRadioButton(self.verdict_box)
            r.setObjectName(f"qaVerdict_{v}")
            self.verdict_buttons.addButton(r)
            self.verdict_radio[v] = r
            radios.addWidget(r)
        radios.addStretch(1)
        self.note = QLineEdit(self.verdict_box)
        self.note.setObjectName("qaNote")
        self.save_verdict = QPushButton(self.verdict_box)
        self.save_verdict.setObjectName("qaSaveVerdict")
        self.save_verdict.clicked.connect(self._save_verdict)
        self.needs(self.save_verdict, "qa.set_verdict")
        self.verdict_error = ErrorLabel(self.verdict_box)
        self.reviewed = QLabel(self.verdict_box)
        self.reviewed.setWordWrap(True)
        vb = QVBoxLayout(self.verdict_box)
        vb.addLayout(radios)
        note_row = QHBoxLayout()
        note_row.addWidget(self.note, 1)
        note_row.addWidget(self.save_verdict)
        vb.addLayout(note_row)
        vb.addWidget(self.verdict_error)
        vb.addWidget(self.reviewed)
        dl = QVBoxLayout(detail)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.addWidget(self.page_url)
        dl.addWidget(self.page_facts)
        dl.addLayout(thumbs)
        dl.addWidget(self.missing_label)
        dl.addWidget(self.missing_list, 1)
        dl.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignLeft)
        dl.addWidget(self.verdict_box)

        split = QSplitter(self.content)
        split.addWidget(self.table)
        split.addWidget(detail)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([600, 2 * THUMB_WIDTH + 40])
        lay = QVBoxLayout(self.content)
        lay.addLayout(top)
        lay.addWidget(self.job_error)
        lay.addLayout(run_row)
        lay.addWidget(self.summary_label)
        lay.addWidget(self.message)
        lay.addWidget(split, 1)
        self._enable()

    def _thumb(self, parent: QWidget, name: str) -> QLabel:
        label = QLabel(parent)
        label.setObjectName(name)
        label.setFixedSize(THUMB_WIDTH, THUMB_WIDTH * 3 // 4)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setFrameShape(QLabel.Shape.StyledPanel)
        label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        label.setWordWrap(True)
        return label

    def title(self) -> str:
        return self.tr("QA review")

    def purpose(self) -> str:
        return self.tr("Review how complete a job's archived pages are, worst first, and patch what is missing.")

    def retranslateUi(self) -> None:
        c = self.controller
        self.job_label.setText(self.tr("Job:"))
        self.job_field.setPlaceholderText(self.tr("job number"))
        self.show_button.setText(self.tr("Show"))
        self.run_button.setText(self.tr("Run QA"))
        self.run_button.setToolTip(self.tr("Render every page of the job's page list from the archive and score it"))
        self.cancel_button.setText(self.tr("Cancel run"))
        self.patch_button.setText(self.tr("Patch missing"))
        self.patch_button.setToolTip(self.tr("Harvest the job's missing resources as a follow-up job of the same "
                                             "harvest, then check those pages again"))
        self.crawl_caption.setText(self.tr("At crawl time"))
        self.replay_caption.setText(self.tr("As replayed"))
        self.open_button.setText(self.tr("Open in the archive browser"))
        self.verdict_box.setTitle(self.tr("Reviewer's verdict"))
        for v, r in self.verdict_radio.items():
            r.setText(verdict_text(v))
        self.note.setPlaceholderText(self.tr("Note (optional)"))
        self.save_verdict.setText(self.tr("Save verdict"))
        c.model.retranslate()
        self._show_run(c.run)
        self._show_summary(c.summary)
        self._show_page(c.page)

    def refresh(self) -> None:
        if self.controller.job_id is not None:
            self.controller.model.reload()
            self.controller.refresh_job()

    def poll(self) -> list:
        return self.controller.poll()

    def open_job(self, job_id: int) -> None:
        """Review ``job_id`` (from job details)."""
        self.job_field.setText(str(job_id))
        self.loaded = True
        self.controller.open_job(job_id)

    # --- what the controller says -----------------------------------------------------------------

    def _problem(self, form: str, _field: str, text: str) -> None:
        (self.job_error if form == "job" else self.verdict_error).show_error(text)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _job_changed(self, job: int) -> None:
        self.job_field.setText(str(job))
        self._say("")
        self._enable()

    def _enable(self) -> None:
        c = self.controller
        has_job = c.job_id is not None
        active = c.run is not None and c.run.state in ACTIVE
        self.set_enabled(self.run_button, has_job and not active)
        self.set_enabled(self.cancel_button, active)
        self.set_enabled(self.patch_button, has_job and not active and bool(c.summary and c.summary.pages_checked))
        self.set_enabled(self.save_verdict, c.page is not None)
        self.open_button.setEnabled(c.page is not None)

    def _show_run(self, run) -> None:
        c = self.controller
        self.run_label.setText(run_text(run) if c.job_id is not None else self.tr(
            "Give a job number to review its pages as QA scored them."))
        active = run is not None and run.state in ACTIVE
        self.progress.setVisible(active)
        if active:
            self.progress.setRange(0, max(1, run.pages_total))
            self.progress.setValue(run.pages_checked)
        self._enable()

    def _show_summary(self, summary) -> None:
        self.summary_label.setText(summary_text(summary) if self.controller.job_id is not None else "")
        self._enable()

    def _show_page(self, page) -> None:
        self.verdict_error.show_error("")
        self._enable()
        if page is None:
            self.page_url.setText(self.tr("Choose a page in the list."))
            self.page_facts.setText("")
            self.missing_label.setText(self.tr("Missing resources"))
            self.missing_list.clear()
            self.reviewed.setText("")
            self.note.clear()
            self.verdict_buttons.setExclusive(False)
            for r in self.verdict_radio.values():
                r.setChecked(False)
            self.verdict_buttons.setExclusive(True)
            return
        self.page_url.setText(f"<b>{_escape(page.title or page.url)}</b><br>{_escape(page.url)}")
        facts = [self.tr("Score {score}").format(score=score_text(page.score) or "—")]
        if page.visual_score is not None:
            facts.append(self.tr("looks {score} alike").format(score=score_text(page.visual_score)))
        if page.text_score is not None:
            facts.append(self.tr("text {score} alike").format(score=score_text(page.text_score)))
        facts.append(self.tr("%Ln resource(s) requested", "", page.requested))
        facts.append({"loaded": self.tr("loaded"), "timeout": self.tr("timed out"),
                      "crashed": self.tr("crashed")}.get(page.load_state, page.load_state))
        when = capture_time(page.timestamp)
        if when:
            facts.append(self.tr("captured {when}").format(when=when))
        text = ", ".join(f for f in facts if f)
        if page.errors:
            text += "\n" + self.tr("Errors: {errors}").format(errors="; ".join(page.errors[:5]))
        self.page_facts.setText(text)
        self.missing_label.setText(self.tr("%Ln missing resource(s)", "", page.missing))
        self.missing_list.clear()
        for url in page.missing_urls:
            self.missing_list.addItem(url)
            self.missing_list.item(self.missing_list.count() - 1).setToolTip(url)
        if page.verdict in self.verdict_radio:
            self.verdict_radio[page.verdict].setChecked(True)
        else:
            self.verdict_buttons.setExclusive(False)
            for r in self.verdict_radio.values():
                r.setChecked(False)
            self.verdict_buttons.setExclusive(True)
        self.note.setText(page.note)
        self.reviewed.setText(self.tr("{verdict} by {reviewer}, {when}").format(
            verdict=verdict_text(page.verdict), reviewer=page.reviewer,
            when=formatting.date_time(page.reviewed_at)) if page.verdict else "")

    def _show_thumbnail(self, which: str, png: bytes | None) -> None:
        label = self.crawl_view if which == "crawl" else self.replay_view
        pixmap = QPixmap()
        if png and pixmap.loadFromData(png, "PNG"):
            label.setPixmap(pixmap.scaled(label.size(), Qt.AspectRatioMode.KeepAspectRatio,
                                          Qt.TransformationMode.SmoothTransformation))
            return
        label.setPixmap(QPixmap())
        page = self.controller.page
        has = page is not None and (page.has_crawl_view if which == "crawl" else page.has_replay_view)
        waiting = png is None and has
        label.setText("" if page is None else self.tr("loading…") if waiting else self.tr("no picture"))

    def _save_verdict(self) -> None:
        chosen = next((v for v, r in self.verdict_radio.items() if r.isChecked()), "")
        if not chosen:
            self.verdict_error.show_error(self.tr("Choose OK, Acceptable or Broken."))
            return
        self.controller.set_verdict(chosen, self.note.text())


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
