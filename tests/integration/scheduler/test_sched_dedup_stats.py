"""What deduplication saved, per domain and per job, from the harvester's report (SQLite and
PostgreSQL)."""
import pytest
from sched_helpers import domain, fresh, selective, settings
from sqlalchemy.orm import Session

from server.scheduler import dispatch, planner, queries, reports
from shared.errors import InvalidInput


def test_duplicates_reported_per_domain_are_kept_and_summed_per_job(engine, session):
    configs = [domain(session, f"dup{i}.dk") for i in range(2)]
    h = selective(session, "dups", configs)
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "t",
                                      settings(jobgen__config_chunk_size=10))
    dispatch.submit_new(session)
    job = dispatch.claim(session, "FOCUSED", "h1")
    assert job.id == out.jobs[0]
    with pytest.raises(InvalidInput, match="duplicates"):
        reports.report(session, job.id, "h1", [{"domain": "dup0.dk", "objects": 1, "bytes": 1,
                                                "stop_reason": "completed", "duplicates": -2}])
    reports.report(session, job.id, "h1", [
        {"domain": "dup0.dk", "objects": 10, "bytes": 10_000, "stop_reason": "completed", "duplicates": 4,
         "duplicate_bytes": 3_000},
        {"domain": "dup1.dk", "objects": 5, "bytes": 500, "stop_reason": "completed"}])  # an older harvester
    fresh(session)
    details = queries.job_details(session, job.id)
    assert (details.duplicates, details.duplicate_bytes) == (4, 3_000)
    rows = {r.domain: r for r in queries.job_domains(session, job.id).items}
    assert (rows["dup0.dk"].duplicates, rows["dup0.dk"].duplicate_bytes) == (4, 3_000)
    assert (rows["dup1.dk"].duplicates, rows["dup1.dk"].duplicate_bytes) == (0, 0)
    page = queries.job_domains(session, job.id, sort="-duplicate_bytes")
    assert page.items[0].domain == "dup0.dk"
