"""When a scheduled harvest runs: the pure computation, independent of the database.

A schedule repeats every N hours, days, weeks or months, optionally at a fixed minute, hour,
weekday or day of the month, in the configured time zone. Run *k* (0 the first) is counted from
the first run, not from run *k-1*, so nothing drifts:

* hours are elapsed time (an hourly harvest runs every real hour through a DST change);
* days, weeks and months are calendar steps in local time: a daily 02:30 harvest stays at 02:30
  local time in summer and winter;
* a day of the month past the month's end is its last day (the 31st is the 30th in April, the
  28th or 29th in February), and the next month goes back to the 31st;
* a local time that does not exist (the hour skipped in spring) becomes the same moment after
  the gap (02:30 → 03:30); a local time that happens twice (autumn) is its first occurrence.
"""
from __future__ import annotations

import calendar
import dataclasses
import datetime as dt
from zoneinfo import ZoneInfo

from shared.errors import InvalidSchedule

UNITS = ("hours", "days", "weeks", "months")


@dataclasses.dataclass(frozen=True)
class Rule:
    unit: str
    every: int = 1
    minute: int | None = None
    hour: int | None = None
    weekday: int | None = None       # 1 = Monday ... 7 = Sunday
    day_of_month: int | None = None  # 1..31
    start_at: dt.datetime | None = None  # aware; None: from when the harvest is activated
    end_at: dt.datetime | None = None
    max_runs: int | None = None

    def check(self) -> Rule:
        def bad(field: str, reason: str) -> InvalidSchedule:
            return InvalidSchedule(f"schedule {field}: {reason}", {"field": field, "reason": reason})

        if self.unit not in UNITS:
            raise bad("unit", f"must be one of {', '.join(UNITS)}")
        for field, lo, hi in (("every", 1, 10_000), ("minute", 0, 59), ("hour", 0, 23), ("weekday", 1, 7),
                              ("day_of_month", 1, 31), ("max_runs", 1, 10**9)):
            v = getattr(self, field)
            if v is None and field != "every":
                continue
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise bad(field, f"must be a whole number from {lo} to {hi}, not {v!r}")
        allowed = {"hours": {"minute"}, "days": {"minute", "hour"}, "weeks": {"minute", "hour", "weekday"},
                   "months": {"minute", "hour", "day_of_month"}}[self.unit]
        for field in ("minute", "hour", "weekday", "day_of_month"):
            if getattr(self, field) is not None and field not in allowed:
                raise bad(field, f"cannot be fixed when repeating every N {self.unit}")
        for field in ("start_at", "end_at"):
            v = getattr(self, field)
            if v is not None and (not isinstance(v, dt.datetime) or v.tzinfo is None):
                raise bad(field, "must be a date and time with a time zone")
        if self.end_at is not None and self.max_runs is not None:
            raise bad("end_at", "give an end date or a number of runs, not both")
        if self.start_at is not None and self.end_at is not None and self.end_at <= self.start_at:
            raise bad("end_at", "must be after the start")
        if self.hour is not None and self.minute is None:
            # "at 04:00": a fixed hour means that hour's first minute, not whatever minute it
            # happened to be when the harvest was activated
            return dataclasses.replace(self, minute=0)
        return self

    def describe(self) -> str:
        unit = self.unit[:-1] if self.every == 1 else self.unit
        text = f"every {unit}" if self.every == 1 else f"every {self.every} {unit}"
        if self.weekday:
            text += " on " + calendar.day_name[self.weekday - 1]
        if self.day_of_month:
            text += f" on day {self.day_of_month}"
        if self.hour is not None or self.minute is not None:
            if self.hour is not None:
                text += f" at {self.hour:02d}:{(self.minute or 0):02d}"
            else:
                text += f" at minute {self.minute}"
        if self.max_runs:
            text += f", {self.max_runs} time{'s' if self.max_runs > 1 else ''}"
        if self.end_at:
            text += f", until {self.end_at.isoformat()}"
        return text


# --- local wall-clock helpers ------------------------------------------------------------------

def to_local(moment: dt.datetime, tz: ZoneInfo) -> dt.datetime:
    """Naive local wall-clock time of an aware moment."""
    return moment.astimezone(tz).replace(tzinfo=None)


