"""The ``index_server`` Nameko service: CDX, deduplication and full crawl-log indexes over job sets.

Thin on purpose: :class:`IndexContext` owns the core (:class:`~server.index.cache.IndexCache`),
a pool of green threads that run builds (never inside an AMQP message: a request returns at once
and is followed with ``index_status``), and an HTTP file server for built indexes. On start it
resumes the requests a stopped server left queued or building.
"""
from __future__ import annotations

import logging
import os
import time

import eventlet
from nameko.extensions import DependencyProvider

from server.archive.fileserver import FileServer, Served
from server.index.archive_source import ArcRepositorySource
from server.index.cache import CacheConfig, IndexCache
from server.index.fulltext.store import TextIndexes
from server.index.job_catalog import SchedulerCatalog
from server.index.names import check_job_ids, check_kind
from server.runtime.instance import Runtime
from server.runtime.offload import offload
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from server.runtime.settings_provider import settings_for
from shared.dto import Page
from shared.dto.index import (
    BUILDING,
    DONE,
    QUEUED,
    CaptureDto,
    IndexLocationDto,
    IndexRequestDto,
    IndexServerStatusDto,
    JobPageDto,
    LookupDto,
    SearchRequestDto,
    SearchResultDto,
)
from shared.errors import IndexNotReady, NasError, Unavailable
from shared.roles import OPERATOR, READ

log = logging.getLogger(__name__)

MAX_WAIT = 10.0


class IndexContext(DependencyProvider):
    """The cache, the build pool and the file server of one index server instance."""

    def setup(self) -> None:
        s = settings_for(self.container)
        config = dict(self.container.config)
        root = s["index.cache_dir"] or os.path.join(s["data_dir"], "index-cache")
        self.cache = IndexCache(CacheConfig(
            root=os.path.abspath(root), budget=s["index.cache.max_bytes"], mime_exclude=s["index.dedup.mime_exclude"],
            chunk_lines=s["index.sort_chunk_lines"], whoosh_limitmb=s["index.whoosh.limitmb"],
            max_segments=s["index.whoosh.max_segments"], lease_seconds=s["index.lease_seconds"],
            open_readers=s["index.open_readers"], workers=s["index.workers"]),
            ArcRepositorySource(config, s["index.rpc_timeout"], s["index.fetch_timeout"], s["index.replica"] or None),
            SchedulerCatalog(config, s["index.rpc_timeout"]))
        self.pool = eventlet.GreenPool(s["index.max_parallel_builds"])
        self.running: set[tuple[str, tuple[int, ...]]] = set()
        self.job_errors: dict[int, NasError] = {}   # job id -> why its data could not be prepared
        self.texts = TextIndexes(self.cache, s["index.fulltext.max_text"], s["index.fulltext.seconds"],
                                 s["index.fulltext.engine"])
        # built indexes hold what the archive holds: only URLs this server signed are answered
        from server.runtime.tokens import installation_key

        self.file_server = FileServer(s["index.http.address"], s["index.http.public_host"],
                                      key=installation_key(s), token_ttl=900.0)
        self.file_server.route("index", self._serve)

    def _serve(self, rest: str, query: dict[str, str]) -> Served | None:
        path = self.cache.entry_for_path(rest)
        return Served(path) if path else None

    def start(self) -> None:
        self.file_server.start()
        for dep in self.container.dependencies:
            if isinstance(dep, Runtime):
                dep.details["http"] = self.file_server.base_url
        pending = self.cache.pending()
        if pending:
            log.info("resuming %d index request(s) left queued or building", len(pending))
        for req in pending:
            self.start_build(req.kind, req.job_ids)

    def start_build(self, kind: str, job_ids: list[int]) -> None:
        key = (kind, tuple(job_ids))
        if key in self.running:
            return
        self.running.add(key)
        self.container.spawn_managed_thread(lambda: self._build(key), identifier=f"index-{kind}")

    def _build(self, key: tuple[str, tuple[int, ...]]) -> None:
        kind, ids = key
        try:
            req = self.pool.spawn(self.cache.build, kind, list(ids)).wait()
            if kind == "cdx" and req.state == DONE:
                # a job's full-text index is made with its CDX index (once per job: kept in the cache)
                for job in req.covered:
                    if self.texts.ready(job) is None:
                        self.start_text(job)
        except Exception:  # noqa: BLE001 - recorded in the request; the service goes on
            log.exception("the %s index of jobs %s could not be built", kind, list(ids)[:10])
        finally:
            self.running.discard(key)

    def start_text(self, job_id: int) -> None:
        """Build the job's full-text index in the background (once, however often asked)."""
        key = ("text", (job_id,))
        if key in self.running:
            return
        self.running.add(key)

        def build() -> None:
            try:
                self.pool.spawn(self.texts.build, job_id).wait()
            except Exception as exc:  # noqa: BLE001 - logged; asking again retries
                log.warning("the full-text index of job %d could not be built: %s", job_id, exc)
            finally:
                self.running.discard(key)

        self.container.spawn_managed_thread(build, identifier="index-text")

    def prepare_job(self, job_id: int) -> None:
        """Fetch and sort the job's data (its page list with it) in the background, once however
        often asked; what went wrong is kept for the next ``job_pages`` to raise."""
        key = ("job", (job_id,))
        if key in self.running:
            return
        self.running.add(key)
        self.job_errors.pop(job_id, None)

        def prepare() -> None:
            try:
                self.pool.spawn(self.cache.job_data, job_id).wait()
            except NasError as exc:
                self.job_errors[job_id] = exc
            except Exception as exc:  # noqa: BLE001 - kept for the caller; asking again retries
                log.exception("the data of job %d could not be prepared", job_id)
                self.job_errors[job_id] = Unavailable(f"job {job_id}: {exc.__class__.__name__}: {exc}",
                                                      {"job_id": job_id})
            finally:
                self.running.discard(key)

        self.container.spawn_managed_thread(prepare, identifier="index-job")

    def wait(self, kind: str, job_ids: list[int], seconds: float) -> IndexRequestDto:
        deadline = time.monotonic() + max(0.0, min(float(seconds or 0), MAX_WAIT))
        while True:
            req = self.cache.status(kind, job_ids)
            if req.state not in (QUEUED, BUILDING) or time.monotonic() >= deadline:
                return req
            eventlet.sleep(0.05)

    def stop(self) -> None:
        self.file_server.stop()
        self.cache.close()

    def get_dependency(self, worker_ctx) -> IndexContext:
        return self


