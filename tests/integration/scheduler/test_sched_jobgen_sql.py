"""Job generation in the database gives what the estimation and splitting modules say, on a
large-ish generated harvest database (SQLite and PostgreSQL).

Step 1 (the expected objects, the best previous harvest, the last job) and the copying of a job's
configurations run as SQL (server/scheduler/entries.py, jobgen.store_job). The specification
is the Python of :mod:`server.scheduler.estimation` and :mod:`server.scheduler.splitting`: here
every configuration's expectation is computed with it from the rows read back, the run is split
with it, and the jobs the scheduler made must be exactly those, configuration for configuration.
The data are random but seeded, with the awkward cases on purpose: histories with ties in end
time and in object count, missing end times and job ids, fewer and more than 50 objects, every
stop reason, limits of none, 0 and in between on configurations and definitions, aliases, second
configurations, and domains completed in the snapshot a new one is based on.
"""
import datetime as dt
import json
import random

import pytest
from sched_helpers import channel, fresh, profile, settings
from sqlalchemy import insert, select, text
from sqlalchemy.orm import Session

from server.definitions.models import (
    Domain,
    DomainConfiguration,
    DomainCrawlerTrap,
    HarvestDefinition,
    HarvestHistory,
    Schedule,
    SeedList,
    configuration_seed_lists,
    harvest_configurations,
)
from server.harvestdb.base import utcnow
from server.scheduler import planner
from server.scheduler.estimation import EstimationSettings, PreviousHarvest, best_harvest, expected_objects, min_limit
from server.scheduler.models import Job, JobConfiguration
from server.scheduler.splitting import Candidate, SplitSettings, byte_order, split
from shared.enums import StopReason

N = 20_000
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def _populate(session: Session, old: HarvestDefinition, other: HarvestDefinition, seed: int = 7) -> list[int]:
    """N domains (every 40th an alias), a default configuration each and a second one for every
    7th, one seed list each, and 0-4 history rows per configuration. Returns the ids of the
    second configurations."""
    rnd = random.Random(seed)
    profiles = [profile(session, "default").id, profile(session, "deep").id]
    now = utcnow()
    # a few end times only, so that ties in (end, id) and in objects are common
    ends = [None] + [now - dt.timedelta(days=d) for d in (1, 2, 3, 30)] + [dt.datetime(1990, 1, 1, tzinfo=dt.UTC)]
    limits_b = [-1, 0, 1, 38_000 * 49, 38_000 * 100, 10**6, 5 * 10**8, 10**9, 2 * 10**9, 10**12]
    limits_o = [-1, -1, -1, 0, 1, 49, 50, 100, 5000, 10**6]
    reasons = [r.value for r in StopReason]
    domains, seeds, configs, links, hist, traps = [], [], [], [], [], []
    second = []
    cid = 0
    for i in range(1, N + 1):
        name = f"g{i:06d}.dk"
        domains.append({"id": i, "name": name, "name_reversed": name[::-1], "tld": "dk", "comments": "", "edition": 1,
                        "alias_of_id": i - 1 if i % 40 == 0 else None})
        seeds.append({"id": i, "domain_id": i, "name": "defaultseeds", "comments": "",
                      "seeds": f"http://www.{name}/\nhttps://{name}/x"})
        if i % 11 == 0:  # a second seed list, named before the first, repeating one of its seeds
            seeds.append({"id": N + i, "domain_id": i, "name": "aaa", "comments": "",
                          "seeds": f"https://{name}/x\n\nhttp://{name}/more/"})
        if i % 13 == 0:  # crawler traps, their positions not in the order of their ids
            traps += [{"domain_id": i, "position": p, "expression": f".*{name}/trap{p}.*"} for p in (2, 1)]
        for k in range(2 if i % 7 == 0 else 1):
            cid += 1
            if k:
                second.append(cid)
            configs.append({"id": cid, "domain_id": i, "name": f"config{k}", "comments": "",
                            "profile_id": profiles[rnd.random() < 0.2], "max_objects": rnd.choice(limits_o),
                            "max_bytes": rnd.choice(limits_b), "max_request_rate": 60, "is_default": k == 0})
            links.append({"configuration_id": cid, "seed_list_id": i})
            if i % 11 == 0 and (k or i % 22):
                links.append({"configuration_id": cid, "seed_list_id": N + i})
            for _ in range(rnd.choice((0, 1, 2, 2, 3, 4))):
                objects = rnd.choice((0, 1, 49, 50, 50, 51, 400, rnd.randint(0, 10**6)))
                ended = rnd.choice(ends)
                hist.append({"domain_id": i, "configuration_id": cid, "harvest_id": rnd.choice((old.id, other.id)),
                             "job_id": rnd.choice((None, rnd.randint(1, 500))), "objects": objects,
                             "bytes": objects * rnd.choice((0, 1, 1000, 38_000, 38_001, 100_000)) + rnd.randint(0, 99),
                             "stop_reason": rnd.choice(reasons), "started_at": ended, "ended_at": ended})
    for table, rows in ((Domain.__table__, domains), (SeedList.__table__, seeds),
                        (DomainConfiguration.__table__, configs), (configuration_seed_lists, links),
                        (HarvestHistory.__table__, hist), (DomainCrawlerTrap.__table__, traps)):
        _bulk_insert(session, table, rows)
    if session.get_bind().dialect.name == "postgresql":  # ids given above: move the sequences on
        for table in ("domains", "seed_lists", "configurations"):
            session.execute(text(f"SELECT setval('{table}_id_seq', (SELECT max(id) FROM {table}))"))
    session.commit()
    return second


