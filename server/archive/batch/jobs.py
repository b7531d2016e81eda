"""The batch jobs shipped with the archive (registered as entry points in pyproject.toml)."""
from __future__ import annotations

import collections
import heapq
import io
import os
import re
import threading

from server.archive.batch.base import BatchJob
from server.archive.checksums import CHUNK, file_checksum

# typing only for annotations: importing it costs every batch run's start ~3 ms of CPU (the
# runner's child imports this module; docs/decisions/archive-bitpreservation.md, "Checksum speed")
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, BinaryIO


class OutOfTime(BaseException):
    """A run of the bitarchive's own checksum job passed its ``stop_at``: not one file's failure
    (an ``Exception`` is that) but the end of the run, which the run's threads hand on."""


class ChecksumJob(BatchJob):
    """``name##checksum`` per file (MD5 by default, ``algorithm=sha1`` etc. allowed)."""

    name = "checksum"
    falls_back = False          # about this replica's copies: another's checksum would hide them
    threads = max(1, min(4, os.cpu_count() or 1))   # hashlib hashes outside the GIL
    #: a ``time.monotonic()`` after which hashing stops (OutOfTime): set by the bitarchive when it
    #: runs this job itself, where no watched runner process bounds the run's time
    stop_at: float | None = None

    #: a read buffer per thread, reused for every file: 1 MiB, not 4: over 1 GiB warm in the page
    #: cache, 3-4 % less CPU with SHA-1 and 1-2 % with MD5 (docs/decisions/checksum-batch-speed.md)
    _buffers = threading.local()

    def file_output(self, name: str, path: str) -> bytes:
        buf = getattr(self._buffers, "buf", None)
        if buf is None:
            buf = self._buffers.buf = bytearray(CHUNK)
        digest = file_checksum(path, self.args.get("algorithm", "md5"), self._watch(), buf=buf)
        return f"{name}##{digest}\n".encode()

    def _watch(self) -> Any:
        """The progress callback that ends the run at ``stop_at`` (checked once per chunk)."""
        stop_at = self.stop_at
        if stop_at is None:
            return None
        import time

        def check(_: int) -> None:
            if time.monotonic() > stop_at:
                raise OutOfTime()

        return check


class FileListJob(BatchJob):
    """One file name per line."""

    name = "filelist"
    falls_back = False

    def process_file(self, name: str, path: str, out: BinaryIO) -> None:
        out.write(name.encode() + b"\n")


class CdxJob(BatchJob):
    """CDX lines of every WARC/ARC file: ``format=cdxj`` (pywb) or ``format=cdx11``; merged sorted."""

    name = "cdx"
    file_pattern = r".*\.(w?arc)(\.gz)?"

    def process_file(self, name: str, path: str, out: BinaryIO) -> None:
        from shared.warc.cdx import write_cdx

        buf = io.StringIO()
        fmt = self.args.get("format", "cdxj")
        write_cdx(path, buf, "cdx11" if fmt == "cdx11" else "cdxj", filename=name)
        # Sorted per file so the monitor can merge the instances' outputs with a heap merge.
        lines = buf.getvalue().splitlines(keepends=True)
        lines.sort()
        out.write("".join(lines).encode())

    @classmethod
    def post_process(cls, inputs: list[BinaryIO], out: BinaryIO, args: dict[str, Any]) -> None:
        from shared.warc.cdx import CDX11_HEADER

        if args.get("format") == "cdx11":
            out.write(CDX11_HEADER.encode())
        # Each instance's output is a concatenation of sorted runs: sort each in memory-sized
        # pieces would be better for huge outputs; runs are merged here.
        header = CDX11_HEADER.encode() if args.get("format") == "cdx11" else None
        runs = []
        for fh in inputs:
            # an input merged before (a rerun's output joining the first run's) has its header
            runs.append(sorted(line for line in fh.readlines() if line != header))
        for line in heapq.merge(*runs):
            out.write(line)


