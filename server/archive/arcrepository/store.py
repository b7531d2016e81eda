"""The store state machine (the seeds' ArcRepository store / upload reply / checksum reply).

Per file and replica the admin database holds an :class:`UploadState`::

    NO_UPLOAD ──▶ UPLOAD_STARTED ──▶ DATA_UPLOADED ──▶ UPLOAD_COMPLETED
                       │  ▲                │
                       ▼  │                ▼
                   UPLOAD_FAILED ◀─────────┘

A **store message** for a new file records it with its checksum and starts an upload to every
replica. For a known file: another checksum than the one stored is refused once any replica
completed it; replicas already completed are skipped; replicas left in UPLOAD_STARTED or
DATA_UPLOADED by an interrupted store are asked for their checksum first (the seeds' checksum
request), and uploaded to again when they do not have it; failed ones are uploaded to again.
An **upload reply** carries the checksum the replica computed on arrival: DATA_UPLOADED, then
COMPLETED when it equals the stored checksum, FAILED otherwise. A **checksum reply** completes
or fails the replica the same way. The store succeeds only when every replica completed.

This module is plain Python over a SQLAlchemy session; the arcrepository service drives it.
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from server.archive.arcrepository.models import ArchiveFile, Replica, ReplicaFileInfo, utcnow
from server.archive.checksums import normalise
from server.archive.names import check_name
from shared.dto import Page
from shared.dto.archive import (
    INTERRUPTED_PREFIX,
    ArchiveFileDto,
    ReplicaChecksumDto,
    ReplicaDto,
    ReplicaStateDto,
    StoreStatusDto,
    UploadReceiptDto,
)
from shared.enums import ChecksumStatus, FileListStatus, UploadState
from shared.errors import ArchiveFileNotFound, ChecksumMismatch, IllegalTransition

U = UploadState
TRANSITIONS: dict[UploadState, frozenset[UploadState]] = {
    U.NO_UPLOAD: frozenset({U.UPLOAD_STARTED}),
    U.UPLOAD_STARTED: frozenset({U.UPLOAD_STARTED, U.DATA_UPLOADED, U.UPLOAD_FAILED, U.UPLOAD_COMPLETED}),
    U.DATA_UPLOADED: frozenset({U.UPLOAD_STARTED, U.UPLOAD_COMPLETED, U.UPLOAD_FAILED}),
    U.UPLOAD_FAILED: frozenset({U.UPLOAD_STARTED}),
    U.UPLOAD_COMPLETED: frozenset(),
}


class Action(enum.StrEnum):
    UPLOAD = "upload"      # send the file to the replica
    CHECK = "check"        # ask the replica for its checksum first (interrupted earlier store)
    NONE = "none"          # already completed there


def ensure_replicas(session: Session, replicas: Iterable[ReplicaDto]) -> None:
    """Make the replica table match the configured replicas (new ones added, names updated).
    Two stores of a new archive's first files may add a replica at once (their statements
    interleave: server/db/engine.py, cooperative_postgresql_waits): the one that loses takes
    the other's row, as :func:`_insert_file` does for a file."""
    for r in replicas:
        row = session.get(Replica, r.id)
        if row is None:
            try:
                with session.begin_nested():
                    session.add(Replica(id=r.id, name=r.name, type=r.type.value))
                continue
            except IntegrityError:
                row = session.get(Replica, r.id)
                if row is None:
                    raise
        row.name, row.type = r.name, r.type.value
    session.flush()


def _transition(info: ReplicaFileInfo, new: UploadState, **changes: Any) -> None:
    old = UploadState(info.upload_state)
    if new != old and new not in TRANSITIONS[old]:
        raise IllegalTransition(f"{info.file.filename} in {info.replica_id}: cannot go from {old} to {new}",
                                {"from": old.value, "to": new.value, "replica": info.replica_id})
    info.upload_state = new.value
    info.upload_updated = utcnow()
    for k, v in changes.items():
        setattr(info, k, v)


def _file(session: Session, name: str) -> ArchiveFile | None:
    return session.execute(select(ArchiveFile).where(ArchiveFile.filename == name)).scalar_one_or_none()


def _info(session: Session, file: ArchiveFile, replica_id: str) -> ReplicaFileInfo:
    info = session.execute(select(ReplicaFileInfo).where(
        ReplicaFileInfo.file_id == file.id, ReplicaFileInfo.replica_id == replica_id)).scalar_one_or_none()
    if info is None:
        info = ReplicaFileInfo(file=file, replica_id=replica_id, upload_state=U.NO_UPLOAD.value,
                               checksum_status=ChecksumStatus.UNKNOWN.value,
                               filelist_status=FileListStatus.NO_STATUS.value)
        session.add(info)
        session.flush()
    return info


