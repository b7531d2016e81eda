"""Charts where a picture says more than a table: jobs per status over time (stacked, one bar per
day) and bytes harvested per run of a chosen definition."""
from __future__ import annotations

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QStackedBarSeries,
    QValueAxis,
)
from PySide6.QtCore import QDate, QLocale, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout

from desktop import formatting, vocab
from desktop.controllers.charts import ChartsController
from desktop.screens.base import Screen
from shared.dto.definitions import HarvestDto
from shared.runs import shown_run


def count_step(top: float) -> int:
    """A whole-number tick step giving at most about eight ticks (1, 2, 5, 10, 20, 50 ...)."""
    step, i = 1, 0
    while top / step > 8:
        step = step * 5 // 2 if i % 3 == 1 else step * 2
        i += 1
    return step


def thinned_labels(labels: list[str], room: int) -> list[str]:
    """At most ``room`` of ``labels`` shown, evenly spaced, the others blank. A category axis
    needs distinct categories, so a blank is a distinct run of zero-width spaces: it draws
    nothing, and no label is cut to "3…" for want of room. The shown ones keep half a step off
    either end (the axis drops a label that would stick out past the plot)."""
    n = len(labels)
    if n <= max(room, 1):
        return list(labels)
    step = -(-n // max(room, 1))
    return [text if (n - 1 - i) % step == step // 2 else "\u200b" * (i + 1) for i, text in enumerate(labels)]


def localized(chart: QChart) -> QChart:
    """Numbers on the axes in the chosen language ("2,5" in Danish and German)."""
    chart.setLocale(QLocale())
    chart.setLocalizeNumbers(True)
    return chart


def _axes(chart: QChart, series, categories: list[str], top: float, axis_title: str, counts: bool = False) -> None:
    x = QBarCategoryAxis()
    x.setTruncateLabels(False)   # thinned_labels leaves each shown label the room it needs
    x.append(categories)
    chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
    series.attachAxis(x)
    y = QValueAxis()
    y.setTitleText(axis_title)
    if counts:
        # counts are whole numbers: whole ticks, never "0.5 jobs"
        step = count_step(top)
        y.setRange(0, max(step, (int(top) // step + 1) * step))
        y.setTickType(QValueAxis.TickType.TicksDynamic)
        y.setTickAnchor(0)
        y.setTickInterval(step)
        y.setLabelFormat("%.0f")   # "%d" draws no labels once the chart localizes its numbers
    else:
        y.setRange(0, top * 1.1 if top > 0 else 1)
        # decimals only where the range is small (an empty chart's 0-1 axis too: not "0 0 1 1 1")
        y.setLabelFormat("%.0f" if top >= 10 else "%.1f")
    chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
    series.attachAxis(y)


class ChartsScreen(Screen):
    key = "charts"
    group = "operate"
    service = "scheduler"

    def build(self) -> None:
        self.days_label = QLabel(self.content)
        self.days = QSpinBox(self.content)
        self.days.setObjectName("chartDays")
        self.days.setRange(7, 366)
        self.days.setValue(30)
        self.days.valueChanged.connect(self.load_counts)
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
        c = self.controller = ChartsController(self.client, self.rpc, self)
        c.countsChanged.connect(self._draw_status)
        c.runsChanged.connect(self._draw_runs)
        c.replicasChanged.connect(self._draw_replicas)
        c.growthChanged.connect(self._draw_growth)
        c.harvestsChanged.connect(self._show_harvests)
        c.failure.connect(self.report)
        self.status_series: QStackedBarSeries | None = None
        self.runs_series: QBarSeries | None = None
        top = QHBoxLayout()
        top.addWidget(self.days_label)
        top.addWidget(self.days)
        top.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.harvest_label)
        row.addWidget(self.harvest, 1)
        # replica health: the archive's copies per replica and state (the bit-preservation
        # summary the arcrepository keeps); an installation without an archive says so here
        self.replica_view = QChartView(self.content)
        self.replica_view.setObjectName("replicaChart")
        self.replica_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.replica_note = QLabel(self.content)
        self.replica_note.setWordWrap(True)
        self.replica_series: QStackedBarSeries | None = None
        # growth of the whole archive: its size at the end of each day of the chosen span
        self.growth_view = QChartView(self.content)
        self.growth_view.setObjectName("growthChart")
        self.growth_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.growth_note = QLabel(self.content)
        self.growth_note.setObjectName("growthNote")
        self.growth_note.setWordWrap(True)
        self.growth_series: QBarSeries | None = None
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(self.status_view, 1)
        left.addLayout(row)
        left.addWidget(self.runs_view, 1)
        right = QVBoxLayout()
        right.addWidget(self.replica_note)
        right.addWidget(self.replica_view, 1)
        right.addWidget(self.growth_note)
        right.addWidget(self.growth_view, 1)
        lay = QHBoxLayout(self.content)
        lay.addLayout(left, 3)
        lay.addLayout(right, 2)

    def title(self) -> str:
        return self.tr("Charts")

    def purpose(self) -> str:
        return self.tr("Jobs per day and status; bytes per run of a harvest.")

    def retranslateUi(self) -> None:
        self.days_label.setText(self.tr("Jobs created in the last (days):"))
        self.harvest_label.setText(self.tr("Bytes harvested per run of:"))
        self._draw()

    def refresh(self) -> None:
        self.controller.load_replicas()
        self.load_counts()
        self.controller.load_harvests()

    # what is drawn is the controller's
    day_list = property(lambda self: self.controller.day_list)
    counts = property(lambda self: self.controller.counts)
    runs = property(lambda self: self.controller.runs)
    replicas = property(lambda self: self.controller.replicas)
    replica_failure = property(lambda self: self.controller.replica_failure)
    growth = property(lambda self: self.controller.growth)

    def load_counts(self) -> None:
        """The span chosen: the jobs per day and the archive's growth over the same days."""
        self.controller.load_counts(self.days.value())
        self.controller.load_growth(self.days.value())

    def load_replicas(self) -> None:
        self.controller.load_replicas()

    def _show_harvests(self, harvests: list[HarvestDto]) -> None:
        keep = self.harvest.currentData()
        self.harvest.blockSignals(True)
        self.harvest.clear()
        for h in harvests:
            self.harvest.addItem(h.name, h.id)
        self.harvest.blockSignals(False)
        self.harvest.setCurrentIndex(max(0, self.harvest.findData(keep)))
        self.load_runs()

    def load_runs(self) -> None:
        self.controller.load_runs(self.harvest.currentData())

    def _byte_unit(self, top: int) -> tuple[float, str]:
        units = ((1e12, self.tr("Terabytes")), (1e9, self.tr("Gigabytes")), (1e6, self.tr("Megabytes")),
                 (1e3, self.tr("Kilobytes")))
        for factor, name in units:
            if top >= factor:
                return factor, name
        return 1.0, self.tr("Bytes")

    def _draw(self) -> None:
        self._draw_status()
        self._draw_runs()
        self._draw_replicas()
        self._draw_growth()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.day_list or self.runs or self.growth:
            self._draw_status()    # as many day labels as the new width has room for
            self._draw_runs()
            self._draw_growth()

    def replica_states(self) -> list[tuple[str, str]]:
        """The states a copy can be in, as the bit-integrity screen names them."""
        return [("ok", self.tr("OK")), ("missing", self.tr("Missing")), ("corrupt", self.tr("Corrupt")),
                ("disputed", self.tr("Disputed")), ("unchecked", self.tr("Not checked yet"))]

    def _draw_replicas(self) -> None:
        chart = localized(QChart())
        chart.setTitle(self.tr("Copies per replica"))
        series = QStackedBarSeries()
        for key, name in self.replica_states():
            values = [float(getattr(r, key)) for r in self.replicas]
            if any(values):
                bars = QBarSet(name)
                bars.append(values)
                series.append(bars)
        chart.addSeries(series)
        top = max((r.files for r in self.replicas), default=0)
        _axes(chart, series, [r.name or r.replica for r in self.replicas], float(top), self.tr("Files"), counts=True)
        chart.legend().setVisible(bool(self.replicas))
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.replica_series = series
        self.replica_view.setChart(chart)
        self.replica_view.setVisible(self.replica_failure is None)
        if self.replica_failure is not None:
            from desktop.errors import describe

            self.replica_note.setText(self.tr("No replica health: {reason}").format(
                reason=describe(self.replica_failure)))
        else:
            self.replica_note.setText(self.tr("Every file should have an OK copy in every replica."))

    def _draw_growth(self) -> None:
        chart = localized(QChart())
        chart.setTitle(self.tr("Size of the whole archive"))
        rows = self.growth
        top = max((r.total_bytes for r in rows), default=0)
        factor, unit = self._byte_unit(top)
        bars = QBarSet(self.tr("Archive size"))
        bars.append([r.total_bytes / factor for r in rows])
        series = QBarSeries()
        series.append(bars)
        chart.addSeries(series)
        locale = QLocale()
        width = max(200, self.growth_view.width() - 120)
        room = max(2, width // (self.fontMetrics().horizontalAdvance(locale.toString(QDate(2026, 12, 28), "d MMM"))
                                + 16))
        labels = thinned_labels([locale.toString(QDate(r.day.year, r.day.month, r.day.day), "d MMM") for r in rows],
                                room)
        _axes(chart, series, labels, top / factor, unit)
        chart.legend().setVisible(False)
        self.growth_series = series
        self.growth_view.setChart(chart)
        failure = self.controller.growth_failure
        self.growth_view.setVisible(failure is None)
        if failure is not None:
            from desktop.errors import describe

            self.growth_note.setText(self.tr("No archive growth: {reason}").format(reason=describe(failure)))
        elif rows:
            last = rows[-1]
            self.growth_note.setText(self.tr("The archive holds %Ln file(s), {size}; {new} taken in these days.", "",
                                             last.total_files).format(
                size=formatting.size(last.total_bytes),
                new=formatting.size(sum(r.bytes for r in rows))))
        else:
            self.growth_note.setText("")

    def _draw_status(self) -> None:
        chart = localized(QChart())
        chart.setTitle(self.tr("Jobs per status over time"))
        series = QStackedBarSeries()
        for status, values in self.counts.items():
            bars = QBarSet(vocab.job_status(status))
            bars.append([float(v) for v in values])
            series.append(bars)
        chart.addSeries(series)
        locale = QLocale()
        # day and month name in the chosen language: readable under narrow bars
        labels = thinned_labels([locale.toString(QDate(d.year, d.month, d.day), "d MMM") for d in self.day_list],
                                self._label_room(locale.toString(QDate(2026, 12, 28), "d MMM")))
        top = max((sum(col) for col in zip(*self.counts.values(), strict=True)), default=0)
        _axes(chart, series, labels, float(top), self.tr("Jobs"), counts=True)
        chart.legend().setVisible(bool(self.counts))
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.status_series = series
        self.status_view.setChart(chart)

    def _label_room(self, widest: str) -> int:
        """How many labels like ``widest`` fit side by side under a chart (the plot is narrower
        than the view: the axis title and margins take about 120 pixels)."""
        width = max(200, self.status_view.width() - 120)
        return max(2, width // (self.fontMetrics().horizontalAdvance(widest) + 16))

    def _draw_runs(self) -> None:
        chart = localized(QChart())
        chart.setTitle(self.tr("Bytes harvested per run"))
        top = max((r.bytes for r in self.runs), default=0)
        factor, unit = self._byte_unit(top)
        bars = QBarSet(self.tr("Bytes harvested"))
        bars.append([r.bytes / factor for r in self.runs])
        series = QBarSeries()
        series.append(bars)
        chart.addSeries(series)
        labels = thinned_labels([self.tr("Run %1").replace("%1", QLocale().toString(shown_run(r.harvest_run)))
                                 for r in self.runs], self._label_room(self.tr("Run %1").replace("%1", "000")))
        _axes(chart, series, labels, top / factor, unit)
        chart.legend().setVisible(False)
        self.runs_series = series
        self.runs_view.setChart(chart)
