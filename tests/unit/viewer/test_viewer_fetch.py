"""The proxy's kept connections to the file servers (server/viewerproxy/fetch.py): a connection is
used again only after its answer was read whole, one the file server closed while kept is
replaced, and a half-read answer's connection is closed, never shared."""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from server.viewerproxy.fetch import FileServerConnections


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.peers: list[int] = []          # the client port of each request
        self.close_after = False            # answer "Connection: close" and close
        self.drop_after = False             # close after the answer without saying so
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.server.peers.append(self.client_address[1])
        # the flags are read before the answer goes out: once the client has the body, the test
        # may change them for its next request (read after the write, that was a race)
        close_after, drop_after = self.server.close_after, self.server.drop_after
        body = (self.path.encode() + b" ") * 5000
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        if close_after:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)
        if drop_after:
            self.close_connection = True


@pytest.fixture
def server():
    s = _Server()
    yield s
    s.shutdown()
    s.server_close()


def test_a_connection_is_kept_after_a_whole_answer_and_used_again(server):
    pool = FileServerConnections(4)
    try:
        for path in ("/a", "/b?x=1", "/c"):
            resp = pool.get(server.url + path, 5)
            assert resp.status_code == 200
            assert resp.raw.read() == (path.encode() + b" ") * 5000
            resp.close()
        assert len(set(server.peers)) == 1      # one TCP connection for the three
    finally:
        pool.close()


def test_a_half_read_answer_closes_its_connection(server):
    pool = FileServerConnections(4)
    try:
        resp = pool.get(server.url + "/a", 5)
        assert resp.raw.read(10) == b"/a /a /a /"
        resp.close()
        resp = pool.get(server.url + "/b", 5)
        assert resp.raw.read() == b"/b " * 5000
        resp.close()
        assert len(set(server.peers)) == 2      # the half-read one was not used again
    finally:
        pool.close()


def test_a_kept_connection_the_server_closed_is_replaced(server):
    pool = FileServerConnections(4)
    try:
        server.drop_after = True                # as a file server that ends an idle connection
        resp = pool.get(server.url + "/a", 5)
        resp.raw.read()
        resp.close()
        server.drop_after = False
        resp = pool.get(server.url + "/b", 5)
        assert resp.raw.read() == b"/b " * 5000
        resp.close()
        server.close_after = True               # an answer that ends its connection is not kept
        resp = pool.get(server.url + "/c", 5)
        resp.raw.read()
        resp.close()
        assert len(set(server.peers)) == 2
        assert pool._idle[("127.0.0.1", server.server_address[1])] == []
    finally:
        pool.close()


def test_only_plain_http_urls():
    with pytest.raises(ValueError):
        FileServerConnections().get("https://127.0.0.1:9/record/f", 5)
