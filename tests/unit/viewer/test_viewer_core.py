"""The viewer's plain cores: the CA (key mode, exact host names, a chain Python's TLS accepts),
sessions and missing URLs on SQLite and PostgreSQL (migrated by the viewer's own chain), and the
capture order and revisit resolution rules."""
from __future__ import annotations

import ipaddress
import os
import socket
import ssl
import stat
import threading
from types import SimpleNamespace

import pytest
from cryptography import x509
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.viewerproxy import sessions
from server.viewerproxy.ca import CertificateAuthority
from server.viewerproxy.resolve import accept_datetime, http_date, ordered, originals
from shared.errors import InvalidInput, ViewerSessionNotFound, ViewerSessionStopped


def test_the_ca_key_is_private_and_leaves_name_exactly_their_host(tmp_path):
    ca = CertificateAuthority(str(tmp_path / "ca"))
    assert stat.S_IMODE(os.stat(ca.key_path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(ca.leaf_key_path).st_mode) == 0o600
    assert b"PRIVATE KEY" not in ca.certificate_pem
    leaf = x509.load_pem_x509_certificate(open(ca.leaf_path("WWW.Example.dk"), "rb").read())
    names = leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert names.get_values_for_type(x509.DNSName) == ["www.example.dk"]
    ip = x509.load_pem_x509_certificate(open(ca.leaf_path("10.1.2.3"), "rb").read())
    assert ip.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(
        x509.IPAddress) == [ipaddress.ip_address("10.1.2.3")]
    first = open(ca.leaf_path("www.example.dk"), "rb").read()
    again = CertificateAuthority(str(tmp_path / "ca"))          # same CA, cached leaf
    assert again.sha256 == ca.sha256 and open(again.leaf_path("www.example.dk"), "rb").read() == first
    for bad in ("", "a b", "../x", "a..b"):
        with pytest.raises(InvalidInput):
            ca.leaf_path(bad)


def test_a_tls_client_trusting_only_the_ca_accepts_the_leaf(tmp_path):
    ca = CertificateAuthority(str(tmp_path / "ca"))
    server_ctx = ca.server_context("www.kb-test.dk")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)

    def serve():
        conn, _ = listener.accept()
        with server_ctx.wrap_socket(conn, server_side=True) as tls:
            tls.sendall(b"hello")

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    client = ssl.create_default_context(cafile=ca.cert_path)
    with socket.create_connection(listener.getsockname()) as raw:
        with client.wrap_socket(raw, server_hostname="www.kb-test.dk") as tls:
            assert tls.recv(5) == b"hello"
    t.join(10)
    listener.close()


@pytest.fixture
def db(database_url):
    engine = make_engine(database_url)
    upgrade(engine, "viewer", "server.viewerproxy.migrations")
    with Session(engine, expire_on_commit=False) as s:
        yield s
    engine.dispose()


def test_sessions_authenticate_change_and_stop(db):
    s = sessions.create(db, [3, 1, 3], "2024", user="qa")
    assert s.job_ids == [1, 3] and s.timestamp == "20240101000000" and s.token
    assert sessions.authenticate(db, s.session_id, s.token).id == s.session_id
    assert sessions.authenticate(db, s.session_id, "wrong") is None
    assert sessions.describe(db, s.session_id).token == ""
    assert sessions.change(db, s.session_id, [2], "").job_ids == [2]
    sessions.stop(db, s.session_id)
    assert sessions.authenticate(db, s.session_id, s.token) is None
    with pytest.raises(ViewerSessionStopped):
        sessions.set_recording(db, s.session_id, True)
    with pytest.raises(ViewerSessionNotFound):
        sessions.describe(db, "nope")
    for jobs, ts in (([], None), ([0], None), (["x"], None), ([1], "2024-01"), ([1], "20241")):
        with pytest.raises(InvalidInput):
            sessions.create(db, jobs, ts)


def test_missing_urls_are_counted_once_per_url_and_per_session(db):
    a = sessions.create(db, [1], recording=True)
    b = sessions.create(db, [1], recording=True)
    for _ in range(3):
        sessions.record_missing(db, a.session_id, "http://x.dk/a.png", "image", "http://x.dk/")
    sessions.record_missing(db, a.session_id, "http://x.dk/b.js", "bogus", "")
    page = sessions.missing(db, a.session_id)
    assert [(m.url, m.kind, m.count, m.referrer) for m in page.items] == [
        ("http://x.dk/a.png", "image", 3, "http://x.dk/"), ("http://x.dk/b.js", "other", 1, "")]
    assert sessions.missing(db, b.session_id).total == 0
    assert sessions.missing_urls(db, a.session_id, ["http://x.dk/b.js", "http://y/"]) == ["http://x.dk/b.js"]
    assert sessions.clear_missing(db, a.session_id) == 2


def cap(ts, status="200", digest="sha1:A", filename="f.warc.gz", offset=0, mime="text/html", url="http://a/",
        rev=None):
    return SimpleNamespace(url=url, timestamp=ts, status=status, mime=mime, digest=digest, filename=filename,
                           offset=offset, revisit_of_filename=rev[0] if rev else None,
                           revisit_of_offset=rev[1] if rev else None, revisit_of_timestamp=None)


