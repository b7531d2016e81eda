"""The scheduler's tables, on the harvest database's declarative Base.

- ``jobs``: one crawl job (the seeds' Job): its definition and run, status, channel, the merged
  crawl profile, seeds, metadata entries, who claimed it, and what it reported.
- ``job_configurations``: the domain configurations in a job, with their expectation and the
  limits they had when the job was made, and what deduplication saved of them (reported).
- ``job_progress``: the latest progress report of a running job (one row per job).
- ``scheduling_state``: one row per definition: the database guard that keeps two scheduler
  threads (or instances) from scheduling it at once, and the outcome of its last scheduling,
  including why it was deactivated.
- ``jobgen_entries``: scratch rows of a running job generation (the sorted configuration
  iterator); empty when nothing is being scheduled.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, deferred, mapped_column

from server.harvestdb.base import Base, UtcDateTime, utcnow


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (
        # the claim: oldest Submitted job of a channel
        Index("ix_jobs_channel_status_id", "channel", "status", "id"),
        Index("ix_jobs_harvest_id_harvest_run", "harvest_id", "harvest_run"),
        Index("ix_jobs_status_id", "status", "id"),
        Index("ix_jobs_created_at", "created_at"),
        # what the job history sorts and filters by, each with the id that breaks ties, so that
        # a page at any position is read from an index without sorting 500,000 rows
        Index("ix_jobs_harvest_id_id", "harvest_id", "id"),
        Index("ix_jobs_harvest_run_id", "harvest_run", "id"),
        Index("ix_jobs_channel_id", "channel", "id"),
        Index("ix_jobs_created_at_id", "created_at", "id"),
        Index("ix_jobs_started_at_id", "started_at", "id"),
        Index("ix_jobs_ended_at_id", "ended_at", "id"),
        Index("ix_jobs_configuration_count_id", "configuration_count", "id"),
        Index("ix_jobs_expected_objects_id", "expected_objects", "id"),
        Index("ix_jobs_outcome_id", "outcome", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    harvest_id: Mapped[int] = mapped_column(ForeignKey("harvest_definitions.id", ondelete="CASCADE"))
    harvest_run: Mapped[int] = mapped_column(Integer)          # the definition's run number (0 first)
    status: Mapped[str] = mapped_column(String(16))            # shared.enums.JobStatus
    channel: Mapped[str] = mapped_column(String(255))
    snapshot: Mapped[bool] = mapped_column(Boolean, default=False)
    profile_id: Mapped[int] = mapped_column(ForeignKey("crawl_profiles.id"))
    profile_name: Mapped[str] = mapped_column(String(255))
    #: the job's byte limit per domain (-1: none) and whether a configuration (not the
    #: definition) decided it — stage 4 of the splitting check
    max_bytes_per_domain: Mapped[int] = mapped_column(BigInteger, default=-1)
    byte_limit_from_configuration: Mapped[bool] = mapped_column(Boolean, default=False)
    max_objects_per_domain: Mapped[int] = mapped_column(BigInteger, default=-1)
    max_running_time_s: Mapped[int] = mapped_column(Integer, default=0)   # 0: none
    configuration_count: Mapped[int] = mapped_column(Integer, default=0)
    expected_objects: Mapped[int] = mapped_column(BigInteger, default=0)   # sum over configurations
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    submitted_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    started_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)   # claimed
    confirmed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)  # harvester said it runs
    last_seen_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)  # last claim/progress
    ended_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    harvester_id: Mapped[str | None] = mapped_column(String(255))
    claims: Mapped[int] = mapped_column(Integer, default=0)               # times it was claimed
    reported_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    failure_reason: Mapped[str] = mapped_column(Text, default="")
    harvest_error: Mapped[str] = mapped_column(Text, default="")
    harvest_error_details: Mapped[str] = deferred(mapped_column(Text, default=""))
    upload_error: Mapped[str] = mapped_column(Text, default="")
    upload_error_details: Mapped[str] = deferred(mapped_column(Text, default=""))
    resubmitted_from_id: Mapped[int | None] = mapped_column(ForeignKey("jobs.id"), index=True)
    resubmitted_as_id: Mapped[int | None] = mapped_column(ForeignKey("jobs.id"))
    #: how the ended job turned out (shared.enums.JobOutcome); NULL while it has not ended
    outcome: Mapped[str | None] = mapped_column(String(24))
    #: a stable code for failure_reason (nothing_harvested, cancelled, harvest_error, ...)
    failure_code: Mapped[str] = mapped_column(String(32), default="", server_default="")
    #: a curator asked to cancel the running job: the harvester stops at its next progress report
    cancel_requested_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    cancel_reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    #: JSON: the crawl profile's effective settings merged with the job's own (quotas, traps)
    settings: Mapped[str] = deferred(mapped_column(Text, default="{}"))
    #: one seed URL a line, as they were when the job was made
    seeds: Mapped[str] = deferred(mapped_column(Text, default=""))
    #: JSON list of {"domain", "alias_of"}: aliases left out because their domain is in the job
    aliases: Mapped[str] = deferred(mapped_column(Text, default="[]"))
    #: JSON list of job ids whose data form this job's deduplication index
    dedup_job_ids: Mapped[str] = deferred(mapped_column(Text, default="[]"))


class JobConfiguration(Base):
    __tablename__ = "job_configurations"

    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True)
    configuration_id: Mapped[int] = mapped_column(
        ForeignKey("configurations.id", ondelete="CASCADE"), primary_key=True, index=True)
    #: the configuration's domain; no foreign key of its own: the configuration's (ON DELETE
    #: CASCADE, like the configuration's to its domain) covers it (migration 0150)
    domain_id: Mapped[int] = mapped_column(Integer, index=True)
    expected_objects: Mapped[int] = mapped_column(BigInteger, default=0)
    max_bytes: Mapped[int] = mapped_column(BigInteger, default=-1)     # the configuration's, then
    max_objects: Mapped[int] = mapped_column(BigInteger, default=-1)
    #: from the job's report: objects written as revisits (payload not stored again), their bytes
    duplicates: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    duplicate_bytes: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")


class JobProgress(Base):
    __tablename__ = "job_progress"

    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True)
    harvester_id: Mapped[str] = mapped_column(String(255), default="")
    updated_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    uris_done: Mapped[int] = mapped_column(BigInteger, default=0)
    uris_queued: Mapped[int] = mapped_column(BigInteger, default=0)
    bytes: Mapped[int] = mapped_column(BigInteger, default=0)
    rate: Mapped[float] = mapped_column(Float, default=0.0)          # URIs a second, recent
    bytes_rate: Mapped[float] = mapped_column(Float, default=0.0)    # bytes a second, recent
    active_hosts: Mapped[int] = mapped_column(Integer, default=0)
    status_text: Mapped[str] = mapped_column(Text, default="")


class SchedulingState(Base):
    __tablename__ = "scheduling_state"

    harvest_id: Mapped[int] = mapped_column(
        ForeignKey("harvest_definitions.id", ondelete="CASCADE"), primary_key=True)
    #: the guard: which scheduler instance schedules this definition now, and since when
    owner: Mapped[str | None] = mapped_column(String(255))
    locked_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    last_started_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    last_ended_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    last_jobs: Mapped[int] = mapped_column(Integer, default=0)
    #: why the last scheduling failed (and the definition was deactivated); empty when it worked
    last_error: Mapped[str] = mapped_column(Text, default="")
    last_error_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)


class JobgenEntry(Base):
    """Sorted by a partial index of each run's own, built after the run's entries are in
    (server/scheduler/entries.py: index_run); no index of the table's own beyond its key."""

    __tablename__ = "jobgen_entries"

    harvest_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    configuration_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    domain_id: Mapped[int] = mapped_column(Integer)
    profile_id: Mapped[int] = mapped_column(Integer)
    #: the configuration's byte limit with "none" (-1) as the largest value, for sorting
    byte_order: Mapped[int] = mapped_column(BigInteger)
    max_bytes: Mapped[int] = mapped_column(BigInteger)
    max_objects: Mapped[int] = mapped_column(BigInteger)
    expected_objects: Mapped[int] = mapped_column(BigInteger)
    #: the job that last harvested this configuration (for the deduplication index)
    previous_job_id: Mapped[int | None] = mapped_column(Integer)
    #: the texts of the configuration's seed lists in order of name, joined by newlines (None:
    #: it has none); read in step 1, in configuration id order, for the job's seeds
    seeds: Mapped[str | None] = mapped_column(Text)


class JobgenSpan(Base):
    """Scratch rows of a running job generation: each job made so far, by the sort key of its
    first entry (a job is a run of consecutive entries in the sort order). The run's job
    configurations are copied from ``jobgen_entries`` at its end, each entry to the job of the
    last span that starts at or before it."""

    __tablename__ = "jobgen_spans"

    harvest_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    byte_order: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    expected_objects: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    configuration_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job_id: Mapped[int] = mapped_column(Integer)


class ChannelActivity(Base):
    """When each harvester last asked for work on (or reported progress in) a channel: the
    scheduler's only way to tell that jobs wait on a channel no harvester serves."""

    __tablename__ = "channel_activity"

    channel: Mapped[str] = mapped_column(String(255), primary_key=True)
    harvester_id: Mapped[str] = mapped_column(String(255), primary_key=True)
    last_seen_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
