"""The arcrepository admin database on SQLite and on a real PostgreSQL: the Alembic chain (up,
down, up; the schema equals the models), the store state machine with committed transactions,
paging and long values that only PostgreSQL checks, and concurrent writers."""
from __future__ import annotations

import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, select
from sqlalchemy.orm import Session, sessionmaker

from server.archive.arcrepository import store as core
from server.archive.arcrepository.models import Base, ReplicaFileInfo
from server.archive.replicas import ReplicaDto
from server.db.engine import make_engine
from server.db.migrate import current_revisions, downgrade, head_revisions, upgrade
from server.db.transactions import committing
from shared.enums import ReplicaType, UploadState
from shared.errors import ChecksumMismatch

MIGRATIONS = "server.archive.arcrepository.migrations"
R = [ReplicaDto("ONE", "one", ReplicaType.BITARCHIVE), ReplicaDto("TWO", "two", ReplicaType.BITARCHIVE),
     ReplicaDto("CS", "cs", ReplicaType.CHECKSUM)]
MD5 = "0123456789abcdef0123456789abcdef"
U = UploadState


@pytest.fixture
def engine(database_url):
    engine = make_engine(database_url)
    upgrade(engine, "archive", MIGRATIONS)
    try:
        yield engine
    finally:
        engine.dispose()


def committed(engine):
    """``record(fn)`` as the arcrepository runs it: a fresh session, committed, per call."""
    make = sessionmaker(engine, expire_on_commit=False)

    def record(fn):  # a write transaction, as ArcRepository.record's (SQLite: the lock first)
        with make() as s, committing(s):
            return fn(s)

    return record


def test_migration_up_down_up_and_schema_equals_models(database_url):
    engine = make_engine(database_url)
    try:
        assert current_revisions(engine, "archive") == ()
        upgrade(engine, "archive", MIGRATIONS)
        assert current_revisions(engine, "archive") == head_revisions(engine, "archive", MIGRATIONS)
        insp = inspect(engine)
        assert {"replica", "file", "replicafileinfo", "alembic_version_archive"} <= set(insp.get_table_names())
        assert {i["name"] for i in insp.get_indexes("replicafileinfo")} >= {
            "fileandreplica", "replicaandfileliststatus", "replicaandchecksumstatus"}
        assert "fileindex" in {i["name"] for i in insp.get_indexes("file")}
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        # Only differences that matter: tables, columns, types, nullability, indexes.
        assert [d for d in diff if not _harmless(d)] == []
        upgrade(engine, "archive", MIGRATIONS)   # again: nothing to do
        downgrade(engine, "archive", MIGRATIONS, "base")
        assert not {"replica", "file", "replicafileinfo"} & set(inspect(engine).get_table_names())
        upgrade(engine, "archive", MIGRATIONS)
        assert "replicafileinfo" in inspect(engine).get_table_names()
    finally:
        engine.dispose()


def _harmless(d) -> bool:
    # The version table is Alembic's own; a unique column reflected as constraint vs index
    # differs by backend only in how it is spelled.
    if isinstance(d, tuple) and d and d[0] == "remove_table" and d[1].name.startswith("alembic_version"):
        return True
    if isinstance(d, tuple) and d and d[0] in ("add_constraint", "remove_constraint", "add_index",
                                               "remove_index"):
        obj = d[1]
        cols = [c.name for c in getattr(obj, "columns", [])]
        return cols == ["filename"]
    return False


