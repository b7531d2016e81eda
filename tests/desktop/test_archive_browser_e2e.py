"""The built-in archive browser end to end: the desktop's ArchiveBrowserScreen (a real
``QWebEngineView``, offscreen) against a real archive and viewerproxy.

The archive runs in a helper process (tests/support/viewer_env_process.py): Nameko containers need
eventlet's monkey patching, which Qt must never see. It holds two jobs
(``viewer_testkit.browser_archive``): job 1's front page over https on a named host, with one
image archived and one not; job 2's second version of that page. The test opens job 1, loads the
front page through the proxy with no certificate error (the tab's profile trusts the proxy's CA),
sees the archived image drawn, turns on "record missing URLs", reloads, sees the image that is not
archived appear in the missing-URL list with the front page as its referrer, then browses job 2
and sees its capture.

Waits are generous (the machine is shared and slow); nothing is timed tightly.
"""
from __future__ import annotations

import pytest
from viewer_env import start_viewer_env

pytestmark = pytest.mark.rabbit

WAIT_MS = 60_000


@pytest.fixture(scope="module")
def viewer_env(tmp_path_factory):
    """The helper process with the archive; yields its JSON line; ends it (by its PID) after."""
    yield from start_viewer_env(tmp_path_factory)


@pytest.fixture
def screen(qtbot, viewer_env, languages):
    from PySide6.QtNetwork import QNetworkProxy

    from desktop.rpc import RpcClient, ServiceBackend
    from desktop.screens.archive_browser import ArchiveBrowserScreen
    from desktop.settings import ConnectionSettings

    connection = ConnectionSettings(broker=viewer_env["amqp_uri"].split("@")[1].split("/")[0],
                                    vhost=viewer_env["vhost"], timeout=30)
    client = RpcClient(ServiceBackend(connection.amqp_uri(), connection.timeout))
    s = ArchiveBrowserScreen(client)
    qtbot.addWidget(s)
    s.resize(1180, 760)
    s.show()
    try:
        yield s
    finally:
        for i in range(s.tabs.count()):
            s.tabs.widget(i).close_session()
        qtbot.waitUntil(lambda: client.in_flight == 0, timeout=WAIT_MS)
        client.shutdown()
        QNetworkProxy.setApplicationProxy(QNetworkProxy(QNetworkProxy.ProxyType.NoProxy))


class PageWatch:
    """What a tab's page did: every loadFinished and every certificate error. Through a proxy,
    Chromium reports a certificate error only after loadFinished(False): loadFinished(True) is the
    proof at once, and the errors are looked at again at the end of the test."""

    def __init__(self, tab):
        self.loads: list[bool] = []
        self.certificate_errors: list[str] = []
        page = tab.view.page()
        page.loadFinished.connect(lambda ok: self.loads.append(bool(ok)))
        page.certificateError.connect(lambda e: self.certificate_errors.append(f"{e.url().toString()}: "
                                                                              f"{e.description()}"))


def js(qtbot, tab, script: str):
    """Run ``script`` in the tab's page; its result (waits for it)."""
    out: list = []
    tab.view.page().runJavaScript(script, 0, out.append)
    qtbot.waitUntil(lambda: bool(out), timeout=WAIT_MS)
    return out[0]


def open_tab(qtbot, screen, job_ids: list[int]):
    """As a user does: the job numbers in the field, then Browse; a tab whose view is ready."""
    from PySide6.QtCore import Qt

    screen.job_ids.setText(" ".join(map(str, job_ids)))
    before = screen.tabs.count()
    qtbot.mouseClick(screen.browse_button, Qt.MouseButton.LeftButton)
    assert screen.tabs.count() == before + 1
    tab = screen.tabs.currentWidget()
    qtbot.waitUntil(lambda: tab.view is not None and tab.controller.session is not None, timeout=WAIT_MS)
    assert not tab.problem.isVisible(), tab.problem.text()
    return tab


def load(qtbot, tab, watch: PageWatch, url: str | None = None) -> None:
    """Load ``url`` (None: reload) and wait for the load to finish and the proxy's answer to show."""
    n = len(watch.loads)
    tab.controller.capture = None
    if url is None:
        tab.view.reload()
    else:
        tab.address.setText(url)
        tab.address.returnPressed.emit()
    qtbot.waitUntil(lambda: len(watch.loads) > n, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: tab.controller.capture is not None, timeout=WAIT_MS)


