"""The page list of an archive browser tab: where browsing a job starts (issue #30).

The index server's ``job_pages`` lists a job's seeds first, then the pages its browser capture
rendered, then its other HTML pages, narrowed by a URL prefix; the list is made once per job in
the background, and until then the server answers IndexNotReady: the controller asks again every
``retry_ms`` and says the list is being made. Once the ``qa`` service has checked the job, each
page shows its QA score (``qa.pages``, by URL); an installation without the qa service simply
shows no scores. No widgets: the tab lays out a view over :attr:`JobPagesController.model`.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer, Signal

from desktop import formatting
from desktop.controllers.base import Controller
from desktop.models import Column, PagedTableModel
from desktop.rpc.outcome import Failure, FailureKind
from shared.dto.index import JobPageDto

PAGE_SIZE = 200
RETRY_MS = 2000
#: QA results read for the scores column (pages of 1000, the qa service's largest)
SCORE_PAGE, MAX_SCORES = 1000, 20_000

#: the list's states, for the tab's line under the list
IDLE, MAKING, READY, FAILED = "idle", "making", "ready", "failed"


def capture_time(ts14: str) -> str:
    """14 digits (UTC) as the user's date and time; "" for none."""
    try:
        return formatting.date_time(dt.datetime.strptime(ts14, "%Y%m%d%H%M%S").replace(tzinfo=dt.UTC))
    except (TypeError, ValueError):
        return ""


def _nothing() -> str:
    return ""


def source_text(source: str) -> str:
    return {
        "seed": QCoreApplication.translate("JobPages", "Seed"),
        "browser": QCoreApplication.translate("JobPages", "Rendered"),
        "html": QCoreApplication.translate("JobPages", "Page"),
        "sample": QCoreApplication.translate("JobPages", "Sample"),
    }.get(source, source)


def score_text(score: float | None) -> str:
    """A QA score (0..1) as a percentage in the user's language; "" for none."""
    return "" if score is None else f"{formatting.decimal(score * 100, 0)} %"


