"""The full crawl-log index: every capture of every job of the set, by SURT (the viewer's index:
``http://Example.dk/a`` and ``https://www.example.dk/a`` find the same captures, as in pywb).

A whoosh index whose documents are the capture rows (key: the SURT; value: the rest of the row),
so "all captures of one URL" is one term lookup.
"""
from __future__ import annotations

import collections
import os
import threading
from collections.abc import Iterable, Iterator
from typing import Any

from server.index import engine
from server.index.captures import Capture, located, url_key
from server.index.entries import Entry
from server.index.locks import FileLock
from shared.errors import IndexNotReady

FORMAT = "nas-full-1"
WHOOSH = "whoosh"


def documents(lines: Iterable[str]) -> Iterator[tuple[str, str]]:
    for line in lines:
        surt, _, rest = line.rstrip("\n").partition("\t")
        if located([surt] + rest.split("\t")):
            yield surt, rest


def build(directory: str, lines: Iterable[str], limitmb: int = 256, max_segments: int = 8,
          base_dir: str | None = None) -> dict:
    """A new full index (or ``base_dir``'s plus one segment of ``lines``)."""
    docs, segments = engine.write(os.path.join(directory, WHOOSH), documents(lines), limitmb=limitmb,
                                  max_segments=max_segments,
                                  base=os.path.join(base_dir, WHOOSH) if base_dir else None)
    reader = engine.KeyValueReader(os.path.join(directory, WHOOSH))
    try:
        total = reader.doc_count()
    finally:
        reader.close()
    return {"format": FORMAT, "entries": total, "segments": segments}


class FullIndexReader:
    def __init__(self, directory: str):
        self._kv = engine.KeyValueReader(os.path.join(directory, WHOOSH))

    def captures(self, url: str) -> list[Capture]:
        """Every capture of ``url`` (by SURT), oldest first."""
        key = url_key(url)
        rows = [[key] + v.split("\t") for v in self._kv.values(key)]
        return sorted((Capture.from_row(r) for r in rows), key=lambda c: (c.timestamp, c.url, c.job_id))

    def __len__(self) -> int:
        return self._kv.doc_count()

    def close(self) -> None:
        self._kv.close()


class OpenReaders:
    """Full-index readers kept open (a lookup must not reopen whoosh); each holds its entry's
    use lock, so an open index is never evicted. Least recently used readers are closed."""

    def __init__(self, size: int):
        self.size = max(1, size)
        self._lock = threading.Lock()
        self._open: collections.OrderedDict[str, tuple[Any, Any]] = collections.OrderedDict()

    def get(self, entry: Entry) -> FullIndexReader:
        with self._lock:
            found = self._open.get(entry.path)
            if found is not None:
                self._open.move_to_end(entry.path)
                entry.touch()
                return found[0]
            lock = FileLock(entry.path + ".use", shared=True)
            lock.acquire()
            if not entry.exists():
                lock.release()
                raise IndexNotReady(f"the index {entry.name} was evicted: ask for it again", {"index": entry.name})
            reader = FullIndexReader(entry.path)
            self._open[entry.path] = (reader, lock)
            while len(self._open) > self.size:
                _path, (old, old_lock) = self._open.popitem(last=False)
                old.close()
                old_lock.release()
            return reader

    def close(self) -> None:
        with self._lock:
            for reader, lock in self._open.values():
                reader.close()
                lock.release()
            self._open.clear()
