"""Patch jobs (issue #30): a done job's twin whose seeds are exactly the URLs QA found missing,
queued at once, deduplicating against the done job; refused for a job that is not done and for
seeds that are not http(s) URLs (SQLite and PostgreSQL)."""
import json

import pytest
from sched_helpers import domain, fresh, selective, settings
from sqlalchemy.orm import Session

from server.scheduler import dispatch, patches, planner, queries, reports
from server.scheduler.models import Job
from shared.errors import IllegalTransition, InvalidInput, InvalidUrl, JobNotFound

MISSING = ["http://www.patch0.dk/gone.png", "https://www.patch0.dk/style.css", "http://www.patch0.dk/gone.png"]


def _done_job(engine, session):
    h = selective(session, "patch", [domain(session, "patch0.dk")])
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "t", settings())
    dispatch.submit_new(session)
    job = dispatch.claim(session, "FOCUSED", "h1")
    done, _ = reports.report(session, job.id, "h1", [{"domain": "patch0.dk", "objects": 3, "bytes": 300,
                                                       "stop_reason": "completed"}])
    assert out.jobs == [job.id] and done.status == "done"
    return h, job


def test_a_patch_job_harvests_exactly_the_missing_urls_for_the_same_harvest(engine, session):
    h, job = _done_job(engine, session)
    patch = patches.make(session, job.id, MISSING)
    fresh(session)
    old, new = session.get(Job, job.id), session.get(Job, patch.id)
    assert new.status == "submitted" and new.harvest_id == h.id and new.harvest_run == old.harvest_run
    assert new.seeds.split("\n") == MISSING[:2]                       # each once, in order
    assert new.settings == old.settings and new.profile_id == old.profile_id and new.channel == old.channel
    assert json.loads(new.dedup_job_ids) == [job.id]
    assert queries.job_domains(session, new.id).items[0].domain == "patch0.dk"
    details = queries.job_details(session, new.id)
    assert details.seeds == MISSING[:2] and details.harvest == "patch"
    assert dispatch.claim(session, "FOCUSED", "h2").id == new.id       # a harvester takes it


def test_only_a_done_job_with_http_urls_is_patched(engine, session):
    h, job = _done_job(engine, session)
    with pytest.raises(JobNotFound):
        patches.make(session, 999_999, MISSING)
    for bad in ([], "http://a.dk/", ["ftp://www.patch0.dk/x"], ["not a url"], [3], ["http:///nohost"]):
        with pytest.raises((InvalidInput, InvalidUrl)):
            patches.make(session, job.id, bad)
    patch = patches.make(session, job.id, MISSING)
    with pytest.raises(IllegalTransition):
        patches.make(session, patch.id, MISSING)                        # submitted, not done
