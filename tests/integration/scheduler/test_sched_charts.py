"""Jobs per status per day, counted in SQL, and bytes per run (SQLite and PostgreSQL)."""
import datetime as dt

import pytest
from sched_helpers import domain, history, selective, settings
from sqlalchemy import update
from sqlalchemy.orm import Session

from server.scheduler import dispatch, planner, queries
from server.scheduler.models import Job
from shared.errors import InvalidInput


def _at(session, job_id, when):
    session.execute(update(Job).where(Job.id == job_id).values(created_at=when))


def test_job_status_counts_by_day_groups_per_day_and_status(engine, session):
    configs = [domain(session, f"day{i}.dk") for i in range(5)]
    h = selective(session, "days", configs)
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "t",
                                      settings(jobgen__config_chunk_size=1))
    assert out.error == "" and len(out.jobs) == 5
    dispatch.submit_new(session)
    dispatch.claim(session, "FOCUSED", "h1")
    session.commit()
    jobs = sorted(out.jobs)
    utc = dt.UTC
    _at(session, jobs[0], dt.datetime(2026, 3, 1, 0, 0, 1, tzinfo=utc))
    _at(session, jobs[1], dt.datetime(2026, 3, 1, 23, 59, 59, tzinfo=utc))
    _at(session, jobs[2], dt.datetime(2026, 3, 1, 12, tzinfo=utc))
    _at(session, jobs[3], dt.datetime(2026, 3, 3, 8, tzinfo=utc))
    _at(session, jobs[4], dt.datetime(2026, 2, 28, 23, 59, 59, tzinfo=utc))
    session.commit()
    got = [r.to_dict() for r in queries.status_counts_by_day(session, "2026-03-01", "2026-03-03")]
    assert got == [{"day": "2026-03-01", "status": "started", "jobs": 1},
                   {"day": "2026-03-01", "status": "submitted", "jobs": 2},
                   {"day": "2026-03-03", "status": "submitted", "jobs": 1}]
    assert [r.to_dict() for r in queries.status_counts_by_day(session, "2026-02-28", "2026-02-28")] == [
        {"day": "2026-02-28", "status": "submitted", "jobs": 1}]
    # default: the last 30 days up to today
    assert [r.to_dict() for r in queries.status_counts_by_day(session, today=dt.date(2026, 3, 30))] == got
    assert [r.to_dict() for r in queries.status_counts_by_day(session, today=dt.date(2026, 3, 31))] == got[2:]
    assert queries.status_counts_by_day(session, date_from="2026-03-02", today=dt.date(2026, 3, 2)) == []
    for bad in ({"date_from": "yesterday"}, {"date_to": "2026-13-01"}, {"date_from": 20260301},
                {"date_from": "2026-03-02", "date_to": "2026-03-01"}):
        with pytest.raises(InvalidInput):
            queries.status_counts_by_day(session, **bad)


def test_run_statistics_gives_bytes_per_run(engine, session):
    configs = [domain(session, f"bytes{i}.dk") for i in range(2)]
    h = selective(session, "bytes", configs)
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "t",
                                      settings(jobgen__config_chunk_size=1))
    assert out.error == ""
    for job_id, cfg, nbytes in zip(sorted(out.jobs), configs, (1000, 2500), strict=True):
        history(session, cfg, h, 10, nbytes, job_id=job_id)
    session.commit()
    runs = queries.run_statistics(session, h.id)
    assert [(r.harvest_run, r.bytes) for r in runs] == [(0, 3500)]
