"""Charts where a picture says more than a table: jobs by status, bytes harvested per run."""
from __future__ import annotations

from typing import Any

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QChart, QChartView, QValueAxis
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout

from desktop import vocab
from desktop.screens.base import Screen
from desktop.screens.jobs import STATUSES


def _bar_chart(title: str, categories: list[str], values: list[float], set_name: str, axis_title: str) -> QChart:
    chart = QChart()
    chart.setTitle(title)
    bars = QBarSet(set_name)
    bars.append(values)
    series = QBarSeries()
    series.append(bars)
    chart.addSeries(series)
    x = QBarCategoryAxis()
    x.append(categories)
    chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
    series.attachAxis(x)
    y = QValueAxis()
    y.setTitleText(axis_title)
    y.setRange(0, max(values or [0]) * 1.1 or 1)
    y.setLabelFormat("%.0f")
    chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
    series.attachAxis(y)
    chart.legend().setVisible(False)
    return chart


class ChartsScreen(Screen):
    key = "charts"
    service = "scheduler"

    def build(self) -> None:
        self.status_view = QChartView(self.content)
        self.status_view.setObjectName("statusChart")
        self.status_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.harvest_label = QLabel(self.content)
        self.harvest = QComboBox(self.content)
        self.harvest.setObjectName("chartHarvest")
        self.harvest.currentIndexChanged.connect(self.load_runs)
        self.runs_view = QChartView(self.content)
        self.runs_view.setObjectName("runsChart")
        self.runs_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.counts: dict[str, int] = {}
        self.runs: list[dict[str, Any]] = []
        row = QHBoxLayout()
        row.addWidget(self.harvest_label)
        row.addWidget(self.harvest, 1)
        lay = QVBoxLayout(self.content)
        lay.addWidget(self.status_view, 1)
        lay.addLayout(row)
        lay.addWidget(self.runs_view, 1)

    def title(self) -> str:
        return self.tr("Charts")

    def retranslateUi(self) -> None:
        self.harvest_label.setText(self.tr("Bytes harvested per run of:"))
        self._draw()

    def refresh(self) -> None:
        c = self.rpc("job_status_counts")
        c.succeeded.connect(self._show_counts)
        c.failed.connect(self.report)
        c = self.client.call("definitions", "list_harvests", 0, 1000)
        c.succeeded.connect(self._show_harvests)

    def _show_counts(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self._draw()

    def _show_harvests(self, page: dict[str, Any]) -> None:
        keep = self.harvest.currentData()
        self.harvest.blockSignals(True)
        self.harvest.clear()
        for h in page["items"]:
            self.harvest.addItem(h["name"], h["id"])
        self.harvest.blockSignals(False)
        self.harvest.setCurrentIndex(max(0, self.harvest.findData(keep)))
        self.load_runs()

    def load_runs(self) -> None:
        hid = self.harvest.currentData()
        if hid is None:
            return
        c = self.rpc("run_statistics", hid)
        c.succeeded.connect(self._show_runs)
        c.failed.connect(self.report)

    def _show_runs(self, runs: list[dict[str, Any]]) -> None:
        self.runs = runs
        self._draw()

    def _draw(self) -> None:
        statuses = list(STATUSES)
        self.status_view.setChart(_bar_chart(
            self.tr("Jobs by status"), [vocab.job_status(s) for s in statuses],
            [float(self.counts.get(s, 0)) for s in statuses], self.tr("Jobs"), self.tr("Jobs")))
        self.runs_view.setChart(_bar_chart(
            self.tr("Bytes harvested per run"), [str(r["harvest_run"]) for r in self.runs],
            [r["bytes"] / 1e6 for r in self.runs], self.tr("Bytes"), self.tr("Megabytes")))