class JobPagesController(Controller):
    """Signals: ``stateChanged(state, text)`` (idle, making, ready, failed; the text says it in
    words), ``scoresChanged(bool)`` (whether QA scores are known for the job)."""

    service = "index_server"
    stateChanged = Signal(str, str)
    scoresChanged = Signal(bool)
    SCORE_COLUMN = 1

    def __init__(self, client, call=None, parent=None, retry_ms: int = RETRY_MS):
        super().__init__(client, call, parent)
        self.job_id: int | None = None
        self.prefix = ""
        self.state = IDLE
        self._text: Callable[[], str] = _nothing
        self.scores: dict[str, float | None] = {}
        self._scores_asked = 0
        self.model = PagedTableModel(client, "index_server", "job_pages", [
            Column("source", lambda: QCoreApplication.translate("JobPages", "Kind"), source_text, sort=None),
            # the score is looked up by URL in the QA results read beside the list
            Column("url", lambda: QCoreApplication.translate("JobPages", "QA score"), sort=None,
                   row_fmt=self._score_of),
            Column("timestamp", lambda: QCoreApplication.translate("JobPages", "Captured"), sort=None,
                   row_fmt=lambda p: capture_time(p.timestamp) or QCoreApplication.translate(
                       "JobPages", "not captured")),
            # last: it takes the panel's remaining width (a long URL shortened in the middle)
            Column("url", lambda: QCoreApplication.translate("JobPages", "URL"), sort=None),
        ], page_size=PAGE_SIZE, kwargs_for=self._kwargs, parent=self)
        self.model.loaded.connect(self._loaded)
        self.model.failed.connect(self._failed)
        self.retry = QTimer(self)
        self.retry.setSingleShot(True)
        self.retry.setInterval(retry_ms)
        self.retry.timeout.connect(self.model.reload)

    def _kwargs(self, offset: int, limit: int, _sort, _desc, _filters) -> dict[str, Any]:
        return {"job_id": self.job_id, "prefix": self.prefix, "offset": offset, "limit": limit}

    def _score_of(self, page: JobPageDto) -> str:
        return score_text(self.scores.get(page.url))

    # --- what the tab asks ---------------------------------------------------------------------

    def show_job(self, job_id: int) -> None:
        """List ``job_id``'s pages (the prefix stays) and read its QA scores."""
        if job_id == self.job_id:
            return
        self.job_id = job_id
        self.scores = {}
        self._load()
        self.load_scores()

    def filter(self, prefix: str) -> None:
        """Only the pages whose URL starts with ``prefix`` (empty: all)."""
        prefix = prefix.strip()
        if prefix == self.prefix:
            return
        self.prefix = prefix
        if self.job_id is not None:
            self._load()

    def page_at(self, row: int) -> JobPageDto | None:
        return self.model.row_at(row)

    def close(self) -> None:
        self.retry.stop()

    def _load(self) -> None:
        self.retry.stop()
        # "being made" stays said until the list comes; anything else is cleared
        self._set_state(MAKING if self.state == MAKING else IDLE, self._text if self.state == MAKING else _nothing)
        self.model.reload()

    # --- answers ---------------------------------------------------------------------------------

    def _set_state(self, state: str, text: Callable[[], str]) -> None:
        """``text`` makes the words again after a language switch (:meth:`retranslate`)."""
        self.state, self._text = state, text
        self.stateChanged.emit(state, text())

    def retranslate(self) -> None:
        self.model.retranslate()
        self.stateChanged.emit(self.state, self._text())

    def _loaded(self, total: int) -> None:
        prefix = self.prefix
        if prefix:
            self._set_state(READY, lambda: QCoreApplication.translate(
                "JobPages", "%Ln page(s) starting with {prefix}", "", total).format(prefix=prefix))
        else:
            self._set_state(READY, lambda: QCoreApplication.translate("JobPages", "%Ln page(s): seeds first", "",
                                                                      total))

    def _failed(self, f: Failure) -> None:
        from desktop.errors import describe

        job = self.job_id
        if f.kind is FailureKind.SERVER and f.code == "index_not_ready":
            self._set_state(MAKING, lambda: QCoreApplication.translate(
                "JobPages", "The page list of job {job} is being made from its index…").format(job=job))
            self.retry.start()
            return
        if f.kind is FailureKind.SERVER and f.details.get("field") == "prefix":
            self._set_state(FAILED, lambda: QCoreApplication.translate(
                "JobPages", "Type the start of a URL: a host name, then a path if you like (example.dk/news/)."))
            return
        self._set_state(FAILED, lambda: QCoreApplication.translate(
            "JobPages", "The page list cannot be shown: {reason}").format(reason=describe(f)))

    # --- QA scores -------------------------------------------------------------------------------

    def load_scores(self) -> None:
        """The job's QA scores by URL (nothing when QA has not checked it, or no qa service runs)."""
        if self.job_id is None:
            return
        self._scores_asked += 1
        asked, job = self._scores_asked, self.job_id
        found: dict[str, float | None] = {}

        def got(page: Any, offset: int) -> None:
            if asked != self._scores_asked:
                return
            for p in page.items:
                found[p.url] = p.score
            following = offset + len(page.items)
            if page.items and following < min(page.total, MAX_SCORES):
                ask(following)
                return
            self.scores = found
            self.model.retranslate()       # the score column shows the new values
            self.scoresChanged.emit(bool(found))

        def failed(_f: Failure) -> None:
            if asked == self._scores_asked:
                self.scores = {}
                self.scoresChanged.emit(False)

        def ask(offset: int) -> None:
            self.client.call("qa", "pages", job, offset=offset, limit=SCORE_PAGE, order="url").bind(self).on(
                lambda page: got(page, offset), failed)
        ask(0)
