"""Working one QA run: plan its page list (once), open a viewer session over its jobs (recording
on, as the qa service's own login), render each page not checked yet from the archive in
Chromium through the viewerproxy, compare it with the crawl-time view and text, and write each
page's result as soon as it is scored. Cancelling is seen before each page; a run whose service
stops is resumed at its next start from the pages still unchecked.

Chromium is driven by the engine's renderer in an OS process of its own
(server/qa/render_process.py); this green thread only waits for each page's result on a green
pipe, so the service's other workers and its heartbeat go on meanwhile. ``qa.tabs`` pages are
in the renderer at once (sent ahead, their results taken in order). The comparison works on
downscaled pictures (milliseconds a page) and runs here.
"""
from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from server.qa import compare, results, runs
from server.qa.pages import PageRef, select_pages
from server.qa.render import INDEX_WAIT_S, Rendered, ReplayTarget
from server.qa.render_process import RenderProcess
from server.qa.sources import Sources
from shared.errors import NasError, Unavailable

log = logging.getLogger(__name__)

MAX_ERRORS = 20
MAX_MISSING = 500


@dataclass(frozen=True)
class RunLimits:
    """The qa.* settings a run works under."""

    tabs: int
    page_seconds: float
    max_pages: int
    thumbnail_width: int
    thumbnail_max_bytes: int
    chromium: str

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> RunLimits:
        return cls(settings["qa.tabs"], settings["qa.page_seconds"], settings["qa.max_pages"],
                   settings["qa.thumbnail_width"], settings["qa.thumbnail_max_bytes"], settings["qa.chromium"])


def plan_pages(sources: Sources, db: Session, run: runs.QaRun, limits: RunLimits) -> list[tuple[str, str, str]]:
    """The run's page list: for a full run the job's seeds, browser-rendered pages and a sample of
    other HTML captures (deterministic per job); for a recheck the pages of the job that missed
    something."""
    if run.kind == "recheck":
        return results.pages_of_job(db, run.job_id, list(results.missing_of_job(db, run.job_id)))[:limits.max_pages]
    job = sources.finished_job(run.job_id)
    index = sources.job_index(run.job_id)
    chosen = select_pages(sources.metadata_pages(run.job_id), job.seeds, index.captures, run.sample, run.job_id)
    return [(p.url, p.source, p.timestamp) for p in chosen[:limits.max_pages]]


def score(rendered: Rendered, crawl_png: bytes | None, crawl_text: str | None, limits: RunLimits) -> runs.PageOutcome:
    """One rendered page as the result kept: its scores, what was missing, bounded thumbnails."""
    visual = _safe(lambda: compare.visual_score(crawl_png, rendered.screenshot_png or None)) if crawl_png else None
    text = compare.text_score(crawl_text, rendered.text) if crawl_text is not None else None
    missing = list(dict.fromkeys(rendered.missing))
    value = compare.page_score(rendered.requested, missing, visual, text, rendered.load_state,
                               page_missing=rendered.page_missing)
    errors = [f"{url}: {reason}" for url, reason in rendered.failed if url not in set(missing)]
    errors += rendered.console_errors
    return runs.PageOutcome(
        title=rendered.title, score=value, visual_score=None if visual is None else round(visual, 4),
        text_score=None if text is None else round(text, 4), requested=len(set(rendered.requested)),
        missing_urls=missing[:MAX_MISSING], errors=[e[:1000] for e in errors[:MAX_ERRORS]],
        load_state=rendered.load_state, crawl_view=_thumb(crawl_png, limits),
        replay_view=_thumb(rendered.screenshot_png, limits))


def _safe(f: Callable[[], float | None]) -> float | None:
    try:
        return f()
    except ValueError:   # a picture that is no picture (compare.ImageError) has no score
        return None


def _thumb(png: bytes | None, limits: RunLimits) -> bytes | None:
    """A thumbnail kept only when it is no larger than qa.thumbnail_max_bytes."""
    if not png:
        return None
    try:
        small = compare.thumbnail(png, limits.thumbnail_width)
    except ValueError:
        return None
    return small if len(small) <= limits.thumbnail_max_bytes else None


