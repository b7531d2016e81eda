"""A selection of the archive into one WACZ that stands alone.

Whole jobs: every file of each job goes into ``archive/`` byte for byte, streamed from the archive
(never whole in memory, never written to disk first when its index is known). The index lines of a
job's WARC files are the CDX its metadata WARC already holds (made by our CDX writer when the
job was harvested or imported); a file the metadata has no CDX for, and the metadata WARC itself,
is fetched to a temporary file and indexed there. A revisit whose original lies outside the
selection (crawl.log's ``duplicate:"<file>,<offset>,<timestamp>"``) gets that one record fetched
and written to ``archive/originals.warc.gz``, so the package needs nothing else to replay.

A URL list: the captures of those URLs in the jobs (the index server's lookup), each record (and
a revisit's original) fetched into ``archive/selection.warc.gz``.

Everything the archive is asked goes through a :class:`Source`; the CLI gives one that reads
through the arcrepository (server/cli/wacz_cmd.py), tests may give one over local files.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from shared.wacz import cdxj
from shared.wacz.pages import PageList, parse_page_list
from shared.wacz.writer import WaczWriter, file_chunks

METADATA = re.compile(r"^\d+-metadata-\d+\.w?arc(\.gz)?$")
DUPLICATE = re.compile(r'duplicate:"(?P<file>[^,"]+),(?P<offset>\d+)(?:,(?P<ts>\d+))?"')
SEEDS_URI = re.compile(r"/crawl/setup/seeds\.txt(\?|$)")
PAGES_URI = re.compile(r"/pages\.jsonl(\?|$)")
ORIGINALS = "originals.warc.gz"
SELECTION = "selection.warc.gz"


class Source(Protocol):
    """What an export reads from the archive."""

    def files(self, job_id: int) -> list[tuple[str, int]]:
        """(name, size) of every file of the job."""

    def chunks(self, name: str) -> Iterator[bytes]:
        """The whole file, its checksum checked on arrival."""

    def record(self, name: str, offset: int) -> Iterable[bytes]:
        """The stored bytes (one gzip member, or the plain record) of one record, in pieces."""

    def lookup(self, url: str, job_ids: list[int]) -> list[tuple[str, int, str | None, int | None]]:
        """(file, offset, original's file, original's offset) of every capture of ``url``."""


@dataclasses.dataclass
class Summary:
    files: list[str] = dataclasses.field(default_factory=list)
    records: int = 0
    originals: int = 0
    unresolved_revisits: int = 0
    pages: int = 0
    index: list[str] = dataclasses.field(default_factory=list)
    bytes: int = 0


class _Plan:
    """What the selection's metadata says: CDX lines (spilled to a file as they come), which
    files they cover, the revisits' originals, seeds and an own page list."""

    def __init__(self, tmp: str, taken: set[str]):
        self.tmp = tmp
        self.taken = taken      # the selection's files: a CDX line for any other file is left out
        self.cdx = open(os.path.join(tmp, "cdx.unsorted"), "w", encoding="utf-8", newline="\n")
        self.indexed: set[str] = set()
        self.duplicates: dict[tuple[str, int], None] = {}
        self.seeds: list[str] = []
        self.own_pages: list[dict] | None = None

    def cdx_lines(self, lines: list[str]) -> None:
        for line in lines:
            try:
                name = json.loads(line.split(" ", 2)[2])["filename"]
            except (IndexError, ValueError, KeyError):
                continue
            if name in self.taken:   # a file the metadata names but the archive does not hold stays out
                self.indexed.add(name)
                self.cdx.write(line)

    def crawl_lines(self, lines: list[str]) -> None:
        for line in lines:
            m = DUPLICATE.search(line)
            if m:
                self.duplicates[(m.group("file"), int(m.group("offset")))] = None


def _download(source: Source, name: str, path: str) -> None:
    with open(path, "wb") as fh:
        for chunk in source.chunks(name):
            fh.write(chunk)


def _extras(path: str, plan: _Plan) -> None:
    """Seeds and page list from a metadata WARC (small records)."""
    from warcio.archiveiterator import ArchiveIterator

    with open(path, "rb") as fh:
        for record in ArchiveIterator(fh, arc2warc=True):
            uri = record.rec_headers.get_header("WARC-Target-URI") or ""
            if SEEDS_URI.search(uri):
                plan.seeds += record.content_stream().read().decode("utf-8", "replace").splitlines()
            elif PAGES_URI.search(uri):
                plan.own_pages = (plan.own_pages or []) + parse_page_list(record.content_stream().read())


def _index_file(path: str, name: str, plan: _Plan) -> None:
    from shared.warc.cdx import write_cdx

    write_cdx(path, plan.cdx, "cdxj", name)
    plan.indexed.add(name)


