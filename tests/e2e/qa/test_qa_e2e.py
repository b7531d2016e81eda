"""Issue #30's "done means", over real services as real processes on a private vhost (supervisor):
definitions and scheduler (PostgreSQL), the harvester, the archive (arcrepository, one bitarchive
replica and its monitor), the index server, the viewerproxy, the notifier and the qa service.

A site (tests/support/qa_testkit.py) is harvested while three resources of its broken page are
unreachable (the connection closes without an answer). QA of the job renders both pages from the
archive and finds exactly those three missing, scores the broken page below the complete one and
the job below its threshold (QA_INCOMPLETE reaches the notifier). The resources become reachable;
``nas qa patch`` (the qa service's ``patch``) makes a follow-up job of the same harvest with
exactly the missing URLs as seeds; the harvester fetches them; the recheck run replays the
broken page over both jobs and scores it complete, and the job's summary says every page is
complete. Every process started here is stopped by PID in ``finally``."""
from __future__ import annotations

import os

import pytest
import yaml
from harvester_testkit.fake_scheduler import wait_for
from nameko.standalone.rpc import ClusterRpcProxy
from qa_testkit import BROKEN, BROKEN_MISSING, COMPLETE, QaSite
from store_sources import loopback_sources

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.runtime import supervisor
from shared import contracts

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]

if not os.access("/usr/bin/chromium", os.X_OK):
    pytest.skip("Debian's chromium is needed (apt-get install chromium)", allow_module_level=True)

REPLICAS = [{"id": "ONE", "name": "Replica one", "type": "bitarchive"}]
DOMAIN = "qa-test.dk"
PROFILE = yaml.safe_dump({
    "robots": "ignore", "max_workers": 3, "progress_interval_s": 0.3, "statistics_interval_s": 1,
    "politeness": {"delay_factor": 0, "min_delay_ms": 0, "max_delay_ms": 0},
    "fetch": {"read_timeout_s": 5, "connect_timeout_s": 3, "max_retries": 0, "retry_delay_s": 0.05},
    "scope": {"max_hops": 0},
    # the seeds rendered in the crawl's browser (#34), through the harvester as in production: QA
    # then compares each replay with the crawl-time screenshot and text
    "browser": {"render": "seeds", "tabs": 2, "page_timeout_s": 30}})


@pytest.fixture
def site():
    with QaSite() as s:
        yield s


@pytest.fixture
def cluster(tmp_path, amqp_uri, postgres_url, site):
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
            "crawler_overrides": {"upstream_proxy": site.proxy_url}, "dedup": {"index_timeout": 120},
            "archive": {"kind": "arcrepository", "store_timeout": 60}}}),
        "viewer": ("server.viewerproxy.service:ViewerProxyService",
                   {"viewerproxy": {"address": "127.0.0.1:0", "rpc_timeout": 20}}),
        "notifier": ("server.notify.service:NotifierService", {"notify": {"hold": 0.5}}),
        "qa": ("server.qa.service:QaService", {"qa": {"tabs": 2, "page_seconds": 20, "poll_seconds": 1,
                                                      "rpc_timeout": 30, "sample": 0}}),
    }
    for inst, (service, extra) in instances.items():
        cfg = {**common, "instance": {"id": inst, "service": service}, "data_dir": f"../data/{inst}", **extra}
        (conf / f"{inst}.yaml").write_text(yaml.safe_dump(cfg))
    supervisor.start(str(conf), env={"NAS_TEST_EVENTLET": ""})
    rpc = ClusterRpcProxy({"AMQP_URI": amqp_uri}, timeout=60)
    proxy = rpc.start()
    try:
        for name in ("definitions", "scheduler", "arcrepository", "harvester", "index_server", "viewerproxy",
                     "notifier", "qa"):
            wait_for(lambda n=name: getattr(proxy, n).status(), timeout=90, interval=0.5)
        yield proxy
    finally:
        rpc.stop()
        supervisor.stop(str(conf), grace=25)


def _qa(rpc, method, *args):
    return contracts.decode("qa", method, getattr(rpc.qa, method)(*args))


