"""A job's page list (server/index/page_list.py), made with the job's data from its metadata WARC:
seeds first, then the browser-rendered pages, then the HTML pages; a URL once; narrowed by prefix."""
from __future__ import annotations

import pytest
from index_testkit import FakeArchive, FakeCatalog, simple_job, write_metadata

from server.index import page_list
from server.index.cache import CacheConfig, IndexCache
from shared.errors import InvalidInput, JobNotFound, NoIndexData

SEEDS = ["http://www.example.dk/page/4", "https://example.dk/never-captured", "http://www.example.dk/page/4"]
BROWSER = [
    {"id": "a", "url": "http://www.example.dk/page/10", "title": "Ten\tpages", "ts": "2024-01-01T00:00:10Z",
     "status": 200, "loadState": 4},
    {"id": "b", "url": "http://www.example.dk/page/4", "title": "also a seed", "ts": "2024-01-01T00:00:04Z"},
]


@pytest.fixture
def cache(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    caps = simple_job(1, 20, day=1)
    caps[4].status = 404          # the seed's first capture failed...
    again = simple_job(1, 20, day=1)[4]
    again.ts = "20240101010000"   # ...and a later one answered
    write_metadata(str(folder / "1-metadata-1.warc.gz"), 1, [*caps, again], seeds=SEEDS, pages=BROWSER)
    write_metadata(str(folder / "2-metadata-1.warc.gz"), 2, simple_job(2, 6, day=2))   # no seeds, no page list
    c = IndexCache(CacheConfig(str(tmp_path / "cache")), FakeArchive(str(folder)),
                   FakeCatalog({1: "done", 2: "done", 3: "done"}))
    yield c
    c.close()


def pages(cache, job, prefix="", offset=0, limit=100):
    return cache.job_pages(cache.job_data(job), *cache.page_query(prefix, offset, limit))


def test_seeds_then_browser_pages_then_html_pages_each_url_once(cache):
    got = pages(cache, 1)
    rows = [(p.source, p.url, p.timestamp, p.status) for p in got.items]
    assert rows[:3] == [
        ("seed", "http://www.example.dk/page/4", "20240101010000", "200"),     # the capture that answered
        ("seed", "https://example.dk/never-captured", "", ""),                 # listed: QA should see it
        ("browser", "http://www.example.dk/page/10", "20240101000010", "200"),
    ]
    assert got.items[2].title == "Ten pages"        # a tab in a title is no column break
    html = [p.url for p in got.items[3:]]
    # the other pages (even numbers; 4 and 10 listed above), in SURT order; no images
    assert html == [f"http://www.example.dk/page/{i}" for i in (0, 12, 14, 16, 18, 2, 6, 8)]
    assert {p.source for p in got.items[3:]} == {"html"} and got.total == 11
    assert all(p.mime == "text/html" for p in got.items if p.timestamp)
    # a job without seeds or page list: its HTML pages
    plain = pages(cache, 2)
    assert plain.total == 3 and {p.source for p in plain.items} == {"html"}


def test_paging_and_url_prefix(cache):
    first, second = pages(cache, 1, offset=0, limit=4), pages(cache, 1, offset=4, limit=4)
    assert first.total == second.total == 11 and len(first.items) == len(second.items) == 4
    assert [p.url for p in first.items + second.items] == [p.url for p in pages(cache, 1).items[:8]]
    assert pages(cache, 1, offset=11).items == []
    # www, scheme and case do not matter; a folder prefix keeps what lies under it
    one = pages(cache, 1, "HTTPS://example.dk/page/1")
    assert [p.url for p in one.items] == [f"http://www.example.dk/page/{i}" for i in (10, 12, 14, 16, 18)]
    assert one.total == 5
    assert pages(cache, 1, "example.dk").total == 11 and pages(cache, 1, "www.example.dk/").total == 11
    assert pages(cache, 1, "example.dk/never").items[0].source == "seed"
    assert pages(cache, 1, "other.dk").total == 0
    assert pages(cache, 1, "example.d").total == 0   # a host is matched whole (SURT keys reverse it)


@pytest.mark.parametrize("prefix, offset, limit", [
    ("/", 0, 10), ("http://", 0, 10), ("x" * 3000, 0, 10), (5, 0, 10), ("", -1, 10), ("", 0, 0), ("", 0, 5000),
    ("", "1", 10), ("", 0, True)])
def test_bad_queries_are_invalid_input(cache, prefix, offset, limit):
    with pytest.raises(InvalidInput):
        cache.page_query(prefix, offset, limit)


def test_unknown_job_and_job_without_metadata(cache):
    with pytest.raises(JobNotFound):
        cache.job_data(99)
    with pytest.raises(NoIndexData):
        cache.job_data(3)


def test_prefix_keys():
    assert page_list.prefix_key("") == ""
    assert page_list.prefix_key("www.Example.dk") == "dk,example)"
    assert page_list.prefix_key("https://example.dk/news/") == "dk,example)/news/"
    assert page_list.prefix_key("example.dk/News") == "dk,example)/news"
    assert page_list.ts14("2024-03-04T05:06:07.123Z") == "20240304050607"
    assert page_list.ts14("20240304") == "20240304000000" and page_list.ts14("soon") == ""
