"""Job generation and scheduling against a real database (SQLite and PostgreSQL)."""
import json

from sched_helpers import domain, fresh, history, profile, selective, settings, snapshot
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from server.definitions import definitions
from server.definitions.models import HarvestDefinition
from server.scheduler import dispatch, planner, queries
from server.scheduler.models import Job, JobConfiguration, JobgenEntry


def _schedule(engine, harvest_id, s=None, owner="test"):
    return planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), harvest_id, owner,
                                       s or settings())


def _jobs(session, harvest_id):
    fresh(session)
    return session.execute(select(Job).where(Job.harvest_id == harvest_id).order_by(Job.id)).scalars().all()


def _configs(session, job_id):
    return sorted(session.execute(select(JobConfiguration.configuration_id)
                                  .where(JobConfiguration.job_id == job_id)).scalars())


def test_selective_harvest_makes_jobs_counts_the_run_and_sets_the_next(engine, session):
    a = domain(session, "a.dk", max_bytes=10**9, seeds=["http://www.a.dk/", "https://a.dk/x"])
    b = domain(session, "b.dk", max_bytes=10**9)
    h = selective(session, "daily news", [a, b])
    session.commit()
    first_next = h.next_run_at
    assert planner.due_definitions(session) == [h.id]

    out = _schedule(engine, h.id)
    assert out.scheduled and out.error == "" and len(out.jobs) == 1
    job = _jobs(session, h.id)[0]
    assert job.status == "submitted" and job.harvest_run == 0 and job.channel == "FOCUSED"  # queued at once
    assert _configs(session, job.id) == sorted([a.id, b.id])
    assert job.seeds.split("\n") == ["http://www.a.dk/", "https://a.dk/x", "http://www.b.dk/"]
    cfg = json.loads(job.settings)
    assert cfg["profile_name"] == "default" and cfg["max_bytes_per_domain"] == 10**9
    assert job.byte_limit_from_configuration
    fresh(session)
    hd = session.get(HarvestDefinition, h.id)
    assert hd.runs == 1 and hd.active and (hd.next_run_at - first_next).days == 1
    assert planner.due_definitions(session) == []
    assert session.execute(select(func.count()).select_from(JobgenEntry)).scalar_one() == 0  # scratch emptied

    assert dispatch.submit_new(session) == []  # nothing left New


def test_snapshot_leaves_out_aliases_and_domains_completed_in_the_earlier_snapshot(engine, session):
    main = domain(session, "main.dk")
    alias = domain(session, "alias.dk", alias_of=main.domain)
    done = domain(session, "done.dk")
    cut = domain(session, "cut.dk")
    first = snapshot(session, "snapshot 1", active=False)
    first.runs = 1
    history(session, done, first, 100, 10**6, "completed", job_id=41)
    history(session, cut, first, 100, 10**6, "size-limit", job_id=42)
    second = snapshot(session, "snapshot 2", max_bytes=10**8, based_on=first)
    session.commit()

    out = _schedule(engine, second.id)
    assert out.error == "" and len(out.jobs) >= 1
    in_jobs = {c for j in _jobs(session, second.id) for c in _configs(session, j.id)}
    assert in_jobs == {main.id, cut.id}
    assert alias.id not in in_jobs and done.id not in in_jobs
    jobs = _jobs(session, second.id)
    aliases = [a for j in jobs for a in json.loads(j.aliases)]
    assert aliases == [{"domain": "alias.dk", "alias_of": "main.dk"}]
    dedup = {i for j in jobs for i in json.loads(j.dedup_job_ids)}
    assert dedup == {42}  # cut.dk was last harvested by job 42
    assert all(j.channel == "SNAPSHOT" and j.snapshot and j.max_bytes_per_domain == 10**8 for j in jobs)
    fresh(session)
    assert session.get(HarvestDefinition, second.id).runs == 1
    assert planner.due_definitions(session) == []  # a snapshot runs once


def test_splitting_by_profile_byte_limit_and_size(engine, session):
    profile(session, "deep")
    small = [domain(session, f"s{i}.dk", max_bytes=38_000 * 100) for i in range(5)]     # expect 50 each
    other_limit = [domain(session, f"o{i}.dk", max_bytes=38_000 * 200) for i in range(2)]
    deep = [domain(session, f"d{i}.dk", max_bytes=38_000 * 100, prof="deep") for i in range(2)]
    big = domain(session, "big.dk", max_bytes=10**12)                                  # expect ~13 million
    h = selective(session, "mixed", small + other_limit + deep + [big])
    session.commit()
    out = _schedule(engine, h.id)
    assert out.error == ""
    groups = sorted(tuple(_configs(session, j.id)) for j in _jobs(session, h.id))
    expected = sorted([tuple(sorted(c.id for c in small)), tuple(sorted(c.id for c in other_limit)),
                       tuple(sorted(c.id for c in deep)), (big.id,)])
    assert groups == expected
    by_size = {j.configuration_count: j.expected_objects for j in _jobs(session, h.id)}
    assert by_size[5] == 5 * 50


