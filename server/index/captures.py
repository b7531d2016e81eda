"""Captures: crawl.log lines joined with CDX records, one tab-separated row per capture.

Row fields (``F_*`` below)::

    surt  timestamp  url  status  mime  digest  file  offset  length  orig_file  orig_offset  orig_ts  job  flags  date

``file``/``offset``/``length`` locate the capture's own record (a response, or a revisit); for a
deduplicated capture ``orig_*`` locate the original, from crawl.log's
``duplicate:"<file>,<offset>,<timestamp>"`` annotation — that is why the crawl.log is joined with
the CDX (the seeds' CrawlLogIndexCache): the CDX alone knows only the revisit record. ``flags``
holds ``R`` for a revisit and ``T`` for a truncated capture; ``-`` marks an empty field.
``date`` is the time, to the millisecond when crawl.log gives it (17 digits), of the record a
later revisit would name: the capture's own for a response (crawl.log's fetch time, which is its
WARC-Date), the original's for a revisit (from the ``duplicate:`` annotation); ``-`` when only
the 14-digit timestamp is known. A revisit's ``WARC-Refers-To-Date`` is made from it.

Rows sort by their text, which is the order of (SURT, timestamp, URL): SURTs and timestamps
hold no character below the tab. The join is a merge of two inputs sorted that way, so a job of
any size is joined in bounded memory.
"""
from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from shared.warc.cdx import surt as _slow_surt

(F_SURT, F_TS, F_URL, F_STATUS, F_MIME, F_DIGEST, F_FILE, F_OFFSET, F_LENGTH, F_ORIG_FILE, F_ORIG_OFFSET,
 F_ORIG_TS, F_JOB, F_FLAGS, F_DATE) = range(15)
NFIELDS = 15
TRUNCATIONS = ("lenTrunc", "timeTrunc", "midFetchTrunc")
_DUPLICATE = re.compile(r'duplicate:"([^"]*)"')
_UNSAFE = str.maketrans({"\t": "%09", "\n": "%0A", "\r": "%0D", " ": "%20"})


_NEEDS_CLEANING = re.compile(r"[\t\n\r ]").search
_WWW = re.compile(r"^www\d*\.")
_ODD_QUERY = re.compile(r"sid|sess|cfid|&&|^&|&$", re.I).search
# scheme, netloc (plain ASCII host and port: anything else goes the slow way), path, query
_PLAIN_URL = re.compile(r"(https?)://([A-Za-z0-9._:-]+)((?:/[^?#\t\n\r ]*)?)"
                        r"(?:\?([^#\t\n\r ]*))?(?:#[^\t\n\r ]*)?\Z").match


def clean(value: str | None) -> str:
    """A field value that cannot break a row (no tab, line break or space); '-' when empty."""
    if not value:
        return "-"
    return value.translate(_UNSAFE) if _NEEDS_CLEANING(value) else value


def surt(url: str) -> str:
    """:func:`shared.warc.cdx.surt` (the CDX's key), computed without urllib for the plain
    http(s) URLs that are nearly all of a crawl; anything unusual takes the CDX's own function,
    so the two always agree (tests/unit/index/test_captures.py checks it)."""
    m = _PLAIN_URL(url)
    if m is None:
        return _slow_surt(url)
    scheme, netloc, path, query = m.groups()
    if "%" in url or "//" in path or "/." in path or (query is not None and _ODD_QUERY(query)) \
            or not url.isascii() or not url.isprintable():
        return _slow_surt(url)  # escapes to normalise, dot or empty segments, session ids, empty arguments
    host, colon, port = netloc.partition(":")
    host = host.lower().strip(".")
    if host.startswith("www"):
        host = _WWW.sub("", host)
    if not host:
        return _slow_surt(url)
    key = ",".join(reversed(host.split(".")))
    if port and port.isdigit() and port.isascii():
        n = int(port)
        if 0 < n <= 65535 and n != (80 if scheme == "http" else 443):
            key += f":{n}"
    path = path.lower() or "/"
    if len(path) > 1 and path[-1] == "/":
        path = path[:-1]
    if query:
        args = sorted(tuple(a.split("=", 1)) for a in query.lower().split("&"))
        return f"{key}){path}?{'&'.join('='.join(a) for a in args)}"
    return f"{key}){path}"


def url_key(url: str) -> str:
    """The lookup key of a URL: its SURT (as in the CDX), safe for a row."""
    return clean(surt(url))


def timestamp14(value: str) -> str:
    """The first 14 digits of a WARC/crawl.log/CDX time (``20240501100000``)."""
    head = value[:14]
    if len(head) == 14 and head.isdigit():
        return head
    digits = "".join(c for c in value[:40] if c.isdigit())[:14]
    return digits.ljust(14, "0") if digits else "-"


