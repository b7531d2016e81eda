"""A table column: which DTO field, its translated title, how to show a value, how to sort."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt


@dataclasses.dataclass
class Column:
    key: str
    title: Callable[[], str]                 # called each time, so titles follow the language
    fmt: Callable[[Any], str] | None = None  # value → text (locale-aware formatters)
    sort: str | None = ""                    # server sort key; "" means the key itself; None: not sortable
    align: Qt.AlignmentFlag | None = None

    @property
    def sort_key(self) -> str | None:
        return self.key if self.sort == "" else self.sort

    def text(self, row: dict[str, Any]) -> str:
        value = row.get(self.key)
        if self.fmt is not None:
            return self.fmt(value) if value is not None else ""
        if value is None:
            return ""
        if isinstance(value, bool):
            return "✓" if value else ""
        if isinstance(value, (list, tuple)):
            return ", ".join(map(str, value))
        return str(value)
