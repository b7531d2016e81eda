"""What the crawler does when a write meets a full disk (ENOSPC) or a used-up quota (EDQUOT).

The harvester freezes the crawler before the disk fills (``min_space_left``), but space can still
vanish between two of its checks, or another process can fill the disk. Then a write fails
inside the crawler, and:

1. the writer puts its file back to the last record boundary (warc_writer.py: the WARC file is
   truncated to the start of the unit being written; crawl_log.py keeps unwritten lines in
   memory), so every file on disk stays valid;
2. :meth:`DiskSpace.hit` logs one line, marks the crawl *disk full* (the progress lines carry
   ``disk_full``, the harvester shows it and holds its timeouts) and frees the crawler's small
   reserve file, so that the frontier, the progress lines and crawl.log can still be written;
3. the crawl loop pauses: workers wait in :meth:`DiskSpace.wait` before taking a URI, and the
   write that failed waits there too, keeping its URI (nothing is finished, nothing lost);
4. every few seconds (bounded backoff) the reserve is made again; when that succeeds and as much
   again is free, space is back: held crawl.log lines are written, the waiting writes are retried and the crawl goes on;
5. a stop while paused wakes the waiters with :class:`CrawlStopped`: their URIs go back to the
   queue, and the crawl ends as any stopped crawl, its WARC files valid.
"""
from __future__ import annotations

import asyncio
import errno
import logging
import os
import sqlite3
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

NO_SPACE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})
RESERVE_NAME = ".disk-reserve"
RESERVE_BYTES = 1 << 20  # room for the frontier's commits, progress lines and crawl.log while paused
RETRY_FIRST_S = 1.0
RETRY_MAX_S = 5.0


def is_no_space(exc: BaseException) -> bool:
    """True for a write that failed because the disk (or the user's quota) is full."""
    if isinstance(exc, OSError):
        return exc.errno in NO_SPACE_ERRNOS
    if isinstance(exc, sqlite3.OperationalError):  # SQLITE_FULL has no errno
        return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in str(exc)
    return False


class CrawlStopped(Exception):
    """The crawl was stopped while a write waited for disk space; the write did not happen."""