def _bulk_insert(session: Session, table, rows: list[dict]) -> None:
    """Insert ``rows`` into ``table``: by ``COPY`` on PostgreSQL, where the multi-row INSERTs of
    the ~140,000 rows took two thirds of this test (20 of 32 s alone, three times that in the
    suite), with the columns' Python-side defaults and bind processing applied as an INSERT
    would; by INSERTs on SQLite, which are fast there."""
    if session.get_bind().dialect.name != "postgresql":
        for k in range(0, len(rows), 5000):
            session.execute(insert(table), rows[k:k + 5000])
        return
    dialect = session.get_bind().dialect
    columns = [c for c in table.columns if c.name in rows[0] or c.default is not None]
    binds = [c.type.bind_processor(dialect) if hasattr(c.type, "process_bind_param") else None for c in columns]
    defaults = [None if c.default is None else c.default.arg(None) if c.default.is_callable else c.default.arg
                for c in columns]
    names = ", ".join(c.name for c in columns)
    with session.connection().connection.driver_connection.cursor() as cur:
        with cur.copy(f"COPY {table.name} ({names}) FROM STDIN") as cp:
            for row in rows:
                values = [row.get(c.name, d) for c, d in zip(columns, defaults, strict=True)]
                cp.write_row([b(v) if b else v for b, v in zip(binds, values, strict=True)])


def _reference(session: Session, hd: HarvestDefinition, s) -> list[tuple]:
    """The run's jobs by the Python specification: per job its configurations' (id, domain,
    expected objects, max bytes, max objects), its byte limit and the job ids it deduplicates from."""
    est, split_settings = EstimationSettings.from_settings(s), SplitSettings.from_settings(s)
    snapshot = hd.kind == "snapshot"
    h_objects = min_limit(hd.max_objects) if snapshot else -1
    h_bytes = min_limit(hd.max_bytes) if snapshot else -1
    C = DomainConfiguration
    if snapshot:
        aliases = set(session.execute(select(Domain.id).where(Domain.alias_of_id.is_not(None))).scalars())
        done = set()
        if hd.based_on_id is not None:
            complete = [r.value for r in StopReason if r.is_complete]
            done = set(session.execute(select(HarvestHistory.domain_id).where(
                HarvestHistory.harvest_id == hd.based_on_id, HarvestHistory.stop_reason.in_(complete))).scalars())
        configs = [c for c in session.execute(select(C.id, C.domain_id, C.profile_id, C.max_bytes, C.max_objects)
                                              .where(C.is_default.is_(True))).all()
                   if c.domain_id not in aliases and c.domain_id not in done]
    else:
        configs = session.execute(select(C.id, C.domain_id, C.profile_id, C.max_bytes, C.max_objects).join(
            harvest_configurations, harvest_configurations.c.configuration_id == C.id)
            .where(harvest_configurations.c.harvest_id == hd.id)).all()
    H = HarvestHistory
    history: dict[int, list] = {}
    for r in session.execute(select(H.configuration_id, H.id, H.objects, H.bytes, H.stop_reason, H.ended_at, H.job_id)):
        history.setdefault(r.configuration_id, []).append(r)
    candidates, orders = [], {}
    for c in configs:
        rows = history.get(c.id, [])
        best = best_harvest([PreviousHarvest(r.objects, r.bytes, r.stop_reason, r.ended_at, r.id) for r in rows])
        last = max(rows, key=lambda r: (r.ended_at or _EPOCH, r.id)).job_id if rows else None
        candidates.append(Candidate(c.id, c.domain_id, c.profile_id, c.max_bytes, c.max_objects,
                                    expected_objects(best, c.max_objects, c.max_bytes, h_objects, h_bytes, est), last))
        orders[c.id] = byte_order(min_limit(c.max_bytes, h_bytes))
    candidates.sort(key=lambda c: (c.profile_id, orders[c.configuration_id], c.expected_objects, c.configuration_id))
    jobs = []
    size = split_settings.config_chunk_size
    for k in range(0, len(candidates), size):
        for d in split(candidates[k:k + size], h_bytes, split_settings):
            jobs.append((sorted((c.configuration_id, c.domain_id, c.expected_objects, c.max_bytes, c.max_objects)
                                for c in d.candidates),
                         d.max_bytes, d.byte_limit_from_configuration, d.total_expected,
                         sorted({c.previous_job_id for c in d.candidates if c.previous_job_id is not None})))
    return jobs


