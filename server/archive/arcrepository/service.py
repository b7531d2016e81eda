"""``arcrepository``: the archive's public front (exactly one).

Store (started by ``store``, followed with ``store_status``), get-file and get-record (answered
with URLs on the bitarchive instance that holds the file: the bytes never pass through here),
listings from the admin database, and batch jobs forwarded to a replica's bitarchive monitor.
"""
from __future__ import annotations

import logging
from typing import Any

import eventlet
from nameko.exceptions import RpcTimeout, UnknownService

from server.archive.arcrepository import store as core
from server.archive.batch.base import load_job, registered_jobs
from server.archive.names import check_name
from server.archive.providers import ArchiveContext, call_service
from server.archive.remotefile import RemoteFile
from server.archive.replicas import ReplicaInfo
from server.db.provider import DatabaseSession, committing
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.enums import ReplicaType
from shared.errors import InvalidInput, NasError, NotFound, ReplicaUnavailable

log = logging.getLogger(__name__)


class RepositoryContext(ArchiveContext):
    """The replicas, the stores in progress and a session factory for background stores."""

    def setup(self) -> None:
        super().setup()
        self.running: set[str] = set()
        self.pool = eventlet.GreenPool(self.settings["archive.store.max_parallel"] * 8)

    def sessionmaker(self):
        for dep in self.container.dependencies:
            if isinstance(dep, DatabaseSession) and dep.name == "archive":
                return dep.sessionmaker
        raise RuntimeError("the arcrepository has no archive database")

    def record(self, fn):
        with self.sessionmaker()() as session, committing(session):
            return fn(session)

    def replica_call(self, r: ReplicaInfo, service: str, method: str, *args: Any, timeout: float) -> Any:
        try:
            return call_service(self.config, service, method, *args, timeout=timeout)
        except RpcTimeout:
            raise ReplicaUnavailable(f"replica {r.id} ({service}) did not answer within {timeout:.0f}s",
                                     {"replica": r.id, "service": service}) from None
        except UnknownService:
            raise ReplicaUnavailable(f"replica {r.id}: no {service} service is running",
                                     {"replica": r.id, "service": service}) from None

    def run_store(self, plan: dict[str, core.Action], rf: RemoteFile) -> None:
        s = self.settings
        replicas = self.replicas.all()

        def upload(r: ReplicaInfo) -> dict:
            return self.replica_call(r, r.service, "upload", rf.to_dict(), timeout=s["archive.store.timeout"])

        def checksum(r: ReplicaInfo) -> dict | None:
            if r.type == ReplicaType.CHECKSUM:
                return self.replica_call(r, r.service, "get_checksum", rf.name, timeout=s["archive.rpc_timeout"])
            return self.replica_call(r, r.monitor_service, "get_checksum", rf.name,
                                     timeout=s["archive.store.timeout"])

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
                           retries=s["archive.store.retries"], parallel=parallel, name=rf.name)
        except Exception:  # noqa: BLE001 - the per-replica states say what failed
            log.exception("store of %s ended with an error", rf.name)
        finally:
            self.running.discard(rf.name)
            status = self.record(lambda sess: core.status(sess, rf.name, replicas))
            if status.complete:
                log.info("stored %s in every replica", rf.name)
            else:
                log.warning("store of %s failed in %s", rf.name, ", ".join(status.failed_replicas) or "?")


