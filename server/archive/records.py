"""One record of a WARC or ARC file, found by its offset (the seeds' get-record).

A record of a ``.gz`` file is one gzip member; of an uncompressed WARC its header block plus
``Content-Length`` plus the closing CRLFCRLF; of an uncompressed ARC its header line plus the
length field it ends with. :func:`record_span` finds how many bytes that is without reading
more than the record, so the bitarchive can stream exactly those bytes.
"""
from __future__ import annotations

import zlib

from shared.errors import ChecksumMismatch, InvalidWarc

GZIP_MAGIC = b"\x1f\x8b"
READ = 1 << 16


def record_span(path: str, offset: int) -> int:
    """Length in bytes of the record that starts at ``offset``. Raises InvalidWarc."""
    with open(path, "rb") as fh:
        fh.seek(offset)
        head = fh.read(2)
        if not head:
            raise InvalidWarc(f"offset {offset} is at or past the end of the file", {"offset": offset})
        fh.seek(offset)
        if head == GZIP_MAGIC:
            return _gzip_member_length(fh, offset)
        return _plain_length(fh, offset)


def _gzip_member_length(fh, offset: int) -> int:
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    consumed = 0
    while not d.eof:
        data = fh.read(READ)
        if not data:
            raise InvalidWarc(f"gzip member at offset {offset} is truncated", {"offset": offset})
        try:
            d.decompress(data)  # the inflated output is dropped: we want the member's length only
        except zlib.error as exc:
            # the stored bytes are damaged (a flipped bit fails the inflate or the member's CRC)
            raise ChecksumMismatch(f"the gzip member at offset {offset} is damaged: {exc}",
                                   {"offset": offset}) from None
        consumed += len(data)
    return consumed - len(d.unused_data)


def _plain_length(fh, offset: int) -> int:
    first = fh.readline(8192)
    if first.startswith(b"WARC/"):
        header_len = len(first)
        length = None
        while True:
            line = fh.readline(65536)
            if not line:
                raise InvalidWarc(f"WARC header at offset {offset} is truncated", {"offset": offset})
            header_len += len(line)
            if line in (b"\r\n", b"\n"):
                break
            key, _, value = line.partition(b":")
            if key.strip().lower() == b"content-length":
                if not value.strip().isdigit():
                    raise InvalidWarc(f"WARC record at offset {offset} has a Content-Length that is no number",
                                      {"offset": offset})
                length = int(value.strip())
        if length is None:
            raise InvalidWarc(f"WARC record at offset {offset} has no Content-Length", {"offset": offset})
        return header_len + length + 4
    fields = first.split()
    if len(fields) >= 5 and fields[-1].isdigit():  # ARC: URL IP date mime length
        return len(first) + int(fields[-1]) + 1
    raise InvalidWarc(f"no WARC or ARC record starts at offset {offset}", {"offset": offset})


def decode_record(raw: bytes) -> bytes:
    """The uncompressed bytes of one record as served (a gzip member or plain bytes)."""
    if raw[:2] == GZIP_MAGIC:
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(raw)
    return raw
