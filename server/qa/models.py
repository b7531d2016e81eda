"""The QA database (its own, ``qa``; chain ``alembic_version_qa``): runs, one row per page of a
run (planned when the run starts, filled when the page is checked: the rows still unfilled are
what a resumed run has left), reviewers' verdicts per page of a job, and patch jobs."""
from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class QaRun(Base):
    __tablename__ = "qa_run"
    __table_args__ = (Index("ix_qa_run_job", "job_id"), Index("ix_qa_run_state", "state"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    job_id: Mapped[int] = mapped_column(Integer, nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False, default="full")
    state: Mapped[str] = mapped_column(String(16), nullable=False, default="queued")
    requested_by: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    sample: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    threshold: Mapped[float] = mapped_column(Float, nullable=False)
    # a recheck run renders over the job and its patch job; its page list is the pages that missed
    patch_job_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    error: Mapped[str] = mapped_column(Text, nullable=False, default="")
    # set once the page list is planned (a resumed run does not plan again)
    planned: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    notified: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)


class QaResult(Base):
    """One page of one run: planned (checked_at NULL), then its result."""

    __tablename__ = "qa_result"
    __table_args__ = (UniqueConstraint("run_id", "url_hash", name="uq_qa_result_run_url"),
                      Index("ix_qa_result_job_url", "job_id", "url_hash"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[int] = mapped_column(Integer, ForeignKey("qa_run.id", ondelete="CASCADE"), nullable=False)
    job_id: Mapped[int] = mapped_column(Integer, nullable=False)
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    url_hash: Mapped[str] = mapped_column(String(64), nullable=False)   # sha256: URLs may be long
    url: Mapped[str] = mapped_column(Text, nullable=False)
    source: Mapped[str] = mapped_column(String(16), nullable=False)
    timestamp: Mapped[str] = mapped_column(String(14), nullable=False, default="")
    checked_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    title: Mapped[str] = mapped_column(Text, nullable=False, default="")
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    visual_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    text_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    requested: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    missing: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    missing_urls: Mapped[str] = mapped_column(Text, nullable=False, default="[]")   # JSON list
    errors: Mapped[str] = mapped_column(Text, nullable=False, default="[]")         # JSON list
    load_state: Mapped[str] = mapped_column(String(16), nullable=False, default="")
    crawl_view: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)     # PNG thumbnail
    replay_view: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)    # PNG thumbnail


class QaVerdict(Base):
    """A reviewer's word on a page of a job; it outlives the runs that re-check the page."""

    __tablename__ = "qa_verdict"
    __table_args__ = (UniqueConstraint("job_id", "url_hash", name="uq_qa_verdict_job_url"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    job_id: Mapped[int] = mapped_column(Integer, nullable=False)
    url_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    url: Mapped[str] = mapped_column(Text, nullable=False)
    verdict: Mapped[str] = mapped_column(String(16), nullable=False)
    note: Mapped[str] = mapped_column(Text, nullable=False, default="")
    reviewer: Mapped[str] = mapped_column(String(200), nullable=False)
    reviewed_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class QaPatch(Base):
    """A patch job harvesting a job's missing URLs, and the recheck run that follows it."""

    __tablename__ = "qa_patch"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    job_id: Mapped[int] = mapped_column(Integer, nullable=False)
    patch_job_id: Mapped[int] = mapped_column(Integer, nullable=False, unique=True)
    harvest: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    urls: Mapped[int] = mapped_column(Integer, nullable=False)
    requested_by: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    state: Mapped[str] = mapped_column(String(16), nullable=False, default="harvesting")  # → rechecking | done | failed
    recheck_run_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class QaJobSeen(Base):
    """A finished job the auto-run looked at (queued a run, or its definition does not ask for
    one): each finished job is considered once, also across restarts."""

    __tablename__ = "qa_job_seen"

    job_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seen_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    run_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