def test_the_closest_capture_comes_first_and_unreplayable_ones_never():
    caps = [cap("20200101000000"), cap("20220101000000"), cap("20240101000000"), cap("20230101000000", status="-1"),
            cap("20210101000000", offset=None)]
    assert [c.timestamp for c in ordered(caps, "")] == ["20240101000000", "20220101000000", "20200101000000"]
    assert [c.timestamp for c in ordered(caps, "20211201000000")][0] == "20220101000000"
    assert accept_datetime("Thu, 01 Feb 2024 10:00:00 GMT") == "20240201100000"
    assert accept_datetime("yesterday") is None
    assert http_date("20240601100000") == "Sat, 01 Jun 2024 10:00:00 GMT"


def test_the_scheme_asked_for_wins_unless_the_other_is_much_closer():
    """A style sheet archived over http as a seed and over https as an embed a few seconds later:
    each request gets its own scheme's capture, whichever came last; a year apart, time wins."""
    http, https = cap("20240101000000", url="http://a/s.css"), cap("20240101000007", url="https://a/s.css")
    assert ordered([http, https], "", "http://a/s.css")[0] is http
    assert ordered([https, http], "", "https://a/s.css")[0] is https
    assert ordered([https, http], "20240101000007", "http://a/s.css")[0] is http
    old = cap("20230101000000", url="http://a/s.css")
    assert ordered([old, https], "", "http://a/s.css")[0] is https
    assert ordered([http, https], "")[0] is https   # no URL given: the newest


def test_revisit_originals_in_the_issues_order():
    revisit = cap("20240601000000", mime="warc/revisit", digest="sha1:D", offset=900, rev=("anno.warc.gz", 7))
    same_url = [revisit, cap("20230101000000", digest="sha1:D", filename="same.warc.gz", offset=1),
                cap("20230101000000", digest="sha1:OTHER", filename="other.warc.gz", offset=2)]
    refers = [cap("20220101000000", digest="sha1:D", filename="ref.warc.gz", offset=3, url="http://b/"),
              cap("20210101000000", digest="sha1:D", filename="dig.warc.gz", offset=4, url="http://b/")]
    found = originals(revisit, same_url, "http://b/", "20220101000000", refers, "sha1:D")
    assert found == [("same-url-digest", "same.warc.gz", 1), ("refers-to", "ref.warc.gz", 3),
                     ("crawl-log", "anno.warc.gz", 7), ("digest", "dig.warc.gz", 4)]


def test_the_cdx_of_a_wget_warc_names_urls_without_angle_brackets(tmp_path):
    """wget writes ``WARC-Target-URI: <http://...>``; the CDX (and so the index) must not keep them."""
    import io

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    from shared.warc.cdx import target_uri, write_cdx

    path = tmp_path / "w.warc.gz"
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        rec = w.create_warc_record("<http://www.a.dk/x>", "response", payload=io.BytesIO(b"hi"), length=2,
                                   http_headers=StatusAndHeaders("200 OK", [("Content-Type", "text/plain")],
                                                                 protocol="HTTP/1.1"))
        w.write_record(rec)
    out = io.StringIO()
    write_cdx(str(path), out)
    assert out.getvalue().startswith('dk,a)/x ') and '"url": "http://www.a.dk/x"' in out.getvalue()
    assert target_uri(" <http://b/> ") == "http://b/" and target_uri("http://b/") == "http://b/"


def test_archived_headers_are_replayed_as_pywb_replays_them():
    """The archived Date and Server (and the other headers of the archived exchange) are renamed
    X-Archive-Orig-*, so that the proxy's own are the only ones; hop-by-hop headers and the length
    go; the rest keep their names and order."""
    from server.viewerproxy.records import Record, replay_headers

    archived = [("Date", "Mon, 01 Jan 2024 10:00:00 GMT"), ("Server", "Apache"), ("Content-Type", "text/html"),
                ("Transfer-Encoding", "chunked"), ("Keep-Alive", "timeout=5"), ("Content-Length", "12"),
                ("Set-Cookie", "a=1"), ("Strict-Transport-Security", "max-age=1"), ("Location", "/x"),
                ("x-archive-missing", "1"), ("X-Archive-Index", "building")]
    rec = Record("response", "http://a.dk/", "2024-01-01T10:00:00Z", "", "", "", 200, "OK", archived, 12, False)
    assert replay_headers(rec) == [
        ("X-Archive-Orig-Date", "Mon, 01 Jan 2024 10:00:00 GMT"), ("X-Archive-Orig-Server", "Apache"),
        ("Content-Type", "text/html"), ("X-Archive-Orig-Transfer-Encoding", "chunked"), ("Set-Cookie", "a=1"),
        ("X-Archive-Orig-Strict-Transport-Security", "max-age=1"), ("Location", "/x"),
        # an archived page cannot pass for the proxy's own word (QA believes X-Archive-Missing)
        ("X-Archive-Orig-x-archive-missing", "1"), ("X-Archive-Orig-X-Archive-Index", "building")]