def on_store(session: Session, replicas: list[ReplicaDto], name: str, checksum: str,
             size: int | None) -> dict[str, Action]:
    """The store message: record the file, decide per replica what to do, mark uploads started.

    Raises InvalidName for a path-like name, ChecksumMismatch when the file is already stored
    (completed in some replica) with another checksum.
    """
    check_name(name)
    checksum = normalise(checksum)
    ensure_replicas(session, replicas)
    f = _file(session, name) or _insert_file(session, name, checksum, size)
    if f.checksum != checksum:
        completed = [i.replica_id for i in f.infos if i.upload_state == U.UPLOAD_COMPLETED.value]
        if completed:
            raise ChecksumMismatch(
                f"{name} is already archived with checksum {f.checksum}, not {checksum}",
                {"name": name, "stored_checksum": f.checksum, "checksum": checksum, "replicas": completed})
        f.checksum, f.size = checksum, size
    plan: dict[str, Action] = {}
    for r in replicas:
        info = _info(session, f, r.id)
        state = UploadState(info.upload_state)
        if state == U.UPLOAD_COMPLETED:
            plan[r.id] = Action.NONE
        elif state in (U.UPLOAD_STARTED, U.DATA_UPLOADED):
            plan[r.id] = Action.CHECK
        else:
            _transition(info, U.UPLOAD_STARTED, error=None)
            plan[r.id] = Action.UPLOAD
    return plan


def attempted_replicas(session: Session, name: str) -> set[str]:
    """Replicas the admin database says were ever sent ``name`` (any state but NO_UPLOAD): only
    these can hold a copy an earlier store left behind, so only these are asked before an upload."""
    f = _file(session, name)
    return {i.replica_id for i in f.infos if i.upload_state != U.NO_UPLOAD.value} if f else set()


def known(session: Session, name: str) -> bool:
    """Whether the admin database has a row for ``name`` (stored, failed or in progress)."""
    return _file(session, name) is not None


def _insert_file(session: Session, name: str, checksum: str, size: int | None) -> ArchiveFile:
    """A new file row; when another transaction committed the same name since the lookup (two
    workers storing one new file), that row is returned instead of an IntegrityError."""
    try:
        with session.begin_nested():
            f = ArchiveFile(filename=name, checksum=checksum, size=size, created=utcnow())
            session.add(f)
        return f
    except IntegrityError:
        existing = _file(session, name)
        if existing is None:
            raise
        return existing


def on_upload_started(session: Session, name: str, replica_id: str) -> None:
    f = _require(session, name)
    _transition(_info(session, f, replica_id), U.UPLOAD_STARTED, error=None)


def on_upload_reply(session: Session, name: str, replica_id: str, *, ok: bool, checksum: str | None = None,
                    instance_id: str | None = None, error: str | None = None) -> UploadState:
    """An upload reply: the replica's checksum on arrival (ok) or why it failed."""
    f = _require(session, name)
    info = _info(session, f, replica_id)
    if not ok:
        _transition(info, U.UPLOAD_FAILED, error=(error or "upload failed")[:2000])
        return U.UPLOAD_FAILED
    _transition(info, U.DATA_UPLOADED, checksum=checksum, instance_id=instance_id)
    return _settle(info, f, checksum)


def on_checksum_reply(session: Session, name: str, replica_id: str, checksum: str | None,
                      instance_id: str | None = None) -> UploadState | None:
    """A checksum reply during a store. None: the replica lacks the file (upload it again)."""
    f = _require(session, name)
    info = _info(session, f, replica_id)
    if checksum is None:
        _transition(info, U.UPLOAD_STARTED, error=None)
        return None
    if instance_id:
        info.instance_id = instance_id
    return _settle(info, f, checksum)


def _settle(info: ReplicaFileInfo, f: ArchiveFile, checksum: str | None) -> UploadState:
    now = utcnow()
    if checksum and normalise(checksum) == f.checksum:
        _transition(info, U.UPLOAD_COMPLETED, checksum=normalise(checksum), checksum_status=ChecksumStatus.OK.value,
                    checksum_checked=now, filelist_status=FileListStatus.OK.value, filelist_checked=now, error=None)
        return U.UPLOAD_COMPLETED
    _transition(info, U.UPLOAD_FAILED, checksum=checksum, checksum_status=ChecksumStatus.CORRUPT.value,
                checksum_checked=now,
                error=f"checksum in the replica {checksum} differs from the stored {f.checksum}")
    return U.UPLOAD_FAILED


