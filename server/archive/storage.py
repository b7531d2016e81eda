"""A bitarchive instance's storage directories (the seeds' BitarchiveAdmin).

Each storage directory holds ``filedir/`` (stored files, read-only) and ``tempdir/`` (files
being received). A file is written under a temporary name in the tempdir of the directory that
will keep it, fsynced, checked against its checksum, made read-only and then linked into place
with ``os.link`` (atomic and, unlike ``rename``, never replaces an existing file). Nothing in
``filedir`` is ever half-written; ``tempdir`` is emptied on start.
"""
from __future__ import annotations

import dataclasses
import errno
import logging
import os
import shutil
import uuid
from collections.abc import Iterable, Iterator

from server.archive.checksums import arrival_hash, normalise
from server.archive.local_copy import KernelCopyUnsupported, LocalFile, copy_into
from server.archive.names import check_name
from shared.errors import AlreadyExists, ArchiveFull, ChecksumMismatch

log = logging.getLogger(__name__)

FILEDIR, TEMPDIR = "filedir", "tempdir"
READ_ONLY = 0o444
#: a write that fails with one of these found the disk (or the user's quota) full
DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


@dataclasses.dataclass
class StoredFile:
    name: str
    path: str
    size: int
    checksum: str
    already: bool = False   # the file was there before, with this checksum


@dataclasses.dataclass
class Received:
    """A file written to ``tempdir`` and hashed, not yet in ``filedir`` (see :meth:`BitarchiveStorage.receive`)."""

    name: str
    tmp: str
    base: str          # the storage directory whose filedir will keep it
    size: int
    checksum: str      # hex digest on arrival, in ``algorithm``
    algorithm: str = "md5"


