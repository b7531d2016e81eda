"""What the ``qa`` service answers: QA runs of a job (each page of the job rendered from the
archive and compared with what the crawler saw), the latest result per page with a reviewer's
verdict, a job's summary, and a patch job harvesting what the archive lacks (issue #30; the
names are fixed in docs/decisions/qa-review.md)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from shared.dto import Dto, Page

SERVICE = "qa"

#: a run's states: queued → running → done | failed | cancelled (a restart resumes a running run)
RUN_STATES = ("queued", "running", "done", "failed", "cancelled")
#: full: every page of the job's page list; recheck: the pages that missed something, over the
#: job and its patch job
RUN_KINDS = ("full", "recheck")
#: what a reviewer says of a page ("" = nothing yet)
VERDICTS = ("ok", "acceptable", "broken")
#: which thumbnail ``view`` answers
VIEWS = ("crawl", "replay")
#: how ``pages`` sorts (score: worst first)
PAGE_ORDERS = ("score", "url", "source")


@dataclass
class QaRunDto(Dto):
    """One QA run of a job: its state, the figures so far (pages checked, complete, the share
    complete and the mean score) and the threshold it was judged against (``below_threshold``:
    share_complete < threshold, which raises QA_INCOMPLETE). ``kind`` recheck runs over the job
    and its patch job ``patch_job_id``."""

    run_id: int
    job_id: int
    state: str                        # queued | running | done | failed | cancelled
    requested_by: str
    created_at: dt.datetime
    started_at: dt.datetime | None
    finished_at: dt.datetime | None
    pages_total: int
    pages_checked: int
    pages_complete: int
    share_complete: float | None
    mean_score: float | None
    threshold: float
    below_threshold: bool
    error: str = ""
    kind: str = "full"                # full | recheck
    patch_job_id: int | None = None


@dataclass
class QaPageDto(Dto):
    """The latest result of one page of a job: where it came from in the page list (seed,
    browser, sample) and its capture's timestamp, its score (0..1) with the visual and text
    scores beside it (None: no crawl-time view to compare), the resources it requested and those
    the archive did not hold, errors, how loading ended (loaded | timeout | crashed), which
    thumbnails exist, and a reviewer's verdict and note."""

    job_id: int
    url: str
    source: str
    timestamp: str
    title: str
    score: float | None
    visual_score: float | None
    text_score: float | None
    requested: int
    missing: int
    missing_urls: list[str]
    errors: list[str]
    load_state: str
    checked_at: dt.datetime | None
    run_id: int
    has_crawl_view: bool
    has_replay_view: bool
    verdict: str = ""                 # "" | ok | acceptable | broken
    note: str = ""
    reviewer: str = ""
    reviewed_at: dt.datetime | None = None


@dataclass
class QaSummaryDto(Dto):
    """A job's QA at a glance: its last run, the pages checked and complete (latest result per
    page, over every run), the worst pages, and how many pages hold each verdict."""

    job_id: int
    last_run: QaRunDto | None
    pages_checked: int
    pages_complete: int
    share_complete: float | None
    mean_score: float | None
    worst: list[QaPageDto] = field(default_factory=list)
    verdicts: dict[str, int] = field(default_factory=dict)


@dataclass
class QaPatchDto(Dto):
    """A patch job: ``patch_job_id`` of harvest ``harvest`` harvests the ``urls`` missing URLs of
    ``job_id``; a recheck run follows when it is done."""

    job_id: int
    patch_job_id: int
    harvest: str
    urls: int


RETURNS: dict[str, Any] = {
    "run": QaRunDto,
    "cancel": QaRunDto,
    "get_run": QaRunDto,
    "list_runs": Page[QaRunDto],
    "summary": QaSummaryDto,
    "pages": Page[QaPageDto],
    "view": str,
    "set_verdict": QaPageDto,
    "patch": QaPatchDto,
}
