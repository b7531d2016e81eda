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
from sqlalchemy import select
from sqlalchemy.orm import Session

from server.db.provider import DatabaseSession, committing
from server.definitions import runs as runs_door
from server.runtime.notify import Notifications
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from server.runtime.settings_provider import settings_for
from server.scheduler import backup, channels, dispatch, patches, planner, progress, queries, reports
from server.scheduler.models import Job
from shared.dto import Page, given
from shared.dto.jobs import (
    ChannelStateDto,
    ClaimedJobDto,
    DayStatusCountDto,
    HarvestNowDto,
    JobDetailsDto,
    JobDomainDto,
    JobDto,
    JobFilter,
    ReportOutcomeDto,
    RunningJobDto,
    RunOnceDto,
    RunStatisticsDto,
    SchedulingOutcomeDto,
    SchedulingStateDto,
)
from shared.enums import HarvestKind, JobStatus, NotificationCode, Severity
from shared.errors import Conflict, NotFound
from shared.roles import ADMIN, CURATOR_OR_OPERATOR, OPERATOR, QA_OR_OPERATOR, READ, SERVICE_ONLY

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


class ChannelNotes(DependencyProvider):
    """One :class:`channels.Notes` per scheduler process: when each harvester was last noted."""

    def setup(self) -> None:
        self.notes = channels.Notes()

    def get_dependency(self, worker_ctx) -> channels.Notes:
        return self.notes


