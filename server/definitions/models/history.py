"""Harvest history: what one job harvested of one domain configuration. Written by the
scheduler when a job reports; read here for statistics, size estimates and stair-step snapshots.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from server.harvestdb.base import Base, UtcDateTime


class HarvestHistory(Base):
    __tablename__ = "harvest_history"
    __table_args__ = (
        Index("ix_harvest_history_harvest_id_domain_id", "harvest_id", "domain_id"),
        Index("ix_harvest_history_configuration_id_ended_at", "configuration_id", "ended_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"), index=True)
    configuration_id: Mapped[int] = mapped_column(ForeignKey("configurations.id", ondelete="CASCADE"))
    harvest_id: Mapped[int] = mapped_column(ForeignKey("harvest_definitions.id", ondelete="CASCADE"))
    #: the scheduler's job id. No foreign key: the jobs table is the scheduler's, and the scheduler
    #: depends on this package, never the other way round (docs/architecture.md).
    job_id: Mapped[int | None] = mapped_column(Integer, index=True)
    objects: Mapped[int] = mapped_column(BigInteger, default=0)
    bytes: Mapped[int] = mapped_column(BigInteger, default=0)
    stop_reason: Mapped[str] = mapped_column(String(32))  # shared.enums.StopReason
    started_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    ended_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
