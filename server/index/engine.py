"""The index engine behind the dedup and full crawl-log indexes: whoosh (whoosh-reloaded), the way
the original kept these indexes in Lucene. One small interface, :func:`write` and
:class:`KeyValueReader`: documents are (key, value) pairs, the key indexed as one term, the value
stored. Both indexes need nothing more: the dedup index keys on ``SURT digest``, the full index
on ``SURT`` (several captures share it).

Tuning, as whoosh's documentation allows: one writer with a large memory pool (``limitmb``) so
it spills few runs; postings of one document are not zlib-compressed (they are a few bytes, and
compressing each costs more than it saves); the value is one column field (``COLUMN``, plain
bytes) rather than stored fields (pickled and compressed per document: a third of the build);
derived indexes add one segment and keep the base's segments as they are (hard links: whoosh
never changes a segment file), merged by whoosh's own small-segment policy only when they
become many; readers keep one searcher open.
"""
from __future__ import annotations

import os
from collections.abc import Iterable

INDEX_NAME = "MAIN"


def _schema():
    from whoosh.columns import VarBytesColumn
    from whoosh.fields import COLUMN, ID, Schema

    # The value is a column (plain bytes per document) rather than a stored field: whoosh zlib-
    # compresses and pickles stored fields one document at a time, which costs a third of the
    # build for values of a few dozen bytes.
    return Schema(key=ID(stored=False), v=COLUMN(VarBytesColumn()))


def _codec():
    from whoosh.codec.whoosh3 import W3Codec

    return W3Codec(compression=0)


def link_base(base_dir: str, dest_dir: str) -> None:
    """Make ``dest_dir`` a copy of the whoosh index in ``base_dir`` by hard links (whoosh never
    rewrites a file: new generations get new names), so deriving costs no copying."""
    os.makedirs(dest_dir, exist_ok=True)
    for name in os.listdir(base_dir):
        if name.endswith((".toc", ".seg")) and name.startswith((f"_{INDEX_NAME}_", f"{INDEX_NAME}_")):
            src = os.path.join(base_dir, name)
            if os.path.isfile(src):
                try:
                    os.link(src, os.path.join(dest_dir, name))
                except OSError:  # another file system: copy instead
                    import shutil

                    shutil.copy2(src, os.path.join(dest_dir, name))


def write(path: str, items: Iterable[tuple[str, str]], *, base: str | None = None, limitmb: int = 256,
          max_segments: int = 8) -> tuple[int, int]:
    """Index ``(key, value)`` pairs into a whoosh index at ``path``: a new index, or ``base``'s
    segments plus one new segment. Returns (documents added, segments in the index)."""
    from whoosh import index
    from whoosh.writing import CLEAR, MERGE_SMALL, NO_MERGE

    os.makedirs(path, exist_ok=True)
    segments = 0
    if base is not None:
        link_base(base, path)
        ix = index.open_dir(path, indexname=INDEX_NAME)
        with ix.reader() as r:
            segments = len(r.leaf_readers())
    else:
        ix = index.create_in(path, _schema(), indexname=INDEX_NAME)
    w = ix.writer(limitmb=limitmb, codec=_codec())
    n = 0
    try:
        add = w.add_document
        for key, value in items:
            add(key=key, v=value.encode())
            n += 1
    except BaseException:
        w.cancel()
        raise
    w.commit(mergetype=MERGE_SMALL if segments + 1 > max_segments else (NO_MERGE if base is not None else CLEAR))
    ix = index.open_dir(path, indexname=INDEX_NAME)
    with ix.reader() as r:
        return n, len(r.leaf_readers())


class KeyValueReader:
    """An open whoosh index: the values stored under a key. Keeps one searcher open."""

    def __init__(self, path: str):
        from whoosh import index

        self._ix = index.open_dir(path, indexname=INDEX_NAME)
        self._searcher = self._ix.searcher()
        self._reader = self._searcher.reader()
        self._column = self._reader.column_reader("v")

    def values(self, key: str) -> list[str]:
        column = self._column
        try:
            docs = list(self._searcher.document_numbers(key=key))
        except KeyError:
            return []
        return [column[d].decode() for d in docs]

    def doc_count(self) -> int:
        return self._reader.doc_count()

    def segments(self) -> int:
        return len(self._reader.leaf_readers())

    def close(self) -> None:
        self._searcher.close()
