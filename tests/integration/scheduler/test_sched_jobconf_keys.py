"""Job configurations' keys to jobs and configurations, on both databases: no row names a job or
configuration that does not exist, deleting either removes its job configurations, and a row
being written holds what it names until it commits. Job generation's bulk copy relies on all
four; they were measured against keys checked once per statement by triggers, which gained
nothing in a whole run (docs/decisions/scheduler-jobgen.md, seventh pass), so they are the
declared foreign keys, and these tests keep whatever replaces them to the same guarantees."""
import pytest
from sched_helpers import domain, selective, settings
from sqlalchemy import delete, insert, select, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from server.definitions.models import DomainConfiguration
from server.scheduler import planner
from server.scheduler.models import Job, JobConfiguration

JC = JobConfiguration.__table__


def _job(engine, session, n=2):
    configs = [domain(session, f"k{n}-{i}.dk") for i in range(n)]
    h = selective(session, f"keys-{n}", configs)
    session.commit()
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "test", settings())
    assert out.error == ""
    return out.jobs[0], configs


def _rows(session, **where):
    q = select(JC.c.job_id, JC.c.configuration_id)
    for k, v in where.items():
        q = q.where(JC.c[k] == v)
    return sorted(session.execute(q).all())


def _row(job_id, config):
    return {"job_id": job_id, "configuration_id": config.id, "domain_id": config.domain_id,
            "expected_objects": 0, "max_bytes": -1, "max_objects": -1}


def test_a_row_naming_a_missing_job_or_configuration_is_refused(engine, session):
    job_id, (a, b) = _job(engine, session)
    other = domain(session, "other.dk")
    session.commit()
    with pytest.raises(IntegrityError):
        session.execute(insert(JC).values(_row(job_id + 1000, other)))
    session.rollback()
    gone = _row(job_id, other) | {"configuration_id": other.id + 1000}
    with pytest.raises(IntegrityError):
        session.execute(insert(JC).values(gone))
    session.rollback()
    session.execute(insert(JC).values(_row(job_id, other)))   # both exist: taken
    session.commit()
    assert _rows(session, job_id=job_id) == sorted((job_id, c.id) for c in (a, b, other))


def test_deleting_a_job_or_a_configuration_removes_its_job_configurations(engine, session):
    job_id, (a, b) = _job(engine, session)
    second, _ = _job(engine, session, 3)
    session.execute(delete(DomainConfiguration.__table__).where(DomainConfiguration.__table__.c.id == a.id))
    session.commit()
    assert _rows(session, job_id=job_id) == [(job_id, b.id)]
    session.execute(delete(Job.__table__).where(Job.__table__.c.id == job_id))
    session.commit()
    assert _rows(session, job_id=job_id) == []
    assert len(_rows(session, job_id=second)) == 3     # another job's rows stay


def test_a_job_configuration_keeps_its_keys(engine, session):
    job_id, (a, b) = _job(engine, session)
    with pytest.raises(IntegrityError):
        session.execute(update(JC).where(JC.c.configuration_id == a.id).values(job_id=job_id + 1000))
    session.rollback()
    session.execute(update(JC).where(JC.c.configuration_id == a.id).values(duplicates=3))   # other columns: fine
    session.commit()
    assert session.execute(select(JC.c.duplicates).where(JC.c.configuration_id == a.id)).scalar_one() == 3


def test_what_an_uncommitted_copy_names_cannot_be_deleted_under_it(engine, session):
    """PostgreSQL: the keys' checks lock what the rows name, so a delete of a named configuration
    or job waits for the copy's transaction. Here it gives up at once (lock_timeout) instead of
    waiting, so the test needs no timing."""
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer: a delete cannot run beside the copy's transaction")
    job_id, (a, b) = _job(engine, session)
    session.execute(delete(JC).where(JC.c.job_id == job_id))
    session.commit()
    copy = Session(engine)
    try:
        copy.execute(text(
            "INSERT INTO job_configurations (job_id, configuration_id, domain_id, expected_objects, max_bytes, "
            "max_objects) SELECT :j, id, domain_id, 0, -1, -1 FROM configurations WHERE domain_id IN (:da, :db)"),
            {"j": job_id, "da": a.domain_id, "db": b.domain_id})
        assert len(copy.execute(select(JC.c.job_id).where(JC.c.job_id == job_id)).all()) == 2
        for table, key in ((DomainConfiguration.__table__, b.id), (Job.__table__, job_id)):
            with engine.connect() as other:
                other.exec_driver_sql("SET lock_timeout = '50ms'")
                with pytest.raises(DBAPIError, match="lock timeout"):
                    other.execute(delete(table).where(table.c.id == key))
        copy.commit()
    finally:
        copy.close()
    assert len(_rows(session, job_id=job_id)) == 2

