"""What QA knows of a job's pages: the latest result of each page over every run of the job (a
recheck run's results replace the older ones of the pages it checked), the thumbnails, reviewers'
verdicts, and the job's summary."""
from __future__ import annotations

import base64
import datetime as dt
import json

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session, defer

from server.db.query import check_paging
from server.db.transactions import committing
from server.qa import runs
from server.qa.models import QaResult, QaVerdict
from shared.dto import Page
from shared.dto.qa import PAGE_ORDERS, VERDICTS, VIEWS, QaPageDto, QaSummaryDto
from shared.errors import InvalidInput, QaPageNotFound

MAX_LIMIT = 1000
WORST = 10
MAX_NOTE = 4000
_SOURCE_ORDER = case((QaResult.source == "seed", 0), (QaResult.source == "browser", 1), else_=2)


def _latest_ids(job_id: int):
    """The id of the latest checked result of each page of the job."""
    return (select(func.max(QaResult.id)).where(QaResult.job_id == job_id, QaResult.checked_at.is_not(None))
            .group_by(QaResult.url_hash))


def _select(job_id: int):
    return (select(QaResult, QaResult.crawl_view.is_not(None), QaResult.replay_view.is_not(None), QaVerdict)
            .options(defer(QaResult.crawl_view), defer(QaResult.replay_view))
            .outerjoin(QaVerdict, (QaVerdict.job_id == QaResult.job_id) & (QaVerdict.url_hash == QaResult.url_hash))
            .where(QaResult.id.in_(_latest_ids(job_id))))


def _to_dto(row: QaResult, has_crawl: bool, has_replay: bool, verdict: QaVerdict | None) -> QaPageDto:
    return QaPageDto(
        job_id=row.job_id, url=row.url, source=row.source, timestamp=row.timestamp, title=row.title,
        score=row.score, visual_score=row.visual_score, text_score=row.text_score, requested=row.requested,
        missing=row.missing, missing_urls=json.loads(row.missing_urls), errors=json.loads(row.errors),
        load_state=row.load_state, checked_at=runs._aware(row.checked_at), run_id=row.run_id,
        has_crawl_view=bool(has_crawl), has_replay_view=bool(has_replay),
        verdict=verdict.verdict if verdict else "", note=verdict.note if verdict else "",
        reviewer=verdict.reviewer if verdict else "",
        reviewed_at=runs._aware(verdict.reviewed_at) if verdict else None)


def pages(db: Session, job_id: int, offset: int = 0, limit: int = 100, order: str = "score") -> Page[QaPageDto]:
    """The latest result of each page of the job: worst score first (``score``), by URL, or seeds,
    browser pages and the sample in turn (``source``)."""
    offset, limit = check_paging(offset, limit, MAX_LIMIT)
    if order not in PAGE_ORDERS:
        raise InvalidInput(f"cannot order pages by {order!r}; choose one of {', '.join(PAGE_ORDERS)}",
                           {"order": order, "choices": list(PAGE_ORDERS)})
    keys = {"score": (QaResult.score.is_(None), QaResult.score, QaResult.url),
            "url": (QaResult.url,),
            "source": (_SOURCE_ORDER, QaResult.url)}[order]
    rows = db.execute(_select(job_id).order_by(*keys, QaResult.id).offset(offset).limit(limit)).all()
    total = db.execute(select(func.count()).select_from(_latest_ids(job_id).subquery())).scalar_one()
    return Page(items=[_to_dto(*r) for r in rows], total=total, offset=offset, limit=limit)


def one(db: Session, job_id: int, url: str) -> QaPageDto:
    row = db.execute(_select(job_id).where(QaResult.url_hash == runs.url_hash(url))).first()
    if row is None:
        raise QaPageNotFound(f"QA has not checked {url} of job {job_id}", {"job_id": job_id, "url": url})
    return _to_dto(*row)


