"""How the instances' answers to a batch run are summed into the replica's result."""
from __future__ import annotations

import time

from shared.dto.archive import BatchErrorDto, BatchResultDto, InstanceReplyDto


def summarise(result: BatchResultDto, replies: dict[str, InstanceReplyDto],
              max_exceptions: int = 100) -> BatchResultDto:
    """Fill counts, exceptions (the first ``max_exceptions``) and the missing instances; the
    result is ``done`` and ``incomplete`` when an expected instance did not answer or the job
    failed in one."""
    result.answered_instances = sorted(replies)
    result.instance_seconds = {iid: r.seconds for iid, r in sorted(replies.items())}
    result.instance_limits = {iid: r.limits for iid, r in sorted(replies.items()) if r.limits}
    result.missing_instances = sorted(set(result.expected_instances) - set(replies))
    result.files_processed = sum(r.files_processed for r in replies.values())
    failed = [f for r in replies.values() for f in r.files_failed]
    result.files_failed = len(failed)
    result.failed_files = failed[:max_exceptions]
    exc: list[BatchErrorDto] = []
    for iid in sorted(replies):
        for e in replies[iid].exceptions:
            exc.append(BatchErrorDto(e.error, e.file, iid, e.traceback))
    result.exceptions = exc[:max_exceptions]
    result.incomplete = bool(result.missing_instances) or any(r.job_failed for r in replies.values())
    result.finished = time.time()
    result.state = "done"
    return result
