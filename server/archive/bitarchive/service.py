"""``bitarchive_<REPLICA>``: one storage machine of a bitarchive replica (many share the name).

RPC (ANY instance answers): ``upload``, ``has_file``. HTTP (each instance for its own files,
found by the bitarchive monitor): ``/files/NAME`` (the file), ``/record/NAME?offset=N`` (one
record), ``/checksum/NAME`` (MD5 hex), ``/batch/ID`` (this instance's output of a batch run).
Batch requests arrive as a BROADCAST event from the replica's monitor, so every instance runs
them, and each answers with a ``batch_reply`` event. The logic is in :mod:`.core`.
"""
from __future__ import annotations

import logging
import os
from typing import Any

from nameko.events import BROADCAST, EventDispatcher
from nameko.timer import timer

from server.archive.bitarchive.core import BatchLimits, Bitarchive
from server.archive.bitarchive.instance_ops import InstanceOpHandlers
from server.archive.calls import ServiceCalls
from server.archive.events import BATCH_EVENT, BATCH_REPLY_EVENT
from server.archive.per_replica import ReplicaService, configured_class, replica_event_handler
from server.archive.providers import ArchiveContext, archive_dir, runtime_of
from server.archive.remotefile import RemoteFile
from server.archive.storage import BitarchiveStorage
from server.archive.transfer import accept_transfer, awaited_checksum
from server.runtime.notify import Notifications, notifier_of
from server.runtime.rpc import rpc
from shared.dto.archive import BITARCHIVE, BITARCHIVE_MONITOR, BatchRequestDto, UploadReceiptDto
from shared.enums import InstanceState, NotificationCode, Severity
from shared.roles import READ, SERVICE_ONLY

log = logging.getLogger(__name__)

#: seconds between sweeps that remove batch outputs kept past their time
EXPIRE_INTERVAL = 60.0
#: seconds between re-evaluations of the dormant state (disk filled or freed by others, #20):
#: one statvfs per storage directory, so often enough that the heartbeat after a disk fills
#: already says dormant
SPACE_INTERVAL = 2.0


class BitarchiveContext(ArchiveContext):
    """The instance's :class:`Bitarchive` built from settings, its file server routed to it,
    and its heartbeat state (``dormant`` when no directory has room)."""

    def __init__(self):
        super().__init__(serve_files=True)

    def setup(self) -> None:
        super().setup()
        s = self.settings
        dirs = s["archive.bitarchive.dirs"] or [archive_dir(s, "bitarchive")]
        # Relative directories are relative to the working directory, like data_dir.
        storage = BitarchiveStorage([os.path.abspath(d) for d in dirs], s["archive.bitarchive.min_free_bytes"])
        limits = BatchLimits(s["archive.batch.allow_user_code"], s["archive.batch.sandbox_user"],
                             s["archive.batch.max_exceptions"], s["archive.batch.timeout"],
                             s["archive.batch.keep_results"], s["archive.batch.sandbox"],
                             s["archive.batch.memory_bytes"], s["archive.batch.max_processes"])
        self.core = Bitarchive(storage, archive_dir(s, "batch-work"), limits)
        removed = self.core.start()
        if removed:
            log.warning("removed %d half-written file(s) left by an earlier run", removed)
        fs = self.file_server
        fs.route("files", self.core.serve_file)
        fs.route("record", self.core.serve_record)
        fs.route("checksum", self.core.serve_checksum)
        fs.route("batch", self.core.serve_batch_output)

    def start(self) -> None:
        super().start()
        rt = runtime_of(self.container)
        if rt is not None:
            rt.details["replica"] = self.replica_id
            self.update_space_state()

    def update_space_state(self) -> None:
        rt = runtime_of(self.container)
        if rt is None:
            return
        if self.core.has_room():
            if rt.state == InstanceState.DORMANT:
                rt.set_state(InstanceState.RUNNING)
        else:
            reason = "no storage directory above the minimum free space"
            notify = notifier_of(self.container)
            if rt.state != InstanceState.DORMANT and notify is not None:
                notify.emit(NotificationCode.DISK_LOW, Severity.ERROR, f"{rt.instance_id}: {reason} "
                            "(archive.bitarchive.min_free_bytes); it takes no new files", rt.instance_id,
                            {"replica": self.replica_id})
            rt.set_state(InstanceState.DORMANT, reason)

    def output_url(self, batch_id: str) -> str:
        return self.file_server.url("batch", batch_id)


