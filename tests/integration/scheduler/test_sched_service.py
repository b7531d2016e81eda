"""The real ``scheduler`` service in a Nameko container: scheduling over RPC, eight concurrent
harvesters claiming, reports, bad definitions, and a broker restart in the middle of dispatch."""
import time

import eventlet
import pytest
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from sched_helpers import domain, fresh, profile, selective
from sqlalchemy import select
from waiting import wait_for

from server.scheduler.models import Job
from server.scheduler.service import SchedulerService
from shared.errors import IllegalTransition, JobNotFound


def _config(nameko_config, database_url, tmp_path, **extra):
    return {**nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path),
            "runtime": {"heartbeat_interval": 60},
            "harvest": {"scheduler": {"timer_interval": 3600, "jobgen": {"config_chunk_size": 1}, **extra}}}


def _claim_all(config, harvesters=8):
    """Eight harvesters claim until nothing is left; each confirms what it got (progress)."""
    got = []

    def harvester(n):
        with ClusterRpcProxy(config, timeout=30) as proxy:
            while True:
                job = proxy.scheduler.claim_job("FOCUSED", f"harvester-{n}")
                if job is None:
                    return
                got.append((f"harvester-{n}", job["id"]))
                proxy.scheduler.report_progress(job["id"], f"harvester-{n}", {"uris_done": 1, "rate": 2})

    pool = eventlet.GreenPool()
    for n in range(harvesters):
        pool.spawn(harvester, n)
    pool.waitall()
    return got


def test_schedule_claim_report_and_query_over_rpc(database_url, nameko_config, tmp_path, engine, session):
    configs = [domain(session, f"svc{i}.dk") for i in range(24)]
    h = selective(session, "service harvest", configs)
    profile(session, "retired", active=False)
    bad = selective(session, "bad profile", [domain(session, "old.dk", prof="retired")])
    session.commit()
    container = ServiceContainer(SchedulerService, _config(nameko_config, database_url, tmp_path))
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            result = proxy.scheduler.run_once(wait=True)
            outcomes = {o["harvest_id"]: o for o in result["outcomes"]}
            assert len(outcomes[h.id]["jobs"]) == 24 and outcomes[h.id]["error"] == ""
            assert "crawl profile 'retired' is inactive" in outcomes[bad.id]["error"]
            state = proxy.scheduler.scheduling_states(bad.id)[0]
            assert not state["active"] and "old.dk/defaultconfig" in state["last_error"]
            assert proxy.scheduler.list_jobs({"status": "submitted"}, 0, 5)["total"] == 24

            got = _claim_all(nameko_config)
            ids = [j for _, j in got]
            assert len(ids) == 24 and len(set(ids)) == 24            # every job once, none twice
            assert proxy.scheduler.claim_job("FOCUSED", "late") is None
            assert len(proxy.scheduler.running_jobs()) == 24

            harvester, job_id = got[0]
            out = proxy.scheduler.report_job(job_id, harvester, [
                {"domain": proxy.scheduler.job_domains(job_id)["items"][0]["domain"], "objects": 7, "bytes": 70,
                 "stop_reason": "completed"}])
            assert out["job"]["status"] == "done" and out["stored"] == 1 and out["job"]["objects"] == 7
            harvester2, job2 = got[1]
            # what the harvester changed of the profile travels with the report and ends the reason (#33)
            note = "the harvester's crawler_overrides set upstream_proxy to 'http://a:1'; the crawl profile said 'x'"
            failed = proxy.scheduler.report_job(job2, harvester2, [], harvest_error="crawler crashed", notes=[note])
            assert failed["job"]["status"] == "failed"
            assert failed["job"]["failure_reason"] == f"crawler crashed (note: {note})"
            new = proxy.scheduler.resubmit_job(job2)
            assert new["resubmitted_from"] == job2 and new["status"] == "submitted"
            with pytest.raises(IllegalTransition):
                proxy.scheduler.resubmit_job(job_id)
            with pytest.raises(JobNotFound):
                proxy.scheduler.job(10**6)
            stats = proxy.scheduler.run_statistics(h.id)
            assert stats[0]["jobs"] == 25 and stats[0]["objects"] == 7
            assert proxy.scheduler.job_status_counts()["started"] == 22
        from server.cli.main import main

        uri = nameko_config["AMQP_URI"]
        assert main(["jobs", "list", "--amqp-uri", uri, "--status", "done"]) == 0
        assert main(["jobs", "show", str(job_id), "--amqp-uri", uri]) == 0
        assert main(["jobs", "show", "999999", "--amqp-uri", uri]) == 4   # not found
        assert main(["scheduler", "states", "--amqp-uri", uri]) == 0
    finally:
        container.stop()


# --- a broker restart in the middle of dispatch -----------------------------------------------

def test_broker_restart_mid_dispatch_loses_and_duplicates_nothing(private_broker, tmp_path, engine, session,
                                                                  database_url):
    configs = [domain(session, f"rmq{i}.dk") for i in range(12)]
    selective(session, "restart harvest", configs)
    session.commit()
    nameko_config = {"AMQP_URI": private_broker.uri}
    container = ServiceContainer(SchedulerService, _config(nameko_config, database_url, tmp_path))
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            assert len(proxy.scheduler.run_once(wait=True)["outcomes"][0]["jobs"]) == 12
            first = proxy.scheduler.claim_job("FOCUSED", "harvester-a")
            proxy.scheduler.report_progress(first["id"], "harvester-a", {"uris_done": 1})

        # harvester-b's claim is in flight when the broker goes down: its reply may be lost
        def claim_b():
            try:
                with ClusterRpcProxy(nameko_config, timeout=5) as p:
                    return p.scheduler.claim_job("FOCUSED", "harvester-b")
            except Exception as exc:  # noqa: BLE001 - expected: the broker vanished
                return exc

        def claimed_by_b():
            with engine.connect() as conn:
                return conn.execute(select(Job.id).where(Job.harvester_id == "harvester-b")).first()

        gt = eventlet.spawn(claim_b)
        wait_for(claimed_by_b, timeout=30, interval=0.01)   # the scheduler has given b its job: the reply is on its way
        private_broker.stop()
        lost = gt.wait()
        private_broker.start()

        # the container reconnects; every harvester asks (again) until nothing is left
        deadline = time.monotonic() + 60
        while True:
            try:
                with ClusterRpcProxy(nameko_config, timeout=10) as proxy:
                    proxy.scheduler.status()
                break
            except Exception:  # noqa: BLE001 - reconnecting
                if time.monotonic() > deadline:
                    raise
                eventlet.sleep(1)
        got = _claim_all(nameko_config, harvesters=8)
        with ClusterRpcProxy(nameko_config, timeout=30) as proxy:
            again_b = proxy.scheduler.claim_job("FOCUSED", "harvester-b")
            if again_b is not None:   # b's lost claim comes back to b, and only to b
                got.append(("harvester-b", again_b["id"]))
                proxy.scheduler.report_progress(again_b["id"], "harvester-b", {"uris_done": 1})
        ids = [first["id"]] + [j for _, j in got]
        assert len(ids) == len(set(ids)) == 12, (lost, got)
        fresh(session)
        jobs = session.execute(select(Job)).scalars().all()
        assert all(j.status == "started" and j.claims == 1 and j.confirmed_at is not None for j in jobs)
    finally:
        container.stop()



