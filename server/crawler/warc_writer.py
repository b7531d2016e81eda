"""WARC 1.1 output: named, rotated files of gzip-per-record WARC records written with warcio.

Each fetch becomes one *unit* of consecutive records (request, response or revisit, metadata),
written and flushed together; a ``dns:`` response and the warcinfo record are units of their
own. Resume relies on that: a unit is complete only when its last record is (see resume.py).

Files are written under ``<name>.open`` and renamed when closed. The ``before_close`` callback
runs first, so that the frontier can commit the fact that everything in the file is done before
the file looks finished to anyone else.

For golden-file tests, the record-id maker, the clock and the host name can be replaced.
"""
from __future__ import annotations

import base64
import hashlib
import os
import re
import socket
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from io import BytesIO

from warcio.statusandheaders import StatusAndHeaders
from warcio.timeutils import datetime_to_iso_date
from warcio.warcwriter import WARCWriter

from server.crawler.http_client import Capture

OPEN_SUFFIX = ".open"
_NAME = re.compile(r"^(?P<job>[^-]+)-(?P<harvest>[^-]+)-(?P<ts>\d{17})-(?P<serial>\d{5})-(?P<host>.+)\.warc\.gz")


def sha1_digest(data: bytes) -> str:
    """WARC/Heritrix digest form: ``sha1:`` and the base-32 SHA-1."""
    return "sha1:" + base64.b32encode(hashlib.sha1(data).digest()).decode("ascii")


def default_record_id() -> str:
    return f"<urn:uuid:{uuid.uuid4()}>"


def warc_date(dt: datetime) -> str:
    """WARC 1.1 date with microseconds."""
    return datetime_to_iso_date(dt.astimezone(UTC).replace(tzinfo=None), use_micros=True)


class _WireHead(StatusAndHeaders):
    """HTTP head bytes exactly as exchanged: warcio must not rebuild them from parsed fields."""

    def __init__(self, raw: bytes):
        first = raw.split(b"\r\n", 1)[0].decode("latin-1") or "-"
        super().__init__(first, [], protocol="")
        self.headers_buff = raw

    def compute_headers_buffer(self, header_filter=None) -> None:  # noqa: D102 - keep raw bytes
        return None


