"""Checksums of archive files: MD5 hex, as the seeds (and ``md5sum``) compute them."""
from __future__ import annotations

import hashlib
import os

CHUNK = 1 << 20
ALGORITHM = "md5"


def new_hash(algorithm: str = ALGORITHM):
    return hashlib.new(algorithm)


def file_checksum(path: str | os.PathLike, algorithm: str = ALGORITHM, progress=None) -> str:
    """Hex digest of a file read in 1 MiB chunks; ``progress(n)`` is called with each chunk's size."""
    h = hashlib.new(algorithm)
    buf = bytearray(CHUNK * 4)
    view = memoryview(buf)
    with open(path, "rb", buffering=0) as fh:
        while True:
            n = fh.readinto(buf)
            if not n:
                break
            h.update(view[:n])
            if progress is not None:
                progress(n)
    return h.hexdigest()


def normalise(checksum: str) -> str:
    """Lower-case hex; accepts ``md5:`` prefixes."""
    value = checksum.strip().lower()
    if ":" in value:
        value = value.split(":", 1)[1]
    return value
