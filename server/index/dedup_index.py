"""The deduplication index: what earlier jobs stored, by URL and payload digest.

Built from the jobs' captures (crawl.log joined with CDX), keeping only the captures a later
crawl may refer to instead of storing the payload again (2xx, not truncated, a MIME type outside
the filter — ``^text/`` by default, as the seeds' DedupCrawlLogIndexCache — and a known record:
a revisit points to its original). Each (URL, digest) is kept once, from its latest capture.

The key is the URL exactly as crawl.log writes it plus the digest, as the DeDuplicator's "by URL"
matching: the crawler asks with the URL it fetched, and a canonical form would cost more per
lookup than the lookup itself (docs/decisions/index-server-engine.md).

On disk: a whoosh index (``whoosh/``, the format) and the hash table in front of it
(``lookup.hx``/``lookup.dat``, see hashtable.py). The crawler opens it with :class:`DedupIndexReader`.
"""
from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from server.index import engine, hashtable
from server.index.captures import F_DIGEST, F_SURT, F_TS, clean, dedup_source, warc_date

FORMAT = "nas-dedup-1"
#: true for a URL ``clean`` leaves as it is (the usual case: the crawler escapes spaces itself)
_PLAIN = re.compile(r"[^\t\n\r ]*\Z").match
WHOOSH = "whoosh"


class DedupHit(NamedTuple):
    """An earlier capture a revisit may refer to (the crawler's DedupEntry has the same fields)."""

    digest: str
    warc_file: str
    offset: int
    date: str           # WARC-Date of the original record (seconds)
    url: str            # the original's URL (WARC-Refers-To-Target-URI)


def dedup_key(url: str, digest: str) -> str:
    return f"{clean(url)} {digest}"


def entries(lines: Iterable[str], exclude: re.Pattern[str]) -> Iterator[tuple[str, str]]:
    """(key, value) per (URL, digest) from merged capture rows (sorted by SURT), the latest
    capture winning. value = ``url<TAB>file<TAB>offset<TAB>original timestamp<TAB>capture timestamp``."""
    rows = (line.rstrip("\n").split("\t") for line in lines)
    for _surt, group in itertools.groupby(rows, key=lambda r: r[F_SURT]):
        best: dict[str, tuple[str, str]] = {}
        for row in group:
            src = dedup_source(row, exclude)
            if src is None:
                continue
            key = f"{src[0]} {row[F_DIGEST]}"
            seen = best.get(key)
            if seen is None or row[F_TS] >= seen[0]:
                best[key] = (row[F_TS], f"{src[0]}\t{src[1]}\t{src[2]}\t{src[3]}\t{row[F_TS]}")
        for key in sorted(best):
            yield key, best[key][1]


def _newer(new: str, old: str) -> bool:
    return new.rsplit("\t", 1)[-1] >= old.rsplit("\t", 1)[-1]


def _read_entries(path: str) -> Iterator[tuple[str, str]]:
    with open(path, encoding="utf-8", newline="\n") as fh:
        for line in fh:
            key, _, value = line.rstrip("\n").partition("\t")
            yield key, value


def build(directory: str, lines: Iterable[str], exclude: re.Pattern[str], limitmb: int = 256,
          max_segments: int = 8) -> dict:
    """A new dedup index in ``directory`` from merged capture rows."""
    n = hashtable.build(directory, entries(lines, exclude))
    docs, segments = engine.write(os.path.join(directory, WHOOSH),
                                  _read_entries(os.path.join(directory, hashtable.DATA)), limitmb=limitmb,
                                  max_segments=max_segments)
    return {"format": FORMAT, "entries": n, "segments": segments, "mime_exclude": exclude.pattern}


def derive(directory: str, base_dir: str, lines: Iterable[str], exclude: re.Pattern[str], limitmb: int = 256,
           max_segments: int = 8) -> dict:
    """``base_dir``'s index plus the captures in ``lines`` (the jobs the base lacks): the base's
    whoosh segments are linked and one segment is added; its hash table is copied and extended."""
    hashtable.copy(base_dir, directory)
    new = list(entries(lines, exclude))
    hashtable.insert(directory, new, _newer)
    docs, segments = engine.write(os.path.join(directory, WHOOSH), new, base=os.path.join(base_dir, WHOOSH),
                                  limitmb=limitmb, max_segments=max_segments)
    table = hashtable.HashLookup(directory)
    try:
        n = len(table)
    finally:
        table.close()
    return {"format": FORMAT, "entries": n, "segments": segments, "mime_exclude": exclude.pattern}


class DedupIndexReader:
    """An open dedup index (the crawler's ``DedupIndex``): ``lookup(url, digest)``."""

    def __init__(self, directory: str, use_whoosh: bool = False):
        self.directory = directory
        self._table = None
        self._whoosh = None
        if not use_whoosh and os.path.exists(os.path.join(directory, hashtable.TABLE)):
            self._table = hashtable.HashLookup(directory)
        else:
            self._whoosh = engine.KeyValueReader(os.path.join(directory, WHOOSH))

    def lookup(self, url: str, digest: str | None = None) -> DedupHit | None:
        """The latest earlier capture of ``url`` with payload ``digest``, or None."""
        if not digest:
            return None
        key = f"{url} {digest}" if _PLAIN(url) else f"{clean(url)} {digest}"
        if self._table is not None:
            value = self._table.get(key)
        else:
            values = self._whoosh.values(key)
            value = max(values, key=lambda v: v.rsplit("\t", 1)[-1]) if values else None
        if value is None:
            return None
        orig_url, warc_file, offset, ts, _captured = value.split("\t")
        return DedupHit(digest, warc_file, int(offset), warc_date(ts), orig_url)

    def __len__(self) -> int:
        if self._table is not None:
            return len(self._table)
        return self._whoosh.doc_count()

    def close(self) -> None:
        if self._table is not None:
            self._table.close()
        if self._whoosh is not None:
            self._whoosh.close()


def is_dedup_index(path: str) -> bool:
    return os.path.isdir(os.path.join(path, WHOOSH)) or os.path.exists(os.path.join(path, hashtable.TABLE))


__all__ = ["DedupHit", "DedupIndexReader", "build", "derive", "dedup_key", "entries", "is_dedup_index", "F_SURT"]
