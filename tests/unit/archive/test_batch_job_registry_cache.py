"""The registry of batch jobs (entry points ``nas.batch_jobs``) is scanned once and kept while the
module path's directories are unchanged: a job installed or replaced while a service runs is
still found."""
from __future__ import annotations

import os
import sys
import textwrap

import pytest

from server.archive.batch import base
from server.archive.batch.jobs import ChecksumJob
from shared.errors import BatchJobNotFound


def _dist(site, name: str, jobs: dict[str, str]) -> None:
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{job} = {ref}\n" for job, ref in jobs.items())
    (info / "entry_points.txt").write_text(f"[{base.ENTRY_POINT_GROUP}]\n{lines}")


def _touch(path, seconds: int) -> None:
    """A distinct change time (file systems keep times at a clock tick's granularity)."""
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + seconds * 1_000_000_000))


@pytest.fixture
def site(tmp_path, monkeypatch):
    site = tmp_path / "site-packages"
    site.mkdir()
    (site / "extra_jobs.py").write_text(textwrap.dedent("""
        from server.archive.batch.base import BatchJob

        class Count(BatchJob):
            def file_output(self, name, path):
                return b"1\\n"
        """))
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(base, "_scanned", None)
    yield site
    sys.modules.pop("extra_jobs", None)


def test_the_scan_is_kept_while_the_path_is_unchanged(site, monkeypatch):
    from importlib import metadata

    assert base.load_job("checksum") is ChecksumJob
    scans = []
    monkeypatch.setattr(metadata, "entry_points", lambda **kw: scans.append(kw) or [])
    assert base.load_job("checksum") is ChecksumJob and "checksum" in base.registered_jobs()
    assert scans == []


def test_a_job_installed_later_is_found(site):
    assert "count" not in base.registered_jobs()
    _dist(site, "extra", {"count": "extra_jobs:Count"})
    _touch(site, 10)
    assert base.registered_jobs()["count"] == "extra_jobs:Count"
    assert base.load_job("count").__name__ == "Count"
    with pytest.raises(BatchJobNotFound):
        base.load_job("no-such-job")
