"""Building one job's full-text index from its content WARCs (a plain function of paths, run in
the index server's process or in a worker process).

Revisits are indexed last: each takes the text of its original — a record of this job (already
indexed by then) or of an earlier job, whose full-text index the caller has built first and
passes as ``original_dirs`` (job id → index directory). A revisit whose original cannot be found
is indexed with its URL and metadata only, and counted in the manifest.
"""
from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable, Iterator

from server.index.fulltext import engines
from server.index.fulltext.documents import TextDocument, read_warc, with_original
from server.index.fulltext.engine import FullTextIndex
from server.index.fulltext.extract import MAX_TEXT, SECONDS

#: the form of a job's full-text entry: a new form makes every job's index again when asked for
FORMAT = 1
CONTENT_FILE = re.compile(r"^(?P<job>\d+)-(?!metadata-)[^/]*\.w?arc(\.gz)?$")
BATCH = 500


def job_of(filename: str) -> int | None:
    m = re.match(r"(\d+)-", filename)
    return int(m.group(1)) if m else None


def revisit_originals(captures_tsv: str | None) -> dict[str, str]:
    """``file:offset`` of each revisit record → ``file:offset`` of its original, from the job's
    crawl.log ⋈ CDX rows (captures.py): what crawl.log's ``duplicate:`` annotation said."""
    from server.index.captures import F_FILE, F_FLAGS, F_OFFSET, F_ORIG_FILE, F_ORIG_OFFSET

    out: dict[str, str] = {}
    if not captures_tsv or not os.path.exists(captures_tsv):
        return out
    with open(captures_tsv, encoding="utf-8", newline="\n") as fh:
        for line in fh:
            row = line.rstrip("\n").split("\t")
            if len(row) > F_FLAGS and "R" in row[F_FLAGS] and row[F_ORIG_OFFSET] != "-" and row[F_OFFSET] != "-":
                out[f"{row[F_FILE]}:{row[F_OFFSET]}"] = f"{row[F_ORIG_FILE]}:{row[F_ORIG_OFFSET]}"
    return out


def build_job(tmp: str, job_id: int, warcs: list[str], captures_tsv: str | None = None,
              original_dirs: dict[int, str] | None = None, max_text: int = MAX_TEXT,
              seconds: float = SECONDS, engine: str = engines.DEFAULT) -> dict:
    """Index the job's WARC files (paths in ``tmp`` named as in the archive; each is deleted
    once read) into ``tmp`` with ``engine``; returns the manifest."""
    started = time.monotonic()
    originals = revisit_originals(captures_tsv)
    ix = engines.create(tmp, engine)
    revisits: list[TextDocument] = []
    counts = {"documents": 0, "with_text": 0, "revisits": 0, "revisits_without_original": 0, "truncated": 0}

    def documents() -> Iterator[TextDocument]:
        for path in sorted(warcs):
            name = os.path.basename(path)
            try:
                for d in read_warc(path, name, job_id, originals=lambda f, o: originals.get(f"{f}:{o}", ""),
                                   max_text=max_text, seconds=seconds):
                    if d.is_revisit:
                        revisits.append(d)
                        continue
                    counts["with_text"] += bool(d.text)
                    counts["truncated"] += d.truncated
                    yield d
            finally:
                os.unlink(path)

    try:
        for batch in _batches(documents(), BATCH):
            counts["documents"] += ix.add_documents(batch)
        # job ids arrive as text when this runs in a worker process (its arguments travel as JSON)
        dirs = {int(k): v for k, v in (original_dirs or {}).items()}
        resolved = list(_with_originals(revisits, ix, dirs, counts))
        counts["documents"] += ix.add_documents(resolved)
        counts["revisits"] = len(resolved)
        ix.finish()
    finally:
        ix.close()
    size = sum(os.path.getsize(os.path.join(r, f)) for r, _d, fs in os.walk(tmp) for f in fs)
    return {"job_id": job_id, "format": FORMAT, "engine": engine, "entries": counts["documents"], "size": size,
            "warcs": sorted(os.path.basename(w) for w in warcs), "counts": counts,
            "build_seconds": round(time.monotonic() - started, 3)}


def _with_originals(revisits: list[TextDocument], own: FullTextIndex, original_dirs: dict[int, str],
                    counts: dict) -> Iterator[TextDocument]:
    opened: dict[int, FullTextIndex | None] = {}
    try:
        for d in revisits:
            original = None
            if d.revisit_of:
                job = job_of(d.revisit_of)
                if job == d.job:
                    original = own.document(d.revisit_of)
                elif job is not None:
                    if job not in opened:
                        where = original_dirs.get(job)
                        opened[job] = engines.open_reader(where) if where else None
                    if opened[job] is not None:
                        original = opened[job].document(d.revisit_of)
            if original is None:
                counts["revisits_without_original"] += 1
                yield d
            else:
                yield with_original(d, original)
    finally:
        for ix in opened.values():
            if ix is not None:
                ix.close()


def _batches(items: Iterable[TextDocument], n: int) -> Iterator[list[TextDocument]]:
    batch: list[TextDocument] = []
    for item in items:
        batch.append(item)
        if len(batch) >= n:
            yield batch
            batch = []
    if batch:
        yield batch
