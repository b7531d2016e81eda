"""The full-text engine the design named first: whoosh (whoosh-reloaded), pure Python. Kept
behind the same interface as the tantivy default, measured against it by
``bench/fulltext_bench.py`` (docs/decisions/fulltext-engine.md), and selectable with
``index.fulltext.engine: whoosh``.

``procs`` and ``multisegment`` are whoosh's own writer options: several processes, each writing
a segment, merged at the end unless ``multisegment``.
"""
from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator

from server.index.fulltext.documents import TextDocument
from server.index.fulltext.engine import FACETS, MARK_END, MARK_START, Facets, Hit, Page, html_snippet
from server.index.fulltext.query import And, Node, Not, Or, Query, Term
from shared.errors import InvalidInput

_STORED = ("url", "ts", "title", "mime", "status", "job", "harvest", "host", "record", "revisit_of")


def schema():
    from whoosh import fields
    from whoosh.analysis import (
        StandardAnalyzer,
        StemmingAnalyzer,  # noqa: F401 - kept for the record: no stemming, like FTS5
    )

    text = fields.TEXT(analyzer=StandardAnalyzer(stoplist=None), phrase=True)
    return fields.Schema(
        url=fields.ID(stored=True), host=fields.ID(stored=True, sortable=True),
        domain=fields.ID(stored=True, sortable=True), mime=fields.ID(stored=True, sortable=True),
        status=fields.NUMERIC(stored=True), ts=fields.ID(stored=True, sortable=True),
        year=fields.ID(stored=True, sortable=True), job=fields.NUMERIC(stored=True),
        harvest=fields.NUMERIC(stored=True), language=fields.ID(stored=True), digest=fields.STORED,
        record=fields.ID(stored=True, unique=True), revisit_of=fields.STORED, truncated=fields.STORED,
        title=fields.TEXT(analyzer=StandardAnalyzer(stoplist=None), stored=True, field_boost=10.0),
        body=fields.TEXT(analyzer=StandardAnalyzer(stoplist=None), stored=True, phrase=True),
        description=text, anchors=text)


_FIELD = {"title": "title", "text": "body", "description": "description", "anchors": "anchors"}
_DEFAULT = ("title", "body", "description", "anchors")


