"""Job details over a real job: the scheduler's job (claimed and reported by a stand-in harvester),
its metadata WARC with a 10,000-line crawl.log and a WARC file stored by the real archive (two
replicas), read back through the arcrepository's get_file and shown paged and filtered."""
from __future__ import annotations

import io
import json
import os
import threading
import uuid

import pytest
from nas_command import nas_cli
from PySide6.QtCore import Qt

from desktop import formatting, jobdata

pytestmark = pytest.mark.rabbit

LINES = 10_000


def crawl_log_lines(n: int, domain: str) -> list[str]:
    """A Heritrix crawl.log: every 10th line a 404, every 7th an image, every 50th failed (-2),
    every 25th a revisit (duplicate annotation)."""
    out = []
    for i in range(n):
        status = -2 if i % 50 == 0 else 404 if i % 10 == 3 else 200
        mime = "image/jpeg" if i % 7 == 0 else "text/html"
        path = f"news/{i}.html" if i % 4 == 0 else f"page/{i}" + (".jpg" if mime.startswith("image") else "")
        ann = f'duplicate:"1-1-x.warc.gz,{i},20260101000000"' if i % 25 == 1 else "-"
        out.append(f"2026-01-01T00:00:{i % 60:02d}.000Z {status:>5} {1000 + i:>10} https://www.{domain}/{path} L "
                   f"https://www.{domain}/ {mime} #001 20260101000000000+12 sha1:ABC - {ann}")
    return out


def expected(lines: list[str], flt: jobdata.CrawlLogFilter) -> int:
    return sum(1 for ln in lines if flt.matches(jobdata.split_line(ln)))


