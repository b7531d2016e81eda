"""File-name validation and the bitarchive's storage directories."""
import hashlib
import os
import stat

import pytest

from server.archive.names import check_name
from server.archive.storage import FILEDIR, TEMPDIR, BitarchiveStorage
from shared.errors import AlreadyExists, ArchiveFull, ChecksumMismatch, InvalidName


@pytest.mark.parametrize("name", ["..", ".", "a/b", "../etc/passwd", "a\0b", "", "/abs", "a\\b", ".hidden",
                                  "-rf", "x" * 300, "naïve.warc", "sp ace.warc"])
def test_path_like_names_are_refused(name):
    with pytest.raises(InvalidName):
        check_name(name)


@pytest.mark.parametrize("name", ["1-1-20240101000000-00000-host.warc.gz", "42-metadata-1.warc.gz", "a.b_c+d"])
def test_archive_names_are_accepted(name):
    assert check_name(name) == name


def _chunks(data, size=7):
    return [data[i:i + size] for i in range(0, len(data), size)]


def test_store_is_atomic_read_only_and_checked(tmp_path):
    st = BitarchiveStorage([str(tmp_path / "d1")])
    st.start()
    data = b"some warc bytes" * 100
    md5 = hashlib.md5(data).hexdigest()
    stored = st.store("f.warc", _chunks(data), len(data), md5)
    assert stored.checksum == md5 and not stored.already
    assert open(stored.path, "rb").read() == data
    assert stat.S_IMODE(os.stat(stored.path).st_mode) == 0o444
    assert os.listdir(tmp_path / "d1" / TEMPDIR) == []
    # Same content again: no copy, reported as already there.
    again = st.store("f.warc", _chunks(data), len(data), md5)
    assert again.already
    with pytest.raises(AlreadyExists):
        st.store("f.warc", [b"other"], 5, hashlib.md5(b"other").hexdigest())


def test_checksum_mismatch_keeps_nothing(tmp_path):
    st = BitarchiveStorage([str(tmp_path / "d1")])
    st.start()
    with pytest.raises(ChecksumMismatch):
        st.store("bad.warc", [b"abc"], 3, "0" * 32)
    assert st.lookup("bad.warc") is None
    assert os.listdir(tmp_path / "d1" / TEMPDIR) == []


def test_broken_source_leaves_no_partial_file(tmp_path):
    st = BitarchiveStorage([str(tmp_path / "d1")])
    st.start()

    def dying():
        yield b"first part"
        raise ConnectionError("sender went away")

    with pytest.raises(ConnectionError):
        st.store("x.warc", dying(), 100, None)
    assert st.lookup("x.warc") is None
    assert os.listdir(tmp_path / "d1" / TEMPDIR) == []


def test_leftover_temp_files_are_removed_on_start(tmp_path):
    base = tmp_path / "d1"
    (base / TEMPDIR).mkdir(parents=True)
    (base / TEMPDIR / "x.warc.abc.part").write_bytes(b"half")
    st = BitarchiveStorage([str(base)])
    assert st.start() == 1
    assert os.listdir(base / TEMPDIR) == [] and os.path.isdir(base / FILEDIR)


def test_directory_choice_respects_minimum_free_space(tmp_path):
    st = BitarchiveStorage([str(tmp_path / "a"), str(tmp_path / "b")], min_free_bytes=0)
    st.start()
    free = {str(tmp_path / "a"): 10, str(tmp_path / "b"): 10_000}
    st.free_bytes = lambda d: free[d]
    assert st.choose_dir(100) == str(tmp_path / "b")
    with pytest.raises(ArchiveFull):
        st.choose_dir(20_000)
    st.min_free_bytes = 9_950
    with pytest.raises(ArchiveFull):
        st.choose_dir(100)


def test_listing_by_regex(tmp_path):
    st = BitarchiveStorage([str(tmp_path / "a"), str(tmp_path / "b")])
    st.start()
    for n in ("1-a.warc.gz", "2-b.warc.gz", "1-metadata-1.warc.gz"):
        st.store(n, [n.encode()], None, None)
    assert [n for n, _ in st.files(r"1-.*")] == ["1-a.warc.gz", "1-metadata-1.warc.gz"]
    assert len(list(st.files())) == 3
