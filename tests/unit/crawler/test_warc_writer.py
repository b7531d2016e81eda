"""The WARC writer, byte for byte: deterministic record ids and dates make a golden file possible."""
from __future__ import annotations

import gzip
import os
import zlib
from datetime import UTC, datetime

from crawler_helpers import warcio_check

from server.crawler.http_client import Capture
from server.crawler.resume import recover_open_file
from server.crawler.warc_writer import WarcFiles, sha1_digest

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "writer.warc")
WHEN = datetime(2024, 5, 1, 10, 0, 0, tzinfo=UTC)


def make_writer(directory, **kw) -> WarcFiles:
    counter = iter(range(1, 10_000))
    return WarcFiles(str(directory), "7", "3", kw.pop("max_size", 10**9), {"software": "golden-test"},
                     make_id=lambda: f"<urn:uuid:00000000-0000-0000-0000-{next(counter):012d}>",
                     clock=lambda: WHEN, hostname="testhost", **kw)


def capture(body: bytes = b"5\r\nhello\r\n0\r\n\r\n") -> Capture:
    return Capture(url="http://www.example.dk/", request=b"GET / HTTP/1.1\r\nHost: www.example.dk\r\n\r\n",
                   head=b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\ncontent-type:  text/html\r\n\r\n",
                   body=body, status=200, headers=[("Transfer-Encoding", "chunked")], ip="127.0.0.1",
                   started=WHEN.timestamp())


def test_output_matches_the_golden_file(tmp_path):
    w = make_writer(tmp_path)
    cap = capture()
    w.write_capture(cap, sha1_digest(cap.body), [("via", "-"), ("outlink", "http://www.example.dk/a L a/@href")])
    w.write_capture(cap, sha1_digest(cap.body), [], revisit_of=("http://www.example.dk/", "2020-01-01T00:00:00Z"))
    w.write_dns("www.example.dk", ["127.0.0.1"], WHEN)
    w.close()
    assert [os.path.basename(p) for p in w.closed_files] == ["7-3-20240501100000000-00001-testhost.warc.gz"]
    warcio_check(w.closed_files)
    with gzip.open(w.closed_files[0]) as fh:
        produced = fh.read()
    if not os.path.exists(GOLDEN):  # first run writes the golden file; review it before committing
        with open(GOLDEN, "wb") as fh:
            fh.write(produced)
    with open(GOLDEN, "rb") as fh:
        assert produced == fh.read()
    # the HTTP head is kept byte for byte (odd spacing and case included)
    assert b"content-type:  text/html\r\n\r\n5\r\nhello\r\n0\r\n\r\n" in produced


def test_open_name_until_closed_and_rotation(tmp_path):
    closed = []
    w = make_writer(tmp_path, max_size=2000, before_close=closed.append)
    cap = capture(os.urandom(3000))  # incompressible, so each unit passes the size
    w.write_capture(cap, sha1_digest(cap.body), [])
    assert closed and closed[0].endswith(".warc.gz.open")  # the callback runs before the rename
    w.write_capture(cap, sha1_digest(cap.body), [])
    assert sorted(os.listdir(tmp_path)) == ["7-3-20240501100000000-00001-testhost.warc.gz",
                                            "7-3-20240501100000000-00002-testhost.warc.gz"]


def test_recovery_cuts_an_open_file_after_its_last_complete_unit(tmp_path):
    w = make_writer(tmp_path)
    cap = capture()
    w.write_capture(cap, sha1_digest(cap.body), [("outlink", "http://www.example.dk/a L a/@href")])
    w.write_capture(cap, sha1_digest(cap.body), [])
    path = w._path
    w._fh.flush()
    size = os.path.getsize(path)
    with open(path, "r+b") as fh:  # a kill in the middle of the last record
        fh.truncate(size - 40)
    recovered = recover_open_file(path)
    assert [c.url for c in recovered] == ["http://www.example.dk/"]
    assert recovered[0].outlinks == [("http://www.example.dk/a", "L")]
    final = path[: -len(".open")]
    assert os.path.exists(final) and not os.path.exists(path)
    warcio_check([final])


def test_direct_unit_writer_gives_warcios_bytes(tmp_path, monkeypatch):
    """Small captures are written without warcio's record objects: the bytes must be the same."""
    from server.crawler import warc_writer

    captures = [capture(), capture(b""), capture(os.urandom(5000))]
    odd = capture(b"partial")
    odd.ip, odd.truncated, odd.started = None, "length", WHEN.timestamp() + 0.123456
    captures.append(odd)
    metadata = [("via", "http://www.example.dk/æ"), ("hopsFromSeed", "L"),
                ("outlink", "http://www.example.dk/ø L a/@href")]
    produced = []
    for warcio_only in (False, True):
        monkeypatch.setattr(warc_writer, "_WARCIO_ONLY", warcio_only)
        (tmp_path / str(warcio_only)).mkdir()
        w = make_writer(tmp_path / str(warcio_only))
        offsets = [w.write_capture(c, sha1_digest(c.body), metadata).offset for c in captures]
        w.close()
        warcio_check(w.closed_files)
        with gzip.open(w.closed_files[0]) as fh:
            produced.append(fh.read())
        # compressed sizes may differ (the direct writer sizes zlib's window): each offset is
        # still where the capture's response record starts, as one gzip member
        with open(w.closed_files[0], "rb") as fh:
            data = fh.read()
        for offset, cap in zip(offsets, captures, strict=True):
            record = zlib.decompressobj(47).decompress(data[offset:])
            assert record.startswith(b"WARC/1.1\r\nWARC-Type: response\r\n")
            assert record.endswith(cap.head + cap.body + b"\r\n\r\n")
    assert produced[0] == produced[1]


