"""The ``index_server`` over RabbitMQ (private vhost) with the real archive in this process
(arcrepository on SQLite, one bitarchive replica with its monitor) and a stand-in ``scheduler``
that knows which jobs exist and how they ended. The jobs' metadata WARCs are stored through the
arcrepository; the index server finds, fetches and indexes them through its RPCs."""
from __future__ import annotations

import io
import os

import eventlet
import pytest
import requests
from index_testkit import digest_of, simple_job, write_metadata
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from store_sources import loopback_sources
from viewer_testkit.stack import StandInScheduler, store  # the same stand-in and store as the viewer's tests
from waiting import wait_for

from server.archive.arcrepository.service import ArcRepositoryService
from server.archive.bitarchive.service import BitarchiveService
from server.archive.bitarchive_monitor.service import BitarchiveMonitorService
from server.harvester.archive_client import md5_file
from server.index import package
from server.index.dedup_index import DedupIndexReader
from server.index.service import IndexServerService
from server.index.tracking import RequestStore
from shared import contracts
from shared.errors import IndexNotReady, InvalidInput, JobNotFound, NoIndexData

pytestmark = [pytest.mark.rabbit]

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"}]


class Stack:
    def __init__(self, nameko_config, root):
        self.nameko_config = nameko_config
        self.root = root
        self.containers: dict[str, ServiceContainer] = {}
        self.cache_dir = str(root / "index-cache")

    def config(self, inst: str, **extra) -> dict:
        archive = {"replicas": REPLICAS, "rpc_timeout": 5,
                   "store": {"timeout": 10, "retries": 0, **loopback_sources(self.root.parent)},
                   "bitarchive": {"min_free_bytes": 0, "dirs": [str(self.root / inst / "store")]}}
        cfg = {**self.nameko_config, "instance": {"id": inst}, "data_dir": str(self.root / inst),
               "runtime": {"heartbeat_interval": 0.5}, "archive": archive, **extra}
        if inst in ("bam-one", "ba-one"):
            cfg["archive"]["replica"] = "ONE"
        if inst == "arcrepository":
            cfg["database"] = {"url": f"sqlite:///{self.root / 'archive.sqlite'}"}
        return cfg

    def start(self, inst: str) -> None:
        cls = {"arcrepository": ArcRepositoryService, "bam-one": BitarchiveMonitorService.for_replica("ONE"),
               "ba-one": BitarchiveService.for_replica("ONE"), "scheduler": StandInScheduler,
               "index": IndexServerService}[inst]
        extra = {}
        if inst == "index":
            extra = {"index": {"cache_dir": self.cache_dir, "workers": 1, "rpc_timeout": 10}}
        c = ServiceContainer(cls, self.config(inst, **extra))
        c.start()
        self.containers[inst] = c

    def stop(self, inst: str) -> None:
        self.containers.pop(inst).stop()

    def stop_all(self) -> None:
        for inst in list(self.containers)[::-1]:
            self.stop(inst)


@pytest.fixture
def stack(nameko_config, tmp_path):
    StandInScheduler.jobs = {1: "done", 2: "done", 3: "failed", 4: "done"}
    StandInScheduler.domains = {}
    s = Stack(nameko_config, tmp_path)
    for inst in ("arcrepository", "bam-one", "ba-one", "scheduler"):
        s.start(inst)
    files = tmp_path / "files"
    files.mkdir()
    j1 = simple_job(1, 20, day=1)
    j2 = simple_job(2, 20, day=2)
    first = {c.url: c for c in j1}
    for c in j2:
        if c.mime == "image/png":
            c.revisit_of = (first[c.url].file, first[c.url].offset, first[c.url].ts)
    with ClusterRpcProxy(nameko_config, timeout=30) as rpc:
        wait_for(lambda: rpc.arcrepository.status(), timeout=30)
        for job, caps in ((1, j1), (2, j2), (3, simple_job(3, 10, day=3))):
            store(rpc, write_metadata(str(files / f"{job}-metadata-1.warc.gz"), job, caps))
    try:
        yield s
    finally:
        s.stop_all()


def done(rpc, kind, ids):
    return wait_for(lambda: (r := rpc.index_server.index_status(kind, ids, 2))["state"] in ("done", "failed") and r,
                    timeout=90, interval=0.1)


