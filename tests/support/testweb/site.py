"""The generated site every host name serves: deterministic pages, assets and oddities.

Any host name works (the server is used as an HTTP proxy, so ``www.example1.test`` needs no DNS).
Pages form a tree: ``/`` is page 0 and page *n* links to pages ``n*fanout+1 … n*fanout+fanout``
below ``pages_per_host``. ``/features.html`` holds every kind of link the crawler must find, and
the paths below it exercise every way a server can misbehave. ``/scripted/`` is a page whose
resources only a browser finds (``testweb.scripted``); nothing links to it.
"""
from __future__ import annotations

import gzip
import zlib
from dataclasses import dataclass

from testweb.scripted import scripted

FILLER = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore "
          "et dolore magna aliqua. ") * 12
# A valid 1x1 PNG (so that replay tools show something), padded per image number.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


@dataclass
class SiteConfig:
    pages_per_host: int = 20
    fanout: int = 10
    delay_ms: int = 0  # added to every response (simulated latency)
    assets: bool = True  # pages embed an image and a style sheet
    max_huge_mb: int = 64
    max_slow_ms: int = 10_000
    features_link: bool = True  # the home page links to /features.html (and so to the trap)


@dataclass
class Response:
    status: int
    headers: list[tuple[str, str]]
    body: bytes = b""
    mode: str = "normal"  # normal | chunked | broken | huge | slow
    arg: int = 0


REASONS = {200: "OK", 301: "Moved Permanently", 302: "Found", 404: "Not Found", 500: "Internal Server Error"}


def html(body: str, status: int = 200) -> Response:
    return Response(status, [("Content-Type", "text/html; charset=utf-8")], body.encode("utf-8"))


def _page(host: str, n: int, cfg: SiteConfig) -> Response:
    children = [n * cfg.fanout + k for k in range(1, cfg.fanout + 1) if n * cfg.fanout + k < cfg.pages_per_host]
    links = "".join(f'<li><a href="/page/{c}">page {c}</a></li>' for c in children)
    parent = (n - 1) // cfg.fanout
    # a host named features.* links to its features (and so to every misbehaving path) whatever
    # the configuration: a crawl of many well-behaved hosts can hold a few hostile ones
    features = cfg.features_link or host.startswith("features.")
    up = f'<a href="/page/{parent}">up</a> ' if n > 0 else (
        '<a href="/features.html">features</a> ' if features else "")
    assets = (f'<link rel="stylesheet" href="/style.css"><img src="/img/{n % 10}.png" alt="">'
              if cfg.assets else "")
    return html(f"<!DOCTYPE html><html><head><title>{host} page {n}</title>{assets}</head><body>"
                f"<h1>{host} — page {n}</h1><p>{FILLER}</p><ul>{links}</ul>{up}<a href=\"/\">home</a>"
                f"</body></html>")


FEATURES = """<!DOCTYPE html><html><head><title>features</title>
<link rel="stylesheet" href="/style.css">
<link rel="icon" href="/img/8.png">
<meta http-equiv="refresh" content="30; url=/refreshed.html">
<style>@import "/imported.css"; body {{ background: url(/img/5.png) }}</style>
<script src="/script.js"></script>
<script>var next = "/from-inline-js.html";</script>
</head><body>
<div style="background-image: url('/img/4.png')">styled</div>
<img src="/img/1.png" srcset="/img/2.png 1x, /img/3.png 2x" alt="">
<iframe src="/frame.html"></iframe>
<a href="/redirect/chain/3">redirect chain</a>
<a href="/redirect/loop/a">redirect loop</a>
<a href="/notfound">404</a> <a href="/error">500</a>
<a href="/slow">slow</a> <a href="/broken">closes mid-body</a> <a href="/huge">huge</a>
<a href="/chunked">chunked</a> <a href="/gzip">gzip</a>
<a href="/calendar/2024/1">calendar</a>
<a href="/private/secret.html">robots-blocked</a>
<a href="/malformed.html">malformed</a>
<a href="http://sub.{domain}/">subdomain</a>
<a href="http://www.elsewhere.test/">another domain</a>
<img src="http://cdn.elsewhere.test/img/9.png" alt="">
<a href="mailto:someone@example.org">mail</a> <a href="javascript:void(0)">js</a>
<a href="http://[bad">bad url</a>
</body></html>"""

MALFORMED = """<html><head><title>broken<body><p <b><a href="/m1.html>unclosed quote</a>
<div><<<>>> <a href='/m2.html'>after garbage</a> <img src=/m3.png <table><tr><td>
<!-- <a href="/in-comment.html"> --> <a href="/m4.html">last</a> <script>document.write("<a href='x'>")"""

