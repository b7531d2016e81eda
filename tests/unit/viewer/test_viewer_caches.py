"""What the proxy process keeps between requests: sessions (forgotten when the service says so,
else after their time-to-live; refusals never kept), lookups (bounded, per job set), record
locations (their signed token kept), and the control channel that tells the proxy to forget."""
from __future__ import annotations

import hashlib
import io
import threading
import urllib.parse

import pytest

from server.viewerproxy.backend import ArchiveBackend
from server.viewerproxy.caches import ActiveSession, LookupCache, SessionCache
from shared.dto.archive import RecordUrlDto
from shared.errors import ChecksumMismatch


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _session(sid: str = "s1", jobs=(1,), token: str = "tok") -> ActiveSession:
    return ActiveSession(sid, hashlib.sha256(token.encode()).hexdigest(), tuple(jobs), "", False)


def test_a_session_is_read_once_then_kept_until_forgotten_or_its_time_is_up():
    db = {"s1": _session()}
    reads = []
    clock = Clock()
    cache = SessionCache(lambda sid: reads.append(sid) or db.get(sid), ttl=5.0, clock=clock)
    assert cache.authenticate("s1", "tok").job_ids == (1,)
    assert cache.authenticate("s1", "wrong") is None
    assert reads == ["s1"]
    db["s1"] = _session(jobs=(1, 2))
    assert cache.get("s1").job_ids == (1,)            # kept: the service has not said anything
    cache.forget("s1")
    assert cache.get("s1").job_ids == (1, 2)          # forgotten: read again at once
    del db["s1"]                                      # stopped (the loader answers None)
    clock.now += 5.0
    assert cache.get("s1") is None                    # the time-to-live bounds an unannounced change
    assert reads == ["s1", "s1", "s1"]


def test_refusals_are_never_kept_so_a_new_session_works_at_once():
    db: dict[str, ActiveSession] = {}
    cache = SessionCache(db.get, ttl=60.0)
    assert cache.get("new") is None
    db["new"] = _session("new")
    assert cache.authenticate("new", "tok") is not None


def test_a_load_that_raced_with_forget_is_not_kept():
    old, new = _session(jobs=(1,)), _session(jobs=(2,))
    started, release = threading.Event(), threading.Event()
    current = [old]

    def slow_load(sid):
        row = current[0]
        started.set()
        release.wait(5)
        return row

    cache = SessionCache(slow_load, ttl=60.0)
    got = []
    t = threading.Thread(target=lambda: got.append(cache.get("s1")))
    t.start()
    assert started.wait(5)
    current[0] = new
    cache.forget("s1")          # the change happened while the old row was being read
    release.set()
    t.join(5)
    assert got[0].job_ids == (1,)   # that request saw the old row (it began before the change)...
    assert cache.get("s1").job_ids == (2,)   # ...but it was not kept for the next ones


def test_a_zero_time_to_live_reads_every_time_and_forget_all_drops_everything():
    reads = []
    cache = SessionCache(lambda sid: reads.append(sid) or _session(sid), ttl=0)
    cache.get("a")
    cache.get("a")
    assert reads == ["a", "a"]
    kept = SessionCache(lambda sid: reads.append(sid) or _session(sid), ttl=60)
    kept.get("b")
    kept.get("c")
    kept.forget()
    kept.get("b")
    assert reads[-3:] == ["b", "c", "b"]


def test_lookups_are_kept_per_job_set_and_url_bounded_and_for_their_time():
    clock = Clock()
    cache = LookupCache(entries=2, ttl=60.0, clock=clock)
    asked = []

    def fetch(tag):
        return lambda: asked.append(tag) or [tag]

    assert cache.get([1], "http://a/", fetch("1a")) == ["1a"]
    assert cache.get([1], "http://a/", fetch("again")) == ["1a"]
    assert cache.get([1, 2], "http://a/", fetch("12a")) == ["12a"]   # another job set: asked anew
    cache.get([1], "http://a/", fetch("x"))                          # used: now the most recent
    cache.get([1], "http://b/", fetch("1b"))                         # a third entry drops (1,2) a
    assert cache.get([1, 2], "http://a/", fetch("12a-again")) == ["12a-again"]
    clock.now += 60
    assert cache.get([1], "http://b/", fetch("1b-later")) == ["1b-later"]
    assert asked == ["1a", "12a", "1b", "12a-again", "1b-later"]
    assert cache.hits == 2


