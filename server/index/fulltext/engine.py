"""The one interface of a full-text engine (``FullTextIndex``), what it answers, and the merge of
per-job answers into one for a job set.

An index holds one job (an index per job, built once, kept in the index cache); a job set is
searched by asking each job's index and merging (:func:`merge`): totals and facet counts add up,
hits are merged by the sort key. Relevance scores of different jobs' indexes are each BM25 over
their own job, so the merge by score is close to, not exactly, what one index of the whole set
would give (docs/decisions/fulltext-engine.md).
"""
from __future__ import annotations

import dataclasses
import heapq
import html
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Protocol

from server.index.fulltext.documents import TextDocument
from server.index.fulltext.query import Query

FACETS = ("domain", "year", "mime")
#: facet name → (value, count), commonest first
Facets = dict[str, list[tuple[str, int]]]
SORTS = ("relevance", "newest", "oldest")
#: what an engine puts around a matched word in a snippet; html_snippet turns them into <b>…</b>
MARK_START, MARK_END = "\ue000", "\ue001"


@dataclasses.dataclass
class Hit:
    url: str
    timestamp: str
    title: str
    snippet: str            # HTML: the text escaped, matched words in <b>…</b>
    mime: str
    status: int
    job: int
    harvest: int
    host: str
    record: str
    revisit_of: str
    score: float = 0.0


@dataclasses.dataclass
class Page:
    total: int
    hits: list[Hit]
    facets: dict[str, list[tuple[str, int]]] = dataclasses.field(default_factory=dict)


class FullTextIndex(Protocol):
    """A full-text index of captures. Implementations: tantivy_engine.TantivyIndex (the default),
    sqlite_engine.SqliteIndex, whoosh_engine.WhooshIndex (engines.py chooses)."""

    def add_documents(self, docs: Iterable[TextDocument]) -> int:
        """Index the documents (in one transaction: all or none); returns how many."""
        ...  # pragma: no cover

    def finish(self) -> None:
        """After the last ``add_documents``: make the index ready for reading (merge, optimise)."""
        ...  # pragma: no cover

    def search(self, query: Query, *, sort: str = "relevance", offset: int = 0, limit: int = 10) -> Page:
        """Hits ``offset`` to ``offset + limit`` in ``sort`` order and the total (no facets)."""
        ...  # pragma: no cover

    def facets(self, query: Query, fields: tuple[str, ...] = FACETS, limit: int = 20) -> Facets:
        """For each field, the commonest values among all matches, with their counts."""
        ...  # pragma: no cover

    def matches(self, query: Query) -> Iterator[Hit]:
        """Every match, oldest first, without snippets or scores (exports of a result set)."""
        ...  # pragma: no cover

    def document(self, record: str) -> TextDocument | None:
        """The document of a record (``file:offset``): how a revisit finds its original's text."""
        ...  # pragma: no cover

    def count(self) -> int:
        """Documents in the index."""
        ...  # pragma: no cover

    def close(self) -> None:
        ...  # pragma: no cover


def sort_key(hit: Hit, sort: str) -> tuple:
    """Smaller first; ties broken by time, then URL, so that pages are stable."""
    if sort == "newest":
        return (_neg(hit.timestamp), hit.url)
    if sort == "oldest":
        return (hit.timestamp, hit.url)
    return (-hit.score, _neg(hit.timestamp), hit.url)


def _neg(ts: str) -> str:
    return ts.translate(str.maketrans("0123456789", "9876543210"))


def merge(pages: list[Page], sort: str, offset: int, limit: int, facet_limit: int = 20) -> Page:
    """One page of several indexes' answers, each asked for hits ``0 .. offset + limit``."""
    total = sum(p.total for p in pages)
    hits = list(heapq.merge(*[sorted(p.hits, key=lambda h: sort_key(h, sort)) for p in pages],
                            key=lambda h: sort_key(h, sort)))[offset:offset + limit]
    facets: dict[str, list[tuple[str, int]]] = {}
    for name in {n for p in pages for n in p.facets}:
        counts: Counter[str] = Counter()
        for p in pages:
            for value, n in p.facets.get(name, []):
                counts[value] += n
        facets[name] = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:facet_limit]
    return Page(total, hits, facets)


def html_snippet(marked: str) -> str:
    """An engine's marked snippet as HTML: text escaped, matches in <b>…</b>."""
    return html.escape(marked, quote=False).replace(MARK_START, "<b>").replace(MARK_END, "</b>")
