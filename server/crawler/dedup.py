"""Deduplication against earlier harvests: the index interface and the indexes the crawler opens.

The harvester hands the crawler an index of what earlier jobs already archived (URL and payload
digest → where the record lies). A fetch whose URL is in the index with the same payload digest
is written as a WARC ``revisit`` record (WARC-Refers-To-Target-URI and -Date name the original)
instead of a full response, and crawl.log gets ``duplicate:"<file>,<offset>,<timestamp>"`` (the
form later versions of NetarchiveSuite write; the index server reads both it and the older
``duplicate:"<file>,<offset>"``).

``DedupIndex`` is the seam. :func:`open_index` opens what the spec names: a directory made by the
index server (whoosh with a hash table in front: ``server.index.dedup_index``), or a
tab-separated file (``FileDedupIndex``, for tests and small installations).
"""
from __future__ import annotations

import os
import re
from typing import NamedTuple, Protocol, runtime_checkable

from server.crawler.urls import BadUrl, fetchable, seen_key


class DedupEntry(NamedTuple):
    """An earlier capture: its payload digest (``sha1:BASE32``), WARC file, record offset,
    WARC-Date, and URL (empty: the same URL as the fetch)."""

    digest: str
    warc_file: str
    offset: int
    date: str
    url: str = ""


@runtime_checkable
class DedupIndex(Protocol):
    """What the crawler needs from a deduplication index."""

    def lookup(self, url: str, digest: str | None = None) -> DedupEntry | None:
        """An earlier capture of ``url`` with payload ``digest`` (the most recent one), or None.
        The index server's index answers only with a digest; the file index also without."""
        ...  # pragma: no cover


def open_index(path: str | None) -> DedupIndex:
    """The index at ``path``: an index server directory, else a tab-separated file (missing: empty)."""
    if path and os.path.isdir(path):
        from server.index.dedup_index import DedupIndexReader

        return DedupIndexReader(path)
    return FileDedupIndex(path or "")


def duplicate_annotation(entry: DedupEntry) -> str:
    """crawl.log's annotation for a revisit of ``entry``: ``duplicate:"<file>,<offset>,<timestamp>"``,
    the original's time in 17 digits when its WARC-Date has milliseconds (readers that take 14
    take the first 14), so that the index can name it exactly in a later revisit."""
    stamp = re.sub(r"\D", "", entry.date)[:17]
    return f'duplicate:"{entry.warc_file},{entry.offset},{stamp}"' if stamp else \
        f'duplicate:"{entry.warc_file},{entry.offset}"'


class FileDedupIndex:
    """Index read from a text file, one capture per line:
    ``url <TAB> digest <TAB> warc-file <TAB> offset <TAB> warc-date``.

    Lines starting with '#' and blank lines are skipped; a later line for the same URL wins
    (files are written oldest first). URLs are matched by their canonical key, so the index
    does not need to spell URLs exactly as the pages of this harvest do.
    """

    def __init__(self, path: str):
        self.path = path
        self._entries: dict[str, DedupEntry] = {}
        if not os.path.exists(path):
            return  # an empty index is normal: NetarchiveSuite starts from an empty cache
        with open(path, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                parts = line.split("\t")
                if len(parts) != 5 or not parts[3].isdigit():
                    raise ValueError(f"{path}:{number}: expected 5 tab-separated fields")
                url, digest, warc_file, offset, date = parts
                self._entries[_key(url)] = DedupEntry(digest, warc_file, int(offset), date)

    def lookup(self, url: str, digest: str | None = None) -> DedupEntry | None:
        entry = self._entries.get(_key(url))
        if entry is not None and digest is not None and entry.digest != digest:
            return None
        return entry

    def __len__(self) -> int:
        return len(self._entries)


def _key(url: str) -> str:
    try:
        return seen_key(fetchable(url))
    except BadUrl:
        return url


def write_index(path: str, rows: list[tuple[str, DedupEntry]]) -> None:
    """Write a FileDedupIndex file (used by tests and by the harvester's simple set-up)."""
    with open(path, "w", encoding="utf-8") as fh:
        for url, e in rows:
            fh.write(f"{url}\t{e.digest}\t{e.warc_file}\t{e.offset}\t{e.date}\n")
