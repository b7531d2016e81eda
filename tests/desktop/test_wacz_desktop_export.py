"""Export WACZ from the desktop (#32) over a real job in the real archive (two replicas): job
details exports the job, ``wacz validate`` accepts the file and it holds the job's WARC byte for
byte; Cancel while the export runs leaves no file (nor a partial one)."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import uuid
import zipfile

import pytest
from nas_command import nas_cli
from PySide6.QtCore import Qt

pytestmark = pytest.mark.rabbit

PAGES = 40


@pytest.fixture(scope="module")
def small_job(services, archive, tmp_path_factory):
    """(job id, (its WARC file's name, its bytes)) of a Done job whose WARC and metadata WARC are archived."""
    from nameko.standalone.rpc import ClusterRpcProxy
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    from server.harvester import metadata_warc
    from server.harvester.jobdir import JOB_FILE, JobDir

    uri = services[0]
    u = uuid.uuid4().hex[:8]
    domain = f"wacz{u}.dk"
    with ClusterRpcProxy({"AMQP_URI": uri}, timeout=30) as c:
        c.definitions.create_domain(domain)
        schedule = c.definitions.list_schedules()["items"][0]["name"]
        h = c.definitions.create_selective(f"wacz-{u}", schedule, [{"domain": domain}])
        c.definitions.set_harvest_active(f"wacz-{u}", True)
        c.scheduler.run_once(wait=True)
        while True:   # a stand-in harvester: claims jobs of the channel, reports ours
            job = c.scheduler.claim_job("FOCUSED", f"h-{u}")
            assert job is not None
            mine = job["harvest_id"] == h["id"]
            doms = [{"domain": domain, "objects": PAGES, "bytes": 1000 * PAGES, "stop_reason": "completed"}] \
                if mine else []
            c.scheduler.report_job(job["id"], f"h-{u}", doms)
            if mine:
                break
    job_id = job["id"]
    folder = tmp_path_factory.mktemp("waczjob") / f"{job_id}_20260101T000000"
    folder.mkdir()
    (folder / JOB_FILE).write_text(json.dumps({"job_id": job_id, "harvest_id": h["id"], "harvest_num": 1}))
    urls = [f"https://www.{domain}/"] + [f"https://www.{domain}/page/{i}.html" for i in range(1, PAGES)]
    (folder / "crawl.log").write_text("".join(
        f"2026-01-01T00:00:{i % 60:02d}.000Z   200       1000 {url} L https://www.{domain}/ text/html #001 "
        f"20260101000000000+12 sha1:ABC - -\n" for i, url in enumerate(urls)))
    (folder / "seeds.txt").write_text(urls[0] + "\n")
    warc = folder / f"{job_id}-{h['id']}-20260101000000-00000-test.warc.gz"
    with open(warc, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        for i, url in enumerate(urls):
            hdr = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            body = f"<html><title>page {i}</title>{'x' * 20_000}</html>".encode()
            w.write_record(w.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=hdr))
    meta = metadata_warc.build(JobDir(str(folder)))
    data = warc.read_bytes()      # the upload moves the file into the archive
    nas_cli(uri, "upload", meta, str(warc))
    return job_id, (warc.name, data)


@pytest.fixture
def held(monkeypatch):
    """Export dialogs made from now on hold their export in its own thread as the first file goes
    in (the package half written), until ``release()``: a moment to press Cancel or to look at
    the dialog while it runs, with no timing involved. Yields (dialogs, paused, release)."""
    from desktop.widgets import wacz_dialog

    paused, go_on = threading.Event(), threading.Event()
    dialogs = []
    real = wacz_dialog.WaczDialog.__init__

    def hold(_name: str) -> None:       # runs in the export's thread (a direct connection)
        if not paused.is_set():
            paused.set()
            go_on.wait(60)

    def init(self, *a, **kw):
        real(self, *a, **kw)
        self.export.fileChanged.connect(hold, Qt.ConnectionType.DirectConnection)
        dialogs.append(self)

    monkeypatch.setattr(wacz_dialog.WaczDialog, "__init__", init)
    yield dialogs, paused, go_on.set
    go_on.set()


def _job_details(qtbot, window, job_id):
    s = window.open_screen("job_details")
    s.open_job(job_id)
    qtbot.waitUntil(lambda: s.controller.job is not None and s.controller.job.id == job_id, timeout=30000)
    qtbot.waitUntil(lambda: s.export_button.isEnabled(), timeout=30000)
    return s


def test_job_details_exports_the_job_as_a_wacz_that_validates(qtbot, window, small_job, tmp_path, shots):
    job_id, warc = small_job
    s = _job_details(qtbot, window, job_id)
    target = tmp_path / "job.wacz"
    s.export_wacz(str(target))
    d = s.wacz_dialog
    qtbot.waitUntil(d.close_button.isEnabled, timeout=120000)   # the outcome shown
    o = d.export.outcome
    assert o.ok, o.error
    assert d.close_button.isEnabled() and not d.cancel_button.isEnabled()
    # the outcome in a sentence: the file, its size, the records
    text = d.result.text()
    assert text.startswith("Saved job.wacz (") and text.endswith(f" records. Job: {job_id}."), text
    assert o.size == os.path.getsize(target) and o.records >= PAGES
    assert not os.path.exists(f"{target}.part")
    shots(d, "40-export-wacz-done")
    # the py-wacz reference validator accepts it
    wacz = os.path.join(os.path.dirname(sys.executable), "wacz")
    run = subprocess.run([wacz, "validate", "-f", str(target)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    # the job's WARC is in it byte for byte, with its metadata WARC, an index and pages
    with zipfile.ZipFile(target) as z:
        names = z.namelist()
        assert z.read(f"archive/{warc[0]}") == warc[1]
        assert f"archive/{job_id}-metadata-1.warc.gz" in names
        assert "indexes/index.cdxj" in names
        pages = z.read("pages/pages.jsonl").decode().splitlines()
        assert len(pages) - 1 == PAGES == o.pages
    d.close_button.click()
    assert not d.isVisible()


def test_cancel_while_the_export_runs_leaves_no_file(qtbot, window, small_job, tmp_path, held):
    job_id, _warc = small_job
    dialogs, paused, release = held
    s = _job_details(qtbot, window, job_id)
    target = tmp_path / "cancelled.wacz"
    s.export_wacz(str(target))
    d = dialogs[0]
    qtbot.waitUntil(paused.is_set, timeout=60000)
    assert os.path.exists(f"{target}.part")      # the partial package is there while it runs
    d.cancel_button.click()
    assert d.current.text() == "Cancelling…" and not d.cancel_button.isEnabled()
    release()
    qtbot.waitUntil(d.close_button.isEnabled, timeout=60000)   # the outcome shown
    assert not d.current.isVisible()
    qtbot.waitUntil(d.close_button.isEnabled, timeout=60000)   # the outcome shown
    o = d.export.outcome
    assert o.cancelled and not o.ok
    assert d.result.text() == "The export was cancelled; no file was written."
    assert not os.path.exists(target) and not os.path.exists(f"{target}.part")
    assert os.listdir(tmp_path) == []            # nor the temporary folder beside it


def test_an_export_that_fails_says_why_in_words_and_leaves_no_file(qtbot, window, small_job, tmp_path):
    """A target folder that cannot be written: the error in words, nothing left."""
    job_id, _warc = small_job
    s = _job_details(qtbot, window, job_id)
    target = tmp_path / "gone" / "job.wacz"         # its folder does not exist
    s.export_wacz(str(target))
    d = s.wacz_dialog
    qtbot.waitUntil(d.close_button.isEnabled, timeout=60000)   # the outcome shown
    o = d.export.outcome
    assert not o.ok and not o.cancelled
    assert d.result.text().startswith("The export failed; no file was written. The file could not be written: ")
    assert "Traceback" not in d.result.text()
    assert not (tmp_path / "gone").exists()


@pytest.fixture(scope="module")
def index_server(services, archive, tmp_path_factory):
    """A real index server on the tests' vhost, reading the real archive and scheduler: it makes
    the full-text index a search needs and the full index an export's URL lookups need."""
    from index_process import running_index_server

    with running_index_server(services[0], tmp_path_factory.mktemp("waczindex"), "index-wacz") as uri:
        yield uri


def test_the_search_screen_exports_its_result_set(qtbot, window, small_job, index_server, tmp_path):
    """The query's hits as a URL list (as ``nas search --url-list``), their captures in the jobs
    of the hits fetched record by record: a package that validates, holding those pages only."""
    job_id, _warc = small_job
    s = window.open_screen("search")
    query = "page"

    def searched() -> bool:     # the first searches start the job's full-text index
        r = s.controller.result
        if r is not None and r.hits and not r.missing:
            return True
        if not s.search_button.isEnabled():
            return False        # a search is under way
        s.query.setEditText(query)
        s.jobs.setText(str(job_id))
        s.search()
        return False

    qtbot.waitUntil(searched, timeout=180000)
    assert s.export_button.isEnabled()
    total = s.controller.result.total
    assert total == PAGES
    target = tmp_path / "search.wacz"
    s.export_wacz(str(target))
    d = s.wacz_dialog
    qtbot.waitUntil(d.close_button.isEnabled, timeout=600000)   # the outcome shown
    o = d.export.outcome
    assert o.ok, o.error
    assert o.jobs == [job_id] and o.records == PAGES
    assert d.result.text().startswith("Saved search.wacz (")
    wacz = os.path.join(os.path.dirname(sys.executable), "wacz")
    run = subprocess.run([wacz, "validate", "-f", str(target)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    with zipfile.ZipFile(target) as z:
        assert [n for n in z.namelist() if n.startswith("archive/")] == ["archive/selection.warc.gz"]
        index = z.read("indexes/index.cdxj").decode().splitlines()
        assert len(index) == PAGES


def test_the_archive_browser_exports_the_jobs_of_its_session(qtbot, window, small_job, tmp_path):
    job_id, warc = small_job
    s = window.open_screen("archive_browser")
    tab = s.browse([job_id])
    assert tab.export_button.isEnabled()
    target = tmp_path / "session.wacz"
    tab.export_wacz(str(target))
    d = tab.wacz_dialog
    qtbot.waitUntil(d.close_button.isEnabled, timeout=120000)   # the outcome shown
    assert d.export.outcome.ok, d.export.outcome.error
    assert d.export.outcome.jobs == [job_id]
    with zipfile.ZipFile(target) as z:
        assert z.read(f"archive/{warc[0]}") == warc[1]


@pytest.mark.parametrize("lang", ["en", "da", "de"])
def test_the_export_dialog_is_readable_in_each_language(qtbot, window, languages, small_job, tmp_path, shots, held,
                                                         lang):
    """The dialog while it runs (held at its first file) and when done, and the screen's button:
    nothing cut short (``packaging/dev/screenshots.sh`` shows them under Xvfb)."""
    from test_screenshots import _clipped

    job_id, _warc = small_job
    languages.set_language(lang)
    window.resize(1280, 800)
    s = _job_details(qtbot, window, job_id)
    qtbot.waitUntil(lambda: window.client.in_flight == 0, timeout=30000)
    assert _clipped(s) == []
    shots(window, f"{lang}-40-job-details-export-button")
    dialogs, paused, release = held
    s.export_wacz(str(tmp_path / f"job-{lang}.wacz"))
    d = dialogs[0]
    try:
        qtbot.waitUntil(paused.is_set, timeout=60000)
        qtbot.waitUntil(lambda: d.current.text().startswith(("Writing", "Skriver", "Schreibe")), timeout=10000)
        assert _clipped(d) == []
        shots(d, f"{lang}-41-export-wacz-running")
    finally:
        release()
    qtbot.waitUntil(d.close_button.isEnabled, timeout=120000)   # the outcome shown
    assert d.export.outcome.ok, d.export.outcome.error
    assert _clipped(d) == []
    shots(d, f"{lang}-42-export-wacz-done")
    d.close_button.click()
