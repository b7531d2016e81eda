"""Full-text search (QA): a query box with the history of queries, the jobs to search, the sort;
the hits with capture time, URL, title and snippet (matched words in bold), each opened in the
archive browser with a click; facets by domain, year and MIME type that narrow the query.

Behaviour is in :class:`desktop.controllers.search.SearchController`."""
from __future__ import annotations

import datetime as dt
import html

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting
from desktop.controllers.search import PAGE_SIZE, SORTS, SearchController
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from shared.dto.index import SearchResultDto


class SearchScreen(Screen):
    key = "search"
    service = "index_server"
    group = "qa"
    # a hit to show: (job ids, 14-digit timestamp, URL); the frame opens the archive browser
    openCapture = Signal(list, str, str)

    def build(self) -> None:
        c = self.controller = SearchController(self.client, self.rpc, parent=self)
        c.resultsChanged.connect(self._show)
        c.busy.connect(self._busy)
        c.historyChanged.connect(self._set_history)
        c.problem.connect(lambda _form, field, text: self.form.error(field or None, text))
        c.cleared.connect(lambda _form: self.form.clear_errors())
        c.failure.connect(self.report)
        c.openCapture.connect(self.openCapture.emit)

        self.form = Form(self.content)
        self.query = QComboBox()
        self.query.setEditable(True)
        self.query.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.query.setObjectName("searchQuery")
        self.query.lineEdit().returnPressed.connect(self.search)
        self.form.add("query", self.query)
        self.jobs = QLineEdit()
        self.jobs.setObjectName("searchJobs")
        self.jobs.returnPressed.connect(self.search)
        self.form.add("jobs", self.jobs)
        self.sort = QComboBox()
        self.sort.setObjectName("searchSort")
        for s in SORTS:
            self.sort.addItem(s, s)
        self.form.add("sort", self.sort)
        self.search_button = QPushButton(self.content)
        self.search_button.setObjectName("searchButton")
        self.search_button.clicked.connect(self.search)
        self.needs(self.search_button, "index_server.search")

        self.summary = QLabel(self.content)
        self.summary.setObjectName("searchSummary")
        self.summary.setWordWrap(True)
        self.results = QTextBrowser(self.content)
        self.results.setObjectName("searchResults")
        self.results.setOpenLinks(False)
        self.results.anchorClicked.connect(self._result_clicked)
        self.facets = QTextBrowser(self.content)
        self.facets.setObjectName("searchFacets")
        self.facets.setOpenLinks(False)
        self.facets.anchorClicked.connect(self._facet_clicked)
        self.previous_button = QPushButton(self.content)
        self.previous_button.setObjectName("searchPrevious")
        self.previous_button.clicked.connect(lambda: self._turn(-1))
        self.next_button = QPushButton(self.content)
        self.next_button.setObjectName("searchNext")
        self.next_button.clicked.connect(lambda: self._turn(1))
        self.export_button = QPushButton(self.content)
        self.export_button.setObjectName("searchExportWacz")
        self.export_button.clicked.connect(lambda: self.export_wacz())
        self.needs(self.export_button, "arcrepository.get_file")
        self.wacz_dialog = None

        split = QSplitter(Qt.Orientation.Horizontal, self.content)
        split.addWidget(self.results)
        side = QWidget(split)
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(0, 0, 0, 0)
        side_lay.addWidget(self.facets)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        pages = QHBoxLayout()
        pages.addWidget(self.summary, 1)
        pages.addWidget(self.previous_button)
        pages.addWidget(self.next_button)
        pages.addWidget(self.export_button)
        lay = QVBoxLayout(self.content)
        lay.addWidget(self.form)
        lay.addWidget(self.search_button, 0, Qt.AlignmentFlag.AlignRight)
        lay.addLayout(pages)
        lay.addWidget(split, 1)
        self._set_history(c.history)
        self._show_paging(None)

    def title(self) -> str:
        return self.tr("Search")

    def purpose(self) -> str:
        return self.tr("Find archived pages, PDFs and texts by their words.")

    def retranslateUi(self) -> None:
        self.form.set_label("query", self.tr("Words:"))
        self.form.set_label("jobs", self.tr("Jobs:"))
        self.form.set_label("sort", self.tr("Order:"))
        self.query.lineEdit().setPlaceholderText(
            self.tr('words, "a phrase", OR, NOT, host:…, type:pdf, date:2024-01..2024-06'))
        self.jobs.setPlaceholderText(self.tr("job numbers, e.g. 1, 2, 5-9 (empty: every indexed job)"))
        for i, text in enumerate((self.tr("most relevant first"), self.tr("newest first"), self.tr("oldest first"))):
            self.sort.setItemText(i, text)
        self.search_button.setText(self.tr("Search"))
        self.previous_button.setText(self.tr("Previous page"))
        self.next_button.setText(self.tr("Next page"))
        self.export_button.setText(self.tr("Export WACZ…"))
        self.export_button.setToolTip(self.tr("The captures of every hit's URL (up to the first 1,000 hits) in "
                                              "the jobs of the hits, as one WACZ file"))
        if self.controller.result is not None:
            self._show(self.controller.result)

    def refresh(self) -> None:
        """Nothing to load before the first query."""

    # --- asking ------------------------------------------------------------------------------

    def search(self) -> None:
        self.controller.search(self.query.currentText(), self.jobs.text(), self.sort.currentData())

    def _turn(self, step: int) -> None:
        r = self.controller.result
        if r is not None:
            self.controller.page(r.page + step)

    def _busy(self, busy: bool) -> None:
        self.set_enabled(self.search_button, not busy)
        if busy:
            self.summary.setText(self.tr("Searching…"))

    def _set_history(self, history: list[str]) -> None:
        text = self.query.currentText()
        self.query.blockSignals(True)
        self.query.clear()
        self.query.addItems(history)
        self.query.setEditText(text if text else "")
        self.query.blockSignals(False)

    # --- showing -----------------------------------------------------------------------------

    def _show(self, r: SearchResultDto) -> None:
        self.query.setEditText(self.controller.query)
        if not r.hits:
            self.summary.setText(self.tr("No hits for {query}.").format(query=r.query))
        else:
            first = (r.page - 1) * r.page_size + 1
            self.summary.setText(self.tr("Hits {first}–{last} of {total} in jobs {jobs}.").format(
                first=formatting.number(first), last=formatting.number(first + len(r.hits) - 1),
                total=formatting.number(r.total), jobs=", ".join(map(str, r.covered))))
        if r.missing:
            self.summary.setText(self.summary.text() + " " + self.tr("Not searched yet: jobs {jobs} (their index is "
                                                                     "being made; search again).").format(
                jobs=", ".join(str(m.job_id) for m in r.missing)))
        parts = []
        for i, h in enumerate(r.hits):
            kind = self.tr("revisit") if h.revisit_of else h.mime
            job = self.tr("job {job}").format(job=h.job_id)
            parts.append(
                f'<p><a href="hit:{i}"><b>{html.escape(h.title or h.url)}</b></a><br>'
                f'<span style="color:#206020">{html.escape(h.url)}</span><br>'
                f'<span style="color:#606060">{html.escape(_when(h.timestamp))} · {html.escape(kind)} · '
                f'{html.escape(job)}</span><br>{h.snippet}</p>')
        self.results.setHtml("".join(parts))
        names = {"domain": self.tr("Domains"), "year": self.tr("Years"), "mime": self.tr("Types")}
        side = []
        for f in r.facets:
            if not f.values:
                continue
            side.append(f"<p><b>{html.escape(names.get(f.field, f.field))}</b><br>")
            side.append("<br>".join(
                f'<a href="facet:{f.field}:{html.escape(v.value, quote=True)}">{html.escape(v.value)}</a> '
                f"({formatting.number(v.count)})" for v in f.values))
            side.append("</p>")
        self.facets.setHtml("".join(side))
        self._show_paging(r)

    def export_wacz(self, path: str | None = None) -> None:
        """The current query's result set into one WACZ file (a save dialog unless ``path``)."""
        from desktop.widgets.wacz_dialog import open_export

        c = self.controller
        if c.result is None or not c.result.hits:
            return
        query, ids, sort = c.query, list(c.job_ids), c.sort
        self.wacz_dialog = open_export(
            self, self.client, "search.wacz",
            self.tr("The captures of the URLs found by {query} (the first 1,000 hits at most), in the jobs of "
                    "the hits.").format(query=query),
            lambda d, p: d.export_search(p, query, ids, sort), path) or self.wacz_dialog

    def _show_paging(self, r: SearchResultDto | None) -> None:
        self.set_enabled(self.export_button, r is not None and bool(r.hits))
        self.previous_button.setEnabled(r is not None and r.page > 1)
        self.next_button.setEnabled(r is not None and r.page * PAGE_SIZE < min(r.total, 1000))

    def _result_clicked(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("hit:") and text[4:].isdigit():
            self.controller.open_hit(int(text[4:]))

    def _facet_clicked(self, url: QUrl) -> None:
        parts = url.toString(QUrl.ComponentFormattingOption.FullyDecoded).split(":", 2)
        if len(parts) == 3 and parts[0] == "facet":
            self.controller.narrow(parts[1], parts[2])


def _when(timestamp: str) -> str:
    try:
        when = dt.datetime.strptime(timestamp[:14], "%Y%m%d%H%M%S").replace(tzinfo=dt.UTC)
    except ValueError:
        return timestamp
    return formatting.date_time(when)
