"""The QA review screen's controller (issue #30): one job's QA results through the ``qa`` service.

The pages QA checked, worst score first (``qa.pages``, paged), the chosen page's thumbnails at
crawl time and as replayed (``qa.view``) and its missing resources, a reviewer's verdict and note
(``qa.set_verdict``), a new run (``qa.run``) followed while it runs, a patch job for what is
missing (``qa.patch``), and the job's summary (``qa.summary``). No widgets: the screen in
``desktop/screens/qa_review.py`` lays out and binds; a page is opened in the archive browser
through ``openCapture(job_ids, timestamp, url)``, as a search hit is.
"""
from __future__ import annotations

import base64
import binascii
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal

from desktop import formatting
from desktop.controllers.base import Controller, Problem, int_value
from desktop.controllers.job_pages import score_text, source_text
from desktop.models import Column, PagedTableModel
from desktop.rpc.outcome import Failure
from shared.dto.qa import VERDICTS, QaPageDto, QaRunDto, QaSummaryDto

PAGE_SIZE = 100
#: a run that has not ended: followed while the screen is on view
ACTIVE = ("queued", "running")


def verdict_text(verdict: str) -> str:
    return {
        "ok": QCoreApplication.translate("QaReview", "OK"),
        "acceptable": QCoreApplication.translate("QaReview", "Acceptable"),
        "broken": QCoreApplication.translate("QaReview", "Broken"),
        "": "",
    }.get(verdict, verdict)


def run_text(run: QaRunDto | None) -> str:
    """A run in one line: its state and figures ("Running: 12 of 50 pages checked")."""
    if run is None:
        return QCoreApplication.translate("QaReview", "QA has not checked this job yet.")
    state = {
        "queued": QCoreApplication.translate("QaReview", "Queued"),
        "running": QCoreApplication.translate("QaReview", "Running"),
        "done": QCoreApplication.translate("QaReview", "Done"),
        "failed": QCoreApplication.translate("QaReview", "Failed"),
        "cancelled": QCoreApplication.translate("QaReview", "Cancelled"),
    }.get(run.state, run.state)
    text = QCoreApplication.translate("QaReview", "Run {run} ({kind}): {state}, %Ln of {total} page(s) checked", "",
                                      run.pages_checked).format(
        run=run.run_id, state=state, total=run.pages_total,
        kind=QCoreApplication.translate("QaReview", "re-check") if run.kind == "recheck"
        else QCoreApplication.translate("QaReview", "full"))
    if run.error:
        text += " — " + run.error
    return text


def summary_text(s: QaSummaryDto | None) -> str:
    """The job's QA in a sentence, for the QA screen and job details."""
    if s is None or not s.pages_checked:
        return QCoreApplication.translate("QaReview", "QA has not checked this job yet.")
    text = QCoreApplication.translate("QaReview", "%Ln page(s) checked", "", s.pages_checked)
    if s.share_complete is not None:
        text += "; " + QCoreApplication.translate("QaReview", "{share} complete").format(
            share=score_text(s.share_complete))
    if s.mean_score is not None:
        text += "; " + QCoreApplication.translate("QaReview", "mean score {score}").format(
            score=score_text(s.mean_score))
    given = [f"{verdict_text(v)}: {s.verdicts[v]}" for v in VERDICTS if s.verdicts.get(v)]
    if given:
        text += "; " + QCoreApplication.translate("QaReview", "verdicts {verdicts}").format(verdicts=", ".join(given))
    if s.last_run is not None and s.last_run.below_threshold:
        text += ". " + QCoreApplication.translate("QaReview", "Below the threshold of {threshold}.").format(
            threshold=score_text(s.last_run.threshold))
    return text


def thumbnail_bytes(value: Any) -> bytes | None:
    """``qa.view``'s base64 PNG as bytes; None for none or for what is no base64."""
    if not isinstance(value, str) or not value:
        return None
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return None


