"""The crawler reads bad servers as browsers and wget do: each capture is kept the way a browser
would have seen it, and the crawl carries on (issue 15, lenient parsing)."""
from __future__ import annotations

import time
import zlib

import pytest
from crawler_helpers import crawl, warc_records, warcio_check
from rawweb import RawWeb, reset, response

from server.crawler import status_codes as sc
from server.crawler.http_client import Capture

LINKS = ["/bare-lf", "/junk", "/after-junk", "/junk-late", "/after-junk-late", "/bad-chunk", "/reset",
         "/big-header", "/drip", "/deflate-chunked", "/last"]


def _index(sock, _path) -> bool:
    body = "".join(f'<a href="{link}">x</a>' for link in LINKS).encode()
    sock.sendall(response(body))
    return True


def _page(text: str):
    def handler(sock, _path) -> bool:
        sock.sendall(response(f"<p>{text}</p>".encode()))
        return True
    return handler


def _bare_lf(sock, _path) -> bool:
    body = b'<a href="/from-bare-lf">found through a bare-LF page</a>'
    sock.sendall(b"HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: %d\n\n" % len(body) + body)
    return True


def _junk(sock, _path) -> bool:
    sock.sendall(response(b"hello") + b"GARBAGE AFTER THE BODY\r\n\r\n")
    return True


def _junk_late(sock, _path) -> bool:
    sock.sendall(response(b"hello"))
    time.sleep(0.05)
    sock.sendall(b"LATE GARBAGE\r\n\r\n")
    return True


def _bad_chunk(sock, _path) -> bool:
    sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n"
                 b"1c\r\n<a href=\"/from-chunk\">x</a>\r\nZZZ\r\nmore bytes")
    sock.close()
    return False


def _reset(sock, _path) -> bool:
    sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n" + b"x" * 1000)
    time.sleep(0.05)
    reset(sock)
    return False


def _big_header(sock, _path) -> bool:
    sock.sendall(b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * 10_000_000 + b"\r\nContent-Length: 0\r\n\r\n")
    return False


def _drip(sock, _path) -> bool:
    sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n")
    for _ in range(40):  # one byte every 0.1 s: never a read timeout, but past the fetch timeout
        sock.sendall(b"d")
        time.sleep(0.1)
    return False


def _deflate_chunked(sock, _path) -> bool:
    raw = zlib.compressobj(wbits=-15)
    data = raw.compress(b'<html><a href="/from-deflate">x</a></html>') + raw.flush()
    half = len(data) // 2
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in (data[:half], data[half:])) + b"0\r\n\r\n"
    sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: deflate\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n" + chunks)
    return True


HANDLERS = {"/": _index, "/bare-lf": _bare_lf, "/junk": _junk, "/after-junk": _page("after junk"),
            "/junk-late": _junk_late, "/after-junk-late": _page("after late junk"), "/bad-chunk": _bad_chunk,
            "/reset": _reset, "/big-header": _big_header, "/drip": _drip, "/deflate-chunked": _deflate_chunked,
            "/last": _page("last"), "/from-bare-lf": _page("a"), "/from-chunk": _page("b"),
            "/from-deflate": _page("c")}


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    with RawWeb(HANDLERS) as web:
        job = tmp_path_factory.mktemp("lenient") / "job"
        r = crawl(job, [web.url("/")], None, robots="ignore", max_workers=1,
                  fetch={"read_timeout_s": 3, "fetch_timeout_s": 1.5, "max_retries": 1})
        r["web"] = web
        yield r


def _line(r, path):
    lines = r["by_url"][r["web"].url(path)]
    assert len(lines) == 1, lines
    return lines[0]


def _response(r, path):
    return [rec for rec in warc_records(r["warcs"]) if rec[1] == "response" and rec[2] == r["web"].url(path)][0]


def test_bare_lf_headers_are_read_and_their_links_followed(result):
    assert _line(result, "/bare-lf")["status"] == "200"
    assert _line(result, "/from-bare-lf")["status"] == "200"
    assert _response(result, "/bare-lf")[4] == b'<a href="/from-bare-lf">found through a bare-LF page</a>'


def test_trailing_junk_keeps_the_capture_and_the_next_url_succeeds(result):
    for path in ("/junk", "/junk-late"):
        line = _line(result, path)
        assert line["status"] == "200" and line["annotations"] == "-"
        assert _response(result, path)[4] == b"hello"
    assert _line(result, "/after-junk")["status"] == "200"
    assert _line(result, "/after-junk-late")["status"] == "200"


def test_malformed_chunk_size_keeps_what_arrived_as_truncated(result):
    line = _line(result, "/bad-chunk")
    assert line["status"] == "200" and "midFetchTrunc" in line["annotations"]
    record = _response(result, "/bad-chunk")
    assert record[3]["WARC-Truncated"] == "unspecified" and b'<a href="/from-chunk">' in record[4]
    assert _line(result, "/from-chunk")["status"] == "200"


def test_reset_mid_body_keeps_the_part_as_truncated(result):
    line = _line(result, "/reset")
    assert line["status"] == "200" and "midFetchTrunc" in line["annotations"]
    assert _response(result, "/reset")[3]["WARC-Truncated"] == "disconnect"


def test_ten_megabyte_header_line_is_a_logged_failure(result):
    assert int(_line(result, "/big-header")["status"]) == sc.S_RUNTIME_EXCEPTION


def test_slow_drip_is_cut_at_the_fetch_timeout(result):
    line = _line(result, "/drip")
    assert line["status"] == "200" and "timeTrunc" in line["annotations"]
    assert _response(result, "/drip")[3]["WARC-Truncated"] == "time"


def test_chunked_raw_deflate_is_decoded_for_link_extraction(result):
    assert _line(result, "/from-deflate")["status"] == "200"


def test_the_crawl_carries_on_to_the_end_and_the_warcs_are_valid(result):
    assert _line(result, "/last")["status"] == "200"
    assert result["end"] == "finished"
    warcio_check(result["warcs"])


def test_raw_deflate_fallback_decodes_the_dechunked_body():
    raw = zlib.compressobj(wbits=-15)
    data = raw.compress(b"hello deflate") + raw.flush()
    body = b"%x\r\n%s\r\n0\r\n\r\n" % (len(data), data)
    cap = Capture("http://x.test/", b"", b"", body, 200,
                  [("Transfer-Encoding", "chunked"), ("Content-Encoding", "deflate")])
    assert cap.decoded_body() == b"hello deflate"
