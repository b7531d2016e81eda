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


def schedule_rule(s: object) -> str:
    """A schedule's rule in the user's language from its structured fields (unit, every, weekday,
    day_of_month, hour, minute, max_runs, end_at), not the server's English ``description``."""
    from PySide6.QtCore import QCoreApplication, QTime

    every = int(getattr(s, "every", 1) or 1)
    unit = getattr(s, "unit", "")
    units = {
        "hours": QCoreApplication.translate("Schedules", "every %n hour(s)", "", every),
        "days": QCoreApplication.translate("Schedules", "every %n day(s)", "", every),
        "weeks": QCoreApplication.translate("Schedules", "every %n week(s)", "", every),
        "months": QCoreApplication.translate("Schedules", "every %n month(s)", "", every),
    }
    parts = [units.get(unit, getattr(s, "description", "") or unit)]
    weekday = getattr(s, "weekday", None)
    if weekday:
        parts.append(QCoreApplication.translate("Schedules", "on {weekday}").format(
            weekday=QLocale().dayName(int(weekday), QLocale.FormatType.LongFormat)))
    day = getattr(s, "day_of_month", None)
    if day:
        parts.append(QCoreApplication.translate("Schedules", "on day {day}").format(day=day))
    hour, minute = getattr(s, "hour", None), getattr(s, "minute", None)
    if hour is not None:
        parts.append(QCoreApplication.translate("Schedules", "at {time}").format(
            time=QLocale().toString(QTime(int(hour), int(minute or 0)), QLocale.FormatType.ShortFormat)))
    elif minute is not None:
        parts.append(QCoreApplication.translate("Schedules", "at minute {minute}").format(minute=minute))
    text = " ".join(parts)
    runs = getattr(s, "max_runs", None)
    if runs:
        text += ", " + QCoreApplication.translate("Schedules", "%n time(s)", "", int(runs))
    end = getattr(s, "end_at", None)
    if end:
        text += ", " + QCoreApplication.translate("Schedules", "until {when}").format(when=date_time(end))
    return text
