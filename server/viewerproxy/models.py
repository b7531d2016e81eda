"""The viewer database (its own, ``viewer``; chain ``alembic_version_viewer``): viewer sessions and
the URLs each session asked for that the archive does not hold. The viewerproxy service and its
proxy process share it; missing URLs outlive restarts."""
from __future__ import annotations

import datetime as dt

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class ViewerSession(Base):
    __tablename__ = "viewer_session"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    user: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    job_ids: Mapped[str] = mapped_column(Text, nullable=False)         # "1,2,5": sorted ids
    timestamp: Mapped[str] = mapped_column(String(14), nullable=False, default="")
    recording: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    state: Mapped[str] = mapped_column(String(16), nullable=False, default="active")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class MissingUrl(Base):
    __tablename__ = "viewer_missing_url"
    __table_args__ = (UniqueConstraint("session_id", "url_hash", name="uq_viewer_missing_url"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(40), ForeignKey("viewer_session.id", ondelete="CASCADE"),
                                            nullable=False)
    url_hash: Mapped[str] = mapped_column(String(64), nullable=False)   # sha256: URLs may be long
    url: Mapped[str] = mapped_column(Text, nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    referrer: Mapped[str] = mapped_column(Text, nullable=False, default="")
    first_seen: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    last_seen: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    count: Mapped[int] = mapped_column(BigInteger, nullable=False, default=1)
