"""How the whole archive grew: files and bytes taken per day, and the totals (for the charts).

Counted in SQL from the admin database: a file counts from the day its record was made
(``file.created``, UTC) once at least one replica holds a complete copy of it, so a store that
never completed does not count as growth.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from server.archive.arcrepository.models import ArchiveFile, ReplicaFileInfo
from shared.dto.archive import ArchiveGrowthDto
from shared.enums import UploadState
from shared.errors import InvalidInput

#: the longest span asked for at once (ten years of days)
MAX_DAYS = 3660


def _day(value: str, field: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise InvalidInput(f"{field} must be an ISO date (YYYY-MM-DD), not {value!r}", {"field": field}) from None


def growth(session: Session, date_from: str | None = None, date_to: str | None = None,
           today: dt.date | None = None) -> list[ArchiveGrowthDto]:
    """Every day from ``date_from`` to ``date_to`` (ISO dates, both inclusive; by default the
    last 30 days up to today), days without new files included, so the totals draw a line.
    Raises InvalidInput (not a date, from after to, more than ``MAX_DAYS`` days)."""
    end = _day(date_to, "date_to") if date_to is not None else (today or dt.datetime.now(dt.UTC).date())
    start = _day(date_from, "date_from") if date_from is not None else end - dt.timedelta(days=29)
    if start > end:
        raise InvalidInput(f"date_from ({start}) is after date_to ({end})", {"field": "date_from"})
    if (end - start).days + 1 > MAX_DAYS:
        raise InvalidInput(f"at most {MAX_DAYS} days at once", {"field": "date_from"})
    lo = dt.datetime.combine(start, dt.time(), dt.UTC)
    hi = dt.datetime.combine(end + dt.timedelta(days=1), dt.time(), dt.UTC)
    held = exists().where(ReplicaFileInfo.file_id == ArchiveFile.id,
                          ReplicaFileInfo.upload_state == UploadState.UPLOAD_COMPLETED.value)
    size = func.coalesce(func.sum(func.coalesce(ArchiveFile.size, 0)), 0)
    total_files, total_bytes = session.execute(
        select(func.count(), size).select_from(ArchiveFile).where(held, ArchiveFile.created < lo)).one()
    day = func.date(ArchiveFile.created)
    per_day = {dt.date.fromisoformat(str(d)[:10]): (int(n), int(b)) for d, n, b in session.execute(
        select(day, func.count(), size).where(held, ArchiveFile.created >= lo, ArchiveFile.created < hi)
        .group_by(day))}
    out = []
    files_total, bytes_total = int(total_files), int(total_bytes)
    for i in range((end - start).days + 1):
        d = start + dt.timedelta(days=i)
        n, b = per_day.get(d, (0, 0))
        files_total += n
        bytes_total += b
        out.append(ArchiveGrowthDto(d, n, b, files_total, bytes_total))
    return out
