"""The same site harvested twice through the real services, as real processes on a private vhost
(supervisor): definitions and scheduler (PostgreSQL), harvester, the archive (arcrepository, one
bitarchive replica and its monitor) and the index server. The second job is made with the first
as its deduplication source; the harvester gets the dedup index from the index server before the
crawl; its WARCs hold revisits of the unchanged images, its crawl.log the duplicate annotations,
its metadata the covered job and the job's statistics what was saved; pywb, given the index
server's CDXJ of both jobs, replays the revisit with the original's bytes. Every process started
here is stopped by PID in ``finally``."""
from __future__ import annotations

import gzip
import json
import os
import shutil

import pytest
import requests
import yaml
from harvester_testkit.fake_scheduler import wait_for
from nameko.standalone.rpc import ClusterRpcProxy
from pywb_replay import Wayback
from store_sources import loopback_sources
from testweb import TestWeb
from testweb.site import PNG
from warcio.archiveiterator import ArchiveIterator

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.runtime import supervisor

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]

REPLICAS = [{"id": "ONE", "name": "Replica one", "type": "bitarchive"}]
PROFILE = yaml.safe_dump({  # no dedup key: deduplication is on by default
    "robots": "ignore", "max_workers": 3, "progress_interval_s": 0.3, "statistics_interval_s": 1,
    "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
    "fetch": {"read_timeout_s": 3, "connect_timeout_s": 3, "max_retries": 1, "retry_delay_s": 0.05},
    "scope": {"max_hops": 3}, "warc": {"max_size_bytes": 200_000}})


@pytest.fixture(scope="module")
def web():
    with TestWeb(pages_per_host=12) as w:
        yield w


@pytest.fixture
def cluster(tmp_path, amqp_uri, postgres_url, web):
    conf = tmp_path / "conf"
    conf.mkdir()
    engine = make_engine(postgres_url)
    upgrade(engine, "harvest", "server.harvestdb.migrations")
    engine.dispose()
    common = {"AMQP_URI": amqp_uri, "runtime": {"heartbeat_interval": 0.5}}
    archive = {"replicas": REPLICAS, "store": {"timeout": 30, "retries": 0, **loopback_sources()}, "rpc_timeout": 10,
               "bitarchive": {"min_free_bytes": 0}}
    instances = {
        "definitions": ("server.definitions.service:DefinitionsService",
                        {"database": {"url": postgres_url}, "harvest": {"domain": {"add_https_seed": False}}}),
        "scheduler": ("server.scheduler.service:SchedulerService",
                      {"database": {"url": postgres_url}, "harvest": {"scheduler": {"timer_interval": 1}}}),
        "arcrepository": ("server.archive.arcrepository.service:ArcRepositoryService", {"archive": archive}),
        "bam-one": ("server.archive.bitarchive_monitor.service:bitarchive_monitor",
                    {"archive": {**archive, "replica": "ONE"}}),
        "ba-one": ("server.archive.bitarchive.service:bitarchive", {"archive": {**archive, "replica": "ONE"}}),
        "index": ("server.index.service:IndexServerService", {"index": {"workers": 1, "rpc_timeout": 10}}),
        "harvester": ("server.harvester.service:HarvesterService", {"harvester": {
            "channel": "FOCUSED", "min_space_left": 0, "claim_interval": 0.5, "poll_interval": 0.2,
            "status_interval": 2, "process_timeout": 10, "stop_timeout": 20, "rpc_timeout": 10,
            "crawler_overrides": {"upstream_proxy": web.proxy_url}, "dedup": {"index_timeout": 120},
            "archive": {"kind": "arcrepository", "store_timeout": 60}}}),
    }
    for inst, (service, extra) in instances.items():
        cfg = {**common, "instance": {"id": inst, "service": service}, "data_dir": f"../data/{inst}", **extra}
        (conf / f"{inst}.yaml").write_text(yaml.safe_dump(cfg))
    env = {"NAS_TEST_EVENTLET": ""}
    supervisor.start(str(conf), env=env)
    rpc = ClusterRpcProxy({"AMQP_URI": amqp_uri}, timeout=30)
    proxy = rpc.start()
    try:
        for name in ("definitions", "scheduler", "arcrepository", "harvester", "index_server"):
            wait_for(lambda n=name: getattr(proxy, n).status(), timeout=60, interval=0.5)
        yield {"rpc": proxy, "data": tmp_path / "data"}
    finally:
        rpc.stop()
        supervisor.stop(str(conf), grace=25)


def _harvest(rpc, name: str, domain: str) -> dict:
    d = rpc.definitions
    d.create_selective(name, "Daily", [{"domain": domain}])
    d.set_harvest_active(name, True)
    rpc.scheduler.run_once(wait=True)
    page = wait_for(lambda: (p := rpc.scheduler.list_jobs({"harvest": name}))["items"] and p, timeout=30)
    job_id = page["items"][0]["id"]
    job = wait_for(lambda: (j := rpc.scheduler.job(job_id))["status"] in ("done", "failed") and j,
                   timeout=180, interval=0.5)
    assert job["status"] == "done", job
    return job


