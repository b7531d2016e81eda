"""Issue #20, item 5 (plain process): a damaged WARC in a job directory never crashes the
harvester; the WARC is truncated to its last complete record, stored, and the loss reported."""
from __future__ import annotations

import gzip
import io
import os

from harvester_testkit import RecordingScheduler, fast_profile, make_job
from warcio.archiveiterator import ArchiveIterator
from warcio.warcwriter import WARCWriter

from server.harvester import jobdir
from server.harvester.job_spec import crawl_spec


def _damaged_warc(path: str, records: int = 3) -> int:
    """A closed WARC whose last gzip member is cut off (as a disk that filled up leaves it);
    returns the size of its complete records."""
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        for i in range(records):
            w.write_record(w.create_warc_record(f"http://www.example.test/{i}", "resource",
                                                payload=io.BytesIO(os.urandom(5000)),
                                                warc_content_type="application/octet-stream"))
            if i == records - 2:
                good = fh.tell()
    with open(path, "r+b") as fh:
        fh.truncate(good + 1500)
    return good


def test_a_damaged_warc_left_in_a_job_dir_is_repaired_stored_and_reported(make_harvester, replicas, tmp_path, web):
    job = make_job([web.seed("www.example5.test")], fast_profile(web.proxy_url))
    spec, seeds = crawl_spec(job)
    jd = jobdir.create(str(tmp_path / "work"), job, spec, seeds, harvester="harvester@old")
    state = jd.state()
    state.phase = jobdir.CRAWLED       # the crawl ended (stopped while the disk was full)
    jd.save_state(state)
    name = f"{job['id']}-{job['harvest_id']}-20240101000000-00000-host.warc.gz"
    good = _damaged_warc(jd.file(name))
    sched = RecordingScheduler()
    reports = make_harvester(sched).recover()
    assert len(reports) == 1 and reports[0] is not None
    report = reports[0]
    assert "a damaged WARC file was repaired" in report.harvest_error
    assert not os.path.exists(jd.path)
    for d in replicas.values():
        stored = os.path.join(d, name)
        assert os.path.getsize(stored) == good           # truncated to its last complete record
        with open(stored, "rb") as fh:
            assert [r.rec_headers.get_header("WARC-Target-URI") for r in ArchiveIterator(fh)] == [
                "http://www.example.test/0", "http://www.example.test/1"]
        assert f"{job['id']}-metadata-1.warc.gz" in os.listdir(d)
    with gzip.open(os.path.join(replicas["ONE"], f"{job['id']}-metadata-1.warc.gz")) as fh:
        meta = fh.read()
    assert name.encode() in meta                         # its CDX is in the metadata WARC