def _require(session: Session, name: str) -> ArchiveFile:
    f = _file(session, name)
    if f is None:
        raise ArchiveFileNotFound(f"{name} is not in the archive", {"name": name})
    return f


def status(session: Session, name: str, replicas: list[ReplicaDto] | None = None) -> StoreStatusDto:
    """Where the file stands in every replica. Raises ArchiveFileNotFound."""
    f = _require(session, check_name(name))
    infos = {i.replica_id: i for i in f.infos}
    ids = [r.id for r in replicas] if replicas else sorted(infos)
    states = []
    for rid in ids:
        i = infos.get(rid)
        if i is None:
            states.append(ReplicaStateDto(rid, U.NO_UPLOAD))
        else:
            states.append(ReplicaStateDto(rid, UploadState(i.upload_state), i.checksum, i.instance_id, i.error,
                                       i.upload_updated.isoformat() if i.upload_updated else None))
    return StoreStatusDto(f.filename, f.checksum, f.size, states)


#: why a replica is still in progress when no store of the file runs
INTERRUPTED = (f"{INTERRUPTED_PREFIX} the store that began this upload no longer runs (the arcrepository restarted "
               "during it); store the file again to resume it (the replica is asked first whether it holds it)")


def mark_interrupted(status: StoreStatusDto) -> StoreStatusDto:
    """For a file no store runs for: every replica still ``upload_started``/``data_uploaded``
    was left so by an interrupted store; it is named in ``interrupted_replicas`` and its empty
    error says so (until the reconciliation settles it, or a new store resumes it)."""
    for r in status.replicas:
        if r.state in (U.UPLOAD_STARTED, U.DATA_UPLOADED):
            status.interrupted_replicas.append(r.replica)
            r.error = r.error or INTERRUPTED
    return status


def location_hint(session: Session, name: str, replica_id: str) -> str | None:
    f = _file(session, name)
    if f is None:
        return None
    for i in f.infos:
        if i.replica_id == replica_id:
            return i.instance_id
    return None


def expected_checksum(session: Session, name: str) -> str | None:
    f = _file(session, name)
    return f.checksum if f else None


def list_files(session: Session, replica_id: str | None = None, offset: int = 0, limit: int = 1000,
               regex: str | None = None) -> Page[ArchiveFileDto]:
    """Files with their state (in one replica, or summarised over all), paged in SQL."""
    q = select(ArchiveFile).order_by(ArchiveFile.filename)
    count = select(func.count()).select_from(ArchiveFile)
    if replica_id:
        q = q.join(ReplicaFileInfo).where(ReplicaFileInfo.replica_id == replica_id)
        count = count.join(ReplicaFileInfo).where(ReplicaFileInfo.replica_id == replica_id)
    rows = list(session.execute(q).scalars()) if regex else list(session.execute(q.offset(offset).limit(limit))
                                                                  .scalars())
    total = session.execute(count).scalar_one()
    if regex:
        from server.archive.user_regex import UserPattern

        pat = UserPattern(regex)   # a user's pattern: time-limited
        rows = [r for r in rows if pat.fullmatch(r.filename)]
        total = len(rows)
        rows = rows[offset:offset + limit]
    items = []
    for f in rows:
        infos = [i for i in f.infos if not replica_id or i.replica_id == replica_id]
        states = {i.replica_id: i.upload_state for i in infos}
        if replica_id:
            states.setdefault(replica_id, None)
        findings = {i.replica_id: found for i in infos if (found := finding(i))}
        items.append(ArchiveFileDto(f.filename, f.checksum, f.size, f.created.isoformat() if f.created else None,
                                    states, findings))
    return Page(items, total, offset, limit)


def finding(info: ReplicaFileInfo) -> str | None:
    """What bit preservation holds against a copy (``missing``, ``corrupt``, ``disputed``), or
    None. Its upload state stays ``upload_completed`` (an audit never rewrites it: the store did
    complete), so a listing shows this next to it, or it would call a damaged copy complete."""
    if info.filelist_status == FileListStatus.MISSING.value:
        return FileListStatus.MISSING.value
    if info.checksum_status in (ChecksumStatus.CORRUPT.value, ChecksumStatus.DISPUTED.value) \
            and info.upload_state == U.UPLOAD_COMPLETED.value:
        return info.checksum_status
    return None


