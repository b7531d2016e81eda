"""A batch run's failed files read from another replica, as ``get-file`` and ``get-record`` do.

A file a run over replica R could not process (its copy is damaged: a gzip member that does not
inflate, a WARC that ends mid-record) is run again, alone with the other failed files, over the
next bitarchive replica, with the same job and arguments. What that run gives joins the answer
(merged as the job merges instances' outputs), and the copy in R, which failed where another
replica's did not, is reported as damaged (``report_damage``: the arcrepository checks it before
it marks anything). A file that fails everywhere stays failed.

Not for jobs about the copies of one replica (``checksum``, ``filelist``: another replica's
answer would hide what they are asked), nor for user code (its file pattern and merge are not
known here). Runs from the caller's side (``nas batch run``) through the arcrepository's RPCs.
"""
from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from typing import Any

from shared.dto.archive import BatchErrorDto, BatchResultDto
from shared.enums import ReplicaType
from shared.errors import NasError

#: failed files taken to another replica in one run (a longer list of names makes a long regex;
#: past it the rest stays failed and is said so)
MAX_FALLBACK_FILES = 500
POLL = 0.3

#: ``call(method, *args)``: an arcrepository RPC answered as its declared DTO
Call = Callable[..., Any]


@dataclasses.dataclass
class Fallback:
    """What the reruns gave: the outputs to merge (URLs), which failed file each replica
    processed, the files still failed and their exceptions."""

    outputs: list[str] = dataclasses.field(default_factory=list)
    recovered: dict[str, str] = dataclasses.field(default_factory=dict)      # file -> replica
    still_failed: list[str] = dataclasses.field(default_factory=list)
    exceptions: list[BatchErrorDto] = dataclasses.field(default_factory=list)
    notes: list[str] = dataclasses.field(default_factory=list)


def falls_back(job: str | None, source: str | None) -> bool:
    """Whether the failed files of a run of ``job`` may be read from another replica."""
    if source or not job:
        return False
    from server.archive.batch.base import load_job

    try:
        return bool(load_job(job).falls_back)
    except NasError:
        return False


def rerun_failed(call: Call, result: BatchResultDto, job: str, args: dict[str, Any],
                 on_replica: Callable[[str, list[str]], None] | None = None) -> Fallback:
    """Run ``job`` again over the failed files of ``result`` on each other bitarchive replica in
    turn until each was processed somewhere. Raises what the RPCs raise (the first run's answer
    stays as it was then)."""
    out = Fallback()
    failed = list(dict.fromkeys(result.failed_files))
    if result.files_failed > len(failed):
        out.notes.append(f"{result.files_failed - len(failed)} failed file(s) were not named by the run and "
                         "were not tried elsewhere")
    if len(failed) > MAX_FALLBACK_FILES:
        out.notes.append(f"only the first {MAX_FALLBACK_FILES} failed files were tried in another replica")
        out.still_failed = failed[MAX_FALLBACK_FILES:]
        failed = failed[:MAX_FALLBACK_FILES]
    others = [r.id for r in call("replicas") if r.type == ReplicaType.BITARCHIVE and r.id != result.replica]
    for rid in others:
        if not failed:
            break
        if on_replica is not None:
            on_replica(rid, failed)
        regex = "|".join(re.escape(n) for n in failed)
        try:
            again = call("batch", job, rid, regex, args, None)
            while again.running:
                time.sleep(POLL)
                again = call("batch_status", again.batch_id, 5.0)
        except NasError as exc:
            out.notes.append(f"replica {rid}: {exc.code}: {exc.message}")
            continue
        still = set(again.failed_files)
        done = [n for n in failed if n not in still and n not in again.missing_files]
        if done and again.output_url:
            out.outputs.append(again.output_url)
        for name in done:
            out.recovered[name] = rid
            try:       # failed in one replica, read in another: the first copy is damaged
                call("report_damage", name, result.replica, f"batch {result.batch_id}: failed there, read in {rid}")
            except NasError:
                pass
        out.exceptions.extend(e for e in again.exceptions if e.file in still)
        failed = [n for n in failed if n not in out.recovered]
    out.still_failed = failed + out.still_failed
    return out


def merge_outputs(job: str, urls: list[str], dest: Any, args: dict[str, Any], timeout: float) -> None:
    """The runs' outputs (the first run's, then the reruns') merged as the job merges its
    instances' outputs, written to the binary file ``dest``."""
    from server.archive.batch.base import load_job
    from server.archive.remotefile import http_chunks

    parts = []
    try:
        for url in urls:
            part = tempfile.TemporaryFile()
            for chunk in http_chunks(url, timeout):
                part.write(chunk)
            part.seek(0)
            parts.append(part)
        merged = tempfile.TemporaryFile()
        load_job(job).post_process(parts, merged, args)
        merged.seek(0)
        shutil.copyfileobj(merged, dest, 1 << 20)
        merged.close()
    finally:
        for part in parts:
            part.close()