def warc_date(ts: str) -> str:
    """``20240501100000`` → ``2024-05-01T10:00:00Z``, ``20240501100000123`` →
    ``2024-05-01T10:00:00.123Z`` (WARC-Date form, as the crawler writes it)."""
    t = ts
    frac = f".{t[14:]}" if len(t) > 14 else ""
    return f"{t[0:4]}-{t[4:6]}-{t[6:8]}T{t[8:10]}:{t[10:12]}:{t[12:14]}{frac}Z"


def timestamp17(value: str) -> str:
    """The 17 digits (to the millisecond) of a crawl.log fetch time or annotation, '-' if it has fewer."""
    digits = value.split("+", 1)[0].strip()[:17]
    return digits if len(digits) == 17 and digits.isdigit() else "-"


def _digest(value: str) -> str:
    if not value or value == "-":
        return "-"
    return value if ":" in value else "sha1:" + value  # Heritrix 1 wrote the bare base-32 SHA-1


def duplicate_of(annotations: str) -> tuple[str, str, str, str] | None:
    """(file, offset, timestamp, 17-digit timestamp) from ``duplicate:"file,offset[,timestamp]"``;
    timestamp '-' when the annotation is the older two-part form, the 17 digits '-' unless the
    annotation gives the original's time to the millisecond."""
    m = _DUPLICATE.search(annotations)
    if not m:
        return None
    parts = m.group(1).split(",")
    if len(parts) < 2 or not parts[1].strip().isdigit():
        return None
    stamp = parts[2].strip() if len(parts) > 2 else ""
    ts = timestamp14(stamp) if stamp else "-"
    return clean(parts[0].strip()), parts[1].strip(), ts, timestamp17(stamp) if stamp else "-"


def crawl_log_row(line: str, job: str) -> str | None:
    """A crawl.log line as a (partial) capture row, or None for lines that are no capture (failed
    fetches, short lines)."""
    f = line.split()
    if len(f) < 11:
        return None
    status = f[1]
    if not status.lstrip("-").isdigit() or int(status) <= 0:
        return None
    url = f[3]
    fetch = f[8]
    ts = timestamp14(fetch) if fetch != "-" else timestamp14(f[0])
    annotations = " ".join(f[11:]) if len(f) > 11 else ""
    orig = duplicate_of(annotations) if "duplicate:" in annotations else None
    flags = ""
    if orig:
        flags += "R"
    if any(t in annotations for t in TRUNCATIONS):
        flags += "T"
    o = orig or ("-", "-", "-", timestamp17(fetch) if fetch != "-" else "-")
    # split() leaves no whitespace in a field: nothing to clean
    return "\t".join((url_key(url), ts, url, status, f[6], _digest(f[9]), "-", "-", "-",
                      o[0], o[1], o[2], job, flags or "-", o[3])) + "\n"


def cdx_row(line: str, job: str) -> str | None:
    """A CDXJ line (or an 11-field CDX line) of the job's metadata as a capture row."""
    if not line or line.startswith(" CDX") or line.startswith("!"):
        return None
    key, _, rest = line.partition(" ")
    ts, _, data = rest.partition(" ")
    data = data.strip()
    if data.startswith("{"):
        try:
            d = json.loads(data)
        except ValueError:
            return None
        url, mime, status = d.get("url", ""), d.get("mime") or "-", d.get("status") or "-"
        digest, filename = d.get("digest") or "-", d.get("filename")
        offset, length = str(d.get("offset", "")), str(d.get("length", "-"))
    else:
        f = data.split()
        if len(f) < 9:
            return None
        url, mime, status, digest = f[0], f[1], f[2], f[3]
        length, offset, filename = f[6], f[7], f[8]
    if not filename or not offset.isdigit() or not url:
        return None
    flags = "-"
    if mime == "warc/revisit":
        # A revisit line carries no status (pywb's form): the record's own headers have it, and
        # crawl.log's line (joined later) gives both. Without one, the MIME type says "revisit".
        flags = "R"
        mime = "-" if status not in ("-", "") else mime
    return "\t".join((clean(key), timestamp14(ts), clean(url), str(status), clean(mime), _digest(digest),
                      clean(filename), offset, length or "-", "-", "-", "-", job, flags, "-")) + "\n"


def _split(lines: Iterable[str]) -> Iterator[list[str]]:
    for line in lines:
        yield line.rstrip("\n").split("\t")


def _group_key(row: list[str]) -> tuple[str, str]:
    return row[F_SURT], row[F_TS]


