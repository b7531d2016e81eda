"""The default full-text engine: tantivy (a Rust search library, through its Python binding), one
index directory per job. Chosen over SQLite FTS5 and whoosh by measurement
(docs/decisions/fulltext-engine.md): it meets the issue's p99 target where FTS5 does not.

The query tree (query.py) is built into tantivy's query objects directly, never into the text of
its query parser, so nothing a user types is read as tantivy syntax. Words are analysed the way
the index analysed them (split on what is not a letter or digit, lower case, diacritics folded
to ASCII: ``crepe`` finds ``crêpe``, as FTS5's ``remove_diacritics`` does).

Fields: the four text fields (title, body, description, anchors; BM25 with the title weighted
most, as FTS5's column weights) and the capture's metadata as exact (``raw``) terms and fast
columns: filters are term, range and regex queries; facets are terms aggregations; the date
sorts order by ``newest``/``oldest`` keys (time, then URL) so that pages are stable.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator

from server.index.fulltext.documents import TextDocument
from server.index.fulltext.engine import FACETS, MARK_END, MARK_START, Facets, Hit, Page, html_snippet, sort_key
from server.index.fulltext.query import And, Node, Not, Or, Query, Term
from shared.errors import InvalidInput

DIR = "tantivy"
ANALYZER = "nas_text"
_TEXT = ("title", "body", "description", "anchors")
_COLUMNS = {"title": "title", "text": "body", "description": "description", "anchors": "anchors"}
_BOOST = {"title": 10.0, "body": 1.0, "description": 3.0, "anchors": 2.0}
_FACET_FIELDS = ("domain", "year", "mime", "host")
_MAX_KEY = 2000          # characters of a URL in a sort key (ties beyond it are very unlikely)
_EXPANSIONS = 50         # a prefix's commonest words highlighted in snippets
_TIE_MARGIN = 50         # hits fetched beyond a page, so that ties on the score are ordered as merge() orders
_SNIPPET_CHARS = 200
_FACET_SEGMENT = 1000    # distinct values counted per segment (10,000 made a facet 5x slower)
_HEAP = 256 * 1024 * 1024
_REGEX_PREFIX = 200      # characters of a URL prefix searched by a regular expression
_JOIN = re.compile(r"[^\w]{0,3}")
_REGEX_META = set("\\.+*?()|[]{}^$#&-~\"")


def _tantivy():
    # imported when an index is opened: what imports this module for its names (the store, the
    # bench) does not load the Rust library before it needs it
    import tantivy

    return tantivy


def _analyzer():
    t = _tantivy()
    return (t.TextAnalyzerBuilder(t.Tokenizer.simple()).filter(t.Filter.remove_long(255))
            .filter(t.Filter.lowercase()).filter(t.Filter.ascii_fold()).build())


def schema():
    t = _tantivy()
    sb = t.SchemaBuilder()
    for name in _TEXT:
        sb.add_text_field(name, stored=True, tokenizer_name=ANALYZER)
    for name in ("url", "host", "domain", "mime", "year", "language", "record"):
        sb.add_text_field(name, stored=name != "year", tokenizer_name="raw", fast=name in _FACET_FIELDS,
                          index_option="basic")
    # what filters and sorts need beside what is shown
    for name in ("host_suffix", "mime_group"):
        sb.add_text_field(name, tokenizer_name="raw", index_option="basic")
    for name in ("newest", "oldest"):
        sb.add_text_field(name, tokenizer_name="raw", fast=True, index_option="basic")
    for name in ("digest", "revisit_of"):
        sb.add_text_field(name, stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_unsigned_field("ts", stored=True, indexed=True, fast=True)
    for name in ("status", "job", "harvest", "truncated"):
        sb.add_unsigned_field(name, stored=True, indexed=name == "status")
    return sb.build()


def _neg(ts: str) -> str:
    return ts.translate(str.maketrans("0123456789", "9876543210"))


def _suffixes(host: str) -> list[str]:
    """``a.b.org`` → a.b.org, b.org, org: ``domain:b.org`` is one term lookup."""
    parts = host.split(".")
    return [".".join(parts[i:]) for i in range(len(parts))] if host else []


def _regex_escape(text: str) -> str:
    return "".join("\\" + c if c in _REGEX_META else c for c in text)


class TantivyIndex:
    """One job's full-text index in ``directory``/tantivy/."""

    def __init__(self, directory: str, *, readonly: bool = False, heap: int = _HEAP, threads: int = 1):
        t = _tantivy()
        self.path = os.path.join(directory, DIR)
        if readonly:
            if not os.path.isfile(os.path.join(self.path, "meta.json")):
                raise FileNotFoundError(f"no full-text index in {directory}")
            self.index = t.Index.open(self.path)
        else:
            os.makedirs(self.path, exist_ok=True)
            self.index = t.Index(schema(), path=self.path, reuse=True)
        self.analyzer = _analyzer()
        self.index.register_tokenizer(ANALYZER, self.analyzer)
        self.schema = self.index.schema
        self.heap, self.threads = heap, threads
        self._searcher = None
        self._writer = None
        self._pending = False

    # -- writing ------------------------------------------------------------------------------
    def add_documents(self, docs: Iterable[TextDocument]) -> int:
        """All documents are made first and handed to the writer only then: a bad document adds
        none of them. They are committed when read (``document``) or at ``finish``: one commit
        per batch would make a segment per batch, which tantivy would merge again and again."""
        made = [self._document(d) for d in docs]
        if self._writer is None:
            self._writer = self.index.writer(heap_size=self.heap, num_threads=self.threads)
        for doc in made:
            self._writer.add_document(doc)
        self._pending = self._pending or bool(made)
        return len(made)

    @staticmethod
    def _document(d: TextDocument):
        t = _tantivy()
        ts = d.timestamp if d.timestamp.isdigit() and len(d.timestamp) == 14 else "0" * 14
        url = d.url[:_MAX_KEY]
        doc = t.Document(title=d.title, body=d.text, description=d.description, anchors=d.anchors,
                         url=d.url, host=d.host, domain=d.domain, mime=d.mime, year=str(d.year),
                         language=d.language.lower(), record=d.record, digest=d.digest,
                         revisit_of=d.revisit_of, newest=_neg(ts) + url, oldest=ts + url)
        for suffix in _suffixes(d.host):
            doc.add_text("host_suffix", suffix)
        doc.add_text("mime_group", d.mime.partition("/")[0] + "/*")
        doc.add_unsigned("ts", int(ts))
        for name, value in (("status", d.status), ("job", d.job), ("harvest", d.harvest)):
            doc.add_unsigned(name, max(0, int(value or 0)))
        doc.add_unsigned("truncated", int(bool(d.truncated)))
        return doc

    def _commit(self) -> None:
        if self._pending:
            self._writer.commit()
            self._pending = False
            self._searcher = None

    def finish(self) -> None:
        """Commit, and wait for the merges tantivy started, so that the index is read from few
        segments."""
        if self._writer is not None:
            self._commit()
            self._writer.wait_merging_threads()    # the writer is done with after this
            self._writer = None
        self.index.reload()
        self._searcher = None

    # -- queries ------------------------------------------------------------------------------
    def searcher(self):
        self._commit()
        if self._searcher is None:
            self.index.reload()
            self._searcher = self.index.searcher()
        return self._searcher

    def _words(self, words: tuple[str, ...]) -> list[str]:
        """The query's words as the index holds them (``e-mail`` is two, ``æble`` is ``aeble``)."""
        return [tok for w in words for tok in self.analyzer.analyze(w)]

    def _term(self, node: Term, expand: bool) -> object:
        t = _tantivy()
        words = self._words(node.words)
        if not words:
            return t.Query.empty_query()
        fields = (_COLUMNS[node.field],) if node.field else _TEXT
        alts = []
        for f in fields:
            if node.prefix and len(words) == 1:
                q = self._prefix(f, words[0], expand)
            elif node.prefix:
                q = t.Query.phrase_prefix_query(self.schema, f, words)
            elif len(words) > 1:
                q = t.Query.phrase_query(self.schema, f, words)
            else:
                q = t.Query.term_query(self.schema, f, words[0])
            alts.append(t.Query.boost_query(q, _BOOST[f]))
        return alts[0] if len(alts) == 1 else t.Query.boolean_query([(t.Occur.Should, q) for q in alts])

    def _prefix(self, field: str, prefix: str, expand: bool):
        t = _tantivy()
        if expand:   # for snippets: the commonest words of the prefix, which the generator can mark
            terms = [w for w, _n in self.searcher().terms_with_prefix(field, prefix, limit=_EXPANSIONS)]
            return t.Query.boolean_query([(t.Occur.Should, t.Query.term_query(self.schema, field, w))
                                          for w in terms]) if terms else t.Query.empty_query()
        return t.Query.regex_query(self.schema, field, _regex_escape(prefix) + ".*")

    def _node(self, node: Node, expand: bool = False):
        """The query of a tree; refuses what FTS5 refuses, so that both engines answer alike."""
        t = _tantivy()
        if isinstance(node, Term):
            return self._term(node, expand)
        if isinstance(node, Or):
            if any(isinstance(c, Not) for c in node.children):
                raise InvalidInput("NOT cannot stand alone inside OR: write (a NOT b) OR c", {})
            return t.Query.boolean_query([(t.Occur.Should, self._node(c, expand)) for c in node.children])
        if isinstance(node, And):
            positive = [c for c in node.children if not isinstance(c, Not)]
            if not positive:
                raise InvalidInput("a query cannot be only negative words", {})
            return t.Query.boolean_query(
                [(t.Occur.Must, self._node(c, expand)) for c in positive]
                + [(t.Occur.MustNot, self._node(c.child, expand)) for c in node.children if isinstance(c, Not)])
        if isinstance(node, Not):
            raise InvalidInput("a query cannot be only negative words", {})
        raise TypeError(node)

    def _any(self, field: str, values: list) -> object:
        t = _tantivy()
        qs = [t.Query.term_query(self.schema, field, v) for v in values]
        return qs[0] if len(qs) == 1 else t.Query.boolean_query([(t.Occur.Should, q) for q in qs])

    def _filters(self, query: Query) -> list:
        t = _tantivy()
        f = query.filters
        out = []
        for field, values in (("host", f.hosts), ("language", f.languages), ("host_suffix", f.domains)):
            if values:
                out.append(self._any(field, values))
        if f.statuses:
            out.append(self._any("status", [int(s) for s in f.statuses]))
        if f.types:
            qs = [t.Query.term_query(self.schema, "mime_group" if v.endswith("/*") else "mime", v) for v in f.types]
            out.append(qs[0] if len(qs) == 1 else t.Query.boolean_query([(t.Occur.Should, q) for q in qs]))
        if f.url_prefixes:
            qs = [self._url_prefix(u) for u in f.url_prefixes]
            out.append(qs[0] if len(qs) == 1 else t.Query.boolean_query([(t.Occur.Should, q) for q in qs]))
        if f.date_from or f.date_to:
            out.append(t.Query.range_query(self.schema, "ts", t.FieldType.Unsigned,
                                           int(f.date_from) if f.date_from else None,
                                           int(f.date_to) if f.date_to else None))
        return out

    def _url_prefix(self, prefix: str):
        """A regular expression over the URL terms; tantivy compiles one of at most 1,000 states,
        so a long prefix (few URLs have it) is the set of its URLs found in the term dictionary."""
        t = _tantivy()
        if len(prefix) <= _REGEX_PREFIX:
            return t.Query.regex_query(self.schema, "url", _regex_escape(prefix) + ".*")
        urls = [u for u, _n in self.searcher().terms_with_prefix("url", prefix)]
        return t.Query.term_set_query(self.schema, "url", urls) if urls else t.Query.empty_query()

    def _query(self, query: Query):
        try:
            return self._build(query)
        except ValueError as exc:    # what tantivy refuses to build (limits of its own)
            raise InvalidInput(f"the query cannot be searched: {exc}", {"query": query.text[:200]}) from None

    def _build(self, query: Query):
        t = _tantivy()
        filters = self._filters(query)
        if query.expr is None:
            if not filters:
                return t.Query.all_query()
            return t.Query.boolean_query([(t.Occur.Must, q) for q in filters])
        text = self._node(query.expr)
        if not filters:
            return text
        # filters select, they do not score: the text query's BM25 stays the hit's score
        return t.Query.boolean_query([(t.Occur.Must, text)]
                                     + [(t.Occur.Must, t.Query.const_score_query(q, 0.0)) for q in filters])

    def _run(self, q, limit: int, sort: str):
        t = _tantivy()
        s = self.searcher()
        try:
            if sort in ("newest", "oldest"):
                return s.search(q, limit, count=True, order_by_field=sort, order=t.Order.Asc)
            return s.search(q, limit, count=True)
        except ValueError as exc:
            raise InvalidInput(f"the query cannot be searched: {exc}", {}) from None

    def search(self, query: Query, *, sort: str = "relevance", offset: int = 0, limit: int = 10) -> Page:
        t = _tantivy()
        q = self._query(query)
        has_text = query.expr is not None
        order = sort if sort in ("newest", "oldest") else ("relevance" if has_text else "newest")
        want = offset + limit
        found = self._run(q, want + (_TIE_MARGIN if order == "relevance" else 0), order)
        s = self.searcher()
        ranked = found.hits
        if order == "relevance" and len(ranked) > want:
            # the hits past the page matter only where their score ties the page's last one
            boundary = ranked[want - 1][0]
            ranked = [h for i, h in enumerate(ranked) if i < want or h[0] == boundary]
        docs = {}
        for key, address in ranked:
            doc = s.doc(address)
            hit = self._hit(doc)
            hit.score = float(key) if order == "relevance" else 0.0
            docs[id(hit)] = (hit, doc)
        # ties on the score in the order merge() uses (time, URL), as FTS5 orders them
        ordered = sorted((h for h, _d in docs.values()), key=lambda h: sort_key(h, order))
        page = ordered[offset:want]
        if has_text and page:
            highlight = self._node(query.expr, expand=True)
            generators = {f: t.SnippetGenerator.create(s, highlight, self.schema, f) for f in ("body", "title")}
            for g in generators.values():
                g.set_max_num_chars(_SNIPPET_CHARS)
            for hit in page:
                hit.snippet = self._snippet(generators, docs[id(hit)][1])
        else:
            for hit in page:
                hit.snippet = html_snippet((docs[id(hit)][1].get_first("body") or "")[:_SNIPPET_CHARS])
        return Page(found.count, page)

    @staticmethod
    def _snippet(generators: dict, doc) -> str:
        if doc is None:
            return ""
        for field in ("body", "title"):
            snip = generators[field].snippet_from_doc(doc)
            ranges = snip.highlighted()
            if ranges:
                raw = snip.fragment().encode("utf-8")
                # the ranges count bytes of the UTF-8 fragment; words of a phrase one after the
                # other (only spaces or punctuation between) are one mark, as FTS5 marks them
                spans: list[list[int]] = []
                for r in sorted(ranges, key=lambda r: r.start):
                    if spans and _JOIN.fullmatch(raw[spans[-1][1]:r.start].decode("utf-8", "replace")):
                        spans[-1][1] = max(spans[-1][1], r.end)
                    else:
                        spans.append([r.start, r.end])
                out, at = [], 0
                for start, end in spans:
                    out += [raw[at:start].decode("utf-8", "replace"), MARK_START,
                            raw[start:end].decode("utf-8", "replace"), MARK_END]
                    at = end
                out.append(raw[at:].decode("utf-8", "replace"))
                return html_snippet("".join(out))
        return html_snippet((doc.get_first("body") or "")[:_SNIPPET_CHARS])

    @staticmethod
    def _hit(doc) -> Hit:
        g = doc.get_first
        ts = g("ts")
        return Hit(g("url") or "", f"{ts:014d}" if isinstance(ts, int) else "", g("title") or "", "", g("mime") or "",
                   g("status") or 0, g("job") or 0, g("harvest") or 0, g("host") or "", g("record") or "",
                   g("revisit_of") or "")

    def matches(self, query: Query) -> Iterator[Hit]:
        """Every match, oldest first, without snippets or scores (for exports of a result set)."""
        q = self._query(query)
        s = self.searcher()
        total = self._run(q, 1, "oldest").count
        if total == 0:
            return
        for _key, address in self._run(q, total, "oldest").hits:
            yield self._hit(s.doc(address))

    def facets(self, query: Query, fields: tuple[str, ...] = FACETS, limit: int = 20) -> Facets:
        for name in fields:
            if name not in _FACET_FIELDS:
                raise InvalidInput(f"no facet {name!r}: facets are " + ", ".join(sorted(_FACET_FIELDS)),
                                   {"facet": name})
        if not fields:
            return {}
        # tantivy counts each segment's commonest _FACET_SEGMENT values and adds them up: exact
        # in an index of one segment (most jobs), and for every value common enough to be shown
        # in one of a few segments; values tied on their count at the limit may be cut
        # differently from FTS5 (which takes the alphabetically first)
        size = max(limit * 5, 100)
        aggs = {name: {"terms": {"field": name, "size": size, "segment_size": max(size, _FACET_SEGMENT)}}
                for name in fields}
        try:
            answer = self.searcher().aggregate(self._query(query), aggs)
        except ValueError as exc:
            raise InvalidInput(f"the query cannot be searched: {exc}", {}) from None
        out = {}
        for name in fields:
            counts = [(str(b["key"]), int(b["doc_count"])) for b in answer.get(name, {}).get("buckets", [])]
            out[name] = sorted(counts, key=lambda kv: (-kv[1], kv[0]))[:limit]
        return out

    def document(self, record: str) -> TextDocument | None:
        t = _tantivy()
        s = self.searcher()
        found = s.search(t.Query.term_query(self.schema, "record", record), 1, count=False)
        if not found.hits:
            return None
        d = s.doc(found.hits[0][1])
        g = d.get_first
        hit = self._hit(d)
        return TextDocument(url=hit.url, timestamp=hit.timestamp, mime=hit.mime, status=hit.status, job=hit.job,
                            harvest=hit.harvest, title=hit.title, text=g("body") or "",
                            description=g("description") or "", anchors=g("anchors") or "",
                            language=g("language") or "", digest=g("digest") or "", record=hit.record,
                            revisit_of=hit.revisit_of, truncated=bool(g("truncated")))

    def count(self) -> int:
        return self.searcher().num_docs

    def close(self) -> None:
        """Uncommitted documents (no ``finish``) are dropped: a build that failed keeps nothing."""
        if self._writer is not None:
            self._writer.rollback()
            self._writer = None
        self._searcher = None
        self.index = None
