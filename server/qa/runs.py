"""QA runs in the QA database: made queued, taken one at a time, their page list planned once,
each page's result written as it is checked, ended done, failed or cancelled.

States and moves (checked on every move, :func:`_move`)::

    queued ──start──▶ running ──finish──▶ done
      │                 │  └────fail────▶ failed
      └──cancel──▶ cancelled ◀──cancel──┘

A running run whose service stopped stays running in the table: the next start of the service
takes it again (:func:`next_to_run` prefers it) and checks only the pages whose rows are still
unfilled, so a restart resumes instead of starting over. Cancelling a running run only marks it;
the runner sees the mark before its next page and stops.

The run's figures (pages checked, complete, mean score) are counted from its page rows, so they
are right at every moment the rows are committed: one commit per checked page.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from server.db.query import check_paging, page
from server.db.transactions import committing
from server.qa.models import QaResult, QaRun
from shared.dto import Page
from shared.dto.qa import QaRunDto
from shared.errors import IllegalTransition, InvalidInput, QaRunNotFound

QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"
FINAL = (DONE, FAILED, CANCELLED)
_MOVES = {
    (QUEUED, RUNNING), (QUEUED, CANCELLED),
    (RUNNING, DONE), (RUNNING, FAILED), (RUNNING, CANCELLED),
}
MAX_LIMIT = 500


def url_hash(url: str) -> str:
    return hashlib.sha256(url.encode("utf-8", "surrogatepass")).hexdigest()


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def complete_clause():
    """A page is complete when it loaded and the archive answered every resource it asked for."""
    return (QaResult.load_state == "loaded") & (QaResult.missing == 0)


def _aware(t: dt.datetime | None) -> dt.datetime | None:
    # SQLite gives naive datetimes back; they were written in UTC
    return t.replace(tzinfo=dt.UTC) if t is not None and t.tzinfo is None else t


@dataclass
class Figures:
    total: int = 0
    checked: int = 0
    complete: int = 0
    mean: float | None = None


def figures(db: Session, run_ids: Sequence[int]) -> dict[int, Figures]:
    """Each run's figures, counted from its page rows in one query."""
    if not run_ids:
        return {}
    checked = QaResult.checked_at.is_not(None)
    rows = db.execute(
        select(QaResult.run_id, func.count(), func.sum(case((checked, 1), else_=0)),
               func.sum(case((checked & complete_clause(), 1), else_=0)), func.avg(QaResult.score))
        .where(QaResult.run_id.in_(list(run_ids))).group_by(QaResult.run_id)).all()
    out = {rid: Figures() for rid in run_ids}
    for rid, total, n_checked, n_complete, mean in rows:
        out[rid] = Figures(int(total), int(n_checked or 0), int(n_complete or 0),
                           None if mean is None else round(float(mean), 4))
    return out


def to_dto(run: QaRun, f: Figures) -> QaRunDto:
    share = round(f.complete / f.checked, 4) if f.checked else None
    return QaRunDto(
        run_id=run.id, job_id=run.job_id, state=run.state, requested_by=run.requested_by,
        created_at=_aware(run.created_at), started_at=_aware(run.started_at), finished_at=_aware(run.finished_at),
        pages_total=f.total, pages_checked=f.checked, pages_complete=f.complete, share_complete=share,
        mean_score=f.mean, threshold=run.threshold,
        below_threshold=share is not None and run.state == DONE and share < run.threshold,
        error=run.error, kind=run.kind, patch_job_id=run.patch_job_id)


def describe(db: Session, run_id: int) -> QaRunDto:
    run = get(db, run_id)
    return to_dto(run, figures(db, [run.id])[run.id])


def get(db: Session, run_id: int) -> QaRun:
    if not isinstance(run_id, int) or isinstance(run_id, bool):
        raise InvalidInput(f"a run id is a whole number, not {run_id!r}", {"run_id": run_id})
    run = db.get(QaRun, run_id)
    if run is None:
        raise QaRunNotFound(f"no QA run {run_id}", {"run_id": run_id})
    return run


def create(db: Session, job_id: int, requested_by: str, sample: int, threshold: float, kind: str = "full",
           patch_job_id: int | None = None) -> QaRunDto:
    """A queued run of ``job_id``."""
    with committing(db):
        run = QaRun(job_id=job_id, kind=kind, state=QUEUED, requested_by=requested_by, created_at=now(),
                    sample=sample, threshold=threshold, patch_job_id=patch_job_id, error="", planned=False,
                    notified=False)
        db.add(run)
        db.flush()
    return to_dto(run, Figures())