def test_chunks_limit_jobs_and_memory(engine, session):
    configs = [domain(session, f"n{i:03d}.dk") for i in range(25)]
    h = selective(session, "chunked", configs)
    session.commit()
    out = _schedule(engine, h.id, settings(jobgen__config_chunk_size=10))
    assert out.error == ""
    assert [j.configuration_count for j in _jobs(session, h.id)] == [10, 10, 5]


def test_no_configurations_deactivates_with_a_reason(engine, session):
    h = selective(session, "empty", [])
    session.commit()
    out = _schedule(engine, h.id)
    assert not out.jobs and "has no domain configurations" in out.error
    fresh(session)
    assert not session.get(HarvestDefinition, h.id).active
    state = queries.scheduling_states(session, h.id)[0]
    assert "has no domain configurations" in state.last_error and state.last_error_at is not None
    assert not state.active and state.scheduling_now_by is None
    # ...and the curator sees the reason on the definition itself
    shown = definitions.to_dto(session, session.get(HarvestDefinition, h.id))
    assert "has no domain configurations" in shown.scheduling_error and shown.scheduling_error_at is not None


def test_inactive_profile_deactivates_with_a_reason_and_makes_no_job(engine, session):
    profile(session, "retired", active=False)
    ok = domain(session, "fine.dk")
    bad = domain(session, "stale.dk", prof="retired")
    h = selective(session, "stale profile", [ok, bad])
    session.commit()
    out = _schedule(engine, h.id)
    assert "crawl profile 'retired' is inactive" in out.error and "stale.dk/defaultconfig" in out.error
    assert _jobs(session, h.id) == []
    fresh(session)
    hd = session.get(HarvestDefinition, h.id)
    assert not hd.active and hd.runs == 0
    assert "retired" in queries.scheduling_states(session, h.id)[0].last_error


def test_an_interrupted_generation_is_redone_without_duplicates(engine, session):
    configs = [domain(session, f"r{i}.dk") for i in range(30)]
    h = selective(session, "interrupted", configs)
    session.commit()
    calls = []

    class Stop(BaseException):
        pass

    def stop_after_first_chunk():
        calls.append(1)
        if len(calls) == 3:  # after the entries and the first chunk of jobs
            raise Stop()

    try:
        planner.schedule_definition(lambda: Session(engine, expire_on_commit=False), h.id, "x",
                                    settings(jobgen__config_chunk_size=10), keep_going=stop_after_first_chunk)
    except Stop:
        pass
    assert dispatch.submit_new(session) == []          # nothing half made is ever queued
    fresh(session)
    assert session.get(HarvestDefinition, h.id).active and session.get(HarvestDefinition, h.id).runs == 0
    out = _schedule(engine, h.id, settings(jobgen__config_chunk_size=10))
    assert out.error == ""
    ids = [c for j in _jobs(session, h.id) for c in _configs(session, j.id)]
    assert sorted(ids) == sorted(c.id for c in configs)  # each configuration exactly once


def test_the_guard_lets_one_scheduler_at_a_time(engine, session):
    from server.scheduler import guard

    h = selective(session, "guarded", [domain(session, "g.dk")])
    session.commit()
    assert guard.acquire(session, h.id, "instance-a", 600)
    assert not guard.acquire(session, h.id, "instance-b", 600)
    assert not _schedule(engine, h.id, owner="instance-b").scheduled
    guard.release(session, h.id, "instance-a", 0)
    assert _schedule(engine, h.id, owner="instance-b").scheduled
    assert not _schedule(engine, h.id, owner="instance-c").scheduled  # not due any more
    assert len(_jobs(session, h.id)) == 1