class _Writer(WARCWriter):
    # Payload digests only where a payload exists (responses and dns records).
    NO_PAYLOAD_DIGEST_TYPES = ("warcinfo", "revisit", "metadata", "request")

    def __init__(self, fh, make_id: Callable[[], str], clock: Callable[[], datetime]):
        super().__init__(fh, gzip=True, warc_version="1.1")
        self._make_id = make_id
        self._clock = clock

    def _make_warc_id(self) -> str:  # type: ignore[override]
        return self._make_id()

    def curr_warc_date(self) -> str:
        return warc_date(self._clock())


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
                 hostname: str | None = None,
                 before_close: Callable[[str], None] | None = None):
        self.directory = directory
        self.prefix = f"{job_id}-{harvest_id}"
        self.max_size = max_size
        self.info = info
        self.make_id = make_id
        self.clock = clock
        self.hostname = re.sub(r"[^A-Za-z0-9.]", "_", hostname or socket.gethostname()) or "localhost"
        self.before_close = before_close
        self.serial = next_serial(directory)
        self._fh = None
        self._writer: _Writer | None = None
        self._path = ""
        self.closed_files: list[str] = []
        self.records_written = 0
        self.bytes_written = 0

    # -- files ----------------------------------------------------------------------------
    @property
    def current_name(self) -> str:
        return os.path.basename(self._path)[: -len(OPEN_SUFFIX)] if self._path else ""

    def _open(self) -> None:
        stamp = self.clock().astimezone(UTC).strftime("%Y%m%d%H%M%S%f")[:17]
        name = f"{self.prefix}-{stamp}-{self.serial:05d}-{self.hostname}.warc.gz"
        self.serial += 1
        self._path = os.path.join(self.directory, name + OPEN_SUFFIX)
        self._fh = open(self._path, "wb")
        self._writer = _Writer(self._fh, self.make_id, self.clock)
        record = self._writer.create_warcinfo_record(name, self.info)
        self._writer.write_record(record)
        self._fh.flush()
        self.records_written += 1

    def close(self) -> None:
        """Close the current file (if any) and give it its final name."""
        if self._fh is None:
            return
        self.bytes_written += self._fh.tell()
        self._fh.close()
        if self.before_close:
            self.before_close(self._path)
        final = self._path[: -len(OPEN_SUFFIX)]
        os.replace(self._path, final)
        self.closed_files.append(final)
        self._fh = None
        self._writer = None
        self._path = ""

    def _ready(self) -> _Writer:
        if self._writer is None:
            self._open()
        assert self._writer is not None
        return self._writer

    def _after_unit(self) -> None:
        assert self._fh is not None
        self._fh.flush()
        if self._fh.tell() >= self.max_size:
            self.close()

    def _write(self, record) -> int:
        assert self._fh is not None and self._writer is not None
        offset = self._fh.tell()
        self._writer.write_record(record)
        self.records_written += 1
        return offset

    # -- units ----------------------------------------------------------------------------
    def write_capture(self, capture: Capture, payload_digest: str, metadata: list[tuple[str, str]],
                      revisit_of: tuple[str, str] | None = None) -> Written:
        """Write request, response (or revisit when ``revisit_of`` = (target URI, date)) and
        metadata records for one fetch."""
        w = self._ready()
        date = warc_date(datetime.fromtimestamp(capture.started, UTC))
        response_id = self.make_id()
        # WARC-Type first, as readers of raw files expect; warcio replaces it in place.
        common = {"WARC-Type": "", "WARC-Target-URI": capture.url, "WARC-Date": date}
        if capture.ip:
            common["WARC-IP-Address"] = capture.ip
        request = w.create_warc_record(
            capture.url, "request", payload=BytesIO(b""), length=0, http_headers=_WireHead(capture.request),
            warc_headers_dict={**common, "WARC-Record-ID": self.make_id(), "WARC-Concurrent-To": response_id,
                               "WARC-Block-Digest": sha1_digest(capture.request)})
        if revisit_of is None:
            headers = {**common, "WARC-Record-ID": response_id,
                       "WARC-Block-Digest": sha1_digest(capture.head + capture.body),
                       "WARC-Payload-Digest": payload_digest}
            if capture.truncated:
                headers["WARC-Truncated"] = capture.truncated
            main = w.create_warc_record(capture.url, "response", payload=BytesIO(capture.body),
                                        length=len(capture.body), http_headers=_WireHead(capture.head),
                                        warc_headers_dict=headers)
        else:
            main = w.create_revisit_record(
                capture.url, payload_digest, revisit_of[0], revisit_of[1], http_headers=_WireHead(capture.head),
                warc_headers_dict={**common, "WARC-Record-ID": response_id,
                                   "WARC-Block-Digest": sha1_digest(capture.head)})
            main.payload_length = 0
        self._write(request)
        offset = self._write(main)
        name = self.current_name
        self._write(self._metadata(capture.url, date, response_id, metadata))
        self._after_unit()
        return Written(name, offset, response_id, date)

    def _metadata(self, url: str, date: str, concurrent_to: str, fields: list[tuple[str, str]]):
        assert self._writer is not None
        body = "".join(f"{k}: {v}\r\n" for k, v in fields).encode("utf-8")
        return self._writer.create_warc_record(
            url, "metadata", payload=BytesIO(body), length=len(body),
            warc_headers_dict={"WARC-Type": "", "WARC-Target-URI": url, "WARC-Date": date,
                               "WARC-Record-ID": self.make_id(), "WARC-Concurrent-To": concurrent_to,
                               "WARC-Block-Digest": sha1_digest(body)},
            warc_content_type="application/warc-fields")

    def write_dns(self, host: str, addresses: list[str], when: datetime, ttl: int = 0) -> Written:
        """A ``dns:`` response record as Heritrix writes it: the lookup time, then one
        resource record per address in zone-file form."""
        w = self._ready()
        lines = [when.astimezone(UTC).strftime("%Y%m%d%H%M%S")]
        for address in addresses:
            kind = "AAAA" if ":" in address else "A"
            lines.append(f"{host}.\t{ttl}\tIN\t{kind}\t{address}")
        body = ("\n".join(lines) + "\n").encode("ascii")
        date = warc_date(when)
        record_id = self.make_id()
        digest = sha1_digest(body)
        record = w.create_warc_record(
            f"dns:{host}", "response", payload=BytesIO(body), length=len(body),
            warc_headers_dict={"WARC-Type": "", "WARC-Target-URI": f"dns:{host}", "WARC-Date": date,
                               "WARC-Record-ID": record_id, "WARC-Block-Digest": digest,
                               "WARC-Payload-Digest": digest},
            warc_content_type="text/dns")
        offset = self._write(record)
        name = self.current_name
        self._after_unit()
        return Written(name, offset, record_id, date, len(body), digest)


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
