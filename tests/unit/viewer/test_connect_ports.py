"""The viewerproxy's CONNECT takes only real ports (#29: CONNECT to port 99999 was
"established"), with the real proxy server, CA and session store."""
from __future__ import annotations

import base64
import socket
import threading

import pytest
from sqlalchemy.orm import sessionmaker

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.viewerproxy import sessions
from server.viewerproxy.ca import CertificateAuthority
from server.viewerproxy.proxy import ViewerProxyServer


@pytest.fixture
def proxy(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'viewer.db'}")
    upgrade(engine, "viewer", "server.viewerproxy.migrations")
    db = sessionmaker(engine, expire_on_commit=False)
    with db() as s:
        session = sessions.create(s, [1], user="qa")
        s.commit()
    # the archive is never asked for a CONNECT: no backend
    server = ViewerProxyServer(("127.0.0.1", 0), CertificateAuthority(str(tmp_path / "ca")), None, db, [])
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    auth = base64.b64encode(f"{session.session_id}:{session.token}".encode()).decode()
    yield server.server_address, auth
    server.shutdown()
    server.server_close()
    engine.dispose()


def _connect(address, auth: str, target: str) -> bytes:
    with socket.create_connection(address, timeout=30) as s:
        s.sendall(f"CONNECT {target} HTTP/1.1\r\nHost: {target}\r\nProxy-Authorization: Basic {auth}\r\n\r\n"
                  .encode())
        return s.recv(200)


@pytest.mark.parametrize("target", ["www.kb.dk:99999", "www.kb.dk:0", "www.kb.dk:-1", "www.kb.dk:+443",
                                    "www.kb.dk:\u0664\u0664\u0663", "www.kb.dk:", "www.kb.dk"])
def test_a_connect_to_a_port_that_cannot_exist_is_refused(proxy, target):
    address, auth = proxy
    answer = _connect(address, auth, target)
    assert answer.startswith(b"HTTP/1.1 400"), answer


def test_a_connect_to_a_real_port_is_established(proxy):
    address, auth = proxy
    assert _connect(address, auth, "www.kb.dk:443").startswith(b"HTTP/1.1 200")
    assert _connect(address, auth, "www.kb.dk:65535").startswith(b"HTTP/1.1 200")
