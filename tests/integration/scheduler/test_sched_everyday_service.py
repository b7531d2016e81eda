"""The real ``scheduler`` service over RabbitMQ: harvest now, cancel a queued and a running job,
and channels that no harvester serves."""
import pytest
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from sched_helpers import domain, fresh, selective
from sqlalchemy import select

from server.definitions.models import HarvestDefinition
from server.scheduler.service import SchedulerService
from shared.errors import Conflict, IllegalTransition, JobCancelled, NotFound


def _config(nameko_config, database_url, tmp_path, **extra):
    return {**nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path),
            "runtime": {"heartbeat_interval": 60},
            "harvest": {"scheduler": {"timer_interval": 3600, "jobgen": {"config_chunk_size": 1}, **extra}}}


def test_harvest_now_cancel_and_unserved_channels_over_rpc(database_url, nameko_config, tmp_path, engine, session):
    h = selective(session, "weekly news", [domain(session, "news1.dk"), domain(session, "news2.dk")],
                  active=False, due=False)
    selective(session, "empty one", [], active=False, due=False)
    session.commit()
    next_run_before = h.next_run_at
    container = ServiceContainer(SchedulerService, _config(nameko_config, database_url, tmp_path))
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            with pytest.raises(NotFound):
                proxy.scheduler.harvest_now("no such harvest")
            with pytest.raises(Conflict):
                proxy.scheduler.harvest_now("empty one")
            now = proxy.scheduler.harvest_now("weekly news", wait=True)
            assert now["started"] and now["run"] == 0 and len(now["jobs"]) == 2 and now["error"] == ""
            fresh(session)
            hd = session.execute(select(HarvestDefinition).where(HarvestDefinition.name == "weekly news")).scalar_one()
            # one run more, the schedule untouched, still inactive
            assert hd.runs == 1 and hd.extra_runs == 1 and hd.next_run_at == next_run_before and not hd.active
            jobs = sorted(now["jobs"])
            assert proxy.scheduler.list_jobs({"harvest": "weekly news", "status": "submitted"})["total"] == 2

            # nobody asked for FOCUSED work yet: its waiting jobs are flagged
            ch = {c["channel"]: c for c in proxy.scheduler.channel_states()}
            assert ch["FOCUSED"]["waiting_jobs"] == 2 and not ch["FOCUSED"]["served"]
            assert ch["SNAPSHOT"]["waiting_jobs"] == 0 and ch["SNAPSHOT"]["snapshot"] is True

            # cancel a queued job: it ends at once
            queued = proxy.scheduler.cancel_job(jobs[1], "duplicate")
            assert queued["status"] == "failed_rejected" and queued["outcome"] == "cancelled"
            assert queued["failure_code"] == "cancelled"
            with pytest.raises(IllegalTransition):
                proxy.scheduler.cancel_job(jobs[1])

            claimed = proxy.scheduler.claim_job("FOCUSED", "harvester-1")
            assert claimed["id"] == jobs[0]
            ch = {c["channel"]: c for c in proxy.scheduler.channel_states()}
            assert ch["FOCUSED"]["served"] and ch["FOCUSED"]["harvesters"] == ["harvester-1"]
            proxy.scheduler.report_progress(jobs[0], "harvester-1", {"uris_done": 1})
            running = proxy.scheduler.cancel_job(jobs[0], "")
            assert running["status"] == "started" and running["cancel_requested_at"] is not None
            with pytest.raises(JobCancelled):
                proxy.scheduler.report_progress(jobs[0], "harvester-1", {"uris_done": 2})
            dom = proxy.scheduler.job_domains(jobs[0])["items"][0]["domain"]
            out = proxy.scheduler.report_job(jobs[0], "harvester-1", [
                {"domain": dom, "objects": 3, "bytes": 30, "stop_reason": "unfinished"}])
            assert out["job"]["status"] == "failed_rejected" and out["job"]["outcome"] == "cancelled"
            assert out["job"]["stop_reasons"] == {"cancelled": 1}
            # run numbers: a second "harvest now" is run 1
            again = proxy.scheduler.harvest_now("weekly news", wait=True)
            assert again["run"] == 1 and len(again["jobs"]) == 2
    finally:
        container.stop()
