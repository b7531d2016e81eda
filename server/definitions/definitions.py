"""Harvest definitions: selective (chosen configurations on a schedule), event (made from a
pasted list of URLs) and snapshot (every domain's default configuration, optionally only the
domains an earlier snapshot did not complete: the seeds' stair-step)."""
from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import and_, exists, func, select
from sqlalchemy.orm import Session, selectinload

from server.db import query
from server.definitions import channels, configurations, domains, schedules, validation
from server.definitions.models import (
    Domain,
    DomainConfiguration,
    HarvestDefinition,
    HarvestHistory,
    SeedList,
    harvest_configurations,
    utcnow,
)
from server.definitions.schedule_rules import first_run, run_after
from shared.domain_names import registered_domain
from shared.dto import Page
from shared.dto.definitions import HarvestConfigurationRef, HarvestDto, HarvestQaDto
from shared.enums import HarvestKind, StopReason
from shared.errors import AlreadyExists, Conflict, InvalidInput, InvalidUrl, NotFound

PARTIAL = (HarvestKind.SELECTIVE.value, HarvestKind.EVENT.value)


def get(session: Session, name: str) -> HarvestDefinition:
    h = session.execute(select(HarvestDefinition).where(HarvestDefinition.name == name)).scalar_one_or_none()
    if h is None:
        raise NotFound(f"no harvest definition {name!r}", {"object": "harvest definition", "name": name})
    return h


def to_dto(session: Session, h: HarvestDefinition, with_configurations: bool = True) -> HarvestDto:
    refs = None
    count = 0
    if h.kind in PARTIAL:
        rows = session.execute(
            select(Domain.name, DomainConfiguration.name)
            .join(DomainConfiguration, DomainConfiguration.domain_id == Domain.id)
            .join(harvest_configurations, harvest_configurations.c.configuration_id == DomainConfiguration.id)
            .where(harvest_configurations.c.harvest_id == h.id).order_by(Domain.name, DomainConfiguration.name)
        ).all()
        count = len(rows)
        refs = [HarvestConfigurationRef(d, c) for d, c in rows] if with_configurations else None
    # why the scheduler gave up on it, as long as nobody has switched it on again
    error, error_at = ("", None) if h.active else (h.scheduling_error or "", h.scheduling_error_at)
    return HarvestDto(
        h.id, h.name, HarvestKind(h.kind), h.comments, h.active, h.runs, h.next_run_at, h.first_run_at, h.channel.name,
        h.edition, h.created_at, h.schedule.name if h.schedule else None, refs, count, h.max_bytes,
        h.max_objects, h.max_job_running_time_s, h.based_on.name if h.based_on else None, error, error_at,
        qa=qa_options(h.qa))


QA_KEYS = ("auto", "sample", "threshold")
MAX_QA_SAMPLE = 100_000


def qa_options(stored: str | None) -> HarvestQaDto:
    """The stored QA options (JSON; empty: none set)."""
    values = json.loads(stored) if stored else {}
    return HarvestQaDto(**{k: values[k] for k in QA_KEYS if k in values})


def check_qa(current: str | None, changes: Any) -> str:
    """The QA options after ``changes`` (a dict of auto, sample, threshold; a key left out keeps its
    value, None sets it back to the qa service's default), as stored. Raises InvalidInput."""
    if not isinstance(changes, dict) or set(changes) - set(QA_KEYS):
        raise InvalidInput(f"qa holds {', '.join(QA_KEYS)} only", {"field": "qa", "allowed": list(QA_KEYS)})
    values = json.loads(current) if current else {}
    if "auto" in changes:
        if not isinstance(changes["auto"], bool):
            raise InvalidInput("qa.auto is true or false", {"field": "qa.auto"})
        values["auto"] = changes["auto"]
    if "sample" in changes:
        n = changes["sample"]
        if n is not None and (not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_QA_SAMPLE):
            raise InvalidInput(f"qa.sample is a number of pages from 0 to {MAX_QA_SAMPLE}", {"field": "qa.sample"})
        values["sample"] = n
    if "threshold" in changes:
        t = changes["threshold"]
        if t is not None and (not isinstance(t, (int, float)) or isinstance(t, bool) or not 0 <= t <= 1):
            raise InvalidInput("qa.threshold is a share from 0 to 1", {"field": "qa.threshold"})
        values["threshold"] = None if t is None else float(t)
    values = {k: v for k, v in values.items() if v is not None and not (k == "auto" and v is False)}
    return json.dumps(values, sort_keys=True) if values else ""


