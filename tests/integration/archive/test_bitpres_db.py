"""Bit-preservation queries on SQLite and a real PostgreSQL: the file-list diff runs set-wise in a
temporary table; a copy completed after the audit's snapshot is never judged; upload states are
never touched; files unknown to the database are reported; checksum comparison; the summary; a
run left "running" by a dead arcrepository is queued again."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from sqlalchemy import select
from sqlalchemy.orm import sessionmaker
from waiting import wait_for

from server.archive.arcrepository import preservation as core
from server.archive.arcrepository import store
from server.archive.arcrepository.models import ArchiveFile, Audit, AuditExtraFile, ReplicaFileInfo, utcnow
from server.archive.replicas import ReplicaDto
from server.db.engine import make_engine
from server.db.migrate import upgrade
from shared.enums import ReplicaType

MIGRATIONS = "server.archive.arcrepository.migrations"
R = [ReplicaDto("ONE", "one", ReplicaType.BITARCHIVE), ReplicaDto("TWO", "two", ReplicaType.BITARCHIVE)]


def md5(i: int) -> str:
    return f"{i:032x}"


@pytest.fixture
def make(database_url):
    engine = make_engine(database_url)
    upgrade(engine, "archive", MIGRATIONS)
    try:
        yield sessionmaker(engine, expire_on_commit=False)
    finally:
        engine.dispose()


def completed(s, name: str, checksum: str) -> None:
    store.on_store(s, R, name, checksum, 10)
    for r in R:
        store.on_upload_reply(s, name, r.id, ok=True, checksum=checksum, instance_id=f"ba-{r.id}")


def test_file_list_diff_in_the_database(make):
    with make() as s:
        for i in range(1, 301):
            completed(s, f"f{i:05d}.warc", md5(i))
        s.commit()
    with make() as s:
        a, created = core.request_audit(s, R[1], "files", "tester")
        again, created_again = core.request_audit(s, R[1], "checksums", "tester")
        assert created and not created_again and again.id == a.id       # one per replica
        core.start(a)
        s.commit()
    wait_for(lambda: utcnow() > a.snapshot, interval=0.001)   # what completes from now on is after the snapshot
    with make() as s:
        # A store that completes after the snapshot (and so is not in the listing).
        completed(s, "late.warc", md5(9999))
        s.commit()
    listed = [(f"f{i:05d}.warc", None) for i in range(1, 301) if i not in (7, 150)] + [("stranger.warc", None)]
    with make() as s:
        a = s.get(Audit, a.id)
        with core.Listing(s) as listing:
            assert listing.load(iter(listed)) == 299
            core.apply_file_list(s, a, listing)
        s.commit()
        assert (a.missing, a.extra) == (2, 1)
        assert s.execute(select(AuditExtraFile.filename)).scalars().all() == ["stranger.warc"]
        page = core.findings(s, "TWO", "missing", 0, 10)
        assert [f.name for f in page.items] == ["f00007.warc", "f00150.warc"] and page.total == 2
        assert page.items[0].votes == {"ONE": md5(7)}
        late = s.execute(select(ReplicaFileInfo).join(ReplicaFileInfo.file)
                         .where(ReplicaFileInfo.replica_id == "TWO")).scalars().all()
        states = {i.file.filename: (i.upload_state, i.filelist_status) for i in late}
        assert states["late.warc"] == ("upload_completed", "ok")          # untouched by the audit
        assert states["f00007.warc"] == ("upload_completed", "missing")   # upload state kept
        assert states["f00008.warc"] == ("upload_completed", "ok")
        assert core.missing_names(s, "ONE", 10) == []


def test_checksum_comparison_returns_only_differing_copies(make):
    with make() as s:
        for i in range(1, 101):
            completed(s, f"c{i:03d}.warc", md5(i))
        a, _ = core.request_audit(s, R[0], "checksums", "tester")
        core.start(a)
        s.commit()
    with make() as s:
        a = s.get(Audit, a.id)
        rows = [(f"c{i:03d}.warc", md5(i) if i != 42 else md5(4242)) for i in range(1, 101) if i != 3]
        with core.Listing(s) as listing:
            listing.load(rows)
            core.apply_file_list(s, a, listing)
            differing = core.apply_checksums(s, a, listing)
        assert differing == [("c042.warc", md5(42), md5(4242))]
        verdict = core.judge(md5(42), md5(4242), core.known_checksums(s, "c042.warc") | {"ONE": None})
        core.record_verdict(s, "ONE", "c042.warc", md5(4242), verdict, {"TWO": md5(42)})
        s.commit()
        [one, two] = core.summary(s, R, 30.0)
        assert (one.files, one.missing, one.corrupt, one.ok) == (100, 1, 1, 98)
        assert two.unchecked == 0 and two.stale == 0
        assert [f.name for f in core.findings(s, "ONE", "corrupt", 0, 5).items] == ["c042.warc"]


def test_rolling_batches_take_the_least_recently_verified_first(make):
    with make() as s:
        for i in range(1, 11):
            completed(s, f"r{i:02d}.warc", md5(i))
        old = core.utcnow() - dt.timedelta(days=40)
        for info in s.execute(select(ReplicaFileInfo).where(ReplicaFileInfo.replica_id == "ONE")).scalars():
            info.checksum_checked = old if info.file.filename != "r05.warc" else old - dt.timedelta(days=1)
        a, _ = core.request_audit(s, R[0], "checksums", "tester", max_duration=60)
        core.start(a)
        s.commit()
        assert core.rolling_batch(s, a, 3) == ["r05.warc", "r01.warc", "r02.warc"]


def test_a_run_left_running_is_queued_again_and_cancel_works(make):
    with make() as s:
        a, _ = core.request_audit(s, R[0], "files", "tester")
        core.start(a)
        b, _ = core.request_audit(s, R[1], "files", "tester")
        s.commit()
        assert core.recover(s) == [a.id, b.id]
        s.commit()
        assert s.get(Audit, a.id).state == "queued" and "restart" in s.get(Audit, a.id).message
        assert core.request_cancel(s, b.id, "tester").state == "cancelled"
        s.commit()
        assert [e.action for e in core.list_events(s, None, 0, 10).items][:1] == ["audit_cancel"]


def test_a_run_taken_up_after_a_restart_no_longer_says_it_starts_again_once_finished(make):
    with make() as s:
        a, _ = core.request_audit(s, R[0], "files", "tester")
        core.start(a)
        s.commit()
        core.recover(s)
        assert "starts again" in s.get(Audit, a.id).message
        core.start(a)                              # taken up again
        assert "starts again" not in a.message and "started again" in a.message
        core.finish(a, "done")
        s.commit()
        a = s.get(Audit, a.id)
        assert a.state == "done" and "starts again" not in a.message and a.message.startswith("done")
        assert any("restart" in e for e in json.loads(a.errors))   # the interruption stays recorded


def test_a_request_that_lost_the_race_returns_the_audit_that_won(make, monkeypatch):
    """Its look for an active audit found none (the other request had not inserted yet): the
    partial unique index refuses its insert, and it answers with the audit already queued."""
    with make() as s:
        first, created = core.request_audit(s, R[0], "files", "alice")
        s.commit()
    assert created
    monkeypatch.setattr(core, "active_audit", _stale_once(core.active_audit))
    with make() as s:
        again, created = core.request_audit(s, R[0], "checksums", "bob")
        s.commit()
        assert not created and again.id == first.id and again.kind == "files"
        active = s.execute(select(Audit).where(Audit.replica_id == "ONE", Audit.state.in_(core.ACTIVE))).scalars()
        assert [a.id for a in active] == [first.id]
        # the loser's transaction stayed usable: its request was not written to the trail either
        assert [e.who for e in core.list_events(s, "ONE", 0, 10).items] == ["alice"]


def test_two_requests_racing_from_two_threads_make_one_audit(make, monkeypatch):
    """Two operators ask for an audit of ONE at the same moment, each in its own transaction;
    both look for an active audit before either inserts (PostgreSQL: both then insert, the
    index lets one win; SQLite: the second waits for the first's write lock). Both get the
    same audit; one row is active."""
    import threading

    from server.db.transactions import committing

    barrier = threading.Barrier(2)
    looked = core.active_audit

    def look_then_wait(session, replica_id):
        found = looked(session, replica_id)
        try:
            barrier.wait(timeout=5)        # SQLite: the other thread waits for the lock instead
        except threading.BrokenBarrierError:
            pass
        return found

    monkeypatch.setattr(core, "active_audit", look_then_wait)
    results: dict[str, tuple[int, bool]] = {}
    errors: list[BaseException] = []

    def request(who: str) -> None:
        try:
            with make() as s, committing(s):
                a, created = core.request_audit(s, R[0], "files", who)
                results[who] = (a.id, created)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=request, args=(who,)) for who in ("alice", "bob")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    assert len({aid for aid, _ in results.values()}) == 1
    assert sorted(created for _, created in results.values()) == [False, True]
    with make() as s:
        assert s.execute(select(Audit.id).where(Audit.state.in_(core.ACTIVE))).scalars().all() == \
            [next(iter(results.values()))[0]]


def _stale_once(real):
    """``active_audit`` that answers "none" once: a look taken before another request inserted."""
    calls = []

    def look(session, replica_id):
        calls.append(replica_id)
        return None if len(calls) == 1 else real(session, replica_id)
    return look


def test_each_replica_has_its_own_maximum_checksum_age_for_status_and_rolling_audits(make):
    """ONE allows 7 days, TWO the global 30: copies verified 10 days ago are stale and due in
    ONE only; a rolling audit of TWO finds nothing due."""
    from server.archive.replicas import Replicas
    from shared.errors import ConfigError

    replicas = Replicas([{"id": "ONE", "name": "one", "max_checksum_age_days": 7}, {"id": "TWO", "name": "two"}])
    assert (replicas.max_checksum_age_days("ONE", 30.0), replicas.max_checksum_age_days("TWO", 30.0)) == (7.0, 30.0)
    for bad in (-1, "7", True):
        with pytest.raises(ConfigError):
            Replicas([{"id": "ONE", "max_checksum_age_days": bad}])
    with make() as s:
        for i in range(1, 4):
            completed(s, f"a{i}.warc", md5(i))
        ten_days_ago = core.utcnow() - dt.timedelta(days=10)
        for info in s.execute(select(ReplicaFileInfo)).scalars():
            info.checksum_checked = ten_days_ago
        s.commit()
        one, two = core.summary(s, R, 30.0, replicas.max_checksum_ages)
        assert (one.stale, one.max_checksum_age_days) == (3, 7.0)
        assert (two.stale, two.max_checksum_age_days) == (0, 30.0)
        rolls = {}
        for r in R:
            a, _ = core.request_audit(s, r, "checksums", "schedule", max_duration=60)
            core.start(a)
            rolls[r.id] = core.rolling_batch(s, a, 10, replicas.max_checksum_age_days(r.id, 30.0))
        assert rolls == {"ONE": ["a1.warc", "a2.warc", "a3.warc"], "TWO": []}


@pytest.mark.postgres
def _copy_completed_file(engine, model: str, files: list[tuple[str, str]]) -> None:
    """Rows for ``files`` (name, checksum) as the store path left them for ``model``: its file
    row and its replicas' rows, every other column copied (3,000 stores one by one took a third
    of the suite's longest shard)."""
    from sqlalchemy import text

    assert (ArchiveFile.__tablename__, ReplicaFileInfo.__tablename__) == ("file", "replicafileinfo")
    rfi = [c.name for c in ReplicaFileInfo.__table__.columns if c.name not in ("id", "file_id", "checksum")]
    with engine.begin() as c:
        c.execute(text("INSERT INTO file (filename, checksum, size, created) "
                       "SELECT :name, :checksum, size, created FROM file WHERE filename = :model"),
                  [{"name": n, "checksum": k, "model": model} for n, k in files])
        c.execute(text(f"INSERT INTO replicafileinfo (file_id, checksum, {', '.join(rfi)}) "
                       f"SELECT f.id, f.checksum, {', '.join('r.' + n for n in rfi)} "
                       "FROM file f CROSS JOIN replicafileinfo r JOIN file m ON m.id = r.file_id "
                       "WHERE m.filename = :model AND f.filename <> :model"), {"model": model})


def test_the_file_list_questions_are_joins_whatever_work_mem_on_postgresql(postgres_url):
    """``NOT IN (listing join file)`` was evaluated per row once the ids outgrew ``work_mem``
    (a million-file audit on an analyzed database ran for many minutes): every question the
    comparison asks must plan without a subplan, here with the smallest ``work_mem``."""
    from sqlalchemy import event, text

    engine = make_engine(postgres_url)
    upgrade(engine, "archive", MIGRATIONS)
    make = sessionmaker(engine, expire_on_commit=False)
    try:
        with make() as s:
            completed(s, "f00001.warc", md5(1))   # the store path once, then its rows copied
            s.commit()
        _copy_completed_file(engine, "f00001.warc", [(f"f{i:05d}.warc", md5(i)) for i in range(2, 3001)])
        with engine.begin() as c:
            c.exec_driver_sql("ANALYZE")
        statements: list[tuple[str, object]] = []

        def seen(conn, cursor, statement, parameters, context, executemany):
            if statement.lstrip().upper().startswith(("UPDATE REPLICAFILEINFO", "INSERT INTO AUDIT_EXTRA_FILE")):
                statements.append((statement, parameters))

        with make() as s:
            s.execute(text("SET work_mem = '64kB'"))
            a, _ = core.request_audit(s, R[0], "files", "tester")
            core.start(a)
            event.listen(engine, "before_cursor_execute", seen)
            try:
                with core.Listing(s) as listing:
                    listing.load((f"f{i:05d}.warc", None) for i in range(1, 3001) if i != 77)
                    core.apply_file_list(s, a, listing)
                    assert a.missing == 1
                    plans = []
                    for statement, parameters in statements:
                        raw = s.connection().connection.dbapi_connection
                        with raw.cursor() as cur:
                            cur.execute("EXPLAIN " + statement, parameters)
                            plans.append("\n".join(r[0] for r in cur.fetchall()))
            finally:
                event.remove(engine, "before_cursor_execute", seen)
            s.rollback()
        assert len(plans) == 3
        for plan in plans:
            assert "SubPlan" not in plan, plan
    finally:
        engine.dispose()
