"""WARC 1.1 output: named, rotated files of gzip-per-record WARC records.

Each fetch becomes one *unit* of consecutive records (request, response or revisit, metadata),
written and flushed together; a ``dns:`` response and the warcinfo record are units of their
own. Resume relies on that: a unit is complete only when its last record is (see resume.py).

Files are written under ``<name>.open`` and renamed when closed. The ``before_close`` callback
runs first, so that the frontier can commit the fact that everything in the file is done before
the file looks finished to anyone else.

A write that fails (a full disk above all, see disk_space.py) never leaves part of a unit behind:
the file is truncated back to where the unit began, so it always ends on a record boundary and
stays valid, and the caller may write the unit again. The async writers do that themselves:
with a ``space`` (DiskSpace) they pause until space returns and retry.

For golden-file tests, the record-id maker, the clock and the host name can be replaced.
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import os
import re
import shutil
import socket
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

try:
    # zlib-ng: the same DEFLATE format and levels, about twice as fast as zlib at level 6 (#36:
    # gzip was a tenth of a URI's CPU); members it writes are read by every gzip reader
    from zlib_ng import zlib_ng as zlib
except ImportError:  # pragma: no cover - zlib-ng is a pinned dependency; zlib writes the same format
    import zlib

try:
    # ISA-L (Intel's deflate): small request and metadata records, see _gzip_small
    from isal import igzip_lib
except ImportError:  # pragma: no cover - isal is a pinned dependency; zlib-ng writes the same format
    igzip_lib = None

from server.crawler.crawl_log import iso_ms
from server.crawler.disk_space import DiskSpace, is_no_space
from server.crawler.http_client import Capture
from server.crawler.spool import b32_digest

log = logging.getLogger(__name__)
T = TypeVar("T")

OPEN_SUFFIX = ".open"
GZIP_LEVEL = 6
#: Request and metadata records up to this size are gzipped by ISA-L (``_gzip_small``).
SMALL_RECORD = 2048
_WARCIO_ONLY = False  # tests set it to compare the direct writer with warcio's output
_NAME = re.compile(r"^(?P<job>[^-]+)-(?P<harvest>[^-]+)-(?P<ts>\d{17})-(?P<serial>\d{5})-(?P<host>.+)\.warc\.gz")


def sha1_digest(data: bytes) -> str:
    """WARC/Heritrix digest form: ``sha1:`` and the base-32 SHA-1."""
    return b32_digest(hashlib.sha1(data).digest())


#: Random bytes for record ids, 16 per id, drawn from the system 4 KB at a time: three
#: ``getrandom`` calls per capture were a quarter of its system calls. ``list.pop`` is atomic, so
#: threads writing large captures never share an id; a forked child starts with none.
_RANDOM_IDS: list[bytes] = []
os.register_at_fork(after_in_child=_RANDOM_IDS.clear)


def _random_16() -> bytes:
    while True:
        try:
            return _RANDOM_IDS.pop()
        except IndexError:
            raw = os.urandom(4096)
            _RANDOM_IDS.extend([raw[i:i + 16] for i in range(0, 4096, 16)])


def default_record_id() -> str:
    """A random (version 4) UUID URN, as ``uuid.uuid4()`` makes it without its Python-level class."""
    b = bytearray(_random_16())
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"<urn:uuid:{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}>"


def warc_date(dt: datetime) -> str:
    """WARC 1.1 date to the millisecond: the precision of crawl.log's fetch time, cut from the same
    instant, so that the index server (which knows captures from crawl.log) can give a revisit's
    WARC-Refers-To-Date as the original's WARC-Date exactly (docs/decisions/crawler-digests-and-annotations.md)."""
    dt = dt.astimezone(UTC)
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


@dataclass
class Written:
    """Where a capture's main record went (for crawl.log, dedup and the seeds' CDX)."""

    filename: str
    offset: int
    record_id: str
    date: str
    size: int = 0  # block length (dns: records: crawl.log's size)
    digest: str = ""


