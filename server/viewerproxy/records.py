"""Reading one archived record for replay: streamed from a bitarchive's file server, parsed by
warcio, the HTTP payload handed out with its transfer encoding undone (no chunk markers ever reach
a browser) and its content encoding kept as archived (the ``Content-Encoding`` header stays true).
A record up to ``VERIFY_MAX`` is read whole and verified first (a damaged copy is said as
ChecksumMismatch, so the backend reads another replica); a larger one streams, nothing read into
memory beyond warcio's buffers: a 1 GB record streams.
"""
from __future__ import annotations

import http.client
import io
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

import requests
from warcio.archiveiterator import ArchiveIterator
from warcio.bufferedreaders import ChunkedDataReader

from server.viewerproxy.fetch import FileServerConnections
from shared.errors import ChecksumMismatch, InvalidWarc, Unavailable
from shared.warc.cdx import target_uri

#: records up to this size (nearly every page and its resources) are read whole and verified
#: (gzip CRC, WARC-Block-Digest) before a byte is replayed; larger ones stream unverified, as a
#: 1 GB video must not wait for its last byte nor sit in memory
VERIFY_MAX = 8 << 20
#: a record read whole is inflated in memory to be checked; one that would inflate to more than
#: this (a member of 8 MiB can hold gigabytes of one repeated byte) streams unverified from the
#: bytes read instead, as a larger record does: memory stays bounded whatever a WARC holds
INFLATED_MAX = 4 * VERIFY_MAX

#: archived response headers never replayed: hop-by-hop ones that name no property of the archived
#: exchange, and the length (the proxy frames its own answer and says its own length)
DROP = {"keep-alive", "te", "proxy-authorization", "content-length"}
#: archived headers that describe the archived exchange, not this answer, replayed under another
#: name (``X-Archive-Orig-Date``): pywb's "prefix" rules (pywb/rewrite/header_rewriter.py). The
#: proxy's own Date and Server are then the only ones; the archived ones stay readable. Headers
#: that would pin a browser to the live site (HSTS, Alt-Svc, key pins) or steer its cache by the
#: archived moment (Expires, Cache-Control, ETag, Last-Modified) lose their effect the same way.
ORIG_PREFIX = "X-Archive-Orig-"
RENAMED = {"age", "alt-svc", "cache-control", "connection", "content-md5", "content-security-policy",
           "content-security-policy-report-only", "date", "etag", "expires", "last-modified", "p3p", "pragma",
           "proxy-authenticate", "public-key-pins", "retry-after", "server", "status", "strict-transport-security",
           "trailer", "transfer-encoding", "tk", "upgrade", "upgrade-insecure-requests", "vary", "via", "warning",
           "x-frame-options", "x-xss-protection"}


@dataclass
class Record:
    """One opened record: WARC facts, the archived HTTP status and headers, and the payload
    stream (``read(n)``); ``close()`` ends the transfer."""

    warc_type: str
    target_uri: str
    date: str                              # WARC-Date / ARC date as written
    payload_digest: str
    refers_to_uri: str
    refers_to_date: str
    status: int
    reason: str
    headers: list[tuple[str, str]]
    length: int | None                     # payload bytes when known (no chunking)
    encoded: bool                          # a Content-Encoding applies
    _stream: Any = None
    #: the whole record is in memory (read and verified before replay): its payload may be
    #: written in one piece
    in_memory: bool = False
    _response: Any = None
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def is_revisit(self) -> bool:
        return self.warc_type == "revisit"

    def read(self, n: int = 65536) -> bytes:
        return self._stream.read(n) if self._stream is not None else b""

    def header(self, name: str) -> str:
        name = name.lower()
        for k, v in self.headers:
            if k.lower() == name:
                return v
        return ""

    def close(self) -> None:
        if self._response is not None:
            self._response.close()
            self._response = None


def open_record(session: requests.Session | FileServerConnections, url: str, timeout: float) -> Record:
    """Open the record the bitarchive serves at ``url`` (fetched with ``session``: the proxy's kept
    ``http.client`` connections, or a ``requests`` session). Raises Unavailable (the bitarchive does
    not answer or refuses), InvalidWarc (the bytes are no record) or the file server's own typed
    error (ChecksumMismatch: the stored copy is damaged). No message carries the URL's token."""
    from server.archive.remotefile import raise_typed_refusal, without_token

    shown = without_token(url)
    try:
        if isinstance(session, FileServerConnections):
            resp = session.get(url, timeout)
        else:
            resp = session.get(url, stream=True, timeout=(min(timeout, 10.0), timeout))
    except (requests.RequestException, OSError, http.client.HTTPException) as exc:
        raise Unavailable(f"the bitarchive did not answer: {without_token(str(exc))}", {"url": shown}) from None
    raise_typed_refusal(resp)
    if resp.status_code != 200:
        resp.close()
        raise Unavailable(f"the bitarchive answered {resp.status_code} for {shown}", {"url": shown})
    source = resp.raw
    size = resp.headers.get("Content-Length", "")
    in_memory = False
    if size.isdigit() and int(size) <= VERIFY_MAX:
        # parsed from the bytes the check inflated: inflating the gzip member a second time for
        # warcio cost the proxy as much as the check itself (issue 36)
        text, read = _verified(resp, int(size), shown)
        source, in_memory = (io.BytesIO(text), True) if text is not None else (io.BytesIO(read), False)
    try:
        rec = next(iter(ArchiveIterator(source, arc2warc=True, ensure_http_headers=False)))
    except StopIteration:
        resp.close()
        raise InvalidWarc(f"no record at {shown}", {"url": shown}) from None
    except Exception as exc:  # noqa: BLE001 - warcio raises plain exceptions for bad bytes
        resp.close()
        raise InvalidWarc(f"the record at {shown} cannot be read: {exc}", {"url": shown}) from None
    record = _record(rec, resp)
    record.in_memory = in_memory
    return record


