"""A table column: which DTO attribute, its translated title, how to show a value, how to sort."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import Qt


@dataclasses.dataclass
class Column:
    key: str                                 # the attribute of the row's DTO this column shows
    title: Callable[[], str]                 # called each time, so titles follow the language
    fmt: Callable[[Any], str] | None = None  # value → text (locale-aware formatters)
    sort: str | None = ""                    # server sort key; "" means the key itself; None: not sortable
    align: Qt.AlignmentFlag | None = None
    row_fmt: Callable[[Any], str] | None = None   # the whole row → text (a value built of several fields)

    @property
    def sort_key(self) -> str | None:
        return self.key if self.sort == "" else self.sort

    def value(self, row: Any) -> Any:
        return getattr(row, self.key)

    def text(self, row: Any) -> str:
        if self.row_fmt is not None:
            return self.row_fmt(row)
        value = self.value(row)
        if self.fmt is not None:
            return self.fmt(value) if value is not None else ""
        if value is None:
            return ""
        if isinstance(value, bool):
            return "✓" if value else ""
        if isinstance(value, (list, tuple)):
            return ", ".join(map(str, value))
        return str(value)


def check_columns(item_type: Any, columns: Iterable[Column]) -> None:
    """Refuse, when the table is built, a column whose key is not a field of the rows' DTO class
    (a renamed field then breaks the screen at once, not as an empty column at run time)."""
    if not (isinstance(item_type, type) and dataclasses.is_dataclass(item_type)):
        return
    names = {f.name for f in dataclasses.fields(item_type)}
    for col in columns:
        if col.key not in names:
            raise TypeError(f"column {col.key!r}: {item_type.__name__} has no such field")
