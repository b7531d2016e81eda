"""Schedules: how often a selective or event harvest runs, and until when."""
from __future__ import annotations

import datetime as dt

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from server.harvestdb.base import Base, UtcDateTime


class Schedule(Base):
    __tablename__ = "schedules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)
    comments: Mapped[str] = mapped_column(Text, default="")
    unit: Mapped[str] = mapped_column(String(8))            # hours | days | weeks | months
    every: Mapped[int] = mapped_column(Integer)             # repeat every N units
    minute: Mapped[int | None] = mapped_column(Integer)     # fixed minute of the hour
    hour: Mapped[int | None] = mapped_column(Integer)       # fixed hour of the day
    weekday: Mapped[int | None] = mapped_column(Integer)    # fixed day of the week, 1 = Monday
    day_of_month: Mapped[int | None] = mapped_column(Integer)  # 1..31; clamped to short months
    start_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)  # None: when activated
    end_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)    # None: never (or max_runs)
    max_runs: Mapped[int | None] = mapped_column(Integer)
    edition: Mapped[int] = mapped_column(Integer, nullable=False)

    __mapper_args__ = {"version_id_col": edition}
