"""The ``scheduler`` Nameko service: a timer that schedules due definitions and keeps dispatch
healthy, and the RPCs harvesters (claim, progress, report) and the desktop (job queries) call.

Thin on purpose: every entrypoint translates to the plain modules beside it.
"""
from __future__ import annotations

import logging
import os
from typing import Any

import eventlet
from eventlet.greenpool import GreenPool
from nameko.extensions import DependencyProvider
from nameko.timer import Timer
from sqlalchemy.orm import Session

from server.db.provider import DatabaseSession, committing
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from server.runtime.settings_provider import settings_for
from server.scheduler import backup, dispatch, planner, progress, queries, reports
from shared.dto import Page
from shared.dto.jobs import (
    ClaimedJobDto,
    DayStatusCountDto,
    JobDetailsDto,
    JobDomainDto,
    JobDto,
    ReportOutcomeDto,
    RunningJobDto,
    RunOnceDto,
    RunStatisticsDto,
    SchedulingOutcomeDto,
    SchedulingStateDto,
)

log = logging.getLogger(__name__)


class SettingsTimer(Timer):
    """Nameko's timer with its interval taken from a setting when the container starts."""

    def __init__(self, setting: str, eager: bool = False, **kwargs: Any):
        self.setting = setting
        super().__init__(0, eager=eager, **kwargs)

    def setup(self) -> None:
        self.interval = settings_for(self.container)[self.setting]


settings_timer = SettingsTimer.decorator


class GenerationStopped(BaseException):
    """Raised inside a job generation thread when the service stops (not an error of the
    definition: nothing is deactivated, the interrupted run's jobs are removed)."""


class Generations(DependencyProvider):
    """The green threads that schedule definitions, one per definition, outliving the timer's
    worker so that a long snapshot never holds up the next check (or the selective harvests)."""

    def setup(self) -> None:
        self.pool = GreenPool(1000)
        self.running: set[int] = set()
        self.stopping = False
        self.outcomes: list[planner.Outcome] = []

    def stop(self) -> None:
        self.stopping = True
        self.pool.waitall()

    def kill(self) -> None:
        self.stopping = True
        for gt in list(self.pool.coroutines_running):
            gt.kill()

    def get_dependency(self, worker_ctx) -> Generations:
        return self

    def keep_going(self) -> None:
        eventlet.sleep(0)  # between chunks (nothing held): let RPCs and heartbeats through
        if self.stopping:
            raise GenerationStopped()

    def start_one(self, harvest_id: int, run) -> bool:
        if harvest_id in self.running or self.stopping:
            return False
        self.running.add(harvest_id)

        def body():
            try:
                outcome = run()
                if outcome is not None:
                    self.outcomes.append(outcome)
                    del self.outcomes[:-100]
            except GenerationStopped:
                log.info("scheduling of harvest definition %d interrupted by shutdown", harvest_id)
            except Exception:  # noqa: BLE001 - logged; the timer goes on
                log.exception("scheduling of harvest definition %d failed", harvest_id)
            finally:
                self.running.discard(harvest_id)

        self.pool.spawn(body)
        return True


