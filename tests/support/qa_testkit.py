"""A small web for QA (#30) and its harvest: pages whose every resource is archived, pages with
resources that were unreachable while the crawl ran, and a page that never finishes loading.

The site answers as an HTTP proxy (absolute URIs, any host) for ``QA_HOST`` only, so the crawler
(``upstream_proxy``) and a Chromium (``--proxy-server``) both reach it by its real-looking name.
``QaSite.unreachable`` holds the paths whose connection is closed without an answer: the crawler
archives nothing for them, so replay finds them missing; clear it and a patch crawl gets them.

Pages (``PAGES``):

- ``/complete.html``: a style sheet, two pictures and a script that writes a paragraph — all
  archived;
- ``/broken.html``: a style sheet, a picture and a script-made picture that are unreachable at
  crawl time (``BROKEN_MISSING``), one picture that is archived;
- ``/endless.html``: each picture it asks for, when it fails, asks for the next one (its load
  event never comes while pictures keep failing); not rendered at crawl time (the crawler would
  chase it too), only fetched;
- ``/hang.html``: a script that never yields (the tab hangs); only fetched.

For the bench (bench/qa_bench.py), ``bench_pages(n)``: ``/bench/<i>.html``, each with a shared style
sheet and script, a picture of its own and, on every fifth page, a picture unreachable at crawl
time (``/bench/gone-<i>.png``).

For the bench's job mode, the same pages as a web of ``QaSite(web_pages=n, fanout=k)``: a tree
from the front page ``/bench/0.html`` (``WEB_FRONT``) in which page ``i`` links to its children
``k·i+1 … k·i+k`` (those below ``n``), so a crawl from the front page alone finds all ``n``; page
``i`` is ``web_hops(i, k)`` link hops from it; pages from ``n`` on are not found (404).
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from PIL import Image

QA_HOST = "www.qa-test.dk"
BASE = f"http://{QA_HOST}"
COMPLETE, BROKEN, ENDLESS = f"{BASE}/complete.html", f"{BASE}/broken.html", f"{BASE}/endless.html"
HANG = f"{BASE}/hang.html"
PAGES = (COMPLETE, BROKEN, ENDLESS, HANG)
RENDERED = (COMPLETE, BROKEN)              # rendered by the crawler's browser (crawl-time views)
UNREACHABLE = ("/broken.css", "/gone.png", "/script-gone.png")
BROKEN_MISSING = tuple(BASE + p for p in UNREACHABLE)

_TEXT = ("The harvest of this page keeps every word a reader sees. " * 6).strip()


def png(color: tuple[int, int, int], size: tuple[int, int] = (240, 160)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def _page(title: str, head: str, body: str) -> bytes:
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>{head}</head>"
            f"<body>{body}</body></html>").encode()


CONTENT: dict[str, tuple[str, bytes]] = {
    "/complete.html": ("text/html; charset=utf-8", _page(
        "Complete page", "<link rel='stylesheet' href='/complete.css'><script src='/complete.js' defer></script>",
        f"<h1>A complete page</h1><p>{_TEXT}</p><img src='/red.png' alt=''> <img src='/blue.png' alt=''>"
        "<div id='made'></div>")),
    "/complete.css": ("text/css", b"body{background:#f4e9c8;font:18px serif;margin:24px}h1{color:#204080}"),
    "/complete.js": ("application/javascript",
                     b"document.getElementById('made').textContent = 'Written by a script at load time.';"),
    "/red.png": ("image/png", png((200, 30, 30))),
    "/blue.png": ("image/png", png((30, 60, 200))),
    "/broken.html": ("text/html; charset=utf-8", _page(
        "Broken page", "<link rel='stylesheet' href='/broken.css'>",
        f"<h1>A page with holes</h1><p>{_TEXT}</p><img src='/green.png' alt=''> <img src='/gone.png' alt=''>"
        "<script>const i = new Image(); i.src = '/script-gone.png'; document.body.appendChild(i);</script>")),
    "/broken.css": ("text/css", b"body{background:#10243a;color:#ffffff;font:22px sans-serif;margin:40px}"),
    "/green.png": ("image/png", png((30, 160, 60))),
    "/gone.png": ("image/png", png((250, 200, 0), (480, 320))),
    "/script-gone.png": ("image/png", png((120, 0, 120), (480, 320))),
    "/endless.html": ("text/html; charset=utf-8", _page(
        "Endless page", "",
        "<h1>A page that never finishes</h1><script>let n = 0; function next() { const i = new Image(); "
        "i.onerror = next; i.src = '/endless/' + (n++) + '.png'; document.body.appendChild(i); } next();"
        "</script>")),
    "/hang.html": ("text/html; charset=utf-8", _page(
        "Hanging page", "", "<h1>A page whose script never yields</h1><script>for (;;) {}</script>")),
}


WEB_FRONT = f"{BASE}/bench/0.html"
WEB_FANOUT = 100


def bench_pages(n: int) -> list[str]:
    return [f"{BASE}/bench/{i}.html" for i in range(n)]


def bench_number(url: str) -> int | None:
    """``i`` of a bench page's URL ``…/bench/<i>.html``; None for any other URL."""
    stem = url.removeprefix(f"{BASE}/bench/").removesuffix(".html")
    return int(stem) if url.endswith(".html") and stem.isdigit() else None