def _made(session: Session, harvest_id: int) -> list[tuple]:
    fresh(session)
    JC = JobConfiguration
    out = []
    for j in session.execute(select(Job).where(Job.harvest_id == harvest_id).order_by(Job.id)).scalars():
        rows = sorted(tuple(r) for r in session.execute(
            select(JC.configuration_id, JC.domain_id, JC.expected_objects, JC.max_bytes, JC.max_objects)
            .where(JC.job_id == j.id)))
        out.append((rows, j.max_bytes_per_domain, j.byte_limit_from_configuration, j.expected_objects,
                    json.loads(j.dedup_job_ids)))
    return out


def _payloads(session: Session, harvest_id: int) -> tuple[list, list]:
    """Each job's seeds, aliases and domain crawler traps as made, and as its configurations
    say, in Python: seed lists in order of configuration id, then name, each seed once; the
    aliases of its domains by name (a snapshot's); its domains' traps by position."""
    fresh(session)
    JC, SL, CSL, T = JobConfiguration, SeedList, configuration_seed_lists.c, DomainCrawlerTrap
    names = dict(session.execute(select(Domain.id, Domain.name)).all())
    alias_of = dict(session.execute(select(Domain.id, Domain.alias_of_id).where(Domain.alias_of_id.is_not(None))).all())
    lists: dict[int, list] = {}
    for cid, name, seeds in session.execute(select(CSL.configuration_id, SL.name, SL.seeds)
                                            .join(SL, SL.id == CSL.seed_list_id)):
        lists.setdefault(cid, []).append((name, seeds))
    traps: dict[int, list] = {}
    for t in session.execute(select(T.domain_id, T.position, T.expression)):
        traps.setdefault(t.domain_id, []).append((t.position, t.expression))
    made, expected = [], []
    for j in session.execute(select(Job).where(Job.harvest_id == harvest_id).order_by(Job.id)).scalars():
        made.append((j.seeds, json.loads(j.aliases), json.loads(j.settings)["crawler_traps"]["domains"]))
        rows = session.execute(select(JC.configuration_id, JC.domain_id).where(JC.job_id == j.id)
                               .order_by(JC.configuration_id)).all()
        seeds: dict[str, None] = {}
        for cid, _ in rows:
            for _, text_ in sorted(lists.get(cid, [])):
                seeds.update((u, None) for u in text_.split("\n") if u)
        domains = {d for _, d in rows}
        aliases = sorted(({"domain": names[a], "alias_of": names[d]} for a, d in alias_of.items() if d in domains),
                         key=lambda x: x["domain"]) if j.snapshot else []
        job_traps = {names[d]: [e for _, e in sorted(traps[d])] for d in sorted(domains, key=names.get) if d in traps}
        expected.append(("\n".join(seeds), aliases, job_traps))
    return made, expected


def _definition(session: Session, name: str, kind: str, **kw) -> HarvestDefinition:
    extra = {}
    if kind == "selective":
        extra = {"schedule": session.execute(select(Schedule).where(Schedule.name == "Daily")).scalar_one(),
                 "first_run_at": utcnow() - dt.timedelta(minutes=1)}
    h = HarvestDefinition(name=name, kind=kind, comments="", runs=0, channel=channel(session, kind == "snapshot"),
                          max_job_running_time_s=0, next_run_at=utcnow() - dt.timedelta(minutes=1), **extra, **kw)
    session.add(h)
    session.flush()
    return h


