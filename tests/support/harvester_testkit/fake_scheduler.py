"""A stand-in ``scheduler`` service (a real Nameko service) for harvester tests that are about the
harvester alone, plus helpers to configure and wait for a harvester service."""
from __future__ import annotations

from typing import Any

from waiting import wait_for  # noqa: F401 - re-exported for the harvester tests

from server.runtime.rpc import rpc


class FakeScheduler:
    """``claim_job``/``report_progress``/``report_job`` with the real scheduler's signatures,
    backed by the class-level ``board`` the test fills and reads."""

    name = "scheduler"
    board: dict[str, Any] = {}

    @rpc
    def claim_job(self, channel: str, harvester_id: str) -> dict[str, Any] | None:
        b = self.board
        with b["lock"]:
            b["claims"].append((channel, harvester_id))
            return b["jobs"].pop(0) if b["jobs"] else None

    @rpc
    def report_progress(self, job_id: int, harvester_id: str, progress_report: dict[str, Any]) -> None:
        self.board["progress"].append((job_id, harvester_id, progress_report))
        cancel_when = self.board.get("cancel_when")
        if cancel_when is not None and cancel_when():
            from shared.errors import JobCancelled

            raise JobCancelled(f"job {job_id} was cancelled by a curator", {"job_id": job_id})

    @rpc
    def report_job(self, job_id: int, harvester_id: str, domains: list[dict[str, Any]], harvest_error: str = "",
                   harvest_error_details: str = "", upload_error: str = "", upload_error_details: str = "",
                   failed: bool | None = None, notes: list[str] | None = None) -> dict[str, Any]:
        self.board["reports"][job_id] = {
            "harvester_id": harvester_id, "domains": domains, "harvest_error": harvest_error,
            "harvest_error_details": harvest_error_details, "upload_error": upload_error,
            "upload_error_details": upload_error_details, "failed": failed, "notes": notes or []}
        return {"stored": len(domains)}

    @rpc
    def report_late_uploads(self, job_id: int, harvester_id: str, stored: list[str],
                            still_failing: dict[str, str]) -> dict[str, Any]:
        self.board.setdefault("late", []).append((job_id, harvester_id, list(stored), dict(still_failing)))
        return {"job_id": job_id}


def harvester_config(nameko_config: dict, tmp_path, replicas: dict[str, str], **harvester: Any) -> dict:
    h = {"channel": "FOCUSED", "work_dir": str(tmp_path / "work"), "min_space_left": 0, "claim_interval": 0.3,
         "poll_interval": 0.1, "status_interval": 1.0, "process_timeout": 10, "stop_timeout": 30,
         "archive": {"kind": "local", "replicas": replicas}}
    h.update(harvester)
    return {**nameko_config, "data_dir": str(tmp_path / "data"), "instance": {"id": "harvester-test"},
            "runtime": {"heartbeat_interval": 0.5}, "harvester": h}
