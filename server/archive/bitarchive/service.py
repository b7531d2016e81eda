"""``bitarchive_<REPLICA>``: one storage machine of a bitarchive replica (many share the name).

RPC (ANY instance answers): ``upload``. HTTP (each instance for its own files, found by the
bitarchive monitor): ``/files/NAME`` (the file), ``/record/NAME?offset=N`` (one record),
``/checksum/NAME`` (MD5 hex), ``/batch/ID`` (this instance's output of a batch run). Batch
requests arrive as a BROADCAST event from the replica's monitor, so every instance runs them.
"""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from typing import Any

from nameko.events import BROADCAST, event_handler
from nameko.standalone.events import event_dispatcher

from server.archive.checksums import file_checksum
from server.archive.events import BATCH_EVENT, BATCH_REPLY_EVENT
from server.archive.fileserver import Served
from server.archive.names import check_name
from server.archive.providers import ArchiveContext, archive_dir
from server.archive.records import record_span
from server.archive.remotefile import RemoteFile
from server.archive.replicas import bitarchive_monitor_service_name, bitarchive_service_name
from server.archive.storage import BitarchiveStorage
from server.runtime.offload import offload
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.enums import InstanceState
from shared.errors import InvalidInput, PermissionDenied

log = logging.getLogger(__name__)



class BitarchiveContext(ArchiveContext):
    """Storage directories, the file server routes and the batch runs of one instance."""

    def __init__(self):
        super().__init__(serve_files=True)

    def setup(self) -> None:
        super().setup()
        s = self.settings
        dirs = s["archive.bitarchive.dirs"] or [archive_dir(s, "bitarchive")]
        # Relative directories are relative to the working directory, like data_dir.
        self.storage = BitarchiveStorage([os.path.abspath(d) for d in dirs], s["archive.bitarchive.min_free_bytes"])
        removed = self.storage.start()
        if removed:
            log.warning("removed %d half-written file(s) left by an earlier run", removed)
        self.batch_dir = archive_dir(s, "batch-work")
        for f in os.listdir(self.batch_dir):
            os.unlink(os.path.join(self.batch_dir, f))
        self.batch_outputs: dict[str, str] = {}
        fs = self.file_server
        fs.route("files", self._serve_file)
        fs.route("record", self._serve_record)
        fs.route("checksum", self._serve_checksum)
        fs.route("batch", lambda rest, q: Served(self.batch_outputs[rest]) if rest in self.batch_outputs else None)

    def start(self) -> None:
        super().start()
        rt = self._runtime()
        if rt is not None:
            rt.details["replica"] = self.replica_id
            self.update_space_state()

    def _runtime(self):
        from server.archive.providers import runtime_of

        return runtime_of(self.container)

    def update_space_state(self) -> None:
        rt = self._runtime()
        if rt is None:
            return
        if self.storage.has_room():
            if rt.state == InstanceState.DORMANT:
                rt.set_state(InstanceState.RUNNING)
        else:
            rt.set_state(InstanceState.DORMANT, "no storage directory above the minimum free space")

    def _serve_file(self, rest: str, query: dict[str, str]) -> Served | None:
        path = self.storage.lookup(check_name(rest))
        return Served(path) if path else None

    def _serve_record(self, rest: str, query: dict[str, str]) -> Served | None:
        path = self.storage.lookup(check_name(rest))
        if path is None:
            return None
        offset = int(query.get("offset", "0"))
        return Served(path, offset, offload(record_span, path, offset))

    def _serve_checksum(self, rest: str, query: dict[str, str]) -> bytes | None:
        path = self.storage.lookup(check_name(rest))
        return offload(file_checksum, path).encode() if path else None

    # --- batch ----------------------------------------------------------------------------------

    def run_batch(self, request: dict[str, Any], instance_id: str, service_name: str) -> None:
        batch_id = request["batch_id"]
        out_path = os.path.join(self.batch_dir, f"{batch_id}.out")
        reply: dict[str, Any] = {"batch_id": batch_id, "instance_id": instance_id}
        try:
            if request.get("source") and not self.settings["archive.batch.allow_user_code"]:
                raise PermissionDenied("this bitarchive does not run user code (archive.batch.allow_user_code)", {})
            files = [[n, p] for n, p in self.storage.files(request.get("regex") or None)]
            spec = {"job": request.get("job"), "source": request.get("source"), "args": request.get("args") or {},
                    "files": files, "sandbox_user": self.settings["archive.batch.sandbox_user"],
                    "protect_dirs": self.storage.dirs, "max_exceptions": self.settings["archive.batch.max_exceptions"]}
            result = _run_child(spec, out_path, self.settings["archive.batch.timeout"])
            self.batch_outputs[batch_id] = out_path
            reply.update(result)
            reply["output_url"] = self.file_server.url("batch", batch_id)
            reply["output_size"] = os.path.getsize(out_path)
        except Exception as exc:  # noqa: BLE001 - reported to the monitor, never lost silently
            log.warning("batch %s failed: %s", batch_id, exc)
            reply.update({"files_processed": 0, "files_failed": [], "job_failed": True,
                          "exceptions": [{"file": None, "error": f"{exc.__class__.__name__}: {exc}"}]})
        event_dispatcher(self.config)(service_name, BATCH_REPLY_EVENT, reply)


