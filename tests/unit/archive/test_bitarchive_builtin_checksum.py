"""The shipped ``checksum`` job is hashed by the bitarchive itself: the same output and summary as
the job run by the batch runner, its errors reported per file, its time bounded; a ``checksum``
that is not the shipped class (another distribution's, or user code) still goes to the runner,
confined."""
from __future__ import annotations

import hashlib
import os
import threading

import pytest

from server.archive.batch import sandbox
from server.archive.batch.base import registered_jobs
from server.archive.batch.jobs import ChecksumJob
from server.archive.bitarchive import core
from server.archive.bitarchive.core import BUILTIN_CHECKSUM, BatchLimits, Bitarchive, run_child
from server.archive.storage import FILEDIR, TEMPDIR, BitarchiveStorage
from shared.dto.archive import BatchRequestDto

CONTENTS = {"one": {"b.warc.gz": b"b" * 70_000, "a.warc.gz": b"", "c-metadata-1.warc": os.urandom(5 << 20)},
            "two": {"aa.warc.gz": b"aa" * 3, "z.arc": os.urandom(1 << 20)}}


def _bitarchive(tmp_path, **limits) -> Bitarchive:
    dirs = []
    for d, files in CONTENTS.items():
        base = tmp_path / d
        (base / FILEDIR).mkdir(parents=True)
        (base / TEMPDIR).mkdir()
        (base / TEMPDIR / "half.warc.gz.1234.part").write_bytes(b"x")      # being received: not hashed
        for n, data in files.items():
            (base / FILEDIR / n).write_bytes(data)
        dirs.append(str(base))
    (tmp_path / "work").mkdir()
    return Bitarchive(BitarchiveStorage(dirs, 0), str(tmp_path / "work"), BatchLimits(**{"sandbox": "off", **limits}))


def _runner(b: Bitarchive, regex: str | None, args: dict, path: str) -> tuple[bytes, dict]:
    files = [[n, p] for n, p in b.storage.files(regex)]
    spec = {"job": "checksum", "job_ref": BUILTIN_CHECKSUM, "source": None, "args": args, "files": files,
            "sandbox_user": "", "protect_dirs": b.storage.dirs, "max_exceptions": b.limits.max_exceptions}
    summary = run_child(spec, path, 60)
    with open(path, "rb") as fh:
        return fh.read(), summary


def _ours(b: Bitarchive, batch_id: str) -> bytes:
    with open(os.path.join(b.batch_dir, f"{batch_id}.out"), "rb") as fh:
        return fh.read()


def test_the_shipped_checksum_is_the_one_hashed_here():
    assert registered_jobs()["checksum"] == BUILTIN_CHECKSUM


@pytest.mark.parametrize("regex,args", [(None, {}), (None, {"algorithm": "sha1"}),
                                        (r".*\.warc\.gz", {"algorithm": "sha256"}), ("nothing", {})])
def test_the_builtin_checksum_writes_what_the_job_in_the_runner_writes(tmp_path, regex, args):
    b = _bitarchive(tmp_path)
    reply = b.run_batch(BatchRequestDto("b1", "checksum", args, regex), "i1", lambda bid: f"u/{bid}")
    ours = _ours(b, "b1")
    theirs, summary = _runner(b, regex, args, str(tmp_path / "runner.out"))
    assert ours == theirs
    assert not reply.job_failed and reply.files_processed == summary["files_processed"] == ours.count(b"\n")
    assert reply.output_url == "u/b1" and reply.output_size == len(ours)
    assert "built-in checksum" in reply.limits and reply.seconds >= 0


def test_the_builtin_checksum_is_each_files_digest_in_the_listing_order(tmp_path):
    b = _bitarchive(tmp_path)
    b.run_batch(BatchRequestDto("b1", "checksum", {"algorithm": "sha1"}), "i1", lambda bid: bid)
    want = [f"{n}##{hashlib.sha1(CONTENTS[d][n]).hexdigest()}" for d in CONTENTS for n in sorted(CONTENTS[d])]
    assert _ours(b, "b1").decode().splitlines() == want