def test_indexes_from_the_archive_partial_answers_and_transfer(stack, nameko_config, tmp_path):
    stack.start("index")
    with ClusterRpcProxy(nameko_config, timeout=30) as rpc:
        first = contracts.decode("index_server", "request_index", rpc.index_server.request_index("dedup", [1, 2, 3, 4]))
        assert first.state in ("queued", "building", "done")
        req = contracts.decode("index_server", "index_status", done(rpc, "dedup", [1, 2, 3, 4]))
        assert req.state == "done" and req.covered == [1, 2]
        assert {(m.job_id, m.code) for m in req.missing} == {(3, "not_finished"), (4, "no_metadata")}
        loc = contracts.decode("index_server", "get_index", rpc.index_server.get_index("dedup", [1, 2, 3, 4]))
        assert loc.index_name == "1-2" and loc.url and loc.checksum
        # over HTTP, as a harvester on another host reads it
        dest = tmp_path / "dedup.tar"
        dest.write_bytes(requests.get(loc.url, timeout=30).content)
        assert md5_file(str(dest)) == loc.checksum
        reader = DedupIndexReader(package.unpack(str(dest), str(tmp_path / "dedup")))
        hit = reader.lookup("http://www.example.dk/img/5.png", digest_of("image 5"))
        assert hit.warc_file.startswith("1-1-") and hit.date.startswith("2024-01-01T")
        reader.close()

        rpc.index_server.request_index("cdx", [1, 2])
        assert done(rpc, "cdx", [1, 2])["entries"] == 40
        cdx = rpc.index_server.get_index("cdx", [1, 2], "cdx11")
        text = requests.get(cdx["url"], timeout=30).text.splitlines()
        assert text[0].startswith(" CDX") and len(text) == 41

        with pytest.raises(IndexNotReady):
            rpc.index_server.lookup("http://www.example.dk/img/1.png", [1, 2, 3])  # starts the full index
        done(rpc, "full", [1, 2, 3])
        found = contracts.decode("index_server", "lookup",
                                 rpc.index_server.lookup("http://www.example.dk/img/1.png", [1, 2, 3]))
        assert [c.job_id for c in found.captures] == [1, 2, 3] and found.covered == [1, 2, 3]
        assert found.captures[1].revisit_of_filename.startswith("1-1-")

        with pytest.raises(JobNotFound) as err:
            rpc.index_server.request_index("cdx", [1, 99])
        assert "99" in str(err.value)
        with pytest.raises(InvalidInput):
            rpc.index_server.request_index("cdx", [])
        overview = contracts.decode("index_server", "overview", rpc.index_server.overview())
        assert overview.requests["done"] == 3 and overview.used > 0


def test_twenty_identical_requests_at_once_make_one_build(stack, nameko_config):
    stack.start("index")
    answers = []

    def ask():
        with ClusterRpcProxy(nameko_config, timeout=60) as rpc:
            answers.append(rpc.index_server.request_index("full", [1, 2], 10))

    threads = [eventlet.spawn(ask) for _ in range(20)]
    for t in threads:
        t.wait()
    with ClusterRpcProxy(nameko_config, timeout=30) as rpc:
        assert done(rpc, "full", [1, 2])["state"] == "done"
    assert len(answers) == 20
    with open(os.path.join(stack.cache_dir, "builds.log")) as fh:
        assert len(fh.read().splitlines()) == 1


def test_a_request_left_building_is_resumed_when_the_server_starts(stack, nameko_config):
    store = RequestStore(stack.cache_dir)
    req = store.queue("cdx", [1, 2])
    req.state = "building"  # as a server killed during the build left it
    store.save(req)
    stack.start("index")
    with ClusterRpcProxy(nameko_config, timeout=30) as rpc:
        again = wait_for(lambda: (r := rpc.index_server.index_status("cdx", [1, 2], 1))["state"] == "done" and r,
                         timeout=60)
        assert again["covered"] == [1, 2]
        rpc.index_server.get_index("cdx", [1, 2])


