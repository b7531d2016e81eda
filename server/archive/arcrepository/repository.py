"""The arcrepository without Nameko: stores into every replica, answers where a file or record
is, forwards batch jobs to a replica's monitor.

:class:`ArcRepository` holds the configured replicas, the stores in progress and a green pool
for them. It is given how to call a replica's service (``call(service, method, *args,
timeout=...)``, answers decoded into DTOs; the service passes its :class:`~server.archive.calls.
ServiceCalls`) and how to open a database session for background work; RPC-driven methods take
the worker's session. The store protocol itself is :mod:`.store`.
"""
from __future__ import annotations

import collections
import contextlib
import dataclasses
import logging
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import eventlet
from nameko.exceptions import RpcTimeout, UnknownService
from sqlalchemy import select
from sqlalchemy.orm import Session

from server.archive.arcrepository import expectations
from server.archive.arcrepository import store as core
from server.archive.arcrepository.models import utcnow
from server.archive.batch.base import load_job, registered_jobs
from server.archive.batch.jobs import ChecksumJob
from server.archive.checksums import TRANSFER_DIGESTS, new_hash, normalise, tagged
from server.archive.fileserver import UNSIGNED, UrlSigner
from server.archive.names import check_name
from server.archive.remotefile import RemoteFile
from server.archive.replicas import Replicas
from server.archive.sources import StoreSources
from server.archive.transfer import Arrangements, issue_ticket
from server.archive.user_regex import UserPattern
from server.db.transactions import committing
from shared.dto import Page
from shared.dto.archive import (
    ArchiveFileDto,
    BatchErrorDto,
    BatchResultDto,
    FileLocationDto,
    FileUrlDto,
    RecordUrlDto,
    ReplicaChecksumDto,
    ReplicaDto,
    ReplicaStateDto,
    StoreStatusDto,
    UploadReceiptDto,
)
from shared.enums import InstanceState, ReplicaType
from shared.errors import (
    AlreadyExists,
    ChecksumMismatch,
    InvalidInput,
    NasError,
    NotFound,
    ReplicaUnavailable,
    Unavailable,
)

log = logging.getLogger(__name__)

#: seconds a batch_status(wait=...) or store_status(wait=...) may hold the caller
MAX_STATUS_WAIT = 10.0
#: batch runs whose expected files are remembered (the oldest forgotten first)
MAX_REMEMBERED_BATCHES = 100
#: missing files of a batch run named one by one (more are counted only)
MAX_NAMED_MISSING = 2000

Call = Callable[..., Any]


@dataclasses.dataclass(frozen=True)
class StoreLimits:
    """``archive.store.*`` and ``archive.rpc_timeout``."""

    rpc_timeout: float = 30.0        # short calls (locate, checksum of a checksum replica, batch)
    store_timeout: float = 3600.0    # one upload to one replica, a bitarchive computing a checksum
    retries: int = 1
    max_parallel: int = 4
    watch_interval: float = 5.0      # how often a running upload asks the replica's monitor if it is lost
    reconcile_interval: float = 60.0  # how often stores left in progress by a restart are settled
    max_waiting: int = 5             # calls that may wait at once (store_status, transfer_checksum, batch_status)


class Waits:
    """How many calls wait at once. A waiting call holds one of the service's workers (Nameko's
    ``max_workers``, 10 by default) for up to MAX_STATUS_WAIT; fifty clients waiting on their
    stores would hold every worker and every other call (a store, a get-file, a monitor's
    question) would queue behind them. Past ``limit`` a call answers at once, as with
    ``wait=0``: its caller sees nothing changed and asks again after a pause
    (``client_store.pause_if_early``)."""

    def __init__(self, limit: int):
        self.limit = max(1, int(limit))
        self.now = 0

    @contextlib.contextmanager
    def allowed(self, wait: float):
        """The wait this call may have (0 when ``limit`` calls wait already), held until the block ends."""
        wait = max(0.0, min(float(wait or 0), MAX_STATUS_WAIT))
        if wait <= 0 or self.now >= self.limit:
            yield 0.0
            return
        self.now += 1
        try:
            yield wait
        finally:
            self.now -= 1