def bench_gone(i: int) -> str | None:
    """The picture of bench page ``i`` that is unreachable while crawling (every fifth page)."""
    return f"{BASE}/bench/gone-{i}.png" if i % 5 == 0 else None


def web_hops(i: int, fanout: int = WEB_FANOUT) -> int:
    """Link hops from the web's front page to page ``i`` (its depth in the tree)."""
    hops = 0
    while i > 0:
        i, hops = (i - 1) // fanout, hops + 1
    return hops


def _children(i: int, web: tuple[int, int]) -> range:
    n, fanout = web
    return range(fanout * i + 1, min(fanout * i + fanout, n - 1) + 1)


def _bench(path: str, web: tuple[int, int] | None = None) -> tuple[str, bytes] | None:
    """The generated bench pages and their pictures (``/bench/<i>.html``, ``/bench/<i>.png``);
    ``web`` = (pages, fanout): the pages link as a tree and none from ``pages`` on exists."""
    if path == "/bench/style.css":
        return "text/css", b"body{background:#eef3f8;font:17px sans-serif;margin:28px}img{margin:6px}"
    if path == "/bench/app.js":
        return "application/javascript", (b"document.getElementById('made').textContent = "
                                           b"'Made at ' + location.pathname;")
    name = path.removeprefix("/bench/")
    stem, _, ext = name.partition(".")
    if not stem.isdigit():
        return None
    i = int(stem)
    if web is not None and i >= web[0]:
        return None
    if ext == "png":
        return "image/png", png(((i * 37) % 256, (i * 91) % 256, (i * 53) % 256), (200 + i % 5 * 20, 140))
    if ext != "html":
        return None
    words = " ".join(f"word{(i * 7 + k) % 300}" for k in range(120))
    gone = f"<img src='/bench/gone-{i}.png' alt=''>" if i % 5 == 0 else ""
    links = "".join(f"<a href='/bench/{c}.html'>page {c}</a> " for c in _children(i, web)) if web else ""
    return "text/html; charset=utf-8", _page(
        f"Bench page {i}", "<link rel='stylesheet' href='/bench/style.css'><script src='/bench/app.js' defer></script>",
        f"<h1>Bench page {i}</h1><p>{_TEXT}</p><p>{words}</p><img src='/bench/{i}.png' alt=''>{gone}"
        f"<div id='made'></div>{f'<nav>{links}</nav>' if links else ''}")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, fmt, *args):
        pass

    def do_GET(self) -> None:
        parts = urllib.parse.urlsplit(self.path)
        host = (parts.hostname or self.headers.get("Host", "").split(":")[0]).lower()
        path = parts.path or "/"
        self.server.log.append(f"{host}{path}")
        if host != QA_HOST:
            self._send(502, b"only " + QA_HOST.encode(), "text/plain")
            return
        if path in self.server.site.unreachable or path.startswith("/bench/gone-"):
            self.close_connection = True   # no answer at all: the crawler archives nothing
            return
        found = CONTENT.get(path) or _bench(path, self.server.site.web)
        if found is None:
            self._send(404, b"<html><body>no such page</body></html>", "text/html")
        else:
            self._send(200, found[1], found[0])

    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, site: QaSite):
        self.site = site
        self.log: list[str] = []
        super().__init__(("127.0.0.1", 0), _Handler)