def view(db: Session, job_id: int, url: str, which: str) -> str:
    """The page's crawl-time or replay thumbnail as base64 PNG; "" when there is none."""
    if which not in VIEWS:
        raise InvalidInput(f"a view is one of {', '.join(VIEWS)}, not {which!r}", {"which": which})
    column = QaResult.crawl_view if which == "crawl" else QaResult.replay_view
    latest = _latest_ids(job_id).where(QaResult.url_hash == runs.url_hash(url))
    found = db.execute(select(QaResult.id, column).where(QaResult.id.in_(latest))).first()
    if found is None:
        raise QaPageNotFound(f"QA has not checked {url} of job {job_id}", {"job_id": job_id, "url": url})
    return base64.b64encode(found[1]).decode("ascii") if found[1] else ""


def set_verdict(db: Session, job_id: int, url: str, verdict: str, note: str, reviewer: str) -> QaPageDto:
    """A reviewer's verdict and note on a checked page (replacing an earlier one)."""
    if verdict not in VERDICTS:
        raise InvalidInput(f"a verdict is one of {', '.join(VERDICTS)}, not {verdict!r}",
                           {"verdict": verdict, "choices": list(VERDICTS)})
    note = note or ""
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise InvalidInput(f"a note is text of at most {MAX_NOTE} characters", {"max": MAX_NOTE})
    one(db, job_id, url)   # only a page QA has checked gets a verdict
    h = runs.url_hash(url)
    with committing(db):
        v = db.execute(select(QaVerdict).where(QaVerdict.job_id == job_id, QaVerdict.url_hash == h)).scalar()
        if v is None:
            v = QaVerdict(job_id=job_id, url_hash=h, url=url)
            db.add(v)
        v.verdict, v.note, v.reviewer, v.reviewed_at = verdict, note, reviewer, dt.datetime.now(dt.UTC)
    return one(db, job_id, url)


def summary(db: Session, job_id: int) -> QaSummaryDto:
    """The job's QA at a glance (over the latest result of each page)."""
    latest = select(QaResult).where(QaResult.id.in_(_latest_ids(job_id))).subquery()
    complete = (latest.c.load_state == "loaded") & (latest.c.missing == 0)
    checked, n_complete, mean = db.execute(
        select(func.count(), func.sum(case((complete, 1), else_=0)), func.avg(latest.c.score))).one()
    verdicts = dict(db.execute(select(QaVerdict.verdict, func.count()).where(QaVerdict.job_id == job_id)
                               .group_by(QaVerdict.verdict)).all())
    n_complete = int(n_complete or 0)
    return QaSummaryDto(
        job_id=job_id, last_run=runs.last_run(db, job_id), pages_checked=int(checked), pages_complete=n_complete,
        share_complete=round(n_complete / checked, 4) if checked else None,
        mean_score=None if mean is None else round(float(mean), 4),
        worst=pages(db, job_id, 0, WORST, "score").items if checked else [],
        verdicts={k: int(v) for k, v in verdicts.items()})


def missing_of_job(db: Session, job_id: int) -> dict[str, list[str]]:
    """Page URL → its missing resources, over the latest result of each page that missed any."""
    rows = db.execute(select(QaResult.url, QaResult.missing_urls)
                      .where(QaResult.id.in_(_latest_ids(job_id)), QaResult.missing > 0)
                      .order_by(QaResult.position)).all()
    return {url: json.loads(missing) for url, missing in rows}


def pages_of_job(db: Session, job_id: int, urls: list[str]) -> list[tuple[str, str, str]]:
    """(url, source, timestamp) of these checked pages of the job, for a recheck run's list."""
    hashes = {runs.url_hash(u) for u in urls}
    rows = db.execute(select(QaResult.url, QaResult.source, QaResult.timestamp, QaResult.url_hash)
                      .where(QaResult.id.in_(_latest_ids(job_id))).order_by(QaResult.position)).all()
    return [(u, s, t) for u, s, t, h in rows if h in hashes]
