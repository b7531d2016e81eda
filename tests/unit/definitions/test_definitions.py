"""Harvest definitions: selective, event, snapshot (with the stair-step), schedules, channels,
global trap lists."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from server.definitions import channels, definitions, domains, schedules, traps
from server.definitions.models import HarvestHistory
from shared.errors import AlreadyExists, Conflict, EditionConflict, InvalidRegex, InvalidSchedule, InvalidUrl

CPH = ZoneInfo("Europe/Copenhagen")


def test_first_migration_has_four_schedules_and_two_default_channels(session):
    names = [i.name for i in schedules.listing(session, 0, 10).items]
    assert sorted(names) == ["Daily", "Hourly", "Monthly", "Weekly"]
    assert channels.default(session, True).name == "SNAPSHOT" and channels.default(session, False).name == "FOCUSED"


def test_selective_harvest_activation_sets_the_next_run_from_its_schedule(session, defaults):
    domains.create_domain(session, "kb.dk", defaults)
    schedules.create(session, "nightly", {"unit": "days", "hour": 2, "minute": 0})
    h = definitions.create_selective(session, "kb nightly", "nightly", [{"domain": "kb.dk"}])
    assert not h.active and h.next_run_at is None
    now = dt.datetime(2025, 6, 1, 12, 0, tzinfo=dt.UTC)
    definitions.set_active(session, "kb nightly", True, CPH, now=now)
    assert h.next_run_at == dt.datetime(2025, 6, 2, 0, 0, tzinfo=dt.UTC)  # 02:00 CEST
    dto = definitions.to_dto(session, h)
    assert dto.configurations[0].to_dict() == {"domain": "kb.dk", "configuration": "defaultconfig"}


def test_selective_without_configurations_cannot_be_activated(session):
    definitions.create_selective(session, "empty", "Daily", [])
    with pytest.raises(Conflict, match="no domain configurations"):
        definitions.set_active(session, "empty", True, CPH)


def test_event_harvest_creates_unknown_domains_and_is_all_or_nothing(session, defaults):
    domains.create_domain(session, "kb.dk", defaults)
    urls = "# election 2025\nhttp://www.kb.dk/valg\n\nhttps://valg.dr.dk/\nhttp://www.bbc.co.uk/news\n"
    bad = urls + "not a url\nftp://x.dk/\nhttp://co.uk/\n"
    with pytest.raises(InvalidUrl) as err:
        definitions.create_event(session, "valg", "Daily", bad, defaults)
    assert [b["line"] for b in err.value.details["lines"]] == [6, 7, 8]
    assert domains.find(session, "dr.dk") is None  # nothing was created
    h = definitions.create_event(session, "valg", "Daily", urls, defaults, max_bytes=10_000)
    refs = [(r.domain, r.configuration) for r in definitions.to_dto(session, h).configurations]
    assert refs == [("bbc.co.uk", "valg"), ("dr.dk", "valg"), ("kb.dk", "valg")]
    dr = domains.get(session, "dr.dk")
    assert next(s for s in dr.seed_lists if s.name == "valg").urls == ["https://valg.dr.dk/"]
    assert dr.default_configuration.name == "defaultconfig"  # a new domain still gets its default
    assert next(c for c in dr.configurations if c.name == "valg").max_bytes == 10_000


def test_snapshot_stair_step_takes_only_domains_not_completed_in_the_earlier_one(session, defaults):
    for n in ("a.dk", "b.dk", "c.dk", "d.dk", "alias.dk"):
        domains.create_domain(session, n, defaults)
    domains.set_alias(session, "alias.dk", 1, "a.dk", 365)
    first = definitions.create_snapshot(session, "snap 1", max_bytes=10_000_000)
    all_names = _snapshot_domains(session, first)
    assert all_names == ["a.dk", "b.dk", "c.dk", "d.dk"]  # aliases are left out
    for name, reason in (("a.dk", "completed"), ("b.dk", "size-limit"), ("c.dk", "config-size-limit")):
        d = domains.get(session, name)
        session.add(HarvestHistory(domain_id=d.id, configuration_id=d.default_configuration.id, harvest_id=first.id,
                                   job_id=7, objects=10, bytes=100, stop_reason=reason))
    second = definitions.create_snapshot(session, "snap 2", max_bytes=100_000_000, based_on="snap 1")
    assert _snapshot_domains(session, second) == ["b.dk", "d.dk"]
    assert definitions.count_snapshot_configurations(session, second) == 2


def _snapshot_domains(session, h):
    return sorted(c.domain.name for c in session.execute(definitions.snapshot_configurations(session, h)).scalars())


def test_snapshot_runs_once(session):
    definitions.create_snapshot(session, "snap")
    h = definitions.set_active(session, "snap", True, CPH)
    assert h.next_run_at is not None
    h.runs = 1
    definitions.set_active(session, "snap", False, CPH)
    with pytest.raises(Conflict, match="has run"):
        definitions.set_active(session, "snap", True, CPH)


def test_harvest_edition_and_duplicate_names(session, defaults):
    definitions.create_snapshot(session, "snap")
    with pytest.raises(AlreadyExists):
        definitions.create_selective(session, "snap", "Daily", [])
    definitions.update(session, "snap", 1, {"comments": "x", "max_bytes": 5})
    with pytest.raises(EditionConflict, match="snap"):
        definitions.update(session, "snap", 1, {"comments": "y"})


def test_a_snapshot_channel_cannot_take_a_selective_harvest(session):
    with pytest.raises(Conflict, match="SNAPSHOT"):
        definitions.create_selective(session, "s", "Daily", [], channel="SNAPSHOT")
    channels.create(session, "big", snapshot=True)
    channels.set_default(session, "BIG")
    assert channels.default(session, True).name == "BIG"
    assert not channels.get(session, "SNAPSHOT").is_default


def test_schedule_validation_and_update(session):
    with pytest.raises(InvalidSchedule) as err:
        schedules.create(session, "bad", {"unit": "days", "weekday": 3})
    assert err.value.details["field"] == "weekday"
    with pytest.raises(InvalidSchedule, match="time zone"):
        schedules.create(session, "bad", {"unit": "days", "start_at": "2025-01-01T00:00"})
    s = schedules.create(session, "x", {"unit": "months", "day_of_month": 31, "start_at": "2025-01-01T00:00Z"})
    schedules.update(session, "x", s.edition, {"every": 2})
    assert schedules.to_dto(s).description == "every 2 months on day 31"


def test_global_trap_lists(session):
    traps.create(session, "calendars", [".*/calendar/.*", ""])
    traps.create(session, "off", [".*x.*"], active=False)
    with pytest.raises(InvalidRegex) as err:
        traps.create(session, "bad", ["ok", "a[b"])
    assert err.value.details == {"pattern": "a[b", "position": 1, "reason": "unterminated character set"}
    t = traps.update(session, "calendars", 1, expressions=[".*/calendar/.*", ".*/kalender/.*"])
    assert t.edition == 2
    assert traps.active_expressions(session) == [".*/calendar/.*", ".*/kalender/.*"]


def test_a_new_harvest_definition_of_every_kind_starts_at_edition_1(session, defaults):
    domains.create_domain(session, "edition-one.dk", defaults)
    assert definitions.create_selective(session, "sel", "Daily", [{"domain": "edition-one.dk"}]).edition == 1
    assert definitions.create_snapshot(session, "snap1").edition == 1
    assert definitions.create_snapshot(session, "snap2", based_on="snap1").edition == 1
    assert definitions.create_event(session, "ev", "Daily", "https://www.edition-two.dk/\n", defaults).edition == 1


def test_a_harvest_keeps_its_qa_options_and_refuses_bad_ones(session):
    """Issue #30: qa.auto (default off), qa.sample and qa.threshold, checked, on every kind."""
    from shared.errors import InvalidInput

    definitions.create_snapshot(session, "qa-snap")
    h = definitions.get(session, "qa-snap")
    assert definitions.to_dto(session, h).qa == definitions.HarvestQaDto(False, None, None)
    definitions.update(session, "qa-snap", h.edition, {"qa": {"auto": True, "sample": 20, "threshold": 0.75}})
    h = definitions.get(session, "qa-snap")
    assert definitions.to_dto(session, h).qa == definitions.HarvestQaDto(True, 20, 0.75)
    definitions.update(session, "qa-snap", h.edition, {"qa": {"sample": None}})   # back to the service's
    h = definitions.get(session, "qa-snap")
    assert definitions.to_dto(session, h).qa == definitions.HarvestQaDto(True, None, 0.75)
    for bad in ({"auto": "yes"}, {"sample": -1}, {"sample": 1.5}, {"threshold": 2}, {"threshold": True},
                {"other": 1}, ["auto"]):
        with pytest.raises(InvalidInput):
            definitions.update(session, "qa-snap", definitions.get(session, "qa-snap").edition, {"qa": bad})
    definitions.update(session, "qa-snap", definitions.get(session, "qa-snap").edition, {"qa": {"auto": False}})
    h = definitions.get(session, "qa-snap")
    assert h.qa == '{"threshold": 0.75}'
