"""The plain cores of the arcrepository and of a checksum replica, without Nameko.

:class:`ArcRepository` runs over a real SQLite admin database; the replicas it calls (other
services, outside this unit) are a function that answers as they would, or stays silent. The
:class:`ChecksumArchive` reads real files."""
from __future__ import annotations

import hashlib

import pytest
from nameko.exceptions import RpcTimeout, UnknownService

from server.archive.arcrepository.repository import StoreLimits
from server.archive.checksum.core import ChecksumArchive
from server.archive.remotefile import RemoteFile
from shared.dto.archive import (
    BatchResultDto,
    FileLocationDto,
    ReplicaChecksumDto,
    UploadReceiptDto,
)
from shared.enums import UploadState
from shared.errors import (
    AlreadyExists,
    ChecksumMismatch,
    InvalidInput,
    InvalidName,
    InvalidRegex,
    NotFound,
    ReplicaUnavailable,
)

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"},
            {"id": "TWO", "name": "Aarhus", "type": "bitarchive"},
            {"id": "CS", "name": "Checksums", "type": "checksum"}]


class OtherServices:
    """The other services as the arcrepository sees them: each call recorded and answered."""

    def __init__(self):
        self.calls: list[tuple] = []
        self.silent: set[str] = set()
        self.absent: set[str] = set()
        self.held: dict[str, str] = {}        # service -> checksum it already holds

    def __call__(self, service: str, method: str, *args, timeout: float):
        self.calls.append((service, method, args, timeout))
        if service in self.silent:
            raise RpcTimeout(f"{service}.{method}")
        if service in self.absent:
            raise UnknownService(service)
        if method == "get_checksum":
            held = self.held.get(service.replace("bitarchive_monitor_", "bitarchive_"))
            return ReplicaChecksumDto(held, f"{service}-a") if held else None
        if method == "upload":
            rf = RemoteFile.from_dict(args[0])
            return UploadReceiptDto(rf.checksum, rf.size, False, f"{service}-a")
        if method == "locate":
            return FileLocationDto("ba-one-a", "http://one-a", f"http://one-a/files/{args[0]}", 42, "one-a")
        if method in ("start_batch", "batch_status"):
            return BatchResultDto("ONE-1", "checksum", "ONE", "running", 0.0)
        raise AssertionError(method)


@pytest.fixture
def repo(make_repository):
    return make_repository(REPLICAS, OtherServices(), StoreLimits(rpc_timeout=3, store_timeout=7, retries=0))


def store(repo, name="1-1-x.warc.gz", checksum="0123456789abcdef0123456789abcdef"):
    rf = RemoteFile(name, 10, checksum, host="", url=f"http://127.0.0.1:9/offer/testtoken/{name}")
    with repo.sessions() as session:
        first = repo.store(session, rf)
    repo.pool.waitall()
    with repo.sessions() as session:
        return first, repo.status(session, name)


def test_a_new_file_is_uploaded_at_once_without_asking_the_replicas_first(repo):
    first, status = store(repo)
    assert first.running and not first.complete
    assert status.complete and not status.running
    assert [(r.replica, r.state, r.instance_id) for r in status.replicas] == [
        ("ONE", UploadState.UPLOAD_COMPLETED, "bitarchive_ONE-a"),
        ("TWO", UploadState.UPLOAD_COMPLETED, "bitarchive_TWO-a"),
        ("CS", UploadState.UPLOAD_COMPLETED, "checksum_CS-a")]
    # The admin DB says no replica was ever sent it: none can hold it, none is asked.
    asked = {(s, m, t) for s, m, _, t in repo.fake.calls if m != "instances"}
    assert asked == {("bitarchive_ONE", "upload", 7), ("bitarchive_TWO", "upload", 7), ("checksum_CS", "upload", 7)}


def test_a_replica_an_earlier_store_sent_the_file_is_asked_first_and_not_uploaded_to_when_it_holds_it(repo):
    repo.fake.silent.add("bitarchive_ONE")            # the upload's reply is lost
    _, status = store(repo)
    assert status.failed_replicas == ["ONE"]
    repo.fake.silent.clear()
    repo.fake.held["bitarchive_ONE"] = "0123456789abcdef0123456789abcdef"
    repo.fake.calls.clear()
    _, status = store(repo)
    assert status.complete
    methods = [(s, m) for s, m, _, _ in repo.fake.calls if m != "instances"]
    assert methods == [("bitarchive_monitor_ONE", "get_checksum")]


