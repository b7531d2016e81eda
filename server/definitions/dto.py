"""The DTOs the ``definitions`` service sends and takes (``to_dict()`` / ``from_dict()``).

Kept beside the service for now; the desktop (which imports only ``shared``) reads the same
field names from the dicts, and these classes can move to ``shared/`` unchanged if it wants them.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from shared.dto import Dto, Page


@dataclass
class SeedListDto(Dto):
    name: str
    seeds: list[str]
    comments: str = ""


@dataclass
class ConfigurationDto(Dto):
    name: str
    profile: str
    seed_lists: list[str]
    max_objects: int
    max_bytes: int
    max_request_rate: int
    is_default: bool = False
    comments: str = ""


@dataclass
class OwnerInfoDto(Dto):
    created_at: dt.datetime
    info: str


@dataclass
class CredentialDto(Dto):
    """A site login; ``password`` is None unless the caller asked with the credentials role."""

    id: int | None
    url: str
    realm: str
    username: str
    password: str | None = None


@dataclass
class DomainSummaryDto(Dto):
    id: int
    name: str
    tld: str
    comments: str
    alias_of: str | None
    edition: int
    created_at: dt.datetime


@dataclass
class DomainDto(Dto):
    id: int
    name: str
    tld: str
    comments: str
    edition: int
    created_at: dt.datetime
    alias_of: str | None
    alias_set_at: dt.datetime | None
    alias_expires_at: dt.datetime | None
    default_configuration: str | None
    seed_lists: list[SeedListDto] = field(default_factory=list)
    configurations: list[ConfigurationDto] = field(default_factory=list)
    crawler_traps: list[str] = field(default_factory=list)
    owner_info: list[OwnerInfoDto] = field(default_factory=list)
    credentials: list[CredentialDto] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)


@dataclass
class ProfileDto(Dto):
    id: int
    name: str
    comments: str
    active: bool
    format: str
    edition: int
    created_at: dt.datetime
    updated_at: dt.datetime
    effective: dict[str, Any] | None = None


@dataclass
class ScheduleDto(Dto):
    id: int
    name: str
    comments: str
    unit: str
    every: int
    minute: int | None
    hour: int | None
    weekday: int | None
    day_of_month: int | None
    start_at: dt.datetime | None
    end_at: dt.datetime | None
    max_runs: int | None
    edition: int
    description: str = ""


@dataclass
class HarvestConfigurationRef(Dto):
    domain: str
    configuration: str


@dataclass
class HarvestDto(Dto):
    id: int
    name: str
    kind: str
    comments: str
    active: bool
    runs: int
    next_run_at: dt.datetime | None
    first_run_at: dt.datetime | None
    channel: str
    edition: int
    created_at: dt.datetime
    schedule: str | None = None
    configurations: list[HarvestConfigurationRef] | None = None
    configuration_count: int = 0
    max_bytes: int | None = None
    max_objects: int | None = None
    max_job_running_time_s: int | None = None
    based_on: str | None = None
    #: why the scheduler deactivated this definition (shown while it is inactive), and when
    scheduling_error: str = ""
    scheduling_error_at: dt.datetime | None = None


@dataclass
class ChannelDto(Dto):
    id: int
    name: str
    snapshot: bool
    is_default: bool
    comments: str


@dataclass
class TrapListDto(Dto):
    id: int
    name: str
    description: str
    active: bool
    edition: int
    expressions: list[str]


@dataclass
class HistoryDto(Dto):
    domain: str
    configuration: str
    harvest: str
    harvest_id: int
    job_id: int | None
    objects: int
    bytes: int
    stop_reason: str
    started_at: dt.datetime | None
    ended_at: dt.datetime | None


@dataclass
class IngestRunDto(Dto):
    id: int
    source: str
    state: str
    next_line: int
    total_lines: int | None
    created: int
    existing: int
    duplicates: int
    invalid: int
    errors: list[dict[str, Any]]
    started_at: dt.datetime
    updated_at: dt.datetime


@dataclass
class DomainStatisticsDto(Dto):
    total: int
    harvested: int
    never_harvested: int
    aliases: int
    by_tld: list[dict[str, Any]]  # [{"tld", "domains", "harvested"}], most domains first


@dataclass
class SearchPage(Page):
    """A page of a glob search. Counting stops at ``server.definitions.domains.SEARCH_COUNT_CAP`` matches
    (10,000): then ``total`` is that cap and ``total_capped`` is true ("10,000 or more"); paging
    further still works."""

    total_capped: bool = False
