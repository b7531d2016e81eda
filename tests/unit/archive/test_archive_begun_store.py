"""A store begun before the client knew its checksum (begin_store, confirm_store), without Nameko.

:class:`ArcRepository` runs over a real SQLite admin database; each bitarchive is a function
that behaves as ``bitarchive.upload`` does with a ticket without a checksum: it "receives" its
copy, then asks ``transfer_checksum`` until it gets an answer and keeps the copy only when the
answer equals its own checksum. What is proved: the copies start before the checksum is known,
nothing is recorded or kept before it is, and every guarantee of an ordinary store holds."""
from __future__ import annotations

import eventlet
import pytest
from waiting import wait_for

from server.archive.arcrepository.repository import ArcRepository, StoreLimits
from server.archive.checksums import TRANSFER_DIGESTS
from server.archive.remotefile import RemoteFile
from server.archive.transfer import split_answer, ticket_id
from shared.dto.archive import UploadReceiptDto
from shared.enums import UploadState
from shared.errors import (
    AlreadyExists,
    ArchiveFileNotFound,
    ChecksumMismatch,
    InvalidInput,
    NotFound,
    TokenRejected,
)

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"},
            {"id": "TWO", "name": "Aarhus", "type": "bitarchive"},
            {"id": "CS", "name": "Checksums", "type": "checksum"}]
NAME = "1-1-x.warc.gz"
MD5 = "0123456789abcdef0123456789abcdef"
DIGEST = "ab" * 32                                   # the client's transfer digest (BLAKE3 or SHA-256: 32 bytes)


class Replicas_:
    """The replicas as the arcrepository sees them; ``content`` is the checksum each copy has."""

    def __init__(self):
        self.repo: ArcRepository | None = None
        self.events: list[tuple[str, str]] = []      # (service, what happened), in order
        self.content = MD5
        self.digest = DIGEST                         # each copy's transfer digest, for stores offering one

    def __call__(self, service: str, method: str, *args, timeout: float):
        if method == "instances":
            return []
        assert method == "upload", method
        rf = RemoteFile.from_dict(args[0])
        self.events.append((service, "copy starts" if not rf.checksum else f"upload {rf.checksum}"))
        if rf.checksum:
            return UploadReceiptDto(self.content, rf.size, False, f"{service}-a")
        while True:                                  # a bitarchive's awaited_checksum
            expected = self.repo.transfer_checksum(ticket_id(args[1]), 1.0)
            if expected is None:
                self.events.append((service, "copy discarded"))
                raise TokenRejected("the store is over", {"reason": "stale"})
            if expected:
                break
        md5, digests = split_answer(expected)
        if (digests.get(rf.digest) != self.digest) if rf.digest else (md5 != self.content):
            self.events.append((service, "copy discarded"))
            raise ChecksumMismatch("differs", {})
        self.events.append((service, "copy kept" + (f" ({rf.digest})" if rf.digest else "")))
        # a copy verified by the transfer digest is the client's bytes: its MD5 is the client's
        return UploadReceiptDto(md5 if rf.digest else self.content, rf.size, False, f"{service}-a")


@pytest.fixture
def repo(make_repository):
    r = make_repository(REPLICAS, Replicas_(), StoreLimits(rpc_timeout=1, store_timeout=20, retries=0))
    r.fake.repo = r
    yield r
    r.pool.waitall()


def begin(repo, name=NAME, digest=""):
    with repo.sessions() as session:
        status = repo.begin_store(session, RemoteFile(name, 10, None, host="", url=f"http://127.0.0.1:9/offer/testtoken/{name}",
                                                      digest=digest))
    # the copies run while the client hashes: both bitarchives have begun theirs before it confirms
    started = {"bitarchive_ONE", "bitarchive_TWO"}
    wait_for(lambda: {s for s, what in repo.fake.events if what == "copy starts"} == started,
             timeout=10, interval=0.02, sleep=eventlet.sleep)
    return status


def confirm(repo, checksum=MD5, name=NAME, *digest):
    with repo.sessions() as session:
        return repo.confirm_store(session, name, checksum, *digest)


def final_status(repo, name=NAME):
    repo.pool.waitall()
    with repo.sessions() as session:
        return repo.status(session, name)


def test_the_bitarchives_copy_before_the_checksum_is_known_and_keep_it_only_after(repo):
    first = begin(repo)
    assert first.running and not first.complete
    assert sorted(repo.fake.events) == [("bitarchive_ONE", "copy starts"), ("bitarchive_TWO", "copy starts")]
    with repo.sessions() as session, pytest.raises(ArchiveFileNotFound):
        repo.status(session, NAME)                   # nothing in the admin database yet
    confirmed = confirm(repo)
    assert confirmed.running and confirmed.checksum == MD5
    status = final_status(repo)
    assert status.complete and not status.running
    assert [(r.replica, r.state, r.checksum) for r in status.replicas] == [
        ("ONE", UploadState.UPLOAD_COMPLETED, MD5), ("TWO", UploadState.UPLOAD_COMPLETED, MD5),
        ("CS", UploadState.UPLOAD_COMPLETED, MD5)]
    # the checksum replica is sent the file only with the checksum
    assert ("checksum_CS", f"upload {MD5}") in repo.fake.events
    assert NAME not in repo.running and NAME not in repo.pending