class WarcFiles:
    """The job's WARC files: opens, writes, rotates at ``max_size`` and closes."""

    def __init__(self, directory: str, job_id: str, harvest_id: str, max_size: int, info: dict[str, str],
                 *, make_id: Callable[[], str] = default_record_id,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC),
                 hostname: str | None = None, name_suffix: str = "",
                 before_close: Callable[[str], None] | None = None, space: DiskSpace | None = None):
        self.directory = directory
        self.prefix = f"{job_id}-{harvest_id}"
        self.max_size = max_size
        self.info = info
        self.make_id = make_id
        self.clock = clock
        self.hostname = re.sub(r"[^A-Za-z0-9.]", "_", hostname or socket.gethostname()) or "localhost"
        # one part of a crawl run over several processes ("-s01"): its files' names differ from the others'
        self.hostname += name_suffix
        self.before_close = before_close
        self.space = space  # None: a full disk's error goes to the caller (after the file is put right)
        self.serial = next_serial(directory)
        self._fh = None
        self._path = ""
        self.closed_files: list[str] = []
        self.records_written = 0
        self.bytes_written = 0
        self._lock: asyncio.Lock | None = None

    # -- files ----------------------------------------------------------------------------
    @property
    def current_name(self) -> str:
        return os.path.basename(self._path)[: -len(OPEN_SUFFIX)] if self._path else ""

    def _open(self) -> None:
        stamp = self.clock().astimezone(UTC).strftime("%Y%m%d%H%M%S%f")[:17]
        name = f"{self.prefix}-{stamp}-{self.serial:05d}-{self.hostname}.warc.gz"
        self.serial += 1
        self._path = os.path.join(self.directory, name + OPEN_SUFFIX)
        try:
            self._fh = open(self._path, "wb")
            self._fh.write(_warcinfo(name, self.info, self.make_id(), warc_date(self.clock())))
            self._fh.flush()
        except BaseException:
            # a file without its warcinfo is no WARC file: gone, and its name is free again
            _close_quietly(self._fh)
            _remove(self._path)
            self.serial -= 1
            self._fh = None
            self._path = ""
            raise
        self.records_written += 1

    def close(self) -> None:
        """Close the current file (if any) and give it its final name. When ``before_close``
        fails (the frontier's commit on a full disk) the file stays open and whole."""
        if self._fh is None:
            return
        self._fh.flush()
        if self.before_close:
            self.before_close(self._path)
        self.bytes_written += self._fh.tell()
        self._fh.close()
        final = self._path[: -len(OPEN_SUFFIX)]
        os.replace(self._path, final)
        self.closed_files.append(final)
        self._fh = None
        self._path = ""

    def _ready(self) -> None:
        if self._fh is None:
            self._open()

    def _after_unit(self) -> None:
        assert self._fh is not None
        if self._fh.tell() >= self.max_size:
            try:
                self.close()
            except Exception as exc:
                if not is_no_space(exc):
                    raise
                # the unit is whole on disk; the file is closed after a later unit instead
                log.warning("could not close %s for now: %s", self.current_name, exc)

    def _unit(self, write: Callable[[], T]) -> T:
        """Run one unit's ``write`` (into the current file, opened if need be) and flush it. If
        anything fails, the file is truncated back to where the unit began before the error
        goes on, so that the file always ends on a record boundary."""
        self._ready()
        assert self._fh is not None
        start = self._fh.tell()
        try:
            result = write()
            self._fh.flush()
        except BaseException:
            self._rewind(start)
            raise
        return result

    def _rewind(self, start: int) -> None:
        """Drop what a failed unit left in the file and in the write buffer. The buffered file
        is closed (its flush fails again on a full disk, its descriptor is closed all the same)
        and opened again, truncated to ``start``: shrinking a file needs no free space."""
        _close_quietly(self._fh)
        fh = open(self._path, "r+b")
        fh.truncate(start)
        fh.seek(start)
        self._fh = fh

    # -- units ----------------------------------------------------------------------------
    def write_capture(self, capture: Capture, payload_digest: str, metadata: list[tuple[str, str]],
                      revisit_of: tuple[str, str] | None = None) -> Written:
        """Write request, response (or revisit when ``revisit_of`` = (target URI, date)) and
        metadata records for one fetch."""
        self._ready()  # a new file's warcinfo first: its id is the first one made
        response_id = self.make_id()
        ids = (self.make_id(), response_id, self.make_id())
        offset, date = self._unit(lambda: _write_unit(self._fh, capture, payload_digest, metadata, revisit_of, ids,
                                                      self.make_id, self.clock))
        self.records_written += 3
        name = self.current_name
        self._after_unit()
        return Written(name, offset, response_id, date)

    @property
    def lock(self) -> asyncio.Lock:
        """Held by whoever writes to the current file from the event loop (see write_capture_async)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    async def write_capture_async(self, capture: Capture, payload_digest: str, metadata: list[tuple[str, str]],
                                  revisit_of: tuple[str, str] | None = None) -> Written:
        """``write_capture`` without holding up the event loop: a spooled (large) capture is
        gzipped into a unit file by a worker thread, in parallel with other fetches and writes,
        then appended to the current WARC file under the lock. Units stay whole and in one
        file; small captures are written at once, as before."""
        if capture.spool_path is None or revisit_of is not None:
            return await self._locked(lambda: self.write_capture(capture, payload_digest, metadata, revisit_of),
                                      capture.url)
        loop = asyncio.get_running_loop()
        response_id = self.make_id()  # ids on the loop: a test's id maker need not be thread-safe
        ids = (self.make_id(), response_id, self.make_id())
        unit_path = capture.spool_path + ".unit"
        try:
            while True:
                try:
                    offset, date = await _uncancelled(loop.run_in_executor(
                        None, _build_unit_file, unit_path, capture, payload_digest, metadata, ids, self.make_id,
                        self.clock))
                    async with self.lock:
                        self._ready()
                        assert self._fh is not None
                        start = self._fh.tell()
                        name = self.current_name
                        # the thread writes to the file while the lock keeps every other writer out
                        await _uncancelled(loop.run_in_executor(
                            None, self._unit, functools.partial(_append_file, unit_path, self._fh)))
                        self.records_written += 3
                        self._after_unit()
                    break
                except Exception as exc:
                    self._no_space(exc, capture.url)
                await self._wait_for_space()
        finally:
            _remove(unit_path)
        return Written(name, start + offset, response_id, date)

    async def write_dns_async(self, host: str, addresses: list[str], when: datetime, ttl: int = 0) -> Written:
        return await self._locked(lambda: self.write_dns(host, addresses, when, ttl), f"dns:{host}")

    async def _locked(self, write: Callable[[], T], url: str) -> T:
        """``write()`` under the lock; on a full disk (the unit was taken back out of the file)
        again once space returns."""
        while True:
            async with self.lock:
                try:
                    return write()
                except Exception as exc:
                    self._no_space(exc, url)
            await self._wait_for_space()

    def _no_space(self, exc: Exception, url: str) -> None:
        """Re-raise ``exc`` unless it is a full disk that ``space`` pauses the crawl for."""
        if self.space is None or not is_no_space(exc):
            raise exc
        self.space.hit(exc, f"the WARC record of {url}")

    async def _wait_for_space(self) -> None:
        assert self.space is not None
        await self.space.wait()  # CrawlStopped when the crawl stops meanwhile: the unit was not written

    async def write_resources_async(self, records: list[tuple[str, str, bytes]],
                                    headers: list[tuple[str, str]], when: datetime) -> list[str]:
        """``resource`` records (target URI, content type, block) written as one unit, each with
        the extra WARC ``headers`` (a browser page's screenshot and text, tied to its response
        with WARC-Concurrent-To). Returns their record ids."""
        ids = [self.make_id() for _ in records]

        def write() -> list[str]:
            self._ready()
            date = warc_date(when)

            def unit() -> None:
                assert self._fh is not None
                for record_id, (uri, ctype, block) in zip(ids, records, strict=True):
                    digest = sha1_digest(block)
                    self._fh.write(_gzip_member(_record_bytes(
                        [("WARC-Type", "resource"), ("WARC-Target-URI", uri), ("WARC-Date", date),
                         ("WARC-Record-ID", record_id), *headers, ("WARC-Block-Digest", digest),
                         ("WARC-Payload-Digest", digest), ("Content-Type", ctype)], block)))

            self._unit(unit)
            self.records_written += len(records)
            self._after_unit()
            return ids

        return await self._locked(write, records[0][0] if records else "")

    def write_dns(self, host: str, addresses: list[str], when: datetime, ttl: int = 0) -> Written:
        """A ``dns:`` response record as Heritrix writes it: the lookup time, then one
        resource record per address in zone-file form."""
        self._ready()  # before the unit: a new file's warcinfo is a unit of its own
        lines = [when.astimezone(UTC).strftime("%Y%m%d%H%M%S")]
        for address in addresses:
            kind = "AAAA" if ":" in address else "A"
            lines.append(f"{host}.\t{ttl}\tIN\t{kind}\t{address}")
        body = ("\n".join(lines) + "\n").encode("ascii")
        date = warc_date(when)
        record_id = self.make_id()
        digest = sha1_digest(body)
        record = _gzip_small(_record_bytes(
            [("WARC-Type", "response"), ("WARC-Target-URI", f"dns:{host}"), ("WARC-Date", date),
             ("WARC-Record-ID", record_id), ("WARC-Block-Digest", digest), ("WARC-Payload-Digest", digest),
             ("Content-Type", "text/dns")], body))
        offset = self._unit(lambda: _offset_of(self._fh, self._fh.write, record))
        self.records_written += 1
        name = self.current_name
        self._after_unit()
        return Written(name, offset, record_id, date, len(body), digest)


def _warcinfo(name: str, info: dict[str, str], record_id: str, date: str) -> bytes:
    """A new file's warcinfo record, gzipped: the fields of ``info`` that have a value."""
    block = "".join(f"{k}: {v}\r\n" for k, v in info.items() if v).encode("utf-8")
    return _gzip_small(_record_bytes(
        [("WARC-Type", "warcinfo"), ("WARC-Record-ID", record_id), ("WARC-Filename", name), ("WARC-Date", date),
         ("WARC-Block-Digest", sha1_digest(block)), ("Content-Type", "application/warc-fields")], block))


