"""Next-run computation, proved with properties across month ends, leap days and DST changes."""
from __future__ import annotations

import calendar
import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.definitions.schedule_rules import Rule, first_run, from_local, nth_run, run_after, to_local, upcoming
from shared.errors import InvalidSchedule

CPH = ZoneInfo("Europe/Copenhagen")
UTC = dt.UTC

# moments from 2023 to 2029: several DST changes and the leap days of 2024 and 2028
moments = st.datetimes(min_value=dt.datetime(2023, 1, 1), max_value=dt.datetime(2029, 1, 1),
                       timezones=st.just(UTC))
few = settings(max_examples=150, deadline=None)


def exists_locally(wall: dt.datetime, tz: ZoneInfo) -> bool:
    return to_local(from_local(wall, tz), tz) == wall


@few
@given(start=moments, every=st.integers(1, 3), day=st.integers(1, 31), hour=st.integers(0, 23),
       minute=st.integers(0, 59))
def test_monthly_on_a_day_lands_on_that_day_or_the_last_of_a_shorter_month(start, every, day, hour, minute):
    rule = Rule("months", every, minute=minute, hour=hour, day_of_month=day)
    first = first_run(rule, start, CPH)
    assert first >= start
    prev = first
    for n in range(1, 15):
        t = nth_run(rule, first, n, CPH)
        wall = to_local(t, CPH)
        assert wall.day == min(day, calendar.monthrange(wall.year, wall.month)[1])
        if exists_locally(wall.replace(hour=hour, minute=minute), CPH):
            assert (wall.hour, wall.minute) == (hour, minute)
        assert t > prev
        months = (wall.year * 12 + wall.month) - (to_local(prev, CPH).year * 12 + to_local(prev, CPH).month)
        assert months == every
        prev = t


@few
@given(start=moments, every=st.integers(1, 3), hour=st.integers(0, 23), minute=st.integers(0, 59))
def test_daily_keeps_its_local_time_through_dst(start, every, hour, minute):
    rule = Rule("days", every, minute=minute, hour=hour)
    first = first_run(rule, start, CPH)
    assert start <= first < start + dt.timedelta(days=1, hours=2)
    prev = first
    for n in range(1, 40):
        t = nth_run(rule, first, n, CPH)
        wall = to_local(t, CPH)
        intended = wall.replace(hour=hour, minute=minute)
        if exists_locally(intended, CPH):
            assert (wall.hour, wall.minute) == (hour, minute)
        else:  # the skipped spring hour: the same moment after the gap
            assert wall - intended == dt.timedelta(hours=1)
        # a calendar step of `every` days is every*24 hours, give or take the DST hour
        assert abs((t - prev) - dt.timedelta(days=every)) <= dt.timedelta(hours=1)
        prev = t


@few
@given(start=moments, weekday=st.integers(1, 7), hour=st.integers(0, 23))
def test_weekly_on_a_weekday(start, weekday, hour):
    rule = Rule("weeks", 1, minute=0, hour=hour, weekday=weekday)
    first = first_run(rule, start, CPH)
    assert start <= first <= start + dt.timedelta(days=7, hours=2)
    for n in range(0, 10):
        wall = to_local(nth_run(rule, first, n, CPH), CPH)
        assert wall.isoweekday() == weekday


@few
@given(start=moments, every=st.integers(1, 30), minute=st.one_of(st.none(), st.integers(0, 59)))
def test_hourly_is_elapsed_time_even_across_dst(start, every, minute):
    rule = Rule("hours", every, minute=minute)
    first = first_run(rule, start, CPH)
    assert start <= first < start + dt.timedelta(hours=1)
    for n in range(1, 30):
        assert nth_run(rule, first, n, CPH) - first == dt.timedelta(hours=every * n)
        if minute is not None:
            assert to_local(nth_run(rule, first, n, CPH), CPH).minute == minute


