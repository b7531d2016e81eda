"""Reads that verify what they return.

A whole file is checked against the MD5 the admin database holds (:func:`remotefile.download`).
One record is checked against its own digest: a WARC record's ``WARC-Block-Digest`` (the hash of
its block, the bytes after the header) or, failing that, ``WARC-Payload-Digest`` is not
checkable without HTTP parsing and is left alone. A gzip member is also checked by its CRC when
it is inflated. A record without a block digest (an ARC record, or a WARC writer that wrote
none) cannot be verified: :func:`verify_record` says so instead of pretending.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
from typing import BinaryIO

from shared.errors import ChecksumMismatch

CHUNK = 1 << 20
MAX_HEADER = 1 << 20  # a WARC header longer than this is not a header


@dataclasses.dataclass(frozen=True)
class RecordCheck:
    verified: bool
    message: str


def _digest_matches(algorithm: str, value: str, h) -> bool:
    raw = h.digest()
    value = value.strip()
    candidates = {h.hexdigest().lower(), base64.b32encode(raw).decode().rstrip("=").upper()}
    return value.lower() in candidates or value.upper().rstrip("=") in candidates


def verify_record(fh: BinaryIO, where: str = "the record") -> RecordCheck:
    """Check the inflated record in ``fh`` (read from its start) against its block digest.

    Returns whether it was verified and a one-line note; raises ChecksumMismatch when the
    record is damaged (the digest differs, the block is shorter than its Content-Length)."""
    header = b""
    while b"\r\n\r\n" not in header:
        chunk = fh.read(4096)
        if not chunk:
            break
        header += chunk
        if len(header) > MAX_HEADER:
            break
    if not header.startswith(b"WARC/"):
        return RecordCheck(False, f"{where} is not a WARC record (no block digest to check)")
    head, sep, rest = header.partition(b"\r\n\r\n")
    if not sep:
        raise ChecksumMismatch(f"{where}: the WARC header is damaged (no end)", {"where": where})
    fields = {}
    for line in head.split(b"\r\n")[1:]:
        name, colon, value = line.partition(b":")
        if colon:
            fields[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")
    digest = fields.get("warc-block-digest")
    try:
        length = int(fields.get("content-length", ""))
    except ValueError:
        raise ChecksumMismatch(f"{where}: the WARC header has no valid Content-Length", {"where": where}) from None
    if not digest:
        return RecordCheck(False, f"{where} has no WARC-Block-Digest: its bytes could not be verified")
    algorithm, _, value = digest.partition(":")
    try:
        h = hashlib.new(algorithm.strip().lower().replace("-", ""))
    except ValueError:
        return RecordCheck(False, f"{where}: unknown digest algorithm {algorithm!r}: not verified")
    remaining = length
    piece = rest[:remaining]
    h.update(piece)
    remaining -= len(piece)
    while remaining > 0:
        chunk = fh.read(min(CHUNK, remaining))
        if not chunk:
            raise ChecksumMismatch(
                f"{where} is truncated: {remaining} of its {length} block bytes are missing",
                {"where": where, "missing": remaining},
            )
        h.update(chunk)
        remaining -= len(chunk)
    if not _digest_matches(algorithm, value, h):
        raise ChecksumMismatch(
            f"{where} is damaged: its block digest is not {digest}", {"where": where, "digest": digest}
        )
    return RecordCheck(True, f"{where}: block digest {algorithm} verified")
