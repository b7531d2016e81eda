"""Checksums of archive files: MD5 hex, as the seeds (and ``md5sum``) compute them."""
from __future__ import annotations

import hashlib
import os

CHUNK = 1 << 20
ALGORITHM = "md5"


def new_hash(algorithm: str = ALGORITHM):
    return hashlib.new(algorithm)


def file_checksum(path: str | os.PathLike, algorithm: str = ALGORITHM, progress=None,
                  buf: bytearray | None = None) -> str:
    """Hex digest of a file read in 4 MiB chunks into one reused buffer (``update`` releases the
    GIL, so several files hash in parallel threads); ``progress(n)`` gets each chunk's size.

    Measured against ``md5sum`` on this code's target host: the CPU time per byte is the same
    (OpenSSL's MD5 is the bound); buffer sizes from 32 KiB to 16 MiB, ``mmap`` and
    ``hashlib.file_digest`` made no measurable difference. Sequential read-ahead advice helps
    when the file is not in the page cache. ``buf``: a caller's buffer to read into (one per
    thread, reused for every file: a 4 MiB allocation per small file is not free)."""
    h = hashlib.new(algorithm)
    if buf is None:
        buf = bytearray(CHUNK * 4)
    view = memoryview(buf)
    with open(path, "rb", buffering=0) as fh:
        if hasattr(os, "posix_fadvise"):
            os.posix_fadvise(fh.fileno(), 0, 0, os.POSIX_FADV_SEQUENTIAL)
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
