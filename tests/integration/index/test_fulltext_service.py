"""Full-text search through the real ``index_server`` over RabbitMQ (private vhost), with the real
archive (arcrepository, one bitarchive replica) and a stand-in scheduler: job 1 is a real crawl
of Debian's python3-doc (wget, WARC stored through the arcrepository), job 2 the full-text test
site (HTML in two charsets, a PDF) with its metadata WARC. Each job's full-text index is made
from the archive by the index server: job 2's when its CDX index is built, job 1's when a search
first asks for it."""
from __future__ import annotations

import json
import os

import pytest
from fulltext_testkit import PDF_WORDS, site, write_job
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from nas_command import nas_cli
from static_site import StaticSite, python_doc, wget_warc
from store_sources import loopback_sources
from viewer_testkit.stack import StandInScheduler, store
from waiting import wait_for

from server.archive.arcrepository.service import ArcRepositoryService
from server.archive.bitarchive.service import BitarchiveService
from server.archive.bitarchive_monitor.service import BitarchiveMonitorService
from server.definitions.credentials import CredentialCipher
from server.definitions.service import DefinitionsService
from server.index.service import IndexServerService
from shared import contracts
from shared.client import ServiceClient
from shared.errors import IndexNotReady, InvalidInput, JobNotFound, PermissionDenied

pytestmark = [pytest.mark.rabbit]

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"}]
PHRASE = "easy to learn, powerful programming language"     # python3-doc's tutorial/index.html


@pytest.fixture
def stack(nameko_config, tmp_path):
    StandInScheduler.jobs = {1: "done", 2: "done", 3: "done"}
    containers = []

    def start(cls, inst, **extra):
        archive = {"replicas": REPLICAS, "rpc_timeout": 5,
                   "store": {"timeout": 30, "retries": 0, **loopback_sources(tmp_path)},
                   "bitarchive": {"min_free_bytes": 0, "dirs": [str(tmp_path / inst / "store")]}}
        if inst in ("bam-one", "ba-one"):
            archive["replica"] = "ONE"
        cfg = {**nameko_config, "instance": {"id": inst}, "data_dir": str(tmp_path / inst),
               "runtime": {"heartbeat_interval": 0.5}, "archive": archive, **extra}
        c = ServiceContainer(cls, cfg)
        c.start()
        containers.append(c)

    start(ArcRepositoryService, "arcrepository", database={"url": f"sqlite:///{tmp_path / 'archive.sqlite'}"})
    start(BitarchiveMonitorService.for_replica("ONE"), "bam-one")
    start(BitarchiveService.for_replica("ONE"), "ba-one")
    start(StandInScheduler, "scheduler")
    # the users table: who the people calling are, and their roles
    start(DefinitionsService, "definitions", database={"url": f"sqlite:///{tmp_path / 'h.db'}"},
          harvest={"credentials": {"key": CredentialCipher.generate_key()}})
    files = tmp_path / "files"
    files.mkdir()
    with StaticSite(python_doc()) as web:
        crawl = wget_warc(web, str(files), "1-1-20240101100000-00000-wget")
    second = write_job(str(files), 2, 2, site())
    write_job(str(files), 3, 3, site(), originals={c.url: c for c in second})     # job 3: revisits of job 2
    with ClusterRpcProxy(nameko_config, timeout=60) as rpc:
        wait_for(lambda: rpc.arcrepository.status(), timeout=30)
        for path in (crawl, *[str(files / n) for n in sorted(os.listdir(files)) if n[:2] in ("2-", "3-")]):
            store(rpc, path)
    start(IndexServerService, "index", index={"cache_dir": str(tmp_path / "cache"), "workers": 1, "rpc_timeout": 10})
    try:
        yield tmp_path
    finally:
        for c in containers[::-1]:
            c.stop()


def searched(rpc, query, jobs, **kw):
    """The search once every job asked for is covered (their indexes are made in the background)."""
    def attempt():
        try:
            r = contracts.decode("index_server", "search", rpc.index_server.search(query, jobs, **kw))
        except IndexNotReady:
            return None
        return r if not r.missing else None
    return wait_for(attempt, timeout=300, interval=0.5)