def test_digest_and_record_id_forms():
    """The hand-made base 32 and UUID give what base64.b32encode and uuid.uuid4 give."""
    import base64
    import hashlib
    import uuid

    from server.crawler.warc_writer import default_record_id

    for n in range(300):
        data = os.urandom(n)
        assert sha1_digest(data) == "sha1:" + base64.b32encode(hashlib.sha1(data).digest()).decode("ascii")
    ids = {default_record_id() for _ in range(300)}
    assert len(ids) == 300
    for rid in ids:
        assert rid.startswith("<urn:uuid:") and rid.endswith(">")
        u = uuid.UUID(rid[len("<urn:uuid:"):-1])
        assert u.version == 4 and u.variant == uuid.RFC_4122 and str(u) == rid[len("<urn:uuid:"):-1]


def test_crawl_log_time_stamps_are_datetimes():
    """crawl.log's time fields (formatted once per second) are what datetime.strftime gives."""
    import random

    from server.crawler.crawl_log import _fetch_stamp, _ms_stamp

    rng = random.Random(15)
    for i in range(20_000):
        t = 1.7e9 + rng.randrange(0, 10**9) / 1e6 + rng.choice([0, 5e-7, 0.9999995, 0.9995]) if i % 2 else \
            rng.uniform(0, 4e9)
        when = datetime.fromtimestamp(t, UTC)
        assert _ms_stamp(t) == when.strftime("%Y-%m-%dT%H:%M:%S.%f")[:23] + "Z", t
        assert _fetch_stamp(t) == when.strftime("%Y%m%d%H%M%S%f")[:17], t


def test_the_fast_warc_date_is_warc_date_of_the_same_instant():
    """The direct writer formats a capture's WARC-Date with crawl.log's per-second cache
    (crawl_log.iso_ms); it must give warc_date's string for every instant, rounding included."""
    import random
    from datetime import UTC, datetime

    from server.crawler.crawl_log import iso_ms
    from server.crawler.warc_writer import warc_date

    rng = random.Random(36)
    instants = [rng.uniform(0, 4e9) for _ in range(5000)]
    instants += [1.7e9 + s + f for s in range(50) for f in (0.0, 0.0005, 0.0009995, 0.9995, 0.9999995, 0.123456)]
    for t in instants:
        assert iso_ms(t) == warc_date(datetime.fromtimestamp(t, UTC)), t


def test_records_are_gzipped_by_zlib_ng_and_isal_and_the_crawl_runs_on_uvloop():
    """The pinned speed-ups (#36) are the ones in use, not their fallbacks; the members zlib-ng
    and ISA-L write are plain gzip, read back by the standard library. ISA-L takes only small
    records, and its members are no more than 2 % larger than zlib-ng's level 6 there."""
    import asyncio
    import gzip

    from server.crawler import warc_writer
    from server.crawler.__main__ import _event_loop_run

    assert warc_writer.zlib.__name__ == "zlib_ng.zlib_ng"
    assert warc_writer.igzip_lib is not None
    data = b"WARC/1.1\r\n" + b"<p>archived</p>" * 500
    assert gzip.decompress(warc_writer._gzip_member(data)) == data
    assert warc_writer._gzip_small(data) == warc_writer._gzip_member(data)  # too large for ISA-L
    request = (b"WARC/1.1\r\nWARC-Type: request\r\nWARC-Target-URI: http://www.example.dk/a/b.html\r\n"
               b"Content-Length: 120\r\n\r\nGET /a/b.html HTTP/1.1\r\nHost: www.example.dk\r\n"
               b"User-Agent: NetarchiveSuite\r\nAccept: */*\r\n\r\n\r\n\r\n")
    small = warc_writer._gzip_small(request)
    assert small != warc_writer._gzip_member(request) and gzip.decompress(small) == request
    assert len(small) <= 1.02 * len(warc_writer._gzip_member(request))

    async def loop_module():
        return type(asyncio.get_running_loop()).__module__

    assert _event_loop_run(loop_module()).startswith("uvloop")


def test_a_crawl_log_line_has_twelve_fields_whatever_its_values_hold():
    """Spaces and line breaks in a URL, referrer, MIME type or seed are escaped, and spaces in
    annotations become underscores: the line always splits into its 12 fields."""
    from server.crawler.crawl_log import LogEntry, format_line, parse_line

    odd = LogEntry(200, 1234, "http://a.test/a b\nc", "LLE", "http://a.test/x\r y", "text/html; x", 3,
                   1.7e9 + 0.25, 41, "sha1:ABC", "http://a.test/ s", ["2t", "a b"])
    line = format_line(odd, now=1.7e9 + 1.5)
    assert line == ("2023-11-14T22:13:21.500Z   200       1234 http://a.test/a%20b%0Ac LLE "
                    "http://a.test/x%0D%20y text/html;%20x #003 20231114221320250+41 sha1:ABC "
                    "http://a.test/%20s 2t,a_b")
    assert parse_line(line)["annotations"] == "2t,a_b"
    plain = format_line(LogEntry(-6, 0, "dns:a.test"), now=1.7e9)
    assert plain.split(" ")[-9:] == ["dns:a.test", "-", "-", "-", "#000", "-", "-", "-", "-"]
    assert len(parse_line(plain)) == 12