def test_the_command_line(stack, nameko_config, tmp_path, capsys):
    from server.cli.main import main

    stack.start("index")
    uri = ["--amqp-uri", nameko_config["AMQP_URI"]]
    out = tmp_path / "index.cdxj"
    assert main(["index", "cdx", "1-2", "-o", str(out), *uri]) == 0
    printed = capsys.readouterr()
    assert "cdx index 1-2: 40 entries" in printed.out and "covers 2 job(s) 1-2" in printed.out
    assert len(out.read_text().splitlines()) == 40 and "md5" in printed.err

    assert main(["index", "dedup", "1-4", "-o", str(tmp_path / "dedup.tar"), *uri]) == 1  # partial
    printed = capsys.readouterr()
    assert "covers 2 job(s) 1-2" in printed.out
    assert "missing job 3: not_finished" in printed.err and "missing job 4: no_metadata" in printed.err
    assert DedupIndexReader(package.unpack(str(tmp_path / "dedup.tar"), str(tmp_path / "d"))).lookup(
        "http://www.example.dk/img/1.png", digest_of("image 1")) is not None

    assert main(["index", "lookup", "http://example.dk/img/3.png", "--jobs", "1,2", *uri]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["time", "status", "mime", "job"] and len(lines) == 4
    assert "1-1-20240101000000000-00001-test.warc.gz:4500" in lines[3]  # job 2's revisit of job 1's image

    assert main(["index", "status", *uri]) == 0
    text = capsys.readouterr().out
    assert "requests: 0 queued, 0 building, 3 done, 0 failed" in text and "dedup" in text

    assert main(["index", "cdx", "1,99", *uri]) == 4   # not found
    assert "no job 99" in capsys.readouterr().err
    assert main(["index", "full", "0-1", *uri]) == 2
    assert "positive whole numbers" in capsys.readouterr().err


def _warc(path, job_id: int, pages: list[tuple[str, str, bytes]]) -> list:
    """A real WARC of response records (url, ts14, body) and the captures pointing into it."""
    from index_testkit import Cap
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    caps = []
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        for url, ts, body in pages:
            offset = fh.tell()
            hdr = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=hdr))
            caps.append(Cap(url, ts, "text/html", 200, digest_of(body), len(body), os.path.basename(path), offset))
    return caps


def test_a_record_by_url_in_one_command(stack, nameko_config, tmp_path, capsys):
    """#33: a record by URL took two commands (`index lookup`, then `get-record` with the file and
    offset it printed). `nas index record URL` finds the capture (the newest, or the closest to
    --at; for a revisit, its original) and prints the record as get-record does."""
    from index_testkit import Cap

    from server.cli.main import main

    url = "http://www.example.dk/record/a.html"
    StandInScheduler.jobs = {**StandInScheduler.jobs, 5: "done", 6: "done", 7: "done"}
    StandInScheduler.domains = {5: {"example.dk"}, 6: {"example.dk"}}
    files = tmp_path / "rec"
    files.mkdir()
    first = _warc(str(files / "5-1-20240105000000000-00001-test.warc.gz"), 5,
                  [("http://www.example.dk/record/other.html", "20240105000000", b"<p>other</p>"),
                   (url, "20240105000001", b"<p>the first version</p>")])
    second = _warc(str(files / "6-1-20240106000000000-00001-test.warc.gz"), 6,
                   [(url, "20240106000000", b"<p>the second version</p>")])
    original = first[1]
    revisit = [Cap(url, "20240107000000", "text/html", 200, original.digest, original.size,
                   revisit_of=(original.file, original.offset, original.ts))]
    with ClusterRpcProxy(nameko_config, timeout=30) as rpc:
        for job, caps in ((5, first), (6, second)):
            store(rpc, str(files / caps[0].file))
            store(rpc, write_metadata(str(files / f"{job}-metadata-1.warc.gz"), job, caps))
        store(rpc, write_metadata(str(files / "7-metadata-1.warc.gz"), 7, revisit))
    stack.start("index")
    uri = ["--amqp-uri", nameko_config["AMQP_URI"]]
    capsys.readouterr()

    assert main(["index", "record", url, "--jobs", "5,6", *uri]) == 0          # the newest capture
    got = capsys.readouterr()
    assert "the second version" in got.out and "WARC-Target-URI: " + url in got.out, got
    assert "captured 20240106000000 in job 6" in got.err
    out = tmp_path / "first.txt"
    assert main(["index", "record", url, "--jobs", "5-6", "--at", "20240105", "-O", str(out), *uri]) == 0
    assert "the first version" in out.read_text() and "the second" not in out.read_text()
    capsys.readouterr()
    assert main(["index", "record", url, "--jobs", "5,7", *uri]) == 0           # a revisit: its original
    got = capsys.readouterr()
    assert "the first version" in got.out and "the original of a revisit" in got.err, got.err
    # no jobs named: the newest ended jobs that harvested the URL's domain (asked of the scheduler)
    assert main(["index", "record", url, *uri]) == 0
    got = capsys.readouterr()
    assert "the second version" in got.out and "job(s) that harvested example.dk: 5-6" in got.err, got.err
    assert main(["index", "record", "http://www.elsewhere.dk/", *uri]) == 4
    assert "no ended job harvested elsewhere.dk" in capsys.readouterr().err
    # no capture, a bad moment: one line each, with the code of its kind
    assert main(["index", "record", "http://www.example.dk/never.html", "--jobs", "5", *uri]) == 4
    assert capsys.readouterr().err.splitlines()[-1].startswith("nas: not found: no capture of ")
    assert main(["index", "record", url, "--jobs", "5", "--at", "yesterday", *uri]) == 2


