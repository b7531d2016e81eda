"""A raw HTTP server for crawler tests: each path is answered by a function that writes whatever
bytes it likes on the socket (bare LF, junk after a body, broken chunks, resets, drips), so that
tests can check the crawler reads the web as browsers and wget do.

A handler gets the socket and the request's path and returns True to keep the connection for
another request. Threads serve connections; everything listens on 127.0.0.1.
"""
from __future__ import annotations

import socket
import socketserver
import struct
import threading
from collections.abc import Callable

Handler = Callable[[socket.socket, str], bool]


class Request:
    """The request a handler answers (``RawWeb.last``: for handlers that look at headers or a body)."""

    def __init__(self, head: bytes, body: bytes):
        lines = head.decode("latin-1").split("\r\n")
        self.method, self.path = lines[0].split()[:2]
        self.headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        self.body = body


def read_request(sock: socket.socket, buffer: bytearray) -> Request | None:
    """The next request on ``sock`` (None when the client closed)."""
    while b"\r\n\r\n" not in buffer:
        data = sock.recv(65536)
        if not data:
            return None
        buffer += data
    head, _, rest = bytes(buffer).partition(b"\r\n\r\n")
    request = Request(head, b"")
    length = int(request.headers.get("content-length", "0") or 0)
    while len(rest) < length:
        data = sock.recv(65536)
        if not data:
            return None
        rest += data
    request.body, buffer[:] = rest[:length], rest[length:]
    return request


def reset(sock: socket.socket) -> None:
    """Close with a TCP reset (SO_LINGER 0), as a crashing server does."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def response(body: bytes, *, content_type: str = "text/html", extra: str = "") -> bytes:
    return (f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n{extra}\r\n"
            .encode() + body)


class RawWeb:
    """``with RawWeb({"/": handler, ...}) as web: web.url("/")``; unknown paths get a 404."""

    def __init__(self, handlers: dict[str, Handler]):
        self.handlers = handlers
        self.requests: list[str] = []
        self.local = threading.local()  # .request: the request the current handler thread answers
        owner = self

        class _Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                buffer = bytearray()
                sock = self.request
                try:
                    while True:
                        request = read_request(sock, buffer)
                        if request is None:
                            return
                        path = request.path
                        owner.requests.append(path)
                        owner.local.request = request
                        handler = owner.handlers.get(path.split("?", 1)[0])
                        if handler is None:
                            sock.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                            continue
                        if not handler(sock, path):
                            return
                except OSError:
                    return  # the crawler hung up: normal for the hostile cases

        class _Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self._server = _Server(("127.0.0.1", 0), _Handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def last(self) -> Request:
        """The request being answered (call from a handler)."""
        return self.local.request

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def __enter__(self) -> RawWeb:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()
