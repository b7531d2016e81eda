"""Link extraction and URL canonicalisation."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from server.crawler.links import css_links, html_links
from server.crawler.urls import BadUrl, canonical, fetchable, resolve, seen_key, surt


def test_every_html_link_kind_with_its_hop_type():
    page = b"""<html><head><base href="http://b.dk/dir/">
    <link rel="stylesheet" href="s.css"><link rel="alternate" href="feed.xml">
    <meta http-equiv="Refresh" content="5; URL='r.html'">
    <style>body{background:url("bg.png")} @import 'i.css';</style></head>
    <body style="background:url(st.png)"><a href="a.html?x=1&amp;y=2">a</a><area href="map.html">
    <img src="i.png" srcset="s1.png 1x, s2.png 2x"><script src="x.js"></script>
    <iframe src="f.html"></iframe><video poster="p.jpg"><source src="v.mp4"></video>
    <object data="o.swf"></object><td background="td.gif"></td></body></html>"""
    links, base = html_links(page)
    found = {(link.url, link.hop) for link in links}
    assert base == "http://b.dk/dir/"
    for expected in [("s.css", "E"), ("feed.xml", "L"), ("r.html", "R"), ("bg.png", "E"), ("i.css", "E"),
                     ("st.png", "E"), ("a.html?x=1&y=2", "L"), ("map.html", "L"), ("i.png", "E"), ("s1.png", "E"),
                     ("s2.png", "E"), ("x.js", "E"), ("f.html", "E"), ("p.jpg", "E"), ("v.mp4", "E"),
                     ("o.swf", "E"), ("td.gif", "E")]:
        assert expected in found, expected


def test_malformed_html_does_not_stop_extraction():
    page = b'<p <b><a href="/m1.html>x</a><div><<<>>> <a href=\'/m2.html\'>y</a><img src=/m3.png <td>' \
           b'<!-- <a href="/no.html"> --><a href="/m4.html">z</a><script>document.write("<a href=\'q\'>")'
    urls = {link.url for link in html_links(page)[0]}
    assert {"/m2.html", "/m4.html"} <= urls and "/no.html" not in urls


def test_css_urls_and_imports():
    css = b"@import url('/a.css'); @import \"/b.css\"; x { background: url( c.png ) } y { src: url(data) }"
    assert {link.url for link in css_links(css)} == {"/a.css", "/b.css", "c.png", "data"}


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000))
def test_extraction_never_raises_on_arbitrary_bytes(data):
    html_links(data)
    css_links(data)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_fetchable_either_normalises_or_raises_badurl(text):
    try:
        url = fetchable("http://example.dk/" + text)
    except BadUrl:
        return
    assert " " not in url and "#" not in url
    assert fetchable(url) == url  # idempotent


def test_canonical_keys_merge_spellings_of_one_url():
    a = fetchable("HTTP://WWW.Example.DK:80/a?PHPSESSID=123#top")
    b = fetchable("http://www.example.dk/a")
    assert seen_key(a) == seen_key(b) == "http://(dk,example,www,)/a"
    assert canonical("http://u:p@h.dk/x;jsessionid=ab?x=1") == "http://h.dk/x?x=1"
    assert surt("https://a.b.dk:8443/p?q") == "https://(dk,b,a,:8443)/p?q"


def test_resolve_skips_non_web_links():
    assert resolve("http://a.dk/x/y.html", "../z.html") == "http://a.dk/z.html"
    for link in ("mailto:a@b", "javascript:void(0)", "#frag", "data:image/png;base64,AA", "  "):
        assert resolve("http://a.dk/", link) is None


def _with_plain_search(monkeypatch):
    """html_links as it was before _SKIP: every tag found by _TAG.search, filtered in Python."""
    from server.crawler import links

    monkeypatch.setattr(links, "_next_tag", lambda html, pos: links._TAG.search(html, pos))


def test_skipping_tags_that_hold_no_link_finds_the_same_links(monkeypatch):
    import os
    import random

    from server.crawler.links import html_links

    rng = random.Random(5)
    pieces = [b"<", b">", b"a", b"div", b" ", b"href=", b'"', b"'", b"src", b"style", b"x", b"/", b"script",
              b"<!--", b"-->", b"img", b"=", b"\n", b"A", b"SRC", b"link", b"rel=stylesheet", b"abbr",
              b"</script>", b"data-original", b"span class=k", b"Background", b"b", b"d", b"s"]
    docs = [b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 40))) for _ in range(30_000)]
    doc_dir = "/usr/share/doc/python3.11/html/library"       # a real site, when installed
    if os.path.isdir(doc_dir):
        for name in sorted(os.listdir(doc_dir))[:60]:
            with open(os.path.join(doc_dir, name), "rb") as fh:
                docs.append(fh.read())
    fast = [html_links(d) for d in docs]
    _with_plain_search(monkeypatch)
    assert [html_links(d) for d in docs] == fast
