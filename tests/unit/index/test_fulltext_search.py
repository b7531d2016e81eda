"""Full-text indexes per job in the index cache and searches over job sets: words, phrases,
booleans, filters, facets, sorting, paging, snippets; a later job's revisits found by their
original's words; the engines behind the one interface answer alike (tantivy, the default, and
SQLite FTS5 through the whole index cache; whoosh too on a corpus of its own); an index is read by
the engine that wrote it, so a job set may mix them."""
from __future__ import annotations

import pytest
from fulltext_testkit import PDF_WORDS, site, write_job
from index_testkit import FakeArchive, FakeCatalog

from server.index.cache import CacheConfig, IndexCache
from server.index.fulltext import engines
from server.index.fulltext.documents import TextDocument
from server.index.fulltext.query import parse
from server.index.fulltext.sqlite_engine import SqliteIndex
from server.index.fulltext.store import TextIndexes, matching_captures, search
from server.index.fulltext.tantivy_engine import TantivyIndex
from server.index.fulltext.whoosh_engine import WhooshIndex
from shared.dto.index import SearchRequestDto
from shared.errors import IndexNotReady, InvalidInput, NoIndexData


@pytest.fixture(params=[("tantivy", 0), ("tantivy", 1), ("sqlite-fts5", 0), ("sqlite-fts5", 1)],
                ids=["tantivy-in-process", "tantivy-worker-process", "fts5-in-process", "fts5-worker-process"])
def texts(tmp_path, request):
    engine, workers = request.param
    folder = tmp_path / "archive"
    folder.mkdir()
    first = write_job(str(folder), 1, 1, site())
    write_job(str(folder), 2, 2, site(), originals={c.url: c for c in first})       # all revisits
    write_job(str(folder), 3, 3, site("other.example.org")[:2])
    (folder / "4-metadata-1.warc.gz").write_bytes(b"")                                # no content WARC
    archive = FakeArchive(str(folder))
    cache = IndexCache(CacheConfig(str(tmp_path / "cache"), workers=workers), archive,
                       FakeCatalog({i: "done" for i in range(1, 5)}))
    indexes = TextIndexes(cache, engine=engine)
    yield indexes, archive
    cache.close()


def ask(indexes, query, jobs=(1, 2, 3), **kw):
    return search(indexes, SearchRequestDto(query, list(jobs), **kw))


def test_words_phrases_booleans_filters_facets_and_snippets(texts):
    indexes, archive = texts
    for job in (1, 3):
        indexes.build(job)
    found = ask(indexes, "flæskesteg", jobs=(1,))
    assert [h.url for h in found.hits] == ["http://www.example.dk/"] and found.total == 1
    hit = found.hits[0]
    assert "<b>flæskesteg</b>" in hit.snippet and hit.title == "Rødgrød med fløde" and hit.timestamp == "20240101120000"
    assert hit.filename.startswith("1-1-") and hit.offset == 0 and hit.job_id == 1 and hit.harvest_id == 1

    assert ask(indexes, '"quick brown fox"', jobs=(1, 3)).total == 2             # a phrase, on both hosts
    assert ask(indexes, '"brown quick fox"', jobs=(1, 3)).total == 0             # not in that order
    assert ask(indexes, "crêpe", jobs=(1, 3)).total == 2                          # latin-1 page, both jobs
    assert ask(indexes, "crepe", jobs=(1, 3)).total == 2                          # diacritics do not matter
    assert ask(indexes, "garçon host:www.example.dk", jobs=(1, 3)).total == 1
    assert ask(indexes, "garçon domain:example.org", jobs=(1, 3)).hits[0].host == "other.example.org"
    assert ask(indexes, "crêpe NOT besançon", jobs=(1, 3)).total == 0
    assert ask(indexes, "zanzibar OR quarterly", jobs=(1, 3)).total == 2
    assert ask(indexes, "(zanzibar OR quarterly) -zanzibar", jobs=(1, 3)).total == 1
    assert ask(indexes, "harv*", jobs=(1, 3)).hits[0].url.endswith("report.pdf")
    pdf = ask(indexes, f'"{PDF_WORDS}" type:pdf', jobs=(1, 3))
    assert pdf.total == 1 and pdf.hits[0].mime == "application/pdf" and pdf.hits[0].title == "Harvest report"
    assert ask(indexes, "title:café", jobs=(1, 3)).total == 2
    assert ask(indexes, "julemad date:2024-01-01", jobs=(1, 3)).total == 1
    assert ask(indexes, "julemad date:2023..2023-12", jobs=(1, 3)).total == 0
    assert ask(indexes, "host:www.example.dk type:image/*", jobs=(1, 3)).hits[0].url.endswith("logo.png")
    assert ask(indexes, "julemad lang:da", jobs=(1, 3)).total == 2
    assert ask(indexes, "julemad lang:fr", jobs=(1,)).total == 0
    assert ask(indexes, "julemad status:200 url:http://other.example.org/", jobs=(1, 3)).total == 1
    assert ask(indexes, "julemad status:404", jobs=(1, 3)).total == 0
    assert ask(indexes, "description:mad anchors:opskrifter", jobs=(1,)).total == 1

    facets = {f.field: {v.value: v.count for v in f.values} for f in ask(indexes, "crêpe OR fox", jobs=(1, 3)).facets}
    assert facets == {"domain": {"example.dk": 2, "example.org": 2}, "year": {"2024": 4}, "mime": {"text/html": 4}}


