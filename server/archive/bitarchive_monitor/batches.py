"""The batch runs a bitarchive monitor keeps: one :class:`BatchState` per run, in a
:class:`BatchRegistry` that forgets finished runs after ``archive.batch.keep_results`` seconds.

A run is *running* from ``start`` until its result is merged (``finish``); then *done*. Done
runs stay for ``keep_for`` seconds (``batch_status`` answers, the merged output is served),
then ``expire`` forgets them and removes their output file. Running runs are never forgotten,
however old. Plain Python (no Nameko), so it is tested directly; the service calls ``expire``
on a timer and before each new run.
"""
from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator

from shared.dto.archive import BatchRequestDto, BatchResultDto, InstanceReplyDto

log = logging.getLogger(__name__)


@dataclasses.dataclass
class BatchState:
    """One run: what was asked, the result so far, the instances' replies, and two signals —
    ``answered`` (every expected instance replied: the watcher merges at once) and ``done``
    (the result is merged: ``batch_status(wait=...)`` answers at once)."""

    request: BatchRequestDto
    result: BatchResultDto
    replies: dict[str, InstanceReplyDto] = dataclasses.field(default_factory=dict)
    answered: threading.Event = dataclasses.field(default_factory=threading.Event)
    done: threading.Event = dataclasses.field(default_factory=threading.Event)
    finished_at: float | None = None          # registry clock, set by ``finish``

    @property
    def batch_id(self) -> str:
        return self.request.batch_id

    @property
    def running(self) -> bool:
        return not self.done.is_set()

    def add_reply(self, reply: InstanceReplyDto) -> bool:
        """Take an instance's reply; False (ignored) once the run is merged. Sets ``answered``
        when every expected instance has replied."""
        if not self.running or self.result.state != "running":
            return False
        self.replies[reply.instance_id] = reply
        if set(self.result.expected_instances) <= set(self.replies):
            self.answered.set()
        return True


class BatchRegistry:
    """The runs of one monitor by batch id, with expiry of finished ones."""

    def __init__(self, directory: str, keep_for: float, clock: Callable[[], float] = time.time):
        self.directory = directory
        self.keep_for = keep_for
        self.clock = clock
        self._states: dict[str, BatchState] = {}

    def __len__(self) -> int:
        return len(self._states)

    def __iter__(self) -> Iterator[BatchState]:
        return iter(list(self._states.values()))

    def output_path(self, batch_id: str) -> str:
        """Where the merged output of ``batch_id`` is written."""
        return os.path.join(self.directory, f"{batch_id}.out")

    def start(self, request: BatchRequestDto, result: BatchResultDto) -> BatchState:
        """Register a new run (finished runs past their time are forgotten first)."""
        self.expire()
        if request.batch_id in self._states:
            raise ValueError(f"batch {request.batch_id} is registered already")
        state = self._states[request.batch_id] = BatchState(request, result)
        return state

    def get(self, batch_id: str) -> BatchState | None:
        return self._states.get(batch_id)

    def add_reply(self, reply: InstanceReplyDto) -> bool:
        """Hand a reply to its run; False when the run is unknown (forgotten, another monitor's)
        or already merged (a late reply)."""
        state = self._states.get(reply.batch_id)
        return state is not None and state.add_reply(reply)

    def finish(self, batch_id: str) -> None:
        """The run's result is merged: it is done, and its time to be kept starts now."""
        state = self._states[batch_id]
        state.finished_at = self.clock()
        state.done.set()

    def expire(self, now: float | None = None) -> list[str]:
        """Forget runs finished ``keep_for`` seconds ago or more, removing their output files;
        returns their batch ids. Running runs stay, however old."""
        now = self.clock() if now is None else now
        old = [bid for bid, s in self._states.items()
               if not s.running and s.finished_at is not None and now - s.finished_at >= self.keep_for]
        for bid in old:
            del self._states[bid]
            for path in (self.output_path(bid), self.output_path(bid) + ".tmp"):
                try:
                    os.unlink(path)
                except FileNotFoundError:
                    pass
        if old:
            log.info("forgot %d finished batch run(s): %s", len(old), ", ".join(old))
        return old
