"""The store state machine over the admin database (SQLite via Alembic)."""
import pytest
from sqlalchemy.orm import Session

from server.archive.arcrepository import store as core
from server.archive.replicas import ReplicaDto, Replicas
from server.db.engine import make_engine
from server.db.migrate import upgrade
from shared.dto.archive import UploadReceiptDto
from shared.enums import ReplicaType, UploadState
from shared.errors import ChecksumMismatch, ConfigError, IllegalTransition, InvalidName, NotFound

R = [ReplicaDto("ONE", "one", ReplicaType.BITARCHIVE), ReplicaDto("TWO", "two", ReplicaType.BITARCHIVE),
     ReplicaDto("CS", "cs", ReplicaType.CHECKSUM)]
MD5 = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def session(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'a.db'}")
    upgrade(engine, "archive", "server.archive.arcrepository.migrations")
    with Session(engine) as s:
        yield s
    engine.dispose()


def test_new_file_starts_uploads_everywhere_and_completes(session):
    plan = core.on_store(session, R, "f.warc", MD5, 10)
    assert plan == {"ONE": "upload", "TWO": "upload", "CS": "upload"}
    assert {r.state for r in core.status(session, "f.warc", R).replicas} == {UploadState.UPLOAD_STARTED}
    for rid in ("ONE", "TWO", "CS"):
        assert core.on_upload_reply(session, "f.warc", rid, ok=True, checksum=MD5, instance_id=f"{rid}-a") \
            == UploadState.UPLOAD_COMPLETED
    st = core.status(session, "f.warc", R)
    assert st.complete and st.failed_replicas == []
    # Completed everywhere: a second store with the same checksum has nothing to do ...
    assert set(core.on_store(session, R, "f.warc", MD5, 10).values()) == {core.Action.NONE}
    # ... and with another checksum it is refused.
    with pytest.raises(ChecksumMismatch):
        core.on_store(session, R, "f.warc", "f" * 32, 10)


def test_wrong_checksum_on_arrival_fails_that_replica(session):
    core.on_store(session, R, "g.warc", MD5, 10)
    assert core.on_upload_reply(session, "g.warc", "ONE", ok=True, checksum="e" * 32) == UploadState.UPLOAD_FAILED
    core.on_upload_reply(session, "g.warc", "TWO", ok=False, error="replica_unavailable: TWO did not answer")
    st = core.status(session, "g.warc", R)
    assert st.failed_replicas == ["ONE", "TWO"] and not st.complete
    assert "TWO did not answer" in [r for r in st.replicas if r.replica == "TWO"][0].error
    # A retry uploads the failed replicas again; interrupted ones are checked first.
    plan = core.on_store(session, R, "g.warc", MD5, 10)
    assert plan == {"ONE": "upload", "TWO": "upload", "CS": "check"}


def test_checksum_reply_completes_or_asks_for_upload(session):
    core.on_store(session, R, "h.warc", MD5, 1)
    assert core.on_checksum_reply(session, "h.warc", "ONE", None) is None
    assert core.on_checksum_reply(session, "h.warc", "TWO", MD5) == UploadState.UPLOAD_COMPLETED


def test_illegal_transition_is_refused(session):
    core.on_store(session, R, "i.warc", MD5, 1)
    core.on_upload_reply(session, "i.warc", "ONE", ok=True, checksum=MD5)
    with pytest.raises(IllegalTransition):
        core.on_upload_reply(session, "i.warc", "ONE", ok=False)


def test_path_names_never_reach_the_database(session):
    with pytest.raises(InvalidName):
        core.on_store(session, R, "../x", MD5, 1)


def test_run_store_retries_then_reports(session):
    session.commit()
    plan = core.on_store(session, R[:2], "j.warc", MD5, 1)
    calls = {"ONE": 0, "TWO": 0}

    def upload(r):
        calls[r.id] += 1
        if r.id == "TWO":
            raise ConnectionError("down")
        if calls[r.id] == 1:
            raise TimeoutError("slow")
        return UploadReceiptDto(MD5, 1, False, "one-a")

    def record(fn):
        out = fn(session)
        session.commit()
        return out

    core.run_store(plan, R[:2], upload=upload, checksum=lambda r: None, record=record, retries=1,
                   parallel=lambda fn, items: [fn(i) for i in items], name="j.warc")
    st = core.status(session, "j.warc", R[:2])
    assert calls == {"ONE": 2, "TWO": 2}
    assert st.failed_replicas == ["TWO"] and "down" in st.replicas[1].error


def test_list_files_pages(session):
    for i in range(5):
        core.on_store(session, R, f"{i}.warc", MD5, i)
    page = core.list_files(session, "ONE", offset=1, limit=2)
    assert page.total == 5 and [i.name for i in page.items] == ["1.warc", "2.warc"]
    assert core.list_files(session, regex=r"[34]\.warc").total == 2


def test_replicas_setting():
    r = Replicas([{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"}, {"id": "CS", "type": "checksum"}])
    assert r.get("copenhagen").id == "ONE" and r.default.id == "ONE" and r.get("CS").service == "checksum_CS"
    assert r.get("ONE").monitor_service == "bitarchive_monitor_ONE"
    with pytest.raises(NotFound):
        r.bitarchive("CS")
    with pytest.raises(ConfigError):
        Replicas([{"id": "bad-id"}])
    with pytest.raises(ConfigError):
        Replicas([{"id": "A", "type": "tape"}])
