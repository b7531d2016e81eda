"""The arcrepository without Nameko: stores into every replica, answers where a file or record
is, forwards batch jobs to a replica's monitor.

:class:`ArcRepository` holds the configured replicas, the stores in progress and a green pool
for them. It is given how to call a replica's service (``call(service, method, *args,
timeout=...)``, answers decoded into DTOs; the service passes its :class:`~server.archive.calls.
ServiceCalls`) and how to open a database session for background work; RPC-driven methods take
the worker's session. The store protocol itself is :mod:`.store`.
"""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

import eventlet
from nameko.exceptions import RpcTimeout, UnknownService
from sqlalchemy.orm import Session

from server.archive.arcrepository import store as core
from server.archive.batch.base import load_job, registered_jobs
from server.archive.fileserver import UNSIGNED, UrlSigner
from server.archive.names import check_name
from server.archive.remotefile import RemoteFile
from server.archive.replicas import Replicas
from server.archive.user_regex import UserPattern
from server.db.transactions import committing
from shared.dto import Page
from shared.dto.archive import (
    ArchiveFileDto,
    BatchResultDto,
    FileLocationDto,
    FileUrlDto,
    RecordUrlDto,
    ReplicaChecksumDto,
    ReplicaDto,
    StoreStatusDto,
    UploadReceiptDto,
)
from shared.enums import ReplicaType
from shared.errors import InvalidInput, NasError, NotFound, ReplicaUnavailable

log = logging.getLogger(__name__)

#: seconds a batch_status(wait=...) may hold the caller
MAX_STATUS_WAIT = 10.0

Call = Callable[..., Any]


@dataclasses.dataclass(frozen=True)
class StoreLimits:
    """``archive.store.*`` and ``archive.rpc_timeout``."""

    rpc_timeout: float = 30.0        # short calls (locate, checksum of a checksum replica, batch)
    store_timeout: float = 3600.0    # one upload to one replica, a bitarchive computing a checksum
    retries: int = 1
    max_parallel: int = 4


