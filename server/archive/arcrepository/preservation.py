"""Bit preservation in the admin database, without Nameko: audit records (tracked jobs), the
set-wise comparison of a replica's listing with what the database expects, checksum voting,
findings, the per-replica summary and the audit trail.

A replica's listing (names, or ``name → checksum``) is bulk-loaded into a temporary table and
compared with one anti-join/join per question, on SQLite and PostgreSQL alike; nothing here
holds every id of the archive in a Python set. Only copies whose store had completed before the
audit's ``snapshot`` are judged (a store completing during an audit is never reported missing),
and an audit writes ``filelist_*``/``checksum_*`` columns only, never ``upload_state``.

Voting (:func:`judge`): the reference is the checksum the file was stored with, and it counts as
one vote. A copy equal to the reference is OK. A copy that differs is blamed (CORRUPT,
repairable) only when no other copy shares its value and the reference value has two or more
votes (the reference and at least one copy); otherwise it is DISPUTED: two copies agreeing on
another value, or a copy standing alone against the reference alone, is for a person to decide.
"""
from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    case,
    exists,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from server.archive.arcrepository.models import (
    ArchiveFile,
    Audit,
    AuditExtraFile,
    PreservationEvent,
    ReplicaFileInfo,
    utcnow,
)
from shared.dto import Page
from shared.dto.archive import (
    AUDIT_KINDS,
    AuditDto,
    FileFindingDto,
    PreservationEventDto,
    ReplicaDto,
    ReplicaPreservationDto,
)
from shared.enums import ChecksumStatus, FileListStatus, UploadState
from shared.errors import InvalidInput, NotFound

ACTIVE = ("queued", "running")
FINAL = ("done", "failed", "cancelled")
COMPLETED = UploadState.UPLOAD_COMPLETED.value
#: rows per INSERT while loading a listing
LOAD_CHUNK = 5000


