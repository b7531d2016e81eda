"""A 1 GB record streams through the real proxy process with its memory growing less than 50 MB.

The proxy process (started by a real ``ViewerProxyService`` container, as in production) finds the
capture through ``index_server.lookup``, asks ``arcrepository.get_record`` where the record is
served, and streams it from a real :class:`FileServer` routed to the bitarchive's own record
resolver (``record_part``), exactly its production path. The index server and the arcrepository
are stand-ins answering for this one file: what is measured is the proxy's memory, and storing a
gigabyte through the real archive would only add minutes of copying and checksums.

The WARC is written in a second: an uncompressed record whose 1 GiB payload is a hole in a sparse
file (zeros) with a marker at its end, so the test sees the last bytes arrive intact.
"""
from __future__ import annotations

import json
import os
import threading
import uuid

import pytest
import requests
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy

from server.archive.bitarchive.core import record_part
from server.archive.fileserver import FileServer
from server.runtime.rpc import rpc
from server.viewerproxy.service import ViewerProxyService
from shared import contracts
from shared.dto.archive import RecordUrlDto
from shared.dto.index import CaptureDto, IndexRequestDto, LookupDto

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]

URL = "http://big.viewer-test.dk/film.bin"
NAME = "9-1-20240101100000-00000-big.warc"
PAYLOAD = 1 << 30                   # 1 GiB
TAIL = b"--the-very-end--"          # the payload's last 16 bytes
LIMIT = 50 * 1024 * 1024


def write_big_warc(path: str) -> int:
    """An uncompressed WARC with one response record of PAYLOAD bytes; answers its length."""
    http = (b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
            b"Content-Length: %d\r\n\r\n" % PAYLOAD)
    block = len(http) + PAYLOAD
    warc = (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%s>\r\n"
            b"WARC-Date: 2024-01-01T10:00:00Z\r\nWARC-Target-URI: %s\r\n"
            b"Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n"
            % (str(uuid.uuid4()).encode(), URL.encode(), block))
    with open(path, "wb") as fh:
        fh.write(warc + http)
        fh.seek(len(warc) + len(http) + PAYLOAD - len(TAIL))   # the hole: zeros, no disk writes
        fh.write(TAIL + b"\r\n\r\n")
        return fh.tell()


class StandInArchive:
    """The two services the proxy asks, answering for the one big file."""

    path = ""
    base_url = ""


class StandInIndex:
    name = "index_server"

    @rpc
    def lookup(self, url: str, job_ids: list[int]) -> LookupDto:
        caps = []
        if url.rstrip("/") == URL:
            caps = [CaptureDto(URL, "20240101100000", "200", "application/octet-stream", "-", NAME, 0,
                               os.path.getsize(StandInArchive.path), 9)]
        return LookupDto(url, "full-9", [9], [], caps)

    @rpc
    def request_index(self, kind: str, job_ids: list[int], wait: float = 0.0) -> IndexRequestDto:
        return IndexRequestDto("r-9", kind, job_ids, "done", job_ids, [], "full-9")


class StandInArcRepository:
    name = "arcrepository"

    @rpc
    def get_record(self, name: str, offset: int, replica: str | None = None) -> RecordUrlDto:
        return RecordUrlDto(name, offset, "ONE", "ba-one", f"{StandInArchive.base_url}/record/{name}?offset={offset}")


def rss(pid: int) -> int:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.fixture
def stack(tmp_path):
    import rabbit_admin

    vhost = f"nas-test-{uuid.uuid4().hex[:12]}"
    try:
        rabbit_admin.create_vhost(vhost)
    except rabbit_admin.NoBroker as exc:
        pytest.skip(str(exc))
    path = str(tmp_path / NAME)
    write_big_warc(path)
    files = FileServer("127.0.0.1:0")
    files.route("record", lambda rest, q: record_part(path, q) if rest == NAME else None)
    files.start()
    StandInArchive.path, StandInArchive.base_url = path, files.base_url
    amqp = {"AMQP_URI": f"amqp://guest:guest@127.0.0.1:5672/{vhost}"}
    containers = []
    try:
        from viewer_testkit.stack import StandInScheduler

        StandInScheduler.jobs = {9: "done"}    # the viewer checks a session's jobs exist
        for cls in (StandInIndex, StandInArcRepository, StandInScheduler):
            c = ServiceContainer(cls, {**amqp, "data_dir": str(tmp_path / cls.name)})
            c.start()
            containers.append(c)
        viewer = ServiceContainer(ViewerProxyService, {
            **amqp, "instance": {"id": "viewer"}, "data_dir": str(tmp_path / "viewer"),
            "viewerproxy": {"address": "127.0.0.1:0", "rpc_timeout": 20, "fetch_timeout": 120}})
        viewer.start()
        containers.append(viewer)
        yield amqp, tmp_path / "viewer"
    finally:
        for c in containers[::-1]:
            c.kill()
        files.stop()
        rabbit_admin.delete_vhost(vhost)


def test_a_1_gb_record_streams_with_bounded_proxy_memory(stack):
    amqp, workdir = stack
    with ClusterRpcProxy(amqp, timeout=60) as client:
        info = contracts.decode("viewerproxy", "proxy_info", client.viewerproxy.proxy_info())
        s = contracts.decode("viewerproxy", "create_session", client.viewerproxy.create_session([9]))
    pid = json.loads((workdir / "viewerproxy" / "listening.json").read_text())["pid"]
    http = requests.Session()
    http.trust_env = False
    proxy = f"http://{s.session_id}:{s.token}@{info.host}:{info.port}"
    http.proxies = {"http": proxy}
    # a first, short answer from the same record: the proxy's code paths and pools are warm
    head = http.get(URL, headers={"Range": "bytes=0-99"}, timeout=60)
    assert head.status_code == 206 and head.content == bytes(100)
    before = rss(pid)
    peak = before
    got = 0
    last = b""
    stop = threading.Event()

    def sample() -> None:   # between the reads too: a buffer that fills and empties is caught
        nonlocal peak
        while not stop.wait(0.05):
            peak = max(peak, rss(pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        with http.get(URL, stream=True, timeout=120) as r:
            assert r.status_code == 200
            assert int(r.headers["Content-Length"]) == PAYLOAD
            for data in r.iter_content(1 << 20):
                got += len(data)
                last = (last + data)[-len(TAIL):]
    finally:
        stop.set()
        sampler.join(5)
    peak = max(peak, rss(pid))
    assert got == PAYLOAD and last == TAIL
    growth = peak - before
    print(f"proxy RSS {before / 2**20:.1f} MiB before, peak {peak / 2**20:.1f} MiB streaming 1 GiB")   # with -s
    assert growth < LIMIT, f"the proxy's memory grew {growth / 2**20:.1f} MiB streaming 1 GiB"
