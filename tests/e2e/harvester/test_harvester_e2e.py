"""The full path as real processes on a private vhost, started by the supervisor: definitions and
scheduler (PostgreSQL harvest database), harvester, and the archive (arcrepository, one bitarchive
replica with its monitor). A selective definition → scheduler → harvester → crawler (against the
local test web) → archive → the job Done; then a harvester SIGKILLed mid-crawl and started again.
Every process started here is stopped by PID in ``finally``."""
from __future__ import annotations

import json
import os
import signal

import pytest
import yaml
from harvester_testkit import warcio_check
from harvester_testkit.fake_scheduler import wait_for
from nameko.standalone.rpc import ClusterRpcProxy
from store_sources import loopback_sources
from testweb import TestWeb
from warcio.archiveiterator import ArchiveIterator

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.runtime import supervisor

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]

REPLICAS = [{"id": "ONE", "name": "Replica one", "type": "bitarchive"}]


def _profile(delay_ms: int, **more) -> str:
    return yaml.safe_dump({
        **more, "robots": "ignore", "max_workers": 3, "progress_interval_s": 0.3, "statistics_interval_s": 1,
        "politeness": {"delay_factor": 0, "min_delay_ms": delay_ms, "max_delay_ms": delay_ms},
        "fetch": {"read_timeout_s": 3, "connect_timeout_s": 3, "max_retries": 1, "retry_delay_s": 0.05},
        "scope": {"max_hops": 3}, "warc": {"max_size_bytes": 50_000}})


@pytest.fixture(scope="module")
def web():
    with TestWeb(pages_per_host=12) as w:
        yield w


