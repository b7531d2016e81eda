"""A full disk inside the crawler's writers: the WARC file is put back on a record boundary, the
unit is written once space returns, crawl.log lines wait in memory, a stop while paused ends
cleanly. The disk is simulated: the writers' file objects raise OSError(ENOSPC) on demand
(a real tmpfs is filled in test_disk_full_tmpfs.py)."""
from __future__ import annotations

import asyncio
import errno
import os

import pytest
from crawler_helpers import warc_records, warcio_check
from test_warc_writer import WHEN, capture, make_writer

from server.crawler import warc_writer
from server.crawler.crawl_log import CrawlLog, LogEntry
from server.crawler.disk_space import CrawlStopped, DiskSpace, is_no_space
from server.crawler.http_client import Capture
from server.crawler.warc_writer import sha1_digest


class Disk:
    """The simulated disk: counts writes; from write number ``fail_at`` on (or at every flush
    when ``fail_flush``) a write stores half of its bytes and raises ENOSPC, as a disk that
    fills up in the middle of a write does, until ``free()``."""

    def __init__(self):
        self.writes = 0
        self.fail_at: int | None = None
        self.fail_flush = False
        self.failures = 0

    def fill(self, at_write: int | None = None, flush: bool = False) -> None:
        self.writes, self.fail_at, self.fail_flush = 0, at_write, flush

    def free(self) -> None:
        self.fail_at, self.fail_flush = None, False

    def _full(self) -> OSError:
        self.failures += 1
        return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class FlakyFile:
    def __init__(self, fh, disk: Disk):
        self._fh = fh
        self._disk = disk

    def write(self, data) -> int:
        d = self._disk
        d.writes += 1
        if d.fail_at is not None and d.writes >= d.fail_at:
            self._fh.write(data[: len(data) // 2])
            raise d._full()
        return self._fh.write(data)

    def flush(self) -> None:
        if self._disk.fail_flush:
            raise self._disk._full()
        self._fh.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self._fh.close()

    def __getattr__(self, name):
        return getattr(self._fh, name)


async def until(condition, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


@pytest.fixture
def disk(monkeypatch) -> Disk:
    d = Disk()
    real_open = open

    def flaky_open(path, mode="r", *args, **kw):
        fh = real_open(path, mode, *args, **kw)
        return FlakyFile(fh, d) if "b" in mode and ("w" in mode or "+" in mode) else fh

    monkeypatch.setattr(warc_writer, "open", flaky_open, raising=False)
    return d


def spooled_capture(tmp_path, size: int = 600_000):
    """A capture whose body is in a spool file: written through warcio in many pieces."""
    path = tmp_path / "body-1"
    data = os.urandom(size)
    path.write_bytes(data)
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n"
    return Capture(url="http://www.example.dk/big.bin", request=b"GET /big.bin HTTP/1.1\r\n\r\n", head=head,
                   body=b"", status=200, headers=[], ip="127.0.0.1", started=WHEN.timestamp(),
                   spool_path=str(path), body_size=size, payload_sha1=sha1_digest(data),
                   block_sha1=sha1_digest(head + data))


def open_file(directory) -> str:
    [name] = [n for n in os.listdir(directory) if n.endswith(".warc.gz.open")]
    return os.path.join(directory, name)


def readable(path: str) -> list:
    """Every record of ``path`` as warcio reads it (raises on a damaged file)."""
    return [(kind, uri) for _f, kind, uri, _h, _b in warc_records([path])]


def unit_writes(tmp_path, big) -> int:
    """How many writes the unit of ``cap`` makes (a dry run in a directory of its own)."""
    d = Disk()
    w = make_writer(tmp_path / "dry")
    os.makedirs(w.directory)
    w._ready()
    w._fh = FlakyFile(w._fh, d)
    w.write_capture(big, big.payload_sha1, [])
    return d.writes


@pytest.mark.parametrize("point", ["record header", "mid-payload", "gzip flush", "file flush"])
def test_a_failed_unit_leaves_the_file_on_a_record_boundary_and_is_written_once_space_returns(
        tmp_path, disk, point):
    big = spooled_capture(tmp_path)
    n = unit_writes(tmp_path, big)
    assert n > 10  # request, response in many pieces, metadata
    out = tmp_path / "warcs"
    out.mkdir()
    w = make_writer(out)
    small = capture()
    w.write_capture(small, sha1_digest(small.body), [])
    before = readable(open_file(out))
    disk.fill(**{"record header": {"at_write": 1}, "mid-payload": {"at_write": n // 2},
                 "gzip flush": {"at_write": n}, "file flush": {"flush": True}}[point])
    with pytest.raises(OSError) as failed:
        w.write_capture(big, big.payload_sha1, [])
    assert is_no_space(failed.value) and disk.failures == 1
    assert readable(open_file(out)) == before  # valid, and nothing of the failed unit in it
    disk.free()
    w.write_capture(big, big.payload_sha1, [])
    w.close()
    warcio_check(w.closed_files)
    kinds = [(kind, uri) for _f, kind, uri, _h, _b in warc_records(w.closed_files)]
    assert kinds == before + [("request", big.url), ("response", big.url), ("metadata", big.url)]
    assert [r for r in warc_records(w.closed_files) if r[1] == "response"][1][4] == open(big.spool_path, "rb").read()


def test_a_small_unit_cut_in_its_single_write(tmp_path, disk):
    w = make_writer(tmp_path)
    cap = capture()
    w.write_capture(cap, sha1_digest(cap.body), [])
    disk.fill(at_write=1)
    with pytest.raises(OSError):
        w.write_capture(cap, sha1_digest(cap.body), [])
    disk.free()
    w.write_dns("www.example.dk", ["127.0.0.1"], WHEN)
    w.close()
    warcio_check(w.closed_files)
    assert [k for _f, k, _u, _h, _b in warc_records(w.closed_files)] == [
        "warcinfo", "request", "response", "metadata", "response"]


def test_a_new_file_that_cannot_take_its_warcinfo_is_removed_and_its_name_reused(tmp_path, disk):
    w = make_writer(tmp_path)
    disk.fill(at_write=1)
    with pytest.raises(OSError):
        w.write_dns("www.example.dk", ["127.0.0.1"], WHEN)
    assert os.listdir(tmp_path) == []
    disk.free()
    w.write_dns("www.example.dk", ["127.0.0.1"], WHEN)
    w.close()
    assert [os.path.basename(p) for p in w.closed_files] == ["7-3-20240501100000000-00001-testhost.warc.gz"]
    warcio_check(w.closed_files)


def test_the_async_writer_pauses_retries_and_writes_the_unit_once(tmp_path, disk):
    """With a DiskSpace the write waits (the crawl is paused, progress says so) and is retried
    with a bounded backoff until the disk takes it."""
    space = DiskSpace(str(tmp_path), reserve_bytes=0, retry_first_s=0.01, retry_max_s=0.05)
    w = make_writer(tmp_path, space=space)
    cap = capture()

    async def go():
        await w.write_dns_async("www.example.dk", ["127.0.0.1"], WHEN)
        disk.fill(at_write=1)
        task = asyncio.create_task(w.write_capture_async(cap, sha1_digest(cap.body), []))
        await until(lambda: disk.failures >= 3)  # tried again and again while the disk stays full
        assert space.full and not task.done()
        assert space.report()["disk_full"].startswith("the WARC record of http://www.example.dk/")
        disk.free()
        await asyncio.wait_for(task, 10)
        assert not space.full and space.report() == {}

    asyncio.run(go())
    w.close()
    warcio_check(w.closed_files)
    assert [k for _f, k, _u, _h, _b in warc_records(w.closed_files)] == [
        "warcinfo", "response", "request", "response", "metadata"]
    assert space.episodes >= 1


def test_a_stop_while_paused_ends_the_write_cleanly_with_a_valid_file(tmp_path, disk):
    space = DiskSpace(str(tmp_path), reserve_bytes=0, retry_first_s=0.01, retry_max_s=0.05)
    w = make_writer(tmp_path, space=space)
    big = spooled_capture(tmp_path)

    async def go():
        await w.write_dns_async("www.example.dk", ["127.0.0.1"], WHEN)
        disk.fill(at_write=3)
        task = asyncio.create_task(w.write_capture_async(big, big.payload_sha1, []))
        await until(lambda: space.full or task.done())
        assert space.full, task
        space.stop()
        with pytest.raises(CrawlStopped):
            await asyncio.wait_for(task, 10)

    asyncio.run(go())
    disk.free()
    w.close()
    warcio_check(w.closed_files)
    assert [k for _f, k, _u, _h, _b in warc_records(w.closed_files)] == ["warcinfo", "response"]
    assert not os.path.exists(big.spool_path + ".unit")


class _FullSpace(DiskSpace):
    """A disk whose reserve cannot be made until ``room`` is set."""

    room = False

    def make_reserve(self) -> bool:
        return self.room


def test_crawl_log_holds_its_lines_while_the_disk_is_full(tmp_path, monkeypatch):
    space = _FullSpace(str(tmp_path))
    log_path = str(tmp_path / "crawl.log")
    cl = CrawlLog(log_path, space)
    cl.write(LogEntry(200, 10, "http://a.test/1"))
    real_write = cl._fh.write
    full = {"on": True}

    def write(data):
        if full["on"]:
            real_write(data[:7])  # part of a line reaches the disk, then it is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(data)

    monkeypatch.setattr(cl, "_fh", _Proxy(cl._fh, write))
    cl.write(LogEntry(200, 11, "http://a.test/2"))
    cl.write(LogEntry(200, 12, "http://a.test/3"))
    assert space.full and cl.held == 2
    assert open(log_path).read().count("\n") == 1 and open(log_path).read().endswith("\n")
    assert not space.try_resume()  # no room for the reserve yet
    space.room = True
    assert not space.try_resume()  # the reserve fits, but crawl.log still does not
    full["on"] = False
    assert space.try_resume() and not space.full and cl.held == 0
    cl.close()
    assert [line.split()[3] for line in open(log_path)] == [f"http://a.test/{i}" for i in (1, 2, 3)]


class _Proxy:
    def __init__(self, fh, write):
        self._fh, self.write = fh, write

    def __getattr__(self, name):
        return getattr(self._fh, name)


def test_what_counts_as_a_full_disk():
    import sqlite3

    assert is_no_space(OSError(errno.ENOSPC, "x")) and is_no_space(OSError(errno.EDQUOT, "x"))
    assert is_no_space(sqlite3.OperationalError("database or disk is full"))
    assert not is_no_space(OSError(errno.EACCES, "x")) and not is_no_space(ValueError("disk is full"))


def test_the_reserve_is_real_space_and_released(tmp_path):
    space = DiskSpace(str(tmp_path), reserve_bytes=256 * 1024)
    assert space.make_reserve()
    assert os.stat(space.reserve_path).st_blocks * 512 >= 256 * 1024  # allocated, not sparse
    space.hit(OSError(errno.ENOSPC, "No space left on device"), "a test")
    assert not os.path.exists(space.reserve_path) and space.full


def test_crawl_log_keeps_room_past_its_end_and_gives_it_back(tmp_path):
    from server.crawler.crawl_log import ROOM_BYTES
    from server.crawler.disk_space import keep_room

    probe = tmp_path / "probe"
    with open(probe, "wb") as fh:
        if not keep_room(fh.fileno(), 0, 4096):
            pytest.skip("this file system cannot allocate past a file's end")
    cl = CrawlLog(str(tmp_path / "crawl.log"), DiskSpace(str(tmp_path)))
    cl.write(LogEntry(200, 10, "http://a.test/1"))
    st = os.stat(tmp_path / "crawl.log")
    assert st.st_blocks * 512 >= ROOM_BYTES > st.st_size   # allocated, the size unchanged
    cl.close()
    st = os.stat(tmp_path / "crawl.log")
    assert st.st_blocks * 512 < ROOM_BYTES and open(tmp_path / "crawl.log").read().count("\n") == 1
