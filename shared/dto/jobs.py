"""What the ``scheduler`` service sends: jobs in lists and in detail, a job's domains, a claimed
job for a harvester, progress of running jobs, statistics per run and per day, the scheduler's
view of each definition. ``RETURNS`` says which RPC sends which.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from shared.dto import UNSET, Dto, Page, Request
from shared.enums import JobOutcome, JobStatus, StopReason

SERVICE = "scheduler"


@dataclass
class JobDto(Dto):
    """A job in a listing."""

    id: int
    harvest_id: int
    harvest: str
    harvest_run: int
    status: JobStatus
    channel: str
    snapshot: bool
    profile: str
    configuration_count: int
    expected_objects: int
    max_bytes_per_domain: int
    max_objects_per_domain: int
    created_at: dt.datetime
    submitted_at: dt.datetime | None
    started_at: dt.datetime | None
    ended_at: dt.datetime | None
    harvester_id: str | None
    failure_reason: str
    harvest_error: str
    upload_error: str
    resubmitted_from: int | None
    resubmitted_as: int | None
    #: how the ended job turned out (None while it has not ended)
    outcome: JobOutcome | None = None
    #: a stable code for failure_reason ("" when none): nothing_harvested, cancelled, harvest_error,
    #: upload_error, job_timeout
    failure_code: str = ""


@dataclass
class AliasDto(Dto):
    """A domain left out of a job because it is an alias of another (a metadata entry)."""

    domain: str
    alias_of: str


@dataclass
class JobProgressDto(Dto):
    """The latest progress report of a running job."""

    updated_at: dt.datetime | None
    harvester_id: str | None
    uris_done: int
    uris_queued: int
    bytes: int
    rate: float
    bytes_rate: float
    active_hosts: int
    status_text: str


@dataclass
class JobDetailsDto(JobDto):
    """One job in detail: settings, seeds, metadata, errors, what it harvested, progress."""

    max_running_time_s: int = 0
    confirmed_at: dt.datetime | None = None
    reported_at: dt.datetime | None = None
    claims: int = 0
    harvest_error_details: str = ""
    upload_error_details: str = ""
    #: the crawl settings the job runs with (the effective profile, crawler traps...): free-form
    settings: dict[str, Any] = field(default_factory=dict)
    seeds: list[str] = field(default_factory=list)
    aliases: list[AliasDto] = field(default_factory=list)
    dedup_job_ids: list[int] = field(default_factory=list)
    objects: int = 0                       # harvested, from the job's report
    bytes: int = 0
    duplicates: int = 0                    # written as revisits: payload not stored again
    duplicate_bytes: int = 0               # their bytes: the space deduplication saved
    #: stop reason → number of domain configurations that ended so
    stop_reasons: dict[str, int] = field(default_factory=dict)
    progress: JobProgressDto | None = None
    #: a curator asked to cancel the job (the harvester stops at its next progress report)
    cancel_requested_at: dt.datetime | None = None
    cancel_reason: str = ""


@dataclass
class JobDomainDto(Dto):
    """One domain configuration of a job, with what the job harvested of it (once reported)."""

    domain: str
    configuration: str
    expected_objects: int
    max_bytes: int
    max_objects: int
    objects: int | None = None
    bytes: int | None = None
    stop_reason: StopReason | None = None
    duplicates: int | None = None
    duplicate_bytes: int | None = None


@dataclass
class ClaimedDomainDto(Dto):
    """A domain configuration of a claimed job, with its limits."""

    domain: str
    configuration: str
    max_bytes: int
    max_objects: int
    max_request_rate: int


@dataclass
class ClaimedJobDto(Dto):
    """Everything a harvester needs to run a job (the seeds' DoOneCrawlMessage)."""

    id: int
    harvest_id: int
    harvest: str
    harvest_run: int
    channel: str
    snapshot: bool
    profile: str
    #: the crawl settings (effective profile, crawler traps...): free-form, the crawler's format
    settings: dict[str, Any]
    seeds: list[str]
    domains: list[ClaimedDomainDto]
    max_bytes_per_domain: int
    max_objects_per_domain: int
    max_running_time_s: int
    #: metadata entries: aliases left out, and the jobs whose data form the dedup index
    aliases: list[AliasDto]
    dedup_job_ids: list[int]
    claims: int


@dataclass
class ReportOutcomeDto(Dto):
    """What ``report_job`` did: the job as it is now, the domains stored, the domains the report
    named that are not in the job, and whether the report had been stored before."""

    job: JobDetailsDto
    stored: int
    unknown_domains: list[str]
    already_reported: bool


@dataclass
class RunningJobDto(Dto):
    """A started job with its latest progress (zeros until the first report)."""

    id: int
    harvest: str
    harvest_run: int
    channel: str
    harvester_id: str | None
    started_at: dt.datetime | None
    confirmed: bool
    configuration_count: int
    updated_at: dt.datetime | None = None
    uris_done: int = 0
    uris_queued: int = 0
    bytes: int = 0
    rate: float = 0.0
    bytes_rate: float = 0.0
    active_hosts: int = 0
    status_text: str = ""


@dataclass
class RunStatisticsDto(Dto):
    """One run of a definition: its jobs by status and what they harvested."""

    harvest_run: int
    jobs: int
    jobs_by_status: dict[str, int]
    domains: int
    objects: int
    bytes: int
    stop_reasons: dict[str, int]
    first_created_at: dt.datetime | None
    last_ended_at: dt.datetime | None


@dataclass
class DayStatusCountDto(Dto):
    """How many jobs of one status were created on one day (UTC)."""

    day: dt.date
    status: JobStatus
    jobs: int


@dataclass
class SchedulingStateDto(Dto):
    """The scheduler's view of a definition: who schedules it now, the last outcome, and why
    it was deactivated (``last_error``)."""

    harvest_id: int
    harvest: str
    active: bool
    scheduling_now_by: str | None
    last_started_at: dt.datetime | None
    last_ended_at: dt.datetime | None
    last_jobs: int
    last_error: str
    last_error_at: dt.datetime | None
    #: the definition's channel, and whether a harvester serves it (None: not known)
    channel: str = ""
    channel_served: bool | None = None


@dataclass
class SchedulingOutcomeDto(Dto):
    """How scheduling one definition ended: the jobs made, or why it failed (and was deactivated)."""

    harvest_id: int
    scheduled: bool
    jobs: list[int]
    error: str


@dataclass
class RunOnceDto(Dto):
    """The definitions whose scheduling a ``run_once`` started; their outcomes when it waited."""

    started: list[int]
    outcomes: list[SchedulingOutcomeDto] = field(default_factory=list)


@dataclass
class ChannelStateDto(Dto):
    """A harvest channel as the scheduler sees it: jobs waiting on it, the harvesters that asked
    for its work lately, and whether any does (``served``; False with waiting jobs: nobody will
    run them)."""

    channel: str
    snapshot: bool | None            # None: not a defined channel (jobs or harvesters name it)
    waiting_jobs: int
    harvesters: list[str]
    last_seen_at: dt.datetime | None
    served: bool


@dataclass
class HarvestNowDto(Dto):
    """What ``harvest_now`` started: the run being made now (besides the schedule); with
    ``wait``, its jobs, or why it failed."""

    harvest_id: int
    harvest: str
    started: bool
    run: int | None
    jobs: list[int] = field(default_factory=list)
    error: str = ""


@dataclass
class JobFilter(Request):
    """Which jobs ``list_jobs`` lists (every field given must hold): a status or several, the
    harvest (by id or name) and its run, channel, creation time range (ISO-8601), id range, a
    domain the job harvests, the harvester that ran it, an outcome or several."""

    status: str | list[str] = UNSET
    harvest_id: int = UNSET
    harvest: str = UNSET
    harvest_run: int = UNSET
    channel: str = UNSET
    created_from: str = UNSET
    created_to: str = UNSET
    id_from: int = UNSET
    id_to: int = UNSET
    domain: str = UNSET
    harvester_id: str = UNSET
    outcome: str | list[str] = UNSET


RETURNS: dict[str, Any] = {
    # for harvesters
    "claim_job": ClaimedJobDto | None,
    "report_progress": None,
    "report_job": ReportOutcomeDto,
    "report_late_uploads": JobDetailsDto,
    # for curators and operators
    "resubmit_job": JobDetailsDto,
    "patch_job": JobDetailsDto,
    "begin_import": JobDetailsDto,
    "end_import": JobDetailsDto,
    "cancel_job": JobDetailsDto,
    "list_jobs": Page[JobDto],
    "job": JobDetailsDto,
    "job_domains": Page[JobDomainDto],
    "running_jobs": list[RunningJobDto],
    #: status → number of jobs
    "job_status_counts": dict[str, int],
    "job_status_counts_by_day": list[DayStatusCountDto],
    "run_statistics": list[RunStatisticsDto],
    "scheduling_states": list[SchedulingStateDto],
    "run_once": RunOnceDto,
    "harvest_now": HarvestNowDto,
    "channel_states": list[ChannelStateDto],
}
