"""Full-text indexes per job in the index cache, and searches over a job set.

A job's index is the entry ``text/<job>/<signature>/`` (its engine's files and manifest.json),
the signature a digest of the names and checksums of the job's files in the archive: the job's
WARCs are fetched, read and indexed once (builder.py) and not again while they are the same. A
job set is searched by asking each job's newest index and merging the answers (engine.merge);
nothing is built per set, so a new job only adds its own index. New indexes are built by the
engine the ``engine`` argument names (the setting ``index.fulltext.engine``); each index is read
by the engine that wrote it (engines.py).

:func:`search` is the plain function behind the ``search`` RPC, ``nas search`` and whatever
else wants captures by their words (an export of a result set, for one).
"""
from __future__ import annotations

import contextlib
import hashlib
import logging
import os
from collections.abc import Callable, Iterator

from server.index.entries import Entry
from server.index.fulltext import builder, engines
from server.index.fulltext.engine import SORTS, Page, merge
from server.index.fulltext.query import parse
from server.index.jobdata import SourceFile
from shared.dto.index import (
    FacetDto,
    FacetValueDto,
    MissingJobDto,
    SearchHitDto,
    SearchRequestDto,
    SearchResultDto,
)
from shared.errors import ERRORS_BY_CODE, IndexNotReady, InvalidInput, NasError, NoIndexData

log = logging.getLogger(__name__)

MAX_PAGE_SIZE = 100
MAX_DEPTH = 1000          # hits beyond this rank are not paged to (as web search engines do)
MAX_JOBS = 10_000


def signature(files: list[SourceFile]) -> str:
    lines = (f"{f.name}:{f.checksum or '?'}:{f.size if f.size is not None else '?'}"
             for f in sorted(files, key=lambda f: f.name))
    text = f"text {builder.FORMAT}\n" + "\n".join(lines)
    return hashlib.sha1(text.encode()).hexdigest()[:16]  # noqa: S324 - a cache key


