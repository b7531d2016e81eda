"""The charts screen's controller: what the charts show (jobs per day and status, bytes per run of
a chosen definition, the archive's copies per replica and state), fetched from the services and
shaped for drawing; the screen only draws."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Signal

from desktop.controllers.base import Controller
from desktop.rpc.outcome import Failure
from shared.dto import Page
from shared.dto.archive import ArchiveGrowthDto, ReplicaPreservationDto
from shared.dto.jobs import DayStatusCountDto, RunStatisticsDto
from shared.enums import JobStatus

STATUSES = tuple(s.value for s in JobStatus)


def days_between(start: dt.date, end: dt.date) -> list[dt.date]:
    return [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]


def per_day_and_status(rows: list[DayStatusCountDto], days: list[dt.date]) -> dict[str, list[int]]:
    """The RPC's sparse counts (day, status, jobs) as one full row of counts per status that
    occurs (in the order of ``STATUSES``), zero on days without jobs of that status."""
    index = {d: i for i, d in enumerate(days)}
    out: dict[str, list[int]] = {}
    for r in rows:
        i = index.get(r.day)
        if i is not None:
            out.setdefault(str(r.status), [0] * len(days))[i] += r.jobs
    order = {s: n for n, s in enumerate(STATUSES)}
    return {s: out[s] for s in sorted(out, key=lambda s: (order.get(s, len(order)), s))}


class ChartsController(Controller):
    """Signals: ``countsChanged()``, ``runsChanged()``, ``replicasChanged()`` (the state below
    changed: redraw), ``harvestsChanged(list[HarvestDto])``."""

    service = "scheduler"
    countsChanged = Signal()
    runsChanged = Signal()
    replicasChanged = Signal()
    growthChanged = Signal()
    harvestsChanged = Signal(list)

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.day_list: list[dt.date] = []
        self.counts: dict[str, list[int]] = {}
        self.runs: list[RunStatisticsDto] = []
        self.replicas: list[ReplicaPreservationDto] = []
        self.replica_failure: Failure | None = None   # why the archive did not answer
        self.growth: list[ArchiveGrowthDto] = []
        self.growth_failure: Failure | None = None
        # the last request of each kind: calls run on a pool and may answer out of order, and an
        # answer to an earlier choice (another definition, another span) must not replace the last
        self._asked: dict[str, int] = {}

    def _ask(self, kind: str) -> int:
        self._asked[kind] = self._asked.get(kind, 0) + 1
        return self._asked[kind]

    def _latest(self, kind: str, ticket: int) -> bool:
        return self._asked.get(kind) == ticket

    def load_counts(self, days: int, today: dt.date | None = None) -> None:
        """Jobs created per day and status over the last ``days`` days (UTC days, as stored)."""
        end = today or dt.datetime.now(dt.UTC).date()
        start = end - dt.timedelta(days=days - 1)
        ticket = self._ask("counts")
        self.rpc("job_status_counts_by_day", start.isoformat(), end.isoformat()).on(
            lambda rows: self._counted(rows, start, end, ticket), self.failure.emit)

    def _counted(self, rows: list[DayStatusCountDto], start: dt.date, end: dt.date, ticket: int = 0) -> None:
        if ticket and not self._latest("counts", ticket):
            return
        self.day_list = days_between(start, end)
        self.counts = per_day_and_status(rows, self.day_list)
        self.countsChanged.emit()

    def load_harvests(self) -> None:
        # the definitions service's list: a chart needs no more than the names (no panel if absent)
        c = self.client.call("definitions", "list_harvests", 0, 1000).bind(self)
        c.succeeded.connect(lambda page: self.harvestsChanged.emit(list(page.items) if isinstance(page, Page)
                                                                   else []))

    def load_runs(self, harvest_id: int | None) -> None:
        if harvest_id is None:
            return
        ticket = self._ask("runs")
        self.rpc("run_statistics", harvest_id).on(lambda runs: self._ran(runs, ticket), self.failure.emit)

    def _ran(self, runs: list[RunStatisticsDto], ticket: int = 0) -> None:
        if ticket and not self._latest("runs", ticket):
            return
        self.runs = list(runs)
        self.runsChanged.emit()

    def load_replicas(self) -> None:
        """The archive's bit-preservation summary: an archive that does not answer is said on
        the chart, not as the screen's missing service (the charts' service is the scheduler)."""
        c = self.client.call("arcrepository", "preservation_summary").bind(self)
        c.succeeded.connect(self._replicas)
        c.failed.connect(self._replicas_failed)

    def _replicas(self, rows: list[ReplicaPreservationDto]) -> None:
        self.replicas, self.replica_failure = list(rows), None
        self.replicasChanged.emit()

    def _replicas_failed(self, failure: Failure) -> None:
        self.replicas, self.replica_failure = [], failure
        self.replicasChanged.emit()

    def load_growth(self, days: int, today: dt.date | None = None) -> None:
        """The whole archive's size at the end of each of the last ``days`` days (UTC)."""
        end = today or dt.datetime.now(dt.UTC).date()
        start = end - dt.timedelta(days=days - 1)
        ticket = self._ask("growth")
        c = self.client.call("arcrepository", "archive_growth", start.isoformat(), end.isoformat()).bind(self)
        c.succeeded.connect(lambda rows: self._grown(rows, ticket))
        c.failed.connect(lambda failure: self._growth_failed(failure, ticket))

    def _grown(self, rows: list[ArchiveGrowthDto], ticket: int = 0) -> None:
        if ticket and not self._latest("growth", ticket):
            return
        self.growth, self.growth_failure = list(rows), None
        self.growthChanged.emit()

    def _growth_failed(self, failure: Failure, ticket: int = 0) -> None:
        if ticket and not self._latest("growth", ticket):
            return
        self.growth, self.growth_failure = [], failure
        self.growthChanged.emit()