def _stored(data) -> dict[str, str]:
    out = {}
    for dirpath, _dirs, files in os.walk(data / "ba-one"):
        for f in files:
            if f.endswith(".warc.gz"):
                out[f] = os.path.join(dirpath, f)
    return out


def _records(path: str) -> list[tuple[str, dict, bytes]]:
    with open(path, "rb") as fh:
        return [(r.rec_type, dict(r.rec_headers.headers), r.content_stream().read()) for r in ArchiveIterator(fh)]


def test_a_second_harvest_deduplicates_and_pywb_replays_its_revisits(cluster, tmp_path):
    rpc = cluster["rpc"]
    rpc.definitions.upload_profile("fast", PROFILE, "yaml")
    domain = "example1.test"
    rpc.definitions.create_domain(domain)
    dom = rpc.definitions.get_domain(domain)
    rpc.definitions.save_configuration(domain, dom["edition"], "defaultconfig", profile="fast", max_bytes=-1)
    first = _harvest(rpc, "dedup-first", domain)
    second = _harvest(rpc, "dedup-second", domain)
    assert second["dedup_job_ids"] == [first["id"]]
    stored = _stored(cluster["data"])

    # the second job's WARCs: revisits of the unchanged images, with the WARC 1.1 revisit headers
    revisits = {}
    for name, path in stored.items():
        if name.startswith(f"{second['id']}-") and "-metadata-" not in name:
            for kind, headers, _body in _records(path):
                if kind == "revisit":
                    revisits[headers["WARC-Target-URI"]] = headers
    image = f"http://www.{domain}/img/1.png"
    assert image in revisits and not any(u.endswith((".html", ".css")) for u in revisits)
    rec = revisits[image]
    assert rec["WARC-Profile"] == "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"
    assert rec["WARC-Refers-To-Target-URI"] == image and rec["WARC-Refers-To-Date"]

    # its metadata: crawl.log annotations pointing into the first job's files, and the covered job
    meta = {(h.get("WARC-Target-URI") or "").split("?")[0]: body
            for _k, h, body in _records(stored[f"{second['id']}-metadata-1.warc.gz"])}
    assert meta["metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs"] == str(first["id"]).encode()
    line = next(x for x in meta["metadata://netarkivet.dk/crawl/logs/crawl.log"].decode().splitlines()
                if f" {image} " in x)
    annotation = line.split()[11]
    assert annotation.startswith(f'duplicate:"{first["id"]}-') and annotation.count(",") == 2
    orig_file, orig_offset, orig_ts = annotation[len('duplicate:"'):-1].split(",")
    assert orig_file in stored and len(orig_ts) == 17   # the original's time to the millisecond
    with open(stored[orig_file], "rb") as fh:  # the annotation points at the original response
        fh.seek(int(orig_offset))
        original = next(iter(ArchiveIterator(fh)))
        assert original.rec_type == "response" and original.rec_headers.get_header("WARC-Target-URI") == image
    # through crawl.log, the index server and the dedup index: the original's WARC-Date, exactly
    assert rec["WARC-Refers-To-Date"] == original.rec_headers.get_header("WARC-Date")
    assert "".join(c for c in rec["WARC-Refers-To-Date"] if c.isdigit()) == orig_ts

    # the space saved is in the job's statistics, per job and per domain (of the job's own domains:
    # an image fetched from another site is a revisit too, but no domain of this job)
    own = [u for u in revisits if u.split("/")[2].endswith(domain)]
    stats = rpc.scheduler.job(second["id"])
    assert stats["duplicates"] == len(own) > 0 and stats["duplicate_bytes"] > 0
    row = next(r for r in rpc.scheduler.job_domains(second["id"])["items"] if r["domain"] == domain)
    assert row["duplicates"] == len(own)

    # a replay tool resolves the revisit: pywb over the index server's CDXJ of both jobs
    ids = [first["id"], second["id"]]
    rpc.index_server.request_index("cdx", ids)
    done = wait_for(lambda: (r := rpc.index_server.index_status("cdx", ids, 5))["state"] == "done" and r,
                    timeout=120)
    assert done["covered"] == ids
    loc = rpc.index_server.get_index("cdx", ids)
    cdxj = tmp_path / "index.cdxj"
    cdxj.write_bytes(requests.get(loc["url"], timeout=30).content)
    warcs = tmp_path / "warcs"
    warcs.mkdir()
    for name, path in stored.items():
        shutil.copy(path, warcs / name)
    revisit_ts = next(json.loads(x.split(" ", 2)[2]) and x.split(" ")[1] for x in cdxj.read_text().splitlines()
                      if json.loads(x.split(" ", 2)[2]).get("url") == image
                      and json.loads(x.split(" ", 2)[2]).get("mime") == "warc/revisit")
    with Wayback(str(tmp_path / "pywb"), str(cdxj), str(warcs)) as wayback:
        got = requests.get(wayback.url(revisit_ts, image), timeout=30)
    assert got.status_code == 200, got.text[:500]
    body = got.content
    if got.headers.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    assert body.startswith(PNG) and body == PNG + bytes([sum(b"/img/1.png") % 251]) * 64
