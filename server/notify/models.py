"""The notifier's database: ``notification`` (one row per event, repeats counted) and
``notify_outbox`` (mails until they were handed to the mail server). Its own Alembic chain and
version table (``alembic_version_notify``), so it may share a PostgreSQL database with the others."""
from __future__ import annotations

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base of the *notify* database."""


class Notification(Base):
    __tablename__ = "notification"
    __table_args__ = (Index("ix_notification_key", "code", "instance", "refers_to", "state"),
                      Index("ix_notification_state", "state", "last_seen"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(64), nullable=False)
    severity: Mapped[str] = mapped_column(String(16), nullable=False)
    instance: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    refers_to: Mapped[str] = mapped_column(String(500), nullable=False, default="")
    message: Mapped[str] = mapped_column(Text, nullable=False, default="")
    details: Mapped[dict] = mapped_column(JSON, nullable=False, default=dict)
    state: Mapped[str] = mapped_column(String(16), nullable=False, default="open")
    count: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    #: repeats counted since the last digest listed this notification
    digest_count: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    first_seen: Mapped[float] = mapped_column(Float, nullable=False)
    last_seen: Mapped[float] = mapped_column(Float, nullable=False)
    acknowledged_by: Mapped[str] = mapped_column(String(200), nullable=False, default="")


class OutboxMail(Base):
    __tablename__ = "notify_outbox"
    __table_args__ = (Index("ix_notify_outbox_due", "sent_at", "next_attempt"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    notification_id: Mapped[int | None] = mapped_column(ForeignKey("notification.id"), nullable=True)
    recipients: Mapped[list] = mapped_column(JSON, nullable=False)
    #: fixed text (digests); empty: rendered from the notification when sent, so it carries the
    #: repeats counted until then
    subject: Mapped[str] = mapped_column(String(500), nullable=False, default="")
    body: Mapped[str] = mapped_column(Text, nullable=False, default="")
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    last_error: Mapped[str] = mapped_column(Text, nullable=False, default="")
    created: Mapped[float] = mapped_column(Float, nullable=False)
    next_attempt: Mapped[float] = mapped_column(Float, nullable=False)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
