"""Requests about one file that every instance of the replica must see (a salted challenge,
replacing a corrupt copy): broadcast like a batch run, answered by each instance with an
``instance_op_reply`` event, collected here until every expected instance answered (or, for a
replace, the holder answered) or the time limit passed. An instance known to be lost or stopped
is not waited for; it is named among the silent ones, so a caller never takes silence for
"not here"."""
from __future__ import annotations

import threading
import uuid
from typing import Any

from nameko.events import SERVICE_POOL, EventDispatcher

from server.archive.names import check_name
from server.archive.per_replica import replica_event_handler
from server.runtime.rpc import rpc
from shared.dto.archive import BITARCHIVE, InstanceOpDto, InstanceOpResultDto
from shared.enums import InstanceState
from shared.errors import InvalidInput, ReplicaUnavailable
from shared.roles import SERVICE_ONLY

OP_EVENT = "instance_op"
OP_REPLY_EVENT = "instance_op_reply"
OPS = ("salted", "replace")


class _Pending:
    def __init__(self, expected: set[str], first_holder: bool):
        self.expected = expected
        self.first_holder = first_holder
        self.answers: dict[str, InstanceOpDto] = {}
        self.done = threading.Event()

    def add(self, answer: InstanceOpDto) -> None:
        self.answers[answer.instance_id or "?"] = answer
        if self.expected <= set(self.answers) or (self.first_holder and answer.held):
            self.done.set()


class OpRegistry:
    def __init__(self) -> None:
        self.pending: dict[str, _Pending] = {}

    def open(self, expected: set[str], first_holder: bool) -> tuple[str, _Pending]:
        op_id = uuid.uuid4().hex
        p = self.pending[op_id] = _Pending(expected, first_holder)
        return op_id, p

    def answer(self, answer: InstanceOpDto) -> None:
        p = self.pending.get(answer.op_id)
        if p is not None:
            p.add(answer)

    def close(self, op_id: str) -> None:
        self.pending.pop(op_id, None)


class InstanceOpRpcs:
    """Mixed into ``BitarchiveMonitorService`` (``self.archive.core`` is its monitor)."""

    op_dispatch = EventDispatcher()
    ops = OpRegistry()   # one per service class: the monitor is one process per replica

    @rpc(roles=SERVICE_ONLY)
    def instance_op(self, name: str, op: str, args: dict[str, Any] | None = None,
                    timeout: float | None = None) -> InstanceOpResultDto:
        """Send ``op`` (salted | replace) about ``name`` to every instance and collect their
        answers: who holds it, each result or typed error, and the instances that stayed
        silent within ``timeout`` seconds (default ``archive.preservation.op_timeout``).
        Raises InvalidName, InvalidInput (op), ReplicaUnavailable (no instance known)."""
        check_name(name)
        if op not in OPS:
            raise InvalidInput(f"op must be one of {', '.join(OPS)}", {"op": op})
        insts = self.archive.core.instances()
        if not insts:
            raise ReplicaUnavailable(f"replica {self.replica} has no bitarchive instance known from heartbeats",
                                     {"replica": self.replica})
        down = {i.instance_id for i in insts if i.state in (InstanceState.LOST, InstanceState.STOPPED)}
        expected = {i.instance_id for i in insts} - down
        op_id, pending = self.ops.open(expected, first_holder=(op == "replace"))
        try:
            self.op_dispatch(OP_EVENT, InstanceOpDto(op_id, op, name, args or {}).to_dict())
            limit = float(timeout or self.settings["archive.preservation.op_timeout"])
            if expected:
                pending.done.wait(limit)
            silent = sorted((expected - set(pending.answers)) | down)
            return InstanceOpResultDto(op_id, op, name, list(pending.answers.values()), silent)
        finally:
            self.ops.close(op_id)

    @replica_event_handler(BITARCHIVE, OP_REPLY_EVENT, handler_type=SERVICE_POOL, reliable_delivery=False)
    def on_instance_op_reply(self, reply: dict[str, Any]) -> None:
        self.ops.answer(InstanceOpDto.from_dict(reply))
