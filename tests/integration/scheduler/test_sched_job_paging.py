"""Job history pages: every sort key, both directions, every offset — pages read from the near
end (reversed) and the far end give exactly the rows of one plain ORDER BY (SQLite and PostgreSQL)."""
import datetime as dt
import random

import pytest
from sched_helpers import channel, profile
from sqlalchemy import select

from server.definitions.models import HarvestDefinition
from server.harvestdb.base import utcnow
from server.scheduler import queries
from server.scheduler.models import Job
from shared.errors import InvalidInput


def _jobs(session, n=57):
    rnd = random.Random(5)
    p = profile(session)
    hds = [HarvestDefinition(name=name, kind="selective", comments="", active=False, runs=3,
                             channel=channel(session, False)) for name in ("b-news", "a-culture", "c-sport")]
    session.add_all(hds)
    session.flush()
    t0 = utcnow()
    for i in range(n):
        started = None if i % 5 == 0 else t0 + dt.timedelta(minutes=rnd.randrange(30))
        session.add(Job(harvest_id=rnd.choice(hds).id, harvest_run=rnd.randrange(3),
                        status=rnd.choice(("done", "failed", "submitted")), channel=rnd.choice(("FOCUSED", "NIGHT")),
                        snapshot=False, profile_id=p.id, profile_name=p.name, configuration_count=rnd.randrange(4),
                        expected_objects=rnd.choice((10, 20, 20, 30)), created_at=t0 + dt.timedelta(seconds=i // 3),
                        started_at=started, ended_at=started, outcome=rnd.choice((None, "harvested", "partial"))))
    session.commit()


@pytest.mark.parametrize("key", sorted(queries.SORT))
def test_every_page_in_every_order_matches_one_plain_order_by(engine, session, key):
    _jobs(session)
    for sort in (key, "-" + key):
        desc = sort.startswith("-")
        col = queries.SORT[key]
        ref = select(Job.id).join(HarvestDefinition, HarvestDefinition.id == Job.harvest_id).order_by(
            col.desc() if desc else col.asc(), Job.id.desc() if desc else Job.id.asc())
        expected = list(session.execute(ref).scalars())
        got = []
        for offset in range(0, 60, 7):
            page = queries.list_jobs(session, None, offset, 7, sort)
            assert page.total == 57
            got.extend(j.id for j in page.items)
        assert got == expected, sort
        # a filtered listing pages the same way
        page = queries.list_jobs(session, {"channel": "NIGHT"}, 0, 1000, sort)
        tail = queries.list_jobs(session, {"channel": "NIGHT"}, page.total - 3, 7, sort)
        assert [j.id for j in tail.items] == [j.id for j in page.items][-3:]
    with pytest.raises(InvalidInput):
        queries.list_jobs(session, None, 0, 10, "-colour")


def test_paging_by_id_is_exact_with_and_without_removed_jobs(engine, session):
    """The unfiltered history by id pages by key while every id exists, and by offset once a job
    was removed (an unfinished generation's jobs are deleted): the same rows either way."""
    from sqlalchemy import delete

    _jobs(session)

    def pages(sort):
        total = queries.list_jobs(session, None, 0, 1, sort).total
        return [j.id for offset in range(0, total, 5) for j in queries.list_jobs(session, None, offset, 5, sort).items]

    all_ids = sorted(session.execute(select(Job.id)).scalars())
    assert queries._dense_ids(session, len(all_ids)) == (all_ids[0], all_ids[-1])
    assert pages("id") == all_ids and pages("-id") == all_ids[::-1]
    session.execute(delete(Job).where(Job.id.in_(all_ids[10:13])))
    session.commit()
    left = all_ids[:10] + all_ids[13:]
    assert queries._dense_ids(session, len(left)) is None
    assert pages("id") == left and pages("-id") == left[::-1]
