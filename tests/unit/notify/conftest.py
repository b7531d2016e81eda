import os
import subprocess

import pytest
from smtp_server import SmtpServer
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade


@pytest.fixture
def notify_db(database_url):
    engine = make_engine(database_url)
    upgrade(engine, "notify", "server.notify.migrations")
    session = Session(engine, expire_on_commit=False)
    yield session
    session.close()
    engine.dispose()


@pytest.fixture(scope="session")
def tls_cert(tmp_path_factory):
    """A self-signed certificate for 127.0.0.1 and localhost; the client trusts it as its CA."""
    d = tmp_path_factory.mktemp("tls")
    cert, key = str(d / "cert.pem"), str(d / "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.fixture
def smtp(tmp_path, tls_cert):
    servers = []

    def make(security="none", login=None):
        s = SmtpServer(os.path.join(tmp_path, f"smtp{len(servers)}"), security=security, login=login,
                       cert=tls_cert[0], key=tls_cert[1])
        servers.append(s)
        s.start()
        return s

    yield make
    for s in servers:
        s.stop()
