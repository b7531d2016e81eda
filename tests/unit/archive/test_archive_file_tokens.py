"""The bitarchive's file server answers only requests carrying a signed token for that file:
no token, another file's token, an expired, forged or altered token, and ``..`` or a link out of
the storage are refused; a valid token gets the file."""
from __future__ import annotations

import logging
import os
import urllib.parse

import pytest
import requests

from server.archive.bitarchive.core import Bitarchive
from server.archive.fileserver import FileServer, UrlSigner
from server.archive.storage import FILEDIR, BitarchiveStorage
from server.runtime import tokens


@pytest.fixture
def served(tmp_path):
    key = tokens.installation_key({"security.key_file": str(tmp_path / "k"), "security.create_key": True})
    storage_dir = tmp_path / "store"
    (storage_dir / FILEDIR).mkdir(parents=True)
    (storage_dir / FILEDIR / "a.warc").write_bytes(b"AAAA" * 100)
    (storage_dir / FILEDIR / "b.warc").write_bytes(b"BBBB")
    (tmp_path / "secret.txt").write_bytes(b"outside the storage")
    os.symlink(tmp_path / "secret.txt", storage_dir / FILEDIR / "link.warc")
    storage = BitarchiveStorage([str(storage_dir)], 0)
    core = Bitarchive.__new__(Bitarchive)
    core.storage = storage
    server = FileServer("127.0.0.1:0", key=key, token_ttl=60).start()
    server.route("files", core.serve_file)
    server.test_storage = str(storage_dir / FILEDIR)
    try:
        yield server, key
    finally:
        server.stop()


def _get(url: str) -> requests.Response:
    return requests.get(url, timeout=10)


def test_a_valid_token_gets_the_file_and_only_that_file(served):
    server, key = served
    url = server.url("files", "a.warc")
    assert _get(url).content == b"AAAA" * 100
    assert requests.get(url, headers={"Range": "bytes=0-3"}, timeout=10).content == b"AAAA"
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["token"][0]
    wrong_file = f"{server.base_url}/files/b.warc?token={token}"
    assert _get(wrong_file).status_code == 403


def test_no_token_expired_forged_altered_and_another_purpose_are_refused(served, tmp_path):
    server, key = served
    base = f"{server.base_url}/files/a.warc"
    assert _get(base).status_code == 403 and b"token is required" in _get(base).content
    expired = tokens.issue(key, "file", {"route": "files", "name": "a.warc"}, ttl=1, now=1_000_000)
    other_key = b"k" * 32
    forged = tokens.issue(other_key, "file", {"route": "files", "name": "a.warc"}, ttl=60)
    transfer = tokens.issue(key, "transfer", {"route": "files", "name": "a.warc"}, ttl=60)
    record_token = tokens.issue(key, "file", {"route": "record", "name": "a.warc"}, ttl=60)
    good = UrlSigner(key, 60).token("files", "a.warc")
    altered = good[:-2] + ("AA" if good[-2:] != "AA" else "BB")
    for bad, reason in [(expired, b"expired"), (forged, b"signature"), (transfer, b"purpose"),
                        (record_token, b"claim"), (altered, b"signature"), ("garbage", b"malformed")]:
        resp = _get(f"{base}?token={urllib.parse.quote(bad)}")
        assert resp.status_code == 403 and reason in resp.content, (reason, resp.content)
    assert requests.head(base, timeout=10).status_code == 403


def test_dot_dot_and_links_out_of_the_storage_are_refused(served):
    server, key = served
    signer = UrlSigner(key, 60)
    for name in ("../secret.txt", "..", "%2e%2e/secret.txt"):
        token = signer.token("files", urllib.parse.unquote(name))
        resp = _get(f"{server.base_url}/files/{name}?token={urllib.parse.quote(token)}")
        assert resp.status_code in (400, 404) and b"outside" not in resp.content
    # a link inside the storage that points outside it is not served even with a valid token
    assert _get(server.url("files", "link.warc")).status_code == 404


def test_the_server_binds_where_it_is_told(tmp_path):
    server = FileServer("127.0.0.1:0").start()
    try:
        assert server._server.server_address[0] == "127.0.0.1"
    finally:
        server.stop()


def test_a_record_token_is_for_its_offset_and_length_only(served, caplog):
    """#29 item 7: a record token was bound to its file, not its offset: it read every record of
    the file, and with a ``length`` of one's own any span of it."""
    from server.archive.bitarchive.core import record_part

    server, key = served
    server.route("record", lambda rest, q: record_part(os.path.join(server.test_storage, rest), q))
    signer = UrlSigner(key, 60)
    good = signer.url(server.base_url, "record", "a.warc", offset=4, length=8)
    assert _get(good).content == b"AAAAAAAA"
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(good).query)["token"][0]
    base = f"{server.base_url}/record/a.warc"
    for query in ({"offset": 0, "length": 8}, {"offset": 4, "length": 400}, {"offset": 4},
                  {"offset": 4, "length": 8, "extra": 1}):
        resp = _get(f"{base}?{urllib.parse.urlencode({**query, 'token': token})}")
        assert resp.status_code == 403 and b"claim" in resp.content, (query, resp.content)
    only_offset = signer.url(server.base_url, "record", "a.warc", offset=4)
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(only_offset).query)["token"][0]
    assert _get(f"{base}?offset=4&length=396&token={token}").status_code == 403    # no length of one's own
    # a failed request is logged without its token (logs are readable by more than the service)
    caplog.clear()
    caplog.set_level(logging.INFO, logger="server.archive.fileserver")
    bad = signer.url(server.base_url, "record", "a.warc", offset="x")
    assert _get(bad).status_code == 400
    assert "a.warc" in caplog.text and "token" not in caplog.text and bad.split("token=")[1] not in caplog.text