def run_store(plan: dict[str, Action], replicas: list[ReplicaDto], *,
              upload: Callable[[ReplicaDto], UploadReceiptDto],
              checksum: Callable[[ReplicaDto], ReplicaChecksumDto | None],
              record: Callable[[Callable[[Session], Any]], Any], retries: int,
              parallel: Callable[[Callable[[ReplicaDto], None], list[ReplicaDto]], None], name: str) -> None:
    """Drive one store to its end: every replica of ``plan`` uploaded (or checked) in parallel.

    ``upload(replica)`` returns the replica's receipt (its checksum on arrival, the instance) or
    raises; ``checksum(replica)`` returns the replica's checksum or None when it lacks the file;
    ``record(fn)`` runs ``fn(session)`` in a committed transaction.
    """
    by_id = {r.id: r for r in replicas}

    def one(r: ReplicaDto) -> None:
        action = plan[r.id]
        if action == Action.CHECK:
            try:
                reply = checksum(r)
            except Exception as exc:  # noqa: BLE001 - recorded as the replica's failure
                err = describe(exc)
                record(lambda s: on_upload_reply(s, name, r.id, ok=False, error=err))
                return
            result = record(lambda s: on_checksum_reply(
                s, name, r.id, reply.checksum if reply else None, reply.instance_id if reply else None))
            if result is not None:
                return
        attempts = retries + 1
        for attempt in range(attempts):
            if attempt:
                record(lambda s: on_upload_started(s, name, r.id))
            try:
                receipt = upload(r)
            except Exception as exc:  # noqa: BLE001
                err = describe(exc)
                record(lambda s, err=err: on_upload_reply(s, name, r.id, ok=False, error=err))
                if not retryable(exc):
                    return
                continue
            state = record(lambda s, receipt=receipt: on_upload_reply(
                s, name, r.id, ok=True, checksum=receipt.checksum, instance_id=receipt.instance_id))
            if state == U.UPLOAD_COMPLETED:
                return

    parallel(one, [by_id[rid] for rid, a in plan.items() if a != Action.NONE])


def completed_names(session: Session, replica_id: str) -> list[str]:
    """Names of every file completed in ``replica_id`` (what a batch over it must see)."""
    q = (select(ArchiveFile.filename).join(ReplicaFileInfo).where(ReplicaFileInfo.replica_id == replica_id)
         .where(ReplicaFileInfo.upload_state == U.UPLOAD_COMPLETED.value).order_by(ArchiveFile.filename))
    return list(session.execute(q).scalars())


def interrupted(session: Session, before: Any) -> list[tuple[str, str]]:
    """(file name, replica) of every upload still ``upload_started``/``data_uploaded`` that was
    last updated before ``before`` (the arcrepository's start): stores a restart interrupted."""
    q = (select(ArchiveFile.filename, ReplicaFileInfo.replica_id).join(ReplicaFileInfo)
         .where(ReplicaFileInfo.upload_state.in_([U.UPLOAD_STARTED.value, U.DATA_UPLOADED.value]))
         .where(ReplicaFileInfo.upload_updated < before).order_by(ArchiveFile.filename))
    return [(n, r) for n, r in session.execute(q)]


def on_reconcile(session: Session, name: str, replica_id: str, checksum: str | None,
                 instance_id: str | None = None) -> UploadState:
    """Settle an interrupted upload from what the replica holds: completed with the stored
    checksum, else failed with a reason that says to store the file again."""
    f = _require(session, name)
    info = _info(session, f, replica_id)
    if UploadState(info.upload_state) not in (U.UPLOAD_STARTED, U.DATA_UPLOADED):
        return UploadState(info.upload_state)     # settled meanwhile by a new store
    if checksum is None:
        _transition(info, U.UPLOAD_FAILED, error=f"{INTERRUPTED_PREFIX} the arcrepository restarted during the "
                    "store, before the replica held the file; store it again")
        return U.UPLOAD_FAILED
    if instance_id:
        info.instance_id = instance_id
    return _settle(info, f, checksum)


def retryable(exc: BaseException) -> bool:
    """Whether uploading again may succeed after an upload failed with ``exc``."""
    if isinstance(exc, ChecksumMismatch) or getattr(exc, "code", "") in (
            "invalid_name", "already_exists", "token_rejected", "permission_denied"):
        return False  # retrying cannot help
    # fail fast: the monitor says no instance is there to retry on
    return (getattr(exc, "details", None) or {}).get("reason") != "instance_lost"


def describe(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    text = getattr(exc, "message", None) or str(exc) or exc.__class__.__name__
    return f"{code}: {text}" if code else f"{exc.__class__.__name__}: {text}"
