"""Full-text engines side by side on the same documents: Debian's python3-doc pages (text
extracted by our extractor), repeated under other URLs and times up to ``--docs``.

Prints, per engine: build documents/s, index size, and query p50/p99 over a fixed mix of
queries (words, a phrase, boolean, a filter, a date sort) with facets.

    .venv/bin/python bench/fulltext_bench.py [--docs 5000] [--engines sqlite,whoosh,whoosh-procs2,...]
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from server.index.fulltext.documents import TextDocument  # noqa: E402
from server.index.fulltext.extract import extract  # noqa: E402
from server.index.fulltext.query import parse  # noqa: E402
from server.index.fulltext.sqlite_engine import SqliteIndex  # noqa: E402
from server.index.fulltext.whoosh_engine import WhooshIndex  # noqa: E402

DOC_ROOT = "/usr/share/doc/python3.11/html"
QUERIES = ["python", "dictionary", '"data model"', "list OR tuple", "socket NOT ssl", "thread* lock",
           "iterator host:docs2.example.org", "exception type:text/html", "generator date:2021..2022",
           "title:tutorial"]
class TantivyIndex:
    """tantivy (Rust, through its Python binding), for comparison only: not a project dependency
    (``pip install tantivy`` to include it). The same documents, the same query mix translated to
    tantivy's query language, facets by its terms aggregation, snippets by its generator."""

    FIELDS = ("title", "body", "description", "anchors")

    def __init__(self, directory: str):
        import tantivy

        sb = tantivy.SchemaBuilder()
        for f in self.FIELDS:
            sb.add_text_field(f, stored=f in ("title", "body"))
        for f in ("url", "host", "domain", "mime", "year", "record"):
            sb.add_text_field(f, stored=f in ("url", "record"), tokenizer_name="raw",
                              fast=f in ("domain", "mime", "year"))
        sb.add_unsigned_field("ts", stored=True, indexed=True, fast=True)
        self.schema = sb.build()
        self.index = tantivy.Index(self.schema, path=directory)
        self.tantivy = tantivy

    def add_documents(self, docs) -> int:
        w = self.index.writer(heap_size=256 * 1024 * 1024)
        n = 0
        for d in docs:
            doc = self.tantivy.Document(
                title=d.title, body=d.text, description=d.description, anchors=d.anchors, url=d.url, host=d.host,
                domain=d.domain, mime=d.mime, year=str(d.year), record=d.record)
            doc.add_unsigned("ts", int(d.timestamp))
            w.add_document(doc)
            n += 1
        w.commit()
        w.wait_merging_threads()
        return n

    def finish(self) -> None:
        self.index.reload()

    def _text(self, node) -> str:
        from server.index.fulltext.query import And, Not, Or, Term
        if isinstance(node, Term):
            words = " ".join(node.words)
            # tantivy's parser has prefixes of phrases only: a one-word prefix is searched as the word
            text = f'"{words}"' + ("*" if node.prefix and len(node.words) > 1 else "")
            field = {"text": "body"}.get(node.field, node.field)
            return f"{field}:{text}" if field else text
        if isinstance(node, Or):
            return "(" + " OR ".join(self._text(c) for c in node.children) + ")"
        if isinstance(node, And):
            return "(" + " ".join(("-" + self._text(c.child)) if isinstance(c, Not) else ("+" + self._text(c))
                                  for c in node.children) + ")"
        raise TypeError(node)

    def _query(self, query):
        parts = [] if query.expr is None else ["+" + self._text(query.expr)]
        f = query.filters
        parts += [f'+host:"{h}"' for h in f.hosts] + [f'+mime:"{t}"' for t in f.types if not t.endswith("*")]
        if f.date_from or f.date_to:
            parts.append(f"+ts:[{int(f.date_from or 0)} TO {int(f.date_to or 99991231235959)}]")
        return self.index.parse_query(" ".join(parts), list(self.FIELDS))

    def search(self, query, *, sort="relevance", offset=0, limit=10):
        q = self._query(query)
        searcher = self.index.searcher()
        kwargs = {"order_by_field": "ts"} if sort in ("newest", "oldest") else {}
        found = searcher.search(q, limit + offset, offset=0, count=True, **kwargs)
        gen = self.tantivy.SnippetGenerator.create(searcher, q, self.schema, "body")
        for _score, address in found.hits[offset:]:
            gen.snippet_from_doc(searcher.doc(address)).to_html()
        return type("P", (), {"total": found.count})()

    def facets(self, query):
        searcher = self.index.searcher()
        aggs = {name: {"terms": {"field": name, "size": 20}} for name in ("domain", "year", "mime")}
        return searcher.aggregate(self._query(query), aggs)

    def close(self) -> None:
        pass