def test_revisits_are_found_by_their_originals_words(texts):
    indexes, archive = texts
    indexes.build(2)      # builds job 1's index first: the originals are there
    found = ask(indexes, f'"{PDF_WORDS}"', jobs=(1, 2), sort="newest")
    assert [(h.job_id, h.timestamp[:8]) for h in found.hits] == [(2, "20240102"), (1, "20240101")]
    revisit = found.hits[0]
    assert revisit.revisit_of.startswith("1-1-") and revisit.title == "Harvest report" and "<b>" in revisit.snippet
    assert [h.job_id for h in ask(indexes, f'"{PDF_WORDS}"', jobs=(2,)).hits] == [2]
    assert [h.job_id for h in ask(indexes, f'"{PDF_WORDS}"', jobs=(1, 2), sort="oldest").hits] == [1, 2]


def test_sets_paging_and_honest_partial_answers(texts):
    indexes, archive = texts
    indexes.build(1)
    started = []
    found = search(indexes, SearchRequestDto("host:www.example.dk", [1, 2], page_size=2), started.append)
    assert found.covered == [1] and [(m.job_id, m.code) for m in found.missing] == [(2, "building")]
    assert started == [2] and found.total == 5 and len(found.hits) == 2
    pages = [search(indexes, SearchRequestDto("host:www.example.dk", [1], page=p, page_size=2)) for p in (1, 2, 3)]
    urls = [h.url for p in pages for h in p.hits]
    assert len(urls) == 5 == len(set(urls))
    assert search(indexes, SearchRequestDto("host:www.example.dk", [1], page=4, page_size=2)).hits == []
    # nothing asked for: every job with an index, never one without
    assert ask(indexes, "crêpe", jobs=()).covered == [1]
    with pytest.raises(IndexNotReady):
        ask(indexes, "crêpe", jobs=(3,))
    with pytest.raises(NoIndexData):
        indexes.build(4)
    # a job that cannot be indexed is named with why, not as "being made"
    with pytest.raises(NoIndexData) as err:
        ask(indexes, "crêpe", jobs=(4,))
    assert "no WARC files" in str(err.value)
    assert [(m.job_id, m.code) for m in ask(indexes, "crêpe", jobs=(1, 4)).missing] == [(4, "no_index_data")]
    # fetched once: a second build of the same files finds the entry
    indexes.build(1)
    assert archive.fetches["1-1-20240101000000000-00001-test.warc.gz"] == 1


def test_every_matching_capture_for_an_export(texts):
    indexes, _ = texts
    indexes.build(2)
    found = list(matching_captures(indexes, "host:www.example.dk type:text/*", [1, 2]))
    assert [(h.job_id, h.url.rsplit("/", 1)[1]) for h in found] == [
        (1, ""), (1, "fr.html"), (1, "readme.txt"), (2, ""), (2, "fr.html"), (2, "readme.txt")]
    assert all(h.filename and h.offset is not None for h in found)
    assert all(h.revisit_of.startswith("1-1-") for h in found if h.job_id == 2)
    with pytest.raises(IndexNotReady):
        list(matching_captures(indexes, "crêpe", [1, 3]))


@pytest.mark.parametrize("bad", ["", "   ", "-alone", "(open", "foo:bar", "date:2024-02-30", "status:abc",
                                 "a OR host:x", "type:nonsense", "(" * 100 + "a"])
def test_bad_queries_are_clear_errors(texts, bad):
    indexes, _ = texts
    indexes.build(1)
    with pytest.raises(InvalidInput):
        ask(indexes, bad, jobs=(1,))


@pytest.mark.parametrize("kw", [{"sort": "best"}, {"page": 0}, {"page_size": 1000}, {"page": 500}])
def test_bad_paging_is_refused(texts, kw):
    indexes, _ = texts
    indexes.build(1)
    with pytest.raises(InvalidInput):
        ask(indexes, "crêpe", jobs=(1,), **kw)


def _docs() -> list[TextDocument]:
    return [TextDocument(url=f"http://h{i % 3}.example.dk/{i}", timestamp=f"20{10 + i % 10}0101000000",
                         mime="text/html" if i % 2 else "application/pdf", status=200, job=1, harvest=1,
                         title=f"page {i}",
                         text=f"common words and token{i} " + ("rare phrase here" if i % 7 == 0 else ""),
                         record=f"f.warc.gz:{i}") for i in range(60)]