def join(crawl_rows: Iterable[str], cdx_rows: Iterable[str]) -> Iterator[str]:
    """Full outer merge-join of sorted crawl.log rows with sorted CDX rows on (SURT, timestamp,
    URL); yields complete rows in order. A crawl.log row takes its record's file, offset and
    length from the CDX; a CDX record no crawl.log line describes is kept as it is."""
    a = itertools.groupby(_split(crawl_rows), key=_group_key)
    b = itertools.groupby(_split(cdx_rows), key=_group_key)
    ka, ga = next(a, (None, None))
    kb, gb = next(b, (None, None))
    while ka is not None or kb is not None:
        if kb is None or (ka is not None and ka < kb):
            out = list(ga)
            ka, ga = next(a, (None, None))
        elif ka is None or kb < ka:
            out = list(gb)
            kb, gb = next(b, (None, None))
        else:
            out = _pair(list(ga), list(gb))
            ka, ga = next(a, (None, None))
            kb, gb = next(b, (None, None))
        lines = ["\t".join(r) + "\n" for r in out]
        if len(lines) > 1:
            lines.sort()  # the rows of one (SURT, second): a handful at most
        yield from lines


def _pair(crawl: list[list[str]], cdx: list[list[str]]) -> list[list[str]]:
    """Match the captures of one (SURT, second): same URL and digest first, then same URL."""
    left = list(cdx)
    out = []
    for row in crawl:
        match = next((c for c in left if c[F_URL] == row[F_URL] and c[F_DIGEST] == row[F_DIGEST]), None)
        if match is None:
            match = next((c for c in left if c[F_URL] == row[F_URL]), None)
        if match is not None:
            left.remove(match)
            row[F_FILE], row[F_OFFSET], row[F_LENGTH] = match[F_FILE], match[F_OFFSET], match[F_LENGTH]
            if row[F_DIGEST] == "-":
                row[F_DIGEST] = match[F_DIGEST]
            if "R" in match[F_FLAGS] and "R" not in row[F_FLAGS]:
                row[F_FLAGS] = ("R" + row[F_FLAGS]).replace("-", "")
        out.append(row)
    return out + left


class Capture(NamedTuple):
    """One capture of a URL, as the full index answers it."""

    url: str
    timestamp: str
    status: str
    mime: str
    digest: str
    filename: str
    offset: int | None
    length: int | None
    job_id: int
    revisit_of_filename: str | None
    revisit_of_offset: int | None
    revisit_of_timestamp: str | None

    @classmethod
    def from_row(cls, row: list[str]) -> Capture:
        def opt(v: str) -> str | None:
            return None if v == "-" else v

        def num(v: str) -> int | None:
            return int(v) if v.isdigit() else None

        return cls(row[F_URL], row[F_TS], row[F_STATUS], row[F_MIME], row[F_DIGEST], row[F_FILE],
                   num(row[F_OFFSET]), num(row[F_LENGTH]), int(row[F_JOB]) if row[F_JOB].isdigit() else 0,
                   opt(row[F_ORIG_FILE]), num(row[F_ORIG_OFFSET]), opt(row[F_ORIG_TS]))


def located(row: list[str]) -> bool:
    """Whether the capture can be found in the archive (its own record or its original's)."""
    return row[F_OFFSET] != "-" or row[F_ORIG_OFFSET] != "-"


def dedup_source(row: list[str], exclude: re.Pattern[str]) -> tuple[str, str, str, str] | None:
    """(url, file, offset, timestamp) of the record a later harvest may refer to instead of
    storing this capture's payload again (the timestamp in 17 digits when known), or None when the
    capture is no deduplication source: not 2xx, truncated, no digest, a MIME type the filter
    excludes (text by default), or no known location. A revisit points to its original."""
    status = row[F_STATUS]
    if not (len(status) == 3 and status[0] == "2") or "T" in row[F_FLAGS] or row[F_DIGEST] == "-":
        return None
    mime = row[F_MIME]
    if mime == "-" or exclude.match(mime):
        return None
    if "R" in row[F_FLAGS]:
        if row[F_ORIG_OFFSET] == "-" or row[F_ORIG_TS] == "-":
            return None
        return row[F_URL], row[F_ORIG_FILE], row[F_ORIG_OFFSET], _precise(row, row[F_ORIG_TS])
    if row[F_OFFSET] == "-":
        return None
    return row[F_URL], row[F_FILE], row[F_OFFSET], _precise(row, row[F_TS])


def _precise(row: list[str], ts14: str) -> str:
    """The row's 17-digit date when it has one that agrees with ``ts14``, else ``ts14``."""
    date = row[F_DATE] if len(row) > F_DATE else "-"
    return date if date != "-" and date.startswith(ts14) else ts14
