"""``arcrepository``: the archive's public front (exactly one).

Store (started by ``store``, followed with ``store_status``), get-file and get-record (answered
with URLs on the bitarchive instance that holds the file: the bytes never pass through here),
listings from the admin database, and batch jobs forwarded to a replica's bitarchive monitor.
The logic is in :mod:`.repository` (and the store protocol in :mod:`.store`).
"""
from __future__ import annotations

from typing import Any

from server.archive.arcrepository.deps import ContainerDeps
from server.archive.arcrepository.preservation_service import PreservationRpcs
from server.archive.arcrepository.repository import ArcRepository, StoreLimits
from server.archive.batch.owners import check_reader, owner_of
from server.archive.calls import ServiceCalls
from server.archive.providers import ArchiveContext
from server.archive.remotefile import RemoteFile
from server.archive.sources import StoreSources
from server.archive.transfer import key_of
from server.db.provider import DatabaseSession
from server.runtime.notify import Notifications, notifier_of
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.dto import Page
from shared.dto.archive import (
    ARCREPOSITORY,
    ArchiveFileDto,
    BatchResultDto,
    FileUrlDto,
    RecordUrlDto,
    ReplicaDto,
    StoreStatusDto,
)
from shared.enums import NotificationCode, Severity
from shared.roles import QA_OR_OPERATOR, READ, SERVICE_ONLY

MIGRATIONS = "server.archive.arcrepository.migrations"