class ArcRepository:
    signer: UrlSigner = UNSIGNED   # record URLs carry a file token (set by the service)

    def __init__(self, replicas: Replicas, call: Call, sessions: Callable[[], Session], limits: StoreLimits):
        self.replicas = replicas
        self.call = call
        self.sessions = sessions
        self.limits = limits
        self.running: set[str] = set()
        self.pool = eventlet.GreenPool(limits.max_parallel * 8)
        #: told about every store that ended incomplete (the service notifies a person)
        self.on_store_failed: Callable[[StoreStatusDto], None] | None = None

    # --- calls to replicas ----------------------------------------------------------------------

    def replica_call(self, r: ReplicaDto, service: str, method: str, *args: Any, timeout: float) -> Any:
        """One call to a replica's service; a silent or absent service is ReplicaUnavailable."""
        try:
            return self.call(service, method, *args, timeout=timeout)
        except RpcTimeout:
            raise ReplicaUnavailable(f"replica {r.id} ({service}) did not answer within {timeout:.0f}s",
                                     {"replica": r.id, "service": service}) from None
        except UnknownService:
            raise ReplicaUnavailable(f"replica {r.id}: no {service} service is running",
                                     {"replica": r.id, "service": service}) from None

    # --- store ----------------------------------------------------------------------------------

    def status(self, session: Session, name: str) -> StoreStatusDto:
        """Where ``name`` stands in every replica. Raises InvalidName, ArchiveFileNotFound."""
        status = core.status(session, name, self.replicas.all())
        status.running = name in self.running
        return status

    def store(self, session: Session, rf: RemoteFile) -> StoreStatusDto:
        """Record ``rf`` and start storing it in every replica that lacks it (in the background);
        returns the status at once. Raises InvalidName, ChecksumMismatch, InvalidInput."""
        check_name(rf.name)
        if not rf.checksum:
            raise InvalidInput("a store needs the file's checksum", {"name": rf.name})
        if rf.name in self.running:
            return self.status(session, rf.name)
        with committing(session):
            plan = core.on_store(session, self.replicas.all(), rf.name, rf.checksum, rf.size)
        if any(a != core.Action.NONE for a in plan.values()):
            self.running.add(rf.name)
            self.pool.spawn_n(self.run_store, plan, rf)
        return self.status(session, rf.name)

    def record(self, fn: Callable[[Session], Any]) -> Any:
        """``fn(session)`` in a transaction of its own, committed."""
        with self.sessions() as session, committing(session):
            return fn(session)

    def run_store(self, plan: dict[str, core.Action], rf: RemoteFile) -> None:
        """Drive one store to its end (a background green thread); every outcome is recorded."""
        lim = self.limits
        replicas = self.replicas.all()

        def upload(r: ReplicaDto) -> UploadReceiptDto:
            return self.replica_call(r, r.service, "upload", rf.to_dict(), timeout=lim.store_timeout)

        def checksum(r: ReplicaDto) -> ReplicaChecksumDto | None:
            if r.type == ReplicaType.CHECKSUM:
                return self.replica_call(r, r.service, "get_checksum", rf.name, timeout=lim.rpc_timeout)
            return self.replica_call(r, r.monitor_service, "get_checksum", rf.name, timeout=lim.store_timeout)

        def parallel(fn, items) -> None:
            pile = eventlet.GreenPile(self.pool)
            for item in items:
                pile.spawn(fn, item)
            list(pile)

        # Every replica is asked first whether it already holds the file (a reply lost to a
        # timeout must not make a second copy in another instance).
        plan = {rid: (core.Action.CHECK if a == core.Action.UPLOAD else a) for rid, a in plan.items()}
        try:
            core.run_store(plan, replicas, upload=upload, checksum=checksum, record=self.record,
                           retries=lim.retries, parallel=parallel, name=rf.name)
        except Exception:  # noqa: BLE001 - the per-replica states say what failed
            log.exception("store of %s ended with an error", rf.name)
        finally:
            self.running.discard(rf.name)
            status = self.record(lambda sess: core.status(sess, rf.name, replicas))
            if status.complete:
                log.info("stored %s in every replica", rf.name)
            else:
                log.warning("store of %s failed in %s", rf.name, ", ".join(status.failed_replicas) or "?")
                if self.on_store_failed is not None:
                    self.on_store_failed(status)

    # --- listings and access --------------------------------------------------------------------

    def replica_list(self) -> list[ReplicaDto]:
        """The configured replicas, the default first."""
        default = self.replicas.default
        return sorted(self.replicas.all(), key=lambda r: r.id != default.id)

    def list_files(self, session: Session, replica: str | None, offset: int, limit: int,
                   regex: str | None) -> Page[ArchiveFileDto]:
        """A page of archived files with their state per replica. Raises NotFound (replica)."""
        rid = self.replicas.get(replica).id if replica else None
        return core.list_files(session, rid, offset, limit, regex)

    def locate(self, session: Session, name: str, replica: str | None) -> tuple[ReplicaDto, FileLocationDto]:
        check_name(name)
        r = self.replicas.bitarchive(replica)
        hint = core.location_hint(session, name, r.id)
        where = self.replica_call(r, r.monitor_service, "locate", name, hint, timeout=self.limits.rpc_timeout)
        return r, where

    def get_file(self, session: Session, name: str, replica: str | None) -> FileUrlDto:
        """Where to stream ``name`` from. Raises InvalidName, ArchiveFileNotFound, NotFound
        (replica), ReplicaUnavailable."""
        r, where = self.locate(session, name, replica)
        return FileUrlDto(name, where.url, where.size, r.id, where.instance_id, core.expected_checksum(session, name))

    def get_record(self, session: Session, name: str, offset: int, replica: str | None) -> RecordUrlDto:
        """Where to stream the record at ``offset`` of ``name``. Raises InvalidName,
        ArchiveFileNotFound, ReplicaUnavailable, InvalidInput (offset)."""
        if not isinstance(offset, int) or offset < 0:
            raise InvalidInput(f"offset must be a non-negative integer, not {offset!r}", {"offset": offset})
        r, where = self.locate(session, name, replica)
        return RecordUrlDto(name, offset, r.id, where.instance_id,
                            self.signer.url(where.base_url, "record", name, offset=offset))

    # --- batch ----------------------------------------------------------------------------------

    @staticmethod
    def batch_jobs() -> list[str]:
        return sorted(registered_jobs())

    def batch(self, job: str | None, replica: str | None, regex: str | None, args: dict[str, Any] | None,
              source: str | None) -> BatchResultDto:
        """Start a batch run on a bitarchive replica's monitor. Raises BatchJobNotFound,
        InvalidRegex, PermissionDenied, NotFound (replica), ReplicaUnavailable."""
        if regex:
            UserPattern(regex)   # refused here, with the position of the error, before any replica runs
        if not source:
            load_job(job or "")
        r = self.replicas.bitarchive(replica)
        return self.replica_call(r, r.monitor_service, "start_batch", job, args or {}, regex, source,
                                 timeout=self.limits.rpc_timeout)

    def batch_status(self, batch_id: str, wait: float = 0.0) -> BatchResultDto:
        """The run's result from its replica's monitor (the replica is the id's prefix); with
        ``wait``, as soon as it is done or after at most 10 s. Raises NotFound."""
        rid = batch_id.split("-", 1)[0]
        try:
            r = self.replicas.bitarchive(rid)
        except NasError:
            raise NotFound(f"no batch run {batch_id!r}", {"batch_id": batch_id}) from None
        wait = max(0.0, min(float(wait or 0), MAX_STATUS_WAIT))
        return self.replica_call(r, r.monitor_service, "batch_status", batch_id, wait,
                                 timeout=self.limits.rpc_timeout + wait)
