"""A page captured with the browser replays whole in the desktop's archive browser.

Our own crawler captures the test web's script-built ``/scripted/`` page with browser capture on
(Chromium renders it, scrolls its infinite feed and clicks its "load more"); the WARCs are stored
and indexed in a real archive with a running viewerproxy (tests/support/viewer_env_process.py
``scripted``). The desktop's archive browser (a real ``QWebEngineView``, offscreen) opens the page
with "record missing URLs" on, clicks "load more" and scrolls the feed to its end as the capture
did, and the session's missing-URL list holds nothing but what robots.txt forbade the crawler:
every other request QtWebEngine makes in replay is answered from the archive.
"""
from __future__ import annotations

import json
import os

import pytest
from test_archive_browser_e2e import WAIT_MS, PageWatch, js, load, open_tab, screen, start_viewer_env  # noqa: F401
from testweb.scripted import BROWSER_NEEDS, BROWSER_REFUSED

from server.crawler.browser.cdp import CHROMIUM

pytestmark = [pytest.mark.rabbit,
              pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                 reason=f"{CHROMIUM} is absent (Debian: apt-get install chromium)")]


@pytest.fixture(scope="module")
def viewer_env(tmp_path_factory):
    """The helper process with job 3, ``/scripted/`` crawled with the browser on."""
    yield from start_viewer_env(tmp_path_factory, "scripted")


def test_a_browser_captured_page_replays_with_no_request_unanswered(qtbot, screen, viewer_env):  # noqa: F811
    from PySide6.QtCore import Qt

    page = viewer_env["front"]
    site = page.split("/scripted/")[0]
    (job,) = viewer_env["jobs"]
    tab = open_tab(qtbot, screen, [job])
    tab.recording.click()        # recording from the first request on
    qtbot.waitUntil(lambda: tab.controller.session.recording, timeout=WAIT_MS)
    watch = PageWatch(tab)
    load(qtbot, tab, watch, page)
    assert watch.loads[-1] is True
    assert js(qtbot, tab, "document.title") == "Scripted news"
    assert tab.controller.capture.archived and tab.controller.capture.file.startswith(f"{job}-")

    # what the scripts fetch at once: the JSON API's images, the fragment and its image
    qtbot.waitUntil(lambda: js(qtbot, tab, "document.querySelectorAll('#items img').length") >= 2, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "a fragment" in js(qtbot, tab, "document.body.innerText"), timeout=WAIT_MS)
    # "load more", as the capture clicked it
    js(qtbot, tab, "document.getElementById('more').click(); true")
    qtbot.waitUntil(lambda: js(qtbot, tab, "document.querySelectorAll('#more-items img').length") > 0,
                    timeout=WAIT_MS)
    # the infinite scroll, to its end (pages 2 and 3 of the feed), as the capture scrolled it
    def sections() -> int:
        return js(qtbot, tab, "window.scrollTo(0, document.documentElement.scrollHeight); "
                              "document.querySelectorAll('#feed section').length")
    qtbot.waitUntil(lambda: sections() >= 2, timeout=WAIT_MS)
    # every image drawn: each one's bytes came from the archive
    qtbot.waitUntil(lambda: js(qtbot, tab, "Array.from(document.images).filter(i => !i.src.includes('/private/'))"
                                           ".every(i => i.complete && i.naturalWidth > 0)"), timeout=WAIT_MS)
    assert js(qtbot, tab, "document.querySelector('iframe').contentDocument.images[0].naturalWidth") > 0

    # the page is still: two more polls of the session (the second asked after now) say what is missing
    changes: list = []
    tab.controller.sessionChanged.connect(changes.append)
    qtbot.waitUntil(lambda: len(changes) >= 2, timeout=WAIT_MS)

    def listed() -> list[str]:
        return [tab.missing_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(tab.missing_list.count())]
    refused = [site + p for p in BROWSER_REFUSED]
    qtbot.waitUntil(lambda: tab.missing_list.count() == tab.controller.session.missing_count, timeout=WAIT_MS)
    # only what robots.txt forbade the crawler is missing; it is asked for by the page
    assert sorted(listed()) == sorted(refused), listed()
    assert tab.controller.session.missing_count == len(refused)
    # and what the browser needed was asked for in replay too (the proxy answered it: not listed)
    requested = json.loads(js(qtbot, tab, "JSON.stringify(performance.getEntriesByType('resource')"
                                          ".concat(document.querySelector('iframe').contentWindow"
                                          ".performance.getEntriesByType('resource')).map(e => e.name))"))
    asked = {page, *requested}
    assert [site + p for p in BROWSER_NEEDS if site + p not in asked] == [], requested
    assert not tab.problem.isVisible()