def from_local(wall: dt.datetime, tz: ZoneInfo) -> dt.datetime:
    """The moment (UTC) of a naive local time: a skipped time moves past the gap, a repeated
    time is its first occurrence (fold=0 reads a skipped time with the offset before the gap)."""
    return wall.replace(tzinfo=tz, fold=0).astimezone(dt.UTC)


def _add_months(year: int, month: int, n: int) -> tuple[int, int]:
    m = year * 12 + (month - 1) + n
    return m // 12, m % 12 + 1


def _clamp_day(year: int, month: int, day: int) -> int:
    return min(day, calendar.monthrange(year, month)[1])


def _fix(rule: Rule, wall: dt.datetime, day: int | None = None) -> dt.datetime:
    """Apply the fixed hour/minute (and day) to a local time."""
    if day is not None:
        wall = wall.replace(day=_clamp_day(wall.year, wall.month, day))
    return wall.replace(hour=rule.hour if rule.hour is not None else wall.hour,
                        minute=rule.minute if rule.minute is not None else wall.minute,
                        second=0 if (rule.hour is not None or rule.minute is not None) else wall.second,
                        microsecond=0 if (rule.hour is not None or rule.minute is not None) else wall.microsecond)


def first_run(rule: Rule, now: dt.datetime, tz: ZoneInfo) -> dt.datetime:
    """The earliest moment at or after the start (or ``now``) that matches the fixed fields."""
    start = rule.start_at or now
    wall = to_local(start, tz)
    if rule.unit == "hours":
        if rule.minute is None:
            return start.astimezone(dt.UTC)
        # step real hours so that a skipped or repeated local hour is handled by from_local
        cand = start.astimezone(dt.UTC).replace(second=0, microsecond=0)
        for _ in range(3 * 60):
            if to_local(cand, tz).minute == rule.minute and cand >= start:
                return cand
            cand += dt.timedelta(minutes=1)
        raise AssertionError("no matching minute in three hours")  # pragma: no cover
    if rule.unit == "months":
        want_day = rule.day_of_month or wall.day
        for i in range(3):
            y, m = _add_months(wall.year, wall.month, i)
            cand = _fix(rule, wall.replace(year=y, month=m, day=1), want_day)
            if from_local(cand, tz) >= start:
                return from_local(cand, tz)
        raise AssertionError("no month matched")  # pragma: no cover
    for i in range(8):  # days and weeks: the first day (of the right weekday) at the fixed time
        cand = _fix(rule, wall + dt.timedelta(days=i)) if i else _fix(rule, wall)
        if rule.weekday is not None and cand.isoweekday() != rule.weekday:
            continue
        if from_local(cand, tz) >= start:
            return from_local(cand, tz)
    raise AssertionError("no day matched")  # pragma: no cover


def nth_run(rule: Rule, first: dt.datetime, n: int, tz: ZoneInfo) -> dt.datetime:
    """Run number ``n`` (0: ``first`` itself) of a harvest whose first run was ``first``."""
    if n == 0:
        return first.astimezone(dt.UTC)
    if rule.unit == "hours":
        return first.astimezone(dt.UTC) + dt.timedelta(hours=n * rule.every)
    wall = to_local(first, tz)
    if rule.unit == "months":
        want_day = rule.day_of_month or wall.day
        y, m = _add_months(wall.year, wall.month, n * rule.every)
        return from_local(_fix(rule, wall.replace(year=y, month=m, day=1), want_day), tz)
    days = n * rule.every * (7 if rule.unit == "weeks" else 1)
    # the intended wall time: fixed fields if any, else the first run's intended time of day
    return from_local(_fix(rule, wall + dt.timedelta(days=days)), tz)


def run_after(rule: Rule, first: dt.datetime, runs_done: int, tz: ZoneInfo) -> dt.datetime | None:
    """When the harvest runs next after ``runs_done`` runs, or None when the schedule has ended."""
    if rule.max_runs is not None and runs_done >= rule.max_runs:
        return None
    nxt = nth_run(rule, first, runs_done, tz)
    if rule.end_at is not None and nxt > rule.end_at:
        return None
    return nxt


def upcoming(rule: Rule, now: dt.datetime, tz: ZoneInfo, count: int = 5) -> list[dt.datetime]:
    """The next ``count`` runs if a harvest with this schedule were activated at ``now``."""
    first = first_run(rule, now, tz)
    out = []
    for n in range(count):
        t = run_after(rule, first, n, tz)
        if t is None:
            break
        out.append(t)
    return out