class IndexServerService(NasService):
    name = "index_server"

    index = IndexContext()

    @rpc(roles=READ)
    def request_index(self, kind: str, job_ids: list[int], wait: float = 0.0) -> IndexRequestDto:
        """Ask for the ``kind`` index (``cdx``, ``dedup`` or ``full``) of the jobs ``job_ids``.
        A finished index is answered at once; otherwise it is built in the background (identical
        requests share one build) and the answer says queued or building: follow it with
        ``index_status``. ``wait`` (at most 10 s) waits that long for it to finish first. When
        done, ``covered`` and ``missing`` say which jobs the index holds. Raises InvalidInput
        (kind, empty or malformed ids), JobNotFound (ids the scheduler does not know),
        Unavailable (the scheduler does not answer)."""
        req = self.index.cache.request(kind, job_ids)
        if req.state in (QUEUED, BUILDING):
            self.index.start_build(req.kind, req.job_ids)
        return self.index.wait(req.kind, req.job_ids, wait)

    @rpc(roles=READ)
    def index_status(self, kind: str, job_ids: list[int], wait: float = 0.0) -> IndexRequestDto:
        """The state of the request for this index (queued, building, done, failed), waiting up
        to ``wait`` seconds (at most 10) for it to finish. Raises InvalidInput, IndexNotReady
        (never asked for)."""
        return self.index.wait(check_kind(kind), check_job_ids(job_ids), wait)

    @rpc(roles=READ)
    def get_index(self, kind: str, job_ids: list[int], format: str | None = None) -> IndexLocationDto:  # noqa: A002
        """Where the finished index of this request can be read: a local ``path`` (on ``host``)
        and an HTTP ``url`` (Range requests allowed), its size and MD5; it stays in the cache at
        least until ``expires_at``. ``format``: none (CDXJ text, or a tar of a dedup/full index),
        ``cdx11`` (CDX indexes), ``directory`` (the index directory: same host only). Raises
        IndexNotReady (still building, or evicted: ask again), NoIndexData / InvalidWarc / the
        request's own error when it failed, InvalidInput."""
        loc = self.index.cache.location(kind, job_ids, format)
        if loc.format != "directory":
            rel = os.path.relpath(loc.path, self.index.cache.root)
            loc.url = self.index.file_server.url("index", rel)
        return loc

    @rpc(roles=READ)
    def lookup(self, url: str, job_ids: list[int]) -> LookupDto:
        """Every capture of ``url`` (by SURT: scheme, ``www`` and case do not matter) in the full
        crawl-log index of ``job_ids``, oldest first, with where each record is and, for a
        revisit, where its original is. If that index is not built yet its build starts and
        IndexNotReady is raised (ask again). Raises InvalidInput, JobNotFound, IndexNotReady."""
        try:
            req, caps = self.index.cache.lookup(url, job_ids)
        except IndexNotReady:
            req = self.index.cache.request("full", job_ids)
            if req.state in (QUEUED, BUILDING):
                self.index.start_build(req.kind, req.job_ids)
            raise
        return LookupDto(url, req.index_name, req.covered, req.missing,
                         [CaptureDto(**c._asdict()) for c in caps])

    @rpc(roles=READ)
    def search(self, query: str, job_ids: list[int] | None = None, sort: str = "relevance", page: int = 1,
               page_size: int = 10, facets: bool = True) -> SearchResultDto:
        """Full-text search of the captures of ``job_ids`` (none: every job with a full-text
        index): ``query`` has words, "phrases", AND/OR/NOT (or -word), ``word*``, fields
        (``title:``) and filters (``host:``, ``domain:``, ``type:pdf``, ``status:``, ``lang:``,
        ``url:``, ``date:2024-01..2024-06``); sorted by ``relevance``, ``newest`` or ``oldest``;
        page ``page`` of ``page_size`` (≤ 100) hits with snippets, and facets by domain, year and
        MIME type. Jobs whose full-text index is not made yet are listed in ``missing`` (their
        build is started; a job whose build failed is listed with why). Raises InvalidInput
        (bad query, sort or paging), JobNotFound, IndexNotReady (no job of the set has a
        full-text index yet: ask again), or the jobs' common error when none can be indexed
        (NoIndexData: no WARC files; Unavailable)."""
        request = SearchRequestDto(query, list(job_ids or []), sort, page, page_size, bool(facets))
        if request.job_ids:
            request.job_ids = check_job_ids(request.job_ids)
            # a job with a full-text index exists; only the others are asked of the scheduler
            unindexed = [job for job in request.job_ids if self.index.texts.ready(job) is None]
            if unindexed:
                self.index.cache.check("cdx", unindexed)
            for job in unindexed:
                self.index.start_text(job)      # here, in the event loop: the search runs off it
        return offload(self.index.texts.search, request)

    @rpc(roles=READ)
    def job_pages(self, job_id: int, prefix: str = "", offset: int = 0, limit: int = 100) -> Page[JobPageDto]:
        """The job's page list, where browsing and QA of a job start: its seeds first (each at
        its first capture; a seed never captured without a time), then the pages its browser
        capture rendered (``setup/pages.jsonl``, with titles), then every other URL captured as
        an HTML page with status 200, each URL once. ``prefix`` keeps the URLs that start with it
        (a host, ``www`` and scheme not mattering, then the start of a path: ``example.dk/news/``).
        ``offset``/``limit`` (at most 1000) page through it; ``total`` counts every match. The
        list is made with the job's index data: when that is not in the cache yet it is made in
        the background and IndexNotReady is raised (ask again). Raises InvalidInput (job id,
        prefix, paging), JobNotFound, IndexNotReady, NoIndexData (no metadata file), InvalidWarc,
        Unavailable (the archive or the scheduler does not answer)."""
        cache = self.index.cache
        wanted = cache.page_query(prefix, offset, limit)     # bad input is said even before the list exists
        _kind, ids, _ = cache.check("cdx", [job_id])
        data = cache.cached_job_data(ids[0])
        if data is None:
            failed = self.index.job_errors.pop(ids[0], None)
            if failed is not None:
                raise failed
            self.index.prepare_job(ids[0])
            raise IndexNotReady(f"the page list of job {ids[0]} is being made: ask again",
                                {"job_id": ids[0], "state": "building"})
        return cache.job_pages(data, *wanted)

    @rpc(roles=READ)
    def overview(self) -> IndexServerStatusDto:
        """The cache (directory, budget, bytes used, entries by last use) and the requests (how
        many in each state, the latest). Raises nothing."""
        return self.index.cache.overview()

    @rpc(roles=OPERATOR)
    def evict(self) -> list[str]:
        """Remove least-recently-used entries until the cache fits its budget now (it also
        happens after every build); returns what was removed. Raises nothing."""
        return self.index.cache.evict()
