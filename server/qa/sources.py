"""What the qa service asks other services, as its own service login (never a person's): the
scheduler for jobs, the definitions service for a harvest's QA options. One class, so the core
and the runner take it as a parameter and a test can hand them a real one over a real broker."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from server.runtime.remote_services import RemoteServices
from shared.dto.jobs import JobDetailsDto
from shared.enums import JobStatus
from shared.errors import NotFound, QaJobNotDone


@dataclass(frozen=True)
class QaOptions:
    """A harvest's QA options (``qa`` of its definition), with the service's settings filling
    what the definition leaves out."""

    auto: bool
    sample: int
    threshold: float


class Sources:
    """Calls to the scheduler and the definitions service."""

    def __init__(self, nameko_config: Mapping[str, Any], settings: Mapping[str, Any]):
        self.calls = RemoteServices(nameko_config, settings["qa.rpc_timeout"])
        self.settings = settings

    def job(self, job_id: int) -> JobDetailsDto:
        """The job in detail. Raises JobNotFound, Unavailable."""
        return self.calls.call("scheduler", "job", job_id)

    def finished_job(self, job_id: int) -> JobDetailsDto:
        """The job, which must be done (QA reads what it archived). Raises JobNotFound,
        QaJobNotDone, Unavailable."""
        job = self.job(job_id)
        if job.status != JobStatus.DONE:
            raise QaJobNotDone(f"job {job_id} is {job.status}: QA checks a job once it is done",
                               {"job_id": job_id, "status": str(job.status)})
        return job

    def qa_options(self, harvest: str) -> QaOptions:
        """The harvest definition's QA options; the settings' defaults for a definition that has
        none (or no longer exists: an imported job's harvest may be gone)."""
        auto, sample, threshold = False, self.settings["qa.sample"], self.settings["qa.threshold"]
        try:
            h = self.calls.call("definitions", "get_harvest", harvest)
        except NotFound:
            return QaOptions(auto, sample, threshold)
        qa = getattr(h, "qa", None)
        if qa is not None:
            auto = bool(qa.auto)
            sample = qa.sample if qa.sample is not None else sample
            threshold = qa.threshold if qa.threshold is not None else threshold
        return QaOptions(auto, sample, threshold)
