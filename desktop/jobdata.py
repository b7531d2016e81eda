"""A job's own data as the archive keeps it: its metadata WARC (crawl.log, reports, logs, setup),
read from the URL the ``arcrepository`` hands out, and the crawl log's lines filtered.

No Qt here: the job details controller runs these functions in worker threads, so a large crawl
log never freezes the window (``desktop/controllers/job_details.py``).
"""
from __future__ import annotations

import dataclasses
import fnmatch
import re
import tempfile
from array import array
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

#: crawl.log fields, as Heritrix writes them (the crawler here writes the same).
CRAWL_LOG_FIELDS = ("time", "status", "size", "url", "discovery", "referrer", "mime", "thread", "fetch",
                    "digest", "source", "annotations")

MAX_BYTES = 2 * 1024 ** 3          # a metadata WARC bigger than this is not read into the desktop


class JobDataError(Exception):
    """The job's metadata could not be read: ``code`` says why (checksum_mismatch, invalid_warc,
    too_large, unavailable); ``detail`` is for the details line."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(detail or code)
        self.code, self.detail = code, detail


@dataclasses.dataclass
class MetadataRecord:
    kind: str          # setup, reports, logs, index
    name: str          # crawl.log, hosts-report.txt, cdx ...
    uri: str
    content_type: str
    text: str


@dataclasses.dataclass
class JobMetadata:
    file: str
    crawl_log: list[str]
    records: list[MetadataRecord]

    @property
    def reports(self) -> list[MetadataRecord]:
        """What a person reads: reports, logs other than crawl.log, setup (not the CDX)."""
        return [r for r in self.records if r.kind != "index" and not (r.kind == "logs" and r.name == "crawl.log")]


def record_name(uri: str) -> tuple[str, str]:
    """``metadata://netarkivet.dk/crawl/logs/crawl.log?...`` → (``logs``, ``crawl.log``)."""
    path = urlsplit(uri).path.strip("/").split("/")
    # path is crawl/<kind>/<name>
    if len(path) >= 3:
        return path[1], "/".join(path[2:])
    return "", path[-1] if path else uri


def read_metadata(fileobj, file_name: str = "") -> JobMetadata:
    """Every metadata record of a metadata WARC (a binary file object)."""
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    crawl_log: list[str] = []
    records: list[MetadataRecord] = []
    try:
        for rec in ArchiveIterator(fileobj):
            if rec.rec_type not in ("metadata", "resource"):
                continue
            uri = rec.rec_headers.get_header("WARC-Target-URI") or ""
            kind, name = record_name(uri)
            data = rec.content_stream().read()
            text = data.decode("utf-8", errors="replace")
            ctype = rec.rec_headers.get_header("Content-Type") or ""
            if kind == "logs" and name == "crawl.log":
                crawl_log = text.splitlines()
            records.append(MetadataRecord(kind, name, uri, ctype, text if kind != "index" else ""))
    except (ArchiveLoadFailed, OSError, ValueError) as exc:
        raise JobDataError("invalid_warc", f"{file_name}: {exc}") from None
    return JobMetadata(file_name, crawl_log, records)


def fetch_metadata(url: str, checksum: str | None, file_name: str,
                   get: Callable[..., object] | None = None) -> JobMetadata:
    """Stream the file from ``url`` (a bitarchive's file server), check its MD5, read it."""
    from desktop.downloads import DownloadError, stream

    with tempfile.TemporaryFile() as tmp:
        try:
            stream(url, tmp.write, checksum, MAX_BYTES, get=get)
        except DownloadError as exc:
            raise JobDataError(exc.code, f"{file_name}: {exc.detail}") from None
        tmp.seek(0)
        return read_metadata(tmp, file_name)


def split_line(line: str) -> list[str]:
    """One crawl.log line as its fields (annotations keep their commas; missing fields are "")."""
    parts = line.split(None, 11)
    if len(parts) < 12:
        parts += [""] * (12 - len(parts))
    return parts


@dataclasses.dataclass
class CrawlLogFilter:
    """Status: codes and classes separated by commas or spaces (``200``, ``4xx``, ``-2``, ``<0``
    for every failure to fetch); mime: a part of the type (``image``, ``text/html``); url: a glob
    (``*.jpg``, ``*/news/*``) or, without ``*``/``?``, a part of the URL. Case does not matter."""

    status: str = ""
    mime: str = ""
    url: str = ""

    def __post_init__(self) -> None:
        self._status = _status_matcher(self.status)
        self._mime = self.mime.strip().lower()
        pattern = self.url.strip().lower()
        if pattern and any(c in pattern for c in "*?["):
            self._url = re.compile(fnmatch.translate(pattern)).match
        elif pattern:
            self._url = lambda u, p=pattern: p in u
        else:
            self._url = None

    @property
    def empty(self) -> bool:
        return not (self.status.strip() or self._mime or self._url)

    def matches(self, fields: Sequence[str]) -> bool:
        if self._status is not None:
            try:
                code = int(fields[1])
            except ValueError:
                return False
            if not self._status(code):
                return False
        if self._mime and self._mime not in fields[6].lower():
            return False
        if self._url is not None and not self._url(fields[3].lower()):
            return False
        return True


class FilterProblem(ValueError):
    """A status filter that cannot be read; ``text`` is the offending part."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


def _status_matcher(spec: str) -> Callable[[int], bool] | None:
    tests: list[Callable[[int], bool]] = []
    for part in re.split(r"[,\s]+", spec.strip()):
        if not part:
            continue
        p = part.lower()
        if re.fullmatch(r"[1-5]xx", p):
            lo = int(p[0]) * 100
            tests.append(lambda c, lo=lo: lo <= c < lo + 100)
        elif p == "<0":
            tests.append(lambda c: c < 0)
        elif re.fullmatch(r"-?\d+", p):
            tests.append(lambda c, v=int(p): c == v)
        else:
            raise FilterProblem(part)
    if not tests:
        return None
    return lambda c: any(t(c) for t in tests)


def filter_lines(lines: Sequence[str], flt: CrawlLogFilter, cancelled: Callable[[], bool] = lambda: False) -> array:
    """Indexes of the lines that match (all of them for an empty filter)."""
    if flt.empty:
        return array("l", range(len(lines)))
    out = array("l")
    for i, line in enumerate(lines):
        if i % 20000 == 0 and cancelled():
            break
        if flt.matches(split_line(line)):
            out.append(i)
    return out