def test_search_a_real_crawl_and_the_test_site(stack, nameko_config, people, amqp_uri):
    with ClusterRpcProxy(nameko_config, timeout=60) as rpc:
        # job 2's full-text index is made with its CDX index
        rpc.index_server.request_index("cdx", [2])
        wait_for(lambda: os.path.isdir(stack / "cache" / "text" / "2") and
                 any(os.path.exists(stack / "cache" / "text" / "2" / s / "manifest.json")
                     for s in os.listdir(stack / "cache" / "text" / "2")), timeout=120, interval=0.2)

        found = searched(rpc, f'"{PHRASE}"', [1, 2])
        assert found.covered == [1, 2] and found.total >= 1
        tutorial = [h for h in found.hits if h.url.endswith("/tutorial/index.html")]
        assert tutorial, [h.url for h in found.hits]
        hit = tutorial[0]
        assert "<b>" in hit.snippet and "programming" in hit.snippet and hit.title.startswith("The Python Tutorial")
        assert hit.job_id == 1 and hit.mime == "text/html" and hit.filename.startswith("1-1-")
        assert hit.timestamp[:4] >= "2024"

        hosts = searched(rpc, "python", [1, 2])
        facets = {f.field: {v.value: v.count for v in f.values} for f in hosts.facets}
        assert facets["domain"].get("127.0.0.1", 0) > 100 and sum(facets["mime"].values()) == hosts.total

        pdf = searched(rpc, f'"{PDF_WORDS}" type:pdf', [1, 2])
        assert [(h.job_id, h.url) for h in pdf.hits] == [(2, "http://www.example.dk/report.pdf")]
        latin = searched(rpc, "garçon host:www.example.dk", [1, 2])
        assert latin.total == 1 and "Besançon" in latin.hits[0].snippet

        # a later job's revisits are found by their originals' words (job 2's index is read for them)
        revisits = searched(rpc, f'"{PDF_WORDS}"', [2, 3], sort="newest")
        assert [(h.job_id, h.url) for h in revisits.hits] == [(3, "http://www.example.dk/report.pdf"),
                                                              (2, "http://www.example.dk/report.pdf")]
        assert revisits.hits[0].revisit_of.startswith("2-1-") and revisits.hits[0].title == "Harvest report"

        # only the jobs asked for: job 2's words are not found in job 1
        assert searched(rpc, f'"{PDF_WORDS}"', [1]).total == 0
        with pytest.raises(JobNotFound):
            rpc.index_server.search("python", [1, 99])
        with pytest.raises(InvalidInput):
            rpc.index_server.search('(python OR', [1])

    # the command line: hits with time, URL, title, snippet and how to open them; JSON; bad input
    out = nas_cli(nameko_config["AMQP_URI"], "search", f'"{PHRASE}"', "--jobs", "1,2").stdout
    assert "/tutorial/index.html" in out and "The Python Tutorial" in out and f"[{PHRASE}]" in out
    assert "open: nas viewer session create --jobs 1 --at 20" in out and "domain: 127.0.0.1" in out
    as_json = json.loads(nas_cli(nameko_config["AMQP_URI"], "search", "garçon", "--jobs", "2", "--json").stdout)
    assert as_json["total"] == 1 and as_json["hits"][0]["url"] == "http://www.example.dk/fr.html"
    listed = nas_cli(nameko_config["AMQP_URI"], "search", "host:www.example.dk", "--jobs", "2,3", "--url-list", "-")
    assert sorted(listed.stdout.split()) == sorted({u for u, _t, _p in site()})
    assert "5 URL(s) of 10 hit(s)" in listed.stderr
    bad = nas_cli(nameko_config["AMQP_URI"], "search", "(python OR", "--jobs", "1", check=2)
    assert "not closed" in bad.stderr or "expected" in bad.stderr, bad.stderr
    assert "Traceback" not in bad.stderr

    # a person with a reading role searches; a login without one is refused and sees nothing
    _login, reader_uri = people(amqp_uri, "qa")
    with ServiceClient(reader_uri) as client:
        assert client.call("index_server", "search", f'"{PDF_WORDS}"', [2]).total == 1
    _login, nobody_uri = people(amqp_uri)
    with ServiceClient(nobody_uri) as client, pytest.raises(PermissionDenied):
        client.call("index_server", "search", f'"{PDF_WORDS}"', [2])
