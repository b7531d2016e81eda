"""What the ``definitions`` service sends: domains with their seed lists, configurations, owner
notes and site logins; crawl profiles; schedules; harvest definitions; channels; global crawler
traps; mass-ingest runs; statistics and harvest history. ``RETURNS`` says which RPC sends which.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from shared.dto import UNSET, Dto, I, Page, Request
from shared.enums import HarvestKind, StopReason

SERVICE = "definitions"


# --- domains --------------------------------------------------------------------------------------

@dataclass
class SeedListDto(Dto):
    name: str
    seeds: list[str]
    comments: str = ""


@dataclass
class ConfigurationDto(Dto):
    """A domain configuration: what to harvest of the domain (seed lists) and how (profile, limits)."""

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
    # how the crawler logs in: "basic" | "digest" (answering ``realm``'s challenge under ``url``)
    # | "form" (posting username_field, password_field and form_fields to ``url``)
    kind: str = "basic"
    username_field: str = ""
    password_field: str = ""
    form_fields: dict[str, str] = field(default_factory=dict)


@dataclass
class SiteLoginDto(Dto):
    """A site login as the harvester hands it to the crawler: password decrypted. Only
    ``site_logins`` returns it, and only to a caller with the credentials role."""

    domain: str
    kind: str
    url: str
    realm: str
    username: str
    password: str
    username_field: str = ""
    password_field: str = ""
    form_fields: dict[str, str] = field(default_factory=dict)


@dataclass
class DomainSummaryDto(Dto):
    """A domain in a listing or search result."""

    id: int
    name: str
    tld: str
    comments: str
    alias_of: str | None
    edition: int
    created_at: dt.datetime


@dataclass
class DomainDto(Dto):
    """One domain in full; ``edition`` guards every change (send it back with the change)."""

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
    #: the domains that are aliases of this one
    aliases: list[str] = field(default_factory=list)


@dataclass
class SearchPage(Page[I]):
    """A page of a glob search. Counting stops at ``server.definitions.domains.SEARCH_COUNT_CAP``
    matches (10,000): then ``total`` is that cap and ``total_capped`` is true ("10,000 or more");
    paging further still works."""

    total_capped: bool = False


@dataclass
class TldCountDto(Dto):
    tld: str
    domains: int
    harvested: int


@dataclass
class DomainStatisticsDto(Dto):
    total: int
    harvested: int
    never_harvested: int
    aliases: int
    #: most domains first
    by_tld: list[TldCountDto]


@dataclass
class HistoryDto(Dto):
    """What one job harvested of one domain configuration."""

    domain: str
    configuration: str
    harvest: str
    harvest_id: int
    job_id: int | None
    objects: int
    bytes: int
    stop_reason: StopReason
    started_at: dt.datetime | None
    ended_at: dt.datetime | None


# --- mass ingest ----------------------------------------------------------------------------------

@dataclass
class IngestErrorDto(Dto):
    """A line of an ingested file that is not a domain name, and why."""

    line: int
    text: str
    reason: str


@dataclass
class IngestRunDto(Dto):
    """A mass ingest: send lines from ``next_line`` on; counts so far; the first invalid lines."""

    id: int
    source: str
    state: str
    next_line: int
    total_lines: int | None
    created: int
    existing: int
    duplicates: int
    invalid: int
    errors: list[IngestErrorDto]
    started_at: dt.datetime
    updated_at: dt.datetime


# --- crawl profiles -------------------------------------------------------------------------------

@dataclass
class ProfileDto(Dto):
    """A crawl profile; ``effective`` (the validated settings, defaults filled) only when one
    profile is asked for, not in listings."""

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
class ProfileDocumentDto(Dto):
    """A profile's document exactly as uploaded."""

    name: str
    format: str
    content: str


# --- schedules ------------------------------------------------------------------------------------

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
    #: the IANA time zone the rule's wall-clock times (hour, minute, weekday...) are in
    time_zone: str = ""


@dataclass
class ScheduleDetailsDto(ScheduleDto):
    """A schedule with its next runs if a harvest used it from now."""

    upcoming: list[dt.datetime] = field(default_factory=list)


@dataclass
class SchedulePreviewDto(Dto):
    """An unsaved schedule's description and next runs."""

    description: str
    upcoming: list[dt.datetime]
    time_zone: str = ""


# --- harvest definitions, channels, global crawler traps -------------------------------------------

@dataclass
class HarvestConfigurationRef(Dto):
    domain: str
    configuration: str


@dataclass
class HarvestQaDto(Dto):
    """A harvest's QA options (issue #30): ``auto`` runs QA after each of its jobs; ``sample`` other
    HTML pages besides the seeds and browser pages, and the ``threshold`` share of complete pages
    below which QA_INCOMPLETE is raised (None: the qa service's qa.sample / qa.threshold)."""

    auto: bool = False
    sample: int | None = None
    threshold: float | None = None


