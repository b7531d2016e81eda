"""Locks the cache shares across threads and processes, and coalescing of identical work.

:class:`FileLock` is ``flock(2)`` on a lock file. Each instance opens its own descriptor, so two
threads of one process exclude each other as two processes do. It is taken by polling a
non-blocking attempt with short sleeps: under eventlet (the service) ``time.sleep`` yields to
other green threads, where a blocking ``flock`` would freeze the whole hub.

:class:`Coalescer` makes identical concurrent requests inside one process share one run: the
first caller works, the others wait for its result (or its exception). Across processes the
file lock does the same job: the second process waits for the lock and then finds the work done.
"""
from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from shared.errors import ServiceTimeout

T = TypeVar("T")


class FileLock:
    """An exclusive (or shared) ``flock`` on ``path``, created if needed."""

    def __init__(self, path: str, shared: bool = False):
        self.path = path
        self.shared = shared
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        if self._fd is not None:
            return True
        os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        try:
            same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
        except FileNotFoundError:
            same = False
        if not same:  # the file was removed (an evicted entry) between our open and our lock
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
            return False
        self._fd = fd
        return True

    def acquire(self, timeout: float | None = None, poll: float = 0.05) -> None:
        """Wait for the lock; ServiceTimeout after ``timeout`` seconds (None: wait for ever)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        delay = min(poll, 0.01)
        while not self.try_acquire():
            if deadline is not None and time.monotonic() >= deadline:
                raise ServiceTimeout(f"{os.path.basename(self.path)} stayed locked for {timeout:g} s",
                                     {"lock": os.path.basename(self.path)})
            time.sleep(delay)
            delay = min(poll, delay * 2)

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            finally:
                os.close(fd)

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()


def is_locked(path: str) -> bool:
    """Whether anyone holds a lock (shared or exclusive) on ``path`` right now."""
    if not os.path.exists(path):
        return False
    probe = FileLock(path)
    if probe.try_acquire():
        probe.release()
        return False
    return True


class _Run:
    __slots__ = ("done", "result", "error", "followers")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self.followers = 0


class Coalescer:
    """``run(key, fn)``: one call of ``fn`` per key at a time; concurrent callers share its outcome."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._runs: dict[Any, _Run] = {}

    def in_flight(self, key: Any) -> bool:
        with self._lock:
            return key in self._runs

    def run(self, key: Any, fn: Callable[[], T]) -> T:
        with self._lock:
            run = self._runs.get(key)
            leader = run is None
            if leader:
                run = self._runs[key] = _Run()
            else:
                run.followers += 1
        assert run is not None
        if not leader:
            run.done.wait()
            if run.error is not None:
                raise run.error
            return run.result
        try:
            run.result = fn()
            return run.result
        except BaseException as exc:
            run.error = exc
            raise
        finally:
            with self._lock:
                self._runs.pop(key, None)
            run.done.set()
