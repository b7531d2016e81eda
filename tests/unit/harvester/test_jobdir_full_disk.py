"""The harvester's job directory on a full disk: the state file keeps its last whole version and
the job goes on (issue 20: a job thread must not die over its own bookkeeping)."""
from __future__ import annotations

import errno
import os

import pytest

from server.harvester import jobdir
from server.harvester.jobdir import STATE_FILE, JobState


def make(tmp_path):
    return jobdir.create(str(tmp_path), {"job_id": 7}, {"seeds": []}, ["http://a.test/"], harvester="h1")


def full_disk_on_fsync(monkeypatch):
    def fsync(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(jobdir.os, "fsync", fsync)


def test_a_state_that_cannot_be_saved_keeps_the_last_one_and_the_job_goes_on(tmp_path, monkeypatch, caplog):
    jd = make(tmp_path)
    state = jd.state()
    state.crawler_pid = 4242
    assert jd.save_state(state) is True
    full_disk_on_fsync(monkeypatch)
    state.crawler_pid = 4343
    assert jd.save_state(state) is False                  # no exception: the job thread goes on
    assert "disk is full" in caplog.text
    assert jd.state().crawler_pid == 4242                  # the last whole version, readable
    assert not os.path.exists(jd.file(STATE_FILE) + ".tmp")  # no half-written file left
    monkeypatch.undo()
    assert jd.save_state(state) is True and jd.state().crawler_pid == 4343


def test_other_write_errors_and_a_job_set_up_on_a_full_disk_still_fail(tmp_path, monkeypatch):
    jd = make(tmp_path)

    def fsync(_fd):
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(jobdir.os, "fsync", fsync)
    with pytest.raises(OSError):
        jd.save_state(JobState())
    full_disk_on_fsync(monkeypatch)
    with pytest.raises(OSError):
        jobdir.create(str(tmp_path / "other"), {"job_id": 8}, {"seeds": []}, [], harvester="h1")
