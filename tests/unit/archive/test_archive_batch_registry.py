"""The bitarchive monitor's batch runs (BatchRegistry of BatchState): replies, the two signals,
late and unknown replies, and expiry — finished runs forgotten after ``keep_for`` with their
output files removed, running runs never. A settable clock stands in for time."""
from __future__ import annotations

import os

import pytest

from server.archive.bitarchive_monitor.batches import BatchRegistry
from shared.dto.archive import BatchRequestDto, BatchResultDto, InstanceReplyDto


class Clock:
    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def registry(tmp_path, clock):
    return BatchRegistry(str(tmp_path), keep_for=3600.0, clock=clock)


def start(registry, batch_id, expected=("a", "b")):
    return registry.start(BatchRequestDto(batch_id, "checksum"),
                          BatchResultDto(batch_id, "checksum", "ONE", "running", 0.0,
                                         expected_instances=list(expected)))


def finish(registry, batch_id, output=b"out"):
    with open(registry.output_path(batch_id), "wb") as fh:
        fh.write(output)
    registry.get(batch_id).result.state = "done"
    registry.finish(batch_id)


def test_answered_is_set_only_when_every_expected_instance_replied(registry):
    state = start(registry, "ONE-1")
    assert state.running and not state.answered.is_set()
    assert registry.add_reply(InstanceReplyDto("ONE-1", "a", files_processed=2))
    assert not state.answered.is_set()
    assert registry.add_reply(InstanceReplyDto("ONE-1", "b", files_processed=3))
    assert state.answered.is_set() and not state.done.is_set()
    assert sorted(state.replies) == ["a", "b"]


def test_late_and_unknown_replies_are_refused(registry):
    start(registry, "ONE-1", expected=("a",))
    finish(registry, "ONE-1")
    assert not registry.add_reply(InstanceReplyDto("ONE-1", "a"))            # merged already
    assert registry.get("ONE-1").replies == {}
    assert not registry.add_reply(InstanceReplyDto("ONE-unknown", "a"))     # no such run


def test_finished_runs_are_forgotten_after_keep_for_with_their_output(registry, clock):
    start(registry, "ONE-old")
    finish(registry, "ONE-old")
    path = registry.output_path("ONE-old")
    clock.now += 3599
    assert registry.expire() == [] and registry.get("ONE-old") is not None
    clock.now += 1
    assert registry.expire() == ["ONE-old"]
    assert registry.get("ONE-old") is None and len(registry) == 0
    assert not os.path.exists(path)


def test_running_runs_are_never_forgotten(registry, clock):
    start(registry, "ONE-running")
    clock.now += 365 * 86400
    assert registry.expire() == []
    assert registry.get("ONE-running").running


def test_a_new_run_sweeps_the_old_finished_ones(registry, clock):
    start(registry, "ONE-1")
    finish(registry, "ONE-1")
    start(registry, "ONE-2")
    clock.now += 4000
    start(registry, "ONE-3")
    assert sorted(s.batch_id for s in registry) == ["ONE-2", "ONE-3"]


def test_the_keep_time_starts_when_the_run_finishes_not_when_it_started(registry, clock):
    start(registry, "ONE-long")
    clock.now += 10 * 3600          # a long run
    finish(registry, "ONE-long")
    clock.now += 60
    assert registry.expire() == []
    assert registry.get("ONE-long").finished_at == pytest.approx(1000.0 + 10 * 3600)


def test_a_batch_id_is_registered_once(registry):
    start(registry, "ONE-1")
    with pytest.raises(ValueError):
        start(registry, "ONE-1")


def test_expire_tolerates_an_output_file_that_was_never_written(registry, clock):
    start(registry, "ONE-failed")
    registry.finish("ONE-failed")     # the merge failed before writing anything
    clock.now += 3600
    assert registry.expire() == ["ONE-failed"]
