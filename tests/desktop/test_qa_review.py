"""The QA review screen and the QA line of job details over the real ``qa`` service (a process on
the session's vhost) and the real scheduler: a done job whose QA results were written through the
qa service's own core (tests/support/qa_seed.py), read back, judged and re-run from the screen."""
from __future__ import annotations

import uuid

import pytest
from PySide6.QtCore import Qt
from qa_seed import SeedPage, png, seed_run
from test_refresh import _finish, _new_job

pytestmark = pytest.mark.rabbit

WAIT = 30_000


@pytest.fixture(scope="module")
def checked_job(services, qa_service):
    """A job the real scheduler made and a stand-in harvester reported done, with QA results of
    three pages: one complete, one missing two images, one that crashed."""
    from nameko.standalone.rpc import ClusterRpcProxy

    with ClusterRpcProxy({"AMQP_URI": services[0]}, timeout=30) as direct:
        domain, job_id = _new_job(direct, uuid.uuid4().hex[:8])
        _finish(direct, job_id, domain)
    host = f"https://www.{domain}"
    pages = [
        SeedPage(f"{host}/", "seed", title="Front page", score=1.0, visual=0.98, text=1.0,
                 crawl_png=png("#2060c0"), replay_png=png("#2060c0")),
        SeedPage(f"{host}/news", "browser", title="News", score=0.4, visual=0.5, requested=10,
                 missing_urls=[f"{host}/img/a.png", f"{host}/img/b.png"], crawl_png=png("#c02020")),
        SeedPage(f"{host}/broken", "sample", score=0.0, requested=0, errors=["net::ERR_ABORTED"],
                 load_state="crashed"),
    ]
    seed_run(qa_service, job_id, pages)
    return job_id, host


@pytest.fixture
def qa_window(window, checked_job):
    return window