def _gzip_member(data: bytes) -> bytes:
    """One gzip member at GZIP_LEVEL. The window and hash table are sized to the record (a window
    as long as the data loses no match): setting up zlib's full 256 KB state cost ten times the
    compression of a 300-byte request record."""
    bits = max(9, min(zlib.MAX_WBITS, len(data).bit_length()))
    c = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, bits + 16, max(1, min(8, bits - 6)))
    return c.compress(data) + c.flush()


def _gzip_small(data: bytes) -> bytes:
    """One gzip member of a request or metadata record: ISA-L's level 1 when the record is at
    most ``SMALL_RECORD`` bytes, else ``_gzip_member``. On records of WARC and HTTP header lines
    that small, ISA-L's level 1 makes members as small as zlib's level 6 (within ±1 %) in half
    the time; zlib-ng's level 1 was 4-5 % larger. It is not used for responses: on the HTML of
    python3-doc its members are 1 % larger at 256 bytes and 5 % at 2 KB (measured; written down
    in docs/decisions/crawler-production-scale.md)."""
    if igzip_lib is None or len(data) > SMALL_RECORD:
        return _gzip_member(data)
    return igzip_lib.compress(data, 1, flag=igzip_lib.COMP_GZIP)


def _record_bytes(headers: list[tuple[str, str]], block: bytes) -> bytes:
    head = "WARC/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers) + f"Content-Length: {len(block)}\r\n\r\n"
    return head.encode("utf-8") + block + b"\r\n\r\n"