def list_runs(db: Session, job_id: int | None, offset: int, limit: int) -> Page[QaRunDto]:
    """Runs, newest first, of one job or of all."""
    offset, limit = check_paging(offset, limit, MAX_LIMIT)
    stmt = select(QaRun)
    if job_id is not None:
        stmt = stmt.where(QaRun.job_id == job_id)
    result = page(db, stmt.order_by(QaRun.id.desc()), offset, limit, lambda r: r)
    f = figures(db, [r.id for r in result.items])
    return Page(items=[to_dto(r, f[r.id]) for r in result.items], total=result.total, offset=offset, limit=limit)


def last_run(db: Session, job_id: int) -> QaRunDto | None:
    run = db.execute(select(QaRun).where(QaRun.job_id == job_id).order_by(QaRun.id.desc()).limit(1)).scalar()
    return None if run is None else to_dto(run, figures(db, [run.id])[run.id])


def _move(run: QaRun, to: str) -> None:
    if (run.state, to) not in _MOVES:
        raise IllegalTransition(f"QA run {run.id} is {run.state}: it cannot become {to}",
                                {"run_id": run.id, "state": run.state, "to": to})
    run.state = to


def cancel(db: Session, run_id: int) -> QaRunDto:
    """Cancel a queued or running run (a running one stops before its next page). Cancelling a
    finished run is IllegalTransition."""
    with committing(db):
        run = get(db, run_id)
        _move(run, CANCELLED)
        run.finished_at = now()
    return describe(db, run_id)


def next_to_run(db: Session) -> QaRun | None:
    """The run to work on: a running one (resumed after a restart) first, else the oldest queued."""
    for state in (RUNNING, QUEUED):
        run = db.execute(select(QaRun).where(QaRun.state == state).order_by(QaRun.id).limit(1)).scalar()
        if run is not None:
            return run
    return None


def start(db: Session, run_id: int) -> bool:
    """Mark the run running (a resumed run already is). False when it was cancelled meanwhile."""
    with committing(db):
        run = get(db, run_id)
        if run.state == RUNNING:
            return True
        if run.state != QUEUED:
            return False
        _move(run, RUNNING)
        run.started_at = now()
    return True


def plan(db: Session, run_id: int, pages: Sequence[tuple[str, str, str]]) -> None:
    """Write the run's page list (url, source, timestamp), once: a resumed run keeps its list.
    A URL listed twice keeps its first place."""
    with committing(db):
        run = get(db, run_id)
        if run.planned:
            return
        seen: set[str] = set()
        for position, (url, source, timestamp) in enumerate(pages):
            h = url_hash(url)
            if h in seen:
                continue
            seen.add(h)
            db.add(QaResult(run_id=run.id, job_id=run.job_id, position=position, url_hash=h, url=url, source=source,
                            timestamp=timestamp or "", title="", requested=0, missing=0, missing_urls="[]",
                            errors="[]", load_state=""))
        run.planned = True


def pending(db: Session, run_id: int) -> list[QaResult]:
    """The run's pages not checked yet, in list order."""
    return list(db.execute(select(QaResult).where(QaResult.run_id == run_id, QaResult.checked_at.is_(None))
                           .order_by(QaResult.position)).scalars())


def is_cancelled(db: Session, run_id: int) -> bool:
    db.expire_all()
    return get(db, run_id).state == CANCELLED


@dataclass
class PageOutcome:
    """What checking one page gave, as the runner hands it to :func:`record`."""

    title: str
    score: float
    visual_score: float | None
    text_score: float | None
    requested: int
    missing_urls: list[str]
    errors: list[str]
    load_state: str
    crawl_view: bytes | None
    replay_view: bytes | None


def record(db: Session, result_id: int, outcome: PageOutcome) -> None:
    """Fill one page row with its result (one commit: the run's figures move at once)."""
    with committing(db):
        row = db.get(QaResult, result_id)
        if row is None:
            return
        row.title = outcome.title[:2000]
        row.score = outcome.score
        row.visual_score = outcome.visual_score
        row.text_score = outcome.text_score
        row.requested = outcome.requested
        row.missing = len(outcome.missing_urls)
        row.missing_urls = json.dumps(outcome.missing_urls)
        row.errors = json.dumps(outcome.errors)
        row.load_state = outcome.load_state
        row.crawl_view = outcome.crawl_view
        row.replay_view = outcome.replay_view
        row.checked_at = now()


def finish(db: Session, run_id: int, error: str = "") -> QaRunDto:
    """End a running run: done, or failed with ``error``. A run cancelled meanwhile stays so."""
    with committing(db):
        run = get(db, run_id)
        if run.state == RUNNING:
            _move(run, FAILED if error else DONE)
            run.error = error[:4000]
            run.finished_at = now()
    return describe(db, run_id)


def mark_notified(db: Session, run_id: int) -> None:
    with committing(db):
        get(db, run_id).notified = True
