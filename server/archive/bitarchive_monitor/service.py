"""``bitarchive_monitor_<REPLICA>``: the replica's single front (one per replica).

It knows the replica's bitarchive instances from their heartbeats (the same events the monitor
service reads), finds which instance holds a file (HTTP HEAD to each), and runs batch jobs:
one BROADCAST event reaches every instance, each answers with a ``batch_reply`` event and its
output on its own file server; the monitor merges the outputs and marks the result incomplete,
naming every instance it knows that did not answer within ``archive.batch.timeout``. Finished
runs are forgotten after ``archive.batch.keep_results``. The logic is in :mod:`.core`.
"""
from __future__ import annotations

from typing import Any

from nameko.events import SERVICE_POOL, EventDispatcher, event_handler
from nameko.timer import timer

from server.archive.batch.owners import check_reader
from server.archive.bitarchive_monitor.batches import BatchRegistry
from server.archive.bitarchive_monitor.core import BitarchiveMonitor, MonitorLimits
from server.archive.bitarchive_monitor.ops import InstanceOpRpcs
from server.archive.events import BATCH_EVENT, BATCH_REPLY_EVENT
from server.archive.per_replica import ReplicaService, configured_class, replica_event_handler
from server.archive.providers import ArchiveContext, archive_dir
from server.monitor.registry import InstanceRegistry
from server.runtime.heartbeat import EVENT_SOURCE, HEARTBEAT_EVENT
from server.runtime.rpc import rpc
from shared.dto.archive import (
    BITARCHIVE,
    BITARCHIVE_MONITOR,
    BatchResultDto,
    BitarchiveInstanceDto,
    FileLocationDto,
    InstanceReplyDto,
    ReplicaChecksumDto,
)
from shared.roles import OPERATOR, READ, SERVICE_ONLY

#: seconds between sweeps that forget finished batch runs past ``archive.batch.keep_results``
EXPIRE_INTERVAL = 60.0


class MonitorContext(ArchiveContext):
    """The replica's :class:`BitarchiveMonitor` built from settings; its file server serves the
    merged batch outputs."""

    def __init__(self):
        super().__init__(serve_files=True)

    def setup(self) -> None:
        super().setup()
        s = self.settings
        lost_after = max(3 * s["runtime.heartbeat_interval"], 10.0)
        batches = BatchRegistry(archive_dir(s, "batch-results"), s["archive.batch.keep_results"])
        limits = MonitorLimits(s["archive.rpc_timeout"], s["archive.store.timeout"], s["archive.batch.timeout"],
                               s["archive.batch.max_exceptions"], s["archive.batch.allow_user_code"])
        self.core = BitarchiveMonitor(self.replica_id, InstanceRegistry(lost_after=lost_after), batches, limits,
                                      lambda batch_id: self.file_server.url("batch", batch_id))
        self.file_server.route("batch", self.core.serve_batch_output)
        self.core.signer = self.signer


class BitarchiveMonitorService(InstanceOpRpcs, ReplicaService):
    name = family = BITARCHIVE_MONITOR
    archive = MonitorContext()
    dispatch = EventDispatcher()

    @event_handler(EVENT_SOURCE, HEARTBEAT_EVENT, handler_type=SERVICE_POOL, reliable_delivery=False)
    def on_heartbeat(self, payload: dict[str, Any]) -> None:
        self.archive.core.record_heartbeat(payload)

    @rpc(roles=READ)
    def instances(self) -> list[BitarchiveInstanceDto]:
        """The replica's bitarchive instances known from heartbeats, with their state."""
        return self.archive.core.instances()

    @rpc(roles=OPERATOR)
    def forget_instance(self, instance_id: str) -> bool:
        """Stop expecting a decommissioned instance in batch runs; False if unknown."""
        return self.archive.core.forget_instance(instance_id)

    @rpc(roles=READ)
    def locate(self, name: str, hint: str | None = None) -> FileLocationDto:
        """Which instance holds ``name`` and its URL. Raises InvalidName, ArchiveFileNotFound,
        ReplicaUnavailable (no instance answers)."""
        return self.archive.core.locate(name, hint)

    @rpc(roles=READ)
    def get_checksum(self, name: str, hint: str | None = None) -> ReplicaChecksumDto | None:
        """MD5 of ``name`` as the replica holds it, or None when no reachable instance has it.
        Raises InvalidName, ReplicaUnavailable."""
        return self.archive.core.get_checksum(name, hint)

    @rpc(roles=SERVICE_ONLY)
    def start_batch(self, job: str | None, args: dict[str, Any] | None = None, regex: str | None = None,
                    source: str | None = None, owner: str = "") -> BatchResultDto:
        """Send a batch job to every instance of the replica; returns the running result
        (poll ``batch_status``). ``owner``: the person the arcrepository started it for (only
        they and admins read it). Raises BatchJobNotFound, PermissionDenied, ReplicaUnavailable."""
        state = self.archive.core.start_batch(job, args, regex, source, owner or "")
        self.dispatch(BATCH_EVENT, state.request.to_dict())
        self.archive.spawn(self.archive.core.watch, state.batch_id)
        return state.result

    @replica_event_handler(BITARCHIVE, BATCH_REPLY_EVENT, handler_type=SERVICE_POOL)
    def on_batch_reply(self, reply: dict[str, Any]) -> None:
        self.archive.core.on_reply(InstanceReplyDto.from_dict(reply))

    @rpc(roles=READ)
    def batch_status(self, batch_id: str, wait: float = 0.0) -> BatchResultDto:
        """The result so far (state running or done); with ``wait`` > 0, answers as soon as
        the run is done or after that many seconds (at most 10). Raises NotFound (unknown, or
        finished longer than ``archive.batch.keep_results`` ago), PermissionDenied (another
        person's run: only they, admins and services read it)."""
        return check_reader(self.archive.core.status(batch_id, float(wait or 0)), self.caller)

    @timer(interval=EXPIRE_INTERVAL)
    def expire_batches(self) -> None:
        self.archive.core.batches.expire()


#: ``nameko run ... server.archive.bitarchive_monitor.service:bitarchive_monitor`` runs the class
#: of the replica given by ``$NAS_REPLICA`` or ``archive.replica`` in the config file of the process
__getattr__ = configured_class("bitarchive_monitor", BitarchiveMonitorService)