def _new(session: Session, name: str, kind: HarvestKind, comments: str, channel: str | None) -> HarvestDefinition:
    name = validation.check_name(name, "harvest definition")
    comments = validation.check_text(comments, "comments", "harvest definition")
    if session.execute(select(exists().where(HarvestDefinition.name == name))).scalar():
        raise AlreadyExists(f"a harvest definition {name!r} exists", {"object": "harvest definition", "name": name})
    snapshot = kind == HarvestKind.SNAPSHOT
    ch = channels.get(session, channel) if channel else channels.default(session, snapshot)
    if ch.snapshot != snapshot:
        raise Conflict(f"the channel {ch.name} is for {'snapshot' if ch.snapshot else 'focused'} harvests",
                       {"object": "harvest channel", "name": ch.name})
    # Not added to the session here: the caller adds it once it is complete, so it is written
    # with one INSERT at edition 1 (added at once, a query's autoflush inserted it half-made and
    # the rest came as an UPDATE, and a new definition read "edition 2").
    return HarvestDefinition(name=name, kind=kind.value, comments=comments or "", active=False, runs=0, channel=ch,
                             created_at=utcnow())


def _configuration_refs(session: Session, refs: list[dict[str, str]]) -> list[DomainConfiguration]:
    """``[{"domain": ..., "configuration": ...}]`` (configuration optional: the default)."""
    out: list[DomainConfiguration] = []
    for ref in refs or []:
        if not isinstance(ref, dict) or "domain" not in ref:
            raise InvalidInput("each configuration is given as {\"domain\": ..., \"configuration\": ...}",
                               {"value": str(ref)[:200]})
        d = domains.get(session, ref["domain"], full=True)
        name = ref.get("configuration")
        config = configurations.configuration(d, name) if name else d.default_configuration
        if config not in out:
            out.append(config)
    return out


def create_selective(session: Session, name: str, schedule: str, configs: list[dict[str, str]],
                     comments: str = "", channel: str | None = None) -> HarvestDefinition:
    """Raises InvalidInput, AlreadyExists, NotFound (schedule, domain, configuration, channel)."""
    h = _new(session, name, HarvestKind.SELECTIVE, comments, channel)
    h.schedule = schedules.get(session, schedule)
    h.configurations = _configuration_refs(session, configs)
    session.add(h)
    session.flush()
    return h


def create_event(session: Session, name: str, schedule: str, urls: str | list[str], defaults: domains.DomainDefaults,
                 profile: str | None = None, max_objects: int | None = None, max_bytes: int | None = None,
                 comments: str = "", channel: str | None = None) -> HarvestDefinition:
    """An event harvest from a pasted list of URLs, one a line (blank lines and ``#`` comments
    ignored). Each URL's domain is created if unknown; each domain gets a seed list and a
    configuration named after the harvest. All or nothing: any bad line refuses the whole list
    with an InvalidUrl whose details list each bad line (number, text, reason).
    Raises InvalidUrl, InvalidInput, AlreadyExists, NotFound (schedule, profile, channel)."""
    lines = urls.splitlines() if isinstance(urls, str) else list(urls)
    by_domain: dict[str, list[str]] = {}
    bad = []
    for n, raw in enumerate(lines, 1):
        text = raw.strip() if isinstance(raw, str) else ""
        if not text or text.startswith("#"):
            continue
        try:
            url = validation.seed_url(text)
            from urllib.parse import urlsplit

            dname = registered_domain(urlsplit(url).hostname or "")
            if dname is None:
                raise InvalidUrl(f"{text!r} is not under a domain that can be registered", {"url": text})
            by_domain.setdefault(dname, []).append(url)
        except InvalidUrl as exc:
            bad.append({"line": n, "text": text[:500], "reason": exc.message})
    if bad:
        listed = "; ".join(f"line {b['line']}: {b['reason']}" for b in bad[:20])
        more = f" (and {len(bad) - 20} more)" if len(bad) > 20 else ""
        raise InvalidUrl(f"{len(bad)} bad line(s) in the URL list, nothing was created: {listed}{more}",
                         {"lines": bad})
    if not by_domain:
        raise InvalidInput("the URL list holds no URLs", {"field": "urls"})
    h = _new(session, name, HarvestKind.EVENT, comments, channel)
    h.schedule = schedules.get(session, schedule)
    prof = configurations.profile_by_name(session, profile or defaults.profile)
    if max_objects is not None:
        validation.limit(max_objects, "max_objects")
    if max_bytes is not None:
        validation.limit(max_bytes, "max_bytes")
    chosen = []
    for dname, seeds in sorted(by_domain.items()):
        d = domains.find(session, dname)
        if d is None:
            d = domains.new_domain(session, dname, defaults, profile_id=prof.id)
            session.flush()
        seed_list = next((s for s in d.seed_lists if s.name == h.name), None)
        if seed_list is None:
            seed_list = SeedList(name=h.name, comments=f"event harvest {h.name}", seeds="")
            d.seed_lists.append(seed_list)
        seed_list.seeds = "\n".join(dict.fromkeys(seed_list.urls + seeds))
        config = next((c for c in d.configurations if c.name == h.name), None)
        if config is None:
            base = d.default_configuration
            config = DomainConfiguration(name=h.name, comments=f"event harvest {h.name}", is_default=False,
                                         max_request_rate=base.max_request_rate if base else 60,
                                         max_objects=-1, max_bytes=-1)
            d.configurations.append(config)
        config.profile_id = prof.id
        config.seed_lists = [seed_list]
        config.max_objects = max_objects if max_objects is not None else (
            d.default_configuration.max_objects if d.default_configuration else -1)
        config.max_bytes = max_bytes if max_bytes is not None else (
            d.default_configuration.max_bytes if d.default_configuration else -1)
        domains.touch(d)
        chosen.append(config)
    session.flush()
    h.configurations = chosen
    session.add(h)
    session.flush()
    return h


