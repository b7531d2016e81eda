"""An import is a job of the definition named (``nas import``): Started on the channel ``import``
while its files are stored, never offered to a harvester, then Done or Failed with the reason."""
import datetime as dt

import pytest
from sched_helpers import fresh, profile, selective

from server.scheduler import dispatch, imports, queries
from server.scheduler.models import Job
from shared.enums import JobOutcome, JobStatus
from shared.errors import IllegalTransition, InvalidInput, JobNotFound, NotFound


def test_an_import_is_a_job_of_the_definition_never_claimed_then_done(session):
    profile(session)
    hd = selective(session, "imports", [], active=False)
    session.commit()
    job = imports.begin(session, "imports", ["http://a.test/"], "curator1", "x.wacz")
    fresh(session)
    assert (job.status, job.channel, job.harvest_id, job.harvester_id) == ("started", "import", hd.id,
                                                                            "import:curator1")
    assert dispatch.claim(session, "import", "harvester-1") is None          # never offered
    later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
    assert dispatch.reoffer_lost_claims(session, 60, later) == []            # confirmed: not a lost claim
    done = imports.end(session, job.id)
    assert (done.status, done.outcome) == (JobStatus.DONE.value, JobOutcome.HARVESTED.value)
    assert imports.end(session, job.id).status == "done"                     # again: no change
    details = queries.job_details(session, job.id)
    assert details.seeds == ["http://a.test/"]
    with pytest.raises(IllegalTransition):
        imports.end(session, job.id, "too late")


def test_a_failed_import_says_why_and_bad_requests_are_refused(session):
    profile(session)
    selective(session, "imports", [], active=False)
    session.commit()
    job = imports.begin(session, "imports", [], "op", "a.warc.gz")
    failed = imports.end(session, job.id, "a.warc.gz was not stored in every replica")
    assert failed.status == "failed" and "not stored" in failed.failure_reason and failed.failure_code == "upload_error"
    with pytest.raises(NotFound, match="no harvest definition 'nope'"):
        imports.begin(session, "nope", [], "op", "x")
    with pytest.raises(InvalidInput):
        imports.begin(session, "", [], "op", "x")
    with pytest.raises(JobNotFound):
        imports.end(session, 999)
    other = Job(harvest_id=failed.harvest_id, harvest_run=0, status="started", channel="focused",
                profile_id=failed.profile_id, profile_name="default", harvester_id="h1")
    session.add(other)
    session.commit()
    with pytest.raises(IllegalTransition, match="not an import"):
        imports.end(session, other.id)
