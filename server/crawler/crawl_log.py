"""crawl.log in Heritrix 3's format: one line per URI decision, fields in Heritrix's order.

    2024-05-01T10:00:00.123Z   200       5123 http://example.dk/a.html LE http://example.dk/
    text/html #012 20240501100000012+34 sha1:ABC... http://example.dk/ 2t,duplicate:"f,12"

(one line in the file). Fields: log time, fetch status, size (bytes of the HTTP response,
headers included, as Heritrix counts), URI, discovery path from the seed ('-' for seeds),
referrer ('-'), MIME type, worker id, fetch start + duration in ms, SHA-1 payload digest, seed
(source tag), annotations. Empty fields are '-' so that the line always splits into 12 fields.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TextIO


@dataclass
class LogEntry:
    status: int
    size: int
    url: str
    path: str = ""
    via: str | None = None
    mime: str | None = None
    worker: int = 0
    fetch_start: float | None = None  # epoch seconds
    duration_ms: int | None = None
    digest: str | None = None
    seed: str | None = None
    annotations: tuple[str, ...] | list[str] = ()


_last_second: list = [None, "", ""]  # second, its two forms: lines come many to a second


def _split(t: float) -> tuple[str, str, str]:
    """(``%Y-%m-%dT%H:%M:%S``, ``%Y%m%d%H%M%S``, milliseconds) of an epoch time in UTC, rounded to
    the microsecond as datetime.fromtimestamp rounds (half to even), then cut to milliseconds."""
    frac, whole = math.modf(t)
    us = round(frac * 1e6)
    if us >= 1_000_000:
        whole, us = whole + 1, us - 1_000_000
    elif us < 0:
        whole, us = whole - 1, us + 1_000_000
    if _last_second[0] != whole:
        tm = time.gmtime(whole)
        _last_second[:] = [whole, time.strftime("%Y-%m-%dT%H:%M:%S", tm), time.strftime("%Y%m%d%H%M%S", tm)]
    return _last_second[1], _last_second[2], f"{us // 1000:03d}"


def _ms_stamp(t: float) -> str:
    iso, _compact, ms = _split(t)
    return f"{iso}.{ms}Z"


def _fetch_stamp(t: float) -> str:
    _iso, compact, ms = _split(t)
    return compact + ms


def format_line(e: LogEntry, now: float | None = None) -> str:
    """One crawl.log line (without the newline)."""
    fetch = "-"
    if e.fetch_start is not None:
        fetch = _fetch_stamp(e.fetch_start) + (f"+{e.duration_ms}" if e.duration_ms is not None else "")
    fields = [
        _ms_stamp(time.time() if now is None else now),
        f"{e.status:>5}",
        f"{e.size:>10}",
        _clean(e.url),
        e.path or "-",
        _clean(e.via) if e.via else "-",
        _clean(e.mime) if e.mime else "-",
        f"#{e.worker:03d}",
        fetch,
        e.digest or "-",
        _clean(e.seed) if e.seed else "-",
        ",".join(a.replace(" ", "_") for a in e.annotations) if e.annotations else "-",
    ]
    return " ".join(fields)


def _clean(value: str) -> str:
    """A field never contains a space or line break: they would shift every later field."""
    return value.replace(" ", "%20").replace("\n", "%0A").replace("\r", "%0D") or "-"


FIELD_NAMES = ("timestamp", "status", "size", "url", "path", "via", "mime", "worker", "fetch",
               "digest", "seed", "annotations")


def parse_line(line: str) -> dict[str, str]:
    """Split a crawl.log line into its 12 named fields (for tests and the harvester)."""
    parts = line.split()
    if len(parts) < 12:
        raise ValueError(f"crawl.log line has {len(parts)} fields, expected 12: {line!r}")
    # Heritrix may append extra JSON after the annotations; keep it with them.
    parts = parts[:11] + [" ".join(parts[11:])]
    return dict(zip(FIELD_NAMES, parts, strict=True))


class CrawlLog:
    """Appends lines to crawl.log, flushing each so that a killed crawl loses no decision."""

    def __init__(self, path: str):
        self.path = path
        self._fh: TextIO = open(path, "a", encoding="utf-8", buffering=1 << 16)
        self.lines = 0

    def write(self, entry: LogEntry) -> None:
        self._fh.write(format_line(entry) + "\n")
        self._fh.flush()
        self.lines += 1

    def close(self) -> None:
        self._fh.close()