def export_jobs(source: Source, job_ids: list[int], writer: WaczWriter, tmp: str, title: str = "",
                compressed_index: bool | None = None, urls: list[str] | None = None,
                on_file: Callable[[str], object] | None = None) -> Summary:
    """Write the jobs (or, with ``urls``, those URLs' captures in the jobs) into ``writer`` and
    finish the package. Raises what the source raises (the package is then incomplete: the
    caller removes it)."""
    from shared.warc import metadata

    summary = Summary()
    files: list[tuple[str, int]] = []
    for job in job_ids:
        files += source.files(job)
    if not files:
        from shared.errors import NotFound

        raise NotFound(f"the archive holds no files of jobs {', '.join(map(str, job_ids))}", {"jobs": job_ids})
    taken = {name for name, _ in files}
    plan = _Plan(tmp, taken)
    meta_paths: list[tuple[str, str]] = []
    for name, _ in files:
        if METADATA.match(name):
            path = os.path.join(tmp, name)
            _download(source, name, path)
            metadata.read(path, plan.crawl_lines, plan.cdx_lines if urls is None else (lambda _l: None), name)
            _extras(path, plan)
            meta_paths.append((name, path))
    if urls is not None:
        _export_urls(source, job_ids, urls, writer, tmp, plan, summary, on_file)
        taken = set()
    else:
        for name, _size in files:
            if METADATA.match(name):
                continue
            if on_file:
                on_file(name)
            if name in plan.indexed:
                writer.add(f"archive/{name}", source.chunks(name))
            else:   # no CDX in the metadata: index a local copy
                path = os.path.join(tmp, name)
                _download(source, name, path)
                _index_file(path, name, plan)
                writer.add(f"archive/{name}", file_chunks(path))
                os.unlink(path)
            summary.files.append(name)
        for name, path in meta_paths:
            if on_file:
                on_file(name)
            _index_file(path, name, plan)
            writer.add(f"archive/{name}", file_chunks(path))
            summary.files.append(name)
    wanted = [(f, o) for f, o in plan.duplicates if f not in taken]
    if wanted:
        summary.originals = _write_records(source, wanted, os.path.join(tmp, ORIGINALS), ORIGINALS, writer, plan)
        summary.files.append(ORIGINALS)
    for _, path in meta_paths:
        os.unlink(path)
    plan.cdx.close()
    sorted_path = os.path.join(tmp, "cdx.sorted")
    summary.records = cdxj.sort_lines(_read_lines(plan.cdx.name), sorted_path, tmp)
    pages = PageList(plan.seeds, plan.own_pages, title or "All Pages")
    digests = _Digests()
    summary.index = cdxj.write_index(writer, sorted_path, os.path.getsize(sorted_path), compressed_index,
                                     lambda line: (pages.see(line), digests.see(line)))
    summary.unresolved_revisits = digests.unresolved()
    writer.add("pages/pages.jsonl", pages.chunks(), compress=True)
    summary.pages = pages.count
    package = writer.finish(title=title or f"jobs {', '.join(map(str, job_ids))}",
                            description=f"exported from NetarchiveSuite: jobs {', '.join(map(str, job_ids))}")
    summary.bytes = sum(r["bytes"] for r in package["resources"])
    return summary


def _read_lines(path: str) -> Iterator[str]:
    with open(path, encoding="utf-8", newline="\n") as fh:
        yield from fh


class _Digests:
    """Revisits whose payload no record of the package holds (none should be left)."""

    def __init__(self) -> None:
        self.have: set[str] = set()
        self.revisits: set[str] = set()

    def see(self, line: str) -> None:
        fields = json.loads(line.split(" ", 2)[2])
        digest = fields.get("digest")
        if not digest:
            return
        (self.revisits if fields.get("mime") == "warc/revisit" else self.have).add(digest)

    def unresolved(self) -> int:
        return len(self.revisits - self.have)


def _write_records(source: Source, wanted: Iterable[tuple[str, int]], path: str, name: str, writer: WaczWriter,
                   plan: _Plan) -> int:
    """Fetch single records into one WARC file of the package (gzip members concatenated: a
    valid .warc.gz); index it. Returns how many records."""
    import zlib

    n = 0
    with open(path, "wb") as fh:
        for file, offset in dict.fromkeys(wanted):
            squeeze = None
            for chunk in source.record(file, offset):
                if squeeze is None:   # a plain record becomes a gzip member of its own
                    squeeze = False if chunk[:2] == b"\x1f\x8b" else zlib.compressobj(9, zlib.DEFLATED, 31)
                fh.write(squeeze.compress(chunk) if squeeze else chunk)
            if squeeze:
                fh.write(squeeze.flush())
            n += 1
    _index_file(path, name, plan)
    writer.add(f"archive/{name}", file_chunks(path))
    os.unlink(path)
    return n


def _export_urls(source: Source, job_ids: list[int], urls: list[str], writer: WaczWriter, tmp: str, plan: _Plan,
                 summary: Summary, on_file: Callable[[str], object] | None) -> None:
    wanted: list[tuple[str, int]] = []
    for url in urls:
        for file, offset, orig_file, orig_offset in source.lookup(url, job_ids):
            wanted.append((file, offset))
            if orig_file is not None and orig_offset is not None:
                wanted.append((orig_file, orig_offset))
    if not wanted:
        from shared.errors import NotFound

        raise NotFound(f"none of the {len(urls)} URLs was captured in jobs {', '.join(map(str, job_ids))}",
                       {"jobs": job_ids})
    if on_file:
        on_file(SELECTION)
    summary.records = _write_records(source, wanted, os.path.join(tmp, SELECTION), SELECTION, writer, plan)
    summary.files.append(SELECTION)
    plan.duplicates.clear()   # the originals came with their revisits


def tmp_dir(parent: str | None = None) -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="nas-wacz-", dir=parent)


__all__ = ["Source", "Summary", "export_jobs", "tmp_dir"]