@pytest.fixture(scope="module")
def real_job(services, archive, tmp_path_factory):
    """(job id, crawl log lines, domain) of a job that is Done, whose files are in the archive."""
    from nameko.standalone.rpc import ClusterRpcProxy
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    from server.harvester import metadata_warc
    from server.harvester.jobdir import JOB_FILE, JobDir

    uri = services[0]
    u = uuid.uuid4().hex[:8]
    domain = f"details{u}.dk"
    with ClusterRpcProxy({"AMQP_URI": uri}, timeout=30) as c:
        c.definitions.create_domain(domain)
        schedule = c.definitions.list_schedules()["items"][0]["name"]
        h = c.definitions.create_selective(f"details-{u}", schedule, [{"domain": domain}])
        c.definitions.set_harvest_active(f"details-{u}", True)
        c.scheduler.run_once(wait=True)
        while True:   # a stand-in harvester: claims jobs of the channel, reports ours with statistics
            job = c.scheduler.claim_job("FOCUSED", f"h-{u}")
            assert job is not None
            mine = job["harvest_id"] == h["id"]
            doms = [{"domain": domain, "objects": LINES, "bytes": 12_345_678, "stop_reason": "completed",
                     "duplicates": 400, "duplicate_bytes": 2_000_000}] if mine else []
            c.scheduler.report_job(job["id"], f"h-{u}", doms)
            if mine:
                break
    job_id = job["id"]
    folder = tmp_path_factory.mktemp("jobdir") / f"{job_id}_20260101T000000"
    folder.mkdir()
    (folder / JOB_FILE).write_text(json.dumps({"job_id": job_id, "harvest_id": h["id"], "harvest_num": 1}))
    lines = crawl_log_lines(LINES, domain)
    (folder / "crawl.log").write_text("\n".join(lines) + "\n")
    (folder / "hosts-report.txt").write_text(f"#urls #bytes host\n{LINES} 12345678 www.{domain}\n")
    warc = folder / f"{job_id}-{h['id']}-20260101000000-00000-test.warc.gz"
    with open(warc, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        hdr = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        w.write_record(w.create_warc_record(f"https://www.{domain}/", "response",
                                            payload=io.BytesIO(b"<html>hi</html>"), http_headers=hdr))
    meta = metadata_warc.build(JobDir(str(folder)))
    nas_cli(uri, "upload", meta, str(warc))
    return job_id, lines, domain


def test_job_details_of_a_real_job_crawl_log_paged_and_filtered_off_the_gui_thread(qtbot, window, real_job, shots):
    job_id, lines, domain = real_job
    jobs = window.open_screen("jobs")
    qtbot.waitUntil(lambda: window.client.in_flight == 0, timeout=30000)
    jobs.open_job(job_id)
    qtbot.waitUntil(lambda: jobs.job is not None and jobs.job.id == job_id, timeout=20000)
    jobs.details_button.click()                     # the jobs list leads to the job's details
    s = window.current_screen()
    assert s.key == "job_details"
    c = s.controller
    try:
        qtbot.waitUntil(lambda: c.metadata is not None, timeout=60000)
    finally:
        print("note:", s.metadata_note.text(), "files:", c.files)
    qtbot.waitUntil(lambda: not c.crawl_log.filtering, timeout=30000)
    # the crawl log: all 10,000 lines, one page of 500 in the view at a time
    assert len(c.metadata.crawl_log) == LINES
    assert len(c.crawl_log.matching) == LINES and c.crawl_log.rowCount() == 500
    assert s.page_label.text() == "Lines 1–500 of 10,000 matching (of 10,000 in the crawl log)"
    s.next_button.click()
    assert c.crawl_log.line_at(0)[3] == lines[500].split()[3]
    assert s.page_label.text().startswith("Lines 501–1,000 of 10,000")
    # filters: status, mime type and URL pattern, as the crawl log says
    gui = threading.get_ident()
    for status, mime, url in (("404", "", ""), ("<0", "", ""), ("", "image", ""), ("2xx", "text", "*/news/*")):
        s.status_filter.setText(status)
        s.mime_filter.setText(mime)
        s.url_filter.setText(url)
        s.filter_button.click()
        qtbot.waitUntil(lambda: not c.crawl_log.filtering, timeout=30000)
        want = expected(lines, jobdata.CrawlLogFilter(status, mime, url))
        assert 0 < want < LINES
        assert len(c.crawl_log.matching) == want
        assert c.crawl_log.rowCount() == min(500, want)
        first = c.crawl_log.line_at(0)
        assert jobdata.CrawlLogFilter(status, mime, url).matches(first)
    assert gui not in c.crawl_log.worker_threads     # filtering never ran on the GUI thread
    # a bad status filter is shown, nothing filtered
    s.status_filter.setText("abc")
    s.filter_button.click()
    assert "abc" in s.log_error.text() and not s.log_error.isHidden()
    s.tabs.setCurrentIndex(2)
    shots(window, "12-job-details-crawl-log")
    # reports, from the same metadata WARC
    names = [s.report_list.item(i).text() for i in range(s.report_list.count())]
    assert "reports/hosts-report.txt" in names
    s.report_list.setCurrentRow(names.index("reports/hosts-report.txt"))
    assert f"www.{domain}" in s.report_text.toPlainText()
    # files and where they are stored: both files, stored in both replicas
    assert s.file_table.rowCount() == 2
    header = [s.file_table.horizontalHeaderItem(i).text() for i in range(s.file_table.columnCount())]
    assert header[-2:] == ["In ONE", "In TWO"]
    for row in range(2):
        assert [s.file_table.item(row, col).text() for col in (3, 4)] == ["stored", "stored"]
    s.tabs.setCurrentIndex(4)
    shots(window, "13-job-details-files")
    # per-domain statistics with what deduplication saved; the status history; no resubmit for a done job
    qtbot.waitUntil(lambda: s.domains.row_at(0) is not None, timeout=20000)
    row = s.domains.row_at(0)
    assert row.domain == domain and row.duplicates == 400 and row.duplicate_bytes == 2_000_000
    assert s.domains.index(0, 6).data() == formatting.size(2_000_000)
    hist = [s.history.item(i).text() for i in range(s.history.count())]
    assert any("created" in h for h in hist) and any("ended: done" in h for h in hist)
    assert not s.resubmit_button.isEnabled()
    assert "400 objects not stored again" in s.summary.toPlainText()
    s.tabs.setCurrentIndex(0)
    shots(window, "14-job-details-overview")
    s.tabs.setCurrentIndex(1)
    shots(window, "15-job-details-domains")
    assert s.domain_view.model().headerData(6, Qt.Orientation.Horizontal) == "Space saved"


def test_a_job_without_files_in_the_archive_says_so(qtbot, window, archive, direct):
    page = direct.scheduler.list_jobs(filters={}, offset=0, limit=1, sort="id")
    if not page["items"]:
        pytest.skip("no job yet")
    job_id = page["items"][0]["id"]
    files = direct.arcrepository.list_files(regex=f"{job_id}-.*")
    if files["total"]:
        pytest.skip("this job has files")
    s = window.open_screen("job_details")
    s.open_job(job_id)
    qtbot.waitUntil(lambda: "no metadata file" in s.metadata_note.text(), timeout=30000)
    assert s.controller.metadata is None and s.controller.crawl_log.rowCount() == 0


def test_crawl_log_filter_reads_status_classes_and_globs():
    lines = crawl_log_lines(200, "x.dk")
    f = jobdata.CrawlLogFilter("4xx, -2", "", "")
    hits = [ln for ln in lines if f.matches(jobdata.split_line(ln))]
    assert hits and all(int(jobdata.split_line(ln)[1]) in (404, -2) for ln in hits)
    with pytest.raises(jobdata.FilterProblem):
        jobdata.CrawlLogFilter("two hundred", "", "")
    assert jobdata.CrawlLogFilter("", "", "*.JPG").matches(jobdata.split_line(lines[7]))
    assert os.path.basename(jobdata.record_name(
        "metadata://netarkivet.dk/crawl/logs/crawl.log?majorversion=1&jobid=4")[1]) == "crawl.log"


def test_nas_jobs_show_lists_the_jobs_files_and_its_json_has_files_and_domains(services, real_job):
    """#33: ``nas jobs show`` said "Files: none in the archive" for every job (a ``^N-`` pattern
    given to a whole-name match), and ``--json`` had neither files nor domains."""
    job_id, _lines, domain = real_job
    shown = nas_cli(services[0], "jobs", "show", str(job_id)).stdout
    assert "Files: none" not in shown and "Files (2):" in shown, shown
    assert f"{job_id}-metadata-1.warc.gz" in shown and "ONE: upload completed" in shown
    data = json.loads(nas_cli(services[0], "jobs", "show", str(job_id), "--json").stdout)
    assert data["id"] == job_id                                   # the job's own fields, as before
    assert [d["domain"] for d in data["domains"]] == [domain]
    names = [f["name"] for f in data["files"]]
    assert len(names) == 2 and f"{job_id}-metadata-1.warc.gz" in names
    assert all(n.startswith(f"{job_id}-") for n in names)


def test_a_cancelled_job_reads_cancelled_and_is_resubmitted_from_its_details(qtbot, window, archive, direct):
    """#33: a cancelled job read "failed, rejected" in the desktop ("cancelled" in the command
    line) and could only be resubmitted from the command line; the jobs screen's status filter
    offers the words of the one vocabulary (shared/job_states.py), and "failed" finds it."""
    u = uuid.uuid4().hex[:8]
    domain = f"cancelled{u}.dk"
    direct.definitions.create_domain(domain)
    schedule = direct.definitions.list_schedules()["items"][0]["name"]
    h = direct.definitions.create_selective(f"cancelled-{u}", schedule, [{"domain": domain}])
    now = direct.scheduler.harvest_now(f"cancelled-{u}", True)
    job_id = now["jobs"][0]
    assert direct.scheduler.job(job_id)["status"] == "submitted"
    direct.scheduler.cancel_job(job_id, "not today")          # a queued job ends at once
    s = window.open_screen("job_details")
    s.open_job(job_id)
    qtbot.waitUntil(lambda: s.controller.job is not None and s.controller.job.id == job_id, timeout=30000)
    assert s.heading.text() == f"Job {job_id}: cancelled"
    qtbot.waitUntil(lambda: s.resubmit_button.isEnabled(), timeout=10000)
    with qtbot.waitSignal(s.controller.resubmitted, timeout=30000) as got:
        s.resubmit_button.click()
    new_id = got.args[0]
    try:
        assert new_id != job_id and direct.scheduler.job(new_id)["harvest_id"] == h["id"]
        old = direct.scheduler.job(job_id)
        assert old["status"] == "resubmitted" and old["resubmitted_as"] == new_id
        # the screen reads the old job again: resubmitted, and not again
        qtbot.waitUntil(lambda: s.heading.text() == f"Job {job_id}: resubmitted", timeout=30000)
        assert not s.resubmit_button.isEnabled()
        # the jobs screen filters by the same words: "failed" finds the cancelled-and-resubmitted job,
        # "queued" the new one
        jobs = window.open_screen("jobs")
        words = [jobs.status.itemData(i) for i in range(1, jobs.status.count())]
        assert words[:5] == ["queued", "running", "done", "failed", "cancelled"]
        for word, wanted in (("failed", job_id), ("queued", new_id)):
            jobs.status.setCurrentIndex(words.index(word) + 1)
            jobs.harvest.setText(f"cancelled-{u}")
            jobs.apply_filters()
            qtbot.waitUntil(lambda wanted=wanted: [jobs.model.row_at(r).id for r in range(jobs.model.rowCount())
                                                   if jobs.model.row_at(r)] == [wanted], timeout=30000)
        assert jobs.status.itemText(words.index("queued") + 1) == "queued"
    finally:
        direct.scheduler.cancel_job(new_id, "test over")