def _write_small_unit(fh, capture: Capture, payload_digest: str, metadata: list[tuple[str, str]],
                      ids: tuple[str, str, str]) -> tuple[int, str]:
    """``_write_unit`` for a capture held in memory and archived as a response: the same bytes
    as warcio writes (tests/unit/crawler/test_warc_writer.py compares them), built directly.
    warcio's record objects, header lookups and digest checks were a third of the crawler's
    CPU per URI; the heads are single f-strings, and each record is joined once."""
    request_id, response_id, metadata_id = ids
    date = iso_ms(capture.started)  # warc_date's string, formatted once per second
    url = capture.url
    where = (f"WARC-Target-URI: {url}\r\nWARC-Date: {date}\r\n"
             + (f"WARC-IP-Address: {capture.ip}\r\n" if capture.ip else ""))
    sent = capture.request
    request = b"".join((
        (f"WARC/1.1\r\nWARC-Type: request\r\n{where}WARC-Record-ID: {request_id}\r\n"
         f"WARC-Concurrent-To: {response_id}\r\nWARC-Block-Digest: {sha1_digest(sent)}\r\n"
         f"Content-Type: application/http; msgtype=request\r\nContent-Length: {len(sent)}\r\n\r\n"
         ).encode(), sent, b"\r\n\r\n"))
    head, body = capture.head, capture.body
    truncated = f"WARC-Truncated: {capture.truncated}\r\n" if capture.truncated else ""
    response = b"".join((
        (f"WARC/1.1\r\nWARC-Type: response\r\n{where}WARC-Record-ID: {response_id}\r\n"
         f"WARC-Block-Digest: {capture.block_sha1 or sha1_digest(head + body)}\r\n"
         f"WARC-Payload-Digest: {payload_digest}\r\n{truncated}"
         f"Content-Type: application/http; msgtype=response\r\nContent-Length: {len(head) + len(body)}\r\n\r\n"
         ).encode(), head, body, b"\r\n\r\n"))
    text = "".join([f"{k}: {v}\r\n" for k, v in metadata]).encode("utf-8")
    meta = b"".join((
        (f"WARC/1.1\r\nWARC-Type: metadata\r\nWARC-Target-URI: {url}\r\nWARC-Date: {date}\r\n"
         f"WARC-Record-ID: {metadata_id}\r\nWARC-Concurrent-To: {response_id}\r\n"
         f"WARC-Block-Digest: {sha1_digest(text)}\r\nContent-Type: application/warc-fields\r\n"
         f"Content-Length: {len(text)}\r\n\r\n").encode(), text, b"\r\n\r\n"))
    first = _gzip_small(request)
    offset = fh.tell() + len(first)
    fh.write(b"".join((first, _gzip_member(response), _gzip_small(meta))))
    return offset, date


