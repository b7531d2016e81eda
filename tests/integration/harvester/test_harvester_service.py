"""The ``harvester`` service in this (eventlet-patched) process on a private vhost, with a stand-in
``scheduler`` service, real crawler processes against the local test web, and a local two-replica
archive. The full path with the real scheduler and archive is in tests/e2e/harvester."""
from __future__ import annotations

import os
import signal

from harvester_testkit import fast_profile, make_job, slow_profile, warcio_check
from harvester_testkit.fake_scheduler import FakeScheduler, harvester_config, wait_for
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy

from server.harvester.service import HarvesterService


def _start(config: dict) -> list[ServiceContainer]:
    containers = [ServiceContainer(FakeScheduler, config), ServiceContainer(HarvesterService, config)]
    for c in containers:
        c.start()
    return containers


def _stop(containers: list[ServiceContainer]) -> None:
    for c in reversed(containers):
        c.stop()


def test_a_claimed_job_is_crawled_uploaded_and_reported(nameko_config, tmp_path, replicas, web, board):
    job = make_job([web.seed("www.example1.test")], fast_profile(web.proxy_url))
    board["jobs"].append(job)
    containers = _start(harvester_config(nameko_config, tmp_path, replicas))
    try:
        report = wait_for(lambda: board["reports"].get(job["id"]), timeout=60)
        with ClusterRpcProxy(nameko_config) as rpc:
            status = wait_for(lambda: rpc.harvester.status(), timeout=60)
    finally:
        _stop(containers)
    assert report["failed"] is False and report["harvest_error"] == "" and report["upload_error"] == ""
    assert {d["domain"] for d in report["domains"]} >= {"example1.test"}
    assert board["progress"][0][2]["status_text"] == "crawler started"  # confirms the claim
    stored = sorted(os.listdir(replicas["ONE"]))
    assert f"{job['id']}-metadata-1.warc.gz" in stored and stored == sorted(os.listdir(replicas["TWO"]))
    warcio_check([os.path.join(replicas["ONE"], n) for n in stored])
    assert status["state"] == "running"


def test_no_claim_and_dormant_while_disk_is_short(nameko_config, tmp_path, replicas, web, board):
    board["jobs"].append(make_job([web.seed("www.example2.test")], fast_profile(web.proxy_url)))
    containers = _start(harvester_config(nameko_config, tmp_path, replicas, min_space_left=1 << 62))
    try:
        with ClusterRpcProxy(nameko_config) as rpc:
            status = wait_for(lambda: (s := rpc.harvester.status())["state"] == "dormant" and s, timeout=60)
    finally:
        _stop(containers)
    assert "not enough free disk" in status["reason"] and "min_space_left" in status["reason"]
    assert board["claims"] == [] and len(board["jobs"]) == 1


def test_crawler_killed_from_outside_job_failed_files_uploaded(nameko_config, tmp_path, replicas, web, board):
    job = make_job([web.seed("www.example3.test")], slow_profile(web.proxy_url, 300))
    board["jobs"].append(job)
    containers = _start(harvester_config(nameko_config, tmp_path, replicas))
    try:
        with ClusterRpcProxy(nameko_config) as rpc:
            current = wait_for(lambda: (j := rpc.harvester.current_job()) and j.get("crawler_pid") and j, timeout=60)
            wait_for(lambda: os.path.getsize(os.path.join(current["job_dir"], "crawl.log")) > 500, timeout=60)
        os.kill(current["crawler_pid"], signal.SIGKILL)
        report = wait_for(lambda: board["reports"].get(job["id"]), timeout=60)
    finally:
        _stop(containers)
    assert report["failed"] is True
    assert "killed by SIGKILL" in report["harvest_error"] and report["upload_error"] == ""
    stored = os.listdir(replicas["ONE"])
    assert f"{job['id']}-metadata-1.warc.gz" in stored and len(stored) >= 2
    warcio_check([os.path.join(replicas["ONE"], n) for n in stored])


