"""Site logins (issue 15): HTTP basic and digest challenges are answered for the matching realm,
a form login is posted before the domain is crawled and its session cookie sent afterwards; pages
behind each login are archived; a wrong password is logged and not tried again. The logins reach
the crawler process on its standard input, never through the job directory."""
from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import sys

import pytest
from crawler_helpers import REPO, read_results, warcio_check, write_spec
from rawweb import RawWeb, response

from server.crawler.logins import Login, digest_authorization, parse_challenge

USER, PASSWORD = "archivist", "s3cret-PW"
NONCE = "dcd98b7102dd2f0e8b11d0f600bfb0c093"


def _md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


class Site:
    def __init__(self) -> None:
        self.web: RawWeb | None = None

    def handlers(self):
        return {"/": self.index, "/basic/a": self.basic, "/basic/b": self.basic, "/digest/a": self.digest,
                "/members/a": self.members, "/login": self.login, "/wrong/a": self.wrong, "/wrong/b": self.wrong}

    def index(self, sock, _path) -> bool:
        links = ["/basic/a", "/basic/b", "/digest/a", "/members/a", "/wrong/a", "/wrong/b"]
        sock.sendall(response("".join(f'<a href="{u}">x</a>' for u in links).encode()))
        return True

    def _challenge(self, sock, header: str) -> bool:
        sock.sendall(b"HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: " + header.encode()
                     + b"\r\nContent-Length: 6\r\n\r\ndenied")
        return True

    def basic(self, sock, path) -> bool:
        expected = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        if self.web.last.headers.get("authorization") != expected:
            return self._challenge(sock, 'Basic realm="members"')
        sock.sendall(response(f"<p>secret {path}</p>".encode()))
        return True

    def wrong(self, sock, _path) -> bool:
        return self._challenge(sock, 'Basic realm="other"')

    def digest(self, sock, path) -> bool:
        auth = self.web.last.headers.get("authorization", "")
        if auth.startswith("Digest "):
            p = parse_challenge(auth)[1]
            ha1 = _md5(f"{USER}:vault:{PASSWORD}")
            ha2 = _md5(f"GET:{p.get('uri')}")
            good = _md5(f"{ha1}:{NONCE}:{p.get('nc')}:{p.get('cnonce')}:auth:{ha2}")
            if p.get("response") == good and p.get("uri") == path:
                sock.sendall(response(b"<p>digest secret</p>"))
                return True
        return self._challenge(sock, f'Digest realm="vault", qop="auth", nonce="{NONCE}", opaque="5ccc"')

    def login(self, sock, _path) -> bool:
        req = self.web.last
        fields = dict(pair.split("=", 1) for pair in req.body.decode().split("&"))
        if req.method == "POST" and fields == {"user": USER, "pw": PASSWORD, "remember": "1"}:
            sock.sendall(b"HTTP/1.1 302 Found\r\nSet-Cookie: session=ok; Path=/; HttpOnly\r\nLocation: /\r\n"
                         b"Content-Length: 0\r\n\r\n")
        else:
            sock.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
        return True

    def members(self, sock, _path) -> bool:
        if "session=ok" not in self.web.last.headers.get("cookie", ""):
            sock.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
        else:
            sock.sendall(response(b"<p>members only</p>"))
        return True


def logins(web: RawWeb) -> list[dict]:
    return [
        {"domain": "127.0.0.1", "kind": "basic", "realm": "members", "url": web.url("/basic/"),
         "username": USER, "password": PASSWORD},
        {"domain": "127.0.0.1", "kind": "basic", "realm": "other", "url": "", "username": USER,
         "password": "wrong"},
        {"domain": "127.0.0.1", "kind": "digest", "realm": "vault", "url": "", "username": USER,
         "password": PASSWORD},
        {"domain": "127.0.0.1", "kind": "form", "url": web.url("/login"), "username": USER, "password": PASSWORD,
         "username_field": "user", "password_field": "pw", "form_fields": {"remember": "1"}},
    ]


@pytest.fixture(scope="module", params=[1, 2], ids=["one process", "two processes"])
def result(tmp_path_factory, request):
    """A crawl with the logins on standard input; with two processes the coordinator hands
    them to its forked parts in memory (server/crawler/part_process.py)."""
    site = Site()
    with RawWeb(site.handlers()) as web:
        site.web = web
        job = tmp_path_factory.mktemp("logins") / "job"
        write_spec(job, [web.url("/")], None, robots="ignore", max_workers=1, processes=request.param,
                   extra={"logins_stdin": True})
        proc = subprocess.run([sys.executable, "-m", "server.crawler", str(job)], cwd=REPO, capture_output=True,
                              text=True, timeout=120, input=json.dumps(logins(web)))
        assert proc.returncode == 0, proc.stderr
        yield {"web": web, "job": job, **read_results(job)}


def _line(r, path):
    return r["by_url"][r["web"].url(path)]


def test_basic_login_archives_the_pages_behind_it(result):
    for path in ("/basic/a", "/basic/b"):
        lines = _line(result, path)
        assert len(lines) == 1 and lines[0]["status"] == "200", lines
    assert "auth:basic" in _line(result, "/basic/a")[0]["annotations"]
    # the request as sent, Authorization header included, is in the WARC
    heads = _request_heads(result["warcs"], result["web"].url("/basic/a"))
    assert heads and heads[-1].get_header("Authorization", "").startswith("Basic ")


def _request_heads(paths, url):
    from warcio.archiveiterator import ArchiveIterator

    heads = []
    for path in paths:
        with open(path, "rb") as fh:
            for record in ArchiveIterator(fh):
                if record.rec_type == "request" and record.rec_headers.get_header("WARC-Target-URI") == url:
                    heads.append(record.http_headers)
    return heads


def test_digest_login_answers_the_challenge(result):
    line = _line(result, "/digest/a")[0]
    assert line["status"] == "200" and "auth:digest" in line["annotations"]


def test_form_login_is_posted_first_and_its_cookie_opens_the_members_pages(result):
    login = _line(result, "/login")[0]
    assert login["status"] == "302" and "formLogin" in login["annotations"]
    assert _line(result, "/members/a")[0]["status"] == "200"


def test_wrong_password_is_logged_and_not_retried(result):
    first = _line(result, "/wrong/a")[0]
    assert first["status"] == "401" and "authFailed" in first["annotations"]
    second = _line(result, "/wrong/b")[0]
    assert second["status"] == "401" and "auth:" not in second["annotations"]
    assert result["web"].requests.count("/wrong/b") == 1  # not answered with the failed login again
    assert result["web"].requests.count("/wrong/a") == 2  # the challenge and the one answer


def test_no_password_in_clear_in_the_job_directory_outside_the_warcs(result):
    for folder, _dirs, names in os.walk(result["job"]):     # the parts' directories too
        for name in names:
            if ".warc" in name:
                continue
            with open(os.path.join(folder, name), "rb") as fh:
                assert PASSWORD.encode() not in fh.read(), name
    warcio_check(result["warcs"])


def test_digest_authorization_matches_rfc_7616_example():
    # RFC 2617 §3.5's example (MD5, qop=auth)
    login = Login("example.org", "Mufasa", "Circle Of Life")
    params = {"realm": "testrealm@host.com", "qop": "auth,auth-int", "nonce": NONCE,
              "opaque": "5ccc069c403ebaf9f0171e9517f40e41"}
    value = digest_authorization(login, params, "GET", "/dir/index.html", cnonce="0a4f113b")
    assert re.search(r'response="6629fae49393a05397450978507c4ef1"', value)