class ArcRepositoryService(NasService):
    name = "arcrepository"
    db = DatabaseSession("archive", "server.archive.migrations")
    archive = RepositoryContext()

    def _status(self, name: str) -> dict[str, Any]:
        status = core.status(self.db, name, self.archive.replicas.all())
        status.running = name in self.archive.running
        return status.to_dict()

    @rpc
    def store(self, remote: dict[str, Any]) -> dict[str, Any]:
        """Start storing the RemoteFile ``remote`` (name, size, checksum, where to read it) in
        every replica; returns the store status at once (poll ``store_status``).

        A file completed everywhere with the same checksum succeeds without copying. Raises
        InvalidName, ChecksumMismatch (already archived with another checksum), InvalidInput."""
        rf = RemoteFile.from_dict(remote)
        check_name(rf.name)
        if not rf.checksum:
            raise InvalidInput("a store needs the file's checksum", {"name": rf.name})
        if rf.name in self.archive.running:
            return self._status(rf.name)
        with committing(self.db):
            plan = core.on_store(self.db, self.archive.replicas.all(), rf.name, rf.checksum, rf.size)
        if any(a != core.Action.NONE for a in plan.values()):
            self.archive.running.add(rf.name)
            self.archive.pool.spawn_n(self.archive.run_store, plan, rf)
        return self._status(rf.name)

    @rpc
    def store_status(self, name: str) -> dict[str, Any]:
        """Per replica: upload state, checksum, instance, error; ``running``, ``complete`` and
        ``failed_replicas``. Raises InvalidName, ArchiveFileNotFound."""
        return self._status(name)

    @rpc
    def replicas(self) -> list[dict[str, Any]]:
        """The configured replicas: id, name, type; the default is listed first."""
        default = self.archive.replicas.default
        return [r.to_dict() for r in sorted(self.archive.replicas.all(), key=lambda r: r.id != default.id)]

    @rpc
    def list_files(self, replica: str | None = None, offset: int = 0, limit: int = 1000,
                   regex: str | None = None) -> dict[str, Any]:
        """A page of archived files with their upload state per replica. Raises NotFound (replica)."""
        rid = self.archive.replicas.get(replica).id if replica else None
        return core.list_files(self.db, rid, offset, limit, regex).to_dict()

    def _locate(self, name: str, replica: str | None) -> tuple[ReplicaInfo, dict[str, Any]]:
        check_name(name)
        r = self.archive.replicas.bitarchive(replica)
        hint = core.location_hint(self.db, name, r.id)
        where = self.archive.replica_call(r, r.monitor_service, "locate", name, hint,
                                          timeout=self.settings["archive.rpc_timeout"])
        return r, where

    @rpc
    def get_file(self, name: str, replica: str | None = None) -> dict[str, Any]:
        """Where to fetch ``name`` from a replica (default from settings): ``{url, size,
        checksum, replica, instance_id}``; the caller streams the URL and checks the checksum.
        Raises InvalidName, ArchiveFileNotFound, NotFound (replica), ReplicaUnavailable."""
        r, where = self._locate(name, replica)
        return {"name": name, "url": where["url"], "size": where["size"], "replica": r.id,
                "instance_id": where["instance_id"], "checksum": core.expected_checksum(self.db, name)}

    @rpc
    def get_record(self, name: str, offset: int, replica: str | None = None) -> dict[str, Any]:
        """Where to stream the one WARC/ARC record at ``offset`` of ``name``: ``{url, replica}``.
        Raises InvalidName, ArchiveFileNotFound, ReplicaUnavailable, InvalidInput (offset)."""
        if not isinstance(offset, int) or offset < 0:
            raise InvalidInput(f"offset must be a non-negative integer, not {offset!r}", {"offset": offset})
        r, where = self._locate(name, replica)
        return {"name": name, "offset": offset, "replica": r.id, "instance_id": where["instance_id"],
                "url": f"{where['base_url']}/record/{name}?offset={offset}"}

    @rpc
    def batch_jobs(self) -> list[str]:
        """Names of the registered batch jobs."""
        return sorted(registered_jobs())

    @rpc
    def batch(self, job: str | None, replica: str | None = None, regex: str | None = None,
              args: dict[str, Any] | None = None, source: str | None = None) -> dict[str, Any]:
        """Start batch ``job`` (a registered name, or Python ``source`` where allowed) over the
        files of a bitarchive replica (matching ``regex`` if given); returns the running result
        with its ``batch_id`` (poll ``batch_status``). Raises BatchJobNotFound, InvalidRegex,
        PermissionDenied, NotFound (replica), ReplicaUnavailable."""
        import re

        from shared.errors import InvalidRegex

        if regex:
            try:
                re.compile(regex)
            except re.error as exc:
                raise InvalidRegex(f"{regex!r}: {exc}", {"regex": regex, "position": exc.pos}) from None
        if not source:
            load_job(job or "")
        r = self.archive.replicas.bitarchive(replica)
        return self.archive.replica_call(r, r.monitor_service, "start_batch", job, args or {}, regex, source,
                                         timeout=self.settings["archive.rpc_timeout"])

    @rpc
    def batch_status(self, batch_id: str, wait: float = 0.0) -> dict[str, Any]:
        """The batch result so far (state running|done, counts, exceptions, missing instances,
        output URL, seconds per instance). With ``wait`` > 0 the answer comes as soon as the run
        is done, or after ``wait`` seconds (at most 10): pollers need not sleep. Raises NotFound."""
        rid = batch_id.split("-", 1)[0]
        try:
            r = self.archive.replicas.bitarchive(rid)
        except NasError:
            raise NotFound(f"no batch run {batch_id!r}", {"batch_id": batch_id}) from None
        wait = max(0.0, min(float(wait or 0), 10.0))
        return self.archive.replica_call(r, r.monitor_service, "batch_status", batch_id, wait,
                                         timeout=self.settings["archive.rpc_timeout"] + wait)
