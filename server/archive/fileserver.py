"""A small HTTP file server: how RemoteFile moves large files (never inside AMQP messages).

Routes map the first path segment to a resolver that returns what to send (a file, a start
offset and a length) or None for 404. GET streams in 1 MiB chunks (bounded memory whatever the
size) and honours ``Range: bytes=a-[b]``; HEAD answers with the length only. Under eventlet the
server's threads are green threads, outside it real threads: both work.

With a ``key`` (the installation key, :mod:`server.runtime.tokens`) every route except
``offer`` (whose URLs are single unguessable capabilities already) answers only a request that
carries ``?token=``, a signed token for that route, that name and that query that has not
expired (``archive.http.token_ttl``): no token, another file's token, an expired or forged one,
or a query other than the one signed (a record's ``offset`` and ``length``: #29, a record token
read every record of its file, and any span of it with a ``length`` of one's own) gets 403 and
nothing else. :meth:`FileServer.url` and :class:`UrlSigner` make such URLs. The server binds
to the address its deployment gives it (``archive.http.address``, default loopback).
"""
from __future__ import annotations

import dataclasses
import json
import logging
import os
import secrets
import selectors
import socket
import socketserver
import threading
import urllib.parse
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from shared.errors import ChecksumMismatch, InvalidWarc

log = logging.getLogger(__name__)

CHUNK = 1 << 20


@dataclasses.dataclass
class Served:
    path: str
    start: int = 0
    length: int | None = None       # None: to the end of the file
    content_type: str = "application/octet-stream"


# A resolver returns a file part to stream, small computed bytes to send, or None (404).
Resolver = Callable[[str, dict[str, str]], Served | bytes | None]

FILE_TOKEN = "file"          # the purpose of the tokens this server accepts
OPEN_ROUTES = frozenset({"offer"})


class UrlSigner:
    """Makes URLs a keyed :class:`FileServer` answers: ``signer.url(base, "files", name)``."""

    def __init__(self, key: bytes | None, ttl: float = 900.0):
        self.key, self.ttl = key, ttl

    def token(self, route: str, name: str, query: dict[str, str | int] | None = None) -> str:
        """A token for ``route``/``name`` and exactly ``query`` (none: a request without one)."""
        from server.runtime.tokens import issue

        assert self.key is not None
        claims: dict = {"route": route, "name": name}
        if query:
            claims["q"] = signed_query(query)
        return issue(self.key, FILE_TOKEN, claims, self.ttl)

    def url(self, base: str, route: str, name: str, **query: str | int) -> str:
        if self.key is not None and route not in OPEN_ROUTES:
            query = {**query, "token": self.token(route, name, query)}
        u = f"{base}/{route}/{urllib.parse.quote(name)}"
        return u + ("?" + urllib.parse.urlencode(query) if query else "")


UNSIGNED = UrlSigner(None)


def signed_query(query: dict[str, str | int]) -> dict[str, str]:
    """A query as a token binds it: every value as the text the URL carries."""
    return {str(k): str(v) for k, v in query.items()}


