"""Global crawler trap lists: named lists of regular expressions applied to every harvest
while the list is active."""
from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from server.harvestdb.base import Base


class GlobalTrapList(Base):
    __tablename__ = "global_trap_lists"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)
    description: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    edition: Mapped[int] = mapped_column(Integer, nullable=False)

    expressions: Mapped[list[GlobalTrapExpression]] = relationship(
        cascade="all, delete-orphan", order_by="GlobalTrapExpression.position")

    __mapper_args__ = {"version_id_col": edition}


class GlobalTrapExpression(Base):
    __tablename__ = "global_trap_expressions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("global_trap_lists.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    expression: Mapped[str] = mapped_column(Text)
