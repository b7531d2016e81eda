"""``bitarchive_monitor_<REPLICA>``: the replica's single front (one per replica).

It knows the replica's bitarchive instances from their heartbeats (the same events the monitor
service reads), finds which instance holds a file (HTTP HEAD to each), and runs batch jobs:
one BROADCAST event reaches every instance, each answers with a ``batch_reply`` event and its
output on its own file server; the monitor merges the outputs and marks the result incomplete,
naming every instance it knows that did not answer within ``archive.batch.timeout``.
"""
from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from typing import Any

import requests
from nameko.events import SERVICE_POOL, EventDispatcher, event_handler

from server.archive.batch.base import load_job
from server.archive.batch.merge import BatchResult, InstanceReply, summarise
from server.archive.events import BATCH_EVENT, BATCH_REPLY_EVENT
from server.archive.fileserver import Served
from server.archive.names import check_name
from server.archive.providers import ArchiveContext, archive_dir
from server.archive.remotefile import download, http_chunks
from server.archive.replicas import bitarchive_monitor_service_name, bitarchive_service_name
from server.monitor.registry import InstanceRegistry
from server.runtime.heartbeat import EVENT_SOURCE, HEARTBEAT_EVENT
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.enums import InstanceState
from shared.errors import ArchiveFileNotFound, NotFound, PermissionDenied, ReplicaUnavailable

log = logging.getLogger(__name__)

MAX_STATUS_WAIT = 10.0     # seconds a batch_status(wait=...) call may hold its worker


