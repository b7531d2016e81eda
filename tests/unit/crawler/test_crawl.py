"""A whole crawl of the test web: what an archivist finds in the job directory afterwards."""
from __future__ import annotations

import os

import pytest
from crawler_helpers import crawl, warc_records, warcio_check

from server.crawler import status_codes as sc


@pytest.fixture(scope="module")
def result(web, tmp_path_factory):
    job = tmp_path_factory.mktemp("job")
    return crawl(job, ["http://www.example1.test/", "http://www.example1.test/features.html",
                       "ftp://example1.test/file", "http://[bad-seed"], web.proxy_url,
                 scope={"max_hops": 8}, extra={"crawler_traps": {"global": [r".*/calendar/.*"]}})


def status(result, url):
    return [int(line["status"]) for line in result["by_url"][url]]


def test_every_warc_file_passes_warcio_check(result):
    warcio_check(result["warcs"])
    assert all(w.endswith(".warc.gz") for w in result["warcs"]), "no .open file is left behind"
    assert os.path.basename(result["warcs"][0]).startswith("7-3-")


def test_crawl_log_lines_have_twelve_fields(result):
    assert len(result["log"]) > 50
    for line in result["log"]:
        assert len(line) == 12
        assert line["timestamp"].endswith("Z")
        int(line["status"]), int(line["size"])


def test_every_link_kind_is_found_and_fetched(result):
    base = "http://www.example1.test"
    expected = {
        "/style.css": "E", "/imported.css": "E", "/img/1.png": "E", "/img/2.png": "E", "/img/3.png": "E",
        "/img/4.png": "E", "/img/5.png": "E", "/img/6.png": "EE", "/script.js": "E", "/frame.html": "E",
        "/refreshed.html": "R", "/img/8.png": "E", "/from-inline-js.html": "X", "/from-js.html": "EX",
        "/chunked-target.html": "LL", "/gzip-target.html": "LL", "/m2.html": "LL", "/m4.html": "LL",
    }
    for path, hops in expected.items():
        lines = result["by_url"].get(base + path)
        assert lines, f"{path} was not crawled"
        assert lines[0]["status"] == "200"
        assert lines[0]["path"].endswith(hops), (path, lines[0]["path"])
    assert base + "/in-comment.html" not in result["by_url"]


def test_each_url_is_fetched_once(result):
    fetched = [line["url"] for line in result["log"] if int(line["status"]) > 0]
    assert len(fetched) == len(set(fetched))


def test_redirects_are_separate_captures_and_loops_end(result):
    base = "http://www.example1.test/redirect/"
    assert status(result, base + "chain/3") == [302]
    assert status(result, base + "chain/0") == [200]
    assert result["by_url"][base + "chain/2"][0]["path"].endswith("R")
    assert status(result, base + "loop/a") == [301] and status(result, base + "loop/b") == [301]


def test_errors_and_odd_responses_are_logged_and_the_crawl_goes_on(result):
    base = "http://www.example1.test/"
    assert status(result, base + "notfound") == [404]
    assert status(result, base + "error") == [500]
    broken = result["by_url"][base + "broken"][0]
    assert broken["status"] == "200" and "midFetchTrunc" in broken["annotations"]
    assert status(result, base + "slow") == [200]
    assert status(result, "ftp://example1.test/file") == [sc.S_UNFETCHABLE_URI]
    assert status(result, "http://[bad-seed") == [sc.S_UNFETCHABLE_URI]


def test_robots_traps_and_scope_are_logged(result):
    assert status(result, "http://www.example1.test/private/secret.html") == [sc.S_ROBOTS_PRECLUDED]
    assert status(result, "http://www.example1.test/calendar/2024/1") == [sc.S_DEEMED_CHAFF]
    assert status(result, "http://www.elsewhere.test/") == [sc.S_OUT_OF_SCOPE]
    # an off-site embed is allowed (transclusion), and subdomains are in a domain scope
    assert status(result, "http://cdn.elsewhere.test/img/9.png") == [200]
    assert status(result, "http://sub.example1.test/") == [200]
    assert result["by_url"]["http://www.example1.test/robots.txt"][0]["path"] == "P"


def test_chunked_and_gzip_bodies_are_recorded_as_sent(result):
    records = {(r[1], r[2]): r for r in warc_records(result["warcs"])}
    chunked = records[("response", "http://www.example1.test/chunked")]
    assert chunked[4].startswith(b"12c\r\n") and chunked[4].endswith(b"0\r\n\r\n")
    gz = records[("response", "http://www.example1.test/gzip")]
    assert gz[4][:2] == b"\x1f\x8b"
    meta = records[("metadata", "http://www.example1.test/chunked")]
    assert b"outlink: http://www.example1.test/chunked-target.html L a/@href" in meta[4]
    req = records[("request", "http://www.example1.test/")]
    assert req[3]["WARC-Concurrent-To"] == records[("response", "http://www.example1.test/")][3]["WARC-Record-ID"]