class BitarchiveService(InstanceOpHandlers, ReplicaService):
    name = family = BITARCHIVE
    archive = BitarchiveContext()
    dispatch = EventDispatcher()
    notify = Notifications()
    calls = ServiceCalls()

    @rpc(roles=SERVICE_ONLY)
    def upload(self, remote: dict[str, Any], ticket: str | None = None) -> UploadReceiptDto:
        """Store the RemoteFile ``remote`` in this instance; the checksum is computed on arrival.
        Only a transfer the arcrepository arranged is taken: ``ticket`` (see
        :mod:`server.archive.transfer`) must name this file, checksum, replica and source, and
        the arcrepository must still want it (a redelivered stale request is refused).

        A ticket without a checksum (``begin_store``) is taken too: the file is received and
        hashed, and kept only when it equals the checksum the arcrepository then gives.

        Returns the checksum, size, instance and whether it was already here. Raises
        TokenRejected (no, a forged, expired or stale ticket; no checksum came), PermissionDenied, InvalidName,
        ChecksumMismatch (nothing kept), AlreadyExists (stored here with another checksum),
        ArchiveFull, Unavailable (the sender's file cannot be read)."""
        s = self.settings
        rf = accept_transfer(s, self.calls, RemoteFile.from_dict(remote), ticket, self.archive.replica_id,
                             deferred=True)
        # A ticket without a checksum (a store begun while the client hashes its file): the copy
        # is received and hashed at once, and kept only once the arcrepository gives the checksum.
        confirm = None if rf.checksum else (lambda: awaited_checksum(s, self.calls, rf.name, ticket))
        try:
            return self.archive.core.upload(rf, self.runtime.instance_id,
                                            s["archive.transfer.local"], s["archive.rpc_timeout"], confirm)
        finally:
            # also after a failure: a disk that filled up during the write makes this instance dormant
            self.archive.update_space_state()

    @rpc(roles=READ)
    def has_file(self, name: str) -> bool:
        """Whether *this* instance (whichever took the call) holds ``name``. Raises InvalidName."""
        return self.archive.core.has_file(name)

    @replica_event_handler(BITARCHIVE_MONITOR, BATCH_EVENT, handler_type=BROADCAST, reliable_delivery=False)
    def on_batch(self, request: dict[str, Any]) -> None:
        # Long work never holds the message: the run goes on in a managed thread, and its reply
        # goes out on this service's events exchange when it is done.
        ctx, dispatch, instance_id = self.archive, self.dispatch, self.runtime.instance_id
        req = BatchRequestDto.from_dict(request)
        ctx.spawn(lambda: dispatch(BATCH_REPLY_EVENT,
                                   ctx.core.run_batch(req, instance_id, ctx.output_url).to_dict()))

    @timer(interval=SPACE_INTERVAL)
    def check_space(self) -> None:
        # Dormant was recomputed only at start and after an upload: stale both ways when other
        # processes fill or free the disk.
        self.archive.update_space_state()

    @timer(interval=EXPIRE_INTERVAL)
    def expire_batch_outputs(self) -> None:
        self.archive.core.expire()


#: ``nameko run ... server.archive.bitarchive.service:bitarchive`` runs the class of the replica
#: given by ``$NAS_REPLICA`` or ``archive.replica`` in the config file of the process
__getattr__ = configured_class("bitarchive", BitarchiveService)
