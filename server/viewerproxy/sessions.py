"""Viewer sessions and their missing-URL lists (the seeds' one global index and URL list, made per
user and per job set, and kept in the database).

A session is (user, job set, target timestamp, recording on/off, missing URLs). A browser names
its session with proxy authentication: username = session id, password = the token handed out
once by :func:`create`; only the token's SHA-256 is stored.
"""
from __future__ import annotations

import datetime as dt
import re
import secrets
from collections.abc import Iterable

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from server.db.query import check_paging, page
from server.db.transactions import committing
from server.viewerproxy.caches import ActiveSession, sha256_hex
from server.viewerproxy.models import MissingUrl, ViewerSession
from shared.dto import Page
from shared.dto.viewer import MissingUrlDto, ViewerSessionDto
from shared.errors import InvalidInput, ViewerSessionNotFound, ViewerSessionStopped

ACTIVE, STOPPED = "active", "stopped"
KINDS = ("page", "image", "script", "style", "font", "media", "other")
MAX_JOBS = 10_000
_TS = re.compile(r"^\d{4}(\d{2}){0,5}$")


_hash = sha256_hex


def job_list(s: ViewerSession) -> list[int]:
    """The session's job ids (stored comma-separated)."""
    return [int(j) for j in s.job_ids.split(",") if j]


def check_jobs(job_ids: Iterable) -> list[int]:
    try:
        ids = sorted({int(j) for j in job_ids if not isinstance(j, bool) and int(j) == j})
    except (TypeError, ValueError):
        raise InvalidInput(f"job ids must be whole numbers: {job_ids!r}", {"job_ids": repr(job_ids)}) from None
    if not ids or ids[0] <= 0 or len(ids) > MAX_JOBS:
        raise InvalidInput(f"a session needs 1 to {MAX_JOBS} positive job ids", {"job_ids": ids[:20]})
    return ids


def check_timestamp(ts: str | None) -> str:
    """'' (newest) or a 4- to 14-digit timestamp padded to 14 digits (pywb's rule: earliest)."""
    if ts is None or ts == "":
        return ""
    if not isinstance(ts, str) or not _TS.match(ts):
        raise InvalidInput(f"a timestamp is 4 to 14 digits (YYYYMMDDhhmmss), not {ts!r}", {"timestamp": repr(ts)})
    return (ts + "0101000000"[len(ts) - 4:])[:14] if len(ts) < 14 else ts


def to_dto(s: ViewerSession, missing_count: int = 0, token: str = "") -> ViewerSessionDto:
    return ViewerSessionDto(s.id, s.user, job_list(s), s.timestamp, s.recording,
                            s.state, s.created_at, missing_count, token)


def create(db: Session, job_ids: list[int], timestamp: str | None = None, recording: bool = False,
           user: str = "") -> ViewerSessionDto:
    ids = check_jobs(job_ids)
    ts = check_timestamp(timestamp)
    token = secrets.token_urlsafe(24)
    with committing(db):
        s = ViewerSession(id=secrets.token_hex(8), token_hash=_hash(token), user=(user or "")[:200],
                          job_ids=",".join(map(str, ids)), timestamp=ts, recording=bool(recording),
                          state=ACTIVE, created_at=dt.datetime.now(dt.UTC))
        db.add(s)
    return to_dto(s, 0, token)


def get(db: Session, session_id: str) -> ViewerSession:
    s = db.get(ViewerSession, str(session_id)) if isinstance(session_id, str) else None
    if s is None:
        raise ViewerSessionNotFound(f"no viewer session {session_id!r}", {"session_id": str(session_id)})
    return s


def missing_count(db: Session, session_id: str) -> int:
    return db.execute(select(func.count()).select_from(MissingUrl)
                      .where(MissingUrl.session_id == session_id)).scalar_one()


def describe(db: Session, session_id: str) -> ViewerSessionDto:
    s = get(db, session_id)
    return to_dto(s, missing_count(db, s.id))


def list_all(db: Session) -> list[ViewerSessionDto]:
    rows = db.execute(select(ViewerSession).order_by(ViewerSession.created_at)).scalars().all()
    counts = dict(db.execute(select(MissingUrl.session_id, func.count()).group_by(MissingUrl.session_id)).all())
    return [to_dto(s, counts.get(s.id, 0)) for s in rows]