def test_a_lookup_that_fails_is_not_kept():
    cache = LookupCache()

    def not_ready():
        raise RuntimeError("index being built")

    try:
        cache.get([1], "http://a/", not_ready)
    except RuntimeError:
        pass
    assert cache.get([1], "http://a/", lambda: ["ready"]) == ["ready"]


def test_no_lookup_is_kept_with_zero_entries():
    cache = LookupCache(entries=0)
    asked = []
    cache.get([1], "u", lambda: asked.append(1) or [])
    cache.get([1], "u", lambda: asked.append(2) or [])
    assert asked == [1, 2]


def test_a_kept_record_location_is_signed_for_each_offset_and_length():
    """One arcrepository answer per file; every record URL's token binds its own offset and
    length (#29: a record token was for its whole file)."""
    from server.archive.fileserver import FILE_TOKEN, UrlSigner
    from server.runtime import tokens
    from shared.errors import TokenRejected

    key = b"k" * 32
    backend = ArchiveBackend({"AMQP_URI": "memory://"}, signer=UrlSigner(key, 60))
    calls = []

    def call(service, method, name, offset, replica):
        calls.append((method, name, offset))
        return RecordUrlDto(name, offset, "ONE", "ba", UrlSigner(key, 60).url("http://127.0.0.1:9", "record", name,
                                                                               offset=offset))

    backend.call = call
    first = urllib.parse.urlsplit(backend.record_url("f.warc.gz", 10))
    again = urllib.parse.urlsplit(backend.record_url("f.warc.gz", 2048, 512))
    assert calls == [("get_record", "f.warc.gz", 10)]   # the second offset used the kept location
    assert again.scheme + "://" + again.netloc + again.path == "http://127.0.0.1:9/record/f.warc.gz"
    for parts, query in ((first, {"offset": "10"}), (again, {"offset": "2048", "length": "512"})):
        q = dict(urllib.parse.parse_qsl(parts.query))
        token = q.pop("token")
        assert q == query
        tokens.verify(key, token, FILE_TOKEN, {"route": "record", "name": "f.warc.gz", "q": query})
        with pytest.raises(TokenRejected):          # another offset (or length) is not this token's
            tokens.verify(key, token, FILE_TOKEN, {"route": "record", "name": "f.warc.gz",
                                                   "q": {**query, "offset": "0"}})
    backend.close()


def test_without_the_key_every_record_url_is_the_arcrepository_s():
    backend = ArchiveBackend({"AMQP_URI": "memory://"})
    calls = []

    def call(service, method, name, offset, replica):
        calls.append(offset)
        return RecordUrlDto(name, offset, "ONE", "ba", f"http://127.0.0.1:9/record/{name}?offset={offset}&token=t")

    backend.call = call
    assert backend.record_url("f.warc.gz", 10) == "http://127.0.0.1:9/record/f.warc.gz?offset=10&token=t"
    assert backend.record_url("f.warc.gz", 20, 512) == "http://127.0.0.1:9/record/f.warc.gz?offset=20&token=t"
    assert calls == [10, 20]
    backend.close()


def test_the_control_channel_forgets_answers_and_stops_the_proxy_at_its_end():
    from server.viewerproxy.proxy import serve_control

    class Server:
        def __init__(self):
            self.sessions = SessionCache(lambda sid: _session(sid), ttl=60)
            self.stopped = False

        def shutdown(self):
            self.stopped = True

    server = Server()
    server.sessions.get("s1")
    server.sessions.get("s2")
    answers = io.StringIO()
    serve_control(server, io.StringIO("forget 1 s1\nnonsense\nforget 2 *\n"), answers)
    assert answers.getvalue() == "ok 1\nok 2\n"
    assert server.sessions._rows == {}
    assert server.stopped   # the input ended: the service is gone


