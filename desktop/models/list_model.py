"""A table model over a short, complete list of DTOs (channels, running jobs, instances...)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from desktop.models.columns import Column, check_columns

ROW_ROLE = Qt.ItemDataRole.UserRole + 1


class DtoListModel(QAbstractTableModel):
    """Rows of one DTO class (``item_type``); each column shows one of its attributes."""

    def __init__(self, item_type: type, columns: list[Column], parent=None):
        super().__init__(parent)
        check_columns(item_type, columns)
        self.item_type = item_type
        self.columns = columns
        self.rows: list[Any] = []

    def set_rows(self, rows: list[Any], key: Callable[[Any], Any] | None = None) -> None:
        """Show ``rows``. With ``key`` (a row's identity), rows that are the same ones in the
        same order as before (a refresh) are changed in place, so a view keeps its selection
        and scroll position; anything else resets the model (a selection by row number could
        otherwise land on another row)."""
        rows = list(rows)
        if key is not None and rows and [key(r) for r in rows] == [key(r) for r in self.rows]:
            self.rows = rows
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(self.columns) - 1))
            return
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def row_at(self, row: int) -> Any | None:
        """The DTO shown in row ``row``, or None."""
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        col = self.columns[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):   # cut short: whole as tooltip
            return col.text(row)
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole and col.align is not None:
            return int(col.align)
        return None

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].title()
        return None

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        col = self.columns[column]

        def key(r: Any) -> tuple:
            v = col.value(r)
            # names sort as people read them: "b.dk" between "A.dk" and "C.dk"
            return v is None, v if isinstance(v, (int, float)) else str(v).casefold()
        self.layoutAboutToBeChanged.emit()
        self.rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutChanged.emit()

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, max(0, len(self.columns) - 1))
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(self.columns) - 1))