@pytest.mark.parametrize("engine", [TantivyIndex, SqliteIndex, WhooshIndex])
def test_both_engines_answer_the_same(tmp_path, engine):
    ix = engine(str(tmp_path))
    assert ix.add_documents(_docs()) == 60
    ix.finish()
    cases = {'"rare phrase"': 9, "common": 60, "token7 OR token14": 2, "common NOT rare": 51,
             "common host:h1.example.dk": 20, "common type:pdf": 30, "common date:2011..2012": 12}
    for text, n in cases.items():
        assert ix.search(parse(text), limit=100).total == n, text
    page = ix.search(parse('"rare phrase"'), sort="newest", limit=3)
    assert [h.timestamp for h in page.hits] == sorted([h.timestamp for h in page.hits], reverse=True)
    assert "<b>rare" in page.hits[0].snippet
    years = dict(ix.facets(parse("common"))["year"])
    assert sum(years.values()) == 60 and years["2010"] == 6
    assert ix.document("f.warc.gz:14").text.startswith("common words and token14")
    found = [h.timestamp for h in ix.matches(parse('"rare phrase"'))]
    assert len(found) == 9 and found == sorted(found)
    ix.close()


def test_the_engine_setting_builds_and_older_indexes_stay_readable(tmp_path):
    """Job 1 indexed by FTS5 (before the change of default), job 3 by tantivy: one search over
    both, each read by its own engine; an unknown engine is refused by name."""
    folder = tmp_path / "archive"
    folder.mkdir()
    write_job(str(folder), 1, 1, site())
    write_job(str(folder), 3, 3, site("other.example.org")[:2])
    cache = IndexCache(CacheConfig(str(tmp_path / "cache"), workers=0), FakeArchive(str(folder)),
                       FakeCatalog({1: "done", 3: "done"}))
    try:
        old = TextIndexes(cache, engine="sqlite-fts5").build(1)
        new = TextIndexes(cache).build(3)
        assert engines.engine_of(old.path) == "sqlite-fts5" and engines.engine_of(new.path) == "tantivy"
        assert TextIndexes(cache).build(1).path == old.path          # not rebuilt by the new engine
        found = ask(TextIndexes(cache), '"quick brown fox"', jobs=(1, 3), sort="newest")
        assert found.total == 2 and found.covered == [1, 3] and [h.job_id for h in found.hits] == [3, 1]
        assert all("<b>quick" in h.snippet for h in found.hits)          # FTS5 marks the phrase as one
        with pytest.raises(InvalidInput):
            TextIndexes(cache, engine="lucene")
    finally:
        cache.close()


def test_tantivy_pages_ties_and_marks_like_fts5(tmp_path):
    """Paging over equal times and scores gives every hit once, in the merge's order; prefixes,
    folded diacritics and HTML in the text are marked and escaped; facets count every match."""
    docs = [TextDocument(url=f"http://h{i % 4}.example.dk/{i:03d}", timestamp="20240101000000" if i < 30
                         else "20230101000000", mime="text/html", status=200, job=1, harvest=1,
                         title="same", text=f"<b>same</b> words crêpe token{i}", record=f"f.warc.gz:{i}")
            for i in range(50)]
    ixs = {}
    for name, engine in (("tantivy", TantivyIndex), ("fts5", SqliteIndex)):
        ixs[name] = ix = engine(str(tmp_path / name))
        ix.add_documents(docs)
        ix.finish()
    try:
        for sort in ("relevance", "newest", "oldest"):
            for text in ("same", "host:h1.example.dk", "crepe"):
                pages = [[h.url for h in ixs["tantivy"].search(parse(text), sort=sort, offset=o, limit=7).hits]
                         for o in range(0, 56, 7)]
                flat = [u for p in pages for u in p]
                assert len(flat) == len(set(flat)), (sort, text)
                fts5 = [h.url for h in ixs["fts5"].search(parse(text), sort=sort, limit=100).hits]
                assert flat == fts5 or sort == "relevance", (sort, text)
                assert sorted(flat) == sorted(fts5)
        hit = ixs["tantivy"].search(parse("crep*"), limit=1).hits[0]
        assert "<b>crêpe</b>" in hit.snippet and "&lt;b&gt;same&lt;/b&gt;" in hit.snippet
        for name in ixs:      # a phrase is one mark in both
            assert "<b>words crêpe</b>" in ixs[name].search(parse('"words crepe"'), limit=1).hits[0].snippet
        assert ixs["tantivy"].facets(parse("same")) == ixs["fts5"].facets(parse("same"))
        assert ixs["tantivy"].facets(parse("same"), ("host",))["host"][0] == ("h0.example.dk", 13)
        with pytest.raises(InvalidInput):
            ixs["tantivy"].facets(parse("same"), ("colour",))
        with pytest.raises(InvalidInput):
            ixs["tantivy"].search(parse("same OR -words"))
        for prefix in ("http://h1.example.dk/0", "http://h1.example.dk/" + "0" * 300):   # regex; terms
            q = parse(f"url:{prefix}")
            assert ixs["tantivy"].search(q).total == ixs["fts5"].search(q).total
        assert ixs["tantivy"].search(parse("url:http://h1.example.dk/00")).total == 3       # 001, 005, 009
        assert ixs["tantivy"].document("nowhere:1") is None and ixs["tantivy"].count() == 50
    finally:
        for ix in ixs.values():
            ix.close()
