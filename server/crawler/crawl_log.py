"""crawl.log in Heritrix 3's format: one line per URI decision, fields in Heritrix's order.

    2024-05-01T10:00:00.123Z   200       5123 http://example.dk/a.html LE http://example.dk/
    text/html #012 20240501100000012+34 sha1:ABC... http://example.dk/ 2t,duplicate:"f,12"

(one line in the file). Fields: log time, fetch status, size (bytes of the HTTP response,
headers included, as Heritrix counts), URI, discovery path from the seed ('-' for seeds),
referrer ('-'), MIME type, worker id, fetch start + duration in ms, SHA-1 payload digest, seed
(source tag), annotations. Empty fields are '-' so that the line always splits into 12 fields.
"""
from __future__ import annotations

import logging
import math
import os
import time
from dataclasses import dataclass

from server.crawler.disk_space import DiskSpace, is_no_space, keep_room

log = logging.getLogger(__name__)


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


def iso_ms(t: float) -> str:
    """An epoch time as ``2024-05-01T10:00:00.123Z`` (UTC, milliseconds cut as datetime gives
    them): crawl.log's log time, and the WARC-Date of the capture fetched at ``t``."""
    iso, _compact, ms = _split(t)
    return f"{iso}.{ms}Z"


_ms_stamp = iso_ms


def _fetch_stamp(t: float) -> str:
    _iso, compact, ms = _split(t)
    return compact + ms


def format_line(e: LogEntry, now: float | None = None) -> str:
    """One crawl.log line (without the newline), built by one f-string: a line per URI."""
    fetch = "-"
    if e.fetch_start is not None:
        fetch = _fetch_stamp(e.fetch_start)
        if e.duration_ms is not None:
            fetch = f"{fetch}+{e.duration_ms}"
    annotations = ",".join([a.replace(" ", "_") for a in e.annotations]) if e.annotations else "-"
    stamp = _ms_stamp(time.time() if now is None else now)
    return (f"{stamp} {e.status:>5} {e.size:>10} {_clean(e.url)} {e.path or '-'} "
            f"{_clean(e.via) if e.via else '-'} {_clean(e.mime) if e.mime else '-'} #{e.worker:03d} {fetch} "
            f"{e.digest or '-'} {_clean(e.seed) if e.seed else '-'} {annotations}")


def _clean(value: str) -> str:
    """A field never contains a space or line break: they would shift every later field."""
    if " " in value or "\n" in value or "\r" in value:
        value = value.replace(" ", "%20").replace("\n", "%0A").replace("\r", "%0D")
    return value or "-"


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


#: Blocks kept allocated past crawl.log's end (about a thousand lines), so that the lines of a
#: crawl paused by a full disk, and of its stop, are written although another process may have
#: taken every free block meanwhile (even the reserve the crawler freed for itself).
ROOM_BYTES = 256 << 10


class CrawlLog:
    """Appends lines to crawl.log, each written at once so that a killed crawl loses no decision.

    ``ROOM_BYTES`` past the file's end stay allocated (``fallocate`` keeping the size, renewed as
    the file grows), so lines go on being written into that room while the disk is full. Only
    when the room is used up too (or the file system cannot keep one) is a line that cannot be
    written held in memory, with every later one, and the file cut back to its last whole line;
    ``space`` pauses the crawl and calls :meth:`write_held` when space returns, so the lines arrive
    late but whole and in order. Closing gives the room back."""

    def __init__(self, path: str, space: DiskSpace | None = None):
        self.path = path
        self.space = space
        self._fh = open(path, "ab", buffering=0)  # unbuffered: a failed write leaves nothing behind
        self._size = self._fh.seek(0, os.SEEK_END)
        self._room_end = self._size
        self._held: list[bytes] = []
        self.lines = 0
        self._keep_room()
        if space is not None:
            space.retry_hooks.append(self.write_held)

    def _keep_room(self) -> None:
        # renewed when half used: one fallocate per ~128 KiB of lines, none while the disk is full
        if self._room_end - self._size >= ROOM_BYTES // 2 or (self.space is not None and self.space.full):
            return
        if keep_room(self._fh.fileno(), self._size, ROOM_BYTES):
            self._room_end = self._size + ROOM_BYTES

    def _fits_in_room(self) -> bool:
        return sum(map(len, self._held)) <= self._room_end - self._size

    def write(self, entry: LogEntry) -> None:
        self._held.append((format_line(entry) + "\n").encode("utf-8"))
        self.lines += 1
        if self.space is not None and self.space.full and not self._fits_in_room():
            return  # held until space returns: the disk is not asked again for every line
        try:
            self.write_held()
        except Exception as exc:
            if self.space is None or not is_no_space(exc):
                raise
            self.space.hit(exc, "crawl.log")
            return
        self._keep_room()

    def write_held(self) -> None:
        """Write the lines held back (all, or none: the file is cut back to where they began)."""
        if not self._held:
            return
        data = b"".join(self._held)
        try:
            done = 0
            while done < len(data):
                done += self._fh.write(data[done:])
        except BaseException:
            os.ftruncate(self._fh.fileno(), self._size)
            self._room_end = self._size  # a truncate may give the room back (ext4 does)
            raise
        self._size += len(data)
        self._held.clear()

    @property
    def held(self) -> int:
        return len(self._held)

    def close(self) -> None:
        try:
            self.write_held()
        except Exception as exc:
            if not is_no_space(exc):
                raise
            log.error("crawl.log: %d lines could not be written, the disk is full: %s", len(self._held), exc)
        finally:
            try:
                if self._room_end > self._size:
                    os.ftruncate(self._fh.fileno(), self._size)  # gives the room back (ext4, XFS)
            finally:
                self._fh.close()