def test_store_state_machine_committed_per_step(engine):
    record = committed(engine)
    plan = record(lambda s: core.on_store(s, R, "1-1-20240101000000-00001-a.warc.gz", MD5, 10))
    assert plan == {"ONE": "upload", "TWO": "upload", "CS": "upload"}
    name = "1-1-20240101000000-00001-a.warc.gz"
    assert record(lambda s: core.on_upload_reply(s, name, "ONE", ok=True, checksum=MD5.upper(),
                                                 instance_id="ba-one-a")) == U.UPLOAD_COMPLETED
    assert record(lambda s: core.on_upload_reply(s, name, "TWO", ok=True, checksum="e" * 32)) == U.UPLOAD_FAILED
    assert record(lambda s: core.on_upload_reply(s, name, "CS", ok=False, error="x" * 5000)) == U.UPLOAD_FAILED
    st = record(lambda s: core.status(s, name, R))
    assert [r.state for r in st.replicas] == [U.UPLOAD_COMPLETED, U.UPLOAD_FAILED, U.UPLOAD_FAILED]
    assert st.replicas[0].instance_id == "ba-one-a" and st.replicas[0].checksum == MD5
    assert len(st.replicas[2].error) == 2000          # PostgreSQL would refuse a longer value
    assert st.replicas[0].updated and "T" in st.replicas[0].updated
    # Another checksum is refused once any replica completed it; the rows are left as they were.
    with pytest.raises(ChecksumMismatch) as err:
        record(lambda s: core.on_store(s, R, name, "f" * 32, 10))
    assert err.value.details["replicas"] == ["ONE"]
    # The same checksum again: ONE is done, the failed ones are started again.
    assert record(lambda s: core.on_store(s, R, name, MD5, 10)) == {"ONE": "none", "TWO": "upload", "CS": "upload"}
    with Session(engine) as s:
        states = dict(s.execute(select(ReplicaFileInfo.replica_id, ReplicaFileInfo.upload_state)).all())
    assert states == {"ONE": "upload_completed", "TWO": "upload_started", "CS": "upload_started"}


def test_longest_name_and_timestamps_round_trip(engine):
    record = committed(engine)
    name = "a" * 250 + ".warc"
    record(lambda s: core.on_store(s, R, name, MD5, 5 << 30))      # sizes above 2**31 need BIGINT
    page = record(lambda s: core.list_files(s))
    assert page.items[0].name == name and page.items[0].size == 5 << 30
    assert page.items[0].created[:4].isdigit()


def test_list_files_pages_filters_and_counts_in_sql(engine):
    record = committed(engine)
    for i in range(12):
        record(lambda s, i=i: core.on_store(s, R[:2] if i % 2 else R, f"{i:02d}.warc", MD5, i))
    page = record(lambda s: core.list_files(s, "ONE", offset=3, limit=4))
    assert page.total == 12 and [i.name for i in page.items] == ["03.warc", "04.warc", "05.warc", "06.warc"]
    assert page.items[0].states == {"ONE": "upload_started"}
    assert record(lambda s: core.list_files(s, "CS")).total == 6
    rx = record(lambda s: core.list_files(s, regex=r"1\d\.warc", limit=1))
    assert rx.total == 2 and [i.name for i in rx.items] == ["10.warc"]
    everywhere = record(lambda s: core.list_files(s, offset=0, limit=1)).items[0].states
    assert everywhere == {"ONE": "upload_started", "TWO": "upload_started", "CS": "upload_started"}


def test_parallel_replica_replies_in_separate_transactions(engine):
    """The arcrepository records each replica's reply from its own green thread and session."""
    record = committed(engine)
    names = [f"p{i}.warc" for i in range(5)]
    for n in names:
        record(lambda s, n=n: core.on_store(s, R, n, MD5, 1))
    errors = []

    def reply(rid):
        try:
            for n in names:
                record(lambda s, n=n: core.on_upload_reply(s, n, rid, ok=True, checksum=MD5, instance_id=rid))
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=reply, args=(r.id,)) for r in R]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    assert all(record(lambda s, n=n: core.status(s, n, R)).complete for n in names)


def test_a_store_that_loses_the_race_for_a_new_file_row_still_gets_its_plan(engine, database_url, monkeypatch):
    """Another transaction records the same new file between this one's lookup and its insert
    (two arcrepository workers on PostgreSQL): the unique row is taken, not an IntegrityError."""
    if database_url.startswith("sqlite"):
        pytest.skip("SQLite has one writer at a time: a second writer cannot commit in between")
    record = committed(engine)
    record(lambda s: core.on_store(s, R, "other.warc", MD5, 1))     # replicas exist
    real_file = core._file
    raced = []

    def racing_lookup(session, name):
        if name == "same.warc" and not raced:
            raced.append(True)
            record(lambda s: core.on_store(s, R, "same.warc", MD5, 1))   # the other worker wins
            return None
        return real_file(session, name)

    monkeypatch.setattr(core, "_file", racing_lookup)
    plan = record(lambda s: core.on_store(s, R, "same.warc", MD5, 1))
    assert raced and set(plan.values()) == {core.Action.CHECK}        # the winner started them
    assert record(lambda s: core.list_files(s, regex="same.*")).total == 1
