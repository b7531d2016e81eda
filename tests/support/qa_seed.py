"""QA results for desktop tests, written through the qa service's own core (``server.qa.runs``)
into the database a real qa service process reads, as its runner records a checked page: a test's
set-up, not a stand-in for the RPCs the desktop calls."""
from __future__ import annotations

import dataclasses

from sqlalchemy.orm import Session


@dataclasses.dataclass
class SeedPage:
    url: str
    source: str = "seed"
    timestamp: str = "20260101000000"
    title: str = ""
    score: float = 1.0
    visual: float | None = None
    text: float | None = None
    requested: int = 5
    missing_urls: list[str] = dataclasses.field(default_factory=list)
    errors: list[str] = dataclasses.field(default_factory=list)
    load_state: str = "loaded"
    crawl_png: bytes | None = None
    replay_png: bytes | None = None


def png(color: str, width: int = 320, height: int = 240) -> bytes:
    """A PNG of one colour (made by Qt: the desktop's tests have it)."""
    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QColor, QImage

    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(color))
    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    return bytes(buf.data())


def seed_run(db_url: str, job_id: int, pages: list[SeedPage], finish: bool = True) -> int:
    """A run of ``job_id`` that checked ``pages`` (done, unless ``finish`` is False: then it
    stays running); answers its id."""
    from server.db.engine import make_engine
    from server.qa import runs

    engine = make_engine(db_url)
    try:
        with Session(engine) as db:
            run = runs.create(db, job_id, "qa-tester", len(pages), 0.9)
            runs.start(db, run.run_id)
            runs.plan(db, run.run_id, [(p.url, p.source, p.timestamp) for p in pages])
            by_url = {p.url: p for p in pages}
            for row in runs.pending(db, run.run_id):
                p = by_url[row.url]
                runs.record(db, row.id, runs.PageOutcome(
                    title=p.title, score=p.score, visual_score=p.visual, text_score=p.text, requested=p.requested,
                    missing_urls=list(p.missing_urls), errors=list(p.errors), load_state=p.load_state,
                    crawl_view=p.crawl_png, replay_view=p.replay_png))
            if finish:
                runs.finish(db, run.run_id)
            return run.run_id
    finally:
        engine.dispose()


def queue_run(db_url: str, job_id: int) -> int:
    """A queued run of ``job_id``, as ``qa.run`` makes one (without waking the worker)."""
    from server.db.engine import make_engine
    from server.qa import runs

    engine = make_engine(db_url)
    try:
        with Session(engine) as db:
            return runs.create(db, job_id, "qa-tester", 10, 0.9).run_id
    finally:
        engine.dispose()
