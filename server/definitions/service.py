"""The ``definitions`` Nameko service: a thin RPC layer over the plain modules of this package.

Every writing entrypoint commits before it returns (``_saving``), so the caller is told "saved"
only when it is. Arguments are JSON types; results are the DTOs of ``shared.dto.definitions`` (each
RPC annotated with its own), which our ``@rpc`` encodes for the wire.
"""
from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from nameko.extensions import DependencyProvider
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from server.db import query
from server.db.provider import DatabaseSession, committing
from server.definitions import (
    channels,
    configurations,
    definitions,
    domains,
    ingest,
    profiles,
    schedules,
    statistics,
    traps,
)
from server.definitions.credentials import CredentialCipher, cipher_from_settings
from server.definitions.domains import DomainDefaults
from server.definitions.schedule_rules import upcoming
from server.definitions.user_rpcs import UserRpcs
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from server.runtime.settings_provider import settings_for
from shared.dto import Page, given
from shared.dto.definitions import (
    ChannelDto,
    DomainDto,
    DomainStatisticsDto,
    DomainSummaryDto,
    HarvestChanges,
    HarvestDto,
    HistoryDto,
    IngestRunDto,
    ProfileDocumentDto,
    ProfileDto,
    ScheduleDetailsDto,
    ScheduleDto,
    ScheduleFields,
    SchedulePreviewDto,
    SearchPage,
    SiteLoginDto,
    TrapListDto,
)
from shared.errors import ConfigError, Conflict, EditionConflict, InvalidInput
from shared.roles import CURATOR, CURATOR_OR_OPERATOR, HARVESTER_ROLE, READ


class HarvestContext:
    """What the plain modules need from the settings, built once per container."""

    def __init__(self, settings: Any):
        self.defaults = DomainDefaults.from_settings(settings)
        try:
            self.tz = ZoneInfo(settings["harvest.timezone"])
        except (ZoneInfoNotFoundError, ValueError):
            raise ConfigError(f"harvest.timezone: unknown time zone {settings['harvest.timezone']!r}",
                              {"key": "harvest.timezone"}) from None
        self.cipher: CredentialCipher = cipher_from_settings(settings["harvest.credentials.key"],
                                                             settings["data_dir"],
                                                             settings["harvest.credentials.key_file"])
        self.max_limit: int = settings["harvest.paging.max_limit"]
        self.max_chunk: int = settings["harvest.ingest.max_chunk_lines"]
        self.max_errors: int = settings["harvest.ingest.max_reported_errors"]


class Context(DependencyProvider):
    def setup(self) -> None:
        self.context = HarvestContext(settings_for(self.container))

    def get_dependency(self, worker_ctx) -> HarvestContext:
        return self.context