def create_snapshot(session: Session, name: str, max_bytes: int = -1, max_objects: int = -1,
                    max_job_running_time_s: int = 0, based_on: str | None = None, comments: str = "",
                    channel: str | None = None) -> HarvestDefinition:
    """Raises InvalidInput, AlreadyExists, NotFound (based_on, channel), Conflict (based on a
    harvest that is not a snapshot)."""
    h = _new(session, name, HarvestKind.SNAPSHOT, comments, channel)
    h.max_bytes = validation.limit(max_bytes, "max_bytes")
    h.max_objects = validation.limit(max_objects, "max_objects")
    h.max_job_running_time_s = validation.limit(max_job_running_time_s, "max_job_running_time_s", "time")
    if based_on:
        prev = get(session, based_on)
        if prev.kind != HarvestKind.SNAPSHOT.value:
            raise Conflict(f"{based_on!r} is a {prev.kind} harvest; a snapshot can only be based on a snapshot",
                           {"object": "harvest definition", "name": based_on})
        h.based_on = prev
    session.add(h)
    session.flush()
    return h


def update(session: Session, name: str, edition: int, changes: dict[str, Any]) -> HarvestDefinition:
    """Change comments, channel, and for partial harvests schedule and configurations
    (``configurations``: the whole new list, or ``add_configurations``/``remove_configurations``),
    for snapshots max_bytes, max_objects, max_job_running_time_s; for every kind ``qa`` (check_qa). Raises NotFound,
    EditionConflict, InvalidInput."""
    h = get(session, name)
    validation.edition(h, edition, "harvest definition", name)
    partial = h.kind in PARTIAL
    allowed = {"comments", "channel", "qa"} | (
        {"schedule", "configurations", "add_configurations", "remove_configurations"} if partial
        else {"max_bytes", "max_objects", "max_job_running_time_s"})
    unknown = set(changes) - allowed
    if unknown:
        raise InvalidInput(f"cannot change {', '.join(sorted(unknown))} of a {h.kind} harvest",
                           {"fields": sorted(unknown)})
    if "comments" in changes:
        h.comments = validation.check_text(changes["comments"], "comments", "harvest definition")
    if "qa" in changes:
        h.qa = check_qa(h.qa, changes["qa"])
    if "channel" in changes:
        ch = channels.get(session, changes["channel"])
        if ch.snapshot != (h.kind == HarvestKind.SNAPSHOT.value):
            raise Conflict(f"the channel {ch.name} is for {'snapshot' if ch.snapshot else 'focused'} harvests",
                           {"object": "harvest channel", "name": ch.name})
        h.channel = ch
    if "schedule" in changes:
        h.schedule = schedules.get(session, changes["schedule"])
    if "configurations" in changes:
        h.configurations = _configuration_refs(session, changes["configurations"])
    if "add_configurations" in changes:
        for c in _configuration_refs(session, changes["add_configurations"]):
            if c not in h.configurations:
                h.configurations.append(c)
    if "remove_configurations" in changes:
        for c in _configuration_refs(session, changes["remove_configurations"]):
            if c in h.configurations:
                h.configurations.remove(c)
    for f in ("max_bytes", "max_objects"):
        if f in changes:
            setattr(h, f, validation.limit(changes[f], f))
    if "max_job_running_time_s" in changes:
        h.max_job_running_time_s = validation.limit(changes["max_job_running_time_s"], "max_job_running_time_s", "time")
    from sqlalchemy.orm.attributes import flag_modified

    flag_modified(h, "comments")  # configurations are part of the harvest: the edition goes up
    session.flush()
    return h


