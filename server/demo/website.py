"""A small website for the demo to harvest, served from this host.

The demo may not reach the real web, so this server plays a library's site under made-up host
names: used as the crawler's upstream HTTP proxy it answers for any host, serving a few linked
HTML pages with a stylesheet and an image, the way a real site would. Only on 127.0.0.1.
"""
from __future__ import annotations

import html
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

PAGES = {
    "/": ("Welcome to the demo library", ["/collections/", "/about.html", "/news/2026.html"]),
    "/collections/": ("Collections", ["/collections/maps.html", "/collections/manuscripts.html", "/"]),
    "/collections/maps.html": ("Historic maps", ["/collections/", "/"]),
    "/collections/manuscripts.html": ("Manuscripts", ["/collections/", "/"]),
    "/about.html": ("About the library", ["/", "/news/2026.html"]),
    "/news/2026.html": ("News 2026", ["/", "/about.html"]),
}
CSS = b"body{font-family:sans-serif;margin:2em;background:url(/img/bg.png)}h1{color:#123}"


def _png(width: int = 8, height: int = 8) -> bytes:
    """A tiny valid PNG, so the crawl has a real image to archive."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
    raw = b"".join(b"\x00" + bytes([200, 220, 255]) * width for _ in range(height))
    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + b"\x08\x02\x00\x00\x00"
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


PNG = _png()


def page(host: str, path: str) -> bytes | None:
    if path not in PAGES:
        return None
    title, links = PAGES[path]
    items = "".join(f'<li><a href="{href}">{html.escape(PAGES[href][0])}</a></li>' for href in links)
    return (f'<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(title)} – {host}</title>'
            f'<link rel="stylesheet" href="/style.css"></head><body><h1>{html.escape(title)}</h1>'
            f'<p>Served by the NetarchiveSuite demo as <b>{html.escape(host)}</b>.</p>'
            f'<img src="/img/logo.png" alt="logo"><ul>{items}</ul></body></html>').encode()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "DemoLibrary/1.0"

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        parts = urlsplit(self.path)
        host = (parts.hostname or self.headers.get("Host", "localhost")).split(":")[0]
        path = parts.path or "/"
        if path == "/robots.txt":
            self._send(200, "text/plain", b"User-agent: *\nDisallow: /private/\n")
        elif path == "/style.css":
            self._send(200, "text/css", CSS)
        elif path.startswith("/img/") and path.endswith(".png"):
            self._send(200, "image/png", PNG)
        elif (body := page(host, path)) is not None:
            self._send(200, "text/html; charset=utf-8", body)
        else:
            self._send(404, "text/html", b"<html><body><h1>Not found</h1></body></html>")

    def _send(self, status: int, ctype: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args) -> None:  # the demo's output stays readable
        pass


class DemoWebsite:
    """``with DemoWebsite() as site: site.proxy_url`` — serves until the block ends."""

    def __init__(self, port: int = 0):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="demo-website", daemon=True)

    @property
    def proxy_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> DemoWebsite:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def main(argv: list[str] | None = None) -> int:
    """``python -m server.demo.website PORT``: serve until SIGTERM (``nas demo --keep-website``
    runs it in the background so that later harvests of the demo domain still reach it)."""
    import signal
    import sys

    port = int((argv if argv is not None else sys.argv[1:])[0])
    site = DemoWebsite(port)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=site.httpd.shutdown).start())
    site.httpd.serve_forever()
    site.httpd.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
