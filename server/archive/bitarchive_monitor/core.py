"""A bitarchive monitor without Nameko: which instances its replica has, which one holds a file,
and batch runs across all of them.

The instances are known from their heartbeats (with the URL of their file server). A file is
found by an HTTP HEAD to each instance, the one the admin database names first. A batch run is
registered here (:class:`~.batches.BatchRegistry`), broadcast by the service, answered by each
instance with its counts and the URL of its output; :meth:`BitarchiveMonitor.watch` waits until
every expected instance answered (or ``archive.batch.timeout``), fetches the outputs and merges
them with the job's ``post_process``.
"""
from __future__ import annotations

import dataclasses
import logging
import os
import time
import uuid
from collections.abc import Callable
from typing import Any

import requests

from server.archive.batch.base import BatchJob, load_job
from server.archive.batch.merge import summarise
from server.archive.bitarchive_monitor.batches import BatchRegistry, BatchState
from server.archive.fileserver import UNSIGNED, Served, UrlSigner
from server.archive.names import check_name
from server.archive.remotefile import download, http_chunks
from server.monitor.registry import InstanceRegistry
from shared.dto.archive import (
    BatchRequestDto,
    BatchResultDto,
    BitarchiveInstanceDto,
    FileLocationDto,
    InstanceReplyDto,
    ReplicaChecksumDto,
    bitarchive_service_name,
)
from shared.enums import InstanceState
from shared.errors import ArchiveFileNotFound, NotFound, PermissionDenied, ReplicaUnavailable

log = logging.getLogger(__name__)

MAX_STATUS_WAIT = 10.0     # seconds a batch_status(wait=...) call may hold its worker


@dataclasses.dataclass(frozen=True)
class MonitorLimits:
    """Timeouts and policy of a monitor (``archive.rpc_timeout``, ``archive.store.timeout``,
    ``archive.batch.*``)."""

    http_timeout: float = 30.0             # HEAD to an instance, fetching an instance's output
    checksum_timeout: float = 3600.0       # an instance computing a file's checksum
    batch_timeout: float = 86400.0         # waiting for every instance to answer a batch run
    max_exceptions: int = 100
    allow_user_code: bool = False


