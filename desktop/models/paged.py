"""A table model over a server-side listing too large to hold: pages fetched as rows are shown.

``rowCount`` is the server's total, so the scroll bar is true from the first page. Rows whose page
is not here yet show a placeholder and ask for that page (once); pages arrive through RPC signals
and are kept in a small LRU cache. Sorting and filtering are parameters of the listing call: a
change starts a new *generation*, and pages of an older generation that arrive late are dropped.

The listing RPC takes ``offset``, ``limit``, ``sort`` (``name`` or ``-name``) and the filters as
keyword arguments and returns a :class:`shared.dto.Page` of DTOs (its contract names the item
class, whose attributes the columns show); ``kwargs_for`` adapts other signatures.
"""
from __future__ import annotations

import collections
import time
import typing
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal

from desktop.models.columns import Column, check_columns
from desktop.models.list_model import ROW_ROLE
from desktop.rpc import RpcClient
from desktop.rpc.outcome import Failure
from shared import contracts
from shared.dto import Page

PLACEHOLDER = "…"


def sort_param(key: str | None, descending: bool) -> str | None:
    """The services' convention: ``name`` ascending, ``-name`` descending."""
    if not key:
        return None
    return ("-" if descending else "") + key


def page_item_type(service: str, method: str) -> Any:
    """The DTO class of the items of the Page that ``service.method`` returns (by its contract),
    or None when the contract declares no Page."""
    declared = contracts.returns(service, method)
    origin = typing.get_origin(declared)
    if isinstance(origin, type) and issubclass(origin, Page):
        (item,) = typing.get_args(declared)
        return item
    return None


def default_kwargs(offset: int, limit: int, sort: str | None, descending: bool, filters: dict[str, Any]) -> dict:
    return {"offset": offset, "limit": limit, "sort": sort_param(sort, descending), **filters}


