"""Full-text engines side by side in one run on the same documents: Debian's python3-doc pages
(text extracted by our extractor, repeated under other hosts and years) and, as many again, a
generated corpus (words of those pages drawn by a Zipf law, many hosts and domains, HTML, PDF and
plain text, times to the second over ten years).

Prints, per engine: build documents/s, index size, and query p50/p99 over a fixed mix of queries
(words common and rare, phrases, OR, NOT, prefixes, field and filter searches, date sorts, a deep
page), each one search (its snippets) plus the three facets, as the ``search`` RPC asks one job's
index. whoosh builds at ~30 documents/s: it runs on the first ``--whoosh-docs`` documents and its
build time and size are also given scaled to ``--docs`` (linearly; its query times are at its
own N, and say so).

    .venv/bin/python bench/fulltext_bench.py [--docs 100000] [--chars 2000]
        [--engines default,sqlite-fts5,tantivy,whoosh] [--whoosh-docs 2000] [--rounds 20]
    .venv/bin/python bench/fulltext_bench.py --docs 1000000 --engines default     # the issue's target
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from server.index.fulltext import engines  # noqa: E402
from server.index.fulltext.documents import TextDocument  # noqa: E402
from server.index.fulltext.extract import extract  # noqa: E402
from server.index.fulltext.query import parse  # noqa: E402
from server.index.fulltext.whoosh_engine import WhooshIndex  # noqa: E402

DOC_ROOT = "/usr/share/doc/python3.11/html"
#: (query, sort, page): broad words (on most pages) are what costs: every match is scored and counted
QUERIES = [("python", "relevance", 1), ("dictionary", "relevance", 1), ('"data model"', "relevance", 1),
           ("list OR tuple", "relevance", 1), ("socket NOT ssl", "relevance", 1), ("thread* lock", "relevance", 1),
           ("iterator host:docs2.example.org", "relevance", 1), ("exception type:text/html", "relevance", 1),
           ("generator date:2021..2022", "newest", 1), ("title:tutorial", "relevance", 1),
           ("the", "relevance", 1), ("the", "newest", 1), ("function OR module", "relevance", 5),
           ('"the following"', "oldest", 1), ("return -none", "relevance", 1), ("type:pdf date:2020", "newest", 1),
           ("domain:dk value", "relevance", 1),
           ("url:https://docs3.example.org/library/ class", "relevance", 1)]
WHOOSH = ("whoosh", "whoosh-procs2", "whoosh-procs2-multiseg")
ENGINES = {
    "default": lambda d: engines.create(d, engines.DEFAULT),
    "sqlite-fts5": lambda d: engines.create(d, "sqlite-fts5"),
    "tantivy": lambda d: engines.create(d, "tantivy"),
    "whoosh": lambda d: WhooshIndex(d),
    "whoosh-procs2": lambda d: WhooshIndex(d, procs=2),
    "whoosh-procs2-multiseg": lambda d: WhooshIndex(d, procs=2, multisegment=True),
}
_WORD = re.compile(r"[A-Za-z]{2,}")


def pages(chars: int) -> list:
    out = []
    for root, _dirs, files in os.walk(DOC_ROOT):
        for f in sorted(files):
            if f.endswith(".html"):
                with open(os.path.join(root, f), "rb") as fh:
                    found = extract(fh.read(), "text/html")
                if chars:
                    found = dataclasses.replace(found, text=found.text[:chars])
                out.append((os.path.relpath(os.path.join(root, f), DOC_ROOT), found))
    return out


def generated(real: list, count: int, chars: int, rng: random.Random) -> list[tuple[str, str]]:
    """``count`` (title, text) of the pages' words drawn by rank (Zipf: a word's weight 1/rank)."""
    counts = Counter(w.lower() for _rel, found in real for w in _WORD.findall(found.text))
    vocabulary = [w for w, _n in counts.most_common(30_000)]
    weights, total = [], 0.0
    for rank in range(1, len(vocabulary) + 1):
        total += 1.0 / rank
        weights.append(total)
    out = []
    for _ in range(count):
        words = rng.choices(vocabulary, cum_weights=weights, k=rng.randint(40, max(41, (chars or 4000) // 6)))
        out.append((" ".join(rng.choices(vocabulary[50:3000], k=4)).capitalize(), " ".join(words)))
    return out


def corpus(n: int, chars: int = 0, pool: int = 20_000) -> list[TextDocument]:
    """Even documents: python3-doc pages; odd: generated ones (a pool of ``pool`` texts under
    ever other hosts, types and times)."""
    rng = random.Random(31)
    real = pages(chars)
    fake = generated(real, min(pool, (n + 1) // 2), chars, rng)
    mimes = ["text/html"] * 7 + ["application/pdf"] * 2 + ["text/plain"]
    tlds = ["dk", "dk", "org", "com", "de"]
    docs = []
    for i in range(n):
        if i % 2 == 0:
            k = i // 2
            rel, found = real[k % len(real)]
            copy = k // len(real)
            docs.append(TextDocument(url=f"https://docs{copy}.example.org/{rel}",
                                     timestamp=f"{2015 + copy % 10}0101000000", mime="text/html", status=200,
                                     job=1, harvest=1, title=found.title, text=found.text,
                                     description=found.description, anchors=found.anchors, language=found.language,
                                     record=f"x-{i}.warc.gz:{i}"))
        else:
            title, text = fake[(i // 2) % len(fake)]
            site = rng.randrange(20_000)
            host = f"{rng.choice(['www', 'shop', 'news', 'blog'])}.site{site}.{rng.choice(tlds)}" if site else \
                "www.example.dk"
            mime = rng.choice(mimes)
            ts = (f"{rng.randint(2015, 2024)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
                  f"{rng.randrange(24):02d}{rng.randrange(60):02d}{rng.randrange(60):02d}")
            docs.append(TextDocument(url=f"https://{host}/{rng.randrange(10**6)}/{i}", timestamp=ts, mime=mime,
                                     status=rng.choice([200] * 9 + [404]), job=1, harvest=1, title=title, text=text,
                                     language=rng.choice(["da", "en", "en", "de"]), record=f"y-{i}.warc.gz:{i}"))
    return docs


def size_of(path: str) -> int:
    return sum(os.path.getsize(os.path.join(r, f)) for r, _d, fs in os.walk(path) for f in fs)


def run(name: str, docs: list[TextDocument], rounds: int) -> dict:
    tmp = tempfile.mkdtemp(prefix=f"ft-{name}-")
    try:
        started = time.perf_counter()
        ix = ENGINES[name](tmp)
        for k in range(0, len(docs), 10_000):      # in batches, as builder.py adds them
            ix.add_documents(dataclasses.replace(d) for d in docs[k:k + 10_000])
        ix.finish()
        build = time.perf_counter() - started
        ix.close()
        reader = WhooshIndex(tmp, readonly=True) if name in WHOOSH else engines.open_reader(tmp)
        times = []
        totals = {}
        for _ in range(rounds):
            for text, sort, page in QUERIES:
                q = parse(text)
                t0 = time.perf_counter()
                found = reader.search(q, sort=sort, offset=0, limit=page * 10)   # as store.search asks an index
                reader.facets(q)
                times.append(time.perf_counter() - t0)
                totals[f"{text} [{sort}]"] = found.total
        reader.close()
        times.sort()
        return {"engine": name, "docs": len(docs), "build_s": build, "docs_per_s": len(docs) / build,
                "size_mb": size_of(tmp) / 1e6, "p50_ms": statistics.median(times) * 1000,
                "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))] * 1000, "max_ms": times[-1] * 1000,
                "samples": len(times), "totals": totals}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--engines", default="default,sqlite-fts5,whoosh")
    ap.add_argument("--whoosh-docs", type=int, default=2000, help="whoosh's smaller N (it builds at ~30 docs/s)")
    ap.add_argument("--chars", type=int, default=2000, help="cut each document's text to this many characters "
                    "(0: whole pages)")
    a = ap.parse_args()
    t0 = time.perf_counter()
    docs = corpus(a.docs, a.chars)
    chars = sum(len(d.text) for d in docs)
    print(f"corpus: {len(docs)} documents ({len(docs) - len(docs) // 2} python3-doc pages, {len(docs) // 2} "
          f"generated), {chars / 1e6:.0f} M characters of text (made in {time.perf_counter() - t0:.0f} s); "
          f"default engine: {engines.DEFAULT}; load {os.getloadavg()[0]:.1f}", flush=True)
    results = []
    for name in a.engines.split(","):
        label = f"{name} ({engines.DEFAULT})" if name == "default" else name
        subset = docs[:a.whoosh_docs] if name in WHOOSH else docs
        r = run(name, subset, a.rounds)
        results.append(r)
        print(f"{label:24} {r['docs']:8} docs  build {r['build_s']:8.1f} s  {r['docs_per_s']:6.0f} docs/s  "
              f"size {r['size_mb']:7.1f} MB  query+facets p50 {r['p50_ms']:7.1f} ms  p99 {r['p99_ms']:7.1f} ms  "
              f"max {r['max_ms']:7.1f} ms ({r['samples']} queries)  load {os.getloadavg()[0]:.1f}", flush=True)
        if name in WHOOSH and len(subset) < len(docs):
            scale = len(docs) / len(subset)
            print(f"{'':24} scaled to {len(docs)} docs (linearly, from {len(subset)}): build "
                  f"{r['build_s'] * scale:8.0f} s, size {r['size_mb'] * scale:7.0f} MB; its query times are "
                  f"at {len(subset)} documents", flush=True)
    full = [r for r in results if r["docs"] == len(docs)]
    for r in full[1:]:
        base = full[0]["totals"]
        differ = {q: (base[q], r["totals"][q]) for q in base if base[q] != r["totals"][q]}
        if differ:
            print(f"  {r['engine']} counts differ from {full[0]['engine']}: {differ}")


if __name__ == "__main__":
    main()
