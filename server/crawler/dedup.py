"""Deduplication against earlier harvests: the index interface and a file-backed index.

The harvester hands the crawler an index of what earlier jobs already archived (URL → payload
digest and where the record lies). A fetch whose URL is in the index with the same payload
digest is written as a WARC ``revisit`` record instead of a full response, and crawl.log gets
``duplicate:"<file>,<offset>"`` the way NetarchiveSuite's DeDuplicator writes it.

``DedupIndex`` is the seam: the index server will provide a whoosh-backed implementation; tests
and small installations use ``FileDedupIndex`` (a tab-separated file, loaded into a dict).
"""
from __future__ import annotations

import os
from typing import NamedTuple, Protocol, runtime_checkable

from server.crawler.urls import BadUrl, fetchable, seen_key


class DedupEntry(NamedTuple):
    """An earlier capture: its payload digest (``sha1:BASE32``), WARC file, record offset and
    WARC-Date."""

    digest: str
    warc_file: str
    offset: int
    date: str


@runtime_checkable
class DedupIndex(Protocol):
    """What the crawler needs from a deduplication index."""

    def lookup(self, url: str) -> DedupEntry | None:
        """The most recent earlier capture of ``url``, or None."""
        ...  # pragma: no cover


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

    def lookup(self, url: str) -> DedupEntry | None:
        return self._entries.get(_key(url))

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
