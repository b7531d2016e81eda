"""What the bitarchive monitor keeps of a batch run, and how instance results are merged."""
from __future__ import annotations

import dataclasses
import time
from typing import Any

from shared.dto import Dto


@dataclasses.dataclass
class InstanceReply(Dto):
    instance_id: str
    files_processed: int = 0
    files_failed: list[str] = dataclasses.field(default_factory=list)
    exceptions: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    output_url: str | None = None
    output_size: int = 0
    job_failed: bool = False
    seconds: float = 0.0          # how long the instance's runner took


@dataclasses.dataclass
class BatchResult(Dto):
    batch_id: str
    job: str
    replica: str
    state: str                                   # running | done
    started: float
    finished: float | None = None
    expected_instances: list[str] = dataclasses.field(default_factory=list)
    answered_instances: list[str] = dataclasses.field(default_factory=list)
    missing_instances: list[str] = dataclasses.field(default_factory=list)
    incomplete: bool = False
    files_processed: int = 0
    files_failed: int = 0
    failed_files: list[str] = dataclasses.field(default_factory=list)
    exceptions: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    output_url: str | None = None
    output_size: int = 0
    error: str | None = None
    instance_seconds: dict[str, float] = dataclasses.field(default_factory=dict)


def summarise(result: BatchResult, replies: dict[str, InstanceReply], max_exceptions: int = 100) -> BatchResult:
    """Fill counts, exceptions (the first ``max_exceptions``) and the missing instances."""
    result.answered_instances = sorted(replies)
    result.instance_seconds = {iid: r.seconds for iid, r in sorted(replies.items())}
    result.missing_instances = sorted(set(result.expected_instances) - set(replies))
    result.files_processed = sum(r.files_processed for r in replies.values())
    failed = [f for r in replies.values() for f in r.files_failed]
    result.files_failed = len(failed)
    result.failed_files = failed[:max_exceptions]
    exc: list[dict[str, Any]] = []
    for iid in sorted(replies):
        for e in replies[iid].exceptions:
            exc.append({**e, "instance_id": iid})
    result.exceptions = exc[:max_exceptions]
    result.incomplete = bool(result.missing_instances) or any(r.job_failed for r in replies.values())
    result.finished = time.time()
    result.state = "done"
    return result
