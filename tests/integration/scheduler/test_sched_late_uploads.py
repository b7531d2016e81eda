"""Issue #20 item 4, the scheduler's side: a job reported Failed because the archive was down
("2 of 2 files not stored") is brought up to date when its harvester stored the files later:
named while some are still missing, Done when none is left (SQLite and PostgreSQL, real
scheduler service over RabbitMQ)."""
import pytest
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from sched_helpers import domain, selective

from server.scheduler.service import SchedulerService
from shared.errors import Conflict

pytestmark = [pytest.mark.rabbit]


def test_late_uploads_update_the_job_outcome(database_url, nameko_config, tmp_path, session):
    h = selective(session, "late uploads", [domain(session, f"late{i}.dk") for i in range(3)])
    session.commit()
    config = {**nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path),
              "runtime": {"heartbeat_interval": 60},
              "harvest": {"scheduler": {"timer_interval": 3600, "jobgen": {"config_chunk_size": 1}}}}
    container = ServiceContainer(SchedulerService, config)
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            s = proxy.scheduler
            assert s.run_once(wait=True)["outcomes"][0]["harvest_id"] == h.id
            ids = []  # a harvester that claims again gets its own job back: one harvester per job
            for n in range(3):
                job = s.claim_job("FOCUSED", f"h{n}")
                s.report_progress(job["id"], f"h{n}", {"uris_done": 1})
                ids.append(job["id"])
            upload_failed, crawl_failed, unreported = ids
            names = [f"{upload_failed}-{h.id}-20240101000000-00001-host.warc.gz", f"{upload_failed}-metadata-1.warc.gz"]
            failed = s.report_job(upload_failed, "h0", [], upload_error="2 of 2 files not stored in the archive",
                                  upload_error_details="\n".join(f"{n}: arcrepository down" for n in names))
            assert failed["job"]["status"] == "failed"
            # one stored, one still waiting: named, still failed
            job = s.report_late_uploads(upload_failed, "h0", names[:1], {names[1]: "arcrepository down"})
            assert job["status"] == "failed" and job["upload_error"] == "1 file(s) still not stored in the archive"
            assert names[1] in job["upload_error_details"] and "stored later" in job["upload_error_details"]
            # the last one: the job failed for its uploads alone, so it is Done now
            job = s.report_late_uploads(upload_failed, "h0", names[1:], {})
            assert job["status"] == "done" and job["upload_error"] == "" and job["failure_reason"] == ""
            assert job["outcome"] == "harvested" and job["failure_code"] == ""    # not "failed" any more
            assert "every file is now stored" in job["upload_error_details"]
            # a job that also failed its crawl stays Failed, with its upload error cleared
            s.report_job(crawl_failed, "h1", [], harvest_error="crawler crashed", upload_error="1 of 1 not stored")
            job = s.report_late_uploads(crawl_failed, "h1", [f"{crawl_failed}-metadata-1.warc.gz"], {})
            assert job["status"] == "failed" and job["upload_error"] == "" and job["harvest_error"] == "crawler crashed"
            with pytest.raises(Conflict):
                s.report_late_uploads(unreported, "h2", ["x"], {})
            with pytest.raises(Conflict):
                s.report_late_uploads(upload_failed, "another-harvester", ["x"], {})
    finally:
        container.stop()
