"""Every time the desktop shows carries its zone; date fields follow the language; a harvest that
is not active shows no next run."""
from __future__ import annotations

import types

import pytest
from PySide6.QtCore import QDateTime, QLocale, QTimeZone

from desktop import formatting
from desktop.screens.harvests import next_run_text


def _zone_at(iso: str) -> str:
    q = QDateTime.fromString(iso.replace("+00:00", "Z"), "yyyy-MM-ddTHH:mm:ssZ")
    return formatting.zone(q.toTimeZone(QTimeZone.systemTimeZone()))


def test_a_time_is_shown_in_local_time_with_its_zone(qapp, languages):
    for value in ("2026-01-05T03:00:00+00:00", "2026-07-05T03:00:00+00:00"):
        text = formatting.date_time(value)
        zone = _zone_at(value)
        assert zone and text.endswith(" " + zone), text
    assert formatting.date_time(None) == ""


def test_a_schedule_rule_names_the_zone_of_its_hour(qapp, languages):
    rule = types.SimpleNamespace(unit="days", every=1, weekday=None, day_of_month=None, hour=4, minute=0,
                                 max_runs=None, end_at=None, time_zone="Europe/Copenhagen")
    assert formatting.schedule_rule(rule).endswith("Europe/Copenhagen")


def test_the_jobs_date_filter_follows_the_language(qtbot, window):
    s = window.open_screen("jobs")
    window.set_language("de")
    try:
        qtbot.waitUntil(lambda: s.date_from.displayFormat() == QLocale("de").dateFormat(QLocale.FormatType.ShortFormat),
                        timeout=10000)
        assert "." in s.date_from.text()          # 28.11.26, not 11/28/26
    finally:
        window.set_language("en")
    qtbot.waitUntil(lambda: "/" in s.date_from.text(), timeout=10000)


@pytest.mark.parametrize("active", [True, False])
def test_only_an_active_harvest_shows_its_next_run(qapp, languages, active):
    h = types.SimpleNamespace(active=active, next_run_at="2026-12-01T03:00:00+00:00")
    assert bool(next_run_text(h)) is active
