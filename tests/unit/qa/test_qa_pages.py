"""The page list of a job: seeds, browser pages, a deterministic sample of other HTML captures."""
from __future__ import annotations

import json

import pytest

from server.qa.pages import HtmlCapture, PageListError, PageRef, parse_pages_jsonl, select_pages, timestamp14

PAGES_JSONL = "\n".join(json.dumps(x) for x in [
    {"format": "json-pages-1.0", "id": "pages", "title": "All Pages"},
    {"id": "a", "url": "http://www.example.dk/", "title": "Front", "ts": "2024-01-01T10:00:00.123Z",
     "status": 200, "loadState": 4},
    {"id": "b", "url": "http://www.example.dk/news", "title": "News", "ts": "2024-01-01T10:00:05Z",
     "status": 200, "loadState": 3},
]) + "\n"

CAPTURES = [
    ("http://www.example.dk/", "20240101100000", 200, "text/html"),
    ("http://www.example.dk/news", "20240101100005", 200, "text/html; charset=utf-8"),
    ("http://www.example.dk/style.css", "20240101100001", 200, "text/css"),
    ("http://www.example.dk/gone", "20240101100002", 404, "text/html"),
    ("http://www.example.dk/moved", "20240101100003", 301, "text/html"),
    *[(f"http://www.example.dk/page/{i}", f"2024010110{i:04d}", 200, "text/html") for i in range(40)],
    ("http://www.example.dk/page/3", "20240102100000", 200, "text/html"),   # a later capture: the first counts
    ("http://www.example.dk/doc.xhtml", "20240101100009", 200, "application/xhtml+xml"),
]


def test_seeds_first_then_browser_pages_then_a_sample_of_html():
    pages = select_pages(parse_pages_jsonl(PAGES_JSONL), ["http://www.example.dk/ ", "http://www.example.dk/x"],
                         CAPTURES, sample=5, seed=1)
    assert pages[0] == PageRef("http://www.example.dk/", "seed", "20240101100000")
    assert pages[1] == PageRef("http://www.example.dk/x", "seed", "")          # a seed the job never got
    assert pages[2] == PageRef("http://www.example.dk/news", "browser", "20240101100005")
    sample = pages[3:]
    assert len(sample) == 5 and {p.source for p in sample} == {"sample"}
    assert all(p.url.startswith("http://www.example.dk/page/") or p.url.endswith(".xhtml") for p in sample)
    assert len({p.url for p in pages}) == len(pages)
    page3 = [p for p in sample if p.url.endswith("/page/3")]
    assert not page3 or page3[0].timestamp == "20240101100003"


def test_the_sample_is_deterministic_and_changes_with_the_seed():
    one = select_pages([], [], CAPTURES, sample=10, seed=7)
    again = select_pages([], [], [HtmlCapture(*c) for c in reversed(CAPTURES)], sample=10, seed=7)
    other = select_pages([], [], CAPTURES, sample=10, seed=8)
    assert one == again and one != other
    assert len(select_pages([], [], CAPTURES, sample=1000)) == 43     # every 2xx HTML capture, once
    assert select_pages([], [], CAPTURES, sample=0) == []


def test_bad_input_gets_typed_errors():
    with pytest.raises(PageListError, match="line 2"):
        parse_pages_jsonl('{"format": "json-pages-1.0"}\nnot json\n')
    with pytest.raises(PageListError, match="no url"):
        parse_pages_jsonl('{"title": "x"}\n')
    with pytest.raises(PageListError, match="not a JSON object"):
        parse_pages_jsonl("[1, 2]\n")
    with pytest.raises(ValueError):
        select_pages([], [], [], sample=-1)
    with pytest.raises(ValueError):
        PageRef("http://x.dk/", "guess")
    with pytest.raises(ValueError):
        PageRef("http://x.dk/", "seed", "2024")


def test_timestamps():
    assert timestamp14("2024-01-01T10:00:00.123Z") == "20240101100000"
    assert timestamp14("20240101100000") == "20240101100000"
    assert timestamp14("yesterday") == "" and timestamp14("") == ""