class DiskSpace:
    """The crawl's disk-full state, shared by its writers and workers (one per crawl).

    ``retry_hooks`` run when space seems back (after the reserve was made again); one raising a
    no-space error means it is not back yet. The clock and the retry delays are parameters so
    that tests need not wait."""

    def __init__(self, directory: str, *, reserve_bytes: int = RESERVE_BYTES,
                 retry_first_s: float = RETRY_FIRST_S, retry_max_s: float = RETRY_MAX_S,
                 clock: Callable[[], float] = time.monotonic):
        self.directory = directory
        self.reserve_path = os.path.join(directory, RESERVE_NAME)
        self.reserve_bytes = reserve_bytes
        self.retry_first_s = retry_first_s
        self.retry_max_s = retry_max_s
        self.clock = clock
        self.full_since: float | None = None
        self.error = ""            # what failed, for the log and the progress line
        self.episodes = 0          # how often the disk was found full in this run
        self.paused_s = 0.0        # time spent paused over the run
        self.retry_hooks: list[Callable[[], None]] = []
        self._stopping = False
        self._back: asyncio.Event | None = None
        self._prober: asyncio.Task | None = None

    @property
    def full(self) -> bool:
        return self.full_since is not None

    # -- the reserve ----------------------------------------------------------------------
    def make_reserve(self) -> bool:
        """Allocate the reserve file (blocks really taken, not a sparse file). False when the disk
        has no room for it, which is how the crawler knows that space has not come back."""
        if self.reserve_bytes <= 0:
            return True
        try:
            fd = os.open(self.reserve_path, os.O_WRONLY | os.O_CREAT, 0o644)
        except OSError as exc:
            if is_no_space(exc):
                return False
            raise
        try:
            os.posix_fallocate(fd, 0, self.reserve_bytes)
            return True
        except OSError as exc:
            if not is_no_space(exc):
                raise
            os.ftruncate(fd, 0)  # a partial reserve would hold space without keeping the promise
            return False
        finally:
            os.close(fd)

    def free_bytes(self) -> int:
        """Free space for this user on the crawl's disk (a quota is not seen here: the retried
        write tells)."""
        try:
            st = os.statvfs(self.directory)
        except OSError:
            return 1 << 62
        return st.f_bavail * st.f_frsize

    def release_reserve(self) -> None:
        try:
            os.remove(self.reserve_path)
        except FileNotFoundError:
            pass

    # -- entering and leaving the paused state ----------------------------------------------
    def hit(self, exc: BaseException, what: str) -> None:
        """A write of ``what`` failed with ``exc`` (a no-space error): pause the crawl."""
        if self.full:
            return
        self.full_since = self.clock()
        self.episodes += 1
        self.error = f"{what}: {exc.strerror if isinstance(exc, OSError) and exc.strerror else exc}"
        self.release_reserve()
        log.error("disk full while writing %s (%s); the crawl is paused and the write is retried every "
                  "%g-%g s until space returns", what, exc, self.retry_first_s, self.retry_max_s)
        self._event().clear()
        self._start_prober()

    def report(self) -> dict[str, object]:
        """Fields for the progress line while paused (none otherwise)."""
        if self.full_since is None:
            return {}
        return {"disk_full": self.error, "disk_full_s": round(self.clock() - self.full_since, 1)}

    def stop(self) -> None:
        """The crawl is stopping: writes that wait for space give up (:class:`CrawlStopped`)."""
        self._stopping = True
        if self._back is not None:
            self._back.set()

    async def wait(self) -> None:
        """Return at once unless the disk is full; else when space is back. Raises
        :class:`CrawlStopped` when the crawl stops meanwhile."""
        while self.full and not self._stopping:
            self._start_prober()
            await self._event().wait()
        if self.full and self._stopping:
            raise CrawlStopped(self.error)

    def _event(self) -> asyncio.Event:
        if self._back is None:
            self._back = asyncio.Event()
        return self._back

    def _start_prober(self) -> None:
        if self._prober is not None and not self._prober.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a plain unit test): wait() starts it
        self._prober = loop.create_task(self._probe())

    async def _probe(self) -> None:
        delay = self.retry_first_s
        while self.full and not self._stopping:
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.retry_max_s)
            if self.try_resume():
                return

    def try_resume(self) -> bool:
        """One attempt: make the reserve again and run the retry hooks. True when space is back."""
        if not self.full:
            return True
        try:
            if not self.make_reserve():
                return False
            if self.free_bytes() < self.reserve_bytes:
                # room for the reserve alone is no room to crawl in: without this margin the crawl
                # would resume, fail at once and pause again with every retry
                self.release_reserve()
                return False
            for hook in self.retry_hooks:
                hook()
        except Exception as exc:  # noqa: BLE001 - a hook meeting a full disk again: still paused
            if not is_no_space(exc):
                log.exception("retrying a write after a full disk failed")
            self.release_reserve()
            return False
        assert self.full_since is not None
        paused = self.clock() - self.full_since
        self.paused_s += paused
        log.warning("disk space is back after %.1f s; the crawl goes on", paused)
        self.full_since = None
        self.error = ""
        self._event().set()
        return True


# -- room kept past a file's end ------------------------------------------------------------
_FALLOC_FL_KEEP_SIZE = 0x01
_fallocate = None


def _libc_fallocate():
    global _fallocate
    if _fallocate is None:
        import ctypes

        try:
            # the process's own symbols hold libc's: ctypes.util.find_library("c") ran
            # `ldconfig -p` in a subprocess at every crawl's (and every part's) start
            fn = ctypes.CDLL(None, use_errno=True).fallocate
            fn.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_int64]
            fn.restype = ctypes.c_int
            _fallocate = (fn, ctypes.get_errno)
        except (OSError, AttributeError):   # not glibc on Linux: no room is kept
            _fallocate = False
    return _fallocate


def keep_room(fd: int, offset: int, length: int) -> bool:
    """Allocate the blocks of ``[offset, offset + length)`` without changing the file's size
    (Linux ``fallocate`` with ``FALLOC_FL_KEEP_SIZE``): appends into them cannot meet a full
    disk. False when the disk has no room for them or the file system cannot do it."""
    found = _libc_fallocate()
    if not found:
        return False
    fn, get_errno = found
    if fn(fd, _FALLOC_FL_KEEP_SIZE, offset, length) == 0:
        return True
    err = get_errno()
    if err in NO_SPACE_ERRNOS or err in (errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL):
        return False
    raise OSError(err, os.strerror(err))
