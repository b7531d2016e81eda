"""What the proxy process keeps between requests so that a request costs one lookup and one
record fetch, not also two database reads (docs/decisions/viewerproxy-caches.md).

- :class:`SessionCache`: the active sessions browsers authenticated with, for at most ``ttl``
  seconds. The viewerproxy service tells its proxy process at once when a session changes or
  stops (:func:`server.viewerproxy.proxy.serve_control`, answered before the RPC returns), so
  the time-to-live only bounds what no message announces: a change made by another viewerproxy
  instance sharing the viewer database, or an administrator editing the database. Refusals are
  never cached: a new session works at its first request.
- :class:`LookupCache`: the index server's captures of a URL for a job set, a bounded LRU with a
  time-to-live. The key is (job set, URL) — not the moment: the moment only orders the same
  captures, which costs microseconds. A session whose jobs change asks with another key, so it
  sees the new job set's captures at once.

- :class:`RecordCache`: records read whole and verified, by (file, offset), bounded by their
  payloads' bytes, the least recently used dropped first. An archive file never changes once
  stored (bit preservation replaces a damaged copy with an equal one), so the record at an offset
  is the same record next time; what is kept was checked (gzip CRC, block digest) before it was
  kept. A page's style sheets, scripts and pictures are asked for again on every page of its
  site: a kept one costs neither the bitarchive's read nor the proxy's inflating and checking.
  The key is the record's place, not a session: whether a session may see a capture is decided
  (its lookup) before its record is asked for.

All are shared by the proxy's threads (one lock each, held for dictionary work only; the
database, the index server and the bitarchives are asked outside it).
"""
from __future__ import annotations

import dataclasses
import hashlib
import hmac
import io
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


def sha256_hex(text: str) -> str:
    """How a session's token is kept (and a missing URL keyed): its SHA-256, hex."""
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class ActiveSession:
    """What the proxy needs of a session to answer a request for it."""

    id: str
    token_hash: str
    job_ids: tuple[int, ...]
    timestamp: str
    recording: bool

    def token_matches(self, token: str) -> bool:
        return hmac.compare_digest(self.token_hash, sha256_hex(token))


class SessionCache:
    """Active sessions by id, each for at most ``ttl`` seconds (0: not kept at all).

    ``load(session_id)`` reads one from the database (None: unknown or stopped). A load that
    started before a :meth:`forget` is not stored: it may have read the old row."""

    def __init__(self, load: Callable[[str], ActiveSession | None], ttl: float = 5.0,
                 clock: Callable[[], float] = time.monotonic):
        self._load, self.ttl, self._clock = load, ttl, clock
        self._rows: dict[str, tuple[float, ActiveSession]] = {}
        self._generation = 0
        self._lock = threading.Lock()

    def get(self, session_id: str) -> ActiveSession | None:
        now = self._clock()
        with self._lock:
            hit = self._rows.get(session_id)
            if hit is not None and now - hit[0] < self.ttl:
                return hit[1]
            generation = self._generation
        found = self._load(session_id)
        with self._lock:
            if found is None:
                self._rows.pop(session_id, None)
            elif self.ttl > 0 and generation == self._generation:
                if len(self._rows) >= 10_000:   # sessions are few; this only bounds a flood of them
                    self._rows.clear()
                self._rows[session_id] = (now, found)
        return found

    def authenticate(self, session_id: str, token: str) -> ActiveSession | None:
        """The active session the browser's proxy credentials name, or None."""
        s = self.get(session_id)
        return s if s is not None and s.token_matches(token) else None

    def forget(self, session_id: str | None = None) -> None:
        """Drop one session (None: all), and anything being loaded now."""
        with self._lock:
            self._generation += 1
            if session_id is None:
                self._rows.clear()
            else:
                self._rows.pop(session_id, None)


class LookupCache:
    """The captures of (job set, URL): at most ``entries`` of them, each for at most ``ttl``
    seconds, the least recently used dropped first (``entries`` 0: nothing is kept)."""

    def __init__(self, entries: int = 10_000, ttl: float = 60.0, clock: Callable[[], float] = time.monotonic):
        self.entries, self.ttl, self._clock = entries, ttl, clock
        self._items: OrderedDict[tuple[tuple[int, ...], str], tuple[float, list[Any]]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, job_ids: Sequence[int], url: str, fetch: Callable[[], list[Any]]) -> list[Any]:
        """The cached captures, or ``fetch()``'s (kept when it answers; its errors pass through)."""
        key = (tuple(job_ids), url)
        now = self._clock()
        with self._lock:
            hit = self._items.get(key)
            if hit is not None and now - hit[0] < self.ttl:
                self._items.move_to_end(key)
                self.hits += 1
                return hit[1]
            self.misses += 1
        found = fetch()
        if self.entries > 0:
            with self._lock:
                self._items[key] = (now, found)
                self._items.move_to_end(key)
                while len(self._items) > self.entries:
                    self._items.popitem(last=False)
        return found

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


class RecordCache:
    """Verified records by (file, offset), at most ``max_bytes`` of payload in all, each at most
    an eighth of it (0: nothing is kept). A hit is a fresh :class:`Record` over the kept payload:
    its reader and ``extra`` are its own; its headers are shared and never changed."""

    def __init__(self, max_bytes: int = 0):
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[str, int], tuple[Any, bytes]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, filename: str, offset: int) -> Any | None:
        """The kept record at ``offset`` of ``filename``, or None."""
        if self.max_bytes <= 0:
            return None
        with self._lock:
            hit = self._items.get((filename, offset))
            if hit is None:
                self.misses += 1
                return None
            self._items.move_to_end((filename, offset))
            self.hits += 1
        template, payload = hit
        return dataclasses.replace(template, _stream=io.BytesIO(payload), extra={})

    def keep(self, filename: str, offset: int, record: Any) -> Any:
        """``record`` as the caller should replay it. One read whole and verified (``in_memory``)
        has its payload read out, is closed, and is answered as a fresh record over the payload,
        kept when it fits; any other is answered untouched. Raises InvalidWarc when the payload
        cannot be read (a damaged chunked body: before a byte of it goes to a browser)."""
        if self.max_bytes <= 0 or not record.in_memory:
            return record
        from shared.errors import InvalidWarc

        parts = []
        try:
            while data := record.read(1 << 20):   # in memory already: bounded by VERIFY_MAX
                parts.append(data)
        except Exception as exc:  # noqa: BLE001 - warcio's dechunking raises plain errors
            raise InvalidWarc(f"the record at {filename}:{offset} cannot be read: {exc}",
                              {"file": filename, "offset": offset}) from None
        finally:
            record.close()
        payload = b"".join(parts)
        template = dataclasses.replace(record, _stream=None, _response=None, extra={})
        if len(payload) <= self.max_bytes // 8:
            with self._lock:
                old = self._items.pop((filename, offset), None)
                if old is not None:
                    self._size -= len(old[1])
                self._items[(filename, offset)] = (template, payload)
                self._size += len(payload)
                while self._size > self.max_bytes:
                    _key, (_t, dropped) = self._items.popitem(last=False)
                    self._size -= len(dropped)
        return dataclasses.replace(template, _stream=io.BytesIO(payload), extra={})
