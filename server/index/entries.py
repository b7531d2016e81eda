"""One cache entry: a directory that appears complete or not at all.

An entry is built in a temporary directory beside it and renamed into place with its
``manifest.json`` already written, so a reader never sees half an entry. Beside the directory:

- ``<entry>.lock`` — held (exclusive) while the entry is built: a second builder, in this process
  or another, waits for it and then finds the entry made (the seeds' FileBasedCache);
- ``<entry>.use`` — held shared by every reader and by builds that derive from the entry; the
  evictor needs it exclusively, so an index in use is never removed;
- ``<entry>.lease`` — an expiry time: the entry was handed to a client (a path or URL) and stays
  until then even when nobody holds it open.

The manifest's modification time is the entry's last use (least-recently-used eviction).
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from server.index.locks import FileLock

MANIFEST = "manifest.json"


class Entry:
    def __init__(self, path: str):
        self.path = os.path.abspath(path)

    def __repr__(self) -> str:
        return f"Entry({self.path!r})"

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    @property
    def manifest_path(self) -> str:
        return os.path.join(self.path, MANIFEST)

    def file(self, name: str) -> str:
        return os.path.join(self.path, name)

    def exists(self) -> bool:
        return os.path.isfile(self.manifest_path)

    def manifest(self) -> dict[str, Any]:
        with open(self.manifest_path, encoding="utf-8") as fh:
            return json.load(fh)

    def touch(self) -> None:
        with contextlib.suppress(OSError):
            os.utime(self.manifest_path)

    def last_used(self) -> float:
        try:
            return os.stat(self.manifest_path).st_mtime
        except OSError:
            return 0.0

    def size(self) -> int:
        total = 0
        for dirpath, _dirs, files in os.walk(self.path):
            for f in files:
                with contextlib.suppress(OSError):
                    total += os.lstat(os.path.join(dirpath, f)).st_size
        return total

    # -- leases and use -------------------------------------------------------------------------
    def lease(self, seconds: float, now: float | None = None) -> float:
        """Keep the entry until ``now + seconds`` (a later lease never shortens an earlier one)."""
        until = (now or time.time()) + seconds
        until = max(until, self.leased_until())
        tmp = f"{self.path}.lease.{uuid.uuid4().hex}"
        with open(tmp, "w") as fh:
            fh.write(f"{until:.3f}\n")
        os.replace(tmp, self.path + ".lease")
        return until

    def leased_until(self) -> float:
        try:
            with open(self.path + ".lease") as fh:
                return float(fh.read().strip() or 0)
        except (OSError, ValueError):
            return 0.0

    def in_use(self, now: float | None = None) -> bool:
        from server.index.locks import is_locked

        return self.leased_until() > (now or time.time()) or is_locked(self.path + ".use")

    @contextlib.contextmanager
    def using(self) -> Iterator[Entry]:
        """Hold the entry open (shared) for reading; raises FileNotFoundError if it is gone."""
        lock = FileLock(self.path + ".use", shared=True)
        lock.acquire()
        try:
            if not self.exists():
                raise FileNotFoundError(self.path)
            self.touch()
            yield self
        finally:
            lock.release()

    # -- building and removing ------------------------------------------------------------------
    def build(self, make: Callable[[str], dict[str, Any]], on_built: Callable[[Entry], None] | None = None,
              timeout: float | None = None) -> dict[str, Any]:
        """The entry's manifest, building it first with ``make(tmp_dir) -> manifest`` when it does
        not exist. Only one builder at a time, across threads and processes."""
        if self.exists():
            self.touch()
            return self.manifest()
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        lock = FileLock(self.path + ".lock")
        lock.acquire(timeout)
        try:
            if self.exists():  # another builder finished while we waited for the lock
                self.touch()
                return self.manifest()
            self._clean_leftovers()
            tmp = f"{self.path}.building-{os.getpid()}-{uuid.uuid4().hex[:8]}"
            os.makedirs(tmp)
            try:
                manifest = make(tmp)
                manifest.setdefault("built_at", time.time())
                manifest["size"] = _dir_size(tmp)
                with open(os.path.join(tmp, MANIFEST), "w", encoding="utf-8") as fh:
                    json.dump(manifest, fh, sort_keys=True)
                if os.path.isdir(self.path):  # a directory without manifest: an interrupted removal
                    shutil.rmtree(self.path, ignore_errors=True)
                os.rename(tmp, self.path)
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
            if on_built is not None:
                on_built(self)
            return manifest
        finally:
            lock.release()

    def _clean_leftovers(self) -> None:
        """Temporary directories of builds that died (we hold the lock: nobody else builds)."""
        parent, base = os.path.split(self.path)
        with contextlib.suppress(OSError):
            for name in os.listdir(parent):
                if name.startswith(base + ".building-"):
                    shutil.rmtree(os.path.join(parent, name), ignore_errors=True)

    def remove(self, now: float | None = None) -> bool:
        """Delete the entry unless it is in use, leased or being built. True when removed."""
        if self.leased_until() > (now or time.time()):
            return False
        use = FileLock(self.path + ".use")
        build = FileLock(self.path + ".lock")
        if not use.try_acquire():
            return False
        try:
            if not build.try_acquire():
                return False
            try:
                # The manifest goes first: a half-removed entry never looks complete.
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.manifest_path)
                shutil.rmtree(self.path, ignore_errors=True)
                for extra in (".lease", ".use", ".lock"):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(self.path + extra)
                return True
            finally:
                build.release()
        finally:
            use.release()


def _dir_size(path: str) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for f in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(dirpath, f)).st_size
    return total