def test_payload_digests_are_of_the_entity_body(result):
    """WARC 1.1: the payload of an HTTP response is its entity body, transfer coding removed and
    content coding kept. Every response's digest (and crawl.log's) is checked against the entity
    as warcio de-chunks it, independently of the crawler's own reader."""
    from warc_checks import response_digests

    digests = response_digests(result["warcs"])
    wrong = [(url, chunked) for url, chunked, digest, entity in digests if digest != entity]
    assert not wrong
    kinds = {url: chunked for url, chunked, _d, _e in digests}
    assert kinds["http://www.example1.test/chunked"] is True and kinds["http://www.example1.test/gzip"] is False
    for url, _chunked, digest, _entity in digests:
        assert result["by_url"][url][0]["digest"] == digest, url


def test_reports_and_statistics_are_written(result, tmp_path):
    job = os.path.dirname(result["warcs"][0])
    for name in ("crawl-report.txt", "hosts-report.txt", "mimetype-report.txt", "responsecode-report.txt",
                 "seeds-report.txt", "frontier-summary-report.txt", "processors-report.txt",
                 "progress-statistics.log"):
        assert os.path.getsize(os.path.join(job, name)) > 0, name
    seeds = open(os.path.join(job, "seeds-report.txt")).read()
    assert "200 CRAWLED http://www.example1.test/" in seeds and "-7 NOTCRAWLED ftp://example1.test/file" in seeds
    assert "CRAWL ENDED" in open(os.path.join(job, "progress-statistics.log")).read()
    assert result["stats"]["example1.test"]["stop_reason"] == "completed"
    assert result["stats"]["example1.test"]["objects"] > 50
    assert '"finished": "finished"' in result["stdout"].splitlines()[-1]


def test_dns_records_and_network_failures_without_proxy(web, tmp_path):
    closed = _closed_port()
    r = crawl(tmp_path / "job", [f"http://localhost:{web.port}/page/3", "http://no-such-host.invalid/",
                                 f"http://127.0.0.1:{closed}/"], None, robots="ignore")
    assert status(r, "dns:localhost") == [sc.S_DNS_SUCCESS]
    assert status(r, f"http://localhost:{web.port}/page/3") == [200]
    assert status(r, "dns:no-such-host.invalid") == [sc.S_DOMAIN_UNRESOLVABLE]
    assert status(r, "http://no-such-host.invalid/") == [sc.S_DOMAIN_PREREQUISITE_FAILURE]
    refused = r["by_url"][f"http://127.0.0.1:{closed}/"][0]
    assert int(refused["status"]) == sc.S_CONNECT_FAILED and refused["annotations"] == "2t"
    dns = [rec for rec in warc_records(r["warcs"]) if rec[2] == "dns:localhost"]
    assert dns and dns[0][3]["Content-Type"] == "text/dns" and b"localhost.\t" in dns[0][4]
    warcio_check(r["warcs"])


def test_per_object_size_limit_truncates_and_annotates(web, tmp_path):
    r = crawl(tmp_path / "job", ["http://www.big.test/huge?mb=2"], web.proxy_url,
              fetch={"max_object_bytes": 100_000})
    line = r["by_url"]["http://www.big.test/huge?mb=2"][0]
    assert "lenTrunc" in line["annotations"] and int(line["size"]) < 120_000
    response = [rec for rec in warc_records(r["warcs"]) if rec[1] == "response" and "huge" in rec[2]][0]
    assert response[3]["WARC-Truncated"] == "length"
    warcio_check(r["warcs"])


def test_read_timeout_gives_minus_four(web, tmp_path):
    r = crawl(tmp_path / "job", ["http://www.slow.test/slow?ms=3000"], web.proxy_url,
              fetch={"read_timeout_s": 0.3, "max_retries": 0}, robots="ignore")
    line = r["by_url"]["http://www.slow.test/slow?ms=3000"][0]
    # headers arrive at once, the body late: a time-truncated capture, not a failure
    assert line["status"] == "200" and "timeTrunc" in line["annotations"]


def test_warc_files_rotate_at_their_size(web, tmp_path):
    r = crawl(tmp_path / "job", ["http://www.rotate.test/"], web.proxy_url, warc={"max_size_bytes": 20_000})
    assert len(r["warcs"]) > 3
    serials = [os.path.basename(w).split("-")[3] for w in r["warcs"]]
    assert serials == sorted(serials) and len(set(serials)) == len(serials)
    warcio_check(r["warcs"])
    assert all(warc_records([w])[0][1] == "warcinfo" for w in r["warcs"])


def test_https_through_the_proxy_notes_certificate_errors(web, tmp_path):
    from testweb import self_signed_cert

    if self_signed_cert() is None:
        pytest.skip("openssl not available")
    r = crawl(tmp_path / "job", ["https://www.secure.test/page/2"], web.proxy_url, robots="ignore")
    line = r["by_url"]["https://www.secure.test/page/2"][0]
    assert line["status"] == "200" and "certErr" in line["annotations"]
    warcio_check(r["warcs"])


def _closed_port() -> int:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port

