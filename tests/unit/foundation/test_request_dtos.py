"""Request DTOs (shared.dto.Request): only given fields are sent, unknown fields and wrong types
are refused by name, and our @rpc turns an annotated argument into its class before any work."""
from __future__ import annotations

import pytest

from shared.dto import UNSET, given
from shared.dto.definitions import HarvestChanges, ScheduleFields
from shared.dto.jobs import JobFilter
from shared.errors import InvalidInput


def test_only_given_fields_travel_and_none_is_not_unset():
    assert JobFilter(status=["running"], harvest="h").given() == {"status": ["running"], "harvest": "h"}
    assert HarvestChanges(comments=None).to_dict() == {"comments": None}     # "clear the comments"
    assert HarvestChanges().given() == {} and not UNSET
    assert given(None) == {} and given({"a": 1}) == {"a": 1}


@pytest.mark.parametrize(("wire", "reason", "fields"), [
    ({"hravest": "x"}, "unknown_field", ["hravest"]), ({"id_from": "1"}, "wrong_type", ["id_from"]),
    ({"status": [1]}, "wrong_type", ["status"]), ({"harvest_id": True}, "wrong_type", ["harvest_id"]),
])
def test_what_a_request_refuses(wire, reason, fields):
    with pytest.raises(InvalidInput) as err:
        JobFilter.from_wire(wire, "scheduler.list_jobs: filters")
    assert err.value.details == {"reason": reason, "fields": fields}
    assert "scheduler.list_jobs: filters" in err.value.message


def test_a_request_from_the_wire_is_its_class():
    f = ScheduleFields.from_wire({"unit": "days", "every": 2, "hour": None})
    assert isinstance(f, ScheduleFields) and f.given() == {"unit": "days", "every": 2, "hour": None}
    with pytest.raises(InvalidInput, match="expected an object"):
        ScheduleFields.from_wire(["days"])


def test_the_rpc_entrypoint_types_annotated_arguments(monkeypatch):
    from server.runtime.rpc import Rpc
    from server.scheduler.service import SchedulerService

    entry = next(ep for ep in SchedulerService.list_jobs.nameko_entrypoints)
    rpc = Rpc.__new__(Rpc)
    rpc.__dict__.update(entry.__dict__)
    rpc.method_name = "list_jobs"
    rpc.container = type("C", (), {"service_cls": SchedulerService, "service_name": "scheduler"})()
    typed = rpc.typed_requests({"args": [{"harvest": "h"}, 0], "kwargs": {}})
    assert isinstance(typed["args"][0], JobFilter) and typed["args"][0].harvest == "h"
    assert rpc.typed_requests({"args": [], "kwargs": {"filters": None}})["kwargs"] == {"filters": None}
    with pytest.raises(InvalidInput, match="scheduler.list_jobs: filters: unknown field"):
        rpc.typed_requests({"args": [], "kwargs": {"filters": {"nope": 1}}})