def _native_sockets() -> bool:
    """Whether sockets are the operating system's (``sendfile`` works on them); under eventlet's
    patching they are green, non-blocking ones, and the body is sent chunk by chunk instead."""
    import sys

    if "eventlet" not in sys.modules:
        return True
    from eventlet import patcher

    return not patcher.is_monkey_patched("socket")


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        super().setup()
        # headers and body are separate writes: without this, Nagle's algorithm holds the body
        # back until the reader's delayed ACK of the headers (~40 ms per record for the viewerproxy)
        if self.connection.family in (socket.AF_INET, socket.AF_INET6):
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, fmt, *args):  # quiet: one line per chunked transfer is noise
        log.debug("%s " + fmt, self.address_string(), *args)

    def do_HEAD(self):
        self._answer(body=False)

    def do_GET(self):
        self._answer(body=True)

    def _answer(self, body: bool) -> None:
        parsed = urllib.parse.urlsplit(self.path)
        parts = parsed.path.lstrip("/").split("/", 1)
        route = self.server.routes.get(parts[0])
        query = dict(urllib.parse.parse_qsl(parsed.query))
        name = urllib.parse.unquote(parts[1]) if len(parts) > 1 else ""
        if route is not None and self.server.key is not None and parts[0] not in OPEN_ROUTES:
            refused = self._refused(parts[0], name, query.pop("token", None), query)
            if refused:
                self._error(403, refused)
                return
        served = None
        try:
            if route is not None:
                served = route(name, query)
        except (ChecksumMismatch, InvalidWarc) as exc:
            # the stored copy is damaged, or its bytes at that offset are no record (damage, or
            # an offset that is wrong in every replica): said as the typed error (JSON), so that
            # the reader can tell them from a refused request and ask another replica
            log.info("file server: /%s/%s: %s", parts[0], name, exc)
            self._error(422, json.dumps(exc.to_dict()), "application/json")
            return
        except Exception as exc:  # noqa: BLE001 - a bad request must not kill the server
            log.info("file server: /%s/%s: %s", parts[0], name, exc)   # never the query: it holds the token
            self._error(400, str(exc))
            return
        if isinstance(served, bytes):
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(served)))
            self.end_headers()
            if body:
                self.wfile.write(served)
            return
        if served is None or not os.path.isfile(served.path):
            self._error(404, "not found")
            return
        total = os.path.getsize(served.path)
        start = served.start
        end = total if served.length is None else min(total, start + served.length)
        status = 200
        rng = self.headers.get("Range", "")
        if rng.startswith("bytes="):
            a, _, b = rng[6:].partition("-")
            rel_start = int(a or 0)
            rel_end = int(b) + 1 if b else end - start
            status = 206
            start, end = start + rel_start, min(end, start + rel_end)
        length = max(0, end - start)
        self.send_response(status)
        self.send_header("Content-Type", served.content_type)
        self.send_header("Content-Length", str(length))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        if not body:
            return
        with open(served.path, "rb") as fh:
            if _native_sockets():
                # The kernel copies from the page cache to the socket (no copy through Python).
                self.wfile.flush()
                self.server.bytes_sent += self.connection.sendfile(fh, start, length)
                return
            fh.seek(start)
            left = length
            while left > 0:
                data = fh.read(min(CHUNK, left))
                if not data:
                    break
                self.wfile.write(data)
                left -= len(data)
                self.server.bytes_sent += len(data)

    def _refused(self, route: str, name: str, token: str | None, query: dict[str, str]) -> str | None:
        """Why a request without a valid token for ``route``/``name`` and exactly ``query`` (the
        request's other parameters) is refused, or None."""
        from server.runtime.tokens import verify
        from shared.errors import TokenRejected

        if not token:
            return "a token is required"
        try:
            verify(self.server.key, token, FILE_TOKEN,
                   {"route": route, "name": name, "q": signed_query(query) if query else None})
        except TokenRejected as exc:
            log.info("file server: refused %s/%s: %s", route, name[:100], exc.message)
            return f"token refused: {exc.details.get('reason')}"
        return None

    def _error(self, code: int, message: str, content_type: str = "text/plain; charset=utf-8") -> None:
        data = message.encode()
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # socketserver's default backlog is 5: a reader opening 16 connections at once (the
    # viewerproxy's threads) while the server is busy overflowed it, and each dropped SYN cost
    # its client a 1 s retransmission (the replay bench's p99 at 16 clients, issue 36)
    request_queue_size = 128
    routes: dict[str, Resolver]
    bytes_sent: int = 0
    key: bytes | None = None
    _wake_r = _wake_w = -1                        # the pipe that wakes serve_until_stopped (activated server)

    def server_activate(self) -> None:
        super().server_activate()
        self._stopping = False
        self._wake_r, self._wake_w = os.pipe()    # written to by stop_serving: select returns at once
        self._stopped = threading.Event()

    def serve_until_stopped(self) -> None:
        """``serve_forever`` that :meth:`stop_serving` ends at once: socketserver's own loop
        looks for its shutdown request only every poll interval, which added up to that
        interval (0.2 s) to the end of every ``nas upload`` (docs/decisions/archive-store-speed.md)."""
        try:
            with socketserver._ServerSelector() as selector:   # the selector serve_forever uses
                selector.register(self, selectors.EVENT_READ)
                selector.register(self._wake_r, selectors.EVENT_READ)
                while not self._stopping:
                    ready = selector.select()
                    if not self._stopping and any(key.fileobj is self for key, _ in ready):
                        self._handle_request_noblock()
        finally:
            self._stopped.set()

    def stop_serving(self) -> None:
        """End :meth:`serve_until_stopped` and wait for it (requests being answered go on in
        their own threads, as after ``shutdown``)."""
        self._stopping = True
        os.write(self._wake_w, b"x")
        self._stopped.wait()

    def server_close(self) -> None:
        super().server_close()      # also where binding failed: then there is no pipe
        for fd in (self._wake_r, self._wake_w):
            if fd >= 0:
                os.close(fd)
        self._wake_r = self._wake_w = -1


class FileServer:
    """``FileServer("127.0.0.1:0").start()``; ``route("files", resolver)``; ``offer(path)``.
    With ``key``, requests need a token (see the module docstring; ``url`` adds one)."""

    def __init__(self, address: str = "127.0.0.1:0", public_host: str = "", key: bytes | None = None,
                 token_ttl: float = 900.0):
        host, _, port = address.rpartition(":")
        self.bind = (host or "0.0.0.0", int(port or 0))
        self.public_host = public_host
        self.signer = UrlSigner(key, token_ttl)
        self.routes: dict[str, Resolver] = {}
        self._offers: dict[str, str] = {}
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.route("offer", self._resolve_offer)

    def route(self, prefix: str, resolver: Resolver) -> None:
        self.routes[prefix] = resolver
        if self._server is not None:
            self._server.routes = self.routes

    def start(self) -> FileServer:
        self._server = _Server(self.bind, _Handler)
        self._server.routes = self.routes
        self._server.key = self.signer.key
        self._thread = threading.Thread(target=self._server.serve_until_stopped, name="nas-file-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop_serving()
            self._server.server_close()
            self._server = None

    @property
    def bytes_sent(self) -> int:
        return self._server.bytes_sent if self._server else 0

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start() the file server first"
        host, port = self._server.server_address[:2]
        public = self.public_host or host
        if public in ("0.0.0.0", "", "::"):
            public = socket.gethostname()
        return f"http://{public}:{port}"

    def url(self, prefix: str, rest: str, **query: str | int) -> str:
        """A URL this server answers (signed for ``prefix``/``rest`` when it has a key)."""
        return self.signer.url(self.base_url, prefix, rest, **query)

    def offer(self, path: str) -> str:
        """Serve one local file under an unguessable URL until :meth:`withdraw`."""
        token = secrets.token_urlsafe(16)
        self._offers[token] = os.path.abspath(path)
        return self.url("offer", f"{token}/{os.path.basename(path)}")

    def withdraw(self, url: str) -> None:
        token = urllib.parse.urlsplit(url).path.split("/")[2]
        self._offers.pop(token, None)

    def _resolve_offer(self, rest: str, query: dict[str, str]) -> Served | None:
        path = self._offers.get(rest.split("/", 1)[0])
        return Served(path) if path else None