def _write_unit(fh, capture: Capture, payload_digest: str, metadata: list[tuple[str, str]],
                revisit_of: tuple[str, str] | None, ids: tuple[str, str, str],
                make_id: Callable[[], str], clock: Callable[[], datetime]) -> tuple[int, str]:
    """Request, response (or revisit) and metadata records of one capture, written to ``fh``;
    returns the main record's offset in ``fh`` and the records' WARC-Date. A small capture
    archived as a response is built here; a spooled one or a revisit goes through warcio
    (warc_streamed.py, imported then: a crawl that never needs it starts without it)."""
    if revisit_of is None and capture.spool_path is None and not _WARCIO_ONLY:
        return _write_small_unit(fh, capture, payload_digest, metadata, ids)
    from server.crawler.warc_streamed import write_streamed_unit

    return write_streamed_unit(fh, capture, payload_digest, metadata, revisit_of, ids, make_id, clock)


def _build_unit_file(path: str, capture: Capture, payload_digest: str, metadata: list[tuple[str, str]],
                     ids: tuple[str, str, str], make_id: Callable[[], str],
                     clock: Callable[[], datetime]) -> tuple[int, str]:
    """Runs in a worker thread: the capture's unit, gzipped, in a file of its own."""
    with open(path, "wb") as fh:
        return _write_unit(fh, capture, payload_digest, metadata, None, ids, make_id, clock)


def _append_file(path: str, fh) -> None:
    with open(path, "rb") as src:
        shutil.copyfileobj(src, fh, 1024 * 1024)
    fh.flush()


def _offset_of(fh, write: Callable, record) -> int:
    offset = fh.tell()
    write(record)
    return offset


def _close_quietly(fh) -> None:
    if fh is None:
        return
    try:
        fh.close()
    except OSError:
        pass  # the flush failed (a full disk); the descriptor is closed all the same


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


async def _uncancelled(future: asyncio.Future):
    """Await a thread's work to its end even if the awaiting task is cancelled meanwhile: the
    thread cannot be stopped, and a half-appended unit must not meet another writer."""
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(future)
            break
        except asyncio.CancelledError:
            if future.done():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError()
    return result


def next_serial(directory: str) -> int:
    """One more than the highest serial among the WARC files already in ``directory``."""
    highest = 0
    try:
        names = os.listdir(directory)
    except OSError:
        return 1
    for name in names:
        m = _NAME.match(name)
        if m:
            highest = max(highest, int(m.group("serial")))
    return highest + 1
