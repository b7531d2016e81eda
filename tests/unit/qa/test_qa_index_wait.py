"""A page replayed while the viewerproxy still builds the index of the session's jobs (a QA run
right after its harvest): the renderer asks again after the proxy's Retry-After instead of scoring
the proxy's "index is being built" answer as the page.

Real Chromium; the viewerproxy (outside the unit under test) is a stand-in on loopback that answers
as proxy.py does: 503, ``Retry-After``, ``X-Archive-Index: building``, then the page.
"""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from server.qa.render import LOADED, ReplayRenderer, ReplayTarget
from server.viewerproxy.ca import CertificateAuthority

pytestmark = pytest.mark.slow

PAGE = "http://www.index-wait.dk/"
ARCHIVED_503 = "http://www.index-wait.dk/busy"   # an archived 503 (no marker): that is the page


class _StandIn(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        server = self.server
        with server.lock:
            server.asked.append(self.path)
            building = self.path == PAGE and server.asked.count(PAGE) <= server.building_answers
        if building:
            self._send(503, b"<title>The index is being built</title>",
                       [("Retry-After", "1"), ("X-Archive-Index", "building")])
        elif self.path == PAGE:
            self._send(200, b"<title>Front</title><p>The archived front page.</p>", [])
        elif self.path == ARCHIVED_503:
            self._send(503, b"<title>Busy</title><p>The site was busy that day.</p>", [("Retry-After", "1")])
        else:
            self._send(404, b"", [("X-Archive-Missing", "1")])

    def _send(self, status: int, body: bytes, headers: list[tuple[str, str]]) -> None:
        self.send_response(status)
        for name, value in [("Content-Type", "text/html"), ("Content-Length", str(len(body))), *headers]:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def stand_in(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _StandIn)
    server.lock, server.asked, server.building_answers = threading.Lock(), [], 2
    threading.Thread(target=server.serve_forever, daemon=True).start()
    ca = CertificateAuthority(str(tmp_path / "ca"))
    target = ReplayTarget("127.0.0.1", server.server_address[1], "s1", "t1", ca.certificate_pem.decode("ascii"))
    try:
        yield server, target
    finally:
        server.shutdown()
        server.server_close()


def test_the_page_is_asked_for_again_until_the_index_is_built(stand_in):
    server, target = stand_in
    with ReplayRenderer(target, tabs=1, page_seconds=10) as renderer:
        page = renderer.render(PAGE)
        busy = renderer.render(ARCHIVED_503)
    assert server.asked.count(PAGE) == 3                       # two "being built", then the page
    assert page.status == 200 and page.load_state == LOADED and page.title == "Front"
    assert not page.index_building and page.tries == 1         # waiting is no failed try
    # an archived 503 is what the site answered: replayed once, kept as the page
    assert server.asked.count(ARCHIVED_503) == 1
    assert busy.status == 503 and busy.title == "Busy" and not busy.index_building


def test_after_the_wait_the_answer_is_marked_not_the_page(stand_in):
    server, target = stand_in
    server.building_answers = 1000
    with ReplayRenderer(target, tabs=1, page_seconds=10, index_wait=1.5) as renderer:
        page = renderer.render(PAGE)
    assert page.index_building and page.status == 503
    assert 2 <= server.asked.count(PAGE) <= 3                  # Retry-After 1 s within 1.5 s