@few
@given(start=moments, every=st.integers(1, 2))
def test_monthly_from_the_31st_comes_back_to_the_31st(start, every):
    start = from_local(dt.datetime(2024, 1, 31, 12, 0), CPH)
    rule = Rule("months", 1)
    days = [to_local(nth_run(rule, start, n, CPH), CPH).day for n in range(0, 5)]
    assert days == [31, 29, 31, 30, 31]  # Jan, Feb (leap year), Mar, Apr, May


def test_leap_day_yearly_as_twelve_months():
    first = from_local(dt.datetime(2024, 2, 29, 3, 0), CPH)
    rule = Rule("months", 12)
    walls = [to_local(nth_run(rule, first, n, CPH), CPH).date() for n in range(5)]
    assert walls == [dt.date(2024, 2, 29), dt.date(2025, 2, 28), dt.date(2026, 2, 28), dt.date(2027, 2, 28),
                     dt.date(2028, 2, 29)]


def test_daily_at_0230_on_the_spring_dst_day_runs_0330():
    rule = Rule("days", 1, hour=2, minute=30)
    first = first_run(rule, dt.datetime(2025, 3, 29, 12, 0, tzinfo=UTC), CPH)
    walls = [to_local(nth_run(rule, first, n, CPH), CPH) for n in range(3)]
    assert walls == [dt.datetime(2025, 3, 30, 3, 30), dt.datetime(2025, 3, 31, 2, 30), dt.datetime(2025, 4, 1, 2, 30)]


def test_daily_at_0230_on_the_autumn_dst_day_runs_once_at_the_first_0230():
    rule = Rule("days", 1, hour=2, minute=30)
    first = first_run(rule, dt.datetime(2025, 10, 25, 12, 0, tzinfo=UTC), CPH)
    assert first == dt.datetime(2025, 10, 26, 0, 30, tzinfo=UTC)  # 02:30 CEST, not 02:30 CET


def test_end_after_n_runs_and_at_a_date():
    first = dt.datetime(2025, 1, 1, tzinfo=UTC)
    rule = Rule("days", 1, max_runs=3)
    assert [run_after(rule, first, n, CPH) is None for n in range(5)] == [False, False, False, True, True]
    rule = Rule("days", 1, end_at=dt.datetime(2025, 1, 3, tzinfo=UTC))
    assert len(upcoming(Rule("days", 1, start_at=first, end_at=rule.end_at), first, CPH, 10)) == 3


@pytest.mark.parametrize("rule,field", [
    (Rule("fortnights"), "unit"), (Rule("days", 0), "every"), (Rule("days", hour=24), "hour"),
    (Rule("hours", hour=3), "hour"), (Rule("days", weekday=1), "weekday"),
    (Rule("months", day_of_month=32), "day_of_month"),
    (Rule("days", max_runs=2, end_at=dt.datetime(2030, 1, 1, tzinfo=UTC)), "end_at"),
])
def test_contradictory_or_out_of_range_fields_are_refused_naming_the_field(rule, field):
    with pytest.raises(InvalidSchedule) as err:
        rule.check()
    assert err.value.details["field"] == field


def test_at_04_means_04_00_not_the_minute_it_was_activated():
    # "--hour 4" without "--minute": the rule is stored and run at 04:00 sharp
    rule = Rule("days", 1, hour=4).check()
    assert rule.minute == 0 and rule.describe() == "every day at 04:00"
    activated = dt.datetime(2026, 3, 10, 9, 37, 12, tzinfo=UTC)
    first = first_run(rule, activated, CPH)
    wall = to_local(first, CPH)
    assert (wall.hour, wall.minute, wall.second) == (4, 0, 0)
    assert [to_local(t, CPH).strftime("%H:%M") for t in upcoming(rule, activated, CPH, 3)] == ["04:00"] * 3
    # a fixed minute given alone still means that minute of every hour
    assert Rule("hours", 1, minute=15).check().hour is None