def _run_child(spec: dict[str, Any], out_path: str, timeout: float) -> dict[str, Any]:
    fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        spec = {**spec, "out_fd": fd}
        child = subprocess.Popen([sys.executable, "-m", "server.archive.batch.runner"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, pass_fds=(fd,),
                                 env={**os.environ, "PYTHONWARNINGS": "ignore"})
    finally:
        os.close(fd)
    started = time.monotonic()
    try:
        stdout, stderr = child.communicate(json.dumps(spec).encode(), timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise InvalidInput(f"batch job ran longer than {timeout:.0f}s and was stopped", {}) from None
    if child.returncode != 0:
        raise InvalidInput(f"batch runner exited with {child.returncode}: {stderr.decode()[-2000:]}", {})
    result = json.loads(stdout or b"{}")
    result["seconds"] = round(time.monotonic() - started, 3)
    return result


_classes: dict[str, type] = {}


def make_bitarchive_service(replica_id: str) -> type:
    """The Nameko service class ``bitarchive_<replica_id>`` (one class per replica, cached)."""
    if replica_id in _classes:
        return _classes[replica_id]
    service_name = bitarchive_service_name(replica_id)
    monitor_name = bitarchive_monitor_service_name(replica_id)

    class BitarchiveService(NasService):
        name = service_name
        archive = BitarchiveContext()

        @rpc
        def upload(self, remote: dict[str, Any]) -> dict[str, Any]:
            """Store the RemoteFile ``remote`` in this instance; the checksum is computed on arrival.

            Returns ``{checksum, size, instance_id, already}``. Raises InvalidName, ChecksumMismatch
            (nothing kept), AlreadyExists (stored here with another checksum), ArchiveFull,
            Unavailable (the sender's file cannot be read)."""
            rf = RemoteFile.from_dict(remote)
            check_name(rf.name)
            storage = self.archive.storage
            local = rf.local_path(self.settings["archive.transfer.local"])
            if local is not None:
                from server.archive.storage import file_chunks

                stored = offload(lambda: storage.store(rf.name, file_chunks(local), rf.size, rf.checksum))
            else:
                stored = storage.store(rf.name, rf.chunks(False, self.settings["archive.rpc_timeout"]),
                                       rf.size, rf.checksum)
            self.archive.update_space_state()
            log.info("stored %s (%d bytes, md5 %s%s)", rf.name, stored.size, stored.checksum,
                     ", was already here" if stored.already else "")
            return {"checksum": stored.checksum, "size": stored.size, "already": stored.already,
                    "instance_id": self.runtime.instance_id}

        @rpc
        def has_file(self, name: str) -> bool:
            """Whether *this* instance (whichever took the call) holds ``name``. Raises InvalidName."""
            return self.archive.storage.lookup(name) is not None

        @event_handler(monitor_name, BATCH_EVENT, handler_type=BROADCAST, reliable_delivery=False)
        def on_batch(self, request: dict[str, Any]) -> None:
            # Long work never holds the message: the run goes on in a managed thread.
            self.archive.spawn(self.archive.run_batch, request, self.runtime.instance_id, service_name)

    BitarchiveService.__name__ = BitarchiveService.__qualname__ = f"Bitarchive_{replica_id}"
    _classes[replica_id] = BitarchiveService
    return BitarchiveService


def __getattr__(name: str) -> type:
    """``nameko run ... server.archive.bitarchive.service:bitarchive`` makes the class of the replica given by
    ``$NAS_REPLICA`` or ``archive.replica`` in the config file the process was started with."""
    if name != "bitarchive":
        raise AttributeError(name)
    from server.archive.replicas import configured_replica

    return make_bitarchive_service(configured_replica())
