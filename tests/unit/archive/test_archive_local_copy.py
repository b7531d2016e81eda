"""A bitarchive copying a file it can read itself: in the kernel, hashed from the copy it keeps.

Real files throughout; ``os.copy_file_range`` is replaced only to play a kernel or file
system that cannot copy in the kernel, a disk that fills up, and a copy damaged on its way
to the disk (all outside the unit under test)."""
from __future__ import annotations

import errno
import hashlib
import os

import pytest

import server.archive.local_copy as local_copy
from server.archive.checksums import new_hash
from server.archive.local_copy import LocalFile
from server.archive.storage import BitarchiveStorage
from shared.errors import ArchiveFull, ChecksumMismatch

SIZE = (3 << 20) + 12345      # ranges of 1 MiB below: three whole ones and a short last one


@pytest.fixture
def source(tmp_path, monkeypatch):
    monkeypatch.setattr(local_copy, "RANGE", 1 << 20)
    path = tmp_path / "f.warc"
    data = os.urandom(SIZE)
    path.write_bytes(data)
    return str(path), data


@pytest.fixture
def storage(tmp_path):
    s = BitarchiveStorage([str(tmp_path / "ba")])
    s.start()
    return s


def digest(algorithm: str, data: bytes) -> str:
    h = new_hash(algorithm)
    h.update(data)
    return h.hexdigest()


def leftovers(tmp_path) -> list[str]:
    return os.listdir(tmp_path / "ba" / "tempdir")


def counting_copies(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = os.copy_file_range

    def copy(src, dst, count, *args):
        calls.append(count)
        return real(src, dst, count, *args)

    monkeypatch.setattr(os, "copy_file_range", copy)
    return calls


@pytest.mark.parametrize("algorithm", ["md5", "blake3", "sha256"])
def test_a_local_file_is_copied_in_the_kernel_and_its_digest_is_the_copys(source, storage, monkeypatch, algorithm):
    path, data = source
    calls = counting_copies(monkeypatch)
    received = storage.receive("f.warc", LocalFile(path), SIZE, algorithm)
    assert len(calls) == 5                        # four ranges, then the end of the file
    assert received.size == SIZE and received.checksum == digest(algorithm, data)
    with open(received.tmp, "rb") as fh:
        assert fh.read() == data
    md5 = hashlib.md5(data).hexdigest()           # noqa: S324 - the archive's checksum
    stored = storage.commit(received, received.checksum, None if algorithm == "md5" else md5)
    assert stored.checksum == md5 and open(stored.path, "rb").read() == data


def test_the_hash_reads_the_copy_so_a_copy_damaged_on_its_way_is_not_kept(source, storage, tmp_path, monkeypatch):
    path, data = source
    real = os.copy_file_range

    def damaging(src, dst, count, *args):
        n = real(src, dst, count, *args)
        if n:
            at = os.lseek(dst, 0, os.SEEK_CUR) - 1
            os.pwrite(dst, bytes([data[at] ^ 1]), at)      # the last byte of each range, flipped
        return n

    monkeypatch.setattr(os, "copy_file_range", damaging)
    received = storage.receive("f.warc", LocalFile(path), SIZE, "blake3")
    assert received.checksum != digest("blake3", data)
    with pytest.raises(ChecksumMismatch):
        storage.commit(received, digest("blake3", data), hashlib.md5(data).hexdigest())   # noqa: S324
    assert storage.lookup("f.warc") is None and leftovers(tmp_path) == []


@pytest.mark.parametrize("code", [errno.EXDEV, errno.ENOSYS, errno.EOPNOTSUPP, errno.EPERM])
def test_where_the_kernel_cannot_copy_the_file_is_read_and_written(source, storage, monkeypatch, code):
    path, data = source

    def refuse(*args):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "copy_file_range", refuse)
    received = storage.receive("f.warc", LocalFile(path), SIZE, "blake3")
    assert received.size == SIZE and received.checksum == digest("blake3", data)
    assert open(received.tmp, "rb").read() == data


def test_a_disk_that_fills_up_during_the_copy_keeps_nothing(source, storage, tmp_path, monkeypatch):
    path, _ = source
    real = os.copy_file_range
    calls = []

    def fill_up(src, dst, count, *args):
        calls.append(count)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(src, dst, count, *args)

    monkeypatch.setattr(os, "copy_file_range", fill_up)
    with pytest.raises(ArchiveFull) as info:
        storage.receive("f.warc", LocalFile(path), SIZE, "blake3")
    assert info.value.details["written"] == 2 << 20 and info.value.details["reason"] == "disk_full"
    assert leftovers(tmp_path) == []


def test_a_source_of_another_size_than_announced_keeps_nothing(source, storage, tmp_path):
    path, _ = source
    for announced in (SIZE - 1, SIZE + 1):
        with pytest.raises(ChecksumMismatch):
            storage.receive("f.warc", LocalFile(path), announced, "blake3")
    assert leftovers(tmp_path) == []


def test_an_empty_file_and_a_small_one_are_copied_too(tmp_path, storage):
    for size in (0, 10):
        path = tmp_path / f"small{size}"
        data = os.urandom(size)
        path.write_bytes(data)
        received = storage.receive(f"small{size}.warc", LocalFile(str(path)), size)
        assert received.size == size and received.checksum == hashlib.md5(data).hexdigest()   # noqa: S324
        storage.discard(received)


def test_a_local_file_iterates_as_chunks_for_every_other_use(source):
    path, data = source
    assert b"".join(bytes(c) for c in LocalFile(path, 1 << 16)) == data