def test_copies_of_other_bytes_than_the_client_hashed_are_not_kept(repo):
    repo.fake.content = "f" * 32                     # the file changed under the copies
    begin(repo)
    confirm(repo)
    status = final_status(repo)
    assert not status.complete
    assert status.failed_replicas == ["ONE", "TWO", "CS"]
    assert repo.fake.events.count(("bitarchive_ONE", "copy discarded")) == 1


def test_a_checksum_that_never_comes_gives_the_store_up_with_nothing_kept(repo):
    begin(repo)
    repo.pool.waitall()                              # received, waited as long again (at least rpc_timeout)
    assert sorted(e for e in repo.fake.events if e[1] != "copy starts") == [
        ("bitarchive_ONE", "copy discarded"), ("bitarchive_TWO", "copy discarded")]
    with repo.sessions() as session, pytest.raises(ArchiveFileNotFound):
        repo.status(session, NAME)
    with pytest.raises(NotFound):
        confirm(repo)                                # the client stores it the ordinary way then
    assert NAME not in repo.running


def test_a_known_or_busy_name_is_not_begun(repo):
    begin(repo)
    with repo.sessions() as session, pytest.raises(AlreadyExists) as busy:
        repo.begin_store(session, RemoteFile(NAME, 10, None, url=f"http://127.0.0.1:9/offer/othertoken/{NAME}"))
    assert busy.value.details["reason"] == "in_progress"
    confirm(repo)
    final_status(repo)
    with repo.sessions() as session, pytest.raises(AlreadyExists) as known:
        repo.begin_store(session, RemoteFile(NAME, 10, None, url=f"http://127.0.0.1:9/offer/othertoken/{NAME}"))
    assert known.value.details["reason"] == "known"


def test_an_ordinary_store_of_a_begun_name_waits_for_its_checksum_then_is_refused_for_other_content(repo):
    begin(repo)
    pending, store_waits = repo.pending[NAME], eventlet.Event()
    plain_wait = pending.wait

    def noted_wait(timeout):
        if eventlet.getcurrent() is test_thread:
            store_waits.send(True)                   # the store below waits for the begun store's checksum
        return plain_wait(timeout)

    def confirm_once_the_store_waits():
        store_waits.wait()
        confirm(repo)

    test_thread = eventlet.getcurrent()
    pending.wait = noted_wait
    eventlet.spawn(confirm_once_the_store_waits)
    with repo.sessions() as session, pytest.raises(ChecksumMismatch) as refused:
        repo.store(session, RemoteFile(NAME, 10, "e" * 32, url=f"http://127.0.0.1:9/offer/thirdtoken/{NAME}"))
    assert refused.value.details["in_progress"] is True
    assert final_status(repo).complete


def test_a_second_confirm_is_refused(repo):
    begin(repo)
    confirm(repo)
    with pytest.raises(NotFound):
        confirm(repo, "e" * 32)
    status = final_status(repo)
    assert status.complete and status.checksum == MD5


@pytest.mark.parametrize("digest", TRANSFER_DIGESTS)
def test_a_store_offering_a_transfer_digest_has_its_copies_verified_by_it_and_recorded_with_the_md5(repo, digest):
    begin(repo, digest=digest)
    with pytest.raises(InvalidInput):
        confirm(repo, MD5, NAME)                     # the digest it named is missing
    with pytest.raises(InvalidInput):
        confirm(repo, MD5, NAME, MD5)                # an MD5 is no 32-byte digest
    confirm(repo, MD5, NAME, DIGEST.upper())
    status = final_status(repo)
    assert status.complete
    assert [(r.replica, r.state, r.checksum) for r in status.replicas] == [
        ("ONE", UploadState.UPLOAD_COMPLETED, MD5), ("TWO", UploadState.UPLOAD_COMPLETED, MD5),
        ("CS", UploadState.UPLOAD_COMPLETED, MD5)]
    assert ("bitarchive_ONE", f"copy kept ({digest})") in repo.fake.events
    assert ("bitarchive_TWO", f"copy kept ({digest})") in repo.fake.events


@pytest.mark.parametrize("digest", TRANSFER_DIGESTS)
def test_copies_whose_transfer_digest_differs_from_the_clients_are_not_kept(repo, digest):
    repo.fake.digest = "cd" * 32                     # the file changed under the copies (same MD5 claimed)
    begin(repo, digest=digest)
    confirm(repo, MD5, NAME, DIGEST)
    status = final_status(repo)
    assert not status.complete
    assert "ONE" in status.failed_replicas and "TWO" in status.failed_replicas
    assert repo.fake.events.count(("bitarchive_ONE", "copy discarded")) == 1


def test_a_transfer_digest_the_replicas_do_not_verify_with_is_refused_before_any_copy(repo):
    with repo.sessions() as session, pytest.raises(InvalidInput):
        repo.begin_store(session, RemoteFile(NAME, 10, None, url=f"http://127.0.0.1:9/offer/t/{NAME}", digest="crc32"))
    assert repo.fake.events == [] and NAME not in repo.running
