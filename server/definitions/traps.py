"""Global crawler trap lists: named lists of regular expressions applied to every harvest
while the list is active."""
from __future__ import annotations

from sqlalchemy import exists, select
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.attributes import flag_modified

from server.db import query
from server.definitions import validation
from server.definitions.models import GlobalTrapExpression, GlobalTrapList
from shared.dto import Page
from shared.dto.definitions import TrapListDto
from shared.errors import AlreadyExists, NotFound


def to_dto(t: GlobalTrapList) -> TrapListDto:
    return TrapListDto(t.id, t.name, t.description, t.active, t.edition, [e.expression for e in t.expressions])


def get(session: Session, name: str) -> GlobalTrapList:
    t = session.execute(select(GlobalTrapList).options(selectinload(GlobalTrapList.expressions))
                        .where(GlobalTrapList.name == name)).scalar_one_or_none()
    if t is None:
        raise NotFound(f"no global crawler trap list {name!r}", {"object": "trap list", "name": name})
    return t


def _expressions(expressions: list[str] | str) -> list[GlobalTrapExpression]:
    if isinstance(expressions, str):
        expressions = expressions.splitlines()
    return [GlobalTrapExpression(position=i, expression=e)
            for i, e in enumerate(validation.regexes(expressions, "global crawler trap"))]


def create(session: Session, name: str, expressions: list[str] | str, description: str = "",
           active: bool = True) -> GlobalTrapList:
    """Raises InvalidInput, InvalidRegex (pattern and position), AlreadyExists."""
    name = validation.check_name(name, "trap list")
    description = validation.check_text(description, "description", "trap list")
    exprs = _expressions(expressions)
    if session.execute(select(exists().where(GlobalTrapList.name == name))).scalar():
        raise AlreadyExists(f"a global crawler trap list {name!r} exists", {"object": "trap list", "name": name})
    t = GlobalTrapList(name=name, description=description, active=bool(active), expressions=exprs)
    session.add(t)
    session.flush()
    return t


def update(session: Session, name: str, edition: int, *, expressions: list[str] | str | None = None,
           description: str | None = None, active: bool | None = None) -> GlobalTrapList:
    """Raises NotFound, EditionConflict, InvalidRegex."""
    t = get(session, name)
    validation.edition(t, edition, "trap list", name)
    if expressions is not None:
        t.expressions = _expressions(expressions)
    if description is not None:
        t.description = validation.check_text(description, "description", "trap list")
    if active is not None:
        t.active = bool(active)
    flag_modified(t, "description")  # the edition goes up even when only the expressions changed
    session.flush()
    return t


def active_expressions(session: Session) -> list[str]:
    """Every expression of every active list, for the scheduler to put in each job."""
    rows = session.execute(select(GlobalTrapExpression.expression).join(GlobalTrapList)
                           .where(GlobalTrapList.active.is_(True))
                           .order_by(GlobalTrapList.name, GlobalTrapExpression.position))
    return list(dict.fromkeys(rows.scalars()))


SORT = {"name": GlobalTrapList.name, "id": GlobalTrapList.id}


def listing(session: Session, offset: int, limit: int, sort: str | None = None,
            pattern: str | None = None) -> Page[TrapListDto]:
    stmt = select(GlobalTrapList).options(selectinload(GlobalTrapList.expressions))
    if pattern and pattern.strip("*"):
        stmt = stmt.where(query.glob_filter(GlobalTrapList.name, pattern, lower=True))
    stmt = query.order_by(stmt, sort, SORT, "name", GlobalTrapList.id)
    return query.page(session, stmt, offset, limit, to_dto)
