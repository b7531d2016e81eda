"""A bitarchive's disk that fills up during a write: the store fails with ``archive_full`` (not a
traceback of an OSError), and no partial file is left, neither in ``filedir`` nor in ``tempdir``.

The disk is real: a tmpfs of 1 MiB mounted for the test (the test needs root, as the storage
tests of a deployment do; without the right to mount it is skipped, saying why)."""
from __future__ import annotations

import hashlib
import os
import subprocess

import pytest

from server.archive.storage import FILEDIR, TEMPDIR, BitarchiveStorage
from shared.errors import ArchiveFull

MIB = 1 << 20


@pytest.fixture
def small_disk(tmp_path):
    mnt = tmp_path / "disk"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def _chunks(data: bytes, filler: str | None = None):
    """``data`` in 64 KiB chunks; with ``filler``, after the first chunk another writer fills
    the disk (what a concurrent upload or a log does between the choice of directory and the end)."""
    for i in range(0, len(data), 64 * 1024):
        yield data[i:i + 64 * 1024]
        if filler and i == 0:
            with open(filler, "wb") as fh:
                try:
                    while True:
                        fh.write(b"\0" * 65536)
                        fh.flush()
                except OSError:
                    pass


def test_a_disk_filling_up_mid_write_is_archive_full_and_leaves_nothing(small_disk):
    storage = BitarchiveStorage([str(small_disk / "store")], min_free_bytes=0)
    storage.start()
    data = os.urandom(600 * 1024)            # fits when the directory is chosen
    name = "1-1-20240101000000-00001-host.warc.gz"
    with pytest.raises(ArchiveFull) as caught:
        storage.store(name, _chunks(data, filler=str(small_disk / "filler")), len(data),
                      hashlib.md5(data).hexdigest())
    assert caught.value.code == "archive_full" and caught.value.details["reason"] == "disk_full"
    assert "filled up" in caught.value.message
    assert os.listdir(small_disk / "store" / FILEDIR) == []      # nothing counted as stored
    assert os.listdir(small_disk / "store" / TEMPDIR) == []      # and no partial file left behind
    assert storage.lookup(name) is None
    # Once there is room again the same file is stored whole.
    os.unlink(small_disk / "filler")
    stored = storage.store(name, _chunks(data), len(data), hashlib.md5(data).hexdigest())
    assert stored.checksum == hashlib.md5(data).hexdigest() and os.path.getsize(stored.path) == len(data)


def test_a_sender_that_sends_more_than_fits_is_archive_full(small_disk):
    """A size the sender did not give (None) cannot be checked before the write: the disk runs
    out during it."""
    storage = BitarchiveStorage([str(small_disk / "store")], min_free_bytes=0)
    storage.start()
    data = os.urandom(2 * MIB)
    with pytest.raises(ArchiveFull):
        storage.store("1-1-20240101000000-00002-host.warc.gz", _chunks(data), None, None)
    assert os.listdir(small_disk / "store" / FILEDIR) == [] and os.listdir(small_disk / "store" / TEMPDIR) == []


def test_a_begun_store_received_in_blake3_on_a_full_disk_is_archive_full_and_leaves_nothing(small_disk):
    """The two-step write of a begun store (receive in the client's transfer digest, commit
    after the confirm) fails the same way when the disk fills: no copy waits for a checksum."""
    storage = BitarchiveStorage([str(small_disk / "store")], min_free_bytes=0)
    storage.start()
    data = os.urandom(600 * 1024)
    with pytest.raises(ArchiveFull):
        storage.receive("1-1-20240101000000-00003-host.warc.gz", _chunks(data, filler=str(small_disk / "filler")),
                        len(data), "blake3")
    assert os.listdir(small_disk / "store" / FILEDIR) == [] and os.listdir(small_disk / "store" / TEMPDIR) == []