def _field(value: Any, name: str, default: Any = None) -> Any:
    # a QaPatchDto, or its dict while the contract does not declare ``patch`` yet
    return value.get(name, default) if isinstance(value, dict) else getattr(value, name, default)


class QaReviewController(Controller):
    """Signals: ``jobChanged(int)``; ``pageChanged(QaPageDto | None)`` (the chosen page, after a
    verdict too); ``thumbnail(str which, bytes | None)`` (crawl / replay; None while asked, b""
    for none); ``runChanged(QaRunDto | None)``; ``summaryChanged(QaSummaryDto)``;
    ``openCapture(job_ids, timestamp, url)``. Problems go to forms ``job`` (field ``job``) and
    ``verdict`` (field ``note``); ``status`` says what was done."""

    service = "qa"
    jobChanged = Signal(int)
    pageChanged = Signal(object)
    thumbnail = Signal(str, object)
    runChanged = Signal(object)
    summaryChanged = Signal(object)
    openCapture = Signal(list, str, str)

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.job_id: int | None = None
        self.page: QaPageDto | None = None
        self.run: QaRunDto | None = None
        self.summary: QaSummaryDto | None = None
        self._viewing = 0          # the chosen page's generation: late thumbnails are dropped
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        self.model = PagedTableModel(client, "qa", "pages", [
            Column("score", lambda: QCoreApplication.translate("QaReview", "Score"), score_text, sort=None,
                   align=right),
            Column("missing", lambda: QCoreApplication.translate("QaReview", "Missing"), formatting.number, sort=None,
                   align=right),
            Column("verdict", lambda: QCoreApplication.translate("QaReview", "Verdict"), verdict_text, sort=None),
            Column("source", lambda: QCoreApplication.translate("QaReview", "Kind"), source_text, sort=None),
            Column("url", lambda: QCoreApplication.translate("QaReview", "URL"), sort=None),
        ], page_size=PAGE_SIZE, kwargs_for=self._kwargs, parent=self)
        self.model.failed.connect(self.failure.emit)

    def _kwargs(self, offset: int, limit: int, _sort, _desc, _filters) -> dict[str, Any]:
        return {"job_id": self.job_id, "offset": offset, "limit": limit, "order": "score"}

    # --- the job -------------------------------------------------------------------------------

    def open_job(self, text: str | int) -> bool:
        """Review job ``text`` (its number as typed): its pages, last run and summary."""
        self.cleared.emit("job")
        try:
            job = text if isinstance(text, int) else int_value(str(text), 1)
        except Problem as p:
            self.problem.emit("job", "job", str(p))
            return False
        if job is None:
            self.problem.emit("job", "job", QCoreApplication.translate("QaReview", "Give a job number."))
            return False
        self.job_id = job
        self.select(None)
        self.run = self.summary = None
        self.jobChanged.emit(job)
        self.model.reload()
        self.refresh_job()
        return True

    def refresh_job(self) -> list:
        """Ask again for the job's last run and summary (the pages list: :meth:`poll`)."""
        if self.job_id is None:
            return []
        job = self.job_id

        def got_runs(page: Any) -> None:
            if job == self.job_id:
                self.run = page.items[0] if page.items else None
                self.runChanged.emit(self.run)

        def got_summary(s: QaSummaryDto) -> None:
            if job == self.job_id:
                self.summary = s
                self.summaryChanged.emit(s)
        return [self.rpc("list_runs", job, 0, 1).on(got_runs, self.failure.emit),
                self.rpc("summary", job).on(got_summary, self.failure.emit)]

    def poll(self) -> list:
        """While a run is queued or running: its figures, the summary and the pages shown, in place."""
        if self.job_id is None or self.run is None or self.run.state not in ACTIVE:
            return []
        return [*self.refresh_job(), *self.model.refresh()]

    # --- the chosen page -----------------------------------------------------------------------

    def select(self, page: QaPageDto | None) -> None:
        """Show ``page``: its details at once, its thumbnails when they come."""
        self._viewing += 1
        self.page = page
        self.pageChanged.emit(page)
        self.thumbnail.emit("crawl", None)
        self.thumbnail.emit("replay", None)
        if page is None:
            return
        viewing = self._viewing
        for which, has in (("crawl", page.has_crawl_view), ("replay", page.has_replay_view)):
            if not has:
                continue
            self.rpc("view", page.job_id, page.url, which).on(
                # b"": there is none (None meanwhile: being asked)
                lambda value, w=which: viewing == self._viewing and self.thumbnail.emit(
                    w, thumbnail_bytes(value) or b""),
                self.failure.emit)

    def select_row(self, row: int) -> None:
        page = self.model.row_at(row)
        if page is not None and (self.page is None or page.url != self.page.url):
            self.select(page)

    def open_in_browser(self) -> bool:
        """The chosen page in the archive browser, at its capture."""
        if self.page is None:
            return False
        self.openCapture.emit([self.page.job_id], self.page.timestamp, self.page.url)
        return True

    def set_verdict(self, verdict: str, note: str) -> bool:
        """The reviewer's verdict (ok, acceptable, broken) and note on the chosen page."""
        self.cleared.emit("verdict")
        if self.page is None or verdict not in VERDICTS:
            return False
        page = self.page

        def saved(updated: QaPageDto) -> None:
            if self.page is not None and self.page.url == updated.url and self.page.job_id == updated.job_id:
                self.page = updated
                self.pageChanged.emit(updated)
            self.status.emit(QCoreApplication.translate("QaReview", "Verdict saved: {verdict} for {url}.").format(
                verdict=verdict_text(updated.verdict), url=updated.url))
            self.model.refresh()
            self.refresh_job()
        self.rpc("set_verdict", page.job_id, page.url, verdict, note.strip()).on(
            saved, lambda f: self.fail("verdict", f, ("note",), default="note"))
        return True

    # --- runs and patches ----------------------------------------------------------------------

    def start_run(self) -> bool:
        """Queue a QA run of the job (the qa service's default sample)."""
        if self.job_id is None:
            return False
        job = self.job_id

        def queued(run: QaRunDto) -> None:
            if job == self.job_id:
                self.run = run
                self.runChanged.emit(run)
            self.status.emit(QCoreApplication.translate("QaReview", "QA run {run} of job {job} is queued.").format(
                run=run.run_id, job=job))
        self.rpc("run", job).on(queued, lambda f: self.fail("job", f, default=""))
        return True

    def cancel_run(self) -> bool:
        if self.run is None or self.run.state not in ACTIVE:
            return False
        self.rpc("cancel", self.run.run_id).on(lambda run: (setattr(self, "run", run), self.runChanged.emit(run)),
                                              lambda f: self.fail("job", f, default=""))
        return True

    def patch(self) -> bool:
        """Harvest the job's missing URLs as a follow-up job; the pages are checked again after."""
        if self.job_id is None:
            return False
        job = self.job_id

        def started(p: Any) -> None:
            urls, patch_job = _field(p, "urls", 0), _field(p, "patch_job_id", "?")
            self.status.emit(QCoreApplication.translate(
                "QaReview", "Patch job {patch} harvests %Ln missing URL(s) of job {job}; its pages are checked "
                "again when it is done.", "", int(urls or 0)).format(patch=patch_job, job=job))
            self.refresh_job()
        self.rpc("patch", job).on(started, self._patch_failed)
        return True

    def _patch_failed(self, f: Failure) -> None:
        exc = f.exception
        if getattr(exc, "exc_type", "") == "MethodNotFound" or type(exc).__name__ == "MethodNotFound":
            # an older qa service: said where the button is, not left to the screen's panel
            self.problem.emit("job", "", QCoreApplication.translate(
                "QaReview", "The running qa service cannot make patch jobs yet."))
            return
        self.fail("job", f, default="")
