"""What "browse this harvest run" and "browse this domain's history" open in the archive browser:
the ids of the jobs that harvested something for that run or domain, collected page by page.

The archive browser's viewer session takes a set of jobs; a run is the jobs of one definition's
run (the scheduler's ``list_jobs`` with ``harvest_id`` and ``harvest_run``), a domain's history
the jobs of its history (the definitions service's ``domain_history``). Only jobs that can hold
captures are kept: ended jobs (done, or failed after harvesting part of their domains); a job
still queued has nothing to show. At most :data:`MAX_JOBS` jobs, newest first, so a domain
harvested every day for years still opens at once (the session's index covers its jobs); the
status line says when older jobs were left out.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Signal

from desktop.controllers.base import Controller
from desktop.errors import describe
from shared.enums import JobStatus

MAX_JOBS = 200
PAGE = 100
BROWSABLE = tuple(str(s) for s in (JobStatus.DONE, JobStatus.FAILED, JobStatus.RESUBMITTED,
                                    JobStatus.FAILED_REJECTED))


def _field(value: Any, name: str) -> Any:
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


class BrowseScope(Controller):
    """Signals: ``browseRequested(job_ids, title)`` when the jobs are collected; ``status(text)``
    when there is nothing to browse or jobs were left out; ``failure`` as every controller."""

    browseRequested = Signal(list, str)

    def __init__(self, client, parent=None):
        super().__init__(client, lambda service, method, *a, **kw: client.call(service, method, *a, **kw), parent)
        self.busy = False

    def run(self, harvest_id: int, harvest_run: int, title: str) -> None:
        """The jobs of one run of a definition (``harvest_run`` as stored, from 0)."""
        filters = {"harvest_id": int(harvest_id), "harvest_run": int(harvest_run), "status": list(BROWSABLE)}
        self._collect(lambda offset: self.rpc("scheduler", "list_jobs", filters, offset=offset, limit=PAGE,
                                              sort="-id"),
                      lambda row: _field(row, "id"), title)

    def domain(self, name: str, title: str) -> None:
        """The jobs of a domain's harvest history (newest first)."""
        self._collect(lambda offset: self.rpc("definitions", "domain_history", name, offset=offset, limit=PAGE),
                      lambda row: _field(row, "job_id"), title)

    def _collect(self, ask, job_of, title: str) -> None:
        if self.busy:
            return
        self.busy = True
        ids: list[int] = []

        def got(page: Any, offset: int = 0) -> None:
            items = list(_field(page, "items") or [])
            for row in items:
                job = job_of(row)
                if job is not None and int(job) not in ids:
                    ids.append(int(job))
            total = int(_field(page, "total") or 0)
            offset += len(items)
            if items and offset < total and len(ids) < MAX_JOBS:
                ask(offset).on(lambda p: got(p, offset), failed)
                return
            self._done(ids[:MAX_JOBS], title, more=len(ids) > MAX_JOBS or (bool(items) and offset < total))

        def failed(f) -> None:
            self.busy = False
            self.status.emit(QCoreApplication.translate("BrowseScope", "The jobs to browse cannot be listed: {reason}")
                             .format(reason=describe(f)))
            self.failure.emit(f)

        ask(0).on(got, failed)

    def _done(self, ids: list[int], title: str, more: bool) -> None:
        self.busy = False
        if not ids:
            self.status.emit(QCoreApplication.translate("BrowseScope", "{what}: no ended job to browse yet.")
                             .format(what=title))
            return
        if more:
            self.status.emit(QCoreApplication.translate(
                "BrowseScope", "{what}: the newest %Ln job(s) are browsed; older ones are left out.", "", len(ids))
                .format(what=title))
        self.browseRequested.emit(sorted(ids), title)
