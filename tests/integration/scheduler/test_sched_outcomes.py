"""Honest outcomes: a job that reached nothing is not "done", a domain that reached nothing says
so, and a curator's cancel ends a queued job at once and a running one through its harvester
(SQLite and PostgreSQL)."""
import datetime as dt

import pytest
from sched_helpers import domain, fresh, selective, settings
from sqlalchemy import select
from sqlalchemy.orm import Session

from server.definitions.models import HarvestHistory
from server.harvestdb.base import utcnow
from server.scheduler import dispatch, planner, progress, queries, reports
from server.scheduler.models import Job
from shared.enums import JobOutcome, JobStatus, StopReason
from shared.errors import IllegalTransition, InvalidInput, JobCancelled


def _jobs(engine, session, names, chunk=10, hname="h"):
    configs = [domain(session, n) for n in names]
    h = selective(session, hname, configs)
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "t",
                                      settings(jobgen__config_chunk_size=chunk))
    assert out.error == ""
    dispatch.submit_new(session)
    return out.jobs


def _row(domain_name, objects, reason):
    return {"domain": domain_name, "objects": objects, "bytes": objects * 100, "stop_reason": reason}


def test_a_job_whose_seeds_all_failed_is_failed_nothing_harvested(engine, session):
    _jobs(engine, session, ["down1.dk", "down2.dk"], hname="down")
    job = dispatch.claim(session, "FOCUSED", "h1")
    ended, _ = reports.report(session, job.id, "h1", [_row("down1.dk", 0, "no-seed-fetched"),
                                                       _row("down2.dk", 0, "no-seed-fetched")])
    assert ended.status == "failed"
    details = queries.job_details(session, job.id)
    assert details.outcome == JobOutcome.NOTHING_HARVESTED and details.failure_code == "nothing_harvested"
    assert "no seed could be fetched for any of the 2 domains" in details.failure_reason
    assert details.stop_reasons == {"no-seed-fetched": 2}
    reasons = {r.stop_reason for r in queries.job_domains(session, job.id).items}
    assert reasons == {StopReason.NO_SEED_FETCHED}
    fresh(session)
    assert set(session.execute(select(HarvestHistory.stop_reason)).scalars()) == {"no-seed-fetched"}
    # nothing harvested is a failure a curator can resubmit (the proxy is up again)
    assert dispatch.resubmit(session, job.id).status == "submitted"


def test_zero_objects_completed_is_not_a_success_and_some_unreached_is_partial(engine, session):
    _jobs(engine, session, ["a.dk", "b.dk"], chunk=1, hname="two")
    first = dispatch.claim(session, "FOCUSED", "h1")
    progress.record(session, first.id, "h1", {"uris_done": 1})
    second = dispatch.claim(session, "FOCUSED", "h1")
    d1 = queries.job_domains(session, first.id).items[0].domain
    d2 = queries.job_domains(session, second.id).items[0].domain
    nothing, _ = reports.report(session, first.id, "h1", [_row(d1, 0, "completed")])
    assert nothing.status == "failed" and nothing.outcome == "nothing-harvested"
    assert nothing.failure_reason == "nothing was harvested: the crawl fetched no object"
    ok, _ = reports.report(session, second.id, "h1", [_row(d2, 7, "completed")])
    assert ok.status == "done" and ok.outcome == "harvested" and ok.failure_code == ""
    assert [j.id for j in queries.list_jobs(session, {"outcome": "nothing-harvested"}).items] == [first.id]
    with pytest.raises(InvalidInput):
        queries.list_jobs(session, {"outcome": "splendid"})


def test_partial_when_some_domains_reached_nothing(engine, session):
    _jobs(engine, session, ["up.dk", "gone.dk"], hname="part")
    job = dispatch.claim(session, "FOCUSED", "h1")
    ended, _ = reports.report(session, job.id, "h1", [_row("up.dk", 12, "completed"),
                                                       _row("gone.dk", 0, "no-seed-fetched")])
    assert ended.status == "done" and ended.outcome == "partial"


def test_cancel_a_queued_job_ends_it_at_once_and_it_can_be_resubmitted(engine, session):
    jobs = _jobs(engine, session, ["q.dk"], hname="queued")
    cancelled = dispatch.cancel(session, jobs[0], "wrong seeds")
    assert cancelled.status == JobStatus.FAILED_REJECTED and cancelled.outcome == "cancelled"
    assert cancelled.failure_reason == "cancelled by a curator before it started: wrong seeds"
    assert dispatch.claim(session, "FOCUSED", "h1") is None   # never handed out
    with pytest.raises(IllegalTransition):
        dispatch.cancel(session, jobs[0])                      # ended: nothing to cancel
    again = dispatch.resubmit(session, jobs[0])
    assert again.status == "submitted" and again.outcome is None and again.cancel_requested_at is None


def test_cancel_a_running_job_stops_it_through_its_harvester(engine, session):
    _jobs(engine, session, ["run1.dk", "run2.dk"], hname="running")
    job = dispatch.claim(session, "FOCUSED", "h1")
    progress.record(session, job.id, "h1", {"uris_done": 3})
    marked = dispatch.cancel(session, job.id, "")
    assert marked.status == "started" and marked.cancel_requested_at is not None
    assert dispatch.cancel(session, job.id).status == "started"       # asking twice is harmless
    with pytest.raises(JobCancelled) as err:
        progress.record(session, job.id, "h1", {"uris_done": 4})
    assert isinstance(err.value, IllegalTransition)                     # older harvesters stop too
    ended, summary = reports.report(session, job.id, "h1", [_row("run1.dk", 5, "completed"),
                                                            _row("run2.dk", 2, "unfinished")])
    assert summary["stored"] == 2
    details = queries.job_details(session, job.id)
    assert details.status == JobStatus.FAILED_REJECTED and details.outcome == JobOutcome.CANCELLED
    assert details.failure_code == "cancelled" and details.failure_reason == "cancelled by a curator"
    assert details.stop_reasons == {"completed": 1, "cancelled": 1} and details.objects == 7


def test_a_cancelled_claim_that_was_never_confirmed_ends_instead_of_being_offered_again(engine, session):
    _jobs(engine, session, ["lost.dk"], hname="lost")
    job = dispatch.claim(session, "FOCUSED", "h1")
    dispatch.cancel(session, job.id, "not needed")
    later = utcnow() + dt.timedelta(seconds=301)
    assert dispatch.reoffer_lost_claims(session, 300, now=later) == []
    fresh(session)
    j = session.get(Job, job.id)
    assert j.status == "failed_rejected" and j.outcome == "cancelled"
    assert j.failure_reason == "cancelled by a curator: not needed"


def test_a_silent_job_says_job_timeout(engine, session):
    _jobs(engine, session, ["quiet.dk"], hname="quiet")
    job = dispatch.claim(session, "FOCUSED", "h1")
    progress.record(session, job.id, "h1", {"uris_done": 1})
    week = utcnow() + dt.timedelta(days=8)
    assert dispatch.fail_silent_jobs(session, 7 * 86400, now=week) == [job.id]
    fresh(session)
    d = queries.job_details(session, job.id)
    assert d.outcome == JobOutcome.FAILED and d.failure_code == "job_timeout"