class CrawlLogJob(BatchJob):
    """The crawl.log lines stored in the metadata WARCs of the given jobs (``job_ids=[1, 2]``;
    none given: every job), streamed (a crawl log may be larger than memory)."""

    name = "crawllog"
    file_pattern = r"\d+-metadata-\d+\.w?arc(\.gz)?"
    _URI = re.compile(r"/crawl/logs/crawl\.log(\?|$)")

    def initialize(self, out: BinaryIO) -> None:
        self.wanted = _job_ids(self.args.get("job_ids"))

    def process_file(self, name: str, path: str, out: BinaryIO) -> None:
        from warcio.archiveiterator import ArchiveIterator

        if self.wanted and str(int(name.split("-", 1)[0])) not in self.wanted:
            return
        with open(path, "rb") as fh:
            for record in ArchiveIterator(fh, arc2warc=True):
                uri = record.rec_headers.get_header("WARC-Target-URI") or ""
                if not self._URI.search(uri):
                    continue
                stream = record.content_stream()
                last = b""
                while chunk := stream.read(1 << 20):
                    out.write(chunk)
                    last = chunk
                if last and not last.endswith(b"\n"):
                    out.write(b"\n")


def _job_ids(value: Any) -> set[str]:
    """``[1, 2]``, ``3``, ``"1,2"`` or None → the job ids as strings. Raises InvalidInput."""
    from shared.errors import InvalidInput

    if value in (None, "", []):
        return set()
    items = value.split(",") if isinstance(value, str) else value if isinstance(value, list | tuple) else [value]
    ids = {str(v).strip() for v in items}
    bad = sorted(i for i in ids if not i.isdigit())
    if bad:
        raise InvalidInput(f"job_ids must be job numbers, not {', '.join(bad)}", {"job_ids": bad})
    return {str(int(i)) for i in ids}


class UrlSearchJob(BatchJob):
    """Records whose target URL matches ``regex``: ``url timestamp mime file offset`` lines."""

    name = "urlsearch"
    file_pattern = r".*\.(w?arc)(\.gz)?"

    def initialize(self, out: BinaryIO) -> None:
        from server.archive.user_regex import UserPattern

        # once for the job, not once per file; each match time-limited (a user's pattern)
        self.pattern = UserPattern(self.args.get("regex", ".*"))

    def process_file(self, name: str, path: str, out: BinaryIO) -> None:
        from shared.warc.cdx import iter_cdx

        for rec in iter_cdx(path):
            if self.pattern.search(rec.url):
                out.write(f"{rec.url} {rec.ts} {rec.mime or '-'} {name} {rec.offset}\n".encode())


class MimeCountJob(BatchJob):
    """How many records of each MIME type; merged by adding the counts."""

    name = "mimecounts"
    file_pattern = r".*\.(w?arc)(\.gz)?"

    def initialize(self, out: BinaryIO) -> None:
        self.counts: collections.Counter[str] = collections.Counter()

    def process_file(self, name: str, path: str, out: BinaryIO) -> None:
        from shared.warc.cdx import iter_cdx

        counted: collections.Counter[str] = collections.Counter()
        for rec in iter_cdx(path):
            counted[rec.mime or "-"] += 1
        self.counts.update(counted)       # only a file read to its end counts (a failed one is reported)

    def finish(self, out: BinaryIO) -> None:
        for mime, n in sorted(self.counts.items()):
            out.write(f"{mime} {n}\n".encode())

    @classmethod
    def post_process(cls, inputs: list[BinaryIO], out: BinaryIO, args: dict[str, Any]) -> None:
        total: collections.Counter[str] = collections.Counter()
        for fh in inputs:
            for line in fh:
                mime, _, n = line.decode().rstrip("\n").rpartition(" ")
                total[mime] += int(n)
        for mime, n in sorted(total.items()):
            out.write(f"{mime} {n}\n".encode())


def describe() -> list[dict[str, Any]]:
    from server.archive.batch.base import load_job, registered_jobs

    return [{"name": n, "doc": (load_job(n).__doc__ or "").strip()} for n in sorted(registered_jobs())]


__all__ = ["ChecksumJob", "FileListJob", "CdxJob", "CrawlLogJob", "UrlSearchJob", "MimeCountJob"]