def test_files_that_fail_are_reported_as_the_runner_reports_them(tmp_path):
    b = _bitarchive(tmp_path, max_exceptions=2)
    reply = b.run_batch(BatchRequestDto("b1", "checksum", {"algorithm": "no-such-hash"}), "i1", lambda bid: bid)
    _, summary = _runner(b, None, {"algorithm": "no-such-hash"}, str(tmp_path / "runner.out"))
    assert not reply.job_failed and reply.files_processed == 0 and _ours(b, "b1") == b""
    assert reply.files_failed == summary["files_failed"] == [n for d in CONTENTS for n in sorted(CONTENTS[d])]
    assert [(e.file, e.error) for e in reply.exceptions] == [(e["file"], e["error"]) for e in summary["exceptions"]]
    assert len(reply.exceptions) == 2 and "unsupported hash type" in reply.exceptions[0].error


def test_one_unreadable_file_fails_alone(tmp_path, monkeypatch):
    b = _bitarchive(tmp_path)
    real = b.storage.files

    def files(regex=None):
        for name, path in real(regex):
            yield name, (str(tmp_path / "gone") if name == "b.warc.gz" else path)

    monkeypatch.setattr(b.storage, "files", files)
    reply = b.run_batch(BatchRequestDto("b1", "checksum"), "i1", lambda bid: bid)
    assert not reply.job_failed and reply.files_failed == ["b.warc.gz"] and reply.files_processed == 4
    assert "FileNotFoundError" in reply.exceptions[0].error and b"b.warc.gz" not in _ours(b, "b1")


def test_a_run_past_the_timeout_is_stopped_and_says_why(tmp_path):
    b = _bitarchive(tmp_path, timeout=0.0)
    before = threading.active_count()
    reply = b.run_batch(BatchRequestDto("b1", "checksum"), "i1", lambda bid: bid)
    assert reply.job_failed and "ran longer than 0s and was stopped" in reply.exceptions[0].error
    # at most the run's workers, ending at their next chunk: none started afterwards
    assert threading.active_count() <= before + ChecksumJob.threads


def _recording_runner(monkeypatch) -> list:
    calls = []

    def fake(spec, out_path, timeout, confine=None):
        calls.append((spec, confine))
        open(out_path, "wb").close()
        return {"files_processed": len(spec["files"]), "seconds": 0.0, "limits": "fake"}

    monkeypatch.setattr(core, "run_child", fake)
    return calls


@pytest.mark.skipif(not sandbox.available(), reason=f"no batch sandbox here: {sandbox.why_unavailable()}")
def test_a_checksum_job_that_is_not_the_shipped_one_runs_in_the_sandbox(tmp_path, monkeypatch):
    b = _bitarchive(tmp_path, sandbox="bwrap", allow_user_code=True)
    calls = _recording_runner(monkeypatch)
    monkeypatch.setattr(core, "registered_jobs", lambda: {"checksum": "other_dist.jobs:FasterChecksum"})
    reply = b.run_batch(BatchRequestDto("b1", "checksum"), "i1", lambda bid: bid)
    assert reply.limits == "fake" and calls[0][0]["job_ref"] == "other_dist.jobs:FasterChecksum"
    assert calls[0][1] is b.limits                 # confined
    monkeypatch.undo()
    calls = _recording_runner(monkeypatch)
    source = ("class ChecksumJob(BatchJob):\n    name = 'checksum'\n"
              "    def file_output(self, n, p):\n        return b''\n")
    reply = b.run_batch(BatchRequestDto("b2", "checksum", source=source), "i1", lambda bid: bid)
    assert reply.limits == "fake" and calls[0][0]["source"] == source and calls[0][1] is b.limits
