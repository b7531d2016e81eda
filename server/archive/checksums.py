"""Checksums of archive files: MD5 hex, as the seeds (and ``md5sum``) compute them."""
from __future__ import annotations

import hashlib
import os

CHUNK = 1 << 20
ALGORITHM = "md5"


def new_hash(algorithm: str = ALGORITHM):
    """A fresh hash object (``update``, ``hexdigest``, ``digest_size``) of ``algorithm``: a
    ``hashlib`` name, or ``blake3`` (the ``blake3`` package, one thread: a store's parallelism
    is its copies, not one hash)."""
    if algorithm == "blake3":
        import blake3

        return blake3.blake3(max_threads=1)
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
    h = new_hash(algorithm)
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


def file_digests(path: str | os.PathLike, algorithms: tuple[str, ...], progress=None) -> list[str]:
    """Hex digests of a file in each of ``algorithms``, from one read of it: the first hashed in
    the reading thread, each other on a native thread of its own (:class:`BackgroundHash`), all
    over the same chunk at once (``hashlib`` releases the GIL), so the wall time is that of the
    slowest, not their sum. ``progress(n)`` gets each chunk's size."""
    first, *others = algorithms
    if not others:
        return [file_checksum(path, first, progress)]
    h = new_hash(first)
    buf = bytearray(CHUNK)
    view = memoryview(buf)
    helpers = [BackgroundHash(a) for a in others]
    try:
        with open(path, "rb", buffering=0) as fh:
            if hasattr(os, "posix_fadvise"):
                os.posix_fadvise(fh.fileno(), 0, 0, os.POSIX_FADV_SEQUENTIAL)
            while n := fh.readinto(buf):
                chunk = view[:n]
                for b in helpers:
                    b.update(chunk)
                h.update(chunk)
                for b in helpers:
                    b.wait()        # the buffer is read into again only when every hash is done with it
                if progress is not None:
                    progress(n)
        return [h.hexdigest(), *(b.hexdigest() for b in helpers)]
    finally:
        for b in helpers:
            b.close()


#: the digests a replica may verify a begun store's copy with instead of MD5 (``transfer_digest``)
TRANSFER_DIGESTS = ("blake3", "sha256")
_cpu_digest: str | None = None


def transfer_digest() -> str:
    """The digest a client offers for its replicas to verify their copies with: ``blake3``
    (SIMD on every x86-64 and ARMv8 CPU: 0.35 CPU-s per GiB on the 2-core target, where SHA-256
    in hardware takes 0.54 and MD5 1.26); where the ``blake3`` package cannot be loaded,
    ``sha256`` if this CPU hashes it in hardware (x86 ``sha_ni``, ARMv8 ``sha2``), else "" (the
    replicas verify with the MD5 the client computes anyway: one digest for both).
    docs/decisions/archive-store-speed.md, "Fewer passes" and "BLAKE3"."""
    global _cpu_digest
    if _cpu_digest is None:
        _cpu_digest = "blake3" if _has_blake3() else ("sha256" if _cpu_hashes_sha256() else "")
    return _cpu_digest


def _has_blake3() -> bool:
    try:
        import blake3  # noqa: F401 - a pinned dependency; absent only in a broken installation
    except ImportError:
        return False
    return True


def _cpu_hashes_sha256() -> bool:
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                if key.strip() in ("flags", "Features"):
                    words = value.split()
                    return "sha_ni" in words or "sha2" in words
    except OSError:
        pass
    return False


def tagged(algorithm: str, hexdigest: str) -> str:
    """``algorithm:hex``, the form a transfer digest travels in (never confused with an MD5)."""
    return f"{algorithm}:{hexdigest.lower()}"


class BackgroundHash:
    """A hash computed on a native thread of its own, chunk by chunk, so that a caller which
    also writes every chunk (a bitarchive receiving a file) hashes and writes at the same time:
    ``update(chunk)`` starts hashing it and returns at once, ``wait()`` returns once it is hashed
    (only then may the caller reuse the chunk's buffer), ``hexdigest()`` waits for the last one.
    ``hashlib`` and ``os.write`` both release the GIL, so a chunk costs the longer of the two
    instead of their sum: measured on this code's 2-core target, a 1 GiB store into a replica
    took about the MD5 time less (see docs/decisions/archive-store-speed.md). The thread is a
    native one even in an eventlet-patched process (green threads would not run in parallel);
    a green caller blocks its hub only while a chunk is both hashed and written, where before
    it blocked it for the hashing and the writing one after the other. ``close()`` ends it."""

    def __init__(self, algorithm: str = ALGORITHM):
        threading, queue = _native_threading()
        self._hash = new_hash(algorithm)
        self._todo = queue.Queue(1)
        self._done = queue.Queue(1)
        self._pending = False
        self._thread = threading.Thread(target=self._run, name="nas-hash", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (chunk := self._todo.get()) is not None:
            try:
                self._hash.update(chunk)
                self._done.put(None)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller by wait()
                self._done.put(exc)

    def update(self, chunk: bytes | memoryview) -> None:
        self.wait()
        self._todo.put(chunk)
        self._pending = True

    def wait(self) -> None:
        if self._pending:
            self._pending = False
            error = self._done.get()
            if error is not None:
                raise error

    def hexdigest(self) -> str:
        self.wait()
        return self._hash.hexdigest()

    def close(self) -> None:
        try:
            self.wait()
        finally:
            self._todo.put(None)
            self._thread.join()

    def __enter__(self) -> BackgroundHash:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InlineHash:
    """:class:`BackgroundHash`'s interface, hashing in the caller (for small files a thread
    costs more than it saves)."""

    def __init__(self, algorithm: str = ALGORITHM):
        self._hash = new_hash(algorithm)

    def update(self, chunk: bytes | memoryview) -> None:
        self._hash.update(chunk)

    def wait(self) -> None:
        pass

    def hexdigest(self) -> str:
        return self._hash.hexdigest()

    def close(self) -> None:
        pass

    def __enter__(self) -> InlineHash:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


#: files from this size on (or of unknown size) are hashed on a thread of their own as they arrive
BACKGROUND_HASH_FROM = 16 << 20


def arrival_hash(size: int | None, algorithm: str = ALGORITHM) -> BackgroundHash | InlineHash:
    """The hash for bytes that arrive chunk by chunk and are written as they come."""
    if size is not None and size < BACKGROUND_HASH_FROM:
        return InlineHash(algorithm)
    return BackgroundHash(algorithm)


def _native_threading():
    """``threading`` and ``queue`` as the operating system provides them, also where eventlet
    patched them (a native worker thread and the queues it waits on must not be green)."""
    import sys

    eventlet = sys.modules.get("eventlet")   # not imported: nothing can have patched them
    if eventlet is None:
        import queue
        import threading

        return threading, queue
    from eventlet import patcher

    return patcher.original("threading"), patcher.original("queue")


def normalise(checksum: str) -> str:
    """Lower-case hex; accepts ``md5:`` prefixes."""
    value = checksum.strip().lower()
    if ":" in value:
        value = value.split(":", 1)[1]
    return value