def iso(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


def aware(value: dt.datetime | None) -> dt.datetime | None:
    """SQLite gives naive datetimes back: they are UTC."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=dt.UTC)
    return value


# --- audit records ------------------------------------------------------------------------------

def audit_dto(a: Audit) -> AuditDto:
    return AuditDto(a.id, a.replica_id, a.kind, a.state, a.requested_by, iso(a.requested), iso(a.started),
                    iso(a.finished), a.files_seen, a.missing, a.corrupt, a.disputed, a.extra,
                    json.loads(a.errors or "[]"), a.progress, a.total, a.partial,
                    json.loads(a.missing_instances or "[]"), a.message or "", a.max_duration)


def active_audit(session: Session, replica_id: str) -> Audit | None:
    return session.execute(select(Audit).where(Audit.replica_id == replica_id, Audit.state.in_(ACTIVE))
                           .order_by(Audit.id).limit(1)).scalar_one_or_none()


def request_audit(session: Session, replica: ReplicaDto, kind: str, requested_by: str,
                  max_duration: float | None = None) -> tuple[Audit, bool]:
    """A new queued audit of ``replica``, or the one already queued or running for it (False).
    Raises InvalidInput (unknown kind, salted challenge of a checksum replica, bad duration)."""
    if kind not in AUDIT_KINDS:
        raise InvalidInput(f"audit kind must be one of {', '.join(AUDIT_KINDS)}, not {kind!r}", {"kind": kind})
    if kind == "salted" and replica.type.value != "bitarchive":
        raise InvalidInput(f"replica {replica.id} keeps checksums only: a salted challenge needs the bytes",
                           {"replica": replica.id, "kind": kind})
    if max_duration is not None and (not isinstance(max_duration, (int, float)) or max_duration <= 0):
        raise InvalidInput(f"max_duration must be a positive number of seconds, not {max_duration!r}",
                           {"max_duration": max_duration})
    running = active_audit(session, replica.id)
    if running is not None:
        return running, False
    a = Audit(replica_id=replica.id, kind=kind, state="queued", requested_by=requested_by, requested=utcnow(),
              files_seen=0, missing=0, corrupt=0, disputed=0, extra=0, total=0, progress=0.0, partial=False,
              cancel_requested=False, max_duration=max_duration, errors="[]", missing_instances="[]", message="")
    try:
        # in a savepoint: a request that lost the race leaves its transaction usable
        with session.begin_nested():
            session.add(a)
            session.flush()
    except IntegrityError:
        # Another request for this replica inserted its audit after our look (the partial
        # unique index ``audit_one_active_per_replica`` allows one queued or running per
        # replica): that one is the running audit.
        running = active_audit(session, replica.id)
        if running is None:
            raise
        return running, False
    log_event(session, requested_by, f"audit_requested:{kind}", replica.id, None,
              {"audit": a.id, "max_duration": max_duration})
    return a, True


def get_audit(session: Session, audit_id: int) -> Audit:
    a = session.get(Audit, audit_id) if isinstance(audit_id, int) else None
    if a is None:
        raise NotFound(f"no audit {audit_id!r}", {"audit_id": audit_id})
    return a


def list_audits(session: Session, replica_id: str | None, offset: int, limit: int) -> Page[AuditDto]:
    q = select(Audit).order_by(Audit.id.desc())
    count = select(func.count()).select_from(Audit)
    if replica_id:
        q, count = q.where(Audit.replica_id == replica_id), count.where(Audit.replica_id == replica_id)
    rows = session.execute(q.offset(offset).limit(limit)).scalars()
    return Page([audit_dto(a) for a in rows], session.execute(count).scalar_one(), offset, limit)


def request_cancel(session: Session, audit_id: int, who: str) -> Audit:
    """A queued audit is cancelled at once; a running one stops at its next step."""
    a = get_audit(session, audit_id)
    if a.state == "queued":
        finish(a, "cancelled", "cancelled before it started")
    elif a.state == "running":
        a.cancel_requested = True
    log_event(session, who, "audit_cancel", a.replica_id, None, {"audit": a.id, "state": a.state})
    return a


#: the message of a run queued again by a restart, and of that run once it runs again; neither
#: may outlive the run (the errors keep that it was interrupted)
RESTART_QUEUED = "the arcrepository restarted during this run; it starts again"
RESTART_RUNNING = "started again: the arcrepository restarted during an earlier attempt"


def start(a: Audit) -> None:
    now = utcnow()
    a.state, a.started, a.heartbeat, a.snapshot = "running", now, now, now
    if a.message == RESTART_QUEUED:
        a.message = RESTART_RUNNING


def finish(a: Audit, state: str, message: str = "") -> None:
    """End the run in ``state``; ``message`` (if any) says how. A message that only said the
    run was being started again does not stay on a finished run."""
    a.state, a.finished = state, utcnow()
    if state == "done":
        a.progress = 1.0
    if message:
        a.message = message
    elif a.message in (RESTART_QUEUED, RESTART_RUNNING):
        a.message = f"{state} (started again after the arcrepository restarted during an earlier attempt)"


def add_error(a: Audit, error: str) -> None:
    errors = json.loads(a.errors or "[]")
    if len(errors) < 100:
        errors.append(error[:1000])
    a.errors = json.dumps(errors)


def recover(session: Session) -> list[int]:
    """After a restart: audits left ``running`` by a dead arcrepository are queued again (each
    starts over from a fresh listing; a repair goes on with what is still missing). Returns
    every queued audit id, oldest first, for the runner to take up."""
    for a in session.execute(select(Audit).where(Audit.state == "running")).scalars():
        a.state, a.message = "queued", RESTART_QUEUED
        if a.cancel_requested:
            finish(a, "cancelled", "cancelled (the arcrepository restarted before it stopped)")
        add_error(a, "interrupted by a restart of the arcrepository")
    session.flush()
    return list(session.execute(select(Audit.id).where(Audit.state == "queued").order_by(Audit.id)).scalars())


# --- the audit trail ----------------------------------------------------------------------------

def log_event(session: Session, who: str | None, action: str, replica_id: str | None, name: str | None,
              details: dict[str, Any]) -> None:
    session.add(PreservationEvent(at=utcnow(), who=(who or "unknown")[:200], action=action[:64],
                                  replica_id=replica_id, filename=name, details=json.dumps(details, default=str)))


def list_events(session: Session, replica_id: str | None, offset: int, limit: int) -> Page[PreservationEventDto]:
    q = select(PreservationEvent).order_by(PreservationEvent.id.desc())
    count = select(func.count()).select_from(PreservationEvent)
    if replica_id:
        q = q.where(PreservationEvent.replica_id == replica_id)
        count = count.where(PreservationEvent.replica_id == replica_id)
    items = [PreservationEventDto(e.id, iso(e.at) or "", e.who, e.action, e.replica_id, e.filename,
                                  json.loads(e.details or "{}"))
             for e in session.execute(q.offset(offset).limit(limit)).scalars()]
    return Page(items, session.execute(count).scalar_one(), offset, limit)


# --- listings in a temporary table --------------------------------------------------------------

class Listing:
    """A temporary table ``(filename, checksum)`` holding one replica's listing, on the
    session's connection; dropped by :meth:`drop` (``with Listing(session) as t``)."""

    def __init__(self, session: Session):
        self.session = session
        self.table = Table(f"bitpres_listed_{secrets.token_hex(4)}", MetaData(),
                           Column("filename", String(300), nullable=False), Column("checksum", String(64)),
                           prefixes=["TEMPORARY"])
        self.table.create(session.connection())
        self._matched: Table | None = None

    def load(self, rows: Iterable[tuple[str, str | None]]) -> int:
        """Bulk insert ``(name, checksum or None)`` rows; returns how many. PostgreSQL takes
        them with COPY (an order of magnitude faster than INSERTs), others in chunked INSERTs."""
        dialect = self.session.get_bind().dialect.name
        if dialect == "postgresql":
            n = self._copy(rows)
        elif dialect == "sqlite":
            n = self._executemany(rows)
        else:
            n = self._insert(rows)
        # one index after the load (cheaper than maintaining it row by row), and statistics,
        # so the planner hashes the listing instead of looping over it
        self.session.execute(text(f"CREATE INDEX {self.table.name}_fn ON {self.table.name} (filename)"))
        if self.session.get_bind().dialect.name == "postgresql":
            self.session.execute(text(f"ANALYZE {self.table.name}"))
        return n

    def _copy(self, rows: Iterable[tuple[str, str | None]]) -> int:
        raw = self.session.connection().connection.dbapi_connection
        n = 0
        with raw.cursor() as cur, cur.copy(f"COPY {self.table.name} (filename, checksum) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
                n += 1
        return n

    def _executemany(self, rows: Iterable[tuple[str, str | None]]) -> int:
        # sqlite3's own executemany over plain tuples: no per-row parameter processing
        raw = self.session.connection().connection.dbapi_connection
        sql = f"INSERT INTO {self.table.name} (filename, checksum) VALUES (?, ?)"
        n = 0
        cur = raw.cursor()
        try:
            it = iter(rows)
            while True:
                chunk = [r for _, r in zip(range(LOAD_CHUNK * 10), it, strict=False)]
                if not chunk:
                    break
                cur.executemany(sql, chunk)
                n += len(chunk)
        finally:
            cur.close()
        return n

    def _insert(self, rows: Iterable[tuple[str, str | None]]) -> int:
        n = 0
        chunk: list[dict[str, Any]] = []
        for name, checksum in rows:
            chunk.append({"filename": name, "checksum": checksum})
            if len(chunk) >= LOAD_CHUNK:
                self.session.execute(insert(self.table), chunk)
                n += len(chunk)
                chunk = []
        if chunk:
            self.session.execute(insert(self.table), chunk)
            n += len(chunk)
        return n

    def matched(self) -> Table:
        """A temporary table ``(file_id, same)``: the admin database's id of every listed file
        it knows, and whether the listed checksum equals the reference (1/0). Made once per
        listing (on first use), indexed by ``file_id``.

        The listing is joined with ``file`` by name once, here; the questions after it are about
        integer ids. It also keeps every question a join: the comparison used to ask ``file_id
        NOT IN (listing join file)``, which PostgreSQL cannot turn into an anti-join (NULL
        semantics) and evaluates as a hashed subplan only while the ids fit in ``work_mem``;
        with up-to-date statistics on a million-file archive they do not, and the plan became
        a subplan rescanned for every row (an UPDATE that ran for many minutes where a join
        takes a second)."""
        if self._matched is None:
            t, conn = self.table, self.session.connection()
            m = Table(f"{t.name}_m", MetaData(), Column("file_id", Integer, nullable=False),
                      Column("same", Integer, nullable=False), prefixes=["TEMPORARY"])
            m.create(conn)
            same = case((t.c.checksum == ArchiveFile.checksum, 1), else_=0)
            self.session.execute(insert(m).from_select(
                ["file_id", "same"], select(ArchiveFile.id, same).select_from(t)
                .join(ArchiveFile, t.c.filename == ArchiveFile.filename)))
            self.session.execute(text(f"CREATE INDEX {m.name}_id ON {m.name} (file_id)"))
            if self.session.get_bind().dialect.name == "postgresql":
                self.session.execute(text(f"ANALYZE {m.name}"))
            self._matched = m
        return self._matched

    def drop(self) -> None:
        if self._matched is not None:
            self._matched.drop(self.session.connection())
        self.table.drop(self.session.connection())

    def __enter__(self) -> Listing:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.drop()


def _judged(replica_id: str, snapshot: dt.datetime, scope: list[str] | None = None):
    """The rows an audit may judge: copies in ``replica_id`` completed before ``snapshot``."""
    cond = [ReplicaFileInfo.replica_id == replica_id, ReplicaFileInfo.upload_state == COMPLETED,
            ReplicaFileInfo.upload_updated <= snapshot]
    if scope is not None:
        cond.append(ReplicaFileInfo.file_id.in_(select(ArchiveFile.id).where(ArchiveFile.filename.in_(scope))))
    return and_(*cond)


def _listed(listing: Listing, with_checksum: str | None = None):
    """The replicafileinfo row's file is listed (``with_checksum`` "equal": with the reference
    checksum): an EXISTS on the listing's matched ids (:meth:`Listing.matched`), which
    PostgreSQL runs as a (anti-)join whatever the size and SQLite as an index probe per row;
    never ``NOT IN`` (see there)."""
    m = listing.matched()
    cond = [m.c.file_id == ReplicaFileInfo.file_id]
    if with_checksum == "equal":
        cond.append(m.c.same == 1)
    return exists(select(1).select_from(m).where(*cond))


def apply_file_list(session: Session, audit: Audit, listing: Listing, scope: list[str] | None = None, *,
                    judge_missing: bool = True, extras: bool = True) -> None:
    """Set ``filelist_status`` of every judged copy (OK when listed; MISSING when not, unless
    ``judge_missing`` is off because an instance did not answer), record the listed files the
    admin database does not know (``extras``), and count both into ``audit``."""
    now, snap, rid = utcnow(), audit.snapshot, audit.replica_id
    assert snap is not None
    # Copies already OK are not rewritten (a million row versions per audit, for nothing): their
    # last confirmation is the replica's ``filelist_updated``, set below.
    session.execute(update(ReplicaFileInfo).where(_judged(rid, snap, scope), _listed(listing),
                                                  ReplicaFileInfo.filelist_status != FileListStatus.OK.value)
                    .values(filelist_status=FileListStatus.OK.value, filelist_checked=now)
                    .execution_options(synchronize_session=False))
    if judge_missing:
        # every missing copy is counted and stamped, also those found missing before
        missing = session.execute(update(ReplicaFileInfo).where(_judged(rid, snap, scope), ~_listed(listing))
                                  .values(filelist_status=FileListStatus.MISSING.value, filelist_checked=now)
                                  .execution_options(synchronize_session=False)).rowcount
        audit.missing += missing
    if extras:
        t = listing.table
        unknown = select(audit.id, t.c.filename).distinct().where(
            ~exists(select(1).select_from(ArchiveFile).where(ArchiveFile.filename == t.c.filename)))
        session.execute(insert(AuditExtraFile).from_select(["audit_id", "filename"], unknown))
        audit.extra = session.execute(select(func.count()).select_from(AuditExtraFile)
                                      .where(AuditExtraFile.audit_id == audit.id)).scalar_one()
    session.execute(text("UPDATE replica SET filelist_updated = :now WHERE id = :rid"), {"now": now, "rid": rid})


def apply_checksums(session: Session, audit: Audit, listing: Listing,
                    scope: list[str] | None = None) -> list[tuple[str, str, str]]:
    """Copies whose listed checksum equals the reference become OK (checked now); returns the
    ``(name, reference, listed)`` of the copies that differ, for :func:`judge` (few)."""
    now, snap, rid = utcnow(), audit.snapshot, audit.replica_id
    assert snap is not None
    reference = select(ArchiveFile.checksum).where(ArchiveFile.id == ReplicaFileInfo.file_id).scalar_subquery()
    session.execute(update(ReplicaFileInfo).where(_judged(rid, snap, scope), _listed(listing, "equal"))
                    .values(checksum_status=ChecksumStatus.OK.value, checksum=reference, checksum_checked=now,
                            filelist_status=FileListStatus.OK.value, filelist_checked=now)
                    .execution_options(synchronize_session=False))
    t = listing.table
    q = (select(ArchiveFile.filename, ArchiveFile.checksum, t.c.checksum)
         .select_from(t).join(ArchiveFile, t.c.filename == ArchiveFile.filename)
         .join(ReplicaFileInfo, ReplicaFileInfo.file_id == ArchiveFile.id)
         .where(_judged(rid, snap, scope), t.c.checksum != ArchiveFile.checksum).order_by(ArchiveFile.filename))
    differing = [(n, ref, got) for n, ref, got in session.execute(q)]
    session.execute(text("UPDATE replica SET checksum_updated = :now WHERE id = :rid"), {"now": now, "rid": rid})
    return differing


def judge(reference: str, value: str | None, others: dict[str, str | None]) -> ChecksumStatus:
    """The verdict on one copy (``value``) given the reference and the other copies' values
    (None: unknown/absent). See the module docstring."""
    if value is None:
        return ChecksumStatus.UNKNOWN
    if value == reference:
        return ChecksumStatus.OK
    if any(v == value for v in others.values()):
        return ChecksumStatus.DISPUTED
    reference_votes = 1 + sum(1 for v in others.values() if v == reference)
    return ChecksumStatus.CORRUPT if reference_votes >= 2 else ChecksumStatus.DISPUTED


def record_verdict(session: Session, replica_id: str, name: str, value: str, verdict: ChecksumStatus,
                   votes: dict[str, str | None]) -> None:
    info = _row(session, replica_id, name)
    if info is None:
        return
    info.checksum, info.checksum_status, info.checksum_checked = value, verdict.value, utcnow()
    info.filelist_status, info.filelist_checked = FileListStatus.OK.value, utcnow()
    info.error = (f"checksum {value} differs from the reference; votes: "
                  + ", ".join(f"{k}={v or '?'}" for k, v in sorted(votes.items())))[:2000]


def known_checksums(session: Session, name: str) -> dict[str, str | None]:
    """replica id → the checksum last seen there (None: never, or missing there)."""
    q = (select(ReplicaFileInfo.replica_id, ReplicaFileInfo.checksum, ReplicaFileInfo.filelist_status)
         .join(ArchiveFile).where(ArchiveFile.filename == name))
    return {rid: (None if fl == FileListStatus.MISSING.value else c) for rid, c, fl in session.execute(q)}


def _row(session: Session, replica_id: str, name: str) -> ReplicaFileInfo | None:
    return session.execute(select(ReplicaFileInfo).join(ArchiveFile).where(
        ArchiveFile.filename == name, ReplicaFileInfo.replica_id == replica_id)).scalar_one_or_none()


def rolling_batch(session: Session, audit: Audit, limit: int, max_age_days: float = 0.0) -> list[str]:
    """The next names of a rolling checksum audit: judged copies that are due (never verified,
    or last verified longer ago than the replica's ``max_age_days`` before the run started; 0:
    every copy not verified by this run) and not found missing since the run started, never
    verified first, then the least recently verified."""
    started = audit.started
    assert audit.snapshot is not None and started is not None
    due_before = aware(started) - dt.timedelta(days=max_age_days)
    fresh_missing = and_(ReplicaFileInfo.filelist_status == FileListStatus.MISSING.value,
                         ReplicaFileInfo.filelist_checked >= started)
    q = (select(ArchiveFile.filename).join(ReplicaFileInfo)
         .where(_judged(audit.replica_id, audit.snapshot), ~fresh_missing,
                ReplicaFileInfo.checksum_checked.is_(None) | (ReplicaFileInfo.checksum_checked < due_before))
         .order_by(ReplicaFileInfo.checksum_checked.is_not(None), ReplicaFileInfo.checksum_checked,
                   ReplicaFileInfo.id).limit(limit))
    return list(session.execute(q).scalars())


def count_judged(session: Session, replica_id: str, snapshot: dt.datetime) -> int:
    return session.execute(select(func.count()).select_from(ReplicaFileInfo)
                           .where(_judged(replica_id, snapshot))).scalar_one()


# --- findings and the summary -------------------------------------------------------------------

def findings(session: Session, replica_id: str, which: str, offset: int, limit: int) -> Page[FileFindingDto]:
    """``which`` = "missing" (file list) or "corrupt" (corrupt and disputed copies), by name."""
    if which == "missing":
        cond = ReplicaFileInfo.filelist_status == FileListStatus.MISSING.value
    else:
        cond = ReplicaFileInfo.checksum_status.in_([ChecksumStatus.CORRUPT.value, ChecksumStatus.DISPUTED.value])
    base = select(ReplicaFileInfo, ArchiveFile).join(ArchiveFile).where(ReplicaFileInfo.replica_id == replica_id,
                                                                       cond)
    total = session.execute(select(func.count()).select_from(base.subquery())).scalar_one()
    items = []
    for info, f in session.execute(base.order_by(ArchiveFile.filename).offset(offset).limit(limit)):
        votes = {k: v for k, v in known_checksums(session, f.filename).items() if k != replica_id}
        if which == "missing":
            items.append(FileFindingDto(f.filename, replica_id, "missing", f.checksum, None,
                                        iso(info.filelist_checked), votes))
        else:
            items.append(FileFindingDto(f.filename, replica_id, info.checksum_status, f.checksum, info.checksum,
                                        iso(info.checksum_checked), votes))
    return Page(items, total, offset, limit)


def missing_names(session: Session, replica_id: str, limit: int) -> list[tuple[str, str, int | None]]:
    """``(name, reference, size)`` of copies marked missing in ``replica_id``."""
    q = (select(ArchiveFile.filename, ArchiveFile.checksum, ArchiveFile.size).join(ReplicaFileInfo)
         .where(ReplicaFileInfo.replica_id == replica_id,
                ReplicaFileInfo.filelist_status == FileListStatus.MISSING.value)
         .order_by(ArchiveFile.filename).limit(limit))
    return [tuple(r) for r in session.execute(q)]  # type: ignore[misc]


def good_sources(session: Session, name: str, exclude: str) -> list[str]:
    """Replicas whose copy of ``name`` is completed, not found missing and not found corrupt
    or disputed: the candidates to copy from (each is verified against the reference again)."""
    q = (select(ReplicaFileInfo.replica_id).join(ArchiveFile)
         .where(ArchiveFile.filename == name, ReplicaFileInfo.replica_id != exclude,
                ReplicaFileInfo.upload_state == COMPLETED,
                ReplicaFileInfo.filelist_status != FileListStatus.MISSING.value,
                ReplicaFileInfo.checksum_status.in_([ChecksumStatus.OK.value, ChecksumStatus.UNKNOWN.value]))
         .order_by(ReplicaFileInfo.checksum_status != ChecksumStatus.OK.value, ReplicaFileInfo.replica_id))
    return list(session.execute(q).scalars())


def mark_restored(session: Session, replica_id: str, name: str, checksum: str, instance_id: str | None) -> None:
    """A copy put back (reestablished or replaced) and verified against the reference."""
    info = _row(session, replica_id, name)
    if info is None:
        return
    now = utcnow()
    info.filelist_status, info.filelist_checked = FileListStatus.OK.value, now
    info.checksum, info.checksum_status, info.checksum_checked = checksum, ChecksumStatus.OK.value, now
    info.error = None
    if instance_id:
        info.instance_id = instance_id


def summary(session: Session, replicas: list[ReplicaDto], max_age_days: float,
            ages: dict[str, float] | None = None) -> list[ReplicaPreservationDto]:
    """Per replica: counts by status, stale checksums (older than the replica's own maximum age
    in ``ages``, else ``max_age_days``), the last audits and the running one."""
    out = []
    for r in replicas:
        age = (ages or {}).get(r.id, max_age_days)
        cutoff = utcnow() - dt.timedelta(days=age)
        rows = ReplicaFileInfo.replica_id == r.id
        done = and_(rows, ReplicaFileInfo.upload_state == COMPLETED)

        def count(*cond: Any) -> int:
            return session.execute(select(func.count()).select_from(ReplicaFileInfo).where(*cond)).scalar_one()

        s = ReplicaPreservationDto(r.id, r.name, r.type.value, max_checksum_age_days=age)
        s.files = count(done)
        s.missing = count(rows, ReplicaFileInfo.filelist_status == FileListStatus.MISSING.value)
        s.corrupt = count(rows, ReplicaFileInfo.checksum_status == ChecksumStatus.CORRUPT.value)
        s.disputed = count(rows, ReplicaFileInfo.checksum_status == ChecksumStatus.DISPUTED.value)
        s.unchecked = count(done, ReplicaFileInfo.checksum_checked.is_(None))
        s.stale = count(done, ReplicaFileInfo.checksum_checked.is_(None) | (ReplicaFileInfo.checksum_checked < cutoff))
        s.ok = count(done, ReplicaFileInfo.checksum_status == ChecksumStatus.OK.value,
                     ReplicaFileInfo.filelist_status != FileListStatus.MISSING.value)
        s.oldest_checksum = iso(aware(session.execute(select(func.min(ReplicaFileInfo.checksum_checked))
                                                      .where(done)).scalar_one()))
        for kind, attr in (("files", "last_files_audit"), ("checksums", "last_checksums_audit")):
            last = session.execute(select(Audit).where(Audit.replica_id == r.id, Audit.kind == kind,
                                                       Audit.state.in_(FINAL))
                                   .order_by(Audit.id.desc()).limit(1)).scalar_one_or_none()
            setattr(s, attr, audit_dto(last) if last else None)
        running = active_audit(session, r.id)
        s.running = audit_dto(running) if running else None
        out.append(s)
    return out


def parse_lines(lines: Iterable[bytes | str], with_checksum: bool) -> Iterator[tuple[str, str | None]]:
    """Rows of a batch output: ``name`` or ``name##checksum`` per line."""
    for raw in lines:
        line = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        line = line.strip()
        if not line:
            continue
        if with_checksum:
            name, sep, value = line.partition("##")
            if sep:
                yield name, value.strip().lower()
        else:
            yield line, None
