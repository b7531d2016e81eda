"""Site logins in a harvest (plain process, the real crawler): the harvester asks for the job's
domains' logins and hands them to the crawler on its standard input; pages behind an HTTP basic
login are archived, and no file the harvester leaves holds the password in clear. Without an
answer from the definitions service the job is crawled without logins, not failed."""
from __future__ import annotations

import base64
import os

from harvester_testkit import RecordingScheduler, fast_profile, make_job
from rawweb import RawWeb, response
from warcio.archiveiterator import ArchiveIterator

from shared.dto.definitions import SiteLoginDto
from shared.errors import Unavailable

USER, PASSWORD = "curator", "pw-Only-In-Memory-42"


class FakeLogins:
    """The definitions service's site_logins behind the harvester's LoginsClient interface."""

    def __init__(self, logins, fail=False):
        self.logins = logins
        self.fail = fail
        self.asked: list[list[str]] = []

    def site_logins(self, domains):
        self.asked.append(list(domains))
        if self.fail:
            raise Unavailable("the definitions service does not answer site_logins")
        return [lg for lg in self.logins if lg.domain in domains]


def _site():
    def index(sock, _path):
        sock.sendall(response(b'<a href="/private/page">private</a>'))
        return True

    def private(sock, _path):
        expected = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        if web.last.headers.get("authorization") == expected:
            sock.sendall(response(b"<p>behind the login</p>"))
        else:
            sock.sendall(b'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm="staff"\r\n'
                         b"Content-Length: 0\r\n\r\n")
        return True

    web = RawWeb({"/": index, "/private/page": private})
    return web


def _statuses(folder: str, job_id: int) -> dict[str, int]:
    out = {}
    for name in os.listdir(folder):
        if name.startswith(f"{job_id}-") and "-metadata-" not in name:
            with open(os.path.join(folder, name), "rb") as fh:
                for r in ArchiveIterator(fh):
                    if r.rec_type == "response" and r.http_headers:
                        out[r.rec_headers.get_header("WARC-Target-URI")] = int(r.http_headers.get_statuscode())
    return out


def test_the_crawler_gets_the_job_domains_logins_on_stdin(make_harvester, replicas, tmp_path):
    with _site() as web:
        logins = FakeLogins([SiteLoginDto("127.0.0.1", "basic", web.url("/private/"), "staff", USER, PASSWORD)])
        job = make_job([web.url("/")], fast_profile(None, robots="ignore"), job_id=601,
                       domains=[{"domain": "127.0.0.1", "configuration": "default"}], dedup_job_ids=[])
        h = make_harvester(RecordingScheduler())
        h.logins = logins
        assert h.run_job(job).status == "done"
        assert logins.asked == [["127.0.0.1"]]
        assert _statuses(replicas["ONE"], 601)[web.url("/private/page")] == 200
    # the job directory is gone after upload; what it held is in the metadata WARC (spec, logs)
    with open(os.path.join(replicas["ONE"], "601-metadata-1.warc.gz"), "rb") as fh:
        contents = {r.rec_headers.get_header("WARC-Target-URI"): r.content_stream().read() for r in ArchiveIterator(fh)}
    assert any("crawl.log" in (u or "") for u in contents) and len(contents) > 3
    assert not [u for u, body in contents.items() if PASSWORD.encode() in body]


def test_without_an_answer_the_job_is_crawled_without_logins(make_harvester, replicas):
    with _site() as web:
        job = make_job([web.url("/")], fast_profile(None, robots="ignore"), job_id=602,
                       domains=[{"domain": "127.0.0.1", "configuration": "default"}], dedup_job_ids=[])
        h = make_harvester(RecordingScheduler())
        h.logins = FakeLogins([], fail=True)
        assert h.run_job(job).status == "done"
        assert _statuses(replicas["ONE"], 602)[web.url("/private/page")] == 401