class QaSite:
    """The QA web on 127.0.0.1 (a free port), as a proxy: ``with QaSite() as site: site.proxy_url``.
    With ``web_pages`` its bench pages are a linked web of that many (``fanout`` links a page)."""

    def __init__(self, unreachable: tuple[str, ...] = UNREACHABLE, web_pages: int = 0, fanout: int = WEB_FANOUT):
        self.unreachable = set(unreachable)
        self.web = (web_pages, fanout) if web_pages else None
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.server_address[1]

    @property
    def proxy_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def requests(self) -> list[str]:
        return list(self._server.log) if self._server else []

    def __enter__(self) -> QaSite:
        self._server = _Server(self)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def crawl(directory: str, job_id: int, site: QaSite, seeds: tuple[str, ...] = PAGES,
          rendered: tuple[str, ...] = RENDERED, *, max_hops: int = 0, browser: dict | None = None,
          timeout: float = 600) -> tuple[list[str], str, str]:
    """Harvest ``seeds`` from the running site with the project's crawler (its own process, as the
    harvester runs it), the ``rendered`` pages in its browser (crawl-time screenshot and text).
    ``max_hops``: links followed this far from the seeds (0: the seeds and their resources only);
    ``browser``: the profile's browser section instead (e.g. ``{"render": "hops", "max_hops": 1}``).
    Returns (its WARC files, its crawl.log, its pages.jsonl)."""
    import re

    job_dir = os.path.join(directory, f"crawl-{job_id}")
    os.makedirs(job_dir, exist_ok=True)
    if browser is None:
        browser = {"render": "none", "url_patterns": [re.escape(u) for u in rendered]}
    spec = {"job_id": str(job_id), "harvest_id": "1", "seeds": list(seeds),
            "profile": {"politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
                        "fetch": {"read_timeout_s": 10, "connect_timeout_s": 5, "max_retries": 0,
                                  "retry_delay_s": 0.05},
                        "robots": "ignore", "upstream_proxy": site.proxy_url, "scope": {"max_hops": max_hops},
                        "max_workers": 4,
                        "browser": {"tabs": 2, "page_timeout_s": 30, **browser}}}
    with open(os.path.join(job_dir, "crawl-job.json"), "w") as fh:
        json.dump(spec, fh)
    env = {k: v for k, v in os.environ.items() if k != "NAS_VIEWER_CONNECTION_LOG"}
    done = subprocess.run([sys.executable, "-m", "server.crawler", job_dir], env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    warcs = sorted(os.path.join(job_dir, n) for n in os.listdir(job_dir) if n.endswith(".warc.gz"))
    assert warcs, "the crawler wrote no WARC"
    with open(os.path.join(job_dir, "crawl.log")) as fh:
        crawl_log = fh.read()
    pages_path = os.path.join(job_dir, "pages.jsonl")
    pages = open(pages_path).read() if os.path.exists(pages_path) else ""
    return warcs, crawl_log, pages


def crawl_views(warcs: list[str]) -> dict[str, dict[str, bytes]]:
    """The crawl-time views the browser capture wrote: {page URL: {"view": PNG, "text": UTF-8}}."""
    from warcio.archiveiterator import ArchiveIterator

    views: dict[str, dict[str, bytes]] = {}
    for path in warcs:
        with open(path, "rb") as fh:
            for rec in ArchiveIterator(fh):
                uri = rec.rec_headers.get_header("WARC-Target-URI") or ""
                if rec.rec_type == "resource" and uri.startswith(("urn:view:", "urn:text:")):
                    kind, url = uri[4:].split(":", 1)
                    views.setdefault(url, {})[kind] = rec.content_stream().read()
    return views
