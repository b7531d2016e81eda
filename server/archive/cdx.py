"""CDX extraction from WARC and ARC files: CDXJ (as pywb and cdxj-indexer write it) and
the 11-field CDX (`` CDX N b a m s k r M S V g``).

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
import urllib.parse
import zlib
from collections.abc import Iterator

BLOCK = 4 << 20
STEP = 1 << 16
HEAD_LIMIT = 32768
INDEXED = ("response", "revisit", "resource", "metadata")
_SPACE = re.compile(r"[;\s]")
_WWW = re.compile(r"^www\d*\.")


def surt(url: str) -> str:
    """Sort-friendly URI Reordering Transform, as the ``surt`` package writes it for plain URLs:
    ``http://www.Example.com:80/A?b=1&a=2`` → ``com,example)/a?a=2&b=1``."""
    try:
        parts = urllib.parse.urlsplit(url.strip())
    except ValueError:
        return url
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return url
    host = _WWW.sub("", parts.hostname.lower().strip("."))
    try:
        port = parts.port
    except ValueError:
        port = None
    default = {"http": 80, "https": 443}[parts.scheme]
    key = ",".join(reversed(host.split(".")))
    if port and port != default:
        key += f":{port}"
    path = parts.path.lower() or "/"
    if len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    out = key + ")" + path
    if parts.query:
        args = sorted(a for a in parts.query.lower().split("&") if a)
        if args:
            out += "?" + "&".join(args)
    return out


def target_uri(value: str) -> str:
    """A WARC-Target-URI without the angle brackets wget writes around it (``<http://a/>``: the
    WARC 1.0 grammar's ``uri`` taken literally), as warcio and pywb read it."""
    value = value.strip()
    if value.startswith("<") and value.endswith(">"):
        return value[1:-1].strip()
    return value


def timestamp14(warc_date: str) -> str:
    digits = re.sub(r"\D", "", warc_date)[:14]
    return digits.ljust(14, "0")


class CdxRecord:
    __slots__ = ("url", "ts", "mime", "status", "digest", "length", "offset", "rec_type", "redirect")

    def __init__(self, url, ts, mime, status, digest, length, offset, rec_type, redirect=None):
        self.url, self.ts, self.mime, self.status, self.digest = url, ts, mime, status, digest
        self.length, self.offset, self.rec_type, self.redirect = length, offset, rec_type, redirect

    def cdxj(self, filename: str) -> str:
        index = {"url": self.url}
        if self.mime is not None:
            index["mime"] = self.mime
        if self.status is not None:
            index["status"] = self.status
        if self.digest is not None:
            index["digest"] = self.digest
        index["length"] = str(self.length)
        index["offset"] = str(self.offset)
        index["filename"] = filename
        return f"{surt(self.url)} {self.ts} {json.dumps(index)}\n"

    def cdx11(self, filename: str) -> str:
        digest = self.digest.split(":")[-1] if self.digest else "-"
        fields = (surt(self.url), self.ts, self.url, self.mime or "-", self.status or "-", digest,
                  self.redirect or "-", "-", str(self.length), str(self.offset), filename)
        return " ".join(fields) + "\n"


CDX11_HEADER = " CDX N b a m s k r M S V g\n"


def _parse_headers(block: bytes) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in block.split(b"\r\n")[1:]:
        key, sep, value = line.partition(b":")
        if sep:
            out.setdefault(key.strip().lower().decode("latin-1"), value.strip().decode("utf-8", "replace"))
    return out


def _record_from_head(head: bytes, offset: int, length: int) -> tuple[CdxRecord | None, bool]:
    """(record or None if not indexed, whether the payload digest must be computed)."""
    end = head.find(b"\r\n\r\n")
    if end < 0:
        return None, False
    warc = _parse_headers(head[:end])
    rec_type = warc.get("warc-type", "")
    if rec_type not in INDEXED:
        return None, False
    ctype = warc.get("content-type", "")
    if rec_type in ("resource", "metadata") and ctype == "application/warc-fields":
        return None, False
    url = target_uri(warc.get("warc-target-uri", ""))
    status = mime = redirect = None
    if ctype.startswith("application/http") and rec_type in ("response", "revisit", "request"):
        body = head[end + 4:]
        hend = body.find(b"\r\n\r\n")
        if hend >= 0:
            block = body[:hend]
            first = block.split(b"\r\n", 1)[0].split()
            if len(first) >= 2 and rec_type in ("response", "revisit"):
                status = first[1].decode("latin-1")
            http = _parse_headers(block)
            mime = http.get("content-type")
            redirect = http.get("location")
    else:
        mime = ctype or None
    if rec_type == "revisit":
        mime = "warc/revisit"
    elif mime is not None:
        mime = _SPACE.split(mime, 1)[0].strip()
    digest = warc.get("warc-payload-digest")
    rec = CdxRecord(url, timestamp14(warc.get("warc-date", "")), mime, status, digest, length, offset, rec_type,
                    redirect)
    return rec, digest is None


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
    with open(path, "rb") as fh:
        fh.seek(offset)
        raw = zlib.decompressobj(31).decompress(fh.read(length))
    end = raw.find(b"\r\n\r\n")
    body = raw[end + 4:]
    warc = _parse_headers(raw[:end])
    if warc.get("content-type", "").startswith("application/http"):
        hend = body.find(b"\r\n\r\n")
        body = body[hend + 4:] if hend >= 0 else b""
    clen = int(warc.get("content-length", "0") or 0)
    payload_len = clen - (len(raw[end + 4:]) - len(body))
    body = body[:max(0, payload_len)]
    return "sha1:" + base64.b32encode(hashlib.sha1(body).digest()).decode()


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
    from warcio.warcwriter import BufferWARCWriter

    from shared.errors import InvalidWarc

    writer = None
    with open(path, "rb") as fh:
        it = ArchiveIterator(fh, arc2warc=True)
        try:
            for record in it:
                rec_type = record.rec_type
                if rec_type not in INDEXED:
                    continue
                ctype = record.rec_headers.get_header("Content-Type") or ""
                if rec_type in ("resource", "metadata") and ctype == "application/warc-fields":
                    continue
                status = mime = redirect = None
                if record.http_headers is not None and rec_type in ("response", "revisit"):
                    status = record.http_headers.get_statuscode()
                if rec_type == "revisit":
                    mime = "warc/revisit"
                elif rec_type in ("response", "request"):
                    mime = record.http_headers.get_header("Content-Type") if record.http_headers else None
                else:
                    mime = ctype or None
                if mime and mime != "warc/revisit":
                    mime = _SPACE.split(mime, 1)[0].strip()
                if record.http_headers is not None:
                    redirect = record.http_headers.get_header("Location")
                digest = record.rec_headers.get_header("WARC-Payload-Digest")
                if not digest:
                    writer = writer or BufferWARCWriter()
                    writer.ensure_digest(record, block=False, payload=True)
                    digest = record.rec_headers.get_header("WARC-Payload-Digest")
                url = target_uri(record.rec_headers.get_header("WARC-Target-URI") or "")
                ts = timestamp14(record.rec_headers.get_header("WARC-Date") or "")
                offset, length = it.get_record_offset(), it.get_record_length()
                yield CdxRecord(url, ts, mime, status, digest, length, offset, rec_type, redirect)
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
