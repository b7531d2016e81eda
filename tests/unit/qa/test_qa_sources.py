"""What the qa service reads from a job's CDX index: HTML captures and redirects for the page list
(pictures and scripts left out), and where the crawl-time views and texts of pages are."""
from __future__ import annotations

import json

from server.qa.sources import parse_cdxj


def _line(url: str, ts: str, **fields) -> bytes:
    return f"key {ts} {json.dumps({'url': url, **fields})}\n".encode()


def test_the_cdx_gives_html_captures_redirects_and_the_crawl_time_views():
    lines = (_line("http://a.dk/", "20240101000000", mime="text/html", status="200", filename="f", offset=0)
             + _line("http://a.dk/x.png", "20240101000001", mime="image/png", status="200", filename="f", offset=9)
             + _line("http://a.dk/old", "20240101000002", mime="text/html; charset=utf-8", status="301")
             + _line("urn:view:http://a.dk/", "20240101000003", mime="image/png", filename="f", offset=100)
             + _line("urn:text:http://a.dk/", "20240101000004", mime="text/plain", filename="f", offset=200)
             + _line("urn:view:http://a.dk/b", "20240101000005", mime="image/png")      # no record: no view
             + b"not cdxj\nkey 2024 {broken json\n")
    # split across chunks in the middle of a line, as an HTTP body arrives
    index = parse_cdxj(iter([lines[:50], lines[50:133], lines[133:]]))
    assert index.captures == [("http://a.dk/", "20240101000000", 200, "text/html"),
                              ("http://a.dk/old", "20240101000002", 301, "text/html; charset=utf-8")]
    assert index.views == {"http://a.dk/": ("f", 100)} and index.texts == {"http://a.dk/": ("f", 200)}