def test_a_jobs_page_list_seeds_first_and_by_url_prefix(stack, nameko_config, tmp_path):
    """``job_pages`` over the real service and archive: made in the background at the first ask
    (IndexNotReady), then seeds, browser-rendered pages and HTML pages, paged and by prefix."""
    StandInScheduler.jobs[5] = "done"
    caps = simple_job(5, 12, day=5)
    seeds = ["http://www.example.dk/page/6", "http://www.example.dk/missing-seed"]
    rendered = [{"id": "p", "url": "http://www.example.dk/page/8", "title": "Rendered", "ts": "2024-01-05T00:00:08Z",
                 "status": 200}]
    with ClusterRpcProxy(nameko_config, timeout=30) as rpc:
        store(rpc, write_metadata(str(tmp_path / "5-metadata-1.warc.gz"), 5, caps, seeds=seeds, pages=rendered))
    stack.start("index")
    with ClusterRpcProxy(nameko_config, timeout=30) as rpc:
        with pytest.raises(IndexNotReady):
            rpc.index_server.job_pages(5)
        raw = wait_for(lambda: _pages_or_none(rpc, 5), timeout=60, interval=0.1)
        page = contracts.decode("index_server", "job_pages", raw)
        assert [(p.source, p.url) for p in page.items] == [
            ("seed", "http://www.example.dk/page/6"), ("seed", "http://www.example.dk/missing-seed"),
            ("browser", "http://www.example.dk/page/8"), ("html", "http://www.example.dk/page/0"),
            ("html", "http://www.example.dk/page/10"), ("html", "http://www.example.dk/page/2"),
            ("html", "http://www.example.dk/page/4")]
        assert page.items[0].timestamp == "20240105000006" and page.items[1].timestamp == ""
        assert page.items[2].title == "Rendered" and page.total == 7
        part = contracts.decode("index_server", "job_pages", rpc.index_server.job_pages(5, "example.dk/page/1", 0, 5))
        assert [p.url for p in part.items] == ["http://www.example.dk/page/10"] and part.total == 1
        second = contracts.decode("index_server", "job_pages", rpc.index_server.job_pages(5, "", 5, 5))
        assert second.total == 7 and len(second.items) == 2 and second.offset == 5
        with pytest.raises(InvalidInput):
            rpc.index_server.job_pages(5, "/", 0, 10)
        with pytest.raises(InvalidInput):
            rpc.index_server.job_pages(5, "", 0, 100000)
        with pytest.raises(JobNotFound):
            rpc.index_server.job_pages(77)
        with pytest.raises(NoIndexData):        # a job without a metadata file in the archive
            rpc.index_server.job_pages(4)
        # a damaged metadata WARC: the reason is kept and raised, typed, at the next ask
        StandInScheduler.jobs[6] = "done"
        damaged = tmp_path / "6-metadata-1.warc.gz"
        damaged.write_bytes(b"\x1f\x8b\x08\x00 this is no gzip member at all" * 10)
        store(rpc, str(damaged))
        with pytest.raises(IndexNotReady):
            rpc.index_server.job_pages(6)
        assert wait_for(lambda: _failure_of(rpc, 6), timeout=60, interval=0.1) == "invalid_warc"


def _pages_or_none(rpc, job):
    try:
        return rpc.index_server.job_pages(job)
    except IndexNotReady:
        return None


def _failure_of(rpc, job):
    from shared.errors import NasError

    try:
        rpc.index_server.job_pages(job)
    except IndexNotReady:
        return None
    except NasError as exc:
        return exc.code
    return "answered"