def test_browse_a_job_over_https_record_a_missing_image_and_switch_to_another_job(qtbot, screen, viewer_env,
                                                                                  shots, languages):
    from PySide6.QtCore import Qt

    front, not_archived = viewer_env["front"], viewer_env["not_archived"]
    job_one, job_two = viewer_env["jobs"]

    # job 1: its page list starts with its seeds (the one never captured too); a click on the
    # front page shows it over https, trusted, with its archived image drawn
    tab = open_tab(qtbot, screen, [job_one])
    watch = PageWatch(tab)
    qtbot.waitUntil(lambda: tab.pages.state == "ready", timeout=WAIT_MS)
    pages = tab.pages
    assert [(pages.page_at(i).source, pages.page_at(i).url) for i in range(pages.model.rowCount())] == [
        ("seed", front), ("seed", viewer_env["never"])]
    assert "2 pages" in tab.pages_state.text()
    assert pages.model.data(pages.model.index(1, 2)) == "not captured"
    assert tab.pages_view.isColumnHidden(pages.SCORE_COLUMN)     # no QA service here: no scores
    n = len(watch.loads)
    qtbot.mouseClick(tab.pages_view.viewport(), Qt.MouseButton.LeftButton,
                     pos=tab.pages_view.visualRect(pages.model.index(0, 3)).center())
    qtbot.waitUntil(lambda: len(watch.loads) > n, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: tab.controller.capture is not None, timeout=WAIT_MS)
    assert tab.controller.session.timestamp == "20240101100000"   # the moment of the seed's capture
    assert watch.loads[-1] is True and watch.certificate_errors == []
    assert js(qtbot, tab, "document.title") == "front"
    assert js(qtbot, tab, "location.href") == front
    assert js(qtbot, tab, "document.querySelector(\"img[src='/img.png']\").naturalWidth") > 0
    assert js(qtbot, tab, "document.querySelector(\"img[src='/not-archived.png']\").naturalWidth") == 0
    capture = tab.controller.capture
    assert capture.archived and capture.file.startswith(f"{job_one}-1-") and capture.when.year == 2024
    assert capture.when.month == 1
    assert tab.capture_label.text().startswith("Captured") and capture.file in tab.record_label.text()
    # the list narrowed by a URL prefix (scheme and www do not matter)
    tab.pages_filter.setText("viewer-test.dk/never")
    tab.pages_filter.returnPressed.emit()
    qtbot.waitUntil(lambda: pages.state == "ready" and pages.model.rowCount() == 1, timeout=WAIT_MS)
    assert pages.page_at(0).url == viewer_env["never"] and "starting with" in tab.pages_state.text()
    shots(screen, "21-archive-browser-page-list")
    languages.set_language("da")
    try:
        # the language change reaches the widgets as an event: wait for it
        qtbot.waitUntil(lambda: tab.pages_state.text() == "1 side der begynder med viewer-test.dk/never",
                        timeout=WAIT_MS)
        assert tab.pages_title.text() == "Jobbets sider"
        qtbot.waitUntil(lambda: screen.label.width() >= screen.label.sizeHint().width(), timeout=WAIT_MS)
        shots(screen, "21-archive-browser-page-list-da")
    finally:
        languages.set_language("en")

    # record missing URLs (the tab's toggle), reload: the image that is not archived is listed
    tab.recording.click()
    qtbot.waitUntil(lambda: tab.controller.session.recording, timeout=WAIT_MS)
    load(qtbot, tab, watch)
    assert watch.loads[-1] is True and watch.certificate_errors == []

    def listed() -> list[tuple[str, str]]:
        items = [tab.missing_list.item(i) for i in range(tab.missing_list.count())]
        return [(it.data(Qt.ItemDataRole.UserRole), it.text()) for it in items]
    qtbot.waitUntil(lambda: any(url == not_archived for url, _ in listed()), timeout=WAIT_MS)
    assert [url for url, _ in listed()] == [not_archived]   # the archived image is not missing
    assert listed()[0][1].endswith(f"← {front}")            # asked for by the front page
    assert tab.controller.session.missing_count == 1
    assert "1 missing URL" in tab.missing_label.text()
    shots(screen, "20-archive-browser-real-page")

    # job 2 in a tab of its own (its own session and profile): its capture of the same page
    two = open_tab(qtbot, screen, [job_two])
    watch_two = PageWatch(two)
    load(qtbot, two, watch_two, front)
    assert watch_two.loads[-1] is True and watch_two.certificate_errors == []
    assert "second version" in js(qtbot, two, "document.body.innerText")
    assert js(qtbot, two, "document.querySelector(\"img[src='/img.png']\").naturalWidth") > 0   # a revisit
    capture = two.controller.capture
    assert capture.file.startswith(f"{job_two}-1-") and (capture.when.year, capture.when.month) == (2024, 6)
    assert two.controller.session.missing_count == 0     # recording is per session
    assert watch.certificate_errors == [] and watch_two.certificate_errors == []
    assert not tab.problem.isVisible() and not two.problem.isVisible()

    # both jobs in one tab: the page's two captures, stepped through with the toolbar's buttons
    both = open_tab(qtbot, screen, [job_one, job_two])
    watch_both = PageWatch(both)
    load(qtbot, both, watch_both, front)
    for _ in range(30):      # a new set of jobs: its index is built first ("being built", try again)
        if "being built" not in js(qtbot, both, "document.body.innerText"):
            break
        qtbot.wait(2000)
        load(qtbot, both, watch_both)
    assert "second version" in js(qtbot, both, "document.body.innerText")   # the latest by default
    qtbot.waitUntil(lambda: both.controller.navigation.count == 2, timeout=WAIT_MS)
    assert both.previous_button.isEnabled() and not both.next_button.isEnabled()
    n = len(watch_both.loads)
    qtbot.mouseClick(both.previous_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(watch_both.loads) > n, timeout=WAIT_MS)      # reloaded past the cache
    qtbot.waitUntil(lambda: "second version" not in js(qtbot, both, "document.body.innerText"),
                    timeout=WAIT_MS)
    assert js(qtbot, both, "document.title") == "front"
    qtbot.waitUntil(lambda: both.controller.capture is not None
                    and both.controller.capture.file.startswith(f"{job_one}-1-"), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: both.controller.navigation.position == 0, timeout=WAIT_MS)
    assert not both.previous_button.isEnabled() and both.next_button.isEnabled()
    assert watch_both.certificate_errors == [] and not both.problem.isVisible()