def test_a_record_damaged_in_one_replica_is_read_from_another(tmp_path):
    """#33: the proxy answered 502 "cannot be read" while another replica held a good copy. Two
    real file servers: ONE's copy has a flipped bit inside the gzip member (its file server says
    checksum_mismatch), TWO's is good; the record comes from TWO. The arcrepository's answers are
    a stand-in (outside the unit)."""
    import gzip

    record = (b"WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:1>\r\nWARC-Target-URI: http://a/\r\n"
              b"Content-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello\r\n\r\n")
    good = gzip.compress(record) + gzip.compress(record.replace(b"hello", b"again"))
    second = len(gzip.compress(record))
    damaged = bytearray(good)
    damaged[second + 30] ^= 0x20
    servers = _file_servers(tmp_path, "f.warc.gz", {"ONE": bytes(damaged), "TWO": good})
    backend, asked, reported = _backend(servers)
    try:
        rec = backend.open_record("f.warc.gz", second)
        assert rec.read() == b"again"
        rec.close()
        assert ("get_record", "f.warc.gz", second, "TWO") in asked
        assert [r[:2] for r in reported] == [("f.warc.gz", "ONE")]     # the bad copy is reported
        reported.clear()
        with pytest.raises(ChecksumMismatch):       # both damaged: said as damaged, not "unavailable"
            (tmp_path / "TWO" / "f.warc.gz").write_bytes(bytes(damaged))
            backend._locations.clear()
            backend.open_record("f.warc.gz", second)
        assert sorted(r[:2] for r in reported) == [("f.warc.gz", "ONE"), ("f.warc.gz", "TWO")]
    finally:
        backend.close()
        for fs in servers.values():
            fs.stop()


def _file_servers(tmp_path, name: str, copies: dict[str, bytes]) -> dict:
    """A real bitarchive file server per replica (``copies``: replica id -> the file's bytes),
    serving ``name`` from a folder of its own, started."""
    from server.archive.bitarchive.core import record_part
    from server.archive.fileserver import FileServer

    servers = {}
    for rid, data in copies.items():
        folder = tmp_path / rid
        folder.mkdir()
        (folder / name).write_bytes(data)
        fs = FileServer("127.0.0.1:0")
        fs.route("record", lambda rest, q, folder=folder: record_part(str(folder / rest), q))
        fs.start()
        servers[rid] = fs
    return servers


def _backend(servers):
    """An ArchiveBackend whose arcrepository answers are a stand-in (outside the unit): record
    URLs on the given file servers, the default replica ONE; damage reports are collected."""
    from shared.dto.archive import ReplicaDto

    backend = ArchiveBackend({"AMQP_URI": "memory://"})
    asked, reported = [], []

    def call(service, method, *args):
        asked.append((method, *args))
        if method == "replicas":
            return [ReplicaDto("ONE", "Copenhagen", "bitarchive"), ReplicaDto("TWO", "Aarhus", "bitarchive")]
        if method == "report_damage":
            reported.append(args)
            return "checking"
        name, offset, replica = args
        rid = replica or "ONE"
        return RecordUrlDto(name, offset, rid, "ba", f"{servers[rid].base_url}/record/{name}?offset={offset}")

    backend.call = call
    return backend, asked, reported


