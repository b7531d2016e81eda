"""What the scheduler sends: jobs in lists, one job in detail, a claimed job for a harvester,
progress of running jobs, statistics. Plain ``Dto`` dataclasses (JSON-safe ``to_dict()``)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from shared.dto import Dto


@dataclass
class JobDto(Dto):
    id: int
    harvest_id: int
    harvest: str
    harvest_run: int
    status: str
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


@dataclass
class JobDetailsDto(JobDto):
    max_running_time_s: int = 0
    confirmed_at: dt.datetime | None = None
    reported_at: dt.datetime | None = None
    claims: int = 0
    harvest_error_details: str = ""
    upload_error_details: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    seeds: list[str] = field(default_factory=list)
    aliases: list[dict[str, str]] = field(default_factory=list)
    dedup_job_ids: list[int] = field(default_factory=list)
    objects: int = 0                       # harvested, from the job's report
    bytes: int = 0
    duplicates: int = 0                    # written as revisits: payload not stored again
    duplicate_bytes: int = 0               # their bytes: the space deduplication saved
    stop_reasons: dict[str, int] = field(default_factory=dict)
    progress: dict[str, Any] | None = None


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
    stop_reason: str | None = None
    duplicates: int | None = None
    duplicate_bytes: int | None = None


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
    settings: dict[str, Any]
    seeds: list[str]
    domains: list[dict[str, Any]]           # domain, configuration, max_bytes, max_objects, max_request_rate
    max_bytes_per_domain: int
    max_objects_per_domain: int
    max_running_time_s: int
    #: metadata entries: aliases left out, and the jobs whose data form the dedup index
    aliases: list[dict[str, str]]
    dedup_job_ids: list[int]
    claims: int


@dataclass
class RunningJobDto(Dto):
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
class SchedulingStateDto(Dto):
    harvest_id: int
    harvest: str
    active: bool
    scheduling_now_by: str | None
    last_started_at: dt.datetime | None
    last_ended_at: dt.datetime | None
    last_jobs: int
    last_error: str
    last_error_at: dt.datetime | None