class BitarchiveStorage:
    def __init__(self, dirs: list[str], min_free_bytes: int = 0):
        if not dirs:
            raise ValueError("a bitarchive needs at least one storage directory")
        self.dirs = [os.path.abspath(d) for d in dirs]
        self.min_free_bytes = min_free_bytes

    def start(self) -> int:
        """Create the directories and delete every leftover temporary file; return how many."""
        removed = 0
        for d in self.dirs:
            os.makedirs(os.path.join(d, FILEDIR), exist_ok=True)
            tmp = os.path.join(d, TEMPDIR)
            if os.path.isdir(tmp):
                for entry in os.scandir(tmp):
                    log.warning("removing half-written file %s left by an earlier run", entry.path)
                    if entry.is_dir(follow_symlinks=False):
                        shutil.rmtree(entry.path)
                    else:
                        os.unlink(entry.path)
                    removed += 1
            os.makedirs(tmp, exist_ok=True)
        return removed

    # --- lookup -------------------------------------------------------------------------------

    def lookup(self, name: str) -> str | None:
        check_name(name)
        for d in self.dirs:
            path = os.path.join(d, FILEDIR, name)
            # a name is checked, but a link placed in the storage could still point elsewhere
            if os.path.isfile(path) and os.path.dirname(os.path.realpath(path)) == os.path.realpath(
                    os.path.join(d, FILEDIR)):
                return path
        return None

    def files(self, regex: str | None = None) -> Iterator[tuple[str, str]]:
        """(name, path) of every stored file, or of those whose name matches ``regex`` fully."""
        for d, names in self.names(regex):
            filedir = os.path.join(d, FILEDIR)
            for name in names:
                yield name, os.path.join(filedir, name)

    def names(self, regex: str | None = None) -> Iterator[tuple[str, list[str]]]:
        """Per storage directory, the sorted names of its stored files (those matching ``regex``
        fully). Names, not ``DirEntry`` objects, are sorted: for a million files that is half
        the time, and nothing is kept of an entry but its name."""
        from server.archive.user_regex import UserPattern

        pattern = UserPattern(regex) if regex else None   # a user's pattern: time-limited
        for d in self.dirs:
            with os.scandir(os.path.join(d, FILEDIR)) as it:
                names = [e.name for e in it if e.is_file() and (pattern is None or pattern.fullmatch(e.name))]
            names.sort()
            yield d, names

    def free_bytes(self, d: str) -> int:
        st = os.statvfs(d)
        return st.f_bavail * st.f_frsize

    def choose_dir(self, size: int) -> str:
        """The first storage directory that keeps ``min_free_bytes`` free after taking ``size``."""
        for d in self.dirs:
            if self.free_bytes(d) - size >= self.min_free_bytes:
                return d
        raise ArchiveFull(
            f"no storage directory has {size} bytes free above the minimum of {self.min_free_bytes}",
            {"size": size, "dirs": self.dirs},
        )

    def has_room(self) -> bool:
        return any(self.free_bytes(d) >= self.min_free_bytes for d in self.dirs)

    # --- store --------------------------------------------------------------------------------

    def store(self, name: str, chunks: Iterable[bytes | memoryview], size: int | None,
              expected_checksum: str | None) -> StoredFile:
        """Write ``chunks`` as file ``name``; the checksum is computed on arrival.

        A file already stored with the same checksum is not written again (``already=True``);
        with another checksum: AlreadyExists. A checksum that differs from ``expected_checksum``:
        ChecksumMismatch, and nothing is kept.
        """
        check_name(name)
        expected = normalise(expected_checksum) if expected_checksum else None
        existing = self.lookup(name)
        if existing is not None:
            return self._compare_existing(name, existing, expected)
        return self.commit(self.receive(name, chunks, size), expected)

    def receive(self, name: str, chunks: Iterable[bytes | memoryview], size: int | None,
                algorithm: str = "md5") -> Received:
        """The first half of :meth:`store`: ``chunks`` written under a temporary name, fsynced and
        hashed (in ``algorithm``: a begun store's transfer digest, else MD5) as they arrive.
        Nothing is in ``filedir`` yet: the caller must :meth:`commit` (or :meth:`discard`) it; a
        restart removes it. Raises InvalidName, ArchiveFull (no directory has room, or the disk
        filled up during the write: nothing kept), ChecksumMismatch (not ``size`` bytes: nothing
        kept), and what ``chunks`` raises."""
        check_name(name)
        base = self.choose_dir(size or 0)
        tmp = os.path.join(base, TEMPDIR, f"{name}.{uuid.uuid4().hex[:12]}.part")
        # read as well as written: a local copy is hashed from the new file (local_copy)
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        received = Received(name, tmp, base, 0, "", algorithm)
        try:
            try:
                self._write(fd, chunks, size, received)
            except OSError as exc:
                if exc.errno not in DISK_FULL:
                    raise
                # The directory had room when it was chosen; other writers (or a file larger
                # than its sender said) filled it meanwhile. The partial file goes (below).
                raise ArchiveFull(f"{name}: the storage directory {base} filled up while the file was written "
                                  f"({received.size} bytes written): {os.strerror(exc.errno)}",
                                  {"name": name, "dir": base, "written": received.size,
                                   "reason": "disk_full"}) from None
            if size is not None and received.size != size:
                raise ChecksumMismatch(f"{name}: received {received.size} bytes, expected {size}",
                                       {"name": name, "size": received.size, "expected_size": size})
            return received
        except BaseException:
            self.discard(received)
            raise

    @staticmethod
    def _write(fd: int, chunks: Iterable[bytes | memoryview], size: int | None, received: Received) -> None:
        """Write and hash ``chunks`` into ``fd`` (closed afterwards), fsynced; ``received`` gets
        the size written so far and, once all is written, the checksum."""
        try:
            # Each chunk is hashed (on another thread) while it is written; the next chunk is
            # taken only when both are done, as a reader may reuse the chunk's buffer.
            with arrival_hash(size, received.algorithm) as h:
                if isinstance(chunks, LocalFile):
                    try:
                        for n in copy_into(chunks, fd, h):
                            received.size += n
                    except KernelCopyUnsupported:
                        pass                     # nothing written: read and write it below
                    else:
                        chunks = ()
                for chunk in chunks:
                    h.update(chunk)
                    view = memoryview(chunk)
                    while view:
                        n = os.write(fd, view)
                        view = view[n:]
                        received.size += n
                    h.wait()
                os.fsync(fd)
                received.checksum = h.hexdigest()
        finally:
            os.close(fd)

    def commit(self, received: Received, expected_checksum: str | None, md5: str | None = None) -> StoredFile:
        """The second half of :meth:`store`: the received file linked into ``filedir`` if its
        digest on arrival equals ``expected_checksum`` (in the received file's algorithm; None:
        any); the temporary file is gone afterwards either way. A file received with another
        digest than MD5 needs ``md5``, the MD5 the sender computed over the same bytes: equal
        digests (BLAKE3, SHA-256) mean equal bytes, so that is this copy's MD5 too. Raises
        ChecksumMismatch (nothing kept), AlreadyExists."""
        name, tmp = received.name, received.tmp
        expected = normalise(expected_checksum) if expected_checksum else None
        final = os.path.join(received.base, FILEDIR, name)
        if received.algorithm != "md5" and not (expected and md5):
            self.discard(received)
            raise ChecksumMismatch(f"{name}: a copy verified by {received.algorithm} needs that digest and the "
                                   "sender's MD5; nothing kept", {"name": name})
        checksum = normalise(md5) if received.algorithm != "md5" else received.checksum
        try:
            if expected and received.checksum != expected:
                # the copy's own checksum goes to this service's log, never into the error: a
                # caller that named a file it could not read itself must not learn its checksum.
                # It rides on the exception (``arrived``) and is logged by the caller: this runs
                # in eventlet's tpool, where logging's green lock can wedge the thread
                err = ChecksumMismatch(f"{name}: the copy that arrived does not have the expected checksum "
                                       f"{expected}; nothing kept", {"name": name, "expected": expected})
                err.arrived = (f"{received.algorithm} on arrival {received.checksum} differs from the "
                               f"expected {expected}")
                raise err
            os.chmod(tmp, READ_ONLY)
            try:
                os.link(tmp, final)
            except FileExistsError:
                # Another upload of the same name won the race: the one stored decides.
                return self._compare_existing(name, final, checksum)
            _fsync_dir(os.path.join(received.base, FILEDIR))
            return StoredFile(name, final, received.size, checksum)
        finally:
            self.discard(received)

    @staticmethod
    def discard(received: Received) -> None:
        """Remove a received file that is not to be committed (nothing if it is gone already)."""
        try:
            os.unlink(received.tmp)
        except FileNotFoundError:
            pass

    def _compare_existing(self, name: str, path: str, expected: str | None) -> StoredFile:
        from server.archive.checksums import file_checksum

        checksum = file_checksum(path)
        if expected and checksum != expected:
            raise AlreadyExists(f"{name} is already stored here with another checksum ({checksum})",
                                {"name": name, "checksum": checksum, "expected": expected})
        return StoredFile(name, path, os.path.getsize(path), checksum, already=True)

    def checksum(self, name: str) -> str | None:
        from server.archive.checksums import file_checksum

        path = self.lookup(name)
        return file_checksum(path) if path else None


def _fsync_dir(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def file_chunks(path: str, chunk_size: int = 1 << 20) -> Iterator[memoryview]:
    """Read a file in chunks, reusing one buffer (the consumer must use each chunk at once).

    1 MiB, not more: a chunk that is read and then written (a copy into a bitarchive) is still
    in the CPU's cache when it is written. Measured on this code's 2-core target, copying a warm
    1 GiB file with read/write took 1.9-2.6 s in 4 MiB chunks and 0.3 s in 1 MiB or 128 KiB ones
    (``cp``: 0.4 s); hashing alone is the same at any size (see ``checksums.file_checksum``)."""
    buf = bytearray(chunk_size)
    view = memoryview(buf)
    with open(path, "rb", buffering=0) as fh:
        while True:
            n = fh.readinto(buf)
            if not n:
                return
            yield view[:n]
