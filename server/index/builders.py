"""The CPU work of the index server, as plain functions of paths and settings, so that it can run
in the service's own process (tests, small installations) or in a worker process (worker.py):
reading and sorting one job's data (jobdata.process) and building a set's index from sorted
per-job files, from scratch or derived from a cached index of a subset."""
from __future__ import annotations

import re

from server.index import cdx_index, dedup_index, full_index
from server.index.fulltext.builder import build_job as build_text  # noqa: F401 - the worker's "text" task
from server.index.jobdata import process as process_job  # noqa: F401 - the worker's "job" task
from shared.warc import sorting


def build_set(kind: str, tmp: str, inputs: list[str], base: str | None = None, mime_exclude: str = r"^text/.*",
              limitmb: int = 256, max_segments: int = 8) -> dict:
    """The ``kind`` index of sorted per-job files ``inputs`` (``cdx.cdxj`` for CDX, else
    ``captures.tsv``) in ``tmp``: merged (never re-sorted); with ``base``, that index's content
    plus the inputs (which must be the jobs it lacks)."""
    if kind == "cdx":
        return cdx_index.build(tmp, inputs, base)
    with sorting.merged(inputs) as lines:
        if kind == "dedup":
            exclude = re.compile(mime_exclude)
            if base is not None:
                return dedup_index.derive(tmp, base, lines, exclude, limitmb, max_segments)
            return dedup_index.build(tmp, lines, exclude, limitmb, max_segments)
        return full_index.build(tmp, lines, limitmb, max_segments, base_dir=base)


TASKS = {"job": process_job, "set": build_set, "text": build_text}