class BitarchiveMonitor:
    """The front of one bitarchive replica."""

    signer: UrlSigner = UNSIGNED   # the URLs it gives out carry a file token (set by the service)

    def __init__(self, replica_id: str, instances: InstanceRegistry, batches: BatchRegistry,
                 limits: MonitorLimits, output_url: Callable[[str], str]):
        self.replica_id = replica_id
        self.bitarchive_service = bitarchive_service_name(replica_id)
        self.registry = instances
        self.batches = batches
        self.limits = limits
        self.output_url = output_url

    # --- instances ------------------------------------------------------------------------------

    def record_heartbeat(self, payload: dict[str, Any]) -> None:
        """Take a heartbeat if it comes from one of this replica's bitarchives."""
        if payload.get("service") == self.bitarchive_service:
            self.registry.record(payload)

    def instances(self) -> list[BitarchiveInstanceDto]:
        """This replica's bitarchive instances known from heartbeats, with their state."""
        names = [f.name for f in dataclasses.fields(BitarchiveInstanceDto)]
        return [BitarchiveInstanceDto(**{n: getattr(i, n) for n in names}) for i in self.registry.instances()
                if i.service == self.bitarchive_service]

    def forget_instance(self, instance_id: str) -> bool:
        return self.registry.forget(instance_id)

    # --- files ----------------------------------------------------------------------------------

    def locate(self, name: str, hint: str | None = None) -> FileLocationDto:
        """The instance that holds ``name`` (``hint`` is asked first). Raises InvalidName,
        ArchiveFileNotFound, ReplicaUnavailable (no instance answers)."""
        check_name(name)
        instances = self.instances()
        if not instances:
            raise ReplicaUnavailable(f"no instance of {self.bitarchive_service} has ever sent a heartbeat here",
                                     {"service": self.bitarchive_service})
        instances.sort(key=lambda i: (i.instance_id != hint, i.state != InstanceState.RUNNING, i.instance_id))
        unreachable = []
        for inst in instances:
            base = inst.details.get("http_url")
            if not base or inst.state in (InstanceState.LOST, InstanceState.STOPPED):
                unreachable.append(inst.instance_id)
                continue
            try:
                url = self.signer.url(base, "files", name)
                resp = requests.head(url, timeout=self.limits.http_timeout)
            except requests.RequestException:
                unreachable.append(inst.instance_id)
                continue
            if resp.status_code == 200:
                return FileLocationDto(inst.instance_id, base, url,
                                       int(resp.headers.get("Content-Length", 0)), inst.host)
        details = {"name": name, "replica": self.replica_id, "unreachable": unreachable}
        if unreachable and len(unreachable) == len(instances):
            raise ReplicaUnavailable(f"no instance of replica {self.replica_id} answers "
                                     f"({', '.join(unreachable)})", details)
        raise ArchiveFileNotFound(f"{name} is not in replica {self.replica_id}"
                                  + (f" (not asked: {', '.join(unreachable)})" if unreachable else ""), details)

    def get_checksum(self, name: str, hint: str | None = None) -> ReplicaChecksumDto | None:
        """MD5 of ``name`` as the replica holds it; None when no reachable instance has it.
        Raises InvalidName, ReplicaUnavailable."""
        try:
            where = self.locate(name, hint)
        except ArchiveFileNotFound:
            return None
        resp = requests.get(self.signer.url(where.base_url, "checksum", name), timeout=self.limits.checksum_timeout)
        if resp.status_code != 200:
            return None
        return ReplicaChecksumDto(resp.text.strip(), where.instance_id)

    # --- batch runs -----------------------------------------------------------------------------

    def start_batch(self, job: str | None, args: dict[str, Any] | None = None, regex: str | None = None,
                    source: str | None = None, owner: str = "") -> BatchState:
        """Register a run over every instance known from heartbeats (lost ones included: their
        files were not processed, so the result will say so). The caller broadcasts
        ``state.request`` and runs :meth:`watch`. Raises BatchJobNotFound, PermissionDenied,
        ReplicaUnavailable."""
        if source:
            if not self.limits.allow_user_code:
                raise PermissionDenied("user code is not allowed here (archive.batch.allow_user_code)", {})
            job = job or "user-code"
        else:
            load_job(job or "")
        expected = sorted(i.instance_id for i in self.instances())
        if not expected:
            raise ReplicaUnavailable(f"replica {self.replica_id} has no bitarchive instance known from heartbeats",
                                     {"replica": self.replica_id})
        batch_id = f"{self.replica_id}-{uuid.uuid4().hex[:16]}"
        request = BatchRequestDto(batch_id, job, args or {}, regex, source)
        result = BatchResultDto(batch_id, job or "", self.replica_id, "running", time.time(),
                                expected_instances=expected, owner=owner)
        return self.batches.start(request, result)

    def on_reply(self, reply: InstanceReplyDto) -> bool:
        """An instance's answer; False when it is late (merged already) or for an unknown run."""
        accepted = self.batches.add_reply(reply)
        if not accepted:
            log.info("late or unknown batch reply for %s from %s ignored", reply.batch_id, reply.instance_id)
        return accepted

    def watch(self, batch_id: str) -> None:
        """Wait until every expected instance answered or the batch timeout passed, then merge."""
        state = self.batches.get(batch_id)
        if state is None:
            return
        state.answered.wait(self.limits.batch_timeout)
        try:
            self.merge(state)
        finally:
            self.batches.finish(batch_id)

    def status(self, batch_id: str, wait: float = 0.0) -> BatchResultDto:
        """The result so far; with ``wait`` > 0, once the run is done or after that many seconds
        (at most 10). Raises NotFound (unknown, or finished and forgotten)."""
        state = self.batches.get(batch_id)
        if state is None:
            raise NotFound(f"no batch run {batch_id!r} here (finished runs are kept "
                           f"{self.batches.keep_for:g}s, archive.batch.keep_results)", {"batch_id": batch_id})
        if wait > 0 and state.running:
            state.done.wait(min(wait, MAX_STATUS_WAIT))
        return state.result

    def serve_batch_output(self, rest: str, query: dict[str, str]) -> Served | None:
        """The file server's resolver for ``/batch/<id>``: a merged output while it is kept."""
        path = self.batches.output_path(rest)
        return Served(path) if self.batches.get(rest) is not None and os.path.exists(path) else None

    def merge(self, state: BatchState) -> None:
        """Fetch every answered instance's output, merge them with the job's ``post_process``
        and summarise the replies into the result (any failure is written into the result)."""
        result, request = state.result, state.request
        replies = dict(state.replies)
        batch_id = state.batch_id
        out_path = self.batches.output_path(batch_id)
        parts: list[str] = []
        try:
            for iid in sorted(replies):
                r = replies[iid]
                if r.output_url:
                    part = os.path.join(self.batches.directory, f"{batch_id}.{len(parts)}.part-in")
                    download(http_chunks(r.output_url, self.limits.http_timeout), part)
                    parts.append(part)
            job_cls = BatchJob if request.source else load_job(request.job or "")
            tmp = out_path + ".tmp"
            handles = [open(p, "rb") for p in parts]
            try:
                with open(tmp, "wb") as out:
                    job_cls.post_process(handles, out, request.args or {})
            finally:
                for h in handles:
                    h.close()
            os.replace(tmp, out_path)
            result.output_url = self.output_url(batch_id)
            result.output_size = os.path.getsize(out_path)
        except Exception as exc:  # noqa: BLE001 - the result says what went wrong
            log.warning("merging batch %s failed: %s", batch_id, exc)
            result.error = f"{exc.__class__.__name__}: {exc}"
        finally:
            for p in parts:
                os.unlink(p)
        summarise(result, replies, self.limits.max_exceptions)
        if result.error:
            result.incomplete = True
        log.info("batch %s done: %d files, %d failed, missing %s", batch_id, result.files_processed,
                 result.files_failed, result.missing_instances or "none")
