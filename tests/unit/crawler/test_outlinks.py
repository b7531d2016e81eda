"""Outlinks are resolved once per page and fragment: the result is what resolving every link
as written gives (the loop before that shortcut, kept here as the reference)."""
from __future__ import annotations

import glob
import os
from collections import defaultdict

import pytest

from server.crawler.http_client import Capture
from server.crawler.outlinks import _MAX_LINKS, OutlinkExtractor
from server.crawler.urls import BadUrl, parse_url, resolve

PYTHON_DOC = "/usr/share/doc/python3.11/html"

TRICKY = b"""<html><head><link rel=stylesheet href="s.css#x"><base href="/docs/"></head><body>
<a href="a.html#one">1</a><a href="a.html#two">2</a><a href="a.html">3</a><a href="#top">t</a>
<a href="?#q">q</a><a href="?">q2</a><a href="b.html?#f">b</a><a href="b.html?">b2</a>
<a href="../up.html#u">u</a><a href=" a.html #sp">sp</a><a href="javascript:go('#x')">js</a>
<a href="mailto:x@y.test#m">m</a><a href="http://other.test/p#z">o</a><a href="//other.test/p">o2</a>
<a href="http://[bad#x">bad</a><img src="i.png#frag"><a href="c.html#">c</a><a href="#">h</a>
</body></html>"""


def _capture(url: str, body: bytes, head: bytes = b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n\r\n",
             status: int = 200) -> Capture:
    return Capture(url=url, request=b"GET / HTTP/1.1\r\n\r\n", head=head, body=body, status=status,
                   headers=[(k.strip(), v.strip()) for k, v in (line.split(":", 1) for line in
                            head.decode().split("\r\n")[1:] if ":" in line)], ip="127.0.0.1", started=0.0)


def _as_written(page: str, base: str, link) -> str | None:
    """The fetchable URL of one link, resolved as written (fragment and all)."""
    absolute = resolve(page if link.hop == "R" and link.context.startswith("http") else base, link.url)
    try:
        return None if absolute is None else parse_url(absolute).url
    except BadUrl:
        return None


def _reference(extractor: OutlinkExtractor, capture: Capture) -> list[tuple[str, str, str]]:
    """Every link resolved as written, one after the other (no shortcut)."""
    # html_links' own base handling is reused: run the extractor on a page, then redo its loop
    from server.crawler import outlinks

    found, base = [], capture.url
    real = outlinks.html_links

    def spy(*args, **kwargs):
        links, page_base = real(*args, **kwargs)
        found.extend(links)
        return links, page_base

    outlinks.html_links = spy
    try:
        extractor.extract(capture, defaultdict(lambda: defaultdict(int)))
    finally:
        outlinks.html_links = real
    page_base = real(capture.decoded_body())[1]
    if page_base:
        base = resolve(capture.url, page_base) or capture.url
    out, seen = [], {capture.url}        # the page itself is no outlink
    for link in found[:_MAX_LINKS]:
        url = _as_written(capture.url, base, link)
        if url is not None and url not in seen:
            seen.add(url)
            out.append((url, link.hop, link.context))
    return out


def _both(capture: Capture):
    ex = OutlinkExtractor()
    return ex.extract(capture, defaultdict(lambda: defaultdict(int))), _reference(ex, capture)


def test_tricky_links_resolve_as_written():
    got, expected = _both(_capture("http://www.example.test/docs/page.html", TRICKY))
    assert got == expected
    urls = [u for u, _h, _c in got]
    assert "http://www.example.test/docs/a.html" in urls and "http://other.test/p" in urls
    assert len(urls) == len(set(urls))


@pytest.mark.skipif(not os.path.isdir(PYTHON_DOC), reason="python3-doc is not installed")
def test_python_doc_pages_give_the_same_outlinks():
    files = sorted(glob.glob(f"{PYTHON_DOC}/**/*.html", recursive=True))[::8][:80]
    assert files
    for path in files:
        with open(path, "rb") as fh:
            body = fh.read()
        got, expected = _both(_capture("http://127.0.0.1:8000/" + os.path.relpath(path, PYTHON_DOC), body))
        assert got == expected, path
