"""The client's side of a store that runs while it hashes, and the bitarchive's two-step write.

``store_while_hashing`` is given the arcrepository as a function that records the calls and
answers as the service would; the storage writes real files."""
from __future__ import annotations

import hashlib
import os

import pytest

from server.archive.checksums import (
    TRANSFER_DIGESTS,
    BackgroundHash,
    InlineHash,
    arrival_hash,
    file_digests,
    new_hash,
    transfer_digest,
)
from server.archive.client_store import store_while_hashing
from server.archive.remotefile import RemoteFile
from server.archive.storage import BitarchiveStorage, file_chunks
from shared.dto.archive import ReplicaStateDto, StoreStatusDto
from shared.enums import UploadState
from shared.errors import AlreadyExists, ChecksumMismatch, NotFound


class Arcrepository:
    def __init__(self, refuse_begin: bool = False, forget_begun: bool = False):
        self.calls: list[tuple] = []
        self.refuse_begin, self.forget_begun = refuse_begin, forget_begun

    def __call__(self, method: str, *args):
        self.calls.append((method, *args))
        if method == "begin_store" and self.refuse_begin:
            raise AlreadyExists("known", {"reason": "known"})
        if method == "confirm_store" and self.forget_begun:
            raise NotFound("given up", {})
        return StoreStatusDto("f.warc", "", 3, [ReplicaStateDto("ONE", UploadState.UPLOAD_STARTED)], running=True)


def hex_of(algorithm: str, path: str) -> str:
    h = new_hash(algorithm)
    with open(path, "rb") as fh:
        h.update(fh.read())
    return h.hexdigest()


def test_blake3_is_the_transfer_digest_and_its_hash_is_the_reference_one():
    assert transfer_digest() == "blake3" and "blake3" in TRANSFER_DIGESTS
    # the BLAKE3 paper's test vector for the empty input: the package is the real BLAKE3
    assert new_hash("blake3").hexdigest() == "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"
    assert new_hash("blake3").digest_size == 32


@pytest.fixture
def local_file(tmp_path):
    path = tmp_path / "f.warc"
    path.write_bytes(os.urandom(3 << 20))
    return str(path), hashlib.md5(path.read_bytes()).hexdigest()  # noqa: S324 - the archive's checksum


def test_the_store_begins_without_a_checksum_and_the_clients_own_follows(local_file):
    path, md5 = local_file
    arc = Arcrepository()
    rf = RemoteFile.for_local_file(path, "f.warc", None, "http://here/offer/x")
    _, checksum = store_while_hashing(arc, rf, path, digest="")
    assert checksum == md5
    assert [c[0] for c in arc.calls] == ["begin_store", "confirm_store"]
    assert arc.calls[0][1]["checksum"] is None and arc.calls[0][1]["path"] == os.path.abspath(path)
    assert arc.calls[0][1]["digest"] == ""                 # the replicas verify with the MD5
    assert arc.calls[1][1:] == ("f.warc", md5)


@pytest.mark.parametrize("digest", TRANSFER_DIGESTS)
def test_a_client_offering_a_transfer_digest_names_it_and_confirms_both_digests_from_one_read(local_file, digest):
    path, md5 = local_file
    arc = Arcrepository()
    rf = RemoteFile.for_local_file(path, "f.warc", None, "http://here/offer/x")
    seen: list[int] = []
    _, checksum = store_while_hashing(arc, rf, path, seen.append, digest=digest)
    assert checksum == md5
    assert arc.calls[0][1]["digest"] == digest and arc.calls[0][1]["checksum"] is None
    assert arc.calls[1][1:] == ("f.warc", md5, hex_of(digest, path))
    assert sum(seen) == os.path.getsize(path)             # read once: progress counts each byte once


def test_file_digests_equal_hashlib_for_one_or_more_algorithms(local_file, tmp_path):
    path, md5 = local_file
    data = open(path, "rb").read()
    assert file_digests(path, ("md5",)) == [md5]
    assert file_digests(path, ("md5", "sha256", "sha1")) == [
        md5, hashlib.sha256(data).hexdigest(), hashlib.sha1(data).hexdigest()]  # noqa: S324
    assert file_digests(path, ("md5", "blake3")) == [md5, hex_of("blake3", path)]
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    assert file_digests(str(empty), ("md5", "sha256")) == [hashlib.md5(b"").hexdigest(),  # noqa: S324
                                                            hashlib.sha256(b"").hexdigest()]


@pytest.mark.parametrize("arc", [Arcrepository(refuse_begin=True), Arcrepository(forget_begun=True)],
                         ids=["known name", "given up"])
def test_a_store_that_cannot_be_begun_or_was_given_up_is_made_the_ordinary_way(local_file, arc):
    path, md5 = local_file
    rf = RemoteFile.for_local_file(path, "f.warc", None, "http://here/offer/x")
    _, checksum = store_while_hashing(arc, rf, path)
    assert checksum == md5
    assert arc.calls[-1][0] == "store" and arc.calls[-1][1]["checksum"] == md5


