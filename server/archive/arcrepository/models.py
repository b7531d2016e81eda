"""The archive admin database (the seeds' "replica info cache database").

Tables ``file``, ``replica`` and ``replicafileinfo`` with the seeds' four indexes. Two columns the
seeds did not have: ``file.checksum``/``file.size`` (what the client stored the file with, so a
second store with another checksum is refused without asking a replica) and
``replicafileinfo.instance_id`` (the bitarchive instance that reported the copy: a hint for
get-file; the replica is still asked when the hint is stale).
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from shared.enums import ChecksumStatus, FileListStatus, ReplicaType, UploadState


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """Declarative base of the *archive* database (the harvest database has its own)."""


class Replica(Base):
    __tablename__ = "replica"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    type: Mapped[str] = mapped_column(String(16), default=ReplicaType.BITARCHIVE.value)
    filelist_updated: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    checksum_updated: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))


class ArchiveFile(Base):
    __tablename__ = "file"
    __table_args__ = (Index("fileindex", "filename"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    filename: Mapped[str] = mapped_column(String(300), unique=True)
    checksum: Mapped[str] = mapped_column(String(64))
    size: Mapped[int | None] = mapped_column(BigInteger)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    infos: Mapped[list[ReplicaFileInfo]] = relationship(back_populates="file")


class ReplicaFileInfo(Base):
    __tablename__ = "replicafileinfo"
    __table_args__ = (
        UniqueConstraint("file_id", "replica_id", name="uq_replicafileinfo_file_replica"),
        Index("fileandreplica", "file_id", "replica_id"),
        Index("replicaandfileliststatus", "replica_id", "filelist_status"),
        Index("replicaandchecksumstatus", "replica_id", "checksum_status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    file_id: Mapped[int] = mapped_column(ForeignKey("file.id", ondelete="CASCADE"))
    replica_id: Mapped[str] = mapped_column(ForeignKey("replica.id"))
    upload_state: Mapped[str] = mapped_column(String(32), default=UploadState.NO_UPLOAD.value)
    checksum: Mapped[str | None] = mapped_column(String(64))
    checksum_status: Mapped[str] = mapped_column(String(16), default=ChecksumStatus.UNKNOWN.value)
    filelist_status: Mapped[str] = mapped_column(String(16), default=FileListStatus.NO_STATUS.value)
    checksum_checked: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    filelist_checked: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    upload_updated: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    instance_id: Mapped[str | None] = mapped_column(String(200))
    error: Mapped[str | None] = mapped_column(String(2000))

    file: Mapped[ArchiveFile] = relationship(back_populates="infos")


# --- bit preservation (issue #11): audits as tracked jobs, their findings, the audit trail ------

class Audit(Base):
    """One audit or repair run of one replica (``kind``: files, checksums, salted, reestablish).

    ``state`` queued → running → done | failed | cancelled; ``snapshot`` is the moment before
    the replica was asked (a copy completed later is never judged by this run); ``heartbeat``
    is refreshed while it runs, so a run whose arcrepository died is recognisable."""

    __tablename__ = "audit"
    __table_args__ = (
        Index("audit_replica_state", "replica_id", "state"),
        # one queued or running run per replica, whoever asks at the same moment (archive_0003)
        Index("audit_one_active_per_replica", "replica_id", unique=True,
              sqlite_where=text("state IN ('queued', 'running')"),
              postgresql_where=text("state IN ('queued', 'running')")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    replica_id: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    state: Mapped[str] = mapped_column(String(16), default="queued")
    requested_by: Mapped[str | None] = mapped_column(String(200))
    requested: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    finished: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    snapshot: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    heartbeat: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    files_seen: Mapped[int] = mapped_column(Integer, default=0)
    missing: Mapped[int] = mapped_column(Integer, default=0)
    corrupt: Mapped[int] = mapped_column(Integer, default=0)
    disputed: Mapped[int] = mapped_column(Integer, default=0)
    extra: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    progress: Mapped[float] = mapped_column(Float, default=0.0)
    partial: Mapped[bool] = mapped_column(Boolean, default=False)
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    max_duration: Mapped[float | None] = mapped_column(Float)
    errors: Mapped[str] = mapped_column(Text, default="[]")               # JSON list of strings
    missing_instances: Mapped[str] = mapped_column(Text, default="[]")    # JSON list of instance ids
    message: Mapped[str] = mapped_column(Text, default="")


class AuditExtraFile(Base):
    """A file a replica holds that the admin database does not know (found by a file audit)."""

    __tablename__ = "audit_extra_file"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    audit_id: Mapped[int] = mapped_column(ForeignKey("audit.id", ondelete="CASCADE"), index=True)
    filename: Mapped[str] = mapped_column(String(300))


class PreservationEvent(Base):
    """The audit trail: every audit, cancel and repair, who asked, with the checksums involved."""

    __tablename__ = "preservation_event"
    __table_args__ = (Index("preservation_event_replica", "replica_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    who: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(64))
    replica_id: Mapped[str | None] = mapped_column(String(64))
    filename: Mapped[str | None] = mapped_column(String(300))
    details: Mapped[str] = mapped_column(Text, default="{}")              # JSON object


# --- batch completeness (issue #20): what a batch run must see, kept across restarts --------------

class BatchExpectation(Base):
    """The files the admin database said a batch run must see when it was started (the run's
    regex and the job's file pattern applied), and the missing ones once named. Kept in the
    database so a restarted arcrepository still says a run over fewer files is incomplete."""

    __tablename__ = "batch_expectation"

    batch_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    replica_id: Mapped[str] = mapped_column(String(64))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    names: Mapped[str] = mapped_column(Text, default="[]")                # JSON list of file names
    missing: Mapped[str | None] = mapped_column(Text)                     # JSON list, once named
