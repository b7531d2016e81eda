"""Harvest definitions (selective, event, snapshot) and the harvest channels they map to.

One table for all kinds (``kind`` tells them apart); the partial (selective/event) columns and
the snapshot columns are simply empty for the other kind. The scheduler counts runs, sets the next
run and deactivates a definition it cannot schedule, through :mod:`server.definitions.runs` only.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import BigInteger, Boolean, Column, ForeignKey, Index, Integer, String, Table, Text, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from server.harvestdb.base import Base, UtcDateTime, utcnow

#: the domain configurations a selective or event harvest takes
harvest_configurations = Table(
    "harvest_configurations",
    Base.metadata,
    Column("harvest_id", ForeignKey("harvest_definitions.id", ondelete="CASCADE"), primary_key=True),
    Column("configuration_id", ForeignKey("configurations.id", ondelete="CASCADE"), primary_key=True, index=True),
)


class HarvestChannel(Base):
    __tablename__ = "harvest_channels"
    __table_args__ = (
        # one default channel for snapshots and one for focused (selective/event) harvests
        Index("ix_harvest_channels_one_default", "snapshot", unique=True,
              sqlite_where=text("is_default"), postgresql_where=text("is_default")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)
    snapshot: Mapped[bool] = mapped_column(Boolean)  # False: focused
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    comments: Mapped[str] = mapped_column(Text, default="")


class HarvestDefinition(Base):
    __tablename__ = "harvest_definitions"
    __table_args__ = (Index("ix_harvest_definitions_active_next_run_at", "active", "next_run_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)
    kind: Mapped[str] = mapped_column(String(16))  # shared.enums.HarvestKind
    comments: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(Boolean, default=False)
    runs: Mapped[int] = mapped_column(Integer, default=0)
    #: the first run of the schedule: later runs are counted from it, so that a monthly harvest
    #: begun on the 31st comes back to the 31st after a 30-day month
    first_run_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    next_run_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    channel_id: Mapped[int] = mapped_column(ForeignKey("harvest_channels.id"))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    edition: Mapped[int] = mapped_column(Integer, nullable=False)
    # selective and event
    schedule_id: Mapped[int | None] = mapped_column(ForeignKey("schedules.id"))
    # snapshot
    max_bytes: Mapped[int | None] = mapped_column(BigInteger)
    max_objects: Mapped[int | None] = mapped_column(BigInteger)
    max_job_running_time_s: Mapped[int | None] = mapped_column(Integer)
    based_on_id: Mapped[int | None] = mapped_column(ForeignKey("harvest_definitions.id"))
    #: why the scheduler deactivated the definition (empty: it did not)
    scheduling_error: Mapped[str] = mapped_column(Text, default="", server_default="")
    #: runs made by "harvest now" besides the schedule: counted in ``runs`` (run numbers stay one
    #: sequence) but not in the schedule's own count, so the next scheduled run does not move
    extra_runs: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    scheduling_error_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    #: QA options as JSON (auto, sample, threshold; issue #30); empty: the qa service's defaults
    qa: Mapped[str] = mapped_column(Text, default="", server_default="")

    channel: Mapped[HarvestChannel] = relationship()
    schedule = relationship("Schedule")
    based_on: Mapped[HarvestDefinition | None] = relationship(remote_side=[id])
    configurations = relationship("DomainConfiguration", secondary=harvest_configurations,
                                  order_by="DomainConfiguration.id")

    __mapper_args__ = {"version_id_col": edition}
