"""Paging, sorting and glob search, done in SQL.

A glob (``*`` any run of characters, ``?`` one character) becomes a LIKE pattern with ``%``,
``_`` and the escape character escaped. Because domain names are stored lower-case, a glob
with a literal head (``kb*``) also becomes a range on the name's index
(``name >= 'kb' AND name < 'kc'``), and a glob with a literal tail (``*.co.uk``) a range on the
reversed name's index; both work the same on SQLite and PostgreSQL whatever the collation.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, func, select
from sqlalchemy.orm import Session

from shared.dto import Page
from shared.errors import InvalidInput

ESCAPE = "\\"
DEFAULT_LIMIT = 100


def glob_to_like(glob: str) -> str:
    out = []
    for ch in glob:
        if ch == "*":
            out.append("%")
        elif ch == "?":
            out.append("_")
        elif ch in ("%", "_", ESCAPE):
            out.append(ESCAPE + ch)
        else:
            out.append(ch)
    return "".join(out)


def literal_head(glob: str) -> str:
    """The characters before the first wildcard."""
    for i, ch in enumerate(glob):
        if ch in "*?":
            return glob[:i]
    return glob


def prefix_range(column, prefix: str) -> ColumnElement[bool]:
    """``column`` starts with ``prefix``, as an index range. The upper bound bumps the last
    character (code-point order is the order of both SQLite's BINARY and PostgreSQL's "C"
    collation; under another collation the LIKE filter beside it keeps the answer right)."""
    if not prefix:
        return column.is_not(None)
    upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
    return and_(column >= prefix, column < upper)


def glob_filter(column, glob: str, lower: bool = False) -> ColumnElement[bool]:
    """A case-sensitive match of ``column`` against ``glob`` (or case-insensitive with ``lower``)."""
    if lower:
        return func.lower(column).like(glob_to_like(glob.lower()), escape=ESCAPE)
    return column.like(glob_to_like(glob), escape=ESCAPE)


def check_paging(offset: int, limit: int, max_limit: int) -> tuple[int, int]:
    if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
        raise InvalidInput(f"offset must be a whole number ≥ 0, not {offset!r}", {"offset": offset})
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= max_limit:
        raise InvalidInput(f"limit must be between 1 and {max_limit}, not {limit!r}",
                           {"limit": limit, "max_limit": max_limit})
    return offset, limit


def order_by(stmt: Select, sort: str | None, columns: dict[str, Any], default: str, tiebreak) -> Select:
    """``sort`` is a key of ``columns``, ``-`` in front for descending; unknown keys are refused."""
    sort = sort or default
    desc = sort.startswith("-")
    key = sort.lstrip("-+")
    if key not in columns:
        raise InvalidInput(f"cannot sort by {key!r}; choose one of {', '.join(sorted(columns))}",
                           {"sort": sort, "choices": sorted(columns)})
    col = columns[key]
    return stmt.order_by(col.desc() if desc else col.asc(), tiebreak.desc() if desc else tiebreak.asc())


def page(session: Session, stmt: Select, offset: int, limit: int, to_item: Callable[[Any], Any],
         count_stmt: Select | None = None) -> Page:
    """Run ``stmt`` for one page and count all its rows (``count_stmt`` may be a cheaper form);
    ``to_item`` turns each row into the listed DTO."""
    rows: Sequence[Any] = session.execute(stmt.offset(offset).limit(limit)).scalars().all()
    if offset == 0 and len(rows) < limit:
        total = len(rows)  # the whole answer is on this page: no second query
    else:
        base = count_stmt if count_stmt is not None else stmt
        total = session.execute(select(func.count()).select_from(base.order_by(None).subquery())).scalar_one()
    return Page(items=[to_item(r) for r in rows], total=total, offset=offset, limit=limit)


def count_upto(session: Session, stmt: Select, cap: int) -> int:
    """How many rows ``stmt`` gives, counting no further than ``cap + 1`` (so a search matching
    half the table stops early)."""
    inner = stmt.order_by(None).limit(cap + 1).subquery()
    return session.execute(select(func.count()).select_from(inner)).scalar_one()


def literal_runs(glob: str) -> list[str]:
    """The literal stretches between wildcards: ``*ab?cd*`` → ``["ab", "cd"]``."""
    runs, cur = [], []
    for ch in glob:
        if ch in "*?":
            if cur:
                runs.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if cur:
        runs.append("".join(cur))
    return runs
