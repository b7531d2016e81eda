import dataclasses
import datetime as dt
import pickle

import pytest

from shared.dto import Dto
from shared.enums import JobStatus, StopReason
from shared.errors import ERRORS_BY_CODE, DomainNotFound, IllegalTransition, NasError, error_from_dict


@pytest.mark.parametrize(("old", "new"), [
    ("new", "submitted"), ("submitted", "started"), ("started", "done"), ("started", "failed"),
    ("failed", "resubmitted"), ("failed", "failed_rejected"), ("started", "submitted"),
])
def test_legal_job_transitions(old, new):
    assert JobStatus(old).check_transition(JobStatus(new)) is JobStatus(new)


@pytest.mark.parametrize(("old", "new"), [
    ("done", "new"), ("done", "failed"), ("new", "started"), ("resubmitted", "submitted"), ("new", "done"),
])
def test_illegal_job_transitions_name_both_states(old, new):
    with pytest.raises(IllegalTransition) as err:
        JobStatus(old).check_transition(JobStatus(new), job=17)
    assert err.value.message == f"job 17 cannot go from {old} to {new}"


def test_stop_reasons_are_the_seeds_names_and_ours():
    # the seeds' names, then ours: a domain that reached nothing, and a curator's cancel
    assert [r.value for r in StopReason] == [
        "completed", "object-limit", "size-limit", "config-size-limit", "config-object-limit", "time-limit",
        "unfinished", "no-seed-fetched", "cancelled",
    ]
    assert not StopReason.NO_SEED_FETCHED.is_complete


def test_every_error_code_is_unique_and_round_trips():
    assert len(ERRORS_BY_CODE) == len(set(ERRORS_BY_CODE.values()))
    e = DomainNotFound("no domain kb.xx", {"domain": "kb.xx"})
    back = error_from_dict(e.to_dict())
    assert type(back) is DomainNotFound and back.details == {"domain": "kb.xx"}
    assert type(pickle.loads(pickle.dumps(e))) is DomainNotFound


def test_a_subclass_without_its_own_code_is_refused():
    with pytest.raises(TypeError, match="must define its own stable `code`"):
        class Bad(NasError):
            pass


@dataclasses.dataclass
class _Item(Dto):
    name: str
    when: dt.datetime
    status: JobStatus
    tags: list[str]
    parent: "_Item | None" = None


def test_dto_round_trip_through_json_types():
    item = _Item("a", dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC), JobStatus.DONE, ["x"],
                 _Item("b", dt.datetime(2026, 1, 1, tzinfo=dt.UTC), JobStatus.NEW, []))
    data = item.to_dict()
    assert data["when"] == "2026-01-02T03:04:05+00:00" and data["status"] == "done"
    assert _Item.from_dict({**data, "added_by_newer_server": 1}) == item