def test_archive_unavailable_files_kept_reported_and_uploaded_after_restart(nameko_config, tmp_path, web, board):
    job = make_job([web.seed("www.example4.test")], fast_profile(web.proxy_url))
    board["jobs"].append(job)
    later = {"ONE": str(tmp_path / "archive-one")}  # not there yet: the archive is down
    config = harvester_config(nameko_config, tmp_path, later)
    containers = _start(config)
    try:
        report = wait_for(lambda: board["reports"].get(job["id"]), timeout=60)
    finally:
        _stop(containers)
    assert report["failed"] is True and report["harvest_error"] == ""
    assert "not stored in the archive" in report["upload_error"]
    failed_dir = os.path.join(tmp_path, "work", "failed-uploads")
    kept = sorted(os.listdir(failed_dir))
    assert f"{job['id']}-metadata-1.warc.gz" in kept and all(n in report["upload_error_details"] for n in kept)

    os.makedirs(later["ONE"])  # the archive is back; the harvester starts again
    containers = _start(config)
    try:
        wait_for(lambda: sorted(os.listdir(later["ONE"])) == kept, timeout=30)
    finally:
        _stop(containers)
    assert os.listdir(failed_dir) == []


def test_failed_uploads_are_retried_while_running_and_the_job_outcome_updated(nameko_config, tmp_path, web, board):
    """Issue #20 item 4: the archive is down when the job ends; it comes back while the harvester
    runs: the files are stored by the periodic retry (no restart), and the scheduler is told,
    per job, which files were stored later and that none is left."""
    job = make_job([web.seed("www.example5.test")], fast_profile(web.proxy_url))
    board["jobs"].append(job)
    later = {"ONE": str(tmp_path / "archive-one")}
    config = harvester_config(nameko_config, tmp_path, later, upload_retry_interval=0.5,
                              upload_retry_max_interval=2.0)
    containers = _start(config)
    try:
        report = wait_for(lambda: board["reports"].get(job["id"]), timeout=60)
        assert report["failed"] is True and "not stored in the archive" in report["upload_error"]
        failed_dir = os.path.join(tmp_path, "work", "failed-uploads")
        kept = sorted(n for n in os.listdir(failed_dir) if not n.startswith("."))
        assert kept
        os.makedirs(later["ONE"])  # the archive is back; the harvester keeps running
        wait_for(lambda: sorted(os.listdir(later["ONE"])) == kept, timeout=60)
        late = wait_for(lambda: board.get("late"), timeout=30)
    finally:
        _stop(containers)
    assert late == [(job["id"], "harvester-test", kept, {})]
    assert os.listdir(failed_dir) == []


def test_a_cancel_ends_a_crawl_held_by_a_slow_trap_at_once(nameko_config, tmp_path, replicas, web, board):
    """#29 item 6 through the harvester service: a trap that backtracks catastrophically (slipped
    past the upload check) held the crawler inside one match; the cancel's SIGTERM went unheard
    until process_timeout (300 s in production). Now the crawler ends on SIGTERM at once: the
    report, cancelled and with what was harvested, comes long before process_timeout."""
    seed = web.seed("www.example1.test", "/features.html")
    job = make_job([seed], slow_profile(web.proxy_url, 50))
    job["settings"]["crawler_traps"] = {"global": [r"^(([a-z0-9:/.-])+)+Z$", r"(.|..)*\d"], "domains": {}}
    board["jobs"].append(job)
    served_before = web.request_log.count(seed)                # the test web is shared by the module
    board["cancel_when"] = lambda: web.request_log.count(seed) > served_before   # scoping the page's links
    containers = _start(harvester_config(nameko_config, tmp_path, replicas, process_timeout=300))
    try:
        report = wait_for(lambda: board["reports"].get(job["id"]), timeout=120)   # not process_timeout
    finally:
        _stop(containers)
    assert report["harvest_error"] == "" and report["upload_error"] == "" and report["failed"] is False
    assert "was killed" not in report["harvest_error_details"]
    stored = sorted(os.listdir(replicas["ONE"]))
    assert f"{job['id']}-metadata-1.warc.gz" in stored and len(stored) >= 2
    warcio_check([os.path.join(replicas["ONE"], n) for n in stored])
