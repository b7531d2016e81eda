"""Which engine writes a job's full-text index, and which reads one: the setting
``index.fulltext.engine`` chooses the engine of indexes built from then on; an index is always
read by the engine that wrote it (found by its files), so a change of engine leaves the jobs
indexed before it searchable as they are (docs/decisions/fulltext-engine.md)."""
from __future__ import annotations

import os

from server.index.fulltext.engine import FullTextIndex
from shared.errors import InvalidInput

DEFAULT = "tantivy"
ENGINES = ("tantivy", "sqlite-fts5", "whoosh")


def check(engine: str) -> str:
    if engine not in ENGINES:
        raise InvalidInput(f"no full-text engine {engine!r}: engines are {', '.join(ENGINES)}", {"engine": engine})
    return engine


def create(directory: str, engine: str = DEFAULT) -> FullTextIndex:
    """A new, empty index of ``engine`` in ``directory``, for writing."""
    if check(engine) == "tantivy":
        from server.index.fulltext.tantivy_engine import TantivyIndex

        return TantivyIndex(directory)
    if engine == "sqlite-fts5":
        from server.index.fulltext.sqlite_engine import SqliteIndex

        return SqliteIndex(directory)
    from server.index.fulltext.whoosh_engine import WhooshIndex

    return WhooshIndex(directory)


def engine_of(directory: str) -> str:
    """The engine whose index ``directory`` holds. Raises FileNotFoundError when none."""
    from server.index.fulltext import sqlite_engine, tantivy_engine

    if os.path.isfile(os.path.join(directory, tantivy_engine.DIR, "meta.json")):
        return "tantivy"
    if os.path.isfile(os.path.join(directory, sqlite_engine.FILE)):
        return "sqlite-fts5"
    if os.path.isdir(os.path.join(directory, "whoosh-text")):
        return "whoosh"
    raise FileNotFoundError(f"no full-text index in {directory}")


def open_reader(directory: str) -> FullTextIndex:
    """The index in ``directory``, read-only, by the engine that wrote it. Raises
    FileNotFoundError when there is none (an entry evicted since it was found)."""
    engine = engine_of(directory)
    if engine == "tantivy":
        from server.index.fulltext.tantivy_engine import TantivyIndex

        return TantivyIndex(directory, readonly=True)
    if engine == "sqlite-fts5":
        from server.index.fulltext.sqlite_engine import SqliteIndex

        return SqliteIndex(directory, readonly=True)
    from server.index.fulltext.whoosh_engine import WhooshIndex

    return WhooshIndex(directory, readonly=True)
