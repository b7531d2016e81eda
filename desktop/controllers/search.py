"""The search screen's controller: full-text search of the archive through the index server's
``search`` RPC, a history of queries (kept in the desktop's settings), facets that narrow the
query when clicked, paging, and a hit opened in the archive browser. No widgets: the screen in
``desktop/screens/search.py`` lays out and binds."""
from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QSettings, Signal

from desktop.controllers.base import Controller, Problem, required
from desktop.rpc.outcome import Failure
from shared.dto.index import SearchHitDto, SearchResultDto

HISTORY_KEY = "search/history"
HISTORY_SIZE = 20
PAGE_SIZE = 20
SORTS = ("relevance", "newest", "oldest")
# a facet value clicked becomes this filter
FACET_FILTER = {"domain": "domain", "year": "date", "mime": "type"}


def job_list(text: str) -> list[int]:
    """``1,2, 5-9`` as job ids; empty text: none (every job with a full-text index)."""
    ids: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not m or int(m[1]) < 1 or (m[2] and int(m[2]) < int(m[1])) or (m[2] and int(m[2]) - int(m[1]) > 100_000):
            raise Problem(QCoreApplication.translate(
                "Search", "Give job numbers and ranges, for example 1, 2, 5-9."))
        ids.update(range(int(m[1]), int(m[2] or m[1]) + 1))
    return sorted(ids)


class SearchController(Controller):
    """Signals: ``resultsChanged(SearchResultDto)`` after each answer; ``busy(bool)`` while a
    search runs; ``historyChanged(list[str])``; ``openCapture(job_ids, timestamp, url)`` when a
    hit is to be shown in the archive browser. Problems go to form ``search``, fields ``query``
    and ``jobs``."""

    service = "index_server"
    resultsChanged = Signal(object)
    busy = Signal(bool)
    historyChanged = Signal(list)
    openCapture = Signal(list, str, str)

    def __init__(self, client, call=None, parent=None, settings: QSettings | None = None):
        super().__init__(client, call, parent)
        self.settings = settings or QSettings()
        self.result: SearchResultDto | None = None
        self.query = ""
        self.job_ids: list[int] = []
        self.sort = "relevance"
        self._asked = 0
        stored = self.settings.value(HISTORY_KEY, [])
        self.history: list[str] = [str(q) for q in (stored if isinstance(stored, list) else [stored]) if q]

    # --- asking ------------------------------------------------------------------------------

    def search(self, query: str, jobs: str = "", sort: str = "relevance", page: int = 1) -> bool:
        """Check what was typed and ask; False (with the problem shown) when it cannot be sent."""
        self.cleared.emit("search")
        try:
            text = required(query)
        except Problem as p:
            self.problem.emit("search", "query", str(p))
            return False
        try:
            ids = job_list(jobs)
        except Problem as p:
            self.problem.emit("search", "jobs", str(p))
            return False
        self.query, self.job_ids, self.sort = text, ids, sort if sort in SORTS else "relevance"
        self._remember(text)
        self._ask(page)
        return True

    def page(self, page: int) -> None:
        """Another page of the current search."""
        if self.query and page >= 1:
            self._ask(page)

    def narrow(self, facet: str, value: str) -> None:
        """A facet value clicked: its filter is added to the query, which is searched again."""
        field = FACET_FILTER.get(facet)
        if not field or not value or not self.query:
            return
        value = value if " " not in value else f'"{value}"'
        self.query = f"{self.query} {field}:{value}"
        self._remember(self.query)
        self._ask(1)

    def _ask(self, page: int) -> None:
        self._asked += 1
        asked = self._asked
        self.busy.emit(True)
        self.rpc("search", self.query, self.job_ids, self.sort, page, PAGE_SIZE).on(
            lambda value: self._answered(asked, value), lambda f: self._failed(asked, f))

    def _answered(self, asked: int, value: SearchResultDto) -> None:
        if asked != self._asked:
            return      # a later search was started: its answer is the one shown
        self.busy.emit(False)
        self.result = value
        self.resultsChanged.emit(value)

    def _failed(self, asked: int, failure: Failure) -> None:
        if asked != self._asked:
            return
        self.busy.emit(False)
        self.fail("search", failure, fields=("query", "jobs"),
                  by_code={"invalid_input": "query", "job_not_found": "jobs", "index_not_ready": ""})

    # --- history and opening -----------------------------------------------------------------

    def _remember(self, query: str) -> None:
        self.history = [query] + [q for q in self.history if q != query][:HISTORY_SIZE - 1]
        self.settings.setValue(HISTORY_KEY, self.history)
        self.historyChanged.emit(list(self.history))

    def hit(self, index: int) -> SearchHitDto | None:
        hits = self.result.hits if self.result is not None else []
        return hits[index] if 0 <= index < len(hits) else None

    def open_hit(self, index: int) -> None:
        """Show the hit in the archive browser: a session over its job, at its capture."""
        h = self.hit(index)
        if h is not None:
            self.openCapture.emit([h.job_id], h.timestamp, h.url)


def at_capture(browser, timestamp: str, then) -> None:
    """Once ``browser`` (an archive browser tab's controller) has its viewer session, set the
    session's moment to ``timestamp`` (``update_session``: the proxy then answers with the
    captures closest to it), then call ``then()`` (go to the hit's URL) — also when the moment
    cannot be set: the page is shown at the session's own moment rather than not at all."""
    done = []

    def ready(_info, session) -> None:
        if done:        # a later session of the same tab (jobs switched) is not the hit's
            return
        done.append(True)
        if not timestamp:
            then()
            return
        browser.rpc("update_session", session.session_id, timestamp=timestamp).on(
            lambda _value: then(), lambda _failure: then())

    browser.sessionReady.connect(ready)
