"""Mass-ingest runs: one row per ``nas domains ingest`` (or desktop upload), committed with
every chunk, so a run interrupted at any point resumes after its last committed line."""
from __future__ import annotations

import datetime as dt

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from server.harvestdb.base import Base, UtcDateTime, utcnow


class IngestRun(Base):
    __tablename__ = "ingest_runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(Text, default="")       # e.g. the file name, for people
    state: Mapped[str] = mapped_column(String(16), default="running")  # running | finished
    next_line: Mapped[int] = mapped_column(Integer, default=1)  # first line not yet committed
    total_lines: Mapped[int | None] = mapped_column(Integer)
    created: Mapped[int] = mapped_column(Integer, default=0)
    existing: Mapped[int] = mapped_column(Integer, default=0)
    duplicates: Mapped[int] = mapped_column(Integer, default=0)
    invalid: Mapped[int] = mapped_column(Integer, default=0)
    #: JSON list of {"line", "text", "reason"}, the first ``harvest.ingest.max_reported_errors``
    errors: Mapped[str] = mapped_column(Text, default="[]")
    started_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