def set_active(session: Session, name: str, active: bool, tz: ZoneInfo, edition: int | None = None,
               now: dt.datetime | None = None) -> HarvestDefinition:
    """Activate or deactivate. Activating a partial harvest sets its first and next run from its
    schedule (when it has none yet, or its next run is gone); a snapshot runs once, at once.
    Raises NotFound, EditionConflict, Conflict (no configurations; schedule ended)."""
    now = now or utcnow()
    h = get(session, name)
    if edition is not None:
        validation.edition(h, edition, "harvest definition", name)
    if active and not h.active:
        if h.kind in PARTIAL:
            has = session.execute(select(exists().where(harvest_configurations.c.harvest_id == h.id))).scalar()
            if not has:
                raise Conflict(f"the harvest {name!r} has no domain configurations to harvest",
                               {"object": "harvest definition", "name": name})
            rule = schedules.rule_of(h.schedule)
            if h.first_run_at is None:
                h.first_run_at = first_run(rule, now, tz)
            nxt = run_after(rule, h.first_run_at, h.runs - (h.extra_runs or 0), tz)
            if nxt is None:
                raise Conflict(f"the schedule of {name!r} has ended ({h.runs} runs done)",
                               {"object": "harvest definition", "name": name})
            h.next_run_at = nxt
        elif h.runs == 0:
            h.next_run_at = now
        else:
            raise Conflict(f"the snapshot harvest {name!r} has run; make a new one (based on it)",
                           {"object": "harvest definition", "name": name})
    if active:
        h.scheduling_error, h.scheduling_error_at = "", None
    h.active = bool(active)
    session.flush()
    return h


SORT = {"name": HarvestDefinition.name, "next_run_at": HarvestDefinition.next_run_at,
        "created_at": HarvestDefinition.created_at, "id": HarvestDefinition.id}


def listing(session: Session, offset: int, limit: int, sort: str | None = None, pattern: str | None = None,
            kind: str | None = None, active: bool | None = None, field: str = "name") -> Page[HarvestDto]:
    stmt = select(HarvestDefinition).options(selectinload(HarvestDefinition.channel),
                                             selectinload(HarvestDefinition.schedule),
                                             selectinload(HarvestDefinition.based_on))
    if pattern and pattern.strip("*"):
        col = {"name": HarvestDefinition.name, "comments": HarvestDefinition.comments}.get(field)
        if col is None:
            raise InvalidInput(f"cannot search harvests by {field!r}; choose name or comments", {"field": field})
        stmt = stmt.where(query.glob_filter(col, pattern, lower=True))
    if kind:
        if kind not in {k.value for k in HarvestKind}:
            raise InvalidInput(f"unknown harvest kind {kind!r}", {"kind": kind})
        stmt = stmt.where(HarvestDefinition.kind == kind)
    if active is not None:
        stmt = stmt.where(HarvestDefinition.active.is_(bool(active)))
    stmt = query.order_by(stmt, sort, SORT, "name", HarvestDefinition.id)
    return query.page(session, stmt, offset, limit, lambda h: to_dto(session, h, False))


# --- for the scheduler --------------------------------------------------------------------------

def snapshot_configurations(session: Session, h: HarvestDefinition):
    """A SELECT of the configurations a snapshot takes: every non-alias domain's default
    configuration, minus (when based on an earlier snapshot) the domains that completed in it.
    Returned as a statement so the scheduler can stream it in chunks."""
    stmt = (select(DomainConfiguration)
            .join(Domain, Domain.id == DomainConfiguration.domain_id)
            .where(DomainConfiguration.is_default.is_(True), Domain.alias_of_id.is_(None)))
    if h.based_on_id is not None:
        complete = [r.value for r in StopReason if r.is_complete]
        stmt = stmt.where(~exists().where(and_(HarvestHistory.harvest_id == h.based_on_id,
                                               HarvestHistory.domain_id == Domain.id,
                                               HarvestHistory.stop_reason.in_(complete))))
    return stmt.order_by(DomainConfiguration.id)


def count_snapshot_configurations(session: Session, h: HarvestDefinition) -> int:
    stmt = snapshot_configurations(session, h).order_by(None)
    return session.execute(select(func.count()).select_from(stmt.subquery())).scalar_one()