class SchedulerService(NasService):
    name = "scheduler"

    db = DatabaseSession("harvest", "server.harvestdb.migrations")
    generations = Generations()
    channel_notes = ChannelNotes()

    def _note_channel(self, channel: str, harvester_id: str) -> None:
        if channel and harvester_id and self.channel_notes.due(channel, harvester_id):
            try:
                channels.note(self.db, channel, harvester_id)
            except Exception:  # noqa: BLE001 - bookkeeping must never cost a harvester its job
                self.db.rollback()
                log.info("could not note that %s serves channel %s", harvester_id, channel, exc_info=True)
    notify = Notifications()

    # --- the timer ------------------------------------------------------------------------------

    @settings_timer("harvest.scheduler.timer_interval")
    def check(self) -> None:
        """Every minute: queue finished runs' jobs, re-offer lost claims, fail silent jobs,
        start scheduling each due definition in its own green thread, back up SQLite."""
        self._check()

    def _check(self) -> list[int]:
        s = self.settings
        dispatch.reoffer_lost_claims(self.db, s["harvest.scheduler.claim_timeout"])
        for job_id in dispatch.fail_silent_jobs(self.db, s["harvest.scheduler.job_timeout"]):
            self.notify.emit(NotificationCode.JOB_FAILED, Severity.ERROR, f"job {job_id}: no word from its "
                             "harvester within harvest.scheduler.job_timeout; marked failed", f"job {job_id}",
                             {"job_id": job_id, "failure_code": "job_timeout"})
        dispatch.submit_new(self.db)
        started = []
        engine = self.db.get_bind()
        owner = f"{self.runtime.instance_id}/{os.getpid()}"
        gens, notify = self.generations, self.notify
        for harvest_id in planner.due_definitions(self.db):
            def run(hid=harvest_id):
                outcome = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), hid, owner,
                                                      s, keep_going=gens.keep_going)
                if outcome is not None and outcome.error:
                    notify.emit(NotificationCode.DEFINITION_DEACTIVATED, Severity.ERROR,
                                f"harvest definition {hid} could not be scheduled and was deactivated: "
                                f"{outcome.error}", f"harvest definition {hid}",
                                {"harvest_id": hid, "error": outcome.error})
                return outcome
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

    @rpc(roles=SERVICE_ONLY, audit=False)   # polled all the time: the job's history records it
    def claim_job(self, channel: str, harvester_id: str) -> ClaimedJobDto | None:
        """Give the next job of ``channel`` to the harvester ``harvester_id`` (the job is Started
        from now), or None if there is none. Asking again before the first progress report gives
        the same job again, so a lost reply loses nothing. Raises InvalidInput."""
        job = dispatch.claim(self.db, channel, harvester_id)
        self._note_channel(channel, harvester_id)
        if job is None:
            return None
        return queries.claimed_job(self.db, job)

    @rpc(roles=SERVICE_ONLY, audit=False)   # polled all the time: the job's history records it
    def report_progress(self, job_id: int, harvester_id: str, progress_report: dict[str, Any]) -> None:
        """Keep a running job's progress (uris_done, uris_queued, bytes, rate, bytes_rate,
        active_hosts, status_text); the first one confirms the claim. Raises JobNotFound,
        IllegalTransition (the job is not running any more: stop it), Conflict (another
        harvester's job), InvalidInput."""
        try:
            progress.record(self.db, job_id, harvester_id, progress_report)
        finally:
            channel = self.db.execute(select(Job.channel).where(Job.id == job_id)).scalar_one_or_none()
            self.db.rollback()
            self._note_channel(channel or "", harvester_id)

    @rpc(roles=SERVICE_ONLY)
    def report_job(self, job_id: int, harvester_id: str, domains: list[dict[str, Any]],
                   harvest_error: str = "", harvest_error_details: str = "", upload_error: str = "",
                   upload_error_details: str = "", failed: bool | None = None,
                   notes: list[str] | None = None) -> ReportOutcomeDto:
        """A job's final report: per-domain ``{"domain", "objects", "bytes", "stop_reason"}`` go
        to the harvest history (with ``duplicates`` and ``duplicate_bytes``, what deduplication
        saved, kept with the job's configurations); errors (short and detailed, harvest and upload kept apart) to the
        job, which ends Failed if there is any error (or ``failed``), else Done. ``notes`` say what
        the harvester changed of the job's crawl profile: a failed job's reason ends with them. Sending the same
        report twice stores it once. Returns the job as it is now, the number of domains stored,
        the reported domains that are not in the job, and whether the report had come before.
        Raises JobNotFound, InvalidInput, Conflict, IllegalTransition."""
        job, summary = reports.report(self.db, job_id, harvester_id, domains, harvest_error, harvest_error_details,
                                      upload_error, upload_error_details, failed, notes=notes)
        if job.status == JobStatus.FAILED.value and not summary.get("already_reported"):
            self.notify.emit(NotificationCode.JOB_FAILED, Severity.ERROR,
                             f"job {job.id} failed: {job.failure_reason or harvest_error or upload_error}",
                             f"job {job.id}", {"harvester": harvester_id, "harvest_error": harvest_error,
                                               "upload_error": upload_error, "job_id": job.id,
                                               "failure_code": job.failure_code or "",
                                               "cancel_reason": job.cancel_reason or ""})
        return ReportOutcomeDto(queries.job_details(self.db, job.id), **summary)

    @rpc(roles=SERVICE_ONLY)
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

    @rpc(roles=OPERATOR)
    def resubmit_job(self, job_id: int) -> JobDetailsDto:
        """Make a new job from a failed one (same configurations, seeds and settings), queued at
        once; the old one becomes Resubmitted and points to it. Returns the new job. Raises
        JobNotFound, IllegalTransition (the job has not failed)."""
        with committing(self.db):
            job = dispatch.resubmit(self.db, job_id)
        return queries.job_details(self.db, job.id)

    @rpc(roles=QA_OR_OPERATOR, audit=True)
    def patch_job(self, job_id: int, urls: list[str]) -> JobDetailsDto:
        """A follow-up job of done job ``job_id``'s harvest (same run, configurations, profile and
        settings) whose seeds are exactly ``urls`` (the URLs QA found missing), deduplicating
        against the done job; queued at once. Returns the new job. Raises JobNotFound,
        IllegalTransition (the job is not done), InvalidInput, InvalidUrl."""
        job = patches.make(self.db, job_id, urls)
        return queries.job_details(self.db, job.id)

    @rpc(roles=CURATOR_OR_OPERATOR, audit=True)
    def cancel_job(self, job_id: int, reason: str = "") -> JobDetailsDto:
        """Cancel a job: a queued one (New, Submitted) ends at once, Failed-rejected with outcome
        cancelled; a running one is marked, and its harvester stops the crawl, stores what was
        harvested and reports (the job then ends the same way, with its statistics). Asking
        twice is harmless. Raises JobNotFound, IllegalTransition (the job has ended)."""
        dispatch.cancel(self.db, job_id, reason)
        return queries.job_details(self.db, job_id)

    @rpc(roles=ADMIN, audit=True)   # storing files by hand is an admin's act (as ``nas upload``)
    def begin_import(self, harvest: str, seeds: list[str], source: str) -> JobDetailsDto:
        """A new job for files made elsewhere (``nas import``), filed under the harvest definition
        ``harvest``: Started on the channel ``import`` (never offered to a harvester) until
        :meth:`end_import`. The importer names the files after the job and stores them. Raises
        NotFound (no such definition), InvalidInput."""
        from server.scheduler import imports

        job = imports.begin(self.db, harvest, seeds, self.caller.subject, source)
        return queries.job_details(self.db, job.id)

    @rpc(roles=ADMIN, audit=True)
    def end_import(self, job_id: int, error: str = "") -> JobDetailsDto:
        """End an import job: Done when its files are all stored (``error`` empty), else Failed
        with ``error``. Raises JobNotFound, IllegalTransition (not an import, or already ended
        the other way)."""
        from server.scheduler import imports

        imports.end(self.db, job_id, error)
        return queries.job_details(self.db, job_id)

    @rpc(roles=READ)
    def list_jobs(self, filters: JobFilter | None = None, offset: int = 0, limit: int = 100,
                  sort: str | None = None) -> Page[JobDto]:
        """A page of jobs. Filters: status (one word or a list: queued, running, done, failed,
        cancelled, resubmitted, new, or a stored value; shared/job_states.py), harvest_id, harvest, harvest_run,
        channel, created_from, created_to, id_from, id_to, domain, harvester_id, outcome. Sort by id,
        created_at, started_at, ended_at, status, channel, harvest, harvest_run,
        configuration_count or expected_objects; ``-`` in front for descending (default ``-id``).
        Raises InvalidInput."""
        return queries.list_jobs(self.db, given(filters), offset, limit, sort,
                                 self.settings["harvest.paging.max_limit"])

    @rpc(roles=READ)
    def job(self, job_id: int) -> JobDetailsDto:
        """One job in detail: settings, seeds, metadata, errors, totals, progress. Raises
        JobNotFound."""
        return queries.job_details(self.db, job_id)

    @rpc(roles=READ)
    def job_domains(self, job_id: int, offset: int = 0, limit: int = 100,
                    sort: str | None = None) -> Page[JobDomainDto]:
        """A page of a job's domain configurations with expected and harvested objects, bytes and
        stop reason. Raises JobNotFound, InvalidInput."""
        return queries.job_domains(self.db, job_id, offset, limit, sort,
                                   self.settings["harvest.paging.max_limit"])

    @rpc(roles=READ)
    def running_jobs(self) -> list[RunningJobDto]:
        """Started jobs with their latest progress."""
        return queries.running_jobs(self.db)

    @rpc(roles=READ)
    def job_status_counts(self) -> dict[str, int]:
        """Number of jobs in each status."""
        return queries.status_counts(self.db)

    @rpc(roles=READ)
    def job_status_counts_by_day(self, date_from: str | None = None,
                                 date_to: str | None = None) -> list[DayStatusCountDto]:
        """Jobs created per day (UTC) and status (day, status, jobs), ordered by day and status,
        days without jobs left out. ``date_from`` and ``date_to`` are ISO dates, both inclusive; by
        default the last 30 days up to today. Raises InvalidInput for a date that is not an ISO
        date, or ``date_from`` after ``date_to``."""
        return queries.status_counts_by_day(self.db, date_from, date_to)

    @rpc(roles=READ)
    def run_statistics(self, harvest_id: int) -> list[RunStatisticsDto]:
        """Per run of a definition: jobs by status, domains, objects, bytes, stop reasons.
        Raises NotFound."""
        return queries.run_statistics(self.db, harvest_id)

    @rpc(roles=READ)
    def scheduling_states(self, harvest_id: int | None = None) -> list[SchedulingStateDto]:
        """The scheduler's view of definitions: being scheduled now (by whom), last outcome, and
        the reason a definition was deactivated; its channel and whether a harvester serves it."""
        served = {c.channel: c.served for c in self._channel_states()}
        return queries.scheduling_states(self.db, harvest_id, served)

    def _channel_states(self) -> list[ChannelStateDto]:
        return channels.states(self.db, self.settings["harvest.scheduler.channel_silent_after"])

    @rpc(roles=READ)
    def channel_states(self) -> list[ChannelStateDto]:
        """Every channel (defined, with waiting jobs, or asked for by a harvester): its waiting
        jobs, the harvesters that asked for its work lately, and whether any does — False with
        waiting jobs means nobody will run them (start a harvester for that channel)."""
        return self._channel_states()

    @rpc(roles=CURATOR_OR_OPERATOR, audit=True)
    def harvest_now(self, name: str, wait: bool = False) -> HarvestNowDto:
        """One run of the harvest definition ``name`` now, active or not, besides its schedule
        (the schedule's next run does not move; the run number goes up as for any run). Starts
        it and returns; with ``wait``, waits and returns its jobs (use for small harvests).
        Raises NotFound, Conflict (no configurations; a snapshot that has run; being scheduled
        right now)."""
        hd = runs_door.find(self.db, name)
        if hd is None:
            raise NotFound(f"there is no harvest definition {name!r}", {"object": "harvest definition", "name": name})
        harvest_id, run = hd.id, hd.runs
        if hd.kind == HarvestKind.SNAPSHOT.value and hd.runs > 0:
            raise Conflict(f"the snapshot harvest {name!r} has run; make a new one (based on it)",
                           {"object": "harvest definition", "name": name})
        if hd.kind != HarvestKind.SNAPSHOT.value and not runs_door.has_configurations(self.db, harvest_id):
            raise Conflict(f"the harvest {name!r} has no domain configurations to harvest",
                           {"object": "harvest definition", "name": name})
        self.db.commit()
        s, engine, gens = self.settings, self.db.get_bind(), self.generations
        owner = f"{self.runtime.instance_id}/{os.getpid()}"

        def body():
            return planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), harvest_id, owner, s,
                                               keep_going=gens.keep_going, now_run=True)
        if not gens.start_one(harvest_id, body):
            raise Conflict(f"the harvest {name!r} is being scheduled right now; try again when it is done",
                           {"object": "harvest definition", "name": name})
        if not wait:
            return HarvestNowDto(harvest_id, name, True, run)
        while harvest_id in gens.running:
            eventlet.sleep(0.05)
        outcome = next((o for o in reversed(gens.outcomes) if o.harvest_id == harvest_id), None)
        if outcome is None or not outcome.scheduled:
            return HarvestNowDto(harvest_id, name, False, None, [], outcome.error if outcome else "")
        return HarvestNowDto(harvest_id, name, True, run, list(outcome.jobs), outcome.error)

    @rpc(roles=OPERATOR)
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
