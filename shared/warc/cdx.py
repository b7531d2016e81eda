"""CDX extraction from WARC and ARC files: CDXJ and the 11-field CDX (`` CDX N b a m s k r M S V g``),
line for line what pywb's ``cdx-indexer`` writes (``--cdxj``, or plain) for a WARC file.

What pywb writes, and so what we write (tests/unit/archive/test_cdx_like_pywb.py compares the two
on our crawls, wget's WARCs and metadata WARCs):

- every record but ``warcinfo`` and ``request``, and none whose WARC Content-Type is
  ``application/warc-fields`` (our crawl's per-capture metadata) or a ``text/anvl`` metadata;
- the key is the SURT of the URL (shared/warc/surt.py), ``metadata://`` URLs included;
- the URL is WARC-Target-URI as warcio reads it (wget's angle brackets gone, spaces as ``%20``);
- HTTP headers are read from ``response`` and ``revisit`` records of ``http:``/``https:`` URLs;
  ``mime`` is their Content-Type up to ``;`` or a space (``unk`` without one), for other records
  the WARC Content-Type, ``warc/revisit`` for a revisit; ``mime-detected`` is
  WARC-Identified-Payload-Type;
- ``status`` only for ``response`` records (a revisit's status is its original's business);
  a ``response`` record without HTTP headers (``dns:``) is ``200``, as warcio's default headers;
- ``digest`` is WARC-Payload-Digest without its ``sha1:`` prefix (other algorithms keep theirs);
  a record without one gets the base-32 SHA-1 of its payload as stored (after the HTTP headers);
- fields that are empty or ``-`` are left out; JSON as Python's ``json.dumps`` writes it.

``.warc.gz`` files take a fast path: each gzip member is inflated by zlib in 64 KiB steps, only
the first bytes of its output (WARC and HTTP headers) are kept and parsed. Other files (plain
WARC, ARC, ARC.gz) go through warcio's ArchiveIterator.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import zlib
from collections.abc import Iterator

from shared.warc.surt import surt

BLOCK = 4 << 20
STEP = 1 << 16
HEAD_LIMIT = 32768
NOT_INDEXED = ("warcinfo", "request")
_MIME = re.compile(r"[; ]")
_HTTP_RECORDS = ("response", "revisit")
_HTTP_SCHEMES = ("http:", "https:")


def target_uri(value: str) -> str:
    """A WARC-Target-URI as warcio (and so pywb) reads it: without the angle brackets wget writes
    around it (``<http://a/>``: the WARC 1.0 grammar's ``uri`` taken literally), spaces as ``%20``."""
    value = value.strip()
    if value.startswith("<") and value.endswith(">"):
        value = value[1:-1]
    return value.replace(" ", "%20")


def timestamp14(warc_date: str) -> str:
    digits = re.sub(r"\D", "", warc_date)[:14]
    return digits.ljust(14, "0")


def short_digest(digest: str | None) -> str | None:
    """A payload digest as CDX lines carry it: ``sha1:`` left out, other algorithms named."""
    if not digest:
        return None
    return digest[5:] if digest.startswith("sha1:") else digest


class CdxRecord:
    __slots__ = ("url", "ts", "mime", "status", "digest", "length", "offset", "rec_type", "redirect",
                 "mime_detected", "json_metadata")

    def __init__(self, url, ts, mime, status, digest, length, offset, rec_type, redirect=None,
                 mime_detected=None, json_metadata=None):
        self.url, self.ts, self.mime, self.status, self.digest = url, ts, mime, status, digest
        self.length, self.offset, self.rec_type, self.redirect = length, offset, rec_type, redirect
        self.mime_detected, self.json_metadata = mime_detected, json_metadata

    def cdxj(self, filename: str) -> str:
        index = {}
        if self.json_metadata:  # pywb's entry holds this key before the URL
            index["metadata"] = self.json_metadata
        index["url"] = self.url
        for name, value in (("mime", self.mime), ("mime-detected", self.mime_detected),
                            ("status", self.status), ("digest", short_digest(self.digest)),
                            ("length", str(self.length)), ("offset", str(self.offset))):
            if value and value != "-":
                index[name] = value
        index["filename"] = filename
        return f"{surt(self.url)} {self.ts} {json.dumps(index)}\n"

    def cdx11(self, filename: str) -> str:
        # the redirect field stays "-", as pywb writes it (the Location is in the record)
        fields = (surt(self.url), self.ts, self.url, self.mime or "-", self.status or "-",
                  short_digest(self.digest) or "-", "-", "-", str(self.length), str(self.offset), filename)
        return " ".join(fields) + "\n"


CDX11_HEADER = " CDX N b a m s k r M S V g\n"


def _parse_headers(block: bytes) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in block.split(b"\r\n")[1:]:
        key, sep, value = line.partition(b":")
        if sep:
            out.setdefault(key.strip().lower().decode("latin-1"), _decode(value.strip()))
    return out


def _decode(value: bytes) -> str:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value.decode("iso-8859-1")  # as warcio decodes header values


def _mime(content_type: str | None) -> str:
    return _MIME.split(content_type, 1)[0] if content_type else "unk"


def http_record(rec_type: str, url: str) -> bool:
    """Whether warcio (and so pywb) reads HTTP headers from a record's block."""
    return rec_type in _HTTP_RECORDS and url.startswith(_HTTP_SCHEMES)


def _status(status_line: bytes) -> str | None:
    """The status code of an HTTP status line, as pywb's indexer takes it."""
    text = _decode(status_line.strip())
    rest = text.split(" ", 1)[1] if text.startswith("HTTP/") and " " in text else text
    code = rest.split(" ", 1)[0]
    if not code or (code == "204" and "Error" in rest):
        return None
    return code


def make_record(rec_type: str, warc: dict[str, str], http_head: bytes | None, offset: int,
                length: int) -> CdxRecord | None:
    """The CDX record of a WARC record from its WARC headers (lower-case names) and, for an HTTP
    record, its HTTP head (status line and headers); None for a record pywb does not index."""
    if rec_type in NOT_INDEXED:
        return None
    ctype = warc.get("content-type")
    if ctype == "application/warc-fields":
        return None
    url = target_uri(warc.get("warc-target-uri", ""))
    if not url:
        return None
    status = redirect = mime_detected = None
    if http_head is not None:
        http = _parse_headers(http_head)
        mime = _mime(http.get("content-type"))
        redirect = http.get("location")
        if rec_type == "response":
            status = _status(http_head.split(b"\n", 1)[0])
    else:
        mime = _mime(ctype)
        if rec_type == "response":
            status = "200"  # warcio's default headers for a record without HTTP ones
    if rec_type == "revisit":
        mime = "warc/revisit"
    else:
        mime_detected = warc.get("warc-identified-payload-type")
    if rec_type == "metadata" and mime == "text/anvl":
        return None
    return CdxRecord(url, timestamp14(warc.get("warc-date", "")), mime, status, warc.get("warc-payload-digest"),
                     length, offset, rec_type, redirect, mime_detected, warc.get("warc-json-metadata"))


def _record_from_head(head: bytes, offset: int, length: int) -> tuple[CdxRecord | None, bool]:
    """(record or None if not indexed, whether the payload digest must be computed)."""
    end = head.find(b"\r\n\r\n")
    if end < 0:
        return None, False
    warc = _parse_headers(head[:end])
    rec_type = warc.get("warc-type", "")
    http_head = None
    if http_record(rec_type, target_uri(warc.get("warc-target-uri", ""))) and warc.get("content-length") != "0":
        body = head[end + 4:]
        hend = body.find(b"\r\n\r\n")
        http_head = body[:hend] if hend >= 0 else body
    rec = make_record(rec_type, warc, http_head, offset, length)
    return rec, rec is not None and not rec.digest and rec_type != "revisit"


def iter_gzip_members(fh, head_limit: int = HEAD_LIMIT) -> Iterator[tuple[int, int, bytes]]:
    """(offset, compressed length, first inflated bytes) of each gzip member of ``fh``."""
    data = b""
    base = 0
    pos = 0
    eof = False

    def refill() -> None:
        nonlocal data, base, pos, eof
        more = fh.read(BLOCK)
        if not more:
            eof = True
        data = data[pos:] + more
        base += pos
        pos = 0

    while True:
        if len(data) - pos < STEP and not eof:
            refill()
        if pos >= len(data):
            return
        start = base + pos
        d = zlib.decompressobj(31)
        head = b""
        while True:
            if pos >= len(data):
                if eof:
                    from shared.errors import InvalidWarc

                    raise InvalidWarc(f"gzip member at offset {start} is truncated", {"offset": start})
                refill()
                continue
            piece = data[pos:pos + STEP]
            if len(head) < head_limit:
                head += d.decompress(piece, head_limit)
                # Inflate the rest of this piece without keeping its output.
                while d.unconsumed_tail and not d.eof:
                    d.decompress(d.unconsumed_tail, STEP * 8)
            else:
                d.decompress(piece)
                while d.unconsumed_tail and not d.eof:
                    d.decompress(d.unconsumed_tail, STEP * 8)
            if d.eof:
                pos += len(piece) - len(d.unused_data)
                break
            pos += len(piece)
        yield start, base + pos - start, head


def _payload_digest(path: str, offset: int, length: int) -> str | None:
    """The digest pywb computes for a record without WARC-Payload-Digest: of its block after the
    HTTP headers (of an HTTP record), as stored."""
    with open(path, "rb") as fh:
        fh.seek(offset)
        raw = zlib.decompressobj(31).decompress(fh.read(length))
    end = raw.find(b"\r\n\r\n")
    block = raw[end + 4:]
    warc = _parse_headers(raw[:end])
    clen = int(warc.get("content-length", "0") or 0)
    block = block[:clen]
    if http_record(warc.get("warc-type", ""), target_uri(warc.get("warc-target-uri", ""))):
        hend = block.find(b"\r\n\r\n")
        block = block[hend + 4:] if hend >= 0 else b""
    return "sha1:" + base64.b32encode(hashlib.sha1(block).digest()).decode()


def iter_cdx(path: str) -> Iterator[CdxRecord]:
    """Every indexed record of one WARC/ARC file."""
    if path.endswith(".warc.gz"):
        with open(path, "rb", buffering=0) as fh:
            for offset, length, head in iter_gzip_members(fh):
                rec, need_digest = _record_from_head(head, offset, length)
                if rec is not None:
                    if need_digest:
                        rec.digest = _payload_digest(path, offset, length)
                    yield rec
        return
    yield from _iter_cdx_warcio(path)


def _iter_cdx_warcio(path: str) -> Iterator[CdxRecord]:
    from warcio.archiveiterator import ArchiveIterator

    from shared.errors import InvalidWarc

    with open(path, "rb") as fh:
        it = ArchiveIterator(fh, arc2warc=True)
        try:
            for record in it:
                rec_type = record.rec_type
                if rec_type in NOT_INDEXED:
                    continue
                warc = {}
                for name, value in record.rec_headers.headers:
                    warc.setdefault(name.lower(), value)
                http_head = None
                if record.http_headers is not None:
                    http_head = record.http_headers.to_bytes()
                rec = make_record(rec_type, warc, http_head, 0, 0)
                if rec is None:
                    continue
                if not rec.digest and rec_type != "revisit":
                    digester = hashlib.sha1()
                    while chunk := record.raw_stream.read(1 << 16):
                        digester.update(chunk)
                    rec.digest = "sha1:" + base64.b32encode(digester.digest()).decode()
                it.read_to_end(record)
                rec.offset, rec.length = it.get_record_offset(), it.get_record_length()
                yield rec
        except Exception as exc:
            raise InvalidWarc(f"{os.path.basename(path)}: {exc}", {"file": os.path.basename(path)}) from None


def write_cdx(path: str, out, fmt: str = "cdxj", filename: str | None = None) -> int:
    """Write the CDX lines of one file to the text stream ``out``; return how many."""
    name = filename or os.path.basename(path)
    n = 0
    line = CdxRecord.cdxj if fmt == "cdxj" else CdxRecord.cdx11
    for rec in iter_cdx(path):
        out.write(line(rec, name))
        n += 1
    return n
