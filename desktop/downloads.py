"""Saving what the archive hands out (a record, a whole file) to a file the user chose: streamed
from the URL the ``arcrepository`` gives (a bitarchive's file server), never held in memory,
written beside the target and moved into place only when complete (and, for a whole file, only
when its MD5 is the archive's).

No Qt here: the archive browser's controller runs :func:`save_url` in a worker thread.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable

CHUNK = 1024 * 1024
ARCHIVE_SUFFIXES = (".warc.gz", ".arc.gz", ".warc", ".arc")


class DownloadError(Exception):
    """The download did not complete: ``code`` says why (unavailable, checksum_mismatch,
    write_failed, cancelled); ``detail`` is for the details line. The target is untouched."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(detail or code)
        self.code, self.detail = code, detail


def record_file_name(file: str, offset: int) -> str:
    """``1-1-x.warc.gz`` at 1234 → ``1-1-x-1234.warc.gz``: a record saved alone is a valid
    archive file of the same kind (its bytes are the record as stored, compressed or not)."""
    for suffix in ARCHIVE_SUFFIXES:
        if file.endswith(suffix):
            return f"{file[: -len(suffix)]}-{offset}{suffix}"
    return f"{file}-{offset}"


def stream(url: str, write: Callable[[bytes], object], checksum: str | None = None, limit: int | None = None,
           progress: Callable[[int], None] | None = None, cancelled: Callable[[], bool] = lambda: False,
           get: Callable[..., object] | None = None) -> int:
    """Stream the body of ``url`` (a bitarchive's file server) chunk by chunk into ``write``;
    answers the number of bytes. Raises DownloadError: ``unavailable`` (the request failed),
    ``too_large`` (more than ``limit`` bytes), ``cancelled`` (``cancelled()``, asked between
    chunks), ``checksum_mismatch`` (the body's MD5 is not ``checksum``). What ``write`` raises
    passes through."""
    import requests

    get = get or requests.get
    md5 = hashlib.md5()  # noqa: S324 - the archive's checksum algorithm
    size = 0
    try:
        with get(url, stream=True, timeout=60) as resp:
            resp.raise_for_status()
            for chunk in resp.iter_content(CHUNK):
                if cancelled():
                    raise DownloadError("cancelled")
                size += len(chunk)
                if limit is not None and size > limit:
                    raise DownloadError("too_large", f"more than {limit} bytes")
                md5.update(chunk)
                write(chunk)
                if progress is not None:
                    progress(size)
    except requests.RequestException as exc:
        raise DownloadError("unavailable", str(exc)) from None
    if checksum and md5.hexdigest() != checksum.lower():
        raise DownloadError("checksum_mismatch", f"{md5.hexdigest()} != {checksum}")
    return size


def save_url(url: str, path: str, checksum: str | None = None,
             progress: Callable[[int], None] | None = None, cancelled: Callable[[], bool] = lambda: False,
             get: Callable[..., object] | None = None) -> int:
    """Stream ``url`` into ``path``; answers the number of bytes written. ``checksum`` (MD5,
    hex): the download is refused unless it matches. ``progress(bytes so far)`` is called after
    each chunk; ``cancelled()`` is asked between chunks."""
    part = f"{path}.part"

    def write(chunk: bytes) -> None:
        try:
            out.write(chunk)
        except OSError as exc:
            raise DownloadError("write_failed", f"{path}: {exc.strerror or exc}") from None

    try:
        try:
            out = open(part, "wb")  # noqa: SIM115 - closed below, before the move
        except OSError as exc:
            raise DownloadError("write_failed", f"{path}: {exc.strerror or exc}") from None
        try:
            with out:
                size = stream(url, write, checksum, None, progress, cancelled, get)
        except DownloadError as exc:
            if exc.code == "cancelled":
                raise DownloadError("cancelled", path) from None
            raise
        try:
            os.replace(part, path)
        except OSError as exc:
            raise DownloadError("write_failed", f"{path}: {exc.strerror or exc}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(part)
        raise
    return size
