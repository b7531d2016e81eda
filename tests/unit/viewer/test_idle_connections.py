"""Slow or idle clients cannot starve the viewerproxy (#29 item 5: 70 idle, half-sent connections
without proxy credentials delayed a real request past 5 s). The real proxy server, CA and
session store; requests to the reserved host need no archive."""
from __future__ import annotations

import base64
import json
import socket
import threading
import time

import pytest
from sqlalchemy.orm import sessionmaker

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.viewerproxy import sessions
from server.viewerproxy.ca import CertificateAuthority
from server.viewerproxy.proxy import ViewerProxyServer

HALF_SENT = b"GET http://www.example-test.dk/ HTTP/1.1\r\nHost: www.example-test.dk\r\nUser-Agent: slow"


@pytest.fixture
def start(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'viewer.db'}")
    upgrade(engine, "viewer", "server.viewerproxy.migrations")
    db = sessionmaker(engine, expire_on_commit=False)
    with db() as s:
        session = sessions.create(s, [1], user="qa")
        s.commit()
    auth = base64.b64encode(f"{session.session_id}:{session.token}".encode()).decode()
    servers = []

    def make(**kw):
        server = ViewerProxyServer(("127.0.0.1", 0), CertificateAuthority(str(tmp_path / "ca")), None, db, [], **kw)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append(server)
        return server.server_address, auth, server

    yield make
    for server in servers:
        server.shutdown()
        server.server_close()
    engine.dispose()


def _status(address, auth: str) -> dict:
    """A real request through the proxy: the session's status on the reserved host."""
    with socket.create_connection(address, timeout=30) as s:
        s.sendall(b"GET http://viewerproxy.invalid/getStatus HTTP/1.1\r\nHost: viewerproxy.invalid\r\n"
                  b"Proxy-Authorization: Basic " + auth.encode() + b"\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    return json.loads(body)


def _half_sent(address, n: int) -> list[socket.socket]:
    out = []
    for _ in range(n):
        s = socket.create_connection(address, timeout=30)
        s.sendall(HALF_SENT)
        out.append(s)
    return out


def _closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(100) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_seventy_idle_half_sent_connections_do_not_delay_a_real_request(start):
    address, auth, server = start(threads=64)
    idle = _half_sent(address, 70)
    try:
        started = time.monotonic()
        assert _status(address, auth)["job_ids"] == [1]
        assert time.monotonic() - started < 5.0
        # and many real requests at once, as a browser makes them
        done: list[float] = []

        def one() -> None:
            t = time.monotonic()
            _status(address, auth)
            done.append(time.monotonic() - t)

        workers = [threading.Thread(target=one) for _ in range(12)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(30)
        assert len(done) == 12 and max(done) < 5.0, done
    finally:
        for s in idle:
            s.close()


def test_a_request_not_whole_within_the_header_timeout_is_closed(start):
    address, auth, server = start(header_timeout=1.0)
    [slow] = _half_sent(address, 1)
    with slow:
        assert _closed_by_server(slow, 10)
    wait_until_no_one_waits(server)
    # an idle keep-alive connection after an answer goes the same way
    with socket.create_connection(address, timeout=30) as s:
        s.sendall(b"GET http://viewerproxy.invalid/getStatus HTTP/1.1\r\nHost: viewerproxy.invalid\r\n"
                  b"Proxy-Authorization: Basic " + auth.encode() + b"\r\n\r\n")
        assert s.recv(12) == b"HTTP/1.1 200"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                s.settimeout(deadline - time.monotonic())
                if s.recv(65536) == b"":
                    break
            except TimeoutError:
                pytest.fail("an idle keep-alive connection stayed open past the header timeout")


def test_one_address_keeps_at_most_its_limit_of_waiting_connections_and_the_newest_stay(start):
    address, auth, server = start(waiting_per_client=8)
    idle: list[socket.socket] = []
    try:
        # one at a time (threads register in any order): up to eight wait; then each new one
        # closes the oldest
        for i in range(20):
            idle += _half_sent(address, 1)
            if i < 8:
                wait_until(lambda n=i + 1: len(server.waiting) == n)
            else:
                assert _closed_by_server(idle[i - 8], 10), i
        assert not any(_closed_by_server(s, 0.5) for s in idle[12:])
        assert len(server.waiting) == 8
        # a browser's usual six parallel connections are all answered meanwhile
        results = []
        workers = [threading.Thread(target=lambda: results.append(_status(address, auth))) for _ in range(6)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(30)
        assert len(results) == 6
    finally:
        for s in idle:
            s.close()


def wait_until(condition, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.01)


def wait_until_no_one_waits(server) -> None:
    wait_until(lambda: len(server.waiting) == 0)