@dataclass
class HarvestDto(Dto):
    """A harvest definition (selective, event or snapshot); ``configurations`` only when one
    definition is asked for, not in listings."""

    id: int
    name: str
    kind: HarvestKind
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
    #: the time zone the schedule runs in, and the schedule itself (its fields, to render it)
    time_zone: str = ""
    schedule_rule: ScheduleDto | None = None
    #: QA after each job (issue #30; defaults: off, the qa service's sample and threshold)
    qa: HarvestQaDto = field(default_factory=HarvestQaDto)


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
class ScheduleFields(Request):
    """A schedule's rule, or the parts of it to change: every ``every`` ``unit`` (hours, days,
    weeks, months), at ``minute``/``hour``/``weekday``/``day_of_month``, from ``start_at`` to
    ``end_at`` (ISO-8601) or for ``max_runs`` runs."""

    unit: str = UNSET
    every: int = UNSET
    minute: int | None = UNSET
    hour: int | None = UNSET
    weekday: int | None = UNSET
    day_of_month: int | None = UNSET
    start_at: str | None = UNSET
    end_at: str | None = UNSET
    max_runs: int | None = UNSET


@dataclass
class HarvestChanges(Request):
    """What to change of a harvest definition: comments and channel; for selective and event
    harvests the schedule and the configurations (``configurations`` the whole new list, or
    ``add_configurations``/``remove_configurations``); for snapshots their limits."""

    comments: str | None = UNSET
    channel: str = UNSET
    schedule: str = UNSET
    configurations: list[Any] = UNSET
    add_configurations: list[Any] = UNSET
    remove_configurations: list[Any] = UNSET
    max_bytes: int | None = UNSET
    max_objects: int | None = UNSET
    max_job_running_time_s: float | None = UNSET
    #: QA options: {"auto": bool, "sample": int ≥ 0 | None, "threshold": 0..1 | None}; keys left out keep theirs
    qa: dict[str, Any] = UNSET


@dataclass
class UserDto(Dto):
    """A person who may use the installation: their broker login and the roles the services give
    them (``shared.roles``); a disabled user is refused every call."""

    login: str
    roles: list[str]
    disabled: bool
    created_at: dt.datetime
    changed_at: dt.datetime
    changed_by: str


@dataclass
class NewUserDto(Dto):
    """A user just added, with the password of their broker account (shown once, never kept)."""

    user: UserDto
    password: str


RETURNS: dict[str, Any] = {
    # people (their broker accounts and roles)
    "user_access": UserDto | None,
    "list_users": list[UserDto],
    "add_user": NewUserDto,
    "change_user": UserDto,
    "remove_user": UserDto,
    "set_password": UserDto,
    # domains
    "create_domain": DomainDto,
    "get_domain": DomainDto,
    "update_domain": DomainDto,
    "add_owner_info": DomainDto,
    "set_alias": DomainDto,
    "expired_aliases": Page[DomainSummaryDto],
    "set_credentials": DomainDto,
    "site_logins": list[SiteLoginDto],
    "save_seed_list": DomainDto,
    "delete_seed_list": DomainDto,
    "save_configuration": DomainDto,
    "set_default_configuration": DomainDto,
    "delete_configuration": DomainDto,
    "list_domains": Page[DomainSummaryDto],
    "search_domains": SearchPage[DomainSummaryDto],
    "domain_statistics": DomainStatisticsDto,
    "domain_history": Page[HistoryDto],
    # mass ingest
    "ingest_start": IngestRunDto,
    "ingest_chunk": IngestRunDto,
    "ingest_status": IngestRunDto,
    "ingest_finish": IngestRunDto,
    "list_ingests": Page[IngestRunDto],
    # crawl profiles
    "upload_profile": ProfileDto,
    "download_profile": ProfileDocumentDto,
    "get_profile": ProfileDto,
    "list_profiles": Page[ProfileDto],
    "set_profile_active": ProfileDto,
    # schedules
    "create_schedule": ScheduleDto,
    "get_schedule": ScheduleDetailsDto,
    "preview_schedule": SchedulePreviewDto,
    "update_schedule": ScheduleDto,
    "list_schedules": Page[ScheduleDto],
    # harvest definitions
    "create_selective": HarvestDto,
    "create_event": HarvestDto,
    "create_snapshot": HarvestDto,
    "get_harvest": HarvestDto,
    "update_harvest": HarvestDto,
    "set_harvest_active": HarvestDto,
    "list_harvests": Page[HarvestDto],
    "harvest_history": Page[HistoryDto],
    # channels and global crawler traps
    "list_channels": list[ChannelDto],
    "create_channel": ChannelDto,
    "set_default_channel": ChannelDto,
    "create_trap_list": TrapListDto,
    "get_trap_list": TrapListDto,
    "update_trap_list": TrapListDto,
    "list_trap_lists": Page[TrapListDto],
}