@pytest.mark.slow
def test_jobs_made_in_the_database_are_those_of_the_python_specification(engine, session):
    old = _definition(session, "old snapshot", "snapshot", active=False, max_bytes=-1, max_objects=-1)
    other = _definition(session, "other", "selective", active=False)
    second = _populate(session, old, other)
    s = settings(jobgen__config_chunk_size=3000, jobgen__max_total_size=400_000)

    # a snapshot with both limits, based on the old one
    snap = _definition(session, "snapshot", "snapshot", active=True, max_bytes=10**9, max_objects=3000,
                       based_on_id=old.id)
    session.commit()
    expected = _reference(session, snap, s)
    assert len(expected) > 20 and sum(len(j[0]) for j in expected) > N // 2  # the test is not vacuous
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), snap.id, "t", s)
    assert out.error == ""
    assert _made(session, snap.id) == expected
    made, wanted = _payloads(session, snap.id)
    assert made == wanted

    # a snapshot without limits, based on nothing
    bare = _definition(session, "bare snapshot", "snapshot", active=True, max_bytes=None, max_objects=-1)
    session.commit()
    expected = _reference(session, bare, s)
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), bare.id, "t", s)
    assert out.error == ""
    assert _made(session, bare.id) == expected
    made, wanted = _payloads(session, bare.id)
    assert made == wanted

    # a selective harvest of scattered configurations, second ones among them (windows of chosen ids)
    rnd = random.Random(3)
    chosen = sorted(set(rnd.sample(range(1, N + len(second) + 1), 6000)) | set(second[:500]))
    sel = _definition(session, "selective", "selective", active=True)
    session.execute(insert(harvest_configurations), [{"harvest_id": sel.id, "configuration_id": c} for c in chosen])
    session.commit()
    expected = _reference(session, sel, s)
    assert sum(len(j[0]) for j in expected) == len(chosen)
    out = planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), sel.id, "t", s)
    assert out.error == ""
    assert _made(session, sel.id) == expected
    made, wanted = _payloads(session, sel.id)
    assert made == wanted


def test_job_generation_analyses_the_tables_it_reads_when_their_statistics_are_missing(engine, session):
    """PostgreSQL: without planner statistics (a freshly filled database, autovacuum not yet by)
    the test above took 82 s instead of 16; a run first analyses what it reads where figures
    are missing or stale, and then nothing is left to analyse."""
    from server.scheduler import entries

    if engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's planner statistics")
    session.commit()
    entries.refresh_statistics(session)
    session.commit()
    never = session.execute(text("SELECT relname FROM pg_stat_user_tables WHERE relname = ANY(:tables) "
                                 "AND last_analyze IS NULL AND last_autoanalyze IS NULL"),
                            {"tables": list(entries._READ_TABLES)}).scalars().all()
    assert never == []
    session.commit()
    assert entries.refresh_statistics(session) == []
    session.commit()


def test_two_runs_building_their_sort_indexes_at_once_do_not_wait_for_each_other(engine):
    """Two definitions generating at once (PostgreSQL): each run builds its own sort index while
    the other's index transaction is still open. ``CREATE INDEX`` holds a SHARE lock on the
    entries table to its transaction's end; ``ANALYZE`` in that transaction asked for a lock
    that conflicts with the other's SHARE, and the two runs deadlocked (one definition
    deactivated). The run's index transaction now takes nothing the other's blocks; the
    statistics come after, in their own."""
    from server.scheduler import entries

    if engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's table locks (SQLite has one writer)")
    first, second = Session(engine), Session(engine)
    try:
        entries.index_run(first, 101)                  # its transaction stays open
        second.execute(text("SET LOCAL lock_timeout = '5s'"))
        entries.index_run(second, 102)                 # raised LockNotAvailable with ANALYZE in it
        second.commit()
        first.commit()
        entries.analyse_entries(first)
        first.commit()
    finally:
        for s, h in ((first, 101), (second, 102)):
            s.rollback()
            entries.drop_run_index(s, h)
            s.commit()
            s.close()


def test_a_finished_run_removes_its_scratch_rows_and_no_other_runs(engine, session):
    """A run's end empties the scratch tables whole when only its rows are there (TRUNCATE on
    PostgreSQL, an unqualified DELETE on SQLite), and removes only its own rows while another
    definition's run has rows there too."""
    from server.scheduler import entries
    from server.scheduler.models import JobgenEntry, JobgenSpan

    def rows(harvest_id):
        for c in range(1, 4):
            session.execute(insert(JobgenEntry).values(
                harvest_id=harvest_id, configuration_id=c, domain_id=c, profile_id=1, byte_order=0, max_bytes=-1,
                max_objects=-1, expected_objects=c, previous_job_id=None, seeds=None))
        entries.add_span(session, harvest_id, 7, (1, 0, 1, 1))

    def left():
        return [sorted(set(session.execute(select(t.harvest_id)).scalars())) for t in (JobgenEntry, JobgenSpan)]

    rows(101)
    rows(102)
    session.commit()
    entries.remove_run(session, 101)
    session.commit()
    assert left() == [[102], [102]]
    assert session.execute(select(JobgenEntry.configuration_id).where(JobgenEntry.harvest_id == 102)).scalars().all() \
        == [1, 2, 3]
    entries.remove_run(session, 102)
    session.commit()
    assert left() == [[], []]
