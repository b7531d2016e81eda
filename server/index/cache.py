"""The index cache: job sets in, indexes out (the seeds' IndexRequestServer, CrawlLogIndexCache
and their layers), as a plain core that the service, the command line's tests and the benchmark
call directly.

For a request (kind, job ids):

1. the job catalogue (the scheduler) must know every id (else JobNotFound naming them); for a
   dedup index only jobs that ended **done** count, and only if every file of theirs is stored
   in every replica (a failed job is never a deduplication source);
2. each job's metadata files are found in the archive, and its sorted per-job data comes from
   the job cache (fetched and sorted once: jobdata.py); a job whose data cannot be had is
   *missing*, with a code and a reason;
3. the index of the covered jobs is built — under the covered set's name, never the requested
   set's when jobs are missing — by merging the per-job files; if a cached index of a subset
   exists, the new one is derived from it (only the jobs it lacks are added);
4. least-recently-used entries are evicted until the cache is within its byte budget; an entry
   in use (open, being derived from, or handed out with a lease) is never removed.

Identical concurrent requests share one build: within a process through a Coalescer, across
processes through the entry's file lock. Requests are tracked in files (tracking.py).
"""
from __future__ import annotations

import collections
import contextlib
import dataclasses
import datetime as dt
import hashlib
import logging
import os
import re
import socket
import time
from collections.abc import Callable
from typing import Any, Protocol

from server.index import builders, cdx_index, full_index, package, page_list
from server.index.entries import Entry
from server.index.jobdata import JobData, JobDataCache, SourceFile
from server.index.locks import Coalescer
from server.index.names import check_job_ids, check_kind, set_name
from server.index.tracking import RequestStore, request_id
from server.index.worker import Workers
from server.runtime.offload import offload
from shared.dto import Page
from shared.dto.index import (
    BUILDING,
    DONE,
    FAILED,
    QUEUED,
    CacheEntryDto,
    IndexLocationDto,
    IndexRequestDto,
    IndexServerStatusDto,
    JobPageDto,
    MissingJobDto,
)
from shared.errors import ERRORS_BY_CODE, IndexNotReady, InvalidInput, JobNotFound, NasError, NoIndexData
from shared.warc import sorting

log = logging.getLogger(__name__)

METADATA_FILE = re.compile(r"^(?P<job>\d+)-metadata-\d+\.w?arc(\.gz)?$")
DONE_STATUS = "done"
MAX_PAGES = 1000      # pages of a page list in one answer


class ArchiveSource(Protocol):
    """Where job data comes from (the archive; see archive_source.py)."""

    def job_files(self, job_ids: list[int]) -> dict[int, list[SourceFile]]:
        """Every archived file of each job (``<job>-...``), with whether all replicas store it."""
        ...  # pragma: no cover

    def fetch(self, f: SourceFile, dest: str) -> None:
        """Copy one archived file to ``dest``, its checksum checked."""
        ...  # pragma: no cover


class JobCatalog(Protocol):
    """Which jobs exist and how they ended (the scheduler; see job_catalog.py)."""

    def statuses(self, job_ids: list[int]) -> dict[int, str]:
        """Status of each known job; unknown ids are left out."""
        ...  # pragma: no cover


@dataclasses.dataclass
class CacheConfig:
    root: str
    budget: int = 20 * 1024**3
    mime_exclude: str = r"^text/.*"
    chunk_lines: int = sorting.DEFAULT_CHUNK
    whoosh_limitmb: int = 256
    max_segments: int = 8
    lease_seconds: float = 3600.0
    open_readers: int = 8
    #: worker processes for reading, sorting and building (0: in this process, off the event loop)
    workers: int = 0