@pytest.fixture
def cluster(tmp_path, amqp_uri, postgres_url, web):
    conf = tmp_path / "conf"
    conf.mkdir()
    # Migrated once here: two services upgrading one empty database at once would race.
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
        "harvester": ("server.harvester.service:HarvesterService", {"harvester": {
            "channel": "FOCUSED", "min_space_left": 0, "claim_interval": 0.5, "poll_interval": 0.2,
            "status_interval": 2, "process_timeout": 10, "stop_timeout": 20, "rpc_timeout": 10,
            "crawler_overrides": {"upstream_proxy": web.proxy_url},
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
        for name in ("definitions", "scheduler", "arcrepository", "harvester"):
            wait_for(lambda n=name: getattr(proxy, n).status(), timeout=60, interval=0.5)
        yield {"conf": str(conf), "rpc": proxy, "data": tmp_path / "data", "env": env}
    finally:
        rpc.stop()
        supervisor.stop(str(conf), grace=25)


def _define(rpc, name: str, domain: str | list[str], profile: str, delay_ms: int, **more) -> None:
    d = rpc.definitions
    d.upload_profile(profile, _profile(delay_ms, **more), "yaml")
    domains = [domain] if isinstance(domain, str) else domain
    for name_ in domains:
        dom = d.create_domain(name_)
        d.save_configuration(name_, dom["edition"], "defaultconfig", profile=profile, max_bytes=-1)
    d.create_selective(name, "Daily", [{"domain": x} for x in domains])
    d.set_harvest_active(name, True)
    rpc.scheduler.run_once(wait=True)


def _job_of(rpc, harvest: str) -> dict:
    page = rpc.scheduler.list_jobs({"harvest": harvest})
    return page["items"][0] if page["items"] else None


def _stored_files(data) -> list[str]:
    root = data / "ba-one"
    out = []
    for dirpath, _dirs, files in os.walk(root):
        out += [os.path.join(dirpath, f) for f in files if ".warc.gz" in f and not f.endswith((".part", ".tmp"))]
    return sorted(out)


def test_full_path_selective_harvest_ends_done_with_files_archived(cluster):
    rpc = cluster["rpc"]
    _define(rpc, "e2e-selective", "example1.test", "fast", 0)
    job = wait_for(lambda: (j := _job_of(rpc, "e2e-selective")) and j["status"] in ("done", "failed") and j,
                   timeout=120, interval=0.5)
    details = rpc.scheduler.job(job["id"])
    assert job["status"] == "done", details
    domains = rpc.scheduler.job_domains(job["id"])["items"]
    row = next(r for r in domains if r["domain"] == "example1.test")
    assert row["stop_reason"] == "completed" and row.get("objects", row.get("harvested_objects", 0)) > 10, row
    stored = _stored_files(cluster["data"])
    names = {os.path.basename(p) for p in stored}
    meta = f"{job['id']}-metadata-1.warc.gz"
    assert meta in names and len(names) >= 3, names
    warcio_check(stored)
    listed = {f["name"] for f in rpc.arcrepository.list_files()["items"]}
    assert names <= listed
    # The metadata's CDX points at the right records of the stored WARC files.
    by_name = {os.path.basename(p): p for p in stored}
    checked = 0
    with open(by_name[meta], "rb") as fh:
        for record in ArchiveIterator(fh):
            if "/crawl/index/cdx?" not in (record.rec_headers.get_header("WARC-Target-URI") or ""):
                continue
            for line in record.content_stream().read().decode().splitlines():
                entry = json.loads(line.split(" ", 2)[2])
                with open(by_name[entry["filename"]], "rb") as warc:
                    warc.seek(int(entry["offset"]))
                    rec = next(iter(ArchiveIterator(warc)))
                assert rec.rec_headers.get_header("WARC-Target-URI") == entry["url"]
                checked += 1
    assert checked > 10
    assert not os.listdir(cluster["data"] / "harvester" / "harvester" / "jobs")  # nothing left locally


def test_harvester_sigkilled_mid_crawl_finishes_the_job_on_restart(cluster):
    rpc = cluster["rpc"]
    _define(rpc, "e2e-killed", "example2.test", "slow", 300)
    [harvester] = [p for p in supervisor.status(cluster["conf"]) if p.instance.instance_id == "harvester"]
    current = wait_for(lambda: (j := rpc.harvester.current_job()) and j.get("crawler_pid") and j,
                       timeout=90, interval=0.3)
    wait_for(lambda: os.path.getsize(os.path.join(current["job_dir"], "crawl.log")) > 1000, timeout=60)
    os.kill(harvester.pid, signal.SIGKILL)
    wait_for(lambda: not supervisor.process_of(harvester.instance).running, timeout=60)
    os.waitpid(harvester.pid, 0)
    # dead and reaped mid-crawl, the harvester sent no report: its job is still started, nothing to wait for
    job = _job_of(rpc, "e2e-killed")
    assert job["status"] == "started"
    supervisor.start(cluster["conf"], env=cluster["env"])  # only the harvester is not running
    job = wait_for(lambda: (j := _job_of(rpc, "e2e-killed")) and j["status"] in ("done", "failed") and j,
                   timeout=120, interval=0.5)
    details = rpc.scheduler.job(job["id"])
    assert job["status"] == "failed"
    assert "cut short" in details["harvest_error"], details
    names = {os.path.basename(p) for p in _stored_files(cluster["data"])}
    assert f"{job['id']}-metadata-1.warc.gz" in names
    assert any(n.startswith(f"{job['id']}-") and "-metadata-" not in n for n in names)
    # the harvester removes the job directory after the report it sent (so a crash between the
    # two sends the report again): the scheduler can show the job failed a moment before
    wait_for(lambda: not os.path.exists(current["job_dir"]), timeout=60)


def test_a_harvest_crawled_by_two_processes_is_archived_as_one_job(cluster):
    """profile.processes: 2 (server/crawler/shards.py): example3.test and example5.test fall in
    different parts; the job ends done with both domains, each part's WARC files and one
    metadata WARC whose crawl.log has both domains' lines."""
    rpc = cluster["rpc"]
    _define(rpc, "e2e-parts", ["example3.test", "example5.test"], "parts", 0, processes=2)
    job = wait_for(lambda: (j := _job_of(rpc, "e2e-parts")) and j["status"] in ("done", "failed") and j,
                   timeout=180, interval=0.5)
    assert job["status"] == "done", rpc.scheduler.job(job["id"])
    rows = {r["domain"]: r for r in rpc.scheduler.job_domains(job["id"])["items"]}
    for domain in ("example3.test", "example5.test"):
        assert rows[domain]["stop_reason"] == "completed", rows
    names = {n for n in map(os.path.basename, _stored_files(cluster["data"])) if n.startswith(f"{job['id']}-")}
    assert any(n.endswith("-s00.warc.gz") for n in names) and any(n.endswith("-s01.warc.gz") for n in names), names
    meta = next(p for p in _stored_files(cluster["data"]) if os.path.basename(p) == f"{job['id']}-metadata-1.warc.gz")
    with open(meta, "rb") as fh:
        crawl_log = next(r.content_stream().read().decode() for r in ArchiveIterator(fh)
                         if "/crawl/logs/crawl.log" in (r.rec_headers.get_header("WARC-Target-URI") or ""))
    assert "example3.test/" in crawl_log and "example5.test/" in crawl_log