ENGINES = {
    "sqlite-fts5": lambda d: SqliteIndex(d),
    "tantivy": lambda d: TantivyIndex(d),
    "whoosh": lambda d: WhooshIndex(d),
    "whoosh-procs2": lambda d: WhooshIndex(d, procs=2),
    "whoosh-procs2-multiseg": lambda d: WhooshIndex(d, procs=2, multisegment=True),
}


def corpus(n: int, chars: int = 0) -> list[TextDocument]:
    pages = []
    for root, _dirs, files in os.walk(DOC_ROOT):
        for f in sorted(files):
            if f.endswith(".html"):
                with open(os.path.join(root, f), "rb") as fh:
                    found = extract(fh.read(), "text/html")
                rel = os.path.relpath(os.path.join(root, f), DOC_ROOT)
                pages.append((rel, found))
    docs = []
    i = 0
    while len(docs) < n:
        rel, found = pages[i % len(pages)]
        copy = i // len(pages)
        docs.append(TextDocument(url=f"https://docs{copy}.example.org/{rel}", timestamp=f"{2015 + copy % 10}0101000000",
                                 mime="text/html", status=200, job=1 + copy, harvest=1, title=found.title,
                                 text=found.text[:chars] if chars else found.text,
                                 description=found.description, anchors=found.anchors,
                                 language=found.language, record=f"x-{i}.warc.gz:{i}"))
        i += 1
    return docs


def size_of(path: str) -> int:
    return sum(os.path.getsize(os.path.join(r, f)) for r, _d, fs in os.walk(path) for f in fs)


def run(name: str, docs: list[TextDocument], rounds: int) -> dict:
    tmp = tempfile.mkdtemp(prefix=f"ft-{name}-")
    try:
        started = time.perf_counter()
        ix = ENGINES[name](tmp)
        ix.add_documents(dataclasses.replace(d) for d in docs)
        ix.finish()
        build = time.perf_counter() - started
        ix.close()
        reader = WhooshIndex(tmp, readonly=True) if name.startswith("whoosh") else ENGINES[name](tmp)
        times = []
        totals = {}
        for _ in range(rounds):
            for text in QUERIES:
                q = parse(text)
                t0 = time.perf_counter()
                page = reader.search(q, sort="newest" if "date:" in text else "relevance", limit=10)
                reader.facets(q)
                times.append(time.perf_counter() - t0)
                totals[text] = page.total
        reader.close()
        times.sort()
        return {"engine": name, "docs": len(docs), "build_s": round(build, 2), "docs_per_s": round(len(docs) / build),
                "size_mb": round(size_of(tmp) / 1e6, 1), "p50_ms": round(statistics.median(times) * 1000, 1),
                "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))] * 1000, 1), "totals": totals}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", type=int, default=5000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--chars", type=int, default=0, help="cut each document's text to this many characters "
                    "(0: whole pages): for corpora of 100,000 documents and more")
    a = ap.parse_args()
    t0 = time.perf_counter()
    docs = corpus(a.docs, a.chars)
    chars = sum(len(d.text) for d in docs)
    print(f"corpus: {len(docs)} documents, {chars / 1e6:.1f} M characters of text "
          f"(extracted in {time.perf_counter() - t0:.1f} s); load {os.getloadavg()[0]:.1f}", flush=True)
    results = []
    for name in a.engines.split(","):
        if name == "tantivy":
            try:
                import tantivy  # noqa: F401
            except ImportError:
                print("tantivy: not installed (pip install tantivy to compare it): left out", flush=True)
                continue
        r = run(name, docs, a.rounds)
        results.append(r)
        print(f"{r['engine']:24} build {r['build_s']:8.2f} s  {r['docs_per_s']:6} docs/s  size {r['size_mb']:7.1f} MB  "
              f"query+facets p50 {r['p50_ms']:7.1f} ms  p99 {r['p99_ms']:7.1f} ms  load {os.getloadavg()[0]:.1f}",
              flush=True)
    base = results[0]["totals"]
    for r in results[1:]:
        differ = {q: (base[q], r["totals"][q]) for q in base if base[q] != r["totals"][q]}
        if differ:
            print(f"  {r['engine']} counts differ from {results[0]['engine']}: {differ}")


if __name__ == "__main__":
    main()