class IndexCache:
    def __init__(self, config: CacheConfig, source: ArchiveSource, catalog: JobCatalog,
                 offload_fn: Callable[..., Any] = offload):
        self.config = config
        self.root = os.path.abspath(config.root)
        os.makedirs(self.root, exist_ok=True)
        self.source = source
        self.catalog = catalog
        self.offload = offload_fn
        self.coalescer = Coalescer()
        self._workers = Workers(config.workers) if config.workers > 0 else None
        self.jobs = JobDataCache(self.root, self._fetch, config.chunk_lines, self.coalescer, self.run)
        self.requests = RequestStore(self.root)
        self.exclude = re.compile(config.mime_exclude)
        self.builds: collections.Counter[str] = collections.Counter()  # set builds done here
        self._readers = full_index.OpenReaders(config.open_readers)

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """CPU work: in a worker process when there are workers, else off the event loop."""
        if self._workers is not None:
            return self._workers.run(fn, *args)
        return self.offload(fn, *args)

    # -- names --------------------------------------------------------------------------------
    def kind_dir(self, kind: str) -> str:
        if kind == "dedup":
            # the MIME filter is part of what a dedup index is: another filter, other indexes
            tag = hashlib.sha1(self.config.mime_exclude.encode()).hexdigest()[:8]  # noqa: S324 - a name
            return os.path.join(self.root, "sets", f"dedup-{tag}")
        return os.path.join(self.root, "sets", kind)

    def set_entry(self, kind: str, job_ids: list[int]) -> Entry:
        return Entry(os.path.join(self.kind_dir(kind), set_name(job_ids)))

    # -- requests -----------------------------------------------------------------------------
    def check(self, kind: Any, job_ids: Any) -> tuple[str, list[int], dict[int, str]]:
        """Validated kind and ids, and the jobs' statuses. Raises InvalidInput, JobNotFound."""
        kind = check_kind(kind)
        ids = check_job_ids(job_ids)
        statuses = self.catalog.statuses(ids)
        unknown = [i for i in ids if i not in statuses]
        if unknown:
            shown = ", ".join(map(str, unknown[:10])) + (f" and {len(unknown) - 10} more" if len(unknown) > 10 else "")
            raise JobNotFound(f"no job {shown}" if len(unknown) == 1 else f"no jobs {shown}",
                              {"job_ids": unknown[:100], "unknown": len(unknown)})
        return kind, ids, statuses

    def request(self, kind: Any, job_ids: Any) -> IndexRequestDto:
        """Register a request (validated); a finished, complete index is answered at once."""
        kind, ids, _ = self.check(kind, job_ids)
        current = self.requests.get(request_id(kind, ids))
        if current is not None and current.complete and self.set_entry(kind, current.covered).exists():
            return current
        return self.requests.queue(kind, ids)

    def status(self, kind: Any, job_ids: Any) -> IndexRequestDto:
        kind = check_kind(kind)
        ids = check_job_ids(job_ids)
        req = self.requests.get(request_id(kind, ids))
        if req is None:
            raise IndexNotReady(f"no {kind} index was asked for jobs {set_name(ids)}",
                                {"kind": kind, "job_ids": ids[:100], "state": "unknown"})
        return req

    def pending(self) -> list[IndexRequestDto]:
        """Requests left queued or building (by a server that stopped): to be built again."""
        return self.requests.unfinished()

    def build(self, kind: Any, job_ids: Any) -> IndexRequestDto:
        """Build (or find) the index of a request and record the outcome; never raises for a
        job's trouble (it is missing) — only for bad input (InvalidInput, JobNotFound)."""
        kind, ids, statuses = self.check(kind, job_ids)
        return self.coalescer.run(("request", kind, tuple(ids)), lambda: self._build(kind, ids, statuses))

    def _build(self, kind: str, ids: list[int], statuses: dict[int, str]) -> IndexRequestDto:
        rid = request_id(kind, ids)
        req = self.requests.get(rid) or self.requests.queue(kind, ids)
        if req.complete and self.set_entry(kind, req.covered).exists():
            return req
        req.state = BUILDING
        self.requests.save(req)
        started = time.monotonic()
        try:
            datas, missing = self._gather(kind, ids, statuses)
            req.missing = missing
            if not datas:
                # One cause for every job (a corrupt metadata WARC, an archive that does not
                # answer) is raised as that typed error; several causes as NoIndexData.
                codes = {m.code for m in missing}
                cls = ERRORS_BY_CODE.get(codes.pop(), NoIndexData) if len(codes) == 1 else NoIndexData
                raise cls(f"no job of {set_name(ids)} has data for a {kind} index: "
                          + "; ".join(f"job {m.job_id}: {m.reason}" for m in missing[:5]),
                          {"kind": kind, "missing": [m.to_dict() for m in missing[:100]]})
            covered = sorted(d.job_id for d in datas)
            entry = self.set_entry(kind, covered)
            manifest = self.coalescer.run(("set", entry.path), lambda: entry.build(
                lambda tmp: self._make_set(kind, tmp, datas), on_built=self._built))
            req.covered = covered
            req.index_name = entry.name
            req.entries = int(manifest.get("entries", 0))
            req.size = int(manifest.get("size", 0))
            req.base = manifest.get("base") or ""
            req.state, req.error, req.error_code = DONE, "", ""
        except NasError as exc:
            req.state, req.error, req.error_code = FAILED, exc.message, exc.code
        except Exception as exc:  # noqa: BLE001 - recorded for the caller; the server goes on
            log.exception("the %s index of %s could not be built", kind, set_name(ids))
            req.state, req.error, req.error_code = FAILED, f"{exc.__class__.__name__}: {exc}", "internal_error"
        req.build_seconds = round(time.monotonic() - started, 3)
        self.requests.save(req)
        try:
            self.evict()
        except Exception:  # noqa: BLE001 - eviction trouble must not lose the answer
            log.exception("eviction failed")
        return req

    # -- job data -----------------------------------------------------------------------------
    def _fetch(self, f: SourceFile, dest: str) -> None:
        self.source.fetch(f, dest)

    def _gather(self, kind: str, ids: list[int], statuses: dict[int, str]
                ) -> tuple[list[JobData], list[MissingJobDto]]:
        missing: list[MissingJobDto] = []
        eligible = []
        for i in ids:
            status = statuses.get(i, "")
            if kind == "dedup" and status != DONE_STATUS:
                missing.append(MissingJobDto(i, "not_finished", f"job {i} is {status or 'unknown'}: only jobs "
                                             "that ended done are deduplication sources"))
            else:
                eligible.append(i)
        files = self.source.job_files(eligible) if eligible else {}
        wanted: list[tuple[int, list[SourceFile]]] = []
        for i in eligible:
            mine = files.get(i, [])
            meta = [f for f in mine if (m := METADATA_FILE.match(f.name)) and int(m["job"]) == i]
            if not meta:
                missing.append(MissingJobDto(i, "no_metadata", f"job {i} has no metadata file in the archive"))
                continue
            if kind == "dedup":
                unstored = sorted(f.name for f in mine if not f.stored)
                if unstored:
                    missing.append(MissingJobDto(i, "not_stored", f"job {i}: {', '.join(unstored[:3])} "
                                                 "not stored in every replica: not a deduplication source"))
                    continue
            wanted.append((i, meta))

        def one(item: tuple[int, list[SourceFile]]) -> JobData | MissingJobDto:
            i, meta = item
            try:
                return self.jobs.get(i, meta)
            except NasError as exc:
                return MissingJobDto(i, exc.code, exc.message)
            except OSError as exc:
                return MissingJobDto(i, "unavailable", f"job {i}: {exc}")

        lanes = max(1, self.config.workers)
        if lanes == 1 or len(wanted) < 2:
            results = [one(item) for item in wanted]
        else:
            from concurrent.futures import ThreadPoolExecutor

            with ThreadPoolExecutor(lanes) as pool:
                results = list(pool.map(one, wanted))
        datas = [r for r in results if isinstance(r, JobData)]
        missing += [r for r in results if isinstance(r, MissingJobDto)]
        return datas, sorted(missing, key=lambda m: m.job_id)

    # -- set indexes --------------------------------------------------------------------------
    def _base_for(self, kind: str, covered: list[int]) -> Entry | None:
        """The largest cached index of this kind over a strict subset of ``covered``."""
        want = set(covered)
        best, best_n = None, 0
        folder = self.kind_dir(kind)
        try:
            names = os.listdir(folder)
        except FileNotFoundError:
            return None
        for name in names:
            e = Entry(os.path.join(folder, name))
            if not os.path.isdir(e.path) or not e.exists():
                continue
            try:
                jobs = e.manifest().get("jobs") or []
            except (OSError, ValueError):
                continue
            if best_n < len(jobs) < len(want) and want.issuperset(jobs):
                best, best_n = e, len(jobs)
        return best

    def _make_set(self, kind: str, tmp: str, datas: list[JobData]) -> dict:
        # The jobs' sorted files are in use while they are merged: eviction leaves them alone.
        with contextlib.ExitStack() as stack:
            held = []
            for d in datas:
                try:
                    stack.enter_context(Entry(d.path).using())
                except FileNotFoundError:  # evicted since it was found: read the job again
                    d = self.jobs.get(d.job_id, list(d.files))
                    stack.enter_context(Entry(d.path).using())
                held.append(d)
            return self._make_set_of(kind, tmp, held)

    def _make_set_of(self, kind: str, tmp: str, datas: list[JobData]) -> dict:
        started = time.monotonic()
        covered = sorted(d.job_id for d in datas)
        base = self._base_for(kind, covered)
        if base is not None:
            try:
                with base.using():
                    have = set(base.manifest()["jobs"])
                    new = [d for d in datas if d.job_id not in have]
                    manifest = self._derive(kind, tmp, base, new)
                    manifest["base"] = base.name
            except FileNotFoundError:  # evicted between choosing and opening it
                base = None
        if base is None:
            manifest = self._from_scratch(kind, tmp, datas)
            manifest["base"] = None
        manifest.update(kind=kind, jobs=covered, build_seconds=round(time.monotonic() - started, 3))
        return manifest

    def _from_scratch(self, kind: str, tmp: str, datas: list[JobData]) -> dict:
        inputs = [d.cdx if kind == "cdx" else d.captures for d in datas]
        c = self.config
        return self.run(builders.build_set, kind, tmp, inputs, None, c.mime_exclude, c.whoosh_limitmb,
                        c.max_segments)

    def _derive(self, kind: str, tmp: str, base: Entry, new: list[JobData]) -> dict:
        inputs = [d.cdx if kind == "cdx" else d.captures for d in new]
        c = self.config
        return self.run(builders.build_set, kind, tmp, inputs, base.path, c.mime_exclude, c.whoosh_limitmb,
                        c.max_segments)

    def _built(self, entry: Entry) -> None:
        m = entry.manifest()
        self.builds[m["kind"]] += 1
        line = (f"{dt.datetime.now(dt.UTC).isoformat()} pid={os.getpid()} kind={m['kind']} name={entry.name} "
                f"jobs={len(m['jobs'])} base={m.get('base') or '-'} entries={m.get('entries', 0)} "
                f"seconds={m.get('build_seconds', 0)}\n")
        fd = os.open(os.path.join(self.root, "builds.log"), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)
        log.info("built %s", line.strip())

    # -- answers ------------------------------------------------------------------------------
    def done_request(self, kind: Any, job_ids: Any) -> tuple[IndexRequestDto, Entry]:
        """The finished request and its entry. Raises IndexNotReady (not asked, queued, building,
        or its index was evicted since) or the request's own error (failed)."""
        req = self.status(kind, job_ids)
        if req.state == FAILED:
            cls = ERRORS_BY_CODE.get(req.error_code, NoIndexData)
            raise cls(req.error or f"the {req.kind} index could not be built", {"request_id": req.request_id})
        entry = self.set_entry(req.kind, req.covered) if req.covered else None
        if req.state != DONE or entry is None or not entry.exists():
            raise IndexNotReady(f"the {req.kind} index of {set_name(req.job_ids)} is {req.state}"
                                + ("" if req.state != DONE else " but was evicted: ask again"),
                                {"request_id": req.request_id, "state": req.state})
        return req, entry

    def location(self, kind: Any, job_ids: Any, fmt: str | None = None) -> IndexLocationDto:
        """Where the finished index can be read (leased for ``lease_seconds``). ``fmt``: None
        (the index's own transfer form), ``cdx11`` (CDX indexes), ``directory`` (the entry
        directory itself, for a reader on this host). Raises IndexNotReady, InvalidInput."""
        req, entry = self.done_request(kind, job_ids)
        until = entry.lease(self.config.lease_seconds)
        with entry.using():
            manifest = entry.manifest()
            if fmt == "directory":
                return IndexLocationDto(req.kind, entry.name, "directory", entry.name, int(manifest.get("size", 0)),
                                        None, socket.gethostname(), entry.path, None, req.covered,
                                        dt.datetime.fromtimestamp(until, dt.UTC))
            if req.kind == "cdx":
                if fmt not in (None, "cdxj", "cdx11"):
                    raise InvalidInput(f"a CDX index comes as cdxj or cdx11, not {fmt!r}", {"format": fmt})
                path = (self.offload(cdx_index.ensure_cdx11, entry.path) if fmt == "cdx11"
                        else entry.file(cdx_index.CDXJ))
                form = fmt or "cdxj"
            else:
                if fmt not in (None, "tar"):
                    raise InvalidInput(f"a {req.kind} index comes as tar or directory, not {fmt!r}",
                                       {"format": fmt})
                path = entry.file(package.PACKAGE)
                if not os.path.exists(path):
                    self.offload(package.pack, entry.path, path)
                form = manifest.get("format", req.kind)
            checksum = self.offload(package.md5_of, path)
            return IndexLocationDto(req.kind, entry.name, form, os.path.basename(path), os.path.getsize(path),
                                    checksum, socket.gethostname(), path, None, req.covered,
                                    dt.datetime.fromtimestamp(until, dt.UTC))

    def lookup(self, url: str, job_ids: Any) -> tuple[IndexRequestDto, list]:
        """Every capture of ``url`` in the finished full index of ``job_ids``."""
        if not isinstance(url, str) or not url.strip():
            raise InvalidInput("a lookup needs a URL", {"url": str(url)[:200]})
        req, entry = self.done_request("full", job_ids)
        reader = self._readers.get(entry)
        return req, reader.captures(url.strip())

    def job_data(self, job_id: int) -> JobData:
        """The job's sorted data (page list included), fetched and sorted first when not cached.
        Raises JobNotFound, NoIndexData (no metadata file), InvalidWarc, Unavailable..."""
        _kind, ids, _ = self.check("cdx", [job_id])
        return self.jobs.get(ids[0], self._metadata_files(ids[0]))

    def cached_job_data(self, job_id: int) -> JobData | None:
        """The job's sorted data if it is in the cache now (asks the archive for the job's files)."""
        return self.jobs.cached(job_id, self._metadata_files(job_id))

    def _metadata_files(self, job_id: int) -> list[SourceFile]:
        meta = [f for f in self.source.job_files([job_id]).get(job_id, [])
                if (m := METADATA_FILE.match(f.name)) and int(m["job"]) == job_id]
        if not meta:
            raise NoIndexData(f"job {job_id} has no metadata file in the archive", {"job_id": job_id})
        return meta

    @staticmethod
    def page_query(prefix: Any = "", offset: Any = 0, limit: Any = 100) -> tuple[str, int, int]:
        """A page list query checked: the prefix's key, offset, limit. Raises InvalidInput."""
        key = page_list.prefix_key(prefix)
        if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
            raise InvalidInput("offset is a number from 0", {"field": "offset", "value": str(offset)[:50]})
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_PAGES:
            raise InvalidInput(f"limit is a number from 1 to {MAX_PAGES}", {"field": "limit", "value": str(limit)[:50]})
        return key, offset, limit

    def job_pages(self, data: JobData, key: str = "", offset: int = 0, limit: int = 100) -> Page[JobPageDto]:
        """A page of the job's page list (page_list.py): the pages whose SURT key starts with
        ``key`` (:meth:`page_query` makes it from a URL prefix), from ``offset`` on."""
        with Entry(data.path).using():
            total, rows = self.offload(page_list.read, data.pages, key, offset, limit)
        return Page([JobPageDto(**r) for r in rows], total, offset, limit)

    def entry_for_path(self, rel: str) -> str | None:
        """The cached file at ``rel`` (``sets/<kind>/<name>/<file>``) if it is one a client may read."""
        parts = rel.split("/")
        if len(parts) != 4 or parts[0] != "sets" or any(p in ("", ".", "..") for p in parts):
            return None
        if parts[3] not in (cdx_index.CDXJ, cdx_index.CDX11, package.PACKAGE):
            return None
        path = os.path.join(self.root, *parts)
        if not os.path.isfile(path):
            return None
        Entry(os.path.dirname(path)).touch()
        return path

    # -- eviction and overview ----------------------------------------------------------------
    def all_entries(self) -> list[tuple[str, Entry]]:
        out = []
        for folder, kind in [(os.path.join(self.root, "sets", k), k.split("-")[0])
                             for k in _listdir(os.path.join(self.root, "sets"))]:
            for name in _listdir(folder):
                if "." not in name and os.path.isdir(os.path.join(folder, name)):
                    out.append((kind, Entry(os.path.join(folder, name))))
        # per-job data ("job") and per-job full-text indexes ("text", fulltext/store.py)
        for folder, kind in ((os.path.join(self.root, "jobs"), "job"), (os.path.join(self.root, "text"), "text")):
            for job in _listdir(folder):
                for sig in _listdir(os.path.join(folder, job)):
                    if "." not in sig and os.path.isdir(os.path.join(folder, job, sig)):
                        out.append((kind, Entry(os.path.join(folder, job, sig))))
        return out

    def evict(self, now: float | None = None) -> list[str]:
        """Remove least-recently-used entries until the cache fits its budget; entries in use,
        leased or being built stay. Returns the removed entries' paths."""
        now = now or time.time()
        entries = [(e.last_used(), e.size(), e) for _k, e in self.all_entries() if e.exists()]
        total = sum(size for _t, size, _e in entries)
        removed = []
        for _t, size, e in sorted(entries, key=lambda x: x[0]):
            if total <= self.config.budget:
                break
            if e.remove(now):
                total -= size
                removed.append(e.path)
                log.info("evicted %s (%d bytes): the cache is over its budget", e.path, size)
        if total > self.config.budget:
            log.warning("the index cache holds %d bytes, over its budget of %d: what is left is in use",
                        total, self.config.budget)
        return removed

    def overview(self, limit: int = 50) -> IndexServerStatusDto:
        now = time.time()
        rows = []
        used = 0
        for kind, e in self.all_entries():
            if not e.exists():
                continue
            size = e.size()
            used += size
            try:
                m = e.manifest()
            except (OSError, ValueError):
                continue
            per_job = kind in ("job", "text")
            jobs = len(m.get("jobs") or []) if not per_job else 1
            rows.append(CacheEntryDto(kind, e.name if not per_job else f"{m.get('job_id')}/{e.name}", jobs, size,
                                      dt.datetime.fromtimestamp(e.last_used(), dt.UTC), e.in_use(now)))
        rows.sort(key=lambda r: r.last_used or dt.datetime.min.replace(tzinfo=dt.UTC), reverse=True)
        reqs = self.requests.all()
        counts = collections.Counter(r.state for r in reqs)
        recent = sorted(reqs, key=lambda r: r.updated_at or dt.datetime.min.replace(tzinfo=dt.UTC), reverse=True)
        return IndexServerStatusDto(self.root, self.config.budget, used, rows[:limit],
                                    {s: counts.get(s, 0) for s in (QUEUED, BUILDING, DONE, FAILED)}, recent[:20])

    def close(self) -> None:
        self._readers.close()
        if self._workers is not None:
            self._workers.close()


def _listdir(path: str) -> list[str]:
    try:
        return sorted(os.listdir(path))
    except FileNotFoundError:
        return []