class DefinitionsService(UserRpcs, NasService):
    name = "definitions"

    db = DatabaseSession("harvest", "server.harvestdb.migrations")
    ctx = Context()

    @contextlib.contextmanager
    def _saving(self, what: str = "object", name: str = "") -> Iterator[Any]:
        """Commit at the end; a lost race on an edition or a unique name becomes a typed error."""
        try:
            with committing(self.db) as session:
                yield session
        except StaleDataError:
            raise EditionConflict(f"the {what} {name!r} was changed by someone else at the same time; reload it",
                                  {"object": what, "name": name}) from None
        except IntegrityError as exc:
            raise Conflict(f"the {what} {name!r} clashes with one saved at the same time: {exc.orig}",
                           {"object": what, "name": name}) from None

    def _paging(self, offset: int, limit: int) -> tuple[int, int]:
        return query.check_paging(offset, limit, self.ctx.max_limit)

    def _domain(self, d) -> DomainDto:
        return domains.to_dto(self.db, d, self.ctx.cipher)

    # --- domains --------------------------------------------------------------------------------

    @rpc(roles=CURATOR)
    def create_domain(self, name: str, comments: str = "") -> DomainDto:
        """Create a domain with its default seed list and configuration; returns the domain.
        Raises InvalidDomain (not a registrable name), AlreadyExists."""
        with self._saving("domain", name) as s:
            return self._domain(domains.create_domain(s, name, self.ctx.defaults, comments))

    @rpc(roles=READ, audit=True)
    def get_domain(self, name: str, roles: list[str] | None = None) -> DomainDto:
        """One domain with seed lists, configurations, traps, owner info, aliases and site
        credentials; passwords only when the caller's verified identity holds the harvester role
        and asks for them with ``roles`` containing "credentials" (a role the caller merely
        states reveals nothing). Raises DomainNotFound."""
        d = domains.get(self.db, name, full=True)
        wants = domains.CREDENTIALS_ROLE in set(roles or ())
        granted = (domains.CREDENTIALS_ROLE,) if wants and self.caller.has(HARVESTER_ROLE) else ()
        return domains.to_dto(self.db, d, self.ctx.cipher, granted)

    @rpc(roles=CURATOR)
    def update_domain(self, name: str, edition: int, comments: str | None = None,
                      crawler_traps: list[str] | None = None) -> DomainDto:
        """Change comments and/or replace the crawler traps. Raises DomainNotFound, EditionConflict,
        InvalidRegex (details: pattern, position)."""
        with self._saving("domain", name) as s:
            return self._domain(domains.update(s, name, edition, comments=comments, crawler_traps=crawler_traps))

    @rpc(roles=CURATOR)
    def add_owner_info(self, name: str, edition: int, info: str) -> DomainDto:
        """Add a dated owner note. Raises DomainNotFound, EditionConflict, InvalidInput."""
        with self._saving("domain", name) as s:
            return self._domain(domains.add_owner_info(s, name, edition, info))

    @rpc(roles=CURATOR)
    def set_alias(self, name: str, edition: int, alias_of: str | None) -> DomainDto:
        """Make the domain an alias of ``alias_of`` (None: no alias); setting it again re-confirms it.
        Raises DomainNotFound, EditionConflict, Conflict."""
        with self._saving("domain", name) as s:
            return self._domain(domains.set_alias(s, name, edition, alias_of, self.ctx.defaults.alias_valid_days))

    @rpc(roles=READ)
    def expired_aliases(self, offset: int = 0, limit: int = 100) -> Page[DomainSummaryDto]:
        """Aliases whose confirmation has expired (a Page of domain summaries). Raises InvalidInput."""
        return domains.expired_aliases(self.db, *self._paging(offset, limit))

    @rpc(roles=CURATOR, audit=True, sensitive_arguments=("credentials",))
    def set_credentials(self, name: str, edition: int, credentials: list[dict[str, Any]]) -> DomainDto:
        """Replace the domain's site logins ({url, realm, username, password}; an ``id`` without a
        password keeps the stored one). Passwords are stored encrypted and not returned.
        Raises DomainNotFound, EditionConflict, InvalidUrl, InvalidInput."""
        with self._saving("domain", name) as s:
            return self._domain(domains.set_credentials(s, name, edition, credentials, self.ctx.cipher))

    @rpc(roles=(HARVESTER_ROLE,), audit=True, exclusive=True)
    def site_logins(self, names: list[str], roles: list[str] | None = None) -> list[SiteLoginDto]:
        """The site logins of the domains ``names`` with their passwords decrypted, for the harvester to hand
        to the crawler (unknown domains are skipped). Only for a caller whose verified identity holds the
        harvester role: not admins, not other services (``roles`` is kept for older harvesters and
        ignored); raises PermissionDenied otherwise, InvalidInput for a malformed list."""
        if not isinstance(names, list):
            raise InvalidInput("names: expected a list of domain names")
        return domains.site_logins(self.db, names, self.ctx.cipher)

    @rpc(roles=CURATOR)
    def save_seed_list(self, domain: str, edition: int, name: str, seeds: list[str] | str,
                       comments: str | None = None) -> DomainDto:
        """Create or replace a seed list of the domain; returns the domain. Raises DomainNotFound,
        EditionConflict, InvalidUrl (details.seeds: each bad seed and why), InvalidInput."""
        with self._saving("domain", domain) as s:
            return self._domain(configurations.save_seed_list(s, domain, edition, name, seeds, comments))

    @rpc(roles=CURATOR)
    def delete_seed_list(self, domain: str, edition: int, name: str) -> DomainDto:
        """Remove an unused seed list. Raises DomainNotFound, EditionConflict, NotFound, Conflict."""
        with self._saving("domain", domain) as s:
            return self._domain(configurations.delete_seed_list(s, domain, edition, name))

    @rpc(roles=CURATOR)
    def save_configuration(self, domain: str, edition: int, name: str, profile: str | None = None,
                           seed_lists: list[str] | None = None, max_objects: int | None = None,
                           max_bytes: int | None = None, max_request_rate: int | None = None,
                           comments: str | None = None, make_default: bool = False) -> DomainDto:
        """Create a configuration or change the given fields; returns the domain. Raises
        DomainNotFound, EditionConflict, NotFound (profile, seed list), Conflict (inactive profile),
        InvalidInput."""
        with self._saving("domain", domain) as s:
            return self._domain(configurations.save_configuration(
                s, domain, edition, name, profile=profile, seed_lists=seed_lists, max_objects=max_objects,
                max_bytes=max_bytes, max_request_rate=max_request_rate, comments=comments,
                make_default=make_default))

    @rpc(roles=CURATOR)
    def set_default_configuration(self, domain: str, edition: int, name: str) -> DomainDto:
        """Choose the domain's default configuration. Raises DomainNotFound, EditionConflict, NotFound."""
        with self._saving("domain", domain) as s:
            return self._domain(configurations.set_default_configuration(s, domain, edition, name))

    @rpc(roles=CURATOR)
    def delete_configuration(self, domain: str, edition: int, name: str) -> DomainDto:
        """Remove a configuration that is not the default and not in a harvest. Raises
        DomainNotFound, EditionConflict, NotFound, Conflict."""
        with self._saving("domain", domain) as s:
            return self._domain(configurations.delete_configuration(s, domain, edition, name))

    @rpc(roles=READ)
    def list_domains(self, offset: int = 0, limit: int = 100,
                     sort: str | None = None) -> Page[DomainSummaryDto]:
        """A page of domain summaries sorted by name, created_at, tld or id (``-`` for
        descending). Raises InvalidInput."""
        return domains.search(self.db, None, "name", *self._paging(offset, limit), sort)

    @rpc(roles=READ)
    def search_domains(self, pattern: str, field: str = "name", offset: int = 0, limit: int = 100,
                       sort: str | None = None) -> SearchPage[DomainSummaryDto]:
        """Domains whose name, comments or crawler traps (``field``) match the glob ``pattern``
        (``*`` and ``?``), one page. Raises InvalidInput (field, sort, paging)."""
        page = domains.search(self.db, pattern, field, *self._paging(offset, limit), sort)
        if not isinstance(page, SearchPage):   # "*" or nothing: every domain, counted in full
            page = SearchPage(page.items, page.total, page.offset, page.limit)
        return page

    @rpc(roles=READ)
    def domain_statistics(self) -> DomainStatisticsDto:
        """Domain counts: total, harvested, never harvested, aliases, and by top-level domain."""
        return statistics.domain_statistics(self.db)

    @rpc(roles=READ)
    def domain_history(self, name: str, offset: int = 0, limit: int = 100) -> Page[HistoryDto]:
        """The domain's harvest history, newest first. Raises DomainNotFound, InvalidInput."""
        return statistics.domain_history(self.db, name, *self._paging(offset, limit))

    # --- mass ingest ---------------------------------------------------------------------------

    @rpc(roles=CURATOR)
    def ingest_start(self, source: str = "", total_lines: int | None = None) -> IngestRunDto:
        """Open an ingest run; send its lines with ``ingest_chunk``. Returns the run (its ``id``)."""
        with self._saving("ingest run") as s:
            return ingest.to_dto(ingest.start(s, source, total_lines))

    @rpc(roles=CURATOR)
    def ingest_chunk(self, run_id: int, first_line: int, lines: list[str]) -> IngestRunDto:
        """Ingest lines ``first_line...`` of the run's file in one transaction: blank and ``#``
        lines ignored, invalid names reported with their line numbers, duplicates and existing
        domains counted. Lines already applied are skipped (a resent chunk is harmless). Returns
        the run's progress. Raises NotFound, Conflict (gap before first_line, run finished),
        InvalidInput (chunk too large)."""
        with self._saving("ingest run", str(run_id)) as s:
            run = ingest.ingest_chunk(s, run_id, first_line, lines, self.ctx.defaults, self.ctx.max_errors,
                                      self.ctx.max_chunk)
            return ingest.to_dto(run)

    @rpc(roles=READ)
    def ingest_status(self, run_id: int) -> IngestRunDto:
        """The run's progress: next_line to send, counts, the first reported errors. Raises NotFound."""
        return ingest.to_dto(ingest.get(self.db, run_id))

    @rpc(roles=CURATOR)
    def ingest_finish(self, run_id: int) -> IngestRunDto:
        """Close the run (no more chunks). Raises NotFound."""
        with self._saving("ingest run", str(run_id)) as s:
            return ingest.to_dto(ingest.finish(s, run_id))

    @rpc(roles=READ)
    def list_ingests(self, offset: int = 0, limit: int = 100) -> Page[IngestRunDto]:
        """Ingest runs, newest first. Raises InvalidInput."""
        return ingest.listing(self.db, *self._paging(offset, limit))

    # --- crawl profiles -------------------------------------------------------------------------

    @rpc(roles=CURATOR)
    def upload_profile(self, name: str, content: str, format: str | None = None, filename: str | None = None,
                       comments: str | None = None, edition: int | None = None) -> ProfileDto:
        """Store a YAML or TOML crawl profile (new, or replacing one at ``edition``); ``content``
        is the document's text, kept byte for byte. Raises InvalidProfile (details.problems: each
        path and reason), AlreadyExists, NotFound, EditionConflict."""
        with self._saving("crawl profile", name) as s:
            p = profiles.upload(s, name, content.encode("utf-8"), format, filename, comments, edition)
            return profiles.to_dto(p)

    @rpc(roles=READ)
    def download_profile(self, name: str) -> ProfileDocumentDto:
        """The document exactly as uploaded (name, format, content). Raises NotFound."""
        p = profiles.get(self.db, name)
        return ProfileDocumentDto(p.name, p.document_format, p.document.decode("utf-8"))

    @rpc(roles=READ)
    def get_profile(self, name: str) -> ProfileDto:
        """The profile with its effective (validated, defaults filled) settings. Raises NotFound."""
        return profiles.to_dto(profiles.get(self.db, name))

    @rpc(roles=READ)
    def list_profiles(self, offset: int = 0, limit: int = 100, sort: str | None = None,
                      pattern: str | None = None, active: bool | None = None) -> Page[ProfileDto]:
        """Profiles (glob on name, optionally only active or inactive ones). Raises InvalidInput."""
        return profiles.listing(self.db, *self._paging(offset, limit), sort, pattern, active)

    @rpc(roles=CURATOR)
    def set_profile_active(self, name: str, active: bool, edition: int | None = None) -> ProfileDto:
        """Activate or deactivate a profile (an inactive one cannot be chosen for a configuration).
        Raises NotFound, EditionConflict."""
        with self._saving("crawl profile", name) as s:
            return profiles.to_dto(profiles.set_active(s, name, active, edition))

    # --- schedules ------------------------------------------------------------------------------

    @rpc(roles=CURATOR)
    def create_schedule(self, name: str, unit: str, every: int = 1, comments: str = "",
                        **fields: Any) -> ScheduleDto:
        """A schedule: every N hours|days|weeks|months, optionally at a fixed minute, hour, weekday
        (1 = Monday) or day_of_month; start_at/end_at ISO 8601 with zone, or max_runs.
        Raises InvalidSchedule (details.field), InvalidInput, AlreadyExists."""
        with self._saving("schedule", name) as s:
            return self._zoned(schedules.to_dto(schedules.create(s, name, {"unit": unit, "every": every, **fields},
                                                                 comments)))

    @rpc(roles=READ)
    def get_schedule(self, name: str, preview: int = 5) -> ScheduleDetailsDto:
        """The schedule and, under ``upcoming``, its next ``preview`` runs if activated now.
        Raises NotFound."""
        sch = schedules.get(self.db, name)
        times = upcoming(schedules.rule_of(sch), dt.datetime.now(dt.UTC), self.ctx.tz, max(0, min(preview, 100)))
        return self._zoned(ScheduleDetailsDto(**vars(schedules.to_dto(sch)), upcoming=times))

    @rpc(roles=READ)
    def preview_schedule(self, fields: ScheduleFields, n: int = 5) -> SchedulePreviewDto:
        """The next ``n`` (at most 100) runs of an unsaved schedule given by ``fields`` (as
        ``create_schedule``: unit, every, minute, hour, weekday, day_of_month, start_at, end_at,
        max_runs), if a harvest used it from now, computed as ``get_schedule`` does for a saved one.
        Returns the description and the times; nothing is saved. Raises
        InvalidSchedule (details.field)."""
        rule = schedules.rule_from(given(fields))
        times = upcoming(rule, dt.datetime.now(dt.UTC), self.ctx.tz, max(0, min(n, 100)))
        return SchedulePreviewDto(rule.describe(), times, self.ctx.tz.key)

    @rpc(roles=CURATOR)
    def update_schedule(self, name: str, edition: int, fields: ScheduleFields,
                        comments: str | None = None) -> ScheduleDto:
        """Change some fields. Raises NotFound, EditionConflict, InvalidSchedule."""
        with self._saving("schedule", name) as s:
            return self._zoned(schedules.to_dto(schedules.update(s, name, edition, given(fields), comments)))

    @rpc(roles=READ)
    def list_schedules(self, offset: int = 0, limit: int = 100, sort: str | None = None,
                       pattern: str | None = None) -> Page[ScheduleDto]:
        """Schedules (glob on name). Raises InvalidInput."""
        page = schedules.listing(self.db, *self._paging(offset, limit), sort, pattern)
        for item in page.items:
            self._zoned(item)
        return page

    def _zoned(self, dto):
        """Name the time zone the schedule's wall-clock times are in (the desktop and the CLI
        show times in the user's zone and say which)."""
        dto.time_zone = self.ctx.tz.key
        return dto

    # --- harvest definitions --------------------------------------------------------------------

    def _harvest(self, h) -> HarvestDto:
        dto = definitions.to_dto(self.db, h)
        dto.time_zone = self.ctx.tz.key
        if h.schedule is not None:
            dto.schedule_rule = self._zoned(schedules.to_dto(h.schedule))
        return dto

    @rpc(roles=CURATOR)
    def create_selective(self, name: str, schedule: str, configurations: list[dict[str, str]],
                         comments: str = "", channel: str | None = None) -> HarvestDto:
        """A selective harvest of the given ``[{"domain", "configuration"}]`` (configuration left
        out: the domain's default) on a schedule, created inactive. Raises InvalidInput,
        AlreadyExists, NotFound, DomainNotFound, Conflict (channel kind)."""
        with self._saving("harvest definition", name) as s:
            return self._harvest(definitions.create_selective(s, name, schedule, configurations, comments, channel))

    @rpc(roles=CURATOR)
    def create_event(self, name: str, schedule: str, urls: str, profile: str | None = None,
                     max_objects: int | None = None, max_bytes: int | None = None, comments: str = "",
                     channel: str | None = None) -> HarvestDto:
        """An event harvest from a pasted URL list (one a line); unknown domains, seed lists and
        configurations are created. All or nothing: InvalidUrl with details.lines naming each bad
        line. Also raises InvalidInput, AlreadyExists, NotFound."""
        with self._saving("harvest definition", name) as s:
            return self._harvest(definitions.create_event(s, name, schedule, urls, self.ctx.defaults, profile,
                                                          max_objects, max_bytes, comments, channel))

    @rpc(roles=CURATOR)
    def create_snapshot(self, name: str, max_bytes: int = -1, max_objects: int = -1,
                        max_job_running_time_s: int = 0, based_on: str | None = None, comments: str = "",
                        channel: str | None = None) -> HarvestDto:
        """A snapshot harvest of every domain's default configuration, with per-domain limits;
        ``based_on`` an earlier snapshot takes only the domains that did not complete in it.
        Raises InvalidInput, AlreadyExists, NotFound, Conflict."""
        with self._saving("harvest definition", name) as s:
            return self._harvest(definitions.create_snapshot(s, name, max_bytes, max_objects, max_job_running_time_s,
                                                             based_on, comments, channel))

    @rpc(roles=READ)
    def get_harvest(self, name: str) -> HarvestDto:
        """One harvest definition with its configurations. Raises NotFound."""
        return self._harvest(definitions.get(self.db, name))

    @rpc(roles=CURATOR)
    def update_harvest(self, name: str, edition: int, changes: HarvestChanges) -> HarvestDto:
        """Change a harvest definition (see definitions.update for the fields). Raises NotFound,
        EditionConflict, InvalidInput, Conflict."""
        with self._saving("harvest definition", name) as s:
            return self._harvest(definitions.update(s, name, edition, given(changes)))

    @rpc(roles=CURATOR)
    def set_harvest_active(self, name: str, active: bool, edition: int | None = None) -> HarvestDto:
        """Activate (computing the next run) or deactivate. Raises NotFound, EditionConflict,
        Conflict (nothing to harvest, schedule ended, snapshot already run)."""
        with self._saving("harvest definition", name) as s:
            return self._harvest(definitions.set_active(s, name, active, self.ctx.tz, edition))

    @rpc(roles=READ)
    def list_harvests(self, offset: int = 0, limit: int = 100, sort: str | None = None,
                      pattern: str | None = None, kind: str | None = None, active: bool | None = None,
                      field: str = "name") -> Page[HarvestDto]:
        """Harvest definitions (glob on name or comments, by kind, active). Raises InvalidInput."""
        page = definitions.listing(self.db, *self._paging(offset, limit), sort, pattern, kind, active, field)
        for item in page.items:
            item.time_zone = self.ctx.tz.key
        return page

    @rpc(roles=READ)
    def harvest_history(self, name: str, offset: int = 0, limit: int = 100) -> Page[HistoryDto]:
        """Per-domain results of a harvest's jobs. Raises NotFound, InvalidInput."""
        h = definitions.get(self.db, name)
        return statistics.harvest_history(self.db, h.id, *self._paging(offset, limit))

    # --- channels and global crawler traps --------------------------------------------------------

    @rpc(roles=READ)
    def list_channels(self) -> list[ChannelDto]:
        """Every harvest channel."""
        return [channels.to_dto(c) for c in channels.listing(self.db)]

    @rpc(roles=CURATOR_OR_OPERATOR)
    def create_channel(self, name: str, snapshot: bool, comments: str = "") -> ChannelDto:
        """A new channel (upper-cased). Raises InvalidInput, AlreadyExists."""
        with self._saving("harvest channel", name) as s:
            return channels.to_dto(channels.create(s, name, snapshot, comments))

    @rpc(roles=CURATOR_OR_OPERATOR)
    def set_default_channel(self, name: str) -> ChannelDto:
        """Make the channel the default of its kind. Raises NotFound."""
        with self._saving("harvest channel", name) as s:
            return channels.to_dto(channels.set_default(s, name))

    @rpc(roles=CURATOR)
    def create_trap_list(self, name: str, expressions: list[str], description: str = "",
                         active: bool = True) -> TrapListDto:
        """A global crawler trap list. Raises InvalidRegex (pattern, position), InvalidInput,
        AlreadyExists."""
        with self._saving("trap list", name) as s:
            return traps.to_dto(traps.create(s, name, expressions, description, active))

    @rpc(roles=READ)
    def get_trap_list(self, name: str) -> TrapListDto:
        """One global trap list. Raises NotFound."""
        return traps.to_dto(traps.get(self.db, name))

    @rpc(roles=CURATOR)
    def update_trap_list(self, name: str, edition: int, expressions: list[str] | None = None,
                         description: str | None = None, active: bool | None = None) -> TrapListDto:
        """Change a global trap list. Raises NotFound, EditionConflict, InvalidRegex."""
        with self._saving("trap list", name) as s:
            return traps.to_dto(traps.update(s, name, edition, expressions=expressions, description=description,
                                             active=active))

    @rpc(roles=READ)
    def list_trap_lists(self, offset: int = 0, limit: int = 100, sort: str | None = None,
                        pattern: str | None = None) -> Page[TrapListDto]:
        """Global trap lists. Raises InvalidInput."""
        return traps.listing(self.db, *self._paging(offset, limit), sort, pattern)
