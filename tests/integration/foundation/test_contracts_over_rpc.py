"""Typed contracts over a real RabbitMQ: a DTO answer arrives typed (datetimes, enums, nested
lists, a Page); an answer with a field its DTO does not declare reaches the caller as an error in
strict mode, and is sent (and logged once) otherwise."""
from __future__ import annotations

import datetime as dt
import logging

import pytest
from foundation_testdb import contract_service
from foundation_testdb.contract_service import ContractProbeService, ProbeDto, ProbeItemDto
from nameko.containers import ServiceContainer
from nameko.exceptions import RemoteError
from nameko.standalone.rpc import ClusterRpcProxy

from shared import contracts
from shared.dto import Page
from shared.enums import JobStatus, StopReason


@pytest.fixture
def probe(nameko_config, monkeypatch):
    """The probe service running, and its module known to shared.contracts as an area module."""
    monkeypatch.setattr(contracts, "AREA_MODULES", (*contracts.AREA_MODULES, contract_service.__name__))
    contracts._tables.cache_clear()
    container = ServiceContainer(ContractProbeService, {**nameko_config, "runtime": {"heartbeat_interval": 60}})
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=20) as proxy:
            yield proxy
    finally:
        container.stop()
        monkeypatch.undo()
        contracts._tables.cache_clear()


def _call(proxy, method: str):
    return contracts.decode("contract_probe", method, getattr(proxy.contract_probe, method)())


def test_a_dto_round_trip_arrives_typed(probe, monkeypatch):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "1")
    raw = probe.contract_probe.good()
    assert raw["items"][0]["when"] == "2026-03-01T12:30:05.120000+00:00" and raw["items"][0]["status"] == "done"
    got = contracts.decode("contract_probe", "good", raw)
    assert got == contract_service.probe()
    assert isinstance(got, ProbeDto) and isinstance(got.items[1], ProbeItemDto)
    assert got.day == dt.date(2026, 3, 1) and got.items[0].when.tzinfo is not None
    assert got.items[0].status is JobStatus.DONE and got.items[0].reasons == [StopReason.COMPLETED,
                                                                              StopReason.SIZE_LIMIT]
    assert isinstance(got.page, Page) and isinstance(got.page.items[0], ProbeItemDto)
    assert (got.page.total, got.page.offset, got.page.limit) == (40, 20, 1)
    assert isinstance(got.by_name["d"], ProbeItemDto) and got.free == {"nested": {"list": [1, 2]}}
    page = _call(probe, "page")
    assert [i.name for i in page.items] == ["x", "y"] and isinstance(page.items[0].when, dt.datetime)


def test_an_undeclared_field_is_an_error_for_the_caller_in_strict_mode(probe, monkeypatch):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "1")
    with pytest.raises(RemoteError) as err:
        probe.contract_probe.extra_field()
    assert err.value.exc_type == "ContractViolation" and "password" in str(err.value)
    with pytest.raises(RemoteError) as err:
        probe.contract_probe.extra_in_page()
    assert err.value.exc_type == "ContractViolation"
    assert "items[1] has fields ProbeItemDto does not declare: internal_id" in str(err.value)
    # the service goes on answering
    assert _call(probe, "good") == contract_service.probe()


def test_outside_strict_mode_the_answer_goes_through_and_is_logged_once(probe, monkeypatch, caplog):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "0")
    contracts._warn_once.cache_clear()
    with caplog.at_level(logging.WARNING, logger="shared.contracts"):
        for _ in range(3):
            raw = probe.contract_probe.extra_field()
    assert raw["password"] == "s3cret" and _call(probe, "page").total == 2
    assert len([r for r in caplog.records if "password" in r.getMessage()]) == 1