def test_the_background_hash_equals_hashlib_and_hands_errors_back(local_file):
    path, md5 = local_file
    with BackgroundHash() as h:
        for chunk in file_chunks(path, 1 << 20):
            h.update(chunk)
            h.wait()
        assert h.hexdigest() == md5
    with BackgroundHash() as h, pytest.raises(TypeError):
        h.update("not bytes")              # type: ignore[arg-type]
        h.wait()
    assert isinstance(arrival_hash(1 << 10), InlineHash)          # small files: no thread
    with arrival_hash(None) as unknown_size:
        assert isinstance(unknown_size, BackgroundHash)


def test_a_received_copy_is_kept_only_with_its_own_checksum_and_nothing_stays_behind(local_file, tmp_path):
    path, md5 = local_file
    storage = BitarchiveStorage([str(tmp_path / "ba")])
    storage.start()
    received = storage.receive("f.warc", file_chunks(path), os.path.getsize(path))
    assert received.checksum == md5 and storage.lookup("f.warc") is None     # nothing in filedir yet
    with pytest.raises(ChecksumMismatch):
        storage.commit(received, "0" * 32)
    assert storage.lookup("f.warc") is None
    assert os.listdir(tmp_path / "ba" / "tempdir") == []
    stored = storage.commit(storage.receive("f.warc", file_chunks(path), None), md5)
    assert stored.checksum == md5 and storage.lookup("f.warc") == stored.path
    assert os.listdir(tmp_path / "ba" / "tempdir") == []


@pytest.mark.parametrize("digest", TRANSFER_DIGESTS)
def test_a_copy_received_in_a_transfer_digest_is_kept_only_when_that_digest_matches_and_then_carries_the_md5(
        local_file, tmp_path, digest):
    path, md5 = local_file
    own = hex_of(digest, path)
    other = hex_of(next(d for d in TRANSFER_DIGESTS if d != digest), path)
    storage = BitarchiveStorage([str(tmp_path / "ba")])
    storage.start()
    received = storage.receive("f.warc", file_chunks(path), os.path.getsize(path), digest)
    assert received.algorithm == digest and received.checksum == own
    with pytest.raises(ChecksumMismatch):
        storage.commit(received, "0" * 64, md5)            # another file's digest: nothing kept
    assert storage.lookup("f.warc") is None and os.listdir(tmp_path / "ba" / "tempdir") == []
    for wrong in (md5, other):                             # an MD5, or the other algorithm's digest of the same bytes
        with pytest.raises(ChecksumMismatch):
            storage.commit(storage.receive("f.warc", file_chunks(path), None, digest), wrong, md5)
    with pytest.raises(ChecksumMismatch):
        storage.commit(storage.receive("f.warc", file_chunks(path), None, digest), own)   # no MD5 given
    assert storage.lookup("f.warc") is None and os.listdir(tmp_path / "ba" / "tempdir") == []
    stored = storage.commit(storage.receive("f.warc", file_chunks(path), None, digest), f"{digest}:{own}", md5)
    assert stored.checksum == md5 and storage.lookup("f.warc") == stored.path
    assert hashlib.md5(open(stored.path, "rb").read()).hexdigest() == md5   # noqa: S324


@pytest.mark.parametrize("digest", [*TRANSFER_DIGESTS, ""])
def test_a_bitarchive_keeps_a_begun_copy_only_when_the_answer_has_its_digest_and_receipts_the_md5(
        local_file, tmp_path, digest):
    from server.archive.bitarchive.core import BatchLimits, Bitarchive

    path, md5 = local_file
    own = hex_of(digest, path) if digest else md5
    ba = Bitarchive(BitarchiveStorage([str(tmp_path / "ba")]), str(tmp_path / "batch"), BatchLimits())
    ba.start()
    rf = RemoteFile.for_local_file(path, "f.warc")
    rf.digest = digest
    # what transfer_checksum answers: the MD5, then the client's transfer digest when it gave one
    wrong = f"{md5} {digest}:{'0' * 64}" if digest else "f" * 32
    with pytest.raises(ChecksumMismatch):
        ba.upload(rf, "i1", True, 10, lambda: wrong)
    if digest:
        for answer in (md5, f"{md5} {'sha256' if digest == 'blake3' else 'blake3'}:{own}"):
            with pytest.raises(ChecksumMismatch):               # no digest of its algorithm to compare with
                ba.upload(rf, "i1", True, 10, lambda: answer)   # noqa: B023 - called at once
    assert not ba.has_file("f.warc") and os.listdir(tmp_path / "ba" / "tempdir") == []
    receipt = ba.upload(rf, "i1", True, 10, lambda: f"{md5} {digest}:{own}" if digest else md5)
    assert receipt.checksum == md5 and ba.has_file("f.warc")
