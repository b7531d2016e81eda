"""A copy of a file this process can read itself, made in the kernel and hashed from the copy.

A bitarchive on the sender's host reads the sender's file directly (``RemoteFile.local_path``).
Copying it with ``read`` and ``write`` through a buffer of ours cost each replica 1.3–3.6 CPU-s
per GiB on the 2-core target when two replicas wrote at once (the kernel's cost of ``write``
into new page-cache pages varied that much from run to run); ``copy_file_range`` — what ``cp``
does — cost 0.75–0.93 CPU-s with the hash included, every run
(docs/decisions/archive-store-speed.md, "Copies in the kernel").

The hash reads the *copy*: each range, once copied, is mapped from the new file (the pages are
in the page cache, just written) and hashed on a native thread while the next range is copied.
So what is verified is what this replica keeps, not a buffer on its way there.
"""
from __future__ import annotations

import errno
import mmap
import os
from collections.abc import Iterator

#: bytes per ``copy_file_range`` call, and per range hashed while the next one is copied
RANGE = 4 << 20
#: a kernel (or pair of file systems) that cannot copy between these files in the kernel
#: answers one of these before it has copied anything; the copy is then made by ``read`` and
#: ``write`` (``shutil`` falls back on the same ones)
NO_KERNEL_COPY = frozenset({errno.EXDEV, errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.EPERM,
                            errno.ETXTBSY})


class LocalFile:
    """A sender's file this process reads itself. Iterating it gives its chunks (the way every
    other sender's bytes arrive); :func:`copy_into` copies it in the kernel instead."""

    def __init__(self, path: str, chunk_size: int = 1 << 20):
        self.path = path
        self.chunk_size = chunk_size

    def __iter__(self) -> Iterator[memoryview]:
        from server.archive.storage import file_chunks

        return file_chunks(self.path, self.chunk_size)


class KernelCopyUnsupported(Exception):
    """Nothing was copied: this kernel or these file systems cannot copy in the kernel."""


def copy_into(source: LocalFile, fd: int, hasher) -> Iterator[int]:
    """Copy ``source`` to the end of ``fd`` (open for reading and writing, empty) in the kernel,
    hashing the copy with ``hasher`` (``update``/``wait`` of ``checksums.BackgroundHash``) as it
    grows; yields the size of each range copied (the last one hashed once the generator ends).
    Raises KernelCopyUnsupported (nothing written) and the copy's other ``OSError`` (a full
    disk: ``ENOSPC``)."""
    src = os.open(source.path, os.O_RDONLY)
    try:
        if hasattr(os, "posix_fadvise"):
            os.posix_fadvise(src, 0, 0, os.POSIX_FADV_SEQUENTIAL)
        copied = 0
        hashing: _Range | None = None
        try:
            while n := _copy_range(src, fd, copied):
                view = _Range(fd, copied, n)
                try:
                    hasher.update(view.data)  # waits for the range before, then hashes this one
                except BaseException:
                    view.close()             # not started: the range before failed
                    raise
                if hashing is not None:
                    hashing.close()          # its hash is done (update waited for it)
                hashing = view
                copied += n
                yield n
        finally:
            if hashing is not None:
                try:
                    hasher.wait()            # the last hash: done before its mapping goes
                finally:
                    hashing.close()
    finally:
        os.close(src)


def _copy_range(src: int, dst: int, copied: int) -> int:
    try:
        return os.copy_file_range(src, dst, RANGE)
    except OSError as exc:
        if copied == 0 and exc.errno in NO_KERNEL_COPY:
            raise KernelCopyUnsupported(os.strerror(exc.errno)) from None
        raise


class _Range:
    """``n`` bytes of ``fd`` from ``offset``, mapped read-only (``data``)."""

    def __init__(self, fd: int, offset: int, n: int):
        start = offset - offset % mmap.ALLOCATIONGRANULARITY   # a mapping starts on a page
        self._map = mmap.mmap(fd, offset + n - start, prot=mmap.PROT_READ, offset=start)
        self._view = memoryview(self._map)
        self.data = self._view[offset - start:]

    def close(self) -> None:
        self.data.release()
        self._view.release()
        self._map.close()