@pytest.mark.parametrize("where", ["header", "payload"])
@pytest.mark.parametrize("length", [None, "index"], ids=["measured", "index-length"])
def test_a_plain_record_damaged_in_one_replica_is_read_from_another(tmp_path, length, where):
    """An uncompressed WARC whose record lost a byte in ONE: in its header (the Content-Length
    is no number: the file server cannot frame it, warcio reads an empty record) or in its
    payload (the WARC-Block-Digest fails; before, the damaged bytes were replayed as they were).
    The record comes from TWO and ONE's copy is reported, instead of a 502 or damaged bytes."""
    import base64
    import hashlib

    def record(n: int, body: bytes) -> bytes:
        digest = base64.b32encode(hashlib.sha1(body).digest()).decode()
        return (b"WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:%d>\r\n"
                b"WARC-Target-URI: http://a/\r\nWARC-Block-Digest: sha1:%s\r\nContent-Type: text/plain\r\n"
                b"Content-Length: %d\r\n\r\n%s\r\n\r\n" % (n, digest.encode(), len(body), body))

    first, second = record(1, b"hello"), record(2, b"again")
    good = first + second
    damaged = bytearray(good)
    if where == "header":
        damaged[len(first) + second.index(b"Content-Length: 5") + len(b"Content-Length: ")] = ord("x")
    else:
        damaged[len(first) + second.index(b"again")] = ord("A")
    servers = _file_servers(tmp_path, "f.warc", {"ONE": bytes(damaged), "TWO": good})
    backend, asked, reported = _backend(servers)
    try:
        rec = backend.open_record("f.warc", len(first), len(second) if length else None)
        assert rec.read() == b"again"
        rec.close()
        assert [r[:2] for r in reported] == [("f.warc", "ONE")]
    finally:
        backend.close()
        for fs in servers.values():
            fs.stop()


def _resource(n: int, body: bytes, http: bool = False) -> bytes:
    """An uncompressed WARC record with its block digest (a response with an HTTP head if ``http``)."""
    import base64

    block = (b"HTTP/1.1 200 OK\r\nContent-Type: text/css\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
             if http else body)
    digest = base64.b32encode(hashlib.sha1(block).digest()).decode()
    kind, ctype = (b"response", b"application/http; msgtype=response") if http else (b"resource", b"text/plain")
    return (b"WARC/1.0\r\nWARC-Type: %s\r\nWARC-Record-ID: <urn:uuid:%d>\r\nWARC-Target-URI: http://a/%d\r\n"
            b"WARC-Block-Digest: sha1:%s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n"
            % (kind, n, n, digest.encode(), ctype, len(block), block))


def test_a_verified_record_is_read_from_the_bitarchive_once_then_answered_from_memory(tmp_path):
    """Two real file servers (the arcrepository's answers a stand-in): the first open of a record
    asks the arcrepository and the file server; the next ones neither, with the same status,
    headers and payload, each its own reader and ``extra``. A record over an eighth of the cache
    is answered but not kept."""
    from server.viewerproxy.caches import RecordCache

    records = [_resource(1, b"a" * 100, http=True), _resource(2, b"b" * 100), _resource(3, b"c" * 900),
               _resource(4, b"d" * 100)]
    offsets = [sum(len(r) for r in records[:i]) for i in range(len(records))]
    servers = _file_servers(tmp_path, "f.warc", {"ONE": b"".join(records), "TWO": b"".join(records)})
    backend, asked, _reported = _backend(servers)
    backend.records = RecordCache(1000)    # entries of at most 125 payload bytes
    try:
        first = backend.open_record("f.warc", offsets[0])
        assert (first.status, first.header("content-type"), first.read()) == (200, "text/css", b"a" * 100)
        first.extra["file"] = "f.warc"
        again = backend.open_record("f.warc", offsets[0])
        assert len(asked) == 1                              # neither the arcrepository nor a bitarchive again
        assert (again.status, again.header("content-type"), again.length) == (200, "text/css", 100)
        assert again.read(10) == b"a" * 10 and again.read() == b"a" * 90 and again.extra == {}
        assert backend.records.hits == 1
        for _ in range(2):                                  # too large to keep: read each time
            assert backend.open_record("f.warc", offsets[2]).read() == b"c" * 900
        assert len(asked) == 3
        for i in (1, 3):
            assert backend.open_record("f.warc", offsets[i]).read() == bytes([ord("a") + i]) * 100
        assert len(asked) == 5
        assert backend.open_record("f.warc", offsets[0]).read() == b"a" * 100 and len(asked) == 5
    finally:
        backend.close()
        for fs in servers.values():
            fs.stop()