class WhooshIndex:
    def __init__(self, directory: str, *, readonly: bool = False, limitmb: int = 256, procs: int = 1,
                 multisegment: bool = False):
        from whoosh import index

        self.path = os.path.join(directory, "whoosh-text")
        if not readonly and not index.exists_in(self.path):
            os.makedirs(self.path, exist_ok=True)
            index.create_in(self.path, schema())
        self.ix = index.open_dir(self.path)
        self.limitmb, self.procs, self.multisegment = limitmb, procs, multisegment

    def add_documents(self, docs: Iterable[TextDocument]) -> int:
        w = self.ix.writer(limitmb=self.limitmb, procs=self.procs, multisegment=self.multisegment)
        n = 0
        try:
            for d in docs:
                w.add_document(url=d.url, host=d.host, domain=d.domain, mime=d.mime, status=d.status,
                               ts=d.timestamp, year=str(d.year), job=d.job, harvest=d.harvest,
                               language=d.language.lower(), digest=d.digest, record=d.record,
                               revisit_of=d.revisit_of, truncated=d.truncated, title=d.title, body=d.text,
                               description=d.description, anchors=d.anchors)
                n += 1
        except BaseException:
            w.cancel()
            raise
        w.commit()
        return n

    def finish(self) -> None:
        pass

    def _query(self, query: Query):
        from whoosh import query as q

        parts = [] if query.expr is None else [_node(query.expr)]
        f = query.filters
        for field, values in (("host", f.hosts), ("language", f.languages)):
            if values:
                parts.append(q.Or([q.Term(field, v) for v in values]))
        if f.statuses:
            parts.append(q.Or([q.NumericRange("status", s, s) for s in f.statuses]))
        if f.domains:
            parts.append(q.Or([q.Or([q.Term("domain", d), q.Term("host", d), q.Wildcard("host", "*." + d)])
                               for d in f.domains]))
        if f.types:
            parts.append(q.Or([q.Prefix("mime", t[:-1]) if t.endswith("/*") else q.Term("mime", t) for t in f.types]))
        if f.url_prefixes:
            parts.append(q.Or([q.Prefix("url", u) for u in f.url_prefixes]))
        if f.date_from or f.date_to:
            parts.append(q.TermRange("ts", f.date_from or None, f.date_to or None))
        return q.And(parts) if len(parts) > 1 else (parts[0] if parts else q.Every())

    def search(self, query: Query, *, sort: str = "relevance", offset: int = 0, limit: int = 10) -> Page:
        from whoosh import highlight

        wq = self._query(query)
        with self.ix.searcher() as s:
            kwargs = {}
            if sort in ("newest", "oldest") or query.expr is None:
                kwargs = {"sortedby": "ts", "reverse": sort != "oldest"}
            results = s.search(wq, limit=offset + limit, terms=True, **kwargs)
            results.fragmenter = highlight.ContextFragmenter(maxchars=200, surround=60)
            results.formatter = _Marks()
            hits = []
            for r in results[offset:offset + limit]:
                marked = r.highlights("body", top=2) or r.highlights("title") or (r.get("body") or "")[:200]
                hits.append(Hit(r["url"], r["ts"], r.get("title", ""), html_snippet(marked), r["mime"], r["status"],
                                r["job"], r["harvest"], r["host"], r["record"], r.get("revisit_of") or "",
                                float(r.score or 0.0)))
            return Page(len(results), hits)

    def matches(self, query: Query) -> Iterator[Hit]:
        with self.ix.searcher() as s:
            for r in s.search(self._query(query), limit=None, sortedby="ts"):
                yield Hit(r["url"], r["ts"], r.get("title", ""), "", r["mime"], r["status"], r["job"], r["harvest"],
                          r["host"], r["record"], r.get("revisit_of") or "")

    def facets(self, query: Query, fields: tuple[str, ...] = FACETS, limit: int = 20) -> Facets:
        wq = self._query(query)
        out = {}
        with self.ix.searcher() as s:
            docs = s.search(wq, limit=None).docs()
            for name in fields:
                if name not in ("domain", "year", "mime", "host"):
                    raise InvalidInput(f"no facet {name!r}", {"facet": name})
                reader = s.reader()
                col = reader.column_reader(name) if reader.has_column(name) else None
                counts = Counter(str(col[d]) if col is not None else s.stored_fields(d)[name] for d in docs)
                out[name] = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
        return out

    def document(self, record: str) -> TextDocument | None:
        with self.ix.searcher() as s:
            f = s.document(record=record)
        if f is None:
            return None
        return TextDocument(url=f["url"], timestamp=f["ts"], mime=f["mime"], status=f["status"], job=f["job"],
                            harvest=f["harvest"], title=f.get("title", ""), text=f.get("body", ""),
                            language=f.get("language", ""), digest=f.get("digest", ""), record=f["record"],
                            revisit_of=f.get("revisit_of", ""), truncated=bool(f.get("truncated")))

    def count(self) -> int:
        return self.ix.doc_count()

    def close(self) -> None:
        self.ix.close()


def _node(node: Node):
    from whoosh import query as q

    if isinstance(node, Term):
        fields = (_FIELD[node.field],) if node.field else _DEFAULT
        alts = []
        for f in fields:
            if node.phrase:
                alts.append(q.Phrase(f, list(node.words)))
            elif node.prefix:
                alts.append(q.Prefix(f, node.words[0]))
            else:
                alts.append(q.Term(f, node.words[0]))
        return alts[0] if len(alts) == 1 else q.Or(alts)
    if isinstance(node, Not):
        return q.Not(_node(node.child))
    if isinstance(node, And):
        return q.And([_node(c) for c in node.children])
    if isinstance(node, Or):
        return q.Or([_node(c) for c in node.children])
    raise TypeError(node)


class _Marks:
    """A whoosh formatter that marks matches the way engine.html_snippet expects."""

    def __call__(self, text, fragments):
        return self.format(fragments)

    def format(self, fragments, replace=False):
        return " … ".join(self.format_fragment(f) for f in fragments)

    def format_fragment(self, fragment, replace=False):
        out, index = [], fragment.startchar
        text = fragment.text
        for t in fragment.matches:
            if t.startchar > index:
                out.append(text[index:t.startchar])
            out.append(MARK_START + text[t.startchar:t.endchar] + MARK_END)
            index = t.endchar
        out.append(text[index:fragment.endchar])
        return "".join(out)
