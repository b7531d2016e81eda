"""Per-job raw data, fetched once, sorted once and kept: the seeds' CDXDataCache and
CrawlLogDataCache in one.

A job's entry is ``jobs/<job id>/<signature>/``, where the signature is a digest of the names and
checksums of the job's metadata files in the archive: as long as they are the same files, the job
is never fetched or sorted again; if another metadata file appears (a ``-metadata-2``), the job
gets a new entry. The entry holds:

- ``cdx.cdxj`` — the CDXJ lines of the job's metadata, sorted (for CDX indexes);
- ``captures.tsv`` — crawl.log joined with the CDX, one row per capture, sorted (for the dedup
  and full indexes; see captures.py);
- ``pages.tsv`` — the job's page list: seeds, browser-rendered pages, HTML pages (page_list.py).

The metadata file itself is deleted once read: the sorted files are all a set index needs.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
from collections.abc import Callable
from typing import Any

from server.index import captures, page_list
from server.index.entries import Entry
from server.index.locks import Coalescer
from shared.errors import NoIndexData
from shared.warc import metadata, sorting
from shared.warc.cdx import short_digest

CAPTURES, CDX = "captures.tsv", "cdx.cdxj"
#: the metadata records the page list is made from besides the CDX: the seeds and a page list
SMALL = re.compile(f"{page_list.SEEDS_URI.pattern}|{page_list.PAGES_URI.pattern}")


@dataclasses.dataclass(frozen=True)
class SourceFile:
    """A file of a job in the archive."""

    name: str
    checksum: str | None = None
    size: int | None = None
    stored: bool = True             # stored (upload completed) in every replica


@dataclasses.dataclass(frozen=True)
class JobData:
    job_id: int
    path: str
    files: tuple[SourceFile, ...] = ()     # the metadata files it was made from

    @property
    def captures(self) -> str:
        return os.path.join(self.path, CAPTURES)

    @property
    def cdx(self) -> str:
        return os.path.join(self.path, CDX)

    @property
    def pages(self) -> str:
        return os.path.join(self.path, page_list.PAGES)

    def manifest(self) -> dict:
        with open(os.path.join(self.path, "manifest.json"), encoding="utf-8") as fh:
            return json.load(fh)


#: the form of an entry's files: a new form gives every job a new entry (made again when asked for)
FORMAT = 3  # 2: CDX lines as pywb writes them, keys by shared/warc/surt.py; 3: with pages.tsv


def signature(files: list[SourceFile]) -> str:
    text = f"format {FORMAT}\n" + "\n".join(f"{f.name}:{f.checksum or '?'}:{f.size if f.size is not None else '?'}"
                     for f in sorted(files, key=lambda f: f.name))
    return hashlib.sha1(text.encode()).hexdigest()[:16]  # noqa: S324 - a cache key


#: fetch(file, destination path): copy one archived file here, checking its checksum
Fetch = Callable[[SourceFile, str], None]


class JobDataCache:
    """``jobs/<id>/<signature>/`` entries. ``run(fn, *args)`` runs the CPU work (reading, sorting,
    joining): in this thread, or in a worker process (worker.py); fetching stays in the caller's
    thread (RPC and HTTP belong to the service's event loop)."""

    def __init__(self, root: str, fetch: Fetch, chunk_lines: int = sorting.DEFAULT_CHUNK,
                 coalescer: Coalescer | None = None, run: Callable[..., Any] | None = None):
        self.root = os.path.join(root, "jobs")
        self.fetch = fetch
        self.chunk_lines = chunk_lines
        self.coalescer = coalescer or Coalescer()
        self.run = run or (lambda fn, *a: fn(*a))

    def entry(self, job_id: int, files: list[SourceFile]) -> Entry:
        return Entry(os.path.join(self.root, str(job_id), signature(files)))

    def cached(self, job_id: int, files: list[SourceFile]) -> JobData | None:
        e = self.entry(job_id, files)
        return JobData(job_id, e.path, tuple(files)) if e.exists() else None

    def get(self, job_id: int, files: list[SourceFile]) -> JobData:
        """The job's sorted data, fetched and sorted first if this process or another has not
        done it yet. Raises InvalidWarc (a corrupt metadata file), NoIndexData, and whatever
        ``fetch`` raises (Unavailable, ChecksumMismatch, ArchiveFileNotFound)."""
        e = self.entry(job_id, files)
        if not e.exists():
            self.coalescer.run(("job", e.path), lambda: e.build(lambda tmp: self._make(job_id, files, tmp)))
        e.touch()
        return JobData(job_id, e.path, tuple(files))

    def _make(self, job_id: int, files: list[SourceFile], tmp: str) -> dict:
        for f in files:
            self.fetch(f, os.path.join(tmp, f.name))
        return self.run(process, job_id, [dataclasses.asdict(f) for f in files], tmp, self.chunk_lines)


def process(job_id: int, files: list[dict], tmp: str, chunk_lines: int = sorting.DEFAULT_CHUNK) -> dict:
    """Read the job's fetched metadata files (in ``tmp``, deleted when read), sort, join; write
    ``cdx.cdxj`` and ``captures.tsv`` into ``tmp``; return the manifest."""
    files_ = [SourceFile(**f) for f in files]
    job = str(job_id)
    crawl_path, cdx_raw = os.path.join(tmp, "crawl.unsorted"), os.path.join(tmp, "cdx.unsorted")
    records = {"crawl_log": 0, "cdx": 0}
    lines = {"crawl_log": 0, "cdx": 0}
    with open(crawl_path, "w", encoding="utf-8", newline="\n") as crawl, \
            open(cdx_raw, "w", encoding="utf-8", newline="\n") as cdx:
        def on_crawl(batch: list[str]) -> None:
            lines["crawl_log"] += len(batch)
            row = captures.crawl_log_row
            crawl.writelines(r for r in (row(line, job) for line in batch) if r)

        def on_cdx(batch: list[str]) -> None:
            lines["cdx"] += len(batch)
            cdx.writelines(r for r in (_as_cdxj(line) for line in batch) if r)

        seeds: list[str] = []
        browser_pages: list[dict] = []

        def on_small(uri: str, data: bytes) -> None:
            if page_list.SEEDS_URI.search(uri):
                seeds.extend(page_list.seeds_of(data))
            else:
                browser_pages.extend(page_list.browser_pages_of(data))

        for f in sorted(files_, key=lambda f: f.name):
            local = os.path.join(tmp, f.name)
            try:
                logs, cdxs = metadata.read(local, on_crawl, on_cdx, name=f.name, small=SMALL, on_small=on_small)
            finally:
                os.unlink(local)
            records["crawl_log"] += logs
            records["cdx"] += cdxs
    if not records["crawl_log"] and not records["cdx"]:
        names = ", ".join(f.name for f in files_)
        raise NoIndexData(f"job {job_id}: {names} holds neither a crawl.log nor CDX records",
                          {"job_id": job_id, "files": [f.name for f in files_]})
    crawl_sorted = os.path.join(tmp, "crawl.sorted")
    sorting.external_sort(_lines(crawl_path), crawl_sorted, chunk_lines, tmp)
    n_cdx = sorting.external_sort(_lines(cdx_raw), os.path.join(tmp, CDX), chunk_lines, tmp, unique=True)
    os.unlink(crawl_path)
    os.unlink(cdx_raw)
    n = 0
    with open(crawl_sorted, encoding="utf-8", newline="\n") as a, \
            open(os.path.join(tmp, CDX), encoding="utf-8", newline="\n") as b, \
            open(os.path.join(tmp, CAPTURES), "w", encoding="utf-8", newline="\n") as out:
        cdx_rows = (r for r in (captures.cdx_row(line, job) for line in b) if r)
        for row in captures.join(a, cdx_rows):
            out.write(row)
            n += 1
    os.unlink(crawl_sorted)
    pages = page_list.make(os.path.join(tmp, CDX), seeds, browser_pages, os.path.join(tmp, page_list.PAGES))
    return {"job_id": job_id, "sources": files, "records": records,
            "lines": lines, "captures": n, "cdx_lines": n_cdx, "pages": pages}


def _lines(path: str):
    with open(path, encoding="utf-8", newline="\n") as fh:
        yield from fh


def _as_cdxj(line: str) -> str | None:
    """A metadata CDX line as CDXJ in the form pywb's cdx-indexer writes today (shared/warc/cdx.py):
    11-field CDX lines of older metadata are converted, and CDXJ lines that older versions wrote
    are brought to that form (the key made again from the URL, ``sha1:`` left out of the digest,
    no status on a revisit), so that a job set's index is of one form and its keys meet the
    crawl.log's (docs/decisions/cdx-like-pywb.md)."""
    if not line.strip() or line.startswith(" CDX"):
        return None
    parts = line.split(" ", 2)
    if len(parts) == 3 and parts[2].lstrip().startswith("{"):
        try:
            d = json.loads(parts[2])
        except ValueError:
            return None
        key, ts = parts[0], parts[1]
    else:
        f = line.split()
        if len(f) < 11:
            return None
        d = {"url": f[2], "mime": f[3], "status": f[4], "digest": f[5], "length": f[8], "offset": f[9],
             "filename": f[10]}
        d = {k: v for k, v in d.items() if v != "-"}
        key, ts = f[0], f[1]
    url = d.get("url")
    if isinstance(url, str) and url:
        key = captures.surt(url)
    if isinstance(d.get("digest"), str):
        d["digest"] = short_digest(d["digest"])
    if d.get("mime") == "warc/revisit":
        d.pop("status", None)
    return f"{key} {ts} {json.dumps(d)}\n"