class RepositoryContext(ContainerDeps, ArchiveContext):
    """The :class:`ArcRepository` built from settings; it calls the replicas through the
    service's :class:`ServiceCalls` and opens background sessions on its archive database."""

    def setup(self) -> None:
        super().setup()
        s = self.settings
        limits = StoreLimits(s["archive.rpc_timeout"], s["archive.store.timeout"], s["archive.store.retries"],
                             s["archive.store.max_parallel"], s["archive.store.watch_interval"],
                             s["archive.store.reconcile_interval"],
                             # half the workers may wait for a store's end; the rest answer
                             max_waiting=max(1, int(getattr(self.container, "max_workers", 10)) // 2))
        # The key signs transfer tickets; a missing key stops the start with a clear ConfigError.
        self.core = ArcRepository(self.replicas, self._call, self._session, limits, key_of(s),
                                  s["archive.transfer.local"], StoreSources.from_settings(s))
        self.core.on_store_failed = self._store_failed
        self.core.signer = self.signer

    def _store_failed(self, status: StoreStatusDto) -> None:
        notify = notifier_of(self.container)
        if notify is not None:
            notify.emit(NotificationCode.STORE_FAILED, Severity.ERROR,
                        f"{status.name} could not be stored in {', '.join(status.failed_replicas) or 'a replica'}",
                        status.name, {"failed_replicas": list(status.failed_replicas)})

    def start(self) -> None:
        super().start()
        # Stores a restart interrupted are settled in the background (asking the replicas).
        self.spawn(self.core.reconcile_loop)


class ArcRepositoryService(PreservationRpcs, NasService):
    name = ARCREPOSITORY
    db = DatabaseSession("archive", MIGRATIONS)
    archive = RepositoryContext()
    calls = ServiceCalls()
    notify = Notifications()

    @rpc(roles=SERVICE_ONLY)
    def store(self, remote: dict[str, Any]) -> StoreStatusDto:
        """Start storing the RemoteFile ``remote`` (name, size, checksum, where to read it) in
        every replica; returns the store status at once (follow it with ``store_status``, which
        can wait for the end).

        A file completed everywhere with the same checksum succeeds without copying. Raises
        InvalidName, ChecksumMismatch (already archived with another checksum), InvalidInput."""
        return self.archive.core.store(self.db, RemoteFile.from_dict(remote))

    @rpc(roles=SERVICE_ONLY)
    def begin_store(self, remote: dict[str, Any]) -> StoreStatusDto:
        """Start storing a *new* file while the caller still computes its checksum: the
        bitarchive replicas copy and hash it at once and keep it only once ``confirm_store``
        gave the checksum and theirs equals it. Returns the status at once (``running``).
        With a checksum in ``remote``, the same as ``store``. Raises InvalidName, AlreadyExists
        (details ``reason``: ``in_progress`` or ``known``: use ``store`` with the checksum)."""
        return self.archive.core.begin_store(self.db, RemoteFile.from_dict(remote))

    @rpc(roles=SERVICE_ONLY)
    def confirm_store(self, name: str, checksum: str, digest: str | None = None) -> StoreStatusDto:
        """The checksum of the file ``begin_store`` started, as the caller computed it, and its
        transfer digest (hex) when ``begin_store`` named one (``remote["digest"]``, ``blake3``):
        the replicas verify their copies with that; the store then goes on as any other (follow
        it with ``store_status``). Raises InvalidName, InvalidInput (not an MD5 hex, or the
        digest missing or malformed), NotFound (no begun store waits: it was given up after the
        store timeout; store the file again)."""
        return self.archive.core.confirm_store(self.db, name, checksum, digest)

    @rpc(roles=SERVICE_ONLY)
    def transfer_checksum(self, ticket_id: str, wait: float = 0.0) -> str | None:
        """For a replica that received a file under a ticket without a checksum (a begun store):
        the checksum to compare with once the admin database has it (the MD5, then
        ``blake3:<hex>`` when the client gave a transfer digest); "" when it is not there
        after ``wait`` seconds (at most 10: ask again); None when the replica must not keep the
        file (the transfer is not wanted any more, or the store was given up)."""
        return self.archive.core.transfer_checksum(ticket_id, wait)

    @rpc(roles=READ)
    def store_status(self, name: str, wait: float = 0.0) -> StoreStatusDto:
        """Per replica: upload state, checksum, instance, error; ``running``, ``complete`` and
        ``failed_replicas``. With ``wait`` > 0 the answer comes as soon as the running store of
        ``name`` ended, or after ``wait`` seconds (at most 10): pollers need not sleep.
        Raises InvalidName, ArchiveFileNotFound."""
        return self.archive.core.status(self.db, name, float(wait or 0))

    @rpc(roles=READ)
    def replicas(self) -> list[ReplicaDto]:
        """The configured replicas: id, name, type; the default is listed first."""
        return self.archive.core.replica_list()

    @rpc(roles=READ)
    def list_files(self, replica: str | None = None, offset: int = 0, limit: int = 1000,
                   regex: str | None = None) -> Page[ArchiveFileDto]:
        """A page of archived files with their upload state per replica. Raises NotFound (replica)."""
        return self.archive.core.list_files(self.db, replica, offset, limit, regex)

    @rpc(roles=READ)
    def get_file(self, name: str, replica: str | None = None) -> FileUrlDto:
        """Where to fetch ``name`` from a replica (default from settings): URL, size, checksum,
        replica and instance; the caller streams the URL and checks the checksum.
        Raises InvalidName, ArchiveFileNotFound, NotFound (replica), ReplicaUnavailable."""
        return self.archive.core.get_file(self.db, name, replica)

    @rpc(roles=READ)
    def get_record(self, name: str, offset: int, replica: str | None = None) -> RecordUrlDto:
        """Where to stream the one WARC/ARC record at ``offset`` of ``name``. Raises InvalidName,
        ArchiveFileNotFound, ReplicaUnavailable, InvalidInput (offset)."""
        return self.archive.core.get_record(self.db, name, offset, replica)

    @rpc(roles=SERVICE_ONLY)
    def transfer_wanted(self, ticket_id: str) -> bool:
        """Whether the transfer ticket with id ``ticket_id`` belongs to an upload this
        arcrepository still waits for; a replica asks before it stores, so a stale upload request
        (redelivered after a crash, its store already failed or over) is discarded."""
        return self.archive.core.transfer_wanted(ticket_id)

    @rpc(roles=READ)
    def batch_jobs(self) -> list[str]:
        """Names of the registered batch jobs."""
        return self.archive.core.batch_jobs()

    @rpc(roles=QA_OR_OPERATOR)
    def batch(self, job: str | None, replica: str | None = None, regex: str | None = None,
              args: dict[str, Any] | None = None, source: str | None = None) -> BatchResultDto:
        """Start batch ``job`` (a registered name, or Python ``source`` where allowed) over the
        files of a bitarchive replica (matching ``regex`` if given); returns the running result
        with its ``batch_id`` (poll ``batch_status``). Raises BatchJobNotFound, InvalidRegex,
        PermissionDenied, NotFound (replica), ReplicaUnavailable."""
        return self.archive.core.batch(job, replica, regex, args, source, owner_of(self.caller))

    @rpc(roles=READ)
    def batch_status(self, batch_id: str, wait: float = 0.0) -> BatchResultDto:
        """The batch result so far (state running|done, counts, exceptions, missing instances,
        output URL, seconds per instance). With ``wait`` > 0 the answer comes as soon as the run
        is done, or after ``wait`` seconds (at most 10): pollers need not sleep. Raises NotFound,
        PermissionDenied (another person's run: only they and admins read it)."""
        return check_reader(self.archive.core.batch_status(batch_id, wait), self.caller)
