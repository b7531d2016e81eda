"""The ``qa`` Nameko service (issue #30; docs/qa.md, docs/decisions/qa-review.md): QA runs of
jobs, the latest result per page, reviewers' verdicts, and patch jobs.

Thin on purpose: each RPC translates to the plain modules beside it (``runs``, ``results``,
``patching``); the runs themselves are worked by ``runner`` in a thread of this service, one at a
time per instance.
"""
from __future__ import annotations

import logging

from server.db.provider import DatabaseSession
from server.qa import patching, results
from server.qa import runs as core
from server.qa.worker import QaWorker
from server.runtime.notify import Notifications
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.dto import Page
from shared.dto.qa import QaPageDto, QaPatchDto, QaRunDto, QaSummaryDto
from shared.errors import InvalidInput
from shared.roles import QA, READ

log = logging.getLogger(__name__)

def _job_id(value: object, name: str = "job_id") -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidInput(f"{name} is a job number (a whole number ≥ 1), not {value!r}", {name: value})
    return value


class QaService(NasService):
    name = "qa"

    db = DatabaseSession("qa", "server.qa.migrations")
    qa = QaWorker()
    notify = Notifications()   # QA_INCOMPLETE (the worker finds it on the container)

    @rpc(roles=QA, audit=True)
    def run(self, job_id: int, sample: int | None = None) -> QaRunDto:
        """Queue a QA run of a finished job: its seeds, browser-rendered pages and a sample of
        ``sample`` other HTML pages (default: the harvest definition's qa.sample, else the
        qa.sample setting) are rendered from the archive and scored. Runs go one at a time per
        instance, oldest first. Raises JobNotFound, QaJobNotDone, InvalidInput, Unavailable (the
        scheduler cannot say)."""
        job_id = _job_id(job_id)
        if sample is not None and (not isinstance(sample, int) or isinstance(sample, bool) or sample < 0):
            raise InvalidInput(f"sample is a number of pages ≥ 0, not {sample!r}", {"sample": sample})
        job = self.qa.sources().finished_job(job_id)
        options = self.qa.sources().qa_options(job.harvest)
        dto = core.create(self.db, job_id, self.caller.subject, options.sample if sample is None else sample,
                          options.threshold)
        self.qa.wake()
        return dto

    @rpc(roles=QA, audit=True)
    def cancel(self, run_id: int) -> QaRunDto:
        """Cancel a queued or running QA run; a running one stops before its next page (the
        pages checked stay). Raises QaRunNotFound, IllegalTransition (the run has ended)."""
        dto = core.cancel(self.db, run_id)
        self.qa.wake()
        return dto

    @rpc(roles=READ)
    def get_run(self, run_id: int) -> QaRunDto:
        """One QA run with its figures so far. Raises QaRunNotFound, InvalidInput."""
        return core.describe(self.db, run_id)

    @rpc(roles=READ)
    def list_runs(self, job_id: int | None = None, offset: int = 0, limit: int = 50) -> Page[QaRunDto]:
        """QA runs, newest first, of one job or of all. Raises InvalidInput."""
        return core.list_runs(self.db, None if job_id is None else _job_id(job_id), offset, limit)

    @rpc(roles=READ)
    def summary(self, job_id: int) -> QaSummaryDto:
        """The job's QA at a glance: last run, pages checked and complete, the share complete and
        mean score, the 10 worst pages and the verdicts given (empty figures before any run).
        Raises InvalidInput."""
        return results.summary(self.db, _job_id(job_id))

    @rpc(roles=READ)
    def pages(self, job_id: int, offset: int = 0, limit: int = 100, order: str = "score") -> Page[QaPageDto]:
        """The latest result of each checked page of the job, worst first (``score``), by ``url``
        or by ``source`` (seeds, browser pages, sample). Raises InvalidInput."""
        return results.pages(self.db, _job_id(job_id), offset, limit, order)

    @rpc(roles=READ)
    def view(self, job_id: int, url: str, which: str) -> str:
        """The page's thumbnail at crawl time (``crawl``) or as replayed (``replay``): base64 PNG,
        "" when there is none. Raises QaPageNotFound, InvalidInput."""
        return results.view(self.db, _job_id(job_id), _url(url), which)

    @rpc(roles=QA, audit=True)
    def patch(self, job_id: int) -> QaPatchDto:
        """Harvest the URLs QA found missing from the job as a patch job: a follow-up job of the
        same harvest with exactly those URLs as seeds. When it is done, a recheck run replays the
        pages that missed something over both jobs, and their scores update. Raises
        QaNothingMissing, JobNotFound, QaJobNotDone, Unavailable, the scheduler's errors."""
        return patching.patch(self.db, self.qa.sources(), _job_id(job_id), self.caller.subject)

    @rpc(roles=QA, audit=True)
    def set_verdict(self, job_id: int, url: str, verdict: str, note: str = "") -> QaPageDto:
        """A reviewer's verdict (ok, acceptable, broken) and note on a checked page of the job; the
        reviewer is the caller. Replaces an earlier verdict. Raises QaPageNotFound, InvalidInput."""
        return results.set_verdict(self.db, _job_id(job_id), _url(url), verdict, note, self.caller.subject)


def _url(value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 8000:
        raise InvalidInput("a page is named by its URL (text, at most 8000 characters)", {"url": str(value)[:200]})
    return value
