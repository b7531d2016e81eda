"""Plain logic of the harvester: the seeds' crawl timeouts, reading progress lines, the job spec,
the job directory, the local archive and the report's fallbacks."""
import json
import os

import pytest

from server.harvester import job_spec, jobdir
from server.harvester import report as reports
from server.harvester.archive_client import LocalArchive
from server.harvester.crawl_process import INACTIVITY, NO_RESPONSE, RUNNING_TIME, CrawlWatch, ProgressReader
from shared.errors import InvalidInput, InvalidName, StoreFailed, Unavailable


def test_no_response_timeout_counts_from_the_last_downloaded_byte():
    w = CrawlWatch(no_response_timeout=10, inactivity_timeout=100, started=0)
    w.feed({"bytes": 5, "uris_done": 1, "active_hosts": 1}, now=1)
    w.feed({"bytes": 5, "uris_done": 2, "active_hosts": 1}, now=9)
    assert w.stop_cause(10.9) is None
    assert w.stop_cause(11) == NO_RESPONSE
    assert "10 s" in w.describe(NO_RESPONSE)


def test_inactivity_timeout_when_no_fetch_is_active_and_nothing_is_done():
    w = CrawlWatch(no_response_timeout=100, inactivity_timeout=5, started=0)
    w.feed({"bytes": 1, "uris_done": 3, "active_hosts": 0}, now=1)
    w.feed({"bytes": 2, "uris_done": 3, "active_hosts": 0}, now=4)  # bytes but no new URI, no host busy
    assert w.stop_cause(5.5) is None
    assert w.stop_cause(6) == INACTIVITY


def test_running_time_is_up():
    w = CrawlWatch(no_response_timeout=100, inactivity_timeout=100, max_running_time=30, started=0)
    w.feed({"bytes": 1, "uris_done": 1, "active_hosts": 1}, now=29)
    assert w.stop_cause(29.5) is None
    assert w.stop_cause(30) == RUNNING_TIME


def test_a_crawler_waiting_for_disk_space_is_not_timed_out_and_its_pause_is_not_counted():
    """The crawler met a full disk itself (progress says disk_full): no rule stops it while it
    waits, and the wait does not count against its timeouts afterwards."""
    w = CrawlWatch(no_response_timeout=10, inactivity_timeout=10, max_running_time=60, started=0)
    w.feed({"bytes": 5, "uris_done": 1, "active_hosts": 1}, now=1)
    w.feed({"bytes": 5, "uris_done": 1, "active_hosts": 0, "disk_full": "the WARC record of x: No space"}, now=2)
    assert w.stop_cause(500) is None
    w.feed({"bytes": 5, "uris_done": 1, "active_hosts": 0}, now=502)  # space is back
    assert w.stop_cause(502 + 8) is None
    assert w.stop_cause(502 + 10) == NO_RESPONSE


def test_progress_reader_keeps_a_half_written_line_for_later(tmp_path):
    path = tmp_path / "out"
    r = ProgressReader(str(path))
    assert r.read() == []
    path.write_bytes(b'{"bytes": 1}\nnot json\n{"bytes"')
    assert r.read() == [{"bytes": 1}]
    with open(path, "ab") as fh:
        fh.write(b': 2}\n')
    assert r.read() == [{"bytes": 2}]


def test_crawl_spec_from_a_claimed_job():
    job = {"id": 4, "harvest_id": 3, "harvest_run": 1, "seeds": ["http://a.test/", " "],
           "settings": {"profile": {"robots": "ignore", "dedup": {"enabled": True, "extra": 1}},
                        "crawler_traps": {"global": ["g"], "domains": {"a.test": ["t1"]}}},
           "domains": [{"domain": "a.test", "max_bytes": 100, "max_objects": -1}],
           "max_bytes_per_domain": 1000, "max_objects_per_domain": -1, "max_running_time_s": 60,
           "aliases": [{"domain": "b.test", "alias_of": "a.test"}], "dedup_job_ids": [2, 1, 2]}
    spec, seeds = job_spec.crawl_spec(job, {"upstream_proxy": "http://127.0.0.1:1"})
    assert spec == {
        "job_id": "4", "harvest_id": "3", "harvest_num": 1,
        "profile": {"robots": "ignore", "upstream_proxy": "http://127.0.0.1:1", "max_running_time_s": 60.0},
        "quotas": {"harvest": {"max_bytes": 1000, "max_objects": -1},
                   "domains": {"a.test": {"max_bytes": 100, "max_objects": -1}}},
        "dedup": {"enabled": False},  # no index chosen: no deduplication rather than a crawler error
        "crawler_traps": {"job": ["t1"], "global": ["g"]},
    }
    assert seeds == ["http://a.test/"]
    assert job_spec.aliases(job) == ["b.test is an alias of a.test"]
    assert job_spec.dedup_job_ids(job) == [1, 2]
    with pytest.raises(InvalidInput):
        job_spec.crawl_spec({"id": 4, "harvest_id": 3, "seeds": []})