class MonitorContext(ArchiveContext):
    def __init__(self):
        super().__init__(serve_files=True)

    def setup(self) -> None:
        super().setup()
        from server.monitor.registry import InstanceRegistry

        lost_after = max(3 * self.settings["runtime.heartbeat_interval"], 10.0)
        self.registry = InstanceRegistry(lost_after=lost_after)
        self.batch_dir = archive_dir(self.settings, "batch-results")
        self.batches: dict[str, BatchResult] = {}
        self.replies: dict[str, dict[str, InstanceReply]] = {}
        self.requests: dict[str, dict[str, Any]] = {}
        # Set when every expected instance answered (wakes ``watch``) and when the result is
        # merged (wakes ``batch_status(wait=...)``): no polling delay on either side.
        self.answered: dict[str, threading.Event] = {}
        self.done: dict[str, threading.Event] = {}
        self.lock = threading.Lock()
        self.file_server.route("batch", self._serve_batch)

    def _serve_batch(self, rest: str, query: dict[str, str]) -> Served | None:
        path = os.path.join(self.batch_dir, f"{rest}.out")
        return Served(path) if rest in self.batches and os.path.exists(path) else None

    def bitarchives(self, service: str) -> list:
        return [i for i in self.registry.instances() if i.service == service]

    def locate(self, service: str, name: str, hint: str | None = None) -> dict[str, Any]:
        """The instance that holds ``name``: ``{instance_id, url, size, host}``."""
        check_name(name)
        instances = self.bitarchives(service)
        if not instances:
            raise ReplicaUnavailable(f"no instance of {service} has ever sent a heartbeat here",
                                     {"service": service})
        instances.sort(key=lambda i: (i.instance_id != hint, i.state != InstanceState.RUNNING, i.instance_id))
        unreachable = []
        for inst in instances:
            base = inst.details.get("http_url")
            if not base or inst.state in (InstanceState.LOST, InstanceState.STOPPED):
                unreachable.append(inst.instance_id)
                continue
            try:
                resp = requests.head(f"{base}/files/{name}", timeout=self.settings["archive.rpc_timeout"])
            except requests.RequestException:
                unreachable.append(inst.instance_id)
                continue
            if resp.status_code == 200:
                return {"instance_id": inst.instance_id, "base_url": base, "url": f"{base}/files/{name}",
                        "size": int(resp.headers.get("Content-Length", 0)), "host": inst.host}
        details = {"name": name, "replica": self.replica_id, "unreachable": unreachable}
        if unreachable and len(unreachable) == len(instances):
            raise ReplicaUnavailable(f"no instance of replica {self.replica_id} answers "
                                     f"({', '.join(unreachable)})", details)
        raise ArchiveFileNotFound(f"{name} is not in replica {self.replica_id}"
                                  + (f" (not asked: {', '.join(unreachable)})" if unreachable else ""), details)

    # --- batch --------------------------------------------------------------------------------

    def watch(self, batch_id: str) -> None:
        self.answered[batch_id].wait(self.settings["archive.batch.timeout"])
        try:
            self.merge(batch_id)
        finally:
            self.done[batch_id].set()

    def add_reply(self, batch_id: str, reply: InstanceReply) -> None:
        self.replies[batch_id][reply.instance_id] = reply
        if set(self.batches[batch_id].expected_instances) <= set(self.replies[batch_id]):
            self.answered[batch_id].set()

    def wait_done(self, batch_id: str, seconds: float) -> None:
        event = self.done.get(batch_id)
        if event is not None and seconds > 0:
            event.wait(min(seconds, MAX_STATUS_WAIT))

    def merge(self, batch_id: str) -> None:
        result = self.batches[batch_id]
        replies = dict(self.replies[batch_id])
        request = self.requests[batch_id]
        out_path = os.path.join(self.batch_dir, f"{batch_id}.out")
        parts: list[str] = []
        try:
            for iid in sorted(replies):
                r = replies[iid]
                if r.output_url:
                    part = os.path.join(self.batch_dir, f"{batch_id}.{len(parts)}.part-in")
                    download(http_chunks(r.output_url, self.settings["archive.rpc_timeout"]), part)
                    parts.append(part)
            job_cls = None if request.get("source") else load_job(request["job"])
            tmp = out_path + ".tmp"
            handles = [open(p, "rb") for p in parts]
            try:
                with open(tmp, "wb") as out:
                    if job_cls is None:
                        from server.archive.batch.base import BatchJob

                        BatchJob.post_process(handles, out, request.get("args") or {})
                    else:
                        job_cls.post_process(handles, out, request.get("args") or {})
            finally:
                for h in handles:
                    h.close()
            os.replace(tmp, out_path)
            result.output_url = self.file_server.url("batch", batch_id)
            result.output_size = os.path.getsize(out_path)
        except Exception as exc:  # noqa: BLE001 - the result says what went wrong
            log.warning("merging batch %s failed: %s", batch_id, exc)
            result.error = f"{exc.__class__.__name__}: {exc}"
        finally:
            for p in parts:
                os.unlink(p)
        summarise(result, replies, self.settings["archive.batch.max_exceptions"])
        if result.error:
            result.incomplete = True
        log.info("batch %s done: %d files, %d failed, missing %s", batch_id, result.files_processed,
                 result.files_failed, result.missing_instances or "none")


_classes: dict[str, type] = {}