class TextIndexes:
    """The ``text/`` part of an index cache (``cache``: server.index.cache.IndexCache)."""

    def __init__(self, cache, max_text: int = 1_000_000, seconds: float = 10.0, engine: str = engines.DEFAULT):
        self.cache = cache
        self.engine = engines.check(engine)     # of the indexes built from now on
        self.root = os.path.join(cache.root, "text")
        self.max_text = max_text
        self.seconds = seconds
        #: job → (code, reason) of its last failed build: said to searchers until a build succeeds
        self.failed: dict[int, tuple[str, str]] = {}

    # -- finding ------------------------------------------------------------------------------
    def ready(self, job_id: int) -> Entry | None:
        """The job's newest complete full-text index, if any."""
        folder = os.path.join(self.root, str(job_id))
        try:
            names = os.listdir(folder)
        except FileNotFoundError:
            return None
        entries = [Entry(os.path.join(folder, n)) for n in names if "." not in n]
        done = [e for e in entries if e.exists()]
        return max(done, key=lambda e: os.path.getmtime(e.manifest_path)) if done else None

    def jobs(self) -> list[int]:
        """Every job with a full-text index."""
        try:
            names = os.listdir(self.root)
        except FileNotFoundError:
            return []
        return sorted(int(n) for n in names if n.isdigit() and self.ready(int(n)) is not None)

    # -- building -----------------------------------------------------------------------------
    def build(self, job_id: int, _seen: frozenset[int] = frozenset()) -> Entry:
        """The job's full-text index, built first when its files changed or it has none.
        Raises NoIndexData (no WARC in the archive), and what fetching raises (Unavailable,
        ChecksumMismatch, ArchiveFileNotFound, InvalidWarc)."""
        try:
            entry = self._build(job_id, _seen)
        except NasError as exc:
            self.failed[job_id] = (exc.code, exc.message)
            raise
        self.failed.pop(job_id, None)
        return entry

    def _build(self, job_id: int, _seen: frozenset[int]) -> Entry:
        from server.index.cache import METADATA_FILE

        files = self.cache.source.job_files([job_id]).get(job_id, [])
        content = [f for f in files if (m := builder.CONTENT_FILE.match(f.name)) and int(m["job"]) == job_id]
        if not content:
            raise NoIndexData(f"job {job_id} has no WARC files in the archive", {"job_id": job_id})
        meta = [f for f in files if (m := METADATA_FILE.match(f.name)) and int(m["job"]) == job_id]
        entry = Entry(os.path.join(self.root, str(job_id), signature(files)))
        if not entry.exists():
            self.cache.coalescer.run(("text", entry.path), lambda: entry.build(
                lambda tmp: self._make(job_id, content, meta, tmp, _seen | {job_id})))
        entry.touch()
        return entry

    def _make(self, job_id: int, content: list[SourceFile], meta: list[SourceFile], tmp: str,
              seen: frozenset[int]) -> dict:
        captures = None
        holds = []
        if meta:
            try:   # the crawl.log names each revisit's original: without it revisits have no text
                data = self.cache.jobs.get(job_id, meta)
                holds.append(Entry(data.path).using())
                captures = data.captures
            except NasError as exc:
                log.warning("job %d: its revisits are indexed without their originals' text: %s", job_id, exc.message)
        with contextlib.ExitStack() as stack:
            for h in holds:
                stack.enter_context(h)
            originals: dict[int, str] = {}
            for job in sorted({j for v in builder.revisit_originals(captures).values()
                               if (j := builder.job_of(v)) is not None and j != job_id and j not in seen}):
                try:
                    e = self.build(job, seen)
                    stack.enter_context(e.using())
                    originals[job] = e.path
                except NasError as exc:
                    log.warning("job %d: revisits of job %d's captures get no text: %s", job_id, job, exc.message)
            paths = []
            for f in content:
                dest = os.path.join(tmp, f.name)
                self.cache.source.fetch(f, dest)
                paths.append(dest)
            return self.cache.run(builder.build_job, tmp, job_id, paths, captures, originals, self.max_text,
                                  self.seconds, self.engine)

    # -- searching ----------------------------------------------------------------------------
    def search(self, request: SearchRequestDto, start_build: Callable[[int], None] | None = None) -> SearchResultDto:
        """:func:`search` over this cache; jobs without an index get ``start_build(job)``."""
        return search(self, request, start_build)


def check_request(request: SearchRequestDto) -> SearchRequestDto:
    if request.sort not in SORTS:
        raise InvalidInput(f"sort is one of {', '.join(SORTS)}, not {request.sort!r}", {"sort": request.sort})
    if not isinstance(request.page, int) or request.page < 1:
        raise InvalidInput("page counts from 1", {"page": request.page})
    if not isinstance(request.page_size, int) or not 1 <= request.page_size <= MAX_PAGE_SIZE:
        raise InvalidInput(f"page_size is 1 to {MAX_PAGE_SIZE}", {"page_size": request.page_size})
    if request.page * request.page_size > MAX_DEPTH + request.page_size:
        raise InvalidInput(f"results are paged up to rank {MAX_DEPTH}: narrow the search", {"page": request.page})
    if len(request.job_ids or []) > MAX_JOBS:
        raise InvalidInput(f"at most {MAX_JOBS} jobs at once", {"jobs": len(request.job_ids)})
    return request