class PendingStore:
    """A store begun before the client knew its file's checksum (:meth:`ArcRepository.begin_store`):
    the bitarchives copy and hash the file while the client hashes its own; the checksum follows
    (:meth:`ArcRepository.confirm_store`). ``recorded`` is sent the checksum once the admin
    database holds the file with it (only then may a replica keep its copy), or None when the
    store is given up (the replicas then discard theirs)."""

    def __init__(self, rf: RemoteFile):
        self.rf = rf
        self.checksum: str | None = None
        self.digest = ""                     # the client's transfer digest, "blake3:<hex>" ("" : none)
        self.recorded = eventlet.Event()
        self.received: set[str] = set()      # replicas holding their copy, waiting for the checksum

    def claim(self, checksum: str) -> bool:
        """Take the client's checksum (once, unless given up); the caller records it and sends."""
        if self.checksum is not None:
            return False
        self.checksum = checksum
        return True

    def give_up(self) -> bool:
        """End the wait for a checksum nobody gave (False: one is being recorded right now)."""
        if self.checksum is None:
            self.checksum = ""
        if self.checksum:
            return False
        self.abort()
        return True

    def abort(self) -> None:
        """Let every waiting replica discard its copy, unless the checksum was sent already."""
        if not self.recorded.ready():
            self.recorded.send(None)

    def wait(self, timeout: float) -> str | None:
        """The recorded checksum; "" when it is not there within ``timeout``; None: given up."""
        with eventlet.Timeout(timeout, False):
            return self.recorded.wait()
        return ""