class SchedulerService(NasService):
    name = "scheduler"

    db = DatabaseSession("harvest", "server.harvestdb.migrations")
    generations = Generations()

    # --- the timer ------------------------------------------------------------------------------

    @settings_timer("harvest.scheduler.timer_interval")
    def check(self) -> None:
        """Every minute: queue finished runs' jobs, re-offer lost claims, fail silent jobs,
        start scheduling each due definition in its own green thread, back up SQLite."""
        self._check()

    def _check(self) -> list[int]:
        s = self.settings
        dispatch.reoffer_lost_claims(self.db, s["harvest.scheduler.claim_timeout"])
        dispatch.fail_silent_jobs(self.db, s["harvest.scheduler.job_timeout"])
        dispatch.submit_new(self.db)
        started = []
        engine = self.db.get_bind()
        owner = f"{self.runtime.instance_id}/{os.getpid()}"
        gens = self.generations
        for harvest_id in planner.due_definitions(self.db):
            def run(hid=harvest_id):
                return planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), hid, owner, s,
                                                   keep_going=gens.keep_going)
            if gens.start_one(harvest_id, run):
                started.append(harvest_id)
        self.db.commit()
        self._backup(engine)
        return started

    def _backup(self, engine) -> None:
        s = self.settings
        directory = s["harvest.scheduler.backup.dir"] or os.path.join(s["data_dir"], "backups", "harvest")
        if backup.sqlite_path(engine) and backup.due(directory, s["harvest.scheduler.backup.interval"]):
            try:
                backup.backup(engine, directory, s["harvest.scheduler.backup.keep"])
            except Exception:  # noqa: BLE001 - a failed backup must not stop scheduling
                log.exception("backup of the harvest database failed")

    # --- for harvesters -------------------------------------------------------------------------

    @rpc
    def claim_job(self, channel: str, harvester_id: str) -> ClaimedJobDto | None:
        """Give the next job of ``channel`` to the harvester ``harvester_id`` (the job is Started
        from now), or None if there is none. Asking again before the first progress report gives
        the same job again, so a lost reply loses nothing. Raises InvalidInput."""
        job = dispatch.claim(self.db, channel, harvester_id)
        if job is None:
            return None
        return queries.claimed_job(self.db, job)

    @rpc
    def report_progress(self, job_id: int, harvester_id: str, progress_report: dict[str, Any]) -> None:
        """Keep a running job's progress (uris_done, uris_queued, bytes, rate, bytes_rate,
        active_hosts, status_text); the first one confirms the claim. Raises JobNotFound,
        IllegalTransition (the job is not running any more: stop it), Conflict (another
        harvester's job), InvalidInput."""
        progress.record(self.db, job_id, harvester_id, progress_report)

    @rpc
    def report_job(self, job_id: int, harvester_id: str, domains: list[dict[str, Any]],
                   harvest_error: str = "", harvest_error_details: str = "", upload_error: str = "",
                   upload_error_details: str = "", failed: bool | None = None) -> ReportOutcomeDto:
        """A job's final report: per-domain ``{"domain", "objects", "bytes", "stop_reason"}`` go
        to the harvest history (with ``duplicates`` and ``duplicate_bytes``, what deduplication
        saved, kept with the job's configurations); errors (short and detailed, harvest and upload kept apart) to the
        job, which ends Failed if there is any error (or ``failed``), else Done. Sending the same
        report twice stores it once. Returns the job as it is now, the number of domains stored,
        the reported domains that are not in the job, and whether the report had come before.
        Raises JobNotFound, InvalidInput, Conflict, IllegalTransition."""
        job, summary = reports.report(self.db, job_id, harvester_id, domains, harvest_error, harvest_error_details,
                                      upload_error, upload_error_details, failed)
        return ReportOutcomeDto(queries.job_details(self.db, job.id), **summary)

    @rpc
    def report_late_uploads(self, job_id: int, harvester_id: str, stored: list[str],
                            still_failing: dict[str, str]) -> JobDetailsDto:
        """Files of a reported job that the harvester stored later (its failed-uploads retry), and
        those still not stored (name → reason): the job's upload error is brought up to date, and
        a job that failed for its uploads alone becomes Done once none is left. Returns the job.
        Raises JobNotFound, Conflict (not reported yet, another harvester's job), InvalidInput."""
        from server.scheduler.late_uploads import late_uploads

        job = late_uploads(self.db, job_id, harvester_id, stored, still_failing)
        return queries.job_details(self.db, job.id)

    # --- for curators and operators -------------------------------------------------------------

    @rpc
    def resubmit_job(self, job_id: int) -> JobDetailsDto:
        """Make a new job from a failed one (same configurations, seeds and settings), queued at
        once; the old one becomes Resubmitted and points to it. Returns the new job. Raises
        JobNotFound, IllegalTransition (the job has not failed)."""
        with committing(self.db):
            job = dispatch.resubmit(self.db, job_id)
        return queries.job_details(self.db, job.id)

    @rpc
    def list_jobs(self, filters: dict[str, Any] | None = None, offset: int = 0, limit: int = 100,
                  sort: str | None = None) -> Page[JobDto]:
        """A page of jobs. Filters: status (one or a list), harvest_id, harvest, harvest_run,
        channel, created_from, created_to, id_from, id_to, domain, harvester_id. Sort by id,
        created_at, started_at, ended_at, status, channel, harvest, harvest_run,
        configuration_count or expected_objects; ``-`` in front for descending (default ``-id``).
        Raises InvalidInput."""
        return queries.list_jobs(self.db, filters, offset, limit, sort,
                                 self.settings["harvest.paging.max_limit"])

    @rpc
    def job(self, job_id: int) -> JobDetailsDto:
        """One job in detail: settings, seeds, metadata, errors, totals, progress. Raises
        JobNotFound."""
        return queries.job_details(self.db, job_id)

    @rpc
    def job_domains(self, job_id: int, offset: int = 0, limit: int = 100,
                    sort: str | None = None) -> Page[JobDomainDto]:
        """A page of a job's domain configurations with expected and harvested objects, bytes and
        stop reason. Raises JobNotFound, InvalidInput."""
        return queries.job_domains(self.db, job_id, offset, limit, sort,
                                   self.settings["harvest.paging.max_limit"])

    @rpc
    def running_jobs(self) -> list[RunningJobDto]:
        """Started jobs with their latest progress."""
        return queries.running_jobs(self.db)

    @rpc
    def job_status_counts(self) -> dict[str, int]:
        """Number of jobs in each status."""
        return queries.status_counts(self.db)

    @rpc
    def job_status_counts_by_day(self, date_from: str | None = None,
                                 date_to: str | None = None) -> list[DayStatusCountDto]:
        """Jobs created per day (UTC) and status (day, status, jobs), ordered by day and status,
        days without jobs left out. ``date_from`` and ``date_to`` are ISO dates, both inclusive; by
        default the last 30 days up to today. Raises InvalidInput for a date that is not an ISO
        date, or ``date_from`` after ``date_to``."""
        return queries.status_counts_by_day(self.db, date_from, date_to)

    @rpc
    def run_statistics(self, harvest_id: int) -> list[RunStatisticsDto]:
        """Per run of a definition: jobs by status, domains, objects, bytes, stop reasons.
        Raises NotFound."""
        return queries.run_statistics(self.db, harvest_id)

    @rpc
    def scheduling_states(self, harvest_id: int | None = None) -> list[SchedulingStateDto]:
        """The scheduler's view of definitions: being scheduled now (by whom), last outcome, and
        the reason a definition was deactivated."""
        return queries.scheduling_states(self.db, harvest_id)

    @rpc
    def run_once(self, wait: bool = False) -> RunOnceDto:
        """Run the scheduling check now instead of at the next tick. Returns the definitions whose
        scheduling started; with ``wait``, waits for them and returns their outcomes (use only for
        small harvests: a long wait holds the RPC)."""
        started = self._check()
        if not wait:
            return RunOnceDto(started)
        while self.generations.running & set(started):
            eventlet.sleep(0.05)
        outcomes = [o for o in self.generations.outcomes if o.harvest_id in started]
        dispatch.submit_new(self.db)
        return RunOnceDto(started, [SchedulingOutcomeDto(o.harvest_id, o.scheduled, list(o.jobs), o.error)
                                    for o in outcomes])
