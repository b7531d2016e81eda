"""Dates, numbers and sizes in the chosen language's locale (``QLocale()`` is set on switch)."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDateTime, QLocale, QTimeZone


def _to_qdatetime(value: object) -> QDateTime | None:
    if value in (None, ""):
        return None
    if isinstance(value, (int, float)):
        return QDateTime.fromMSecsSinceEpoch(int(value * 1000), QTimeZone.systemTimeZone())
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.UTC)
        return QDateTime.fromMSecsSinceEpoch(int(value.timestamp() * 1000), QTimeZone.systemTimeZone())
    return None


def date_time(value: object) -> str:
    """An ISO string, epoch seconds or datetime, in local time, short locale format."""
    q = _to_qdatetime(value)
    return QLocale().toString(q, QLocale.FormatType.ShortFormat) if q is not None else ""


def number(value: object) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, float) and not value.is_integer():
        return QLocale().toString(value, "f", 1)
    try:
        return QLocale().toString(int(value))
    except (TypeError, ValueError):
        return str(value)


def seconds_ago(value: object) -> str:
    """"3 seconds ago" / "vor 3 Sekunden": whole seconds, the language's plural."""
    from PySide6.QtCore import QCoreApplication

    if value is None or value == "":
        return ""
    n = int(round(float(value)))
    if n < 120:
        return QCoreApplication.translate("Formatting", "%Ln second(s) ago", "", n)
    return QCoreApplication.translate("Formatting", "%Ln minute(s) ago", "", n // 60)


def size(value: object) -> str:
    if value is None or value == "":
        return ""
    return QLocale().formattedDataSize(int(value))