def test_a_silent_or_absent_replica_fails_the_store_naming_it(repo):
    repo.fake.silent.add("bitarchive_TWO")
    repo.fake.absent.add("checksum_CS")
    _, status = store(repo)
    assert not status.complete and status.failed_replicas == ["TWO", "CS"]
    errors = {r.replica: r.error for r in status.replicas}
    assert errors["TWO"] == "replica_unavailable: replica TWO (bitarchive_TWO) did not answer within 7s"
    assert errors["CS"] == "replica_unavailable: replica CS: no checksum_CS service is running"


def test_a_store_refuses_bad_input_before_anything_is_sent(repo):
    with repo.sessions() as session:
        with pytest.raises(InvalidName):
            repo.store(session, RemoteFile("../x", 1, "0" * 32))
        with pytest.raises(InvalidInput):
            repo.store(session, RemoteFile("x.warc", 1, None))
    store(repo)
    with repo.sessions() as session, pytest.raises(ChecksumMismatch):
        repo.store(session, RemoteFile("1-1-x.warc.gz", 10, "f" * 32,
                                       url="http://127.0.0.1:9/offer/testtoken/1-1-x.warc.gz"))
    assert len(repo.fake.calls) == 3        # only the first store's (three uploads)


def test_get_file_and_get_record_ask_the_monitor_with_the_stored_hint(repo):
    store(repo)
    with repo.sessions() as session:
        info = repo.get_file(session, "1-1-x.warc.gz", None)
        assert (info.replica, info.url, info.size) == ("TWO", "http://one-a/files/1-1-x.warc.gz", 42)
        assert info.checksum == "0123456789abcdef0123456789abcdef"
        assert repo.fake.calls[-1] == ("bitarchive_monitor_TWO", "locate", ("1-1-x.warc.gz", "bitarchive_TWO-a"), 3)
        rec = repo.get_record(session, "1-1-x.warc.gz", 77, "Copenhagen")
        assert rec.url == "http://one-a/record/1-1-x.warc.gz?offset=77" and rec.replica == "ONE"
        with pytest.raises(InvalidInput):
            repo.get_record(session, "1-1-x.warc.gz", -1, None)
        with pytest.raises(NotFound, match="keeps checksums only"):
            repo.get_file(session, "1-1-x.warc.gz", "CS")


def test_batches_go_to_the_replicas_monitor_and_status_waits_at_most_ten_seconds(repo):
    with pytest.raises(InvalidRegex):
        repo.batch("checksum", None, "(", None, None)
    assert repo.batch("checksum", "ONE", r".*\.warc", None, None).batch_id == "ONE-1"
    assert repo.fake.calls[-1] == ("bitarchive_monitor_ONE", "start_batch", ("checksum", {}, r".*\.warc", None), 3)
    repo.batch_status("ONE-1", 60)
    assert repo.fake.calls[-1] == ("bitarchive_monitor_ONE", "batch_status", ("ONE-1", 10.0), 13.0)
    with pytest.raises(NotFound):
        repo.batch_status("NOPE-1")
    repo.fake.silent.add("bitarchive_monitor_ONE")
    with pytest.raises(ReplicaUnavailable):
        repo.batch_status("ONE-1")


def test_the_default_replica_is_listed_first(repo):
    assert [r.id for r in repo.replica_list()] == ["TWO", "ONE", "CS"]


# --- the checksum replica ------------------------------------------------------------------------

def test_a_checksum_replica_records_checksums_once_and_reads_them_back(tmp_path):
    src = tmp_path / "a.warc"
    src.write_bytes(b"some bytes")
    md5 = hashlib.md5(b"some bytes").hexdigest()
    archive = ChecksumArchive(str(tmp_path / "cs"))
    receipt = archive.upload(RemoteFile.for_local_file(str(src), checksum=md5.upper()), "cs-1", True, 5.0)
    assert (receipt.checksum, receipt.size, receipt.already, receipt.instance_id) == (md5, 10, False, "cs-1")
    assert archive.upload(RemoteFile.for_local_file(str(src), checksum=md5), "cs-1", True, 5.0).already
    with pytest.raises(ChecksumMismatch):
        archive.upload(RemoteFile.for_local_file(str(src), name="b.warc", checksum="0" * 32), "cs-1", True, 5.0)
    with pytest.raises(AlreadyExists):
        archive.add("a.warc", "1" * 32)
    again = ChecksumArchive(str(tmp_path / "cs"))
    assert again.checksums == {"a.warc": md5}
    assert again.get_checksum("a.warc", "cs-2") == ReplicaChecksumDto(md5, "cs-2")
    assert again.get_checksum("b.warc", "cs-2") is None
    with pytest.raises(InvalidName):
        again.get_checksum("../a.warc", "cs-2")