def _active(db: Session, session_id: str) -> ViewerSession:
    s = get(db, session_id)
    if s.state != ACTIVE:
        raise ViewerSessionStopped(f"viewer session {session_id} was stopped", {"session_id": session_id})
    return s


def change(db: Session, session_id: str, job_ids: list[int] | None = None,
           timestamp: str | None = None) -> ViewerSessionDto:
    """The seeds' "change index": another job set and/or moment for the session."""
    with committing(db):
        s = _active(db, session_id)
        if job_ids is not None:
            s.job_ids = ",".join(map(str, check_jobs(job_ids)))
        if timestamp is not None:
            s.timestamp = check_timestamp(timestamp)
    return describe(db, session_id)


def set_recording(db: Session, session_id: str, on: bool) -> ViewerSessionDto:
    with committing(db):
        _active(db, session_id).recording = bool(on)
    return describe(db, session_id)


def stop(db: Session, session_id: str) -> ViewerSessionDto:
    """The session no longer answers or records; its missing-URL list stays readable."""
    with committing(db):
        s = get(db, session_id)
        s.state, s.recording = STOPPED, False
    return describe(db, session_id)


def authenticate(db: Session, session_id: str, token: str) -> ActiveSession | None:
    """The active session the browser's proxy credentials name, or None."""
    s = active_view(db, session_id)
    return s if s is not None and s.token_matches(token) else None


def active_view(db: Session, session_id: str) -> ActiveSession | None:
    """What the proxy keeps of an active session (:class:`server.viewerproxy.caches.SessionCache`),
    or None when there is no such session or it was stopped."""
    s = db.get(ViewerSession, session_id) if isinstance(session_id, str) else None
    if s is None or s.state != ACTIVE:
        return None
    return ActiveSession(s.id, s.token_hash, tuple(job_list(s)), s.timestamp, bool(s.recording))


# --- missing URLs ------------------------------------------------------------------------------

def record_missing(db: Session, session_id: str, url: str, kind: str, referrer: str,
                   now: dt.datetime | None = None) -> None:
    """Count one request for ``url`` the archive could not answer (first time: a new row)."""
    now = now or dt.datetime.now(dt.UTC)
    key = _hash(url)
    kind = kind if kind in KINDS else "other"
    for _attempt in range(3):
        try:
            with committing(db):
                done = db.execute(update(MissingUrl)
                                  .where(MissingUrl.session_id == session_id, MissingUrl.url_hash == key)
                                  .values(count=MissingUrl.count + 1, last_seen=now)).rowcount
                if not done:
                    db.add(MissingUrl(session_id=session_id, url_hash=key, url=url, kind=kind,
                                      referrer=(referrer or "")[:4000], first_seen=now, last_seen=now, count=1))
            return
        except IntegrityError:
            continue    # another thread inserted the same URL first: count on its row


def missing(db: Session, session_id: str, offset: int = 0, limit: int = 100) -> Page[MissingUrlDto]:
    get(db, session_id)
    offset, limit = check_paging(offset, limit, 10_000)
    stmt = (select(MissingUrl).where(MissingUrl.session_id == session_id)
            .order_by(MissingUrl.first_seen, MissingUrl.id))
    return page(db, stmt, offset, limit,
                lambda m: MissingUrlDto(m.url, m.kind, m.referrer, m.first_seen, m.last_seen, m.count))


def missing_urls(db: Session, session_id: str, urls: list[str] | None = None) -> list[str]:
    """The session's missing URLs (all, or those of ``urls`` that are in its list). Raises
    ViewerSessionNotFound."""
    get(db, session_id)
    rows = db.execute(select(MissingUrl.url).where(MissingUrl.session_id == session_id)
                      .order_by(MissingUrl.first_seen, MissingUrl.id)).scalars().all()
    if urls is None:
        return list(rows)
    wanted = set(urls)
    return [u for u in rows if u in wanted]


def clear_missing(db: Session, session_id: str) -> int:
    with committing(db):
        get(db, session_id)
        return db.execute(delete(MissingUrl).where(MissingUrl.session_id == session_id)).rowcount
