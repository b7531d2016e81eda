"""Dates, numbers and sizes in the chosen language's locale (``QLocale()`` is set on switch)."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, QDateTime, QLocale, Qt, QTime, QTimeZone


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
    """A moment (an ISO string, epoch seconds or a datetime; naive means UTC) in this computer's
    time zone, the language's short format, followed by the zone's abbreviation: "28/11/2026
    21:05 CET". The one rule for every time the desktop shows, so it can be set beside the CLI's
    UTC times without doubt (docs/desktop.md)."""
    q = _to_qdatetime(value)
    if q is None:
        return ""
    return f"{QLocale().toString(q, QLocale.FormatType.ShortFormat)} {zone(q)}"


def zone(q: QDateTime) -> str:
    """The zone's abbreviation at that moment (CET, CEST, UTC), or its UTC offset where the
    system has no abbreviation."""
    abbreviation = q.timeZoneAbbreviation()
    if abbreviation and not abbreviation.startswith(("GMT+", "GMT-", "UTC+", "UTC-", "+", "-")):
        return abbreviation
    seconds = q.offsetFromUtc()
    sign = "+" if seconds >= 0 else "-"
    return f"UTC{sign}{abs(seconds) // 3600:02d}:{abs(seconds) % 3600 // 60:02d}"


def date_edit_format() -> str:
    """The display format of a date field in the chosen language (a QDateEdit keeps the format
    of the language it was made in; screens set this again on a language change)."""
    return QLocale().dateFormat(QLocale.FormatType.ShortFormat)


def local_midnight_iso(day: QDate) -> str:
    """The start of ``day`` in this computer's time zone, as an ISO 8601 moment for the services."""
    q = QDateTime(day, QTime(0, 0), QTimeZone.systemTimeZone())
    return q.toUTC().toString(Qt.DateFormat.ISODate).replace("Z", "+00:00")


def decimal(value: float, places: int = 1) -> str:
    """A number with decimals in the chosen language ("2,5" in Danish and German)."""
    return QLocale().toString(float(value), "f", places)


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
    from PySide6.QtCore import QCoreApplication

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
        # a rule's hour is wall-clock time in the schedule's own zone, not a moment: its zone's
        # name goes with it ("at 04:00 Europe/Copenhagen"), so no one reads it as local or UTC
        at = QLocale().toString(QTime(int(hour), int(minute or 0)), QLocale.FormatType.ShortFormat)
        tz = getattr(s, "time_zone", "") or ""
        parts.append(QCoreApplication.translate("Schedules", "at {time}").format(
            time=f"{at} {tz}".strip()))
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
