"""A cancel ends a running crawl within seconds whatever the crawler is doing (#29 item 6), with
the real harvester runner and crawler processes.

Before: a crawler trap that backtracks catastrophically in ``re`` held the crawler inside one
match; the harvester's SIGTERM was never acted on and the crawler died only when the harvester
killed it after ``process_timeout`` (300 s). Now the crawler matches with a time limit and acts
on SIGTERM at once, and a crawler that still does not end is killed after ``cancel_grace``, its
open WARC closed after its last complete record and stored."""
from __future__ import annotations

import logging
import os
import sys
import textwrap

from harvester_testkit import RecordingScheduler, make_job, slow_profile
from warcio.archiveiterator import ArchiveIterator

from shared.errors import JobCancelled

# the trap (2^n steps in re to give up on n characters), and one the regex package is
# slow on too: together every discovered URL would take minutes, or hours, to scope
TRAPS = [r"^(([a-z0-9:/.-])+)+Z$", r"(.|..)*\d"]


class CancellingScheduler(RecordingScheduler):
    """Cancels the job at the first progress report after a URI was fetched."""

    def progress(self, job_id, harvester_id, progress):
        super().progress(job_id, harvester_id, progress)
        if (progress.get("uris_done") or 0) >= 1:
            raise JobCancelled(f"job {job_id} was cancelled by a curator", {"job_id": job_id})


def _killed(caplog) -> bool:
    return any("killing it" in r.getMessage() for r in caplog.records)


class CancelOnceServed(RecordingScheduler):
    """Cancels the job once the test web has served ``url``: the crawler is then fetching it or
    scoping its outlinks against the traps."""

    def __init__(self, web, url: str):
        super().__init__()
        self.web, self.url = web, url
        self.before = web.request_log.count(url)       # the test web is shared by the module

    def progress(self, job_id, harvester_id, progress):
        super().progress(job_id, harvester_id, progress)
        if self.web.request_log.count(self.url) > self.before:
            raise JobCancelled(f"job {job_id} was cancelled by a curator", {"job_id": job_id})


def test_a_crawl_held_by_a_slow_trap_ends_on_cancel_by_itself(web, make_harvester, replicas, caplog):
    seed = web.seed("www.example1.test", "/features.html")          # dozens of outlinks to scope
    job = make_job([seed], slow_profile(web.proxy_url, 50))
    job["settings"]["crawler_traps"] = {"global": TRAPS, "domains": {}}   # slipped past the upload check
    sched = CancelOnceServed(web, seed)
    # process_timeout as a production harvester's would be cut short here; cancel_grace too long
    # to matter: the crawler must end on SIGTERM alone
    harvester = make_harvester(sched, process_timeout=60, cancel_grace=60, no_response_timeout=600,
                               inactivity_timeout=600)
    with caplog.at_level(logging.INFO, logger="server.harvester"):
        report = harvester.run_job(job)
    assert report is not None and report.crawl_end == "cancelled"
    assert not _killed(caplog), "the crawler ignored SIGTERM and had to be killed"
    assert report.harvest_error is None and report.upload_error is None
    stored = sorted(os.listdir(replicas["ONE"]))
    assert f"{job['id']}-metadata-1.warc.gz" in stored and len(stored) >= 2
    with open(os.path.join(replicas["ONE"], f"{job['id']}-metadata-1.warc.gz"), "rb") as fh:
        crawl_log = b"".join(r.content_stream().read() for r in ArchiveIterator(fh)
                             if "/crawl.log?" in r.rec_headers.get_header("WARC-Target-URI", ""))
    assert b"regexTimeout" in crawl_log      # the URLs the traps could not decide were rejected


STUBBORN = textwrap.dedent(r'''
    import io, json, os, signal, sys, time
    from warcio.warcwriter import WARCWriter
    from warcio.statusandheaders import StatusAndHeaders
    signal.signal(signal.SIGTERM, signal.SIG_IGN)        # stuck where no stop reaches it
    job_dir = sys.argv[-1]
    name = os.path.join(job_dir, "{job}-3-20260101000000000-00001-testhost.warc.gz.open")
    with open(name, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        w.write_record(w.create_warcinfo_record("x.warc.gz", {{"software": "test"}}))
        url = "http://www.example1.test/"
        body = b"<html>archived before the cancel</html>"
        http = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        w.write_record(w.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=http))
        w.write_record(w.create_warc_record(url, "metadata", payload=io.BytesIO(b"hopsFromSeed: -\r\n"),
                                            warc_content_type="application/warc-fields"))
        fh.write(b"\x1f\x8b\x08\x00half a record, cut off by the kill")
    print(json.dumps({{"uris_done": 1, "bytes": 100, "queued": 5}}), flush=True)
    while True:
        time.sleep(0.5)
''')


def test_a_crawler_that_ignores_sigterm_is_killed_after_the_grace_and_its_warc_kept(
        tmp_path, web, make_harvester, replicas, caplog):
    job = make_job([web.seed("www.example1.test")], slow_profile(web.proxy_url, 50))
    script = tmp_path / "stubborn_crawler.py"
    script.write_text(STUBBORN.format(job=job["id"]))
    sched = CancellingScheduler()
    harvester = make_harvester(sched, process_timeout=60, cancel_grace=2,
                               crawler_command=[sys.executable, str(script)])
    with caplog.at_level(logging.INFO, logger="server.harvester"):
        report = harvester.run_job(job)
    assert report is not None and report.crawl_end == "cancelled"
    # killed after the cancel's grace, not after process_timeout
    assert any("did not end within 2 s: killing it" in r.getMessage() for r in caplog.records)
    warc = f"{job['id']}-3-20260101000000000-00001-testhost.warc.gz"
    assert warc in report.files_stored
    with open(os.path.join(replicas["ONE"], warc), "rb") as fh:
        kinds = [(r.rec_type, r.rec_headers.get_header("WARC-Target-URI")) for r in ArchiveIterator(fh)]
    assert ("response", "http://www.example1.test/") in kinds   # kept; the cut-off tail is gone