def test_kept_records_are_bounded_by_their_bytes_the_least_recently_used_dropped_first():
    from server.viewerproxy.caches import RecordCache
    from server.viewerproxy.records import Record

    def whole(body: bytes) -> Record:
        return Record("response", "http://a/", "", "", "", "", 200, "OK", [], len(body), False, io.BytesIO(body),
                      in_memory=True)

    cache = RecordCache(800)                  # entries of up to 100 bytes: eight of them
    for i in range(8):
        assert cache.keep("f", i, whole(bytes([65 + i]) * 100)).read() == bytes([65 + i]) * 100
    assert cache.get("f", 0).read() == b"A" * 100          # 0 is now the most recently used
    cache.keep("f", 8, whole(b"I" * 100))                    # one too many: 1 goes, not 0
    assert cache.get("f", 1) is None and cache.get("f", 0) is not None and cache.get("f", 8) is not None
    assert cache._size == 800


def test_a_record_not_read_whole_is_answered_untouched_and_never_kept():
    from server.viewerproxy.caches import RecordCache
    from server.viewerproxy.records import Record

    cache = RecordCache(1 << 20)
    streamed = Record("response", "http://a/", "", "", "", "", 200, "OK", [], None, False, io.BytesIO(b"x" * 10))
    assert cache.keep("f", 1, streamed) is streamed and cache.get("f", 1) is None
    off = RecordCache(0)
    whole = Record("response", "http://a/", "", "", "", "", 200, "OK", [], 3, False, io.BytesIO(b"abc"),
                   in_memory=True)
    assert off.keep("f", 1, whole) is whole and off.get("f", 1) is None


def test_a_damaged_chunked_payload_is_said_before_a_byte_is_replayed():
    """A verified record whose archived HTTP body has broken chunking (the bytes were written so):
    InvalidWarc from the open, so the proxy tries the next capture instead of sending half."""
    from warcio.bufferedreaders import ChunkedDataReader

    from server.viewerproxy.caches import RecordCache
    from server.viewerproxy.records import Record
    from shared.errors import InvalidWarc

    broken = ChunkedDataReader(io.BytesIO(b"5\r\nhello\r\nzz\r\nmore"), raise_exceptions=True)
    rec = Record("response", "http://a/", "", "", "", "", 200, "OK", [], None, False, broken, in_memory=True)
    with pytest.raises(InvalidWarc):
        RecordCache(1 << 20).keep("f", 1, rec)


def test_a_member_that_inflates_past_the_bound_streams_unchecked_and_is_never_kept(tmp_path):
    """Hostile input: a gzip member of a few dozen KiB holding 40 MiB of one byte. Read whole it
    would be inflated in memory to be checked (and then kept); instead it streams from the bytes
    read, as a record over VERIFY_MAX does, and the cache keeps nothing of it."""
    import gzip

    from server.viewerproxy.caches import RecordCache
    from server.viewerproxy.records import INFLATED_MAX, VERIFY_MAX

    body = b"\0" * (INFLATED_MAX + (8 << 20))
    member = gzip.compress(_resource(1, body), 9)
    assert len(member) < VERIFY_MAX
    servers = _file_servers(tmp_path, "f.warc.gz", {"ONE": member, "TWO": member})
    backend, _asked, _reported = _backend(servers)
    backend.records = RecordCache(1 << 30)
    try:
        rec = backend.open_record("f.warc.gz", 0)
        assert not rec.in_memory
        n, largest = 0, 0
        while data := rec.read(1 << 20):
            n, largest = n + len(data), max(largest, len(data))
            assert data.count(0) == len(data)
        rec.close()
        assert n == len(body) and largest <= 1 << 20
        assert backend.records._items == {}
    finally:
        backend.close()
        for fs in servers.values():
            fs.stop()
