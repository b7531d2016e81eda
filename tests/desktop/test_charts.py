"""Charts: replica health and the archive's growth from the real archive, numbers in the chosen
language, day labels that are never cut short."""
from __future__ import annotations

import os
import uuid

import pytest
from nas_command import nas_cli
from PySide6.QtCore import Qt

from desktop.screens.charts import thinned_labels

pytestmark = pytest.mark.rabbit


def test_thinned_labels_keep_the_last_day_and_fit_the_room():
    days = [f"{d} Nov" for d in range(1, 31)]
    shown = thinned_labels(days, 8)
    visible = [t for t in shown if t.strip("\u200b")]
    assert len(visible) <= 8 and shown[-1] != "30 Nov" and shown[-3] == "28 Nov"   # half a step off the end
    assert len(set(shown)) == len(shown)        # a category axis needs distinct categories
    assert all(t in days for t in visible)      # whole labels, never "3…"
    assert thinned_labels(days[:5], 8) == days[:5]


def test_replica_health_chart_counts_the_archives_copies_per_replica(qtbot, window, archive, tmp_path):
    uri, _root = archive
    src = tmp_path / f"health-{uuid.uuid4().hex[:8]}.warc.gz"
    src.write_bytes(os.urandom(2000))
    nas_cli(uri, "upload", str(src))
    c = window.open_screen("charts")
    qtbot.waitUntil(lambda: {r.replica for r in c.replicas} == {"ONE", "TWO"}, timeout=30000)
    qtbot.waitUntil(lambda: all(r.files >= 1 for r in c.replicas), timeout=30000)
    c.load_replicas()
    qtbot.waitUntil(lambda: c.replica_series is not None and c.replica_series.count() >= 1, timeout=30000)
    by_state = {b.label(): b for b in c.replica_series.barSets()}
    per_replica = [sum(b.at(i) for b in by_state.values()) for i in range(2)]
    assert per_replica == [float(r.files) for r in c.replicas]
    axis = c.replica_view.chart().axes(Qt.Orientation.Horizontal)[0]
    assert axis.categories() == ["Replica one", "Replica two"]
    # the whole archive's growth over the chosen days: today holds the file just stored
    c.load_counts()
    qtbot.waitUntil(lambda: len(c.growth) == 30 and c.growth[-1].total_files >= 1, timeout=30000)
    assert c.growth[-1].files >= 1 and c.growth[-1].total_bytes >= 2000
    (bars,) = c.growth_series.barSets()
    assert bars.count() == 30 and bars.at(29) > 0
    assert "file" in c.growth_note.text()


def test_chart_numbers_and_day_labels_follow_the_language(qtbot, window):
    c = window.open_screen("charts")
    qtbot.waitUntil(lambda: len(c.day_list) == 30, timeout=20000)
    c.days.setValue(366)
    qtbot.waitUntil(lambda: len(c.day_list) == 366, timeout=20000)
    axis = c.status_view.chart().axes(Qt.Orientation.Horizontal)[0]
    visible = [t for t in axis.categories() if t.strip("\u200b")]
    assert 2 <= len(visible) < 60 and not axis.truncateLabels()
    window.set_language("de")
    try:
        qtbot.waitUntil(lambda: c.runs_view.chart().locale().name() == "de_DE", timeout=20000)
        assert c.runs_view.chart().localizeNumbers() and c.status_view.chart().localizeNumbers()
    finally:
        window.set_language("en")