def test_the_spec_is_one_the_crawler_accepts():
    from server.crawler.spec import parse_spec

    spec, _ = job_spec.crawl_spec({"id": 4, "harvest_id": 3, "seeds": ["http://a.test/"],
                                   "domains": [{"domain": "a.test", "max_bytes": 5}]})
    assert parse_spec({**spec, "seeds": ["http://a.test/"]}).quotas.domains["a.test"].max_bytes == 5


def test_job_directory_is_named_by_job_and_time_and_found_again(tmp_path):
    d = jobdir.create(str(tmp_path), {"job_id": 12, "harvest_id": 3}, {"job_id": "12"}, ["http://a.test/"],
                      harvester="h1", now=0)
    assert d.name == "12_19700101T000000"
    assert json.load(open(d.file(jobdir.SPEC_FILE)))["seeds_file"] == "seeds.txt"
    assert open(d.file(jobdir.SEEDS_FILE)).read() == "http://a.test/\n"
    os.makedirs(os.path.join(jobdir.jobs_root(str(tmp_path)), "13_19700101T000000.new"))  # half made
    found = jobdir.leftovers(str(tmp_path))
    assert [f.path for f in found] == [d.path]
    assert not os.path.exists(os.path.join(jobdir.jobs_root(str(tmp_path)), "13_19700101T000000.new"))
    assert d.state().harvester == "h1" and d.state().phase == jobdir.CRAWLING


def test_local_archive_stores_in_every_replica(tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    src = tmp_path / "7-metadata-1.warc.gz"
    src.write_bytes(b"abc")
    archive = LocalArchive({"ONE": str(tmp_path / "one"), "TWO": str(tmp_path / "two")})
    result = archive.store(str(src))
    assert result.complete and set(result.replicas) == {"ONE", "TWO"}
    assert (tmp_path / "two" / src.name).read_bytes() == b"abc"
    assert archive.store(str(src)).complete  # the same file again: nothing to do
    src.write_bytes(b"other")
    with pytest.raises(StoreFailed):
        archive.store(str(src))


def test_local_archive_names_missing_replicas(tmp_path):
    (tmp_path / "one").mkdir()
    src = tmp_path / "f.warc.gz"
    src.write_bytes(b"x")
    with pytest.raises(StoreFailed) as err:
        LocalArchive({"ONE": str(tmp_path / "one"), "TWO": str(tmp_path / "gone")}).store(str(src))
    assert err.value.details["replicas"] == {"ONE": "upload_completed", "TWO": "upload_failed"}
    with pytest.raises(Unavailable):
        LocalArchive({"TWO": str(tmp_path / "gone")}).store(str(src))
    bad = tmp_path / ".hidden"
    bad.write_bytes(b"x")
    with pytest.raises(InvalidName):
        LocalArchive({"ONE": str(tmp_path / "one")}).store(str(bad))


def test_domain_statistics_from_crawl_log_when_the_crawler_wrote_none(tmp_path):
    d = jobdir.create(str(tmp_path), {"job_id": 1, "harvest_id": 3}, {}, ["http://a.test/"])
    with open(d.file("crawl.log"), "w") as fh:
        fh.write("2024-01-01T00:00:00.000Z   200       100 http://www.example1.test/ - - text/html #1 x sha1:A - -\n")
        fh.write("2024-01-01T00:00:00.000Z   200        50 http://b.example1.test/x L - text/html #1 x sha1:B - -\n")
        fh.write("2024-01-01T00:00:00.000Z    -2         0 http://c.example2.test/ - - - #1 x - - -\n")
        fh.write("2024-01-01T00:00:00.000Z     1        60 dns:www.example1.test P - text/dns #1 x - - -\n")
    stats = reports.domain_stats(d, cut_short=True)
    assert [s.to_dict() for s in stats] == [
        {"domain": "example1.test", "objects": 2, "bytes": 150, "stop_reason": "unfinished", "duplicates": 0,
         "duplicate_bytes": 0}]


def test_report_keeps_harvest_and_upload_errors_apart(tmp_path):
    d = jobdir.create(str(tmp_path), {"job_id": 1, "harvest_id": 3}, {}, ["http://a.test/"])
    state = d.state()
    state.uploaded = ["a.warc.gz"]
    state.failed_uploads = {"b.warc.gz": "archive down"}
    r = reports.build(d, state)
    assert r.status == "failed" and r.harvest_error is None
    assert r.upload_error == "1 of 2 files not stored in the archive"
    assert r.upload_error_details == "b.warc.gz: archive down"
    state.failed_uploads = {}
    assert reports.build(d, state).status == "done"
