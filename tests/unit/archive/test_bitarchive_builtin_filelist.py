"""The shipped ``filelist`` job is listed by the bitarchive itself: the same output as the job run
by the batch runner, for every storage directory and with a regex, without a runner."""
from __future__ import annotations

import os

from server.archive.batch.base import registered_jobs
from server.archive.bitarchive.core import BUILTIN_FILELIST, BatchLimits, Bitarchive, run_child
from server.archive.storage import FILEDIR, TEMPDIR, BitarchiveStorage
from shared.dto.archive import BatchRequestDto


def _bitarchive(tmp_path) -> Bitarchive:
    dirs = []
    for d, names in (("one", ["b.warc.gz", "a.warc.gz", "c-metadata-1.warc"]), ("two", ["aa.warc.gz", "z.arc"])):
        base = tmp_path / d
        (base / FILEDIR).mkdir(parents=True)
        (base / TEMPDIR).mkdir()
        (base / TEMPDIR / "half.warc.gz.1234.part").write_bytes(b"x")      # being received: not listed
        (base / FILEDIR / "subdir").mkdir()                                # not a file: not listed
        for n in names:
            (base / FILEDIR / n).write_bytes(b"x" * 3)
        dirs.append(str(base))
    (tmp_path / "work").mkdir()
    return Bitarchive(BitarchiveStorage(dirs, 0), str(tmp_path / "work"), BatchLimits(sandbox="off"))


def _runner_output(b: Bitarchive, regex: str | None, path: str) -> bytes:
    files = [[n, p] for n, p in b.storage.files(regex)]
    spec = {"job": "filelist", "job_ref": BUILTIN_FILELIST, "source": None, "args": {}, "files": files,
            "sandbox_user": "", "protect_dirs": b.storage.dirs, "max_exceptions": 10}
    run_child(spec, path, 60)
    with open(path, "rb") as fh:
        return fh.read()


def test_the_shipped_filelist_is_the_one_listed_here():
    assert registered_jobs()["filelist"] == BUILTIN_FILELIST


def test_the_builtin_listing_writes_what_the_job_in_the_runner_writes(tmp_path):
    b = _bitarchive(tmp_path)
    for i, regex in enumerate((None, r".*\.warc\.gz", r"nothing")):
        reply = b.run_batch(BatchRequestDto(f"b{i}", "filelist", regex=regex), "i1", lambda bid: f"u/{bid}")
        with open(os.path.join(b.batch_dir, f"b{i}.out"), "rb") as fh:
            ours = fh.read()
        assert ours == _runner_output(b, regex, str(tmp_path / f"runner-{i}.out"))
        assert not reply.job_failed and reply.files_processed == ours.count(b"\n")
        assert reply.output_url == f"u/b{i}" and reply.output_size == len(ours)
        assert "built-in" in reply.limits
    assert b.batch_outputs() == ["b0", "b1", "b2"]
    with open(os.path.join(b.batch_dir, "b0.out"), "rb") as fh:
        assert fh.read() == b"a.warc.gz\nb.warc.gz\nc-metadata-1.warc\naa.warc.gz\nz.arc\n"


def test_a_bad_regex_fails_the_run_and_says_why(tmp_path):
    b = _bitarchive(tmp_path)
    reply = b.run_batch(BatchRequestDto("bad", "filelist", regex="("), "i1", lambda bid: bid)
    assert reply.job_failed and "InvalidRegex" in reply.exceptions[0].error