def _verified(resp, size: int, shown: str) -> tuple[bytes | None, bytes]:
    """The record ``resp`` serves (``size`` bytes), checked before a byte is replayed: the gzip
    member inflates whole (its CRC holds) and the WARC record's block digest matches. Answers
    (the record's bytes inflated, as they were checked; the bytes read), or (None, the bytes
    read) when they would inflate to more than ``INFLATED_MAX``: not checked, to be streamed.
    Raises ChecksumMismatch (the copy is damaged: read another replica), Unavailable (the
    transfer broke off). A record without a block digest (ARC, some writers) is replayed as it
    is."""
    from server.archive.records import GZIP_MAGIC
    from server.archive.verify import verify_record

    try:
        data = resp.raw.read(size)
    except Exception as exc:  # noqa: BLE001 - urllib3 raises its own errors for a broken transfer
        raise Unavailable(f"the transfer from {shown} broke off: {exc}", {"url": shown}) from None
    finally:
        resp.close()
    if len(data) != size:
        raise Unavailable(f"the transfer from {shown} broke off ({len(data)} of {size} bytes)", {"url": shown})
    text = data
    if data[:2] == GZIP_MAGIC:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            text = inflater.decompress(data, INFLATED_MAX + 1)
            if len(text) <= INFLATED_MAX:
                text += inflater.flush()
        except zlib.error as exc:
            raise ChecksumMismatch(f"the record at {shown} is damaged: {exc}", {"url": shown}) from None
        if len(text) > INFLATED_MAX:
            return None, data
        if not inflater.eof:
            raise ChecksumMismatch(f"the record at {shown} is damaged: its gzip member is cut short",
                                   {"url": shown})
    verify_record(io.BytesIO(text), f"the record at {shown}")
    return text, data


def _record(rec, resp) -> Record:
    h = rec.rec_headers
    status, reason, headers = 200, "OK", []
    chunked = encoded = False
    length = None
    stream = rec.raw_stream
    if rec.http_headers is not None and rec.http_headers.statusline:
        line = rec.http_headers.statusline.split(" ", 1)
        status = int(line[0]) if line[0].isdigit() else 200
        reason = line[1] if len(line) > 1 else ""
        headers = list(rec.http_headers.headers)
        chunked = "chunked" in rec.http_headers.get_header("transfer-encoding", "").lower()
        encoded = bool(rec.http_headers.get_header("content-encoding"))
        if chunked:
            stream = ChunkedDataReader(rec.raw_stream)   # dechunk only: content encoding stays
        else:
            left = getattr(rec.raw_stream, "limit", None)
            length = left if isinstance(left, int) else None
    elif rec.rec_type in ("resource", "response"):
        headers = [("Content-Type", h.get_header("Content-Type") or "application/octet-stream")]
        left = getattr(rec.raw_stream, "limit", None)
        length = left if isinstance(left, int) else None
    return Record(rec.rec_type or "", target_uri(h.get_header("WARC-Target-URI") or ""),
                  h.get_header("WARC-Date") or "", h.get_header("WARC-Payload-Digest") or "",
                  target_uri(h.get_header("WARC-Refers-To-Target-URI") or ""),
                  h.get_header("WARC-Refers-To-Date") or "", status, reason, headers, length, encoded,
                  stream, resp)


def replay_headers(rec: Record) -> list[tuple[str, str]]:
    """The archived headers as the proxy replays them: in their order, hop-by-hop ones and the
    length left out, those of the archived exchange renamed ``X-Archive-Orig-<name>``."""
    out = []
    for name, value in rec.headers:
        lower = name.lower()
        if lower in DROP:
            continue
        # the proxy's own X-Archive-* headers speak for the archive (missing, index being built):
        # an archived response carrying such a name is kept under the Orig prefix, never believed
        renamed = lower in RENAMED or lower.startswith("x-archive-")
        out.append((ORIG_PREFIX + name, value) if renamed else (name, value))
    return out


_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})")


def ts14(value: str) -> str:
    """14 digits of a WARC date (``2024-01-02T03:04:05Z``) or of a 14-digit timestamp."""
    m = _ISO.match(value or "")
    if m:
        return "".join(m.groups())
    digits = re.sub(r"\D", "", value or "")
    return digits[:14] if len(digits) >= 14 else ""