def make_bitarchive_monitor_service(replica_id: str) -> type:
    """The Nameko service class ``bitarchive_monitor_<replica_id>`` (cached per replica)."""
    if replica_id in _classes:
        return _classes[replica_id]
    service_name = bitarchive_monitor_service_name(replica_id)
    bitarchive_name = bitarchive_service_name(replica_id)

    class BitarchiveMonitorService(NasService):
        name = service_name
        archive = MonitorContext()
        dispatch = EventDispatcher()

        @event_handler(EVENT_SOURCE, HEARTBEAT_EVENT, handler_type=SERVICE_POOL, reliable_delivery=False)
        def on_heartbeat(self, payload: dict[str, Any]) -> None:
            if payload.get("service") == bitarchive_name:
                self.archive.registry.record(payload)

        @rpc
        def instances(self) -> list[dict[str, Any]]:
            """The replica's bitarchive instances known from heartbeats, with their state."""
            return [i.to_dict() for i in self.archive.bitarchives(bitarchive_name)]

        @rpc
        def forget_instance(self, instance_id: str) -> bool:
            """Stop expecting a decommissioned instance in batch runs; False if unknown."""
            return self.archive.registry.forget(instance_id)

        @rpc
        def locate(self, name: str, hint: str | None = None) -> dict[str, Any]:
            """Which instance holds ``name`` and its URL. Raises InvalidName, ArchiveFileNotFound,
            ReplicaUnavailable (no instance answers)."""
            return self.archive.locate(bitarchive_name, name, hint)

        @rpc
        def get_checksum(self, name: str, hint: str | None = None) -> dict[str, Any] | None:
            """MD5 of ``name`` as the replica holds it, or None when no reachable instance has it.
            Raises InvalidName, ReplicaUnavailable."""
            try:
                where = self.archive.locate(bitarchive_name, name, hint)
            except ArchiveFileNotFound:
                return None
            resp = requests.get(f"{where['base_url']}/checksum/{name}", timeout=self.settings["archive.store.timeout"])
            if resp.status_code != 200:
                return None
            return {"checksum": resp.text.strip(), "instance_id": where["instance_id"]}

        @rpc
        def start_batch(self, job: str | None, args: dict[str, Any] | None = None, regex: str | None = None,
                        source: str | None = None) -> dict[str, Any]:
            """Send a batch job to every instance of the replica; returns the running result
            (poll ``batch_status``). Raises BatchJobNotFound, PermissionDenied, ReplicaUnavailable."""
            if source:
                if not self.settings["archive.batch.allow_user_code"]:
                    raise PermissionDenied("user code is not allowed here (archive.batch.allow_user_code)", {})
                job = job or "user-code"
            else:
                load_job(job)
            expected = sorted(i.instance_id for i in self.archive.bitarchives(bitarchive_name))
            if not expected:
                raise ReplicaUnavailable(f"replica {replica_id} has no bitarchive instance known from heartbeats",
                                         {"replica": replica_id})
            batch_id = f"{replica_id}-{uuid.uuid4().hex[:16]}"
            result = BatchResult(batch_id, job, replica_id, "running", time.time(), expected_instances=expected)
            ctx = self.archive
            ctx.batches[batch_id] = result
            ctx.replies[batch_id] = {}
            ctx.requests[batch_id] = {"job": job, "args": args or {}, "regex": regex, "source": source}
            ctx.answered[batch_id] = threading.Event()
            ctx.done[batch_id] = threading.Event()
            self.dispatch(BATCH_EVENT, {"batch_id": batch_id, **ctx.requests[batch_id]})
            ctx.spawn(ctx.watch, batch_id)
            return result.to_dict()

        @event_handler(bitarchive_name, BATCH_REPLY_EVENT, handler_type=SERVICE_POOL)
        def on_batch_reply(self, reply: dict[str, Any]) -> None:
            ctx = self.archive
            batch_id = reply.get("batch_id")
            result = ctx.batches.get(batch_id)
            if result is None or result.state != "running":
                log.info("late or unknown batch reply for %s from %s ignored", batch_id, reply.get("instance_id"))
                return
            ctx.add_reply(batch_id, InstanceReply.from_dict(reply))

        @rpc
        def batch_status(self, batch_id: str, wait: float = 0.0) -> dict[str, Any]:
            """The result so far (state running or done); with ``wait`` > 0, answers as soon as
            the run is done or after that many seconds (at most 10). Raises NotFound."""
            result = self.archive.batches.get(batch_id)
            if result is None:
                raise NotFound(f"no batch run {batch_id!r} here (results are kept until restart)",
                               {"batch_id": batch_id})
            self.archive.wait_done(batch_id, float(wait or 0))
            return result.to_dict()

    BitarchiveMonitorService.__name__ = BitarchiveMonitorService.__qualname__ = f"BitarchiveMonitor_{replica_id}"
    _classes[replica_id] = BitarchiveMonitorService
    return BitarchiveMonitorService


__all__ = ["make_bitarchive_monitor_service", "InstanceRegistry"]


def __getattr__(name: str) -> type:
    """``nameko run ... server.archive.bitarchive_monitor.service:bitarchive_monitor`` makes the class
    of the replica given by ``$NAS_REPLICA`` or ``archive.replica`` in the config file the process was started with."""
    if name != "bitarchive_monitor":
        raise AttributeError(name)
    from server.archive.replicas import configured_replica

    return make_bitarchive_monitor_service(configured_replica())