CSS = b'@import url("/imported.css");\nbody { background: url(/img/6.png) }\n'
IMPORTED_CSS = b".x { background-image: url('/img/7.png') }\n"
JS = b'var a = "/from-js.html"; function f() { return "/img/0.png"; }\n'


def respond(host: str, path: str, query: str, cfg: SiteConfig) -> Response:
    """The response for one GET of ``path`` on ``host``."""
    domain = ".".join(host.split(".")[-2:])
    if path == "/robots.txt":
        if host.startswith("norobots."):
            return html("no robots", 404)
        if host.startswith("robots500."):
            return html("robots broken", 500)
        return Response(200, [("Content-Type", "text/plain")], b"User-agent: *\nDisallow: /private/\n")
    if path == "/":
        return _page(host, 0, cfg)
    if path.startswith("/scripted/"):
        found = scripted(path, query, PNG)
        if found is not None:
            status, ctype, body = found
            return Response(status, [("Content-Type", ctype)], body)
    if path.startswith("/page/"):
        try:
            n = int(path[6:])
        except ValueError:
            return html("not found", 404)
        return _page(host, n, cfg) if 0 < n < cfg.pages_per_host else html("not found", 404)
    if path == "/features.html":
        return html(FEATURES.format(domain=domain))
    if path == "/malformed.html":
        return html(MALFORMED)
    if path.startswith("/img/"):
        n = sum(path.encode()) % 251
        return Response(200, [("Content-Type", "image/png")], PNG + bytes([n]) * 64)
    if path == "/style.css":
        return Response(200, [("Content-Type", "text/css")], CSS)
    if path == "/imported.css":
        return Response(200, [("Content-Type", "text/css")], IMPORTED_CSS)
    if path == "/script.js":
        return Response(200, [("Content-Type", "application/javascript")], JS)
    if path.startswith("/redirect/chain/"):
        n = int(path.rsplit("/", 1)[1] or 0) if path.rsplit("/", 1)[1].isdigit() else 0
        if n <= 0:
            return html("end of the redirect chain")
        return Response(302, [("Location", f"/redirect/chain/{n - 1}"), ("Content-Length", "0")])
    if path in ("/redirect/loop/a", "/redirect/loop/b"):
        other = "b" if path.endswith("a") else "a"
        return Response(301, [("Location", f"http://{host}/redirect/loop/{other}"), ("Content-Type", "text/html")],
                        b"<a href='/redirect/loop/" + other.encode() + b"'>moved</a>")
    if path == "/notfound":
        return html("<h1>Not found</h1>", 404)
    if path == "/error":
        return html("<h1>Server error</h1>", 500)
    if path == "/slow":
        ms = _int(query, "ms", 1500)
        return Response(200, [("Content-Type", "text/html")], b"<p>slow</p>", "slow", min(ms, cfg.max_slow_ms))
    if path == "/broken":
        return Response(200, [("Content-Type", "text/html"), ("Content-Length", "10000")],
                        b"<html><body>" + b"x" * 488, "broken")
    if path == "/huge":
        mb = min(_int(query, "mb", 3), cfg.max_huge_mb)
        return Response(200, [("Content-Type", "application/octet-stream")], b"", "huge", mb * 1024 * 1024)
    if path == "/chunked":
        return Response(200, [("Content-Type", "text/html"), ("Transfer-Encoding", "chunked")],
                        b'<html><body><a href="/chunked-target.html">target</a>' + FILLER.encode() + b"</body></html>",
                        "chunked")
    if path == "/gzip":
        body = gzip.compress(b'<html><body><a href="/gzip-target.html">target</a></body></html>', mtime=0)
        return Response(200, [("Content-Type", "text/html"), ("Content-Encoding", "gzip")], body)
    if path == "/deflate":
        body = zlib.compress(b'<html><body><a href="/deflate-target.html">target</a></body></html>')
        return Response(200, [("Content-Type", "text/html"), ("Content-Encoding", "deflate")], body)
    if path.startswith("/calendar/"):
        try:
            year, month = (int(x) for x in path.split("/")[2:4])
        except ValueError:
            return html("not found", 404)
        nxt = (year + (month == 12), month % 12 + 1)
        prev = (year - (month == 1), (month - 2) % 12 + 1)
        return html(f"<h1>{year}-{month:02d}</h1><a href='/calendar/{nxt[0]}/{nxt[1]}'>next</a>"
                    f"<a href='/calendar/{prev[0]}/{prev[1]}'>previous</a>")
    if path.endswith(".html"):
        return html(f"<p>{host}{path}</p><a href='/'>home</a>")
    return html("<h1>Not found</h1>", 404)


def _int(query: str, name: str, default: int) -> int:
    for part in query.split("&"):
        key, _, value = part.partition("=")
        if key == name and value.isdigit():
            return int(value)
    return default
