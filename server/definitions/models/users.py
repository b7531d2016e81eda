"""The people who may use the installation: one row per person's broker login, with the roles the
services give them. Passwords are not here: the broker keeps them (it authenticates the login)."""
from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, String
from sqlalchemy.orm import Mapped, mapped_column

from server.harvestdb.base import Base, UtcDateTime, utcnow


class User(Base):
    __tablename__ = "users"

    login: Mapped[str] = mapped_column(String(64), primary_key=True)
    roles: Mapped[str] = mapped_column(String(255), default="")      # comma-separated, sorted
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    changed_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    changed_by: Mapped[str] = mapped_column(String(64), default="")