class PagedTableModel(QAbstractTableModel):
    loaded = Signal(int)        # total rows, after the first page of a (re)load arrived
    pageLoaded = Signal(int)    # page number
    failed = Signal(object)     # a Failure
    loadingChanged = Signal(bool)
    refreshed = Signal(int)     # page number, after a page came back from :meth:`refresh`

    def __init__(self, client: RpcClient, service: str, method: str, columns: list[Column],
                 page_size: int = 200, max_pages: int = 50,
                 kwargs_for: Callable[[int, int, str | None, bool, dict[str, Any]], dict[str, Any]] | None = None,
                 parent=None, item_type: Any = None):
        super().__init__(parent)
        # item_type: for a listing whose contract is not (yet) in shared/contracts.py
        self.item_type = page_item_type(service, method) or item_type
        check_columns(self.item_type, columns)
        self.client, self.service, self.method, self.columns = client, service, method, columns
        self.page_size, self.max_pages = page_size, max_pages
        self.kwargs_for = kwargs_for or default_kwargs
        self.sort_key: str | None = None
        self.descending = False
        self.filters: dict[str, Any] = {}
        self._total = 0
        self._pages: collections.OrderedDict[int, list[Any]] = collections.OrderedDict()
        self._requested: dict[int, Any] = {}
        self._generation = 0
        self.last_load_seconds: float | None = None
        self._load_started = 0.0
        self.loading = False
        # Nothing is fetched until the screen first asks (set_filters/reload): a view's
        # setSortingEnabled() calls sort() at once, before the screen knows what to list (the
        # jobs screen then asked job_domains without a job, and the user saw an error at start).
        self.started = False

    # --- what the views ask --------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._total

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def row_at(self, row: int) -> Any | None:
        """The DTO shown in row ``row``, or None while its page is not here."""
        page = self._pages.get(row // self.page_size)
        if page is None:
            return None
        i = row % self.page_size
        return page[i] if i < len(page) else None

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= self._total:
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, ROW_ROLE, Qt.ItemDataRole.TextAlignmentRole,
                        Qt.ItemDataRole.ToolTipRole):
            return None
        page_no = index.row() // self.page_size
        page = self._pages.get(page_no)
        if page is None:
            if self.started:
                self._request(page_no)
            return PLACEHOLDER if role == Qt.ItemDataRole.DisplayRole and index.column() == 0 else None
        self._pages.move_to_end(page_no)
        i = index.row() % self.page_size
        if i >= len(page):
            return None
        row = page[i]
        col = self.columns[index.column()]
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(col.align) if col.align is not None else None
        return col.text(row)   # the display text, and the tooltip: a cell cut short shows it whole

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].title()
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        key = self.columns[column].sort_key
        if key is None:
            return
        desc = order == Qt.SortOrder.DescendingOrder
        if (key, desc) == (self.sort_key, self.descending) and self._pages:
            return
        self.sort_key, self.descending = key, desc
        if self.started:
            self.reload()

    # --- what screens do -----------------------------------------------------------------------

    def set_filters(self, filters: dict[str, Any]) -> None:
        self.filters = {k: v for k, v in filters.items() if v not in (None, "", [])}
        self.reload()

    def reload(self) -> None:
        """Start a new generation: forget cached pages (once the new first page is here)."""
        self.started = True
        self._generation += 1
        for c in self._requested.values():
            c.cancel()
        self._requested.clear()
        self._load_started = time.perf_counter()
        self._set_loading(True)
        self._request(0, reset=True)

    def refresh(self) -> list[Any]:
        """Fetch the pages already here again, in place, and return the calls. Unlike
        :meth:`reload` the model is not reset: rows keep their places, so the view keeps its
        selection and scroll position; a total that grew or shrank adds or removes rows at the
        end. Nothing is asked while a (re)load is under way."""
        if not self.started or self.loading:
            return []
        calls = []
        for page_no in list(self._pages) or [0]:
            if page_no in self._requested:
                continue
            gen = self._generation
            kwargs = self.kwargs_for(page_no * self.page_size, self.page_size, self.sort_key, self.descending,
                                     dict(self.filters))
            c = self.client.call(self.service, self.method, **kwargs).bind(self)
            self._requested[page_no] = c
            c.succeeded.connect(lambda result, g=gen, p=page_no: self._on_refreshed(g, p, result))
            c.failed.connect(lambda failure, g=gen, p=page_no: self._on_failure(g, p, failure))
            calls.append(c)
        return calls

    def _on_refreshed(self, gen: int, page_no: int, result: Page) -> None:
        if gen != self._generation:
            return
        self._requested.pop(page_no, None)
        if not isinstance(result, Page) and self.item_type is not None:
            result = contracts.decode_type(Page[self.item_type], result)
        items = list(result.items)
        total = int(result.total)
        if total > self._total:
            self.beginInsertRows(QModelIndex(), self._total, total - 1)
            self._total = total
            self.endInsertRows()
        elif total < self._total:
            self.beginRemoveRows(QModelIndex(), total, self._total - 1)
            self._total = total
            for p in [p for p in self._pages if p * self.page_size >= total]:
                del self._pages[p]
            self.endRemoveRows()
        if page_no * self.page_size < max(total, 1):
            self._pages[page_no] = items
            first = page_no * self.page_size
            last = min(self._total, first + self.page_size) - 1
            if last >= first:
                self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.columns) - 1))
        self.refreshed.emit(page_no)

    def retranslate(self) -> None:
        if self.columns:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.columns) - 1)
        if self._total:
            self.dataChanged.emit(self.index(0, 0), self.index(self._total - 1, len(self.columns) - 1))

    # --- fetching ------------------------------------------------------------------------------

    def _set_loading(self, value: bool) -> None:
        if value != self.loading:
            self.loading = value
            self.loadingChanged.emit(value)

    def _request(self, page_no: int, reset: bool = False) -> None:
        if page_no in self._requested:
            return
        gen = self._generation
        kwargs = self.kwargs_for(page_no * self.page_size, self.page_size, self.sort_key, self.descending,
                                 dict(self.filters))
        c = self.client.call(self.service, self.method, **kwargs).bind(self)
        self._requested[page_no] = c
        c.succeeded.connect(lambda result, g=gen, p=page_no, r=reset: self._on_page(g, p, result, r))
        c.failed.connect(lambda failure, g=gen, p=page_no: self._on_failure(g, p, failure))

    def _on_failure(self, gen: int, page_no: int, failure: Failure) -> None:
        if gen != self._generation:
            return
        self._requested.pop(page_no, None)
        self._set_loading(False)
        self.failed.emit(failure)

    def _on_page(self, gen: int, page_no: int, result: Page, reset: bool) -> None:
        if gen != self._generation:
            return
        self._requested.pop(page_no, None)
        if not isinstance(result, Page) and self.item_type is not None:
            result = contracts.decode_type(Page[self.item_type], result)
        items = list(result.items)
        total = int(result.total)
        if reset or total != self._total:
            self.beginResetModel()
            self._pages.clear()
            self._pages[page_no] = items
            self._total = total
            self.endResetModel()
            if reset:
                self.last_load_seconds = time.perf_counter() - self._load_started
                self._set_loading(False)
                self.loaded.emit(total)
        else:
            self._pages[page_no] = items
            while len(self._pages) > self.max_pages:
                self._pages.popitem(last=False)
            first = page_no * self.page_size
            last = min(self._total, first + self.page_size) - 1
            if last >= first:
                self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.columns) - 1))
        self.pageLoaded.emit(page_no)