def test_two_schedulers_at_once_schedule_a_definition_once(engine, session):
    import threading

    configs = [domain(session, f"c{i}.dk") for i in range(20)]
    h = selective(session, "contested", configs)
    session.commit()
    outcomes = []
    barrier = threading.Barrier(4)

    def instance(n):
        barrier.wait()
        outcomes.append(_schedule(engine, h.id, settings(jobgen__config_chunk_size=5), owner=f"scheduler-{n}"))

    threads = [threading.Thread(target=instance, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sum(o.scheduled for o in outcomes) == 1 and all(o.error == "" for o in outcomes)
    ids = [c for j in _jobs(session, h.id) for c in _configs(session, j.id)]
    assert sorted(ids) == sorted(c.id for c in configs)
    fresh(session)
    assert session.get(HarvestDefinition, h.id).runs == 1


def test_a_domain_stopped_by_its_own_byte_limit_steps_no_further_in_the_next_snapshot(engine, session):
    """Stair-step snapshots: a configuration whose byte limit is tighter than the snapshot's makes a
    job whose limit is the configuration's. The job as the harvester claims it, turned into the
    crawler's spec, reports a domain that reaches it as config-size-limit (before, the limit was
    copied into the harvest quota and the tie went to the harvest: size-limit), so the next step
    leaves it out; a domain stopped by the snapshot's own limit is taken again."""
    from server.crawler.quotas import DomainQuotas
    from server.crawler.spec import parse_spec
    from server.harvester import job_spec

    own = domain(session, "own.dk", max_bytes=5_000)
    big = domain(session, "big.dk", max_bytes=10**12)
    first = snapshot(session, "step 1", max_bytes=10**6)
    session.commit()
    assert _schedule(engine, first.id).error == ""
    reasons = {}
    for job in _jobs(session, first.id):
        claimed = queries.claimed_job(session, job).to_dict()
        spec, seeds = job_spec.crawl_spec(claimed)
        quotas = DomainQuotas(parse_spec({**spec, "seeds": seeds}).quotas)
        for d in claimed["domains"]:
            quotas.record(d["domain"], 200, 10**6)
            reasons[d["domain"]] = quotas.blocked(d["domain"])
        # a domain met on the way is held to the job's limit, reported as the job's domains are
        quotas.record("elsewhere.dk", 200, 10**6)
        assert [quotas.blocked("elsewhere.dk")] == list({reasons[d["domain"]] for d in claimed["domains"]})
    assert reasons == {"own.dk": "config-size-limit", "big.dk": "size-limit"}

    history(session, own, first, 5, 5_000, reasons["own.dk"], job_id=51)
    history(session, big, first, 50, 10**6, reasons["big.dk"], job_id=52)
    first.runs, first.active = 1, False
    second = snapshot(session, "step 2", max_bytes=10**8, based_on=first)
    session.commit()
    assert _schedule(engine, second.id).error == ""
    in_jobs = {c for j in _jobs(session, second.id) for c in _configs(session, j.id)}
    assert big.id in in_jobs and own.id not in in_jobs


def test_deleting_a_domain_deletes_its_job_configurations_through_its_configuration(engine, session):
    """job_configurations have no foreign key of their own to domains (migration 0150): the
    configuration's, which cascades as the configuration's to its domain does, covers it."""
    a = domain(session, "a.dk")
    b = domain(session, "b.dk")
    h = selective(session, "two", [a, b])
    session.commit()
    job_id = _schedule(engine, h.id).jobs[0]
    assert _configs(session, job_id) == sorted([a.id, b.id])
    session.execute(text("DELETE FROM domains WHERE name = 'a.dk'"))
    session.commit()
    assert _configs(session, job_id) == [b.id]
    rows = session.execute(select(JobConfiguration.domain_id).where(JobConfiguration.job_id == job_id)).scalars()
    assert list(rows) == [b.domain_id]


def test_a_copy_that_fails_leaves_no_run_behind(engine, session, monkeypatch):
    """The copy of a run's configurations to its jobs comes after every job is made (on
    PostgreSQL in parts side by side, on SQLite in windows). One that fails stops the run: its
    error is reported, nothing is queued, and the next run makes each configuration once."""
    from server.scheduler import entries

    configs = [domain(session, f"c{i}.dk") for i in range(30)]
    h = selective(session, "copy-fails", configs)
    session.commit()
    name = "copy_run_to_jobs" if engine.dialect.name == "postgresql" else "copy_to_jobs"
    real, calls = getattr(entries, name), []

    def fails_first(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the copy failed")
        return real(*args, **kwargs)

    monkeypatch.setattr(entries, name, fails_first)
    try:
        out = _schedule(engine, h.id, settings(jobgen__config_chunk_size=10))
        error = out.error
    except RuntimeError as exc:
        error = str(exc)
    assert "the copy failed" in error and calls
    assert dispatch.submit_new(session) == []
    fresh(session)
    hd = session.get(HarvestDefinition, h.id)
    assert hd.runs == 0 and not hd.active       # deactivated with the reason, as any failure
    hd.active = True                            # the curator turns it on again
    session.commit()
    out = _schedule(engine, h.id, settings(jobgen__config_chunk_size=10))
    assert out.error == ""
    ids = [c for j in _jobs(session, h.id) for c in _configs(session, j.id)]
    assert sorted(ids) == sorted(c.id for c in configs)


def test_a_run_that_fails_while_making_jobs_stops_its_reader_and_leaves_nothing_behind(engine, session, monkeypatch):
    """The chunks of sorted entries are read ahead on PostgreSQL (a reader thread with a
    connection of its own). A job that cannot be stored in the middle of the run stops it: the
    reader ends with it, the scratch rows and the run index go, nothing is queued, and the next
    run makes each configuration once."""
    import threading

    from server.scheduler import jobgen

    configs = [domain(session, f"m{i}.dk") for i in range(30)]
    h = selective(session, "store-fails", configs)
    session.commit()
    real, calls = jobgen.store_job, []

    def fails_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("the job could not be stored")
        return real(*args, **kwargs)

    monkeypatch.setattr(jobgen, "store_job", fails_third)
    small = settings(jobgen__config_chunk_size=5)
    try:
        error = _schedule(engine, h.id, small).error
    except RuntimeError as exc:
        error = str(exc)
    assert "could not be stored" in error
    assert "read-ahead" not in {t.name for t in threading.enumerate()}
    assert session.execute(select(func.count()).select_from(JobgenEntry)).scalar_one() == 0
    assert dispatch.submit_new(session) == []
    monkeypatch.setattr(jobgen, "store_job", real)
    fresh(session)
    hd = session.get(HarvestDefinition, h.id)
    hd.active = True
    session.commit()
    assert _schedule(engine, h.id, small).error == ""
    ids = [c for j in _jobs(session, h.id) for c in _configs(session, j.id)]
    assert sorted(ids) == sorted(c.id for c in configs)


def test_a_lock_another_run_waits_for_while_the_chunks_are_read_ahead_is_granted(engine, session, monkeypatch):
    """Another run's ``DROP INDEX`` of its own run index (ACCESS EXCLUSIVE on the scratch table)
    asked for while this run still holds a lock on it from checking its profiles: this run
    lets go before it waits for its first chunk, the other run gets its lock and this run ends.
    Before, this run waited for its reader, the reader's SELECT behind the other run's request,
    and that request for this run: all three for ever (two harvests scheduled at once)."""
    import threading

    import pytest
    from waiting import wait_for

    from server.scheduler import jobgen

    if engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's lock queue; SQLite reads the chunks in turn on the run's own session")
    configs = [domain(session, f"q{i}.dk") for i in range(12)]
    h = selective(session, "beside-another-run", configs)
    session.commit()
    real = jobgen.global_traps
    other: dict[str, object] = {}   # "granted" or "error", once the other run's LOCK returned
    threads: list[threading.Thread] = []

    def other_run_drops_its_index() -> None:
        with engine.connect() as conn:
            conn.exec_driver_sql("SET lock_timeout = '30s'")   # the old code: the test ends, failing
            try:
                conn.exec_driver_sql("LOCK TABLE jobgen_entries IN ACCESS EXCLUSIVE MODE")
                other["granted"] = True
            except Exception as exc:  # noqa: BLE001 - reported by the assertion below
                other["error"] = exc
            conn.rollback()

    def waiting_for_the_entries(conn) -> bool:
        return conn.exec_driver_sql(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            "WHERE c.relname = 'jobgen_entries' AND l.mode = 'AccessExclusiveLock' AND NOT l.granted").scalar() > 0

    def traps_then_the_other_run(s):
        result = real(s)   # this run's transaction holds the scratch table's lock from here
        thread = threading.Thread(target=other_run_drops_its_index, daemon=True)
        thread.start()
        threads.append(thread)
        with engine.connect() as probe:   # until the other run's request waits (or was answered)
            wait_for(lambda: waiting_for_the_entries(probe) or other, timeout=30, interval=0.02)
        return result

    monkeypatch.setattr(jobgen, "global_traps", traps_then_the_other_run)
    assert _schedule(engine, h.id, settings(jobgen__config_chunk_size=5)).error == ""
    threads[0].join(timeout=60)
    assert other.get("granted") is True, other.get("error")
    ids = [c for j in _jobs(session, h.id) for c in _configs(session, j.id)]
    assert sorted(ids) == sorted(c.id for c in configs)
