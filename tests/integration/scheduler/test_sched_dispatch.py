"""Claiming, lost claims, silent jobs, reports, progress and resubmission (SQLite and PostgreSQL)."""
import datetime as dt
import threading

import pytest
from sched_helpers import domain, fresh, selective, settings
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from server.definitions.models import HarvestHistory
from server.harvestdb.base import utcnow
from server.scheduler import dispatch, planner, progress, queries, reports
from server.scheduler.models import Job
from shared.errors import Conflict, IllegalTransition, InvalidInput


def _jobs_ready(engine, session, n_domains=3, chunk=1, name="h"):
    configs = [domain(session, f"{name}{i}.dk") for i in range(n_domains)]
    h = selective(session, name, configs)
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "t",
                                      settings(jobgen__config_chunk_size=chunk))
    assert out.error == ""
    dispatch.submit_new(session)
    return h, out.jobs


def test_eight_concurrent_claimers_never_get_one_job_twice(engine, session):
    _, jobs = _jobs_ready(engine, session, n_domains=40, chunk=1)
    assert len(jobs) == 40
    got: list[tuple[str, int]] = []
    errors = []

    def claimer(n):
        s = Session(engine, expire_on_commit=False)
        try:
            while True:
                job = dispatch.claim(s, "FOCUSED", f"harvester-{n}")
                if job is None:
                    return
                got.append((f"harvester-{n}", job.id))
                progress.record(s, job.id, f"harvester-{n}", {"uris_done": 1})  # confirm: take the next
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            s.close()

    threads = [threading.Thread(target=claimer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    ids = [j for _, j in got]
    assert sorted(ids) == sorted(jobs) and len(set(ids)) == len(ids)
    fresh(session)
    rows = session.execute(select(Job.id, Job.harvester_id, Job.status, Job.claims)).all()
    assert all(r.status == "started" and r.claims == 1 for r in rows)
    assert {(r.harvester_id, r.id) for r in rows} == set(got)


def test_a_lost_claim_reply_gives_the_same_job_again_then_it_is_reoffered(engine, session):
    _, jobs = _jobs_ready(engine, session, n_domains=2, chunk=1)
    first = dispatch.claim(session, "FOCUSED", "h1")
    # the reply was lost: h1 asks again and gets the same job, not a second one
    assert dispatch.claim(session, "FOCUSED", "h1").id == first.id
    # h1 never comes back; past claim_timeout the job is offered to others
    later = utcnow() + dt.timedelta(seconds=301)
    assert dispatch.reoffer_lost_claims(session, 300, now=later) == [first.id]
    fresh(session)
    assert session.get(Job, first.id).status == "submitted"
    assert dispatch.claim(session, "FOCUSED", "h2").id == first.id
    fresh(session)
    assert session.get(Job, first.id).claims == 2


def test_a_silent_started_job_fails_after_job_timeout_and_a_late_report_is_kept(engine, session):
    _, jobs = _jobs_ready(engine, session, n_domains=1, name="silent")
    job = dispatch.claim(session, "FOCUSED", "h1")
    progress.record(session, job.id, "h1", {"uris_done": 5, "bytes": 100})
    assert dispatch.fail_silent_jobs(session, 7 * 86400) == []
    week = utcnow() + dt.timedelta(days=7, seconds=1)
    assert dispatch.fail_silent_jobs(session, 7 * 86400, now=week) == [job.id]
    fresh(session)
    j = session.get(Job, job.id)
    assert j.status == "failed" and "7 days" in j.failure_reason
    late, summary = reports.report(session, job.id, "h1", [{"domain": "silent0.dk", "objects": 3, "bytes": 30,
                                                             "stop_reason": "completed"}])
    assert late.status == "failed" and summary["stored"] == 1


def test_report_stores_history_once_and_ends_the_job(engine, session):
    h, jobs = _jobs_ready(engine, session, n_domains=2, chunk=10, name="rep")
    job = dispatch.claim(session, "FOCUSED", "h1")
    with pytest.raises(InvalidInput):
        reports.report(session, job.id, "h1", [{"domain": "rep0.dk", "objects": -1, "bytes": 0,
                                                "stop_reason": "completed"}])
    with pytest.raises(Conflict):
        reports.report(session, job.id, "intruder", [])
    stats = [{"domain": "rep0.dk", "objects": 10, "bytes": 1000, "stop_reason": "completed"},
             {"domain": "rep1.dk", "objects": 20, "bytes": 2000, "stop_reason": "size-limit"},
             {"domain": "elsewhere.dk", "objects": 1, "bytes": 1, "stop_reason": "completed"}]
    done, summary = reports.report(session, job.id, "h1", stats)
    assert done.status == "done" and summary == {"stored": 2, "unknown_domains": ["elsewhere.dk"],
                                                 "already_reported": False}
    again, summary = reports.report(session, job.id, "h1", stats)   # the reply was lost: sent again
    assert summary["already_reported"] and again.status == "done"
    fresh(session)
    assert session.execute(select(func.count()).select_from(HarvestHistory)).scalar_one() == 2
    details = queries.job_details(session, job.id)
    assert details.objects == 30 and details.bytes == 3000
    assert details.stop_reasons == {"completed": 1, "size-limit": 1}
    with pytest.raises(IllegalTransition):
        progress.record(session, job.id, "h1", {"uris_done": 1})  # not running any more
    st = queries.run_statistics(session, h.id)
    assert st[0].objects == 30 and st[0].jobs_by_status == {"done": 1}


def test_failed_report_then_resubmit_links_a_new_job(engine, session):
    _, jobs = _jobs_ready(engine, session, n_domains=1, name="fail")
    job = dispatch.claim(session, "FOCUSED", "h1")
    failed, _ = reports.report(session, job.id, "h1", [], harvest_error="crawler died",
                               harvest_error_details="Traceback...", upload_error="archive down")
    assert failed.status == "failed" and failed.failure_reason == "crawler died"
    new = dispatch.resubmit(session, job.id)
    fresh(session)
    old = session.get(Job, job.id)
    assert old.status == "resubmitted" and old.resubmitted_as_id == new.id
    n = session.get(Job, new.id)
    assert n.status == "submitted" and n.resubmitted_from_id == job.id and n.seeds == old.seeds
    assert queries.job_domains(session, new.id).total == 1
    with pytest.raises(IllegalTransition):
        dispatch.resubmit(session, job.id)   # a job is resubmitted once


def test_job_queries_filter_page_and_sort_in_sql(engine, session):
    h, jobs = _jobs_ready(engine, session, n_domains=5, chunk=1, name="q")
    dispatch.claim(session, "FOCUSED", "h1")
    page = queries.list_jobs(session, {"status": "submitted"}, 0, 2, "id")
    assert page.total == 4 and [j.id for j in page.items] == sorted(jobs)[1:3]
    assert queries.list_jobs(session, {"harvest": "q", "domain": "q3.dk"}).total == 1
    assert queries.list_jobs(session, {"id_from": jobs[1], "id_to": jobs[2]}).total == 2
    assert queries.list_jobs(session, {"created_from": "2000-01-01", "channel": "FOCUSED"}).total == 5
    assert queries.list_jobs(session, {"created_to": "2000-01-01"}).total == 0
    assert [j.id for j in queries.list_jobs(session, None, 0, 10).items] == sorted(jobs, reverse=True)
    with pytest.raises(InvalidInput):
        queries.list_jobs(session, {"status": "sleeping"})
    with pytest.raises(InvalidInput):
        queries.list_jobs(session, {"colour": "red"})
    running = queries.running_jobs(session)
    assert len(running) == 1 and not running[0].confirmed
    assert queries.status_counts(session) == {"submitted": 4, "started": 1}