def search(indexes: TextIndexes, request: SearchRequestDto,
           start_build: Callable[[int], None] | None = None) -> SearchResultDto:
    """One page of captures matching ``request.query`` in the jobs ``request.job_ids`` (none:
    every job with a full-text index), with facets. Jobs whose index is not built are listed as
    missing (``building`` after ``start_build`` was asked to make it). Raises InvalidInput (bad
    query or paging), IndexNotReady (no job of the set has an index yet)."""
    check_request(request)
    query = parse(request.query)
    ids = sorted(set(request.job_ids)) if request.job_ids else indexes.jobs()
    missing: list[MissingJobDto] = []
    ready: list[tuple[int, Entry]] = []
    for job in ids:
        e = indexes.ready(job)
        if e is None:
            if start_build is not None:
                start_build(job)
            if job in indexes.failed:
                code, reason = indexes.failed[job]
                missing.append(MissingJobDto(job, code, f"{reason} (tried again)"))
            else:
                missing.append(MissingJobDto(job, "building",
                                             f"job {job}: its full-text index is being made: ask again"))
        else:
            ready.append((job, e))
    if not ready:
        if not ids:
            raise IndexNotReady("no job has a full-text index yet (they are made with each job's CDX index)",
                                {"state": "none"})
        failures = {m.code for m in missing if m.code != "building"}
        if len(failures) == 1 and all(m.code != "building" for m in missing):
            # every job failed for one reason (no WARCs, an archive that does not answer): say it
            cls = ERRORS_BY_CODE.get(failures.pop(), NoIndexData)
            raise cls("; ".join(m.reason for m in missing[:5]), {"missing": [m.to_dict() for m in missing[:100]]})
        raise IndexNotReady(f"the full-text index of {'job' if len(ids) == 1 else 'jobs'} "
                            f"{', '.join(map(str, ids[:10]))} is being made: ask again",
                            {"job_ids": ids[:100], "state": "building"})
    offset = (request.page - 1) * request.page_size
    pages: list[Page] = []
    covered = []
    for job, e in ready:
        try:
            with e.using():
                ix = engines.open_reader(e.path)
                try:
                    page = ix.search(query, sort=request.sort, offset=0, limit=offset + request.page_size)
                    if request.facets:
                        page.facets = ix.facets(query)
                finally:
                    ix.close()
        except FileNotFoundError:   # evicted since it was found
            missing.append(MissingJobDto(job, "evicted", f"job {job}: its full-text index was evicted: ask again"))
            if start_build is not None:
                start_build(job)
            continue
        pages.append(page)
        covered.append(job)
        e.touch()
    merged = merge(pages, request.sort, offset, request.page_size)
    hits = [SearchHitDto(h.url, h.timestamp, h.title, h.snippet, h.mime, h.status, h.job, h.harvest, h.host,
                         *_where(h.record), revisit_of=h.revisit_of, score=round(h.score, 4)) for h in merged.hits]
    facets = [FacetDto(name, [FacetValueDto(v, n) for v, n in merged.facets.get(name, [])])
              for name in ("domain", "year", "mime") if request.facets]
    return SearchResultDto(request.query, request.sort, request.page, request.page_size, merged.total, hits, facets,
                           covered, sorted(missing, key=lambda m: m.job_id))


def matching_captures(indexes: TextIndexes, query_text: str, job_ids: list[int]) -> Iterator[SearchHitDto]:
    """Every capture of ``job_ids`` matching the query, job by job, oldest first (no paging
    limit, no snippets): for exporting a result set (a URL list, a WACZ). Raises InvalidInput,
    IndexNotReady naming the jobs whose full-text index is not made (an export is never partial
    without saying so)."""
    query = parse(query_text)
    ids = sorted(set(job_ids)) if job_ids else indexes.jobs()
    entries = [(job, indexes.ready(job)) for job in ids]
    lacking = [job for job, e in entries if e is None]
    if lacking:
        raise IndexNotReady(f"no full-text index yet for jobs {', '.join(map(str, lacking[:10]))}",
                            {"job_ids": lacking[:100], "state": "building"})
    for _job, e in entries:
        with e.using():
            ix = engines.open_reader(e.path)
            try:
                for h in ix.matches(query):
                    yield SearchHitDto(h.url, h.timestamp, h.title, "", h.mime, h.status, h.job, h.harvest, h.host,
                                       *_where(h.record), revisit_of=h.revisit_of)
            finally:
                ix.close()


def _where(record: str) -> tuple[str, int | None]:
    name, _, offset = record.rpartition(":")
    return (name, int(offset)) if offset.isdigit() else (record, None)
