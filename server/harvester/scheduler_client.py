"""The harvester's three short calls to the ``scheduler`` (each a quick RPC; a harvester never
holds an AMQP message while it crawls): ``claim_job``, ``report_progress``, ``report_job``."""
from __future__ import annotations

import logging
from typing import Any, Protocol

log = logging.getLogger(__name__)

# The crawler's progress line → the scheduler's progress fields.
_PROGRESS = {"uris_done": ("uris_done", int), "queued": ("uris_queued", int), "bytes": ("bytes", int),
             "rate": ("rate", float), "active_hosts": ("active_hosts", int), "status_text": ("status_text", str)}


class Scheduler(Protocol):
    def claim(self, channel: str, harvester_id: str) -> dict[str, Any] | None: ...

    def progress(self, job_id: str, harvester_id: str, progress: dict[str, Any]) -> None: ...

    def report(self, job_id: str, report: dict[str, Any]) -> None: ...

    def late_uploads(self, job_id: int, harvester_id: str, stored: list[str], still_failing: dict[str, str]) -> None:
        ...


def progress_fields(progress: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, (name, kind) in _PROGRESS.items():
        if key in progress and progress[key] is not None:
            try:
                out[name] = kind(progress[key])
            except (TypeError, ValueError):
                continue
    elapsed = progress.get("elapsed")
    if elapsed and "bytes" in out:
        out["bytes_rate"] = round(out["bytes"] / float(elapsed), 1)
    return out


class RpcScheduler:
    def __init__(self, nameko_config: dict[str, Any], timeout: float = 30.0, service: str = "scheduler"):
        from server.runtime.remote_services import RemoteServices

        self.calls = RemoteServices(nameko_config, timeout)
        self.service = service

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        # the runner keeps the claimed job as the wire has it (a dict)
        return self.calls.call_raw(self.service, method, *args, **kwargs)

    def claim(self, channel: str, harvester_id: str) -> dict[str, Any] | None:
        return self._call("claim_job", channel, harvester_id) or None

    def progress(self, job_id: str, harvester_id: str, progress: dict[str, Any]) -> None:
        """Raises IllegalTransition when the job is not running any more (the crawl should stop)."""
        self._call("report_progress", _job_id(job_id), harvester_id, progress_fields(progress))

    def report(self, job_id: str, report: dict[str, Any]) -> None:
        self._call("report_job", _job_id(job_id), report["harvester"], report["domains"],
                   harvest_error=report.get("harvest_error") or "",
                   harvest_error_details=report.get("harvest_error_details") or "",
                   upload_error=report.get("upload_error") or "",
                   upload_error_details=report.get("upload_error_details") or "",
                   failed=report.get("status") == "failed", notes=list(report.get("notes") or []))

    def late_uploads(self, job_id: int, harvester_id: str, stored: list[str], still_failing: dict[str, str]) -> None:
        """Files of a reported job stored later, and those still waiting (#20 item 4)."""
        self._call("report_late_uploads", job_id, harvester_id, stored, still_failing)


def _job_id(job_id: str) -> int | str:
    return int(job_id) if str(job_id).isdigit() else job_id
