"""The metadata WARC: named records as the seeds show them, a CDX that points at the right
offsets, valid for `warcio check`, and byte-for-byte reproducible with fixed ids and clock."""
import io
import itertools
import json
import os
from datetime import UTC, datetime

from harvester_testkit import check_cdx_offsets, metadata_uris, warcio_check
from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from server.harvester import jobdir, metadata_warc


def _crawl_warc(path: str) -> None:
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        w.write_record(w.create_warcinfo_record(os.path.basename(path), {"software": "test"}))
        for i in range(3):
            body = f"<html>page {i}</html>".encode()
            http = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(f"http://www.example1.test/{i}", "response",
                                                payload=io.BytesIO(body), http_headers=http))


def _job_dir(tmp_path) -> jobdir.JobDir:
    job = {"job_id": 4, "harvest_id": 3, "harvest_num": 0, "aliases": ["alias.test is an alias of example1.test"],
           "dedup_job_ids": [2]}
    d = jobdir.create(str(tmp_path), job, {"job_id": "4", "harvest_id": "3"}, ["http://www.example1.test/"])
    state = d.state()
    state.dedup_jobs = [2]  # the deduplication index covered job 2
    d.save_state(state)
    _crawl_warc(d.file("4-3-20240101000000000-00001-h.warc.gz"))
    for name, text in (("crawl.log", "a log line\n"), ("crawl-report.txt", "crawl status: Finished\n"),
                       (jobdir.STDOUT_FILE, '{"bytes": 1}\n')):
        with open(d.file(name), "w") as fh:
            fh.write(text)
    return d


def _fixed():
    ids = itertools.count(1)
    return (lambda: f"<urn:uuid:00000000-0000-0000-0000-{next(ids):012d}>",
            lambda: datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC))


def test_metadata_warc_holds_setup_logs_reports_and_cdx(tmp_path):
    d = _job_dir(tmp_path)
    path = metadata_warc.build(d)
    assert os.path.basename(path) == "4-metadata-1.warc.gz"
    warcio_check([path, *d.warcs()])
    uris = metadata_uris(path)
    q = "?majorversion=1&minorversion=0&harvestid=3&harvestnum=0&jobid=4"
    for expected in ("setup/duplicatereductionjobs", "setup/aliases", "setup/crawl-job.json", "setup/seeds.txt",
                     "logs/crawl.log", "reports/crawl-report.txt", "logs/crawler-stdout.log"):
        assert f"metadata://netarkivet.dk/crawl/{expected}{q}" in uris
    assert ("metadata://netarkivet.dk/crawl/index/cdx?majorversion=2&minorversion=0&harvestid=3&jobid=4"
            "&filename=4-3-20240101000000000-00001-h.warc.gz") in uris
    with open(path, "rb") as fh:
        bodies = {r.rec_headers.get_header("WARC-Target-URI"): r.content_stream().read() for r in ArchiveIterator(fh)}
    assert bodies[f"metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs{q}"] == b"2"
    assert bodies[f"metadata://netarkivet.dk/crawl/setup/aliases{q}"] == b"alias.test is an alias of example1.test\n"
    assert check_cdx_offsets(path, d.path) == 3


def test_cdx_survives_the_upload_of_its_warc(tmp_path):
    d = _job_dir(tmp_path)
    warc = d.warcs()[0]
    metadata_warc.index_warc(d, warc)
    kept = tmp_path / "archive"
    kept.mkdir()
    os.rename(warc, kept / os.path.basename(warc))  # uploaded and deleted during the crawl
    path = metadata_warc.build(d)
    assert check_cdx_offsets(path, str(kept)) == 3


def test_same_input_same_bytes(tmp_path):
    d = _job_dir(tmp_path)
    first = open(metadata_warc.build(d, *_fixed()), "rb").read()
    second = open(metadata_warc.build(d, *_fixed()), "rb").read()
    assert first == second


def test_the_browser_page_list_is_a_resource_record_the_wacz_exporter_reads(tmp_path):
    from shared.wacz.export import PAGES_URI
    from shared.wacz.pages import parse_page_list

    d = _job_dir(tmp_path)
    page = {"id": "a1", "url": "http://www.example1.test/", "title": "home", "ts": "2024-01-01T00:00:00.000Z",
            "status": 200, "loadState": 4}
    with open(d.file("pages.jsonl"), "w") as fh:
        fh.write('{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}\n')
        fh.write(json.dumps(page) + "\n")
    path = metadata_warc.build(d)
    warcio_check([path])
    with open(path, "rb") as fh:
        found = [(r.rec_type, r.rec_headers.get_header("WARC-Target-URI"), r.content_stream().read())
                 for r in ArchiveIterator(fh) if PAGES_URI.search(r.rec_headers.get_header("WARC-Target-URI") or "")]
    (kind, uri, body), = found
    assert kind == "resource"
    assert uri == ("metadata://netarkivet.dk/crawl/setup/pages.jsonl"
                   "?majorversion=1&minorversion=0&harvestid=3&harvestnum=0&jobid=4")
    assert parse_page_list(body) == [page]


def test_a_job_without_rendered_pages_has_no_page_list_record(tmp_path):
    path = metadata_warc.build(_job_dir(tmp_path))
    assert not any("pages.jsonl" in uri for uri in metadata_uris(path))
