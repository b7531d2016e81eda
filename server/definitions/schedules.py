"""Schedules stored in the database: create, read, update, list; and their rules."""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from server.db import query
from server.definitions import validation
from server.definitions.models import HarvestDefinition, Schedule
from server.definitions.schedule_rules import Rule
from shared.dto import Page
from shared.dto.definitions import ScheduleDto
from shared.errors import AlreadyExists, Conflict, InvalidSchedule, NotFound

FIELDS = ("unit", "every", "minute", "hour", "weekday", "day_of_month", "start_at", "end_at", "max_runs")


def rule_of(s: Schedule) -> Rule:
    return Rule(s.unit, s.every, s.minute, s.hour, s.weekday, s.day_of_month, s.start_at, s.end_at, s.max_runs)


def to_dto(s: Schedule) -> ScheduleDto:
    return ScheduleDto(s.id, s.name, s.comments, s.unit, s.every, s.minute, s.hour, s.weekday, s.day_of_month,
                       s.start_at, s.end_at, s.max_runs, s.edition, rule_of(s).describe())


def _parse_time(field: str, value: Any) -> dt.datetime | None:
    if value is None or isinstance(value, dt.datetime):
        return value
    try:
        parsed = dt.datetime.fromisoformat(str(value))
    except ValueError:
        raise InvalidSchedule(f"schedule {field}: {value!r} is not an ISO 8601 date and time",
                              {"field": field, "reason": "format"}) from None
    if parsed.tzinfo is None:
        raise InvalidSchedule(f"schedule {field}: {value!r} has no time zone (add Z or +01:00)",
                              {"field": field, "reason": "no time zone"})
    return parsed


def rule_from(fields: dict[str, Any], base: Rule | None = None) -> Rule:
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise InvalidSchedule(f"unknown schedule field(s): {', '.join(sorted(unknown))}",
                              {"field": sorted(unknown)[0], "reason": "unknown"})
    values = {f: getattr(base, f) for f in FIELDS} if base else {"unit": None, "every": 1}
    values.update(fields)
    values["start_at"] = _parse_time("start_at", values.get("start_at"))
    values["end_at"] = _parse_time("end_at", values.get("end_at"))
    return Rule(**values).check()


def get(session: Session, name: str) -> Schedule:
    s = session.execute(select(Schedule).where(Schedule.name == name)).scalar_one_or_none()
    if s is None:
        raise NotFound(f"no schedule {name!r}", {"object": "schedule", "name": name})
    return s


def create(session: Session, name: str, fields: dict[str, Any], comments: str = "") -> Schedule:
    """Raises InvalidSchedule, InvalidInput, AlreadyExists."""
    name = validation.check_name(name, "schedule")
    comments = validation.check_text(comments, "comments", "schedule")
    rule = rule_from(fields)
    if session.execute(select(exists().where(Schedule.name == name))).scalar():
        raise AlreadyExists(f"a schedule {name!r} exists", {"object": "schedule", "name": name})
    s = Schedule(name=name, comments=comments or "", **{f: getattr(rule, f) for f in FIELDS})
    session.add(s)
    session.flush()
    return s


def update(session: Session, name: str, edition: int, fields: dict[str, Any], comments: str | None = None) -> Schedule:
    """Change some fields. Harvests already scheduled keep their next run; later runs follow the new
    rule. Raises NotFound, EditionConflict, InvalidSchedule."""
    s = get(session, name)
    validation.edition(s, edition, "schedule", name)
    rule = rule_from(fields, rule_of(s))
    for f in FIELDS:
        setattr(s, f, getattr(rule, f))
    if comments is not None:
        s.comments = validation.check_text(comments, "comments", "schedule")
    session.flush()
    return s


def delete(session: Session, name: str) -> None:
    s = get(session, name)
    if session.execute(select(exists().where(HarvestDefinition.schedule_id == s.id))).scalar():
        raise Conflict(f"the schedule {name!r} is used by harvest definitions", {"object": "schedule", "name": name})
    session.delete(s)
    session.flush()


SORT = {"name": Schedule.name, "id": Schedule.id}


def listing(session: Session, offset: int, limit: int, sort: str | None = None,
            pattern: str | None = None) -> Page[ScheduleDto]:
    stmt = select(Schedule)
    if pattern and pattern.strip("*"):
        stmt = stmt.where(query.glob_filter(Schedule.name, pattern, lower=True))
    stmt = query.order_by(stmt, sort, SORT, "name", Schedule.id)
    return query.page(session, stmt, offset, limit, to_dto)