def _run_done(rpc, run_id, timeout=300):
    return wait_for(lambda: (r := _qa(rpc, "get_run", run_id)).state in ("done", "failed", "cancelled") and r,
                    timeout=timeout, interval=1)


def _job_done(rpc, job_id, timeout=240):
    job = wait_for(lambda: (j := rpc.scheduler.job(job_id))["status"] in ("done", "failed") and j,
                   timeout=timeout, interval=0.5)
    assert job["status"] == "done", job
    return job


def test_qa_finds_what_was_unreachable_and_the_patch_job_makes_the_pages_complete(cluster, site):
    rpc = cluster
    d = rpc.definitions
    d.upload_profile("qa", PROFILE, "yaml")
    d.create_domain(DOMAIN)
    dom = d.get_domain(DOMAIN)
    dom = d.save_seed_list(DOMAIN, dom["edition"], "qa-pages", [COMPLETE, BROKEN])
    d.save_configuration(DOMAIN, dom["edition"], "defaultconfig", profile="qa", seed_lists=["qa-pages"],
                         max_bytes=-1)
    d.create_selective("qa-harvest", "Daily", [{"domain": DOMAIN}])
    d.set_harvest_active("qa-harvest", True)
    rpc.scheduler.run_once(wait=True)
    job_id = wait_for(lambda: (p := rpc.scheduler.list_jobs({"harvest": "qa-harvest"}))["items"] and p,
                      timeout=30)["items"][0]["id"]
    _job_done(rpc, job_id)
    tried = {u: site.requests.count(u.split("//", 1)[1]) for u in BROKEN_MISSING}
    assert all(tried.values()), tried     # the crawl asked for them and got no answer

    # QA of the job: exactly the unreachable resources are missing, only from the broken page
    run = _run_done(rpc, _qa(rpc, "run", job_id).run_id)
    assert run.state == "done", run.error
    assert (run.pages_total, run.pages_checked, run.pages_complete) == (2, 2, 1) and run.below_threshold
    pages = {p.url: p for p in _qa(rpc, "pages", job_id).items}
    broken, complete = pages[BROKEN], pages[COMPLETE]
    assert sorted(broken.missing_urls) == sorted(BROKEN_MISSING)
    assert complete.missing_urls == [] and complete.load_state == "loaded"
    assert broken.score < complete.score == 1.0 and broken.has_replay_view and complete.has_replay_view
    assert broken.has_crawl_view and complete.has_crawl_view, "the harvest's browser capture wrote no views"
    assert complete.visual_score is not None and complete.visual_score > 0.9 and complete.text_score > 0.9
    # the notifier heard of it
    wait_for(lambda: any(n["code"] == "QA_INCOMPLETE" and n["details"].get("job_id") == job_id
                         for n in rpc.notifier.list_notifications()), timeout=30)

    # the resources come back; the patch job harvests exactly them; the recheck scores the page complete
    site.unreachable.clear()
    patch = _qa(rpc, "patch", job_id)
    assert (patch.job_id, patch.harvest, patch.urls) == (job_id, "qa-harvest", 3)
    patch_job = rpc.scheduler.job(patch.patch_job_id)
    assert sorted(patch_job["seeds"]) == sorted(BROKEN_MISSING) and patch_job["harvest"] == "qa-harvest"
    _job_done(rpc, patch.patch_job_id)
    assert all(site.requests.count(u.split("//", 1)[1]) > tried[u] for u in BROKEN_MISSING)   # fetched again
    recheck = wait_for(lambda: next((r for r in _qa(rpc, "list_runs", job_id).items if r.kind == "recheck"), None),
                       timeout=60, interval=1)
    recheck = _run_done(rpc, recheck.run_id)
    assert recheck.state == "done" and recheck.patch_job_id == patch.patch_job_id and recheck.pages_total == 1
    after = {p.url: p for p in _qa(rpc, "pages", job_id).items}
    assert after[BROKEN].missing_urls == [] and after[BROKEN].run_id == recheck.run_id
    assert after[BROKEN].score > broken.score and after[COMPLETE].run_id == run.run_id
    summary = _qa(rpc, "summary", job_id)
    assert (summary.pages_checked, summary.pages_complete, summary.share_complete) == (2, 2, 1.0)