class ArcRepository:
    signer: UrlSigner = UNSIGNED   # record URLs carry a file token (set by the service)

    def __init__(self, replicas: Replicas, call: Call, sessions: Callable[[], Session], limits: StoreLimits,
                 key: bytes = b"", allow_local: bool = True, sources: StoreSources | None = None):
        self.replicas = replicas
        #: what a caller's store may name as its source (its own offer URL, a spooled path)
        self.sources = sources if sources is not None else StoreSources()
        self.call = call
        self.sessions = sessions
        self.limits = limits
        self.key = key
        self.allow_local = allow_local
        #: name -> checksum of every store in progress (reserved before any I/O, so two callers
        #: storing one name are serialised: see :meth:`store`)
        self.running: dict[str, str] = {}
        #: name -> the event sent when that running store ends (``status(wait=...)`` waits on it)
        self.ended: dict[str, eventlet.Event] = {}
        #: name -> a store begun before its checksum was known (``begin_store``), until it is given
        self.pending: dict[str, PendingStore] = {}
        self.arrangements = Arrangements()
        self.started_at = utcnow()
        self.pool = eventlet.GreenPool(limits.max_parallel * 8)
        self.waits = Waits(limits.max_waiting)
        #: told about every store that ended incomplete (the service notifies a person)
        self.on_store_failed: Callable[[StoreStatusDto], None] | None = None
        #: told about a copy a checksum batch run found with another checksum than the archived
        #: one (``name, replica, why``): bit preservation checks and marks it (``damage.py``)
        self.on_damaged_copy: Callable[[str, str, str], Any] | None = None
        #: batch id -> the copies a done checksum run found differing (computed once per run)
        self.checksum_findings: collections.OrderedDict[str, list[tuple[str, str, str]]] = collections.OrderedDict()

    def start_in_pool(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` (a store) in the store pool; when every place is taken, a green
        thread of its own waits for one, not the caller. The caller is a Nameko worker with a
        database session: fifty clients beginning stores at once (the soak of
        test_archive_soak.py) once held every worker and every pooled connection while they
        waited, so the running stores could record nothing (they waited for a connection) and
        the replicas' ``transfer_wanted`` found no worker to answer it. The store is ``running``
        from the start either way; its status says where it stands. A store arriving while
        others wait queues behind them, so none waits for ever."""
        if self.pool.free() and not self.pool.waiting():
            self.pool.spawn_n(fn, *args)
        else:
            eventlet.spawn_n(self.pool.spawn_n, fn, *args)

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

    def status(self, session: Session, name: str, wait: float = 0.0) -> StoreStatusDto:
        """Where ``name`` stands in every replica; with ``wait`` > 0 and a store of ``name``
        running, once that store ended or after ``wait`` seconds (at most MAX_STATUS_WAIT), so a
        client learns the outcome when it is there instead of up to a poll interval later.
        Raises InvalidName, ArchiveFileNotFound."""
        check_name(name)
        ended = self.ended.get(name)
        if ended is not None:
            # Before the session is used: a waiting caller holds no database connection.
            with self.waits.allowed(wait) as wait:
                if wait > 0:
                    with eventlet.Timeout(wait, False):
                        ended.wait()
        status = core.status(session, name, self.replicas.all())
        status.running = name in self.running
        if not status.running:
            core.mark_interrupted(status)
        return status

    def store(self, session: Session, rf: RemoteFile) -> StoreStatusDto:
        """Record ``rf`` and start storing it in every replica that lacks it (in the background);
        returns the status at once. Raises InvalidName, ChecksumMismatch, InvalidInput."""
        check_name(rf.name)
        if not rf.checksum:
            raise InvalidInput("a store needs the file's checksum", {"name": rf.name})
        rf = self.sources.check(rf)              # the caller's own offer or a spooled path, nothing else
        checksum = normalise(rf.checksum)
        pending = self.pending.get(rf.name)
        if pending is not None and self.running.get(rf.name) == "":
            pending.wait(MAX_STATUS_WAIT)        # a begun store's checksum is on its way
        # One store per name at a time, each with one outcome: the same content waits for the
        # running store (the caller polls its status); other content is refused, never merged.
        active = self.running.get(rf.name)
        if active == "":
            raise Unavailable(f"{rf.name} is being stored right now and its checksum is not known yet; "
                              "try again shortly", {"name": rf.name, "in_progress": True})
        if active is not None:
            if active != checksum:
                raise ChecksumMismatch(f"{rf.name} is being stored right now with checksum {active}, not "
                                       f"{checksum}; the local file is kept",
                                       {"name": rf.name, "stored_checksum": active, "checksum": checksum,
                                        "in_progress": True})
            return self.status(session, rf.name)
        self.running[rf.name] = checksum       # reserved before the first yield to the hub
        started = False
        try:
            with committing(session):
                attempted = core.attempted_replicas(session, rf.name)
                plan = core.on_store(session, self.replicas.all(), rf.name, rf.checksum, rf.size)
            if any(a != core.Action.NONE for a in plan.values()):
                self.ended[rf.name] = eventlet.Event()
                self.start_in_pool(self.run_store, plan, rf, attempted)
                started = True
        finally:
            if not started:
                self.running.pop(rf.name, None)
                self.ended.pop(rf.name, None)
        return self.status(session, rf.name)

    def begin_store(self, session: Session, rf: RemoteFile) -> StoreStatusDto:
        """Start copying a *new* file whose checksum the caller is still computing: every
        bitarchive replica receives and hashes it at once, but keeps it only after
        :meth:`confirm_store` gave the checksum and its own equals it (a checksum replica is sent
        the file then). Nothing is in the admin database until the checksum is there; a store
        whose checksum does not come within the store timeout ends with nothing kept. Raises
        InvalidName; AlreadyExists (details ``reason``: ``in_progress`` or ``known``) when the
        name is being stored or known to the archive: store it with its checksum instead."""
        check_name(rf.name)
        if rf.checksum:
            return self.store(session, rf)
        if rf.digest and rf.digest not in TRANSFER_DIGESTS:
            raise InvalidInput(f"{rf.name}: {rf.digest!r} is not a transfer digest the replicas verify with "
                               f"({', '.join(TRANSFER_DIGESTS)})", {"name": rf.name, "digest": rf.digest})
        rf = self.sources.check(rf)
        if rf.name in self.running:
            raise AlreadyExists(f"{rf.name} is being stored right now; store it with its checksum",
                                {"name": rf.name, "reason": "in_progress"})
        # Reserved, and the checksum's wait set up, before the first yield to the hub (the
        # database query below yields: server/db/engine.py, cooperative_postgresql_waits): a
        # store of the same name arriving meanwhile waits for this one's checksum instead of
        # finding the name reserved with nothing to wait for, and being told to try again.
        self.running[rf.name] = ""
        pending = PendingStore(rf)
        self.pending[rf.name] = pending
        started = False
        try:
            # A read in a transaction of its own: no pooled connection is held past it
            with committing(session):
                known = core.known(session, rf.name)
            if known:
                raise AlreadyExists(f"{rf.name} is known to the archive; store it with its checksum",
                                    {"name": rf.name, "reason": "known"})
            self.ended[rf.name] = eventlet.Event()
            self.start_in_pool(self.run_deferred, pending)
            started = True
        finally:
            if not started:
                self.running.pop(rf.name, None)
                self.pending.pop(rf.name, None)
                pending.abort()                  # a store waiting for its checksum goes on without
        return StoreStatusDto(rf.name, "", rf.size, [ReplicaStateDto(r.id, core.U.NO_UPLOAD)
                                                     for r in self.replicas.all()], running=True)

    def confirm_store(self, session: Session, name: str, checksum: str, digest: str | None = None) -> StoreStatusDto:
        """The checksum of a file :meth:`begin_store` started: recorded in the admin database
        (every replica ``upload_started``), then handed to the replicas waiting for it, with the
        client's transfer digest (hex of the algorithm ``begin_store`` named) when it named one.
        Returns the status (follow it with :meth:`status`). Raises InvalidName, InvalidInput
        (not an MD5 hex; the named digest missing or not one), NotFound (no begun store of
        ``name`` waits for a checksum: store it again)."""
        check_name(name)
        value = normalise(checksum or "")
        if not re.fullmatch(r"[0-9a-f]{32}", value):
            raise InvalidInput(f"{checksum!r} is not an MD5 checksum", {"name": name, "checksum": checksum})
        pending = self.pending.get(name)
        algorithm = pending.rf.digest if pending is not None else ""
        if algorithm:
            # the replicas hash their copies in this digest only: without it none could keep its copy
            hexdigest = (digest or "").strip().lower()
            if not re.fullmatch(f"[0-9a-f]{{{2 * new_hash(algorithm).digest_size}}}", hexdigest):
                raise InvalidInput(f"{digest!r} is not a {algorithm} digest (begin_store named {algorithm})",
                                   {"name": name, "digest": digest})
        if pending is None or not pending.claim(value):   # before the first yield: one confirm only
            raise NotFound(f"no store of {name} waits for its checksum (it ended or was given up); store it again",
                           {"name": name})
        try:
            with committing(session):
                core.on_store(session, self.replicas.all(), name, value, pending.rf.size)
        except BaseException:
            pending.abort()
            raise
        self.running[name] = value              # from now on a store of one name as any other
        if algorithm:
            pending.digest = tagged(algorithm, hexdigest)
        pending.recorded.send(value)
        return self.status(session, name)

    def transfer_checksum(self, jti: str, wait: float = 0.0) -> str | None:
        """For a bitarchive holding a file received under a ticket without a checksum: the
        checksum to compare its own with, once the admin database has it; "" when it is not
        there after ``wait`` seconds (at most MAX_STATUS_WAIT: ask again); None when the
        replica must not keep the file (the transfer is not wanted, or the store was given up)."""
        if not (jti and self.arrangements.wanted(jti)):
            return None
        name, replica_id = self.arrangements.of(jti)
        pending = self.pending.get(name)
        if pending is None:
            return None
        pending.received.add(replica_id)
        with self.waits.allowed(wait) as wait:
            checksum = pending.wait(wait)
        return f"{checksum} {pending.digest}" if checksum and pending.digest else checksum

    def record(self, fn: Callable[[Session], Any]) -> Any:
        """``fn(session)`` in a transaction of its own, committed."""
        with self.sessions() as session, committing(session):
            return fn(session)

    def run_store(self, plan: dict[str, core.Action], rf: RemoteFile, attempted: set[str] | None = None) -> None:
        """Drive one store to its end (a background green thread); every outcome is recorded."""
        replicas = self.replicas.all()
        try:
            self.store_rest(plan, rf, replicas, attempted)
        except Exception:  # noqa: BLE001 - the per-replica states say what failed
            log.exception("store of %s ended with an error", rf.name)
        finally:
            self.store_ended(rf.name, replicas)

    def awaited(self, pending: PendingStore, copies: dict[str, Any]) -> str | None:
        """The checksum of a begun store once recorded, or None: given up. The client hashes the
        same bytes a replica copies and hashes, so it is given, once every copy is received (or
        failed), as long again as the copies took (at least ``rpc_timeout``): a client that died
        does not hold the name for the whole store timeout. (One slower still falls back to an
        ordinary store: ``confirm_store`` answers NotFound.)"""
        started = time.monotonic()
        until = started + self.limits.store_timeout
        while True:
            checksum = pending.wait(min(1.0, max(0.1, until - time.monotonic())))
            if checksum != "":
                return checksum
            now = time.monotonic()
            if now >= until and pending.give_up():
                return None
            if all(gt.dead or rid in pending.received for rid, gt in copies.items()):
                until = min(until, now + max(self.limits.rpc_timeout, now - started))

    def upload_to(self, r: ReplicaDto, rf: RemoteFile) -> UploadReceiptDto:
        """One upload of ``rf`` into replica ``r`` under a transfer ticket, given up early when
        the replica's monitor reports it lost (``watched``)."""
        lim = self.limits
        with self.arranged(rf, r.id, lim.store_timeout + lim.rpc_timeout) as ticket:
            return self.watched(r, lambda: self.replica_call(r, r.service, "upload", rf.to_dict(), ticket,
                                                             timeout=lim.store_timeout))

    def store_rest(self, plan: dict[str, core.Action], rf: RemoteFile, replicas: list[ReplicaDto],
                   attempted: set[str] | None) -> None:
        """Upload (or check) every replica of ``plan`` in parallel, retrying; outcomes recorded."""
        lim = self.limits

        def upload(r: ReplicaDto) -> UploadReceiptDto:
            return self.upload_to(r, rf)

        def checksum(r: ReplicaDto) -> ReplicaChecksumDto | None:
            if r.type == ReplicaType.CHECKSUM:
                return self.replica_call(r, r.service, "get_checksum", rf.name, timeout=lim.rpc_timeout)
            return self.replica_call(r, r.monitor_service, "get_checksum", rf.name, timeout=lim.store_timeout)

        def parallel(fn, items) -> None:
            pile = eventlet.GreenPile(self.pool)
            for item in items:
                pile.spawn(fn, item)
            list(pile)

        # A replica an earlier store sent the file to is asked first whether it holds it (a reply
        # lost to a timeout must not make a second copy in another instance). One the admin
        # database says was never sent it cannot hold it: asking would only cost a round trip
        # before the copy starts (``attempted`` None: ask every replica).
        plan = {rid: (core.Action.CHECK if a == core.Action.UPLOAD and (attempted is None or rid in attempted)
                      else a) for rid, a in plan.items()}
        core.run_store(plan, replicas, upload=upload, checksum=checksum, record=self.record,
                       retries=lim.retries, parallel=parallel, name=rf.name)

    def store_ended(self, name: str, replicas: list[ReplicaDto], recorded: bool = True) -> None:
        """A store's end: the name free again, waiting status calls answered, a failure notified."""
        self.running.pop(name, None)
        self.pending.pop(name, None)
        ended = self.ended.pop(name, None)
        if ended is not None:
            ended.send(None)      # every outcome is committed: waiting status calls answer now
        if not recorded:
            log.warning("store of %s given up before its checksum came: nothing was kept", name)
            return
        status = self.record(lambda sess: core.status(sess, name, replicas))
        if status.complete:
            log.info("stored %s in every replica", name)
        else:
            log.warning("store of %s failed in %s", name, ", ".join(status.failed_replicas) or "?")
            if self.on_store_failed is not None:
                self.on_store_failed(status)

    def run_deferred(self, pending: PendingStore) -> None:
        """Drive a store begun without its checksum (a background green thread): every bitarchive
        replica copies at once under a ticket without a checksum and waits (``transfer_checksum``)
        for the one the client confirms; the outcomes are recorded once it is in the admin
        database. A replica that failed is then stored the ordinary way (retries), as is every
        checksum replica. No checksum within the store timeout: given up, nothing kept."""
        rf, lim, name = pending.rf, self.limits, pending.rf.name
        replicas = self.replicas.all()
        early = [r for r in replicas if r.type == ReplicaType.BITARCHIVE]

        def copy(r: ReplicaDto) -> UploadReceiptDto | BaseException:
            try:
                return self.upload_to(r, rf)
            except Exception as exc:  # noqa: BLE001 - recorded as the replica's failure below
                return exc

        recorded = False
        try:
            copies = {r.id: self.pool.spawn(copy, r) for r in early}
            checksum = self.awaited(pending, copies)
            if not checksum:
                for gt in copies.values():
                    gt.wait()
                return
            recorded = True
            full = RemoteFile(rf.name, rf.size, checksum, rf.host, rf.path, rf.url)
            again: dict[str, core.Action] = {r.id: core.Action.UPLOAD for r in replicas if r.id not in copies}
            for rid, gt in copies.items():
                outcome = gt.wait()
                if isinstance(outcome, BaseException):
                    err = core.describe(outcome)
                    self.record(lambda s, rid=rid, err=err: core.on_upload_reply(s, name, rid, ok=False, error=err))
                    if core.retryable(outcome) and lim.retries > 0:
                        self.record(lambda s, rid=rid: core.on_upload_started(s, name, rid))
                        again[rid] = core.Action.UPLOAD
                    continue
                state = self.record(lambda s, rid=rid, o=outcome: core.on_upload_reply(
                    s, name, rid, ok=True, checksum=o.checksum, instance_id=o.instance_id))
                if state != core.U.UPLOAD_COMPLETED:
                    log.warning("%s arrived in %s with checksum %s, not %s", name, rid, outcome.checksum, checksum)
            if again:
                # The copies that failed and the checksum replicas, the ordinary way; a replica
                # that held the file already is asked first (a lost reply makes no second copy).
                self.store_rest(again, full, replicas, {rid for rid in again if rid in copies})
        except Exception:  # noqa: BLE001 - the per-replica states say what failed
            log.exception("store of %s ended with an error", name)
        finally:
            pending.abort()                    # replicas still waiting keep nothing
            self.store_ended(name, replicas, recorded)

    # --- fail fast, reconcile (see docs/decisions/archive-reliability.md) ----------------------

    @contextlib.contextmanager
    def arranged(self, rf: RemoteFile, replica_id: str, ttl: float) -> Iterator[str]:
        """A transfer ticket for storing ``rf`` in ``replica_id``, live while the block runs: the
        replica reads only what the ticket names, and only while this arcrepository waits for it
        (``transfer_wanted``). Stores and repairs (reestablish) both upload through it."""
        ticket = issue_ticket(self.key, rf, replica_id, ttl, self.allow_local)
        jti = self.arrangements.add(ticket, rf.name, replica_id)
        try:
            yield ticket
        finally:
            self.arrangements.drop(jti)

    def transfer_wanted(self, jti: str) -> bool:
        """Whether the transfer ticket ``jti`` belongs to an upload this arcrepository still waits
        for (a replica asks before it stores; a redelivered stale request gets False)."""
        return bool(jti) and self.arrangements.wanted(jti)

    def watched(self, r: ReplicaDto, fn: Callable[[], Any]) -> Any:
        """``fn()`` (an upload to ``r``), given up as soon as the replica's monitor reports every
        instance of ``r`` lost or stopped, instead of after the whole store timeout. Raises
        ReplicaUnavailable (details ``reason``: ``instance_lost``) then."""
        if r.type != ReplicaType.BITARCHIVE:
            return fn()
        gt = eventlet.spawn(fn)
        while True:
            done = False
            with eventlet.Timeout(self.limits.watch_interval, False):
                result = gt.wait()
                done = True
            if done:
                return result
            lost = self.lost_instances(r)
            if lost:
                gt.kill()
                raise ReplicaUnavailable(f"replica {r.id}: every bitarchive instance is lost or stopped "
                                         f"({', '.join(lost)}); the upload is given up",
                                         {"replica": r.id, "reason": "instance_lost", "instances": lost})

    def lost_instances(self, r: ReplicaDto) -> list[str]:
        """The instances of ``r`` when its monitor knows some and none is alive; else []
        (an unanswering monitor proves nothing: the upload keeps its own timeout)."""
        try:
            instances = self.replica_call(r, r.monitor_service, "instances", timeout=self.limits.rpc_timeout)
        except Exception:  # noqa: BLE001 - see above
            return []
        alive = [i for i in instances if i.state in (InstanceState.RUNNING, InstanceState.STARTING,
                                                     InstanceState.DORMANT)]
        return [] if alive or not instances else [f"{i.instance_id} {i.state}" for i in instances]

    def reconcile(self) -> int:
        """Settle every replica left ``upload_started``/``data_uploaded`` by a store this process
        did not run (the arcrepository restarted during it): completed when the replica holds
        the file with the stored checksum, failed (store it again) when it lacks it or holds
        other bytes. A replica that does not answer stays as it is until the next round.
        Returns how many were settled."""
        replicas = {r.id: r for r in self.replicas.all()}
        pending = self.record(lambda s: core.interrupted(s, self.started_at))
        settled = 0
        for name, rid in pending:
            r = replicas.get(rid)
            if r is None or name in self.running:
                continue
            try:
                reply = self.checksum_of(r, name)
            except Exception as exc:  # noqa: BLE001 - tried again next round
                log.info("cannot settle %s in %s yet: %s", name, rid, exc)
                continue
            if name in self.running:
                continue
            self.record(lambda s, name=name, rid=rid, reply=reply: core.on_reconcile(
                s, name, rid, reply.checksum if reply else None, reply.instance_id if reply else None))
            settled += 1
        if settled:
            log.warning("settled %d upload(s) left in progress by an interrupted store", settled)
        return settled

    def checksum_of(self, r: ReplicaDto, name: str) -> ReplicaChecksumDto | None:
        if r.type == ReplicaType.CHECKSUM:
            return self.replica_call(r, r.service, "get_checksum", name, timeout=self.limits.rpc_timeout)
        return self.replica_call(r, r.monitor_service, "get_checksum", name, timeout=self.limits.store_timeout)

    def reconcile_loop(self) -> None:
        """:meth:`reconcile` soon after start and then every ``reconcile_interval`` seconds."""
        eventlet.sleep(min(2.0, self.limits.reconcile_interval))
        while True:
            try:
                self.reconcile()
            except Exception:  # noqa: BLE001 - the loop must outlive a bad round
                log.exception("reconciling interrupted stores failed")
            eventlet.sleep(self.limits.reconcile_interval)

    # --- listings and access --------------------------------------------------------------------

    def replica_list(self) -> list[ReplicaDto]:
        """The configured replicas, the default first."""
        default = self.replicas.default
        return sorted(self.replicas.all(), key=lambda r: r.id != default.id)

    def list_files(self, session: Session, replica: str | None, offset: int, limit: int,
                   regex: str | None) -> Page[ArchiveFileDto]:
        """A page of archived files with their state per replica. Raises NotFound (replica)."""
        rid = self.replicas.get(replica).id if replica else None
        if regex:
            UserPattern(regex)   # refused with the position of the error
        for what, n in (("offset", offset), ("limit", limit)):
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 2**53:
                raise InvalidInput(f"{what} must be a whole number from 0 to 2**53, not {n!r}", {what: n})
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
              source: str | None, owner: str = "") -> BatchResultDto:
        """Start a batch run on a bitarchive replica's monitor. Raises BatchJobNotFound,
        InvalidRegex, PermissionDenied, NotFound (replica), ReplicaUnavailable."""
        if regex:
            UserPattern(regex)   # refused here, with the position of the error, before any replica runs
        cls = None if source else load_job(job or "")
        r = self.replicas.bitarchive(replica)
        # the owner only when there is one: a run a service starts calls the monitor as before
        extra = (owner,) if owner else ()
        result = self.replica_call(r, r.monitor_service, "start_batch", job, args or {}, regex, source, *extra,
                                   timeout=self.limits.rpc_timeout)
        if cls is not None:
            self.expect_batch(result.batch_id, r, regex, cls.file_pattern)
        return result

    def expect_batch(self, batch_id: str, r: ReplicaDto, regex: str | None, file_pattern: str | None) -> None:
        """Remember which files the admin database says the run must see (the run's regex and the
        job's own file pattern applied), to say which were missing when it is done. Kept in the
        admin database (:mod:`.expectations`), so a restart in between forgets nothing."""
        names = self.record(lambda s: core.completed_names(s, r.id))
        for pattern in (regex, file_pattern):
            if pattern:
                pat = UserPattern(pattern)   # a user's regex runs time-bounded here too
                names = [n for n in names if pat.fullmatch(n)]
        self.record(lambda s: expectations.save(s, batch_id, r.id, names, MAX_REMEMBERED_BATCHES))

    def check_batch(self, result: BatchResultDto) -> BatchResultDto:
        """A done run that processed fewer files than the replica should hold is incomplete, with
        the missing ones named (each asked of the replica's monitor, up to MAX_NAMED_MISSING)."""
        if result.state != "done":
            return result
        entry = self.record(lambda s: expectations.load(s, result.batch_id))
        if entry is None:
            return result
        rid, names, missing = entry
        r = self.replicas.bitarchive(rid)
        seen = result.files_processed + result.files_failed
        if missing is None:
            missing = []
            if seen < len(names):
                for name in names[:MAX_NAMED_MISSING]:
                    try:
                        self.replica_call(r, r.monitor_service, "locate", name, None,
                                          timeout=self.limits.rpc_timeout)
                    except NasError as exc:
                        missing.append(name if exc.code == "file_not_found" else f"{name} ({exc.code})")
            self.record(lambda s, found=missing: expectations.set_missing(s, result.batch_id, found))
        if seen < len(names):
            result.incomplete = True
            result.missing_files = list(missing)
            why = (f"{len(names) - seen} of the {len(names)} files the admin database lists in replica {r.id} "
                   "were not processed" + (f" (missing: {', '.join(missing[:20])}"
                                            + (", ..." if len(missing) > 20 else "") + ")" if missing else ""))
            result.error = f"{result.error}; {why}" if result.error else why
        if result.job == ChecksumJob.name and result.output_url:
            self.judge_checksums(result, r)
        return result

    def judge_checksums(self, result: BatchResultDto, r: ReplicaDto) -> None:
        """A done ``checksum`` run: every MD5 it computed is compared with the checksum the file
        was stored with. A copy that differs is a failed file of the run (named, with both
        values, among its exceptions) and reported to bit preservation, which checks and marks
        it; the run is then no success. Its output lines stay as the copies are (they are what
        the run computed)."""
        found = self.checksum_findings.get(result.batch_id)
        if found is None:
            found = self.differing_checksums(result.output_url or "")
            self.checksum_findings[result.batch_id] = found
            while len(self.checksum_findings) > MAX_REMEMBERED_BATCHES:
                self.checksum_findings.popitem(last=False)
            for name, value, reference in found:
                if self.on_damaged_copy is not None:
                    try:
                        self.on_damaged_copy(name, r.id, f"checksum batch {result.batch_id}: {value}, not {reference}")
                    except NasError as exc:
                        log.info("cannot report %s in %s as damaged: %s", name, r.id, exc)
        if not found:
            return
        names = [n for n, _, _ in found]
        result.files_processed = max(0, result.files_processed - len(found))
        result.files_failed += len(found)
        result.failed_files = list(dict.fromkeys([*result.failed_files, *names]))
        result.exceptions = [*result.exceptions, *(
            BatchErrorDto(f"ChecksumMismatch: the copy's checksum {value} differs from the archived {reference}",
                          name) for name, value, reference in found[:MAX_NAMED_MISSING])]
        why = (f"{len(found)} cop{'y' if len(found) == 1 else 'ies'} in replica {r.id} differ from the archived "
               f"checksum: {', '.join(names[:20])}{', ...' if len(names) > 20 else ''}")
        result.error = f"{result.error}; {why}" if result.error else why

    def differing_checksums(self, url: str) -> list[tuple[str, str, str]]:
        """(name, the run's MD5, the archived one) of every ``name##md5`` line of the run's
        output at ``url`` whose MD5 is not the archived checksum; other algorithms' lines (their
        values are no MD5) are not compared. Read as a stream, compared a chunk at a time."""
        from server.archive.arcrepository.models import ArchiveFile
        from server.archive.remotefile import http_chunks

        found: list[tuple[str, str, str]] = []
        pending: dict[str, str] = {}

        def compare() -> None:
            with self.sessions() as s:
                rows = s.execute(select(ArchiveFile.filename, ArchiveFile.checksum)
                                 .where(ArchiveFile.filename.in_(list(pending))))
                for name, reference in rows:
                    if reference and normalise(reference) != pending[name]:
                        found.append((name, pending[name], normalise(reference)))
            pending.clear()

        rest = b""
        for chunk in http_chunks(url, self.limits.rpc_timeout):
            lines = (rest + bytes(chunk)).split(b"\n")
            rest = lines.pop()
            for line in lines:
                name, sep, value = line.decode("utf-8", "replace").strip().rpartition("##")
                if sep and re.fullmatch(r"[0-9a-fA-F]{32}", value):
                    pending[name] = value.lower()
            if len(pending) >= 5000:
                compare()
        if rest.strip():
            name, sep, value = rest.decode("utf-8", "replace").strip().rpartition("##")
            if sep and re.fullmatch(r"[0-9a-fA-F]{32}", value):
                pending[name] = value.lower()
        if pending:
            compare()
        return sorted(found)

    def batch_status(self, batch_id: str, wait: float = 0.0) -> BatchResultDto:
        """The run's result from its replica's monitor (the replica is the id's prefix); with
        ``wait``, as soon as it is done or after at most 10 s. Raises NotFound."""
        rid = batch_id.split("-", 1)[0]
        try:
            r = self.replicas.bitarchive(rid)
        except NasError:
            raise NotFound(f"no batch run {batch_id!r}", {"batch_id": batch_id}) from None
        with self.waits.allowed(wait) as wait:
            return self.check_batch(self.replica_call(r, r.monitor_service, "batch_status", batch_id, wait,
                                                      timeout=self.limits.rpc_timeout + wait))