class Runner:
    """Works runs; ``open_session(job_ids)`` gives (ReplayTarget, stop) for a viewer session over
    the jobs, ``notify(run)`` is told of every run that ends below its threshold."""

    def __init__(self, sessionmaker: Callable[[], Session], sources: Sources, limits: RunLimits,
                 open_session: Callable[[list[int]], tuple[ReplayTarget, Callable[[], None]]],
                 notify: Callable[[Any], None] = lambda dto: None,
                 renderer: Callable[..., Any] = RenderProcess):
        self.sessionmaker = sessionmaker
        self.sources = sources
        self.limits = limits
        self.open_session = open_session
        self.notify = notify
        self.renderer = renderer
        self.active: Any = None     # the renderer of the run being worked (ended when the service stops)
        self.stopping = False       # the service stops: the run stays running, to be resumed

    def work(self, run_id: int) -> None:
        """Work one run to its end (done, failed, cancelled); a failure is kept in the run. When
        the service stops meanwhile (``stopping``), the run stays running, to be resumed."""
        with self.sessionmaker() as db:
            if not runs.start(db, run_id):
                return
            try:
                self._work(db, run_id)
                if self.stopping:
                    return
                dto = runs.finish(db, run_id)
            except Exception as exc:  # noqa: BLE001 - the run fails, the worker goes on with the next
                if self.stopping:      # its renderer was ended under it
                    log.info("QA run %s left running: the service stops", run_id)
                    return
                if isinstance(exc, NasError):
                    log.warning("QA run %s failed: %s", run_id, exc)
                    dto = runs.finish(db, run_id, f"{exc.code}: {exc.message}")
                else:
                    log.exception("QA run %s failed", run_id)
                    dto = runs.finish(db, run_id, f"{exc.__class__.__name__}: {exc}")
            if dto.below_threshold and not runs.get(db, run_id).notified:
                self.notify(dto)
                runs.mark_notified(db, run_id)

    def _work(self, db: Session, run_id: int) -> None:
        run = runs.get(db, run_id)
        if not run.planned:
            runs.plan(db, run_id, plan_pages(self.sources, db, run, self.limits))
        todo = runs.pending(db, run_id)
        if not todo:
            return
        # the crawl-time views are the original job's; a recheck replays it with its patch job
        index = self.sources.job_index(run.job_id)
        job_ids = [run.job_id] + ([run.patch_job_id] if run.patch_job_id else [])
        target, stop_session = self.open_session(job_ids)
        try:
            renderer = self.active = self.renderer(target, tabs=self.limits.tabs,
                                                   page_seconds=self.limits.page_seconds,
                                                   executable=self.limits.chromium)
            renderer.start()
            try:
                rows, in_flight, cancelled = iter(todo), deque(), False
                while True:
                    # keep qa.tabs pages in the renderer; cancelling and stopping are seen before
                    # each page is sent (the pages already sent are scored and kept)
                    while len(in_flight) < self.limits.tabs and not self.stopping and not cancelled:
                        cancelled = runs.is_cancelled(db, run_id)
                        row = None if cancelled else next(rows, None)
                        if row is None:
                            break
                        renderer.send(PageRef(row.url, row.source, row.timestamp))
                        in_flight.append(row)
                    if self.stopping:
                        return
                    if not in_flight:
                        break
                    row = in_flight.popleft()
                    rendered = renderer.receive()
                    if rendered.index_building:   # not the page's answer: nothing to score (the run can be run again)
                        raise Unavailable(f"the viewerproxy was still building the index of jobs {job_ids} "
                                          f"after {INDEX_WAIT_S:.0f} s; run QA of job {run.job_id} again later",
                                          {"job_ids": job_ids})
                    crawl_png = self.sources.record_payload(index.views[row.url]) if row.url in index.views else None
                    raw_text = self.sources.record_payload(index.texts[row.url]) if row.url in index.texts else None
                    crawl_text = raw_text.decode("utf-8", "replace") if raw_text is not None else None
                    outcome = score(rendered, crawl_png, crawl_text, self.limits)
                    runs.record(db, row.id, outcome)
                if cancelled:
                    log.info("QA run %s cancelled; %d pages were left", run_id, len(runs.pending(db, run_id)))
            finally:
                self.active = None
                renderer.close()
        finally:
            stop_session()