def _pixel(label) -> str:
    return label.pixmap().toImage().pixelColor(label.pixmap().width() // 2, label.pixmap().height() // 2).name()


def test_review_a_job_worst_first_thumbnails_missing_and_a_verdict(qtbot, qa_window, checked_job, direct, shots):
    job_id, host = checked_job
    screen = qa_window.open_screen("qa_review")
    c = screen.controller
    screen.job_field.setText(str(job_id))
    qtbot.mouseClick(screen.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.model.rowCount() == 3 and c.model.row_at(2) is not None, timeout=WAIT)
    # worst first: the crashed page, then the one missing images, then the complete one
    assert [c.model.row_at(r).url for r in range(3)] == [f"{host}/broken", f"{host}/news", f"{host}/"]
    assert c.model.data(c.model.index(1, 0)) == "40 %" and c.model.data(c.model.index(1, 1)) == "2"
    qtbot.waitUntil(lambda: c.summary is not None and c.run is not None, timeout=WAIT)
    assert "3 pages checked" in screen.summary_label.text() and "33 % complete" in screen.summary_label.text()
    assert screen.run_label.text().startswith(f"Run {c.run.run_id} (full): Done, 3 of 3 pages checked")
    assert not screen.progress.isVisible()

    # the page missing images: its two missing resources, its crawl-time picture, no replay picture
    screen.table.selectRow(1)
    qtbot.waitUntil(lambda: c.page is not None and c.page.url == f"{host}/news", timeout=WAIT)
    assert [screen.missing_list.item(i).text() for i in range(screen.missing_list.count())] == [
        f"{host}/img/a.png", f"{host}/img/b.png"]
    assert "2 missing resources" in screen.missing_label.text()
    qtbot.waitUntil(lambda: not screen.crawl_view.pixmap().isNull(), timeout=WAIT)
    assert _pixel(screen.crawl_view) == "#c02020"
    assert screen.replay_view.pixmap().isNull() and screen.replay_view.text() == "no picture"
    assert "Score 40 %" in screen.page_facts.text() and "looks 50 % alike" in screen.page_facts.text()

    # a verdict and note, kept by the service and shown in the list and the summary
    screen.verdict_radio["broken"].click()
    screen.note.setText("the gallery images are gone")
    qtbot.mouseClick(screen.save_verdict, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.page.verdict == "broken", timeout=WAIT)
    kept = {p["url"]: p for p in direct.qa.pages(job_id, 0, 10, "url")["items"]}[f"{host}/news"]
    assert kept["verdict"] == "broken" and kept["note"] == "the gallery images are gone" and kept["reviewer"]
    qtbot.waitUntil(lambda: c.model.data(c.model.index(1, 2)) == "Broken", timeout=WAIT)
    qtbot.waitUntil(lambda: "verdicts Broken: 1" in screen.summary_label.text(), timeout=WAIT)
    assert screen.reviewed.text().startswith("Broken by ")

    # the complete page: both pictures, side by side
    screen.table.selectRow(2)
    qtbot.waitUntil(lambda: not screen.replay_view.pixmap().isNull() and not screen.crawl_view.pixmap().isNull(),
                    timeout=WAIT)
    assert _pixel(screen.crawl_view) == _pixel(screen.replay_view) == "#2060c0"
    assert not screen.verdict_radio["broken"].isChecked()      # this page has no verdict yet
    shots(qa_window, "22-qa-review")

    # a verdict needs one of the three; the note alone is refused by the screen
    screen.note.setText("looks fine")
    qtbot.mouseClick(screen.save_verdict, Qt.MouseButton.LeftButton)
    assert "Choose OK, Acceptable or Broken." in screen.verdict_error.text()

    # the page in the archive browser, at its capture
    with qtbot.waitSignal(screen.openCapture, timeout=WAIT) as opened:
        qtbot.mouseClick(screen.open_button, Qt.MouseButton.LeftButton)
    assert opened.args == [[job_id], "20260101000000", f"{host}/"]


def test_run_qa_is_queued_and_followed_to_its_end(qtbot, qa_window, checked_job, direct):
    """Run QA: the real qa service queues the run and works it; the screen follows it every few
    seconds to its end (here it fails: the job's files are not in the archive yet), then Run QA
    is offered again."""
    job_id, _host = checked_job
    screen = qa_window.open_screen("qa_review")
    screen.poll_timer.setInterval(300)
    c = screen.controller
    screen.open_job(job_id)
    qtbot.waitUntil(lambda: c.run is not None, timeout=WAIT)
    assert screen.run_button.isEnabled() and not screen.cancel_button.isEnabled()
    before = c.run.run_id
    qtbot.mouseClick(screen.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.run is not None and c.run.run_id != before, timeout=WAIT)
    run_id = c.run.run_id
    assert screen.message.text() == f"QA run {run_id} of job {job_id} is queued."
    qtbot.waitUntil(lambda: c.run.state in ("done", "failed"), timeout=90_000)
    ended = direct.qa.get_run(run_id)
    assert ended["state"] == c.run.state and ended["job_id"] == job_id
    assert screen.run_label.text().startswith(f"Run {run_id} (full): {c.run.state.capitalize()}")
    assert not screen.progress.isVisible() and screen.run_button.isEnabled() and not screen.cancel_button.isEnabled()


def test_a_queued_run_is_shown_with_progress_and_cancelled(qtbot, qa_window, checked_job, qa_service, direct):
    from qa_seed import queue_run

    job_id, _host = checked_job
    run_id = queue_run(qa_service, job_id)        # waiting: the worker has not been woken for it
    screen = qa_window.open_screen("qa_review")
    c = screen.controller
    screen.open_job(job_id)
    qtbot.waitUntil(lambda: c.run is not None and c.run.run_id == run_id, timeout=WAIT)
    assert screen.run_label.text().startswith(f"Run {run_id} (full): Queued, 0 of 0 pages checked")
    assert screen.progress.isVisible() and not screen.run_button.isEnabled() and screen.cancel_button.isEnabled()
    assert not screen.patch_button.isEnabled()      # not while a run is under way
    qtbot.mouseClick(screen.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.run.state == "cancelled", timeout=WAIT)
    assert direct.qa.get_run(run_id)["state"] == "cancelled"
    assert "Cancelled" in screen.run_label.text() and screen.run_button.isEnabled()


def test_bad_job_numbers_and_roles(qtbot, qa_window, direct):
    screen = qa_window.open_screen("qa_review")
    screen.job_field.setText("twelve")
    qtbot.mouseClick(screen.show_button, Qt.MouseButton.LeftButton)
    assert screen.job_error.text() == "Give a whole number."
    # a job the scheduler does not know: QA cannot run it, said by the job field
    screen.open_job(987654)
    qtbot.waitUntil(lambda: screen.controller.summary is not None, timeout=WAIT)
    assert screen.summary_label.text() == "QA has not checked this job yet."
    qtbot.mouseClick(screen.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: screen.job_error.text() != "", timeout=WAIT)
    assert screen.job_error.text().startswith("There is no such job.")
    # a curator may look but not run, judge or patch: the buttons say which role they need
    screen.apply_roles(["curator"], "alice")
    try:
        for button in (screen.run_button, screen.patch_button, screen.save_verdict):
            assert not button.isEnabled() and "Needs the qa role" in button.toolTip()
    finally:
        screen.apply_roles(None)


def test_job_details_show_the_qa_summary_and_lead_to_the_review(qtbot, qa_window, checked_job):
    job_id, host = checked_job
    details = qa_window.open_screen("job_details")
    details.open_job(job_id)
    qtbot.waitUntil(lambda: "pages checked" in details.qa_label.text(), timeout=WAIT)
    text = details.qa_label.text()
    assert text.startswith("QA: 3 pages checked; 33 % complete") and f"\n    0 %  {host}/broken" in text
    assert details.qa_button.isVisible()
    qtbot.mouseClick(details.qa_button, Qt.MouseButton.LeftButton)
    review = qa_window.screen("qa_review")
    assert qa_window.current_screen() is review and review.controller.job_id == job_id
    qtbot.waitUntil(lambda: review.controller.model.rowCount() == 3, timeout=WAIT)


def test_patch_missing_harvests_the_missing_urls_or_says_why_not(qtbot, qa_window, checked_job):
    from shared.rpc_roles import RPC_ROLES

    job_id, _host = checked_job
    screen = qa_window.open_screen("qa_review")
    screen.open_job(job_id)
    qtbot.waitUntil(lambda: screen.patch_button.isEnabled(), timeout=WAIT)   # QA found something missing
    qtbot.mouseClick(screen.patch_button, Qt.MouseButton.LeftButton)
    if "qa.patch" not in RPC_ROLES:
        # a qa service without patch jobs (milestone 1): said by the buttons, not a silent click
        qtbot.waitUntil(lambda: screen.job_error.text() != "", timeout=WAIT)
        assert screen.job_error.text() == "The running qa service cannot make patch jobs yet."
        return
    # the two missing images of the news page become a patch job of the same harvest
    qtbot.waitUntil(lambda: screen.message.text().startswith("Patch job"), timeout=WAIT)
    assert f"harvests 2 missing URLs of job {job_id}" in screen.message.text()


@pytest.fixture(scope="module")
def listed_job(services, archive, checked_job, tmp_path_factory):
    """The checked job's metadata WARC (its seed, CDX of three pages and an image) in the real
    archive, and a real index server that makes its page list from there."""
    from index_process import running_index_server
    from index_testkit import Cap, write_metadata
    from nas_command import nas_cli

    job_id, host = checked_job
    root = tmp_path_factory.mktemp("qa-index")
    warc = f"{job_id}-1-20260101000000-00000-qa.warc.gz"
    caps = [Cap(f"{host}/", "20260101000000", "text/html", file=warc, offset=0),
            Cap(f"{host}/news", "20260101000001", "text/html", file=warc, offset=1000),
            Cap(f"{host}/broken", "20260101000002", "text/html", file=warc, offset=2000),
            Cap(f"{host}/img/logo.png", "20260101000003", "image/png", file=warc, offset=3000)]
    path = write_metadata(str(root / f"{job_id}-metadata-1.warc.gz"), job_id, caps, seeds=[f"{host}/"])
    nas_cli(archive[0], "upload", path)
    with running_index_server(services[0], root, "index-qa"):
        yield job_id, host


def test_the_page_list_shows_qa_scores_from_the_real_services(qtbot, listed_job, connection):
    """The archive browser's page list controller over the real index server and qa service:
    the job's seed first, then its HTML pages, each with the score QA gave it."""
    from desktop.controllers.job_pages import READY, JobPagesController
    from desktop.rpc import RpcClient, ServiceBackend

    job_id, host = listed_job
    client = RpcClient(ServiceBackend(connection.amqp_uri(), connection.timeout))
    try:
        c = JobPagesController(client, retry_ms=500)
        known = []
        c.scoresChanged.connect(known.append)
        c.show_job(job_id)
        qtbot.waitUntil(lambda: c.state == READY and c.model.row_at(2) is not None, timeout=90_000)
        assert [(c.page_at(r).source, c.page_at(r).url) for r in range(c.model.rowCount())] == [
            ("seed", f"{host}/"), ("html", f"{host}/broken"), ("html", f"{host}/news")]
        qtbot.waitUntil(lambda: known == [True], timeout=WAIT)
        assert [c.model.data(c.model.index(r, c.SCORE_COLUMN)) for r in range(3)] == ["100 %", "0 %", "40 %"]
        c.filter(f"{host}/n")
        qtbot.waitUntil(lambda: c.state == READY and c.model.rowCount() == 1, timeout=WAIT)
        assert c.page_at(0).url == f"{host}/news"
    finally:
        qtbot.waitUntil(lambda: client.in_flight == 0, timeout=WAIT)
        client.shutdown()
