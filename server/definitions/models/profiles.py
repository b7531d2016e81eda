"""Crawl profiles (the seeds' order.xml templates): the uploaded document, kept byte for byte,
and its validated, defaults-filled form that is handed to the crawler."""
from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from server.harvestdb.base import Base, UtcDateTime, utcnow


class CrawlProfile(Base):
    __tablename__ = "crawl_profiles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)
    comments: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    document: Mapped[bytes] = mapped_column(LargeBinary)         # exactly as uploaded
    document_format: Mapped[str] = mapped_column(String(8))      # yaml | toml
    effective: Mapped[str] = mapped_column(Text)                 # JSON: validated, defaults filled
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    edition: Mapped[int] = mapped_column(Integer, nullable=False)

    __mapper_args__ = {"version_id_col": edition}
