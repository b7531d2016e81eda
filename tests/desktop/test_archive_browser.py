"""The archive browser's previous/next capture and its record/file downloads.

The controller is tested without widgets against the recording backend of test_controllers
(the viewerproxy's and the arcrepository's answers in their wire form); the bytes come from a
real file server on loopback, as a bitarchive hands them out. The tab's test mocks the save
dialog only.
"""
from __future__ import annotations

import hashlib
import os

import pytest
from test_controllers import Recording, _ca_pem, viewer_answers

from desktop.rpc import RpcClient
from server.archive.fileserver import FileServer, Served
from shared.errors import ArchiveFileNotFound, IndexNotReady

WWW = "https://www.kb.dk/"
HEADERS = {"Memento-Datetime": "Mon, 01 Jan 2024 10:00:00 GMT", "X-Archive-File": "1-1-x.warc.gz",
           "X-Archive-Offset": "100", "X-Archive-Capture": "20240101100000"}
FILE = b"WARC/1.0 first record...." * 200
RECORD = FILE[100:400]


def capture_wire(ts, job_id=1, file="1-1-x.warc.gz", offset=100):
    return {"url": WWW, "timestamp": ts, "status": "200", "mime": "text/html", "job_id": job_id, "file": file,
            "offset": offset, "revisit": False}


TIMELINE = [capture_wire("20230101100000"), capture_wire("20240101100000"),
            capture_wire("20240101100000", job_id=2, offset=9),      # the same moment in another job
            capture_wire("20240601100000", job_id=2)]


def session_wire(session_id, timestamp=""):
    return {"session_id": session_id, "token": "", "user": "", "job_ids": [1, 2], "timestamp": timestamp,
            "recording": False, "state": "active", "created_at": "2026-01-01T00:00:00+00:00", "missing_count": 0}


@pytest.fixture
def archive(tmp_path):
    """The archive's file server: the whole file under ``offer``, a record under ``record``."""
    path = tmp_path / "store" / "1-1-x.warc.gz"
    path.parent.mkdir()
    path.write_bytes(FILE)
    fs = FileServer("127.0.0.1:0").start()
    fs.route("record", lambda rest, q: Served(str(path), int(q.get("offset", "0")), len(RECORD)))
    try:
        yield {"file_url": fs.offer(str(path)), "record_url": fs.url("record", "1-1-x.warc.gz", offset=100),
               "md5": hashlib.md5(FILE).hexdigest()}  # noqa: S324 - the archive's checksum algorithm
    finally:
        fs.stop()


def answers(archive: dict, **over) -> dict:
    a = viewer_answers(_ca_pem())
    a.update({
        "captures": TIMELINE,
        "update_session": lambda session_id, timestamp=None: session_wire(session_id, timestamp or ""),
        "get_record": {"name": "1-1-x.warc.gz", "offset": 100, "replica": "ONE", "instance_id": "ba-1",
                       "url": archive["record_url"]},
        "get_file": {"name": "1-1-x.warc.gz", "url": archive["file_url"], "size": len(FILE), "replica": "ONE",
                     "instance_id": "ba-1", "checksum": archive["md5"]},
    })
    a.update(over)
    return a


@pytest.fixture
def browser(qtbot, languages):
    """build(answers) → (controller with an open session, backend, events)."""
    from desktop.controllers.archive_browser import ArchiveBrowserController

    clients, kept = [], []

    def build(wire: dict):
        backend = Recording(wire)
        client = RpcClient(backend)
        clients.append(client)
        c = ArchiveBrowserController(client)
        kept.append(c)
        ev = {"nav": [], "reload": [], "status": [], "progress": [], "done": [], "ready": []}
        c.navigationChanged.connect(ev["nav"].append)
        c.reloadRequested.connect(lambda: ev["reload"].append(True))
        c.status.connect(ev["status"].append)
        c.downloadProgress.connect(ev["progress"].append)
        c.downloadFinished.connect(lambda ok, text: ev["done"].append((ok, text)))
        c.sessionReady.connect(lambda info, s: ev["ready"].append(s))
        c.open([1, 2])
        qtbot.waitUntil(lambda: bool(ev["ready"]), timeout=10000)
        return c, backend, ev
    yield build
    for c in kept:
        c.close()
    for client in clients:
        client.shutdown()
    kept.clear()


def _idle(qtbot, c):
    qtbot.waitUntil(lambda: c.client.in_flight == 0, timeout=10000)


# --- previous/next capture ---------------------------------------------------------------------

def test_the_page_shown_is_placed_among_its_captures_and_previous_moves_the_session(browser, qtbot, archive):
    c, backend, ev = browser(answers(archive))
    c.page_answered(WWW, 200, HEADERS)
    _idle(qtbot, c)
    assert ("viewerproxy", "captures", ("s1", WWW), {}) in backend.calls
    nav = c.navigation
    assert (nav.position, nav.count, nav.previous, nav.next) == (1, 4, "20230101100000", "20240601100000")
    assert c.can_step(-1) and c.can_step(1)
    assert c.previous_capture()
    assert not c.can_step(-1) and not c.can_step(1)          # both wait while the step is on its way
    qtbot.waitUntil(lambda: bool(ev["reload"]), timeout=10000)
    assert ("viewerproxy", "update_session", ("s1",), {"timestamp": "20230101100000"}) in backend.calls
    assert c.session.timestamp == "20230101100000" and c.proxy_credentials() == ("s1", "t1")
    # the reloaded page is the earliest capture: nothing before it
    c.page_answered(WWW, 200, {**HEADERS, "X-Archive-Capture": "20230101100000"})
    _idle(qtbot, c)
    assert (c.navigation.position, c.navigation.previous, c.navigation.next) == (0, None, "20240101100000")
    assert not c.previous_capture() and backend.methods().count("update_session") == 1
    # the latest: nothing after it (the same moment in two jobs is one step)
    c.page_answered(WWW, 200, {**HEADERS, "X-Archive-Capture": "20240601100000"})
    _idle(qtbot, c)
    assert (c.navigation.previous, c.navigation.next) == ("20240101100000", None)
    assert not c.next_capture()


def test_one_capture_or_a_page_not_archived_offers_no_step(browser, qtbot, archive):
    c, backend, _ev = browser(answers(archive, captures=[capture_wire("20240101100000")]))
    c.page_answered(WWW, 200, HEADERS)
    _idle(qtbot, c)
    assert (c.navigation.count, c.navigation.previous, c.navigation.next) == (1, None, None)
    assert not c.can_step(-1) and not c.can_step(1)
    c.page_answered(WWW + "gone", 404, {"X-Archive-Missing": "1"})
    _idle(qtbot, c)
    assert c.navigation.count == 0 and backend.methods().count("captures") == 1   # not asked for a missing page


def test_the_capture_time_falls_back_to_memento_datetime():
    from desktop.controllers.archive_browser import capture_from_headers, neighbours

    c = capture_from_headers(WWW, 200, {"Memento-Datetime": "Mon, 01 Jan 2024 10:00:00 GMT"})
    assert c.timestamp == "20240101100000"
    # a capture shown that the list does not hold (e.g. reached by a redirect) still has neighbours
    nav = neighbours(["20230101000000", "20250101000000"], c.timestamp)
    assert (nav.position, nav.previous, nav.next) == (None, "20230101000000", "20250101000000")


def test_a_page_the_proxy_cannot_be_asked_about_ends_a_step_under_way(browser, qtbot, archive):
    c, _backend, ev = browser(answers(archive))
    c.page_answered(WWW, 200, HEADERS)
    _idle(qtbot, c)
    assert c.next_capture()
    qtbot.waitUntil(lambda: bool(ev["reload"]), timeout=10000)
    c.page_unreadable("connection refused")                  # the reload's probe failed
    assert c.capture is None and c.navigation.count == 0 and not c.navigation.busy
    assert not c.can_download() and ev["status"][-1] == (
        "What the archive holds of this page cannot be read: connection refused")


def test_captures_that_cannot_be_listed_leave_the_buttons_off_with_a_reason(browser, qtbot, archive):
    c, _backend, ev = browser(answers(archive, captures=IndexNotReady("the index is being built", {})))
    c.page_answered(WWW, 200, HEADERS)
    _idle(qtbot, c)
    assert not c.can_step(-1) and not c.can_step(1)
    assert len(ev["status"]) == 1 and ev["status"][0].startswith(
        "The other captures of this page cannot be listed: The index is not ready yet. Try again in a moment.")


# --- downloads ---------------------------------------------------------------------------------

def test_the_record_is_saved_from_the_archive_in_a_worker(browser, qtbot, archive, tmp_path):
    c, backend, ev = browser(answers(archive))
    assert not c.can_download() and not c.download_record(str(tmp_path / "x"))   # no page yet
    c.page_answered(WWW, 200, HEADERS)
    assert c.suggested_record_name() == "1-1-x-100.warc.gz" and c.suggested_file_name() == "1-1-x.warc.gz"
    target = tmp_path / "saved" / "1-1-x-100.warc.gz"
    target.parent.mkdir()
    assert c.download_record(str(target))
    assert not c.can_download()                               # one download at a time
    qtbot.waitUntil(lambda: bool(ev["done"]), timeout=20000)
    assert ("arcrepository", "get_record", ("1-1-x.warc.gz", 100), {}) in backend.calls
    assert target.read_bytes() == RECORD and not os.path.exists(f"{target}.part")
    ok, text = ev["done"][0]
    assert ok and text.startswith(f"Saved {target} (") and c.can_download()
    assert ev["progress"][0] == "Asking the archive for it..."


def test_the_whole_file_is_saved_only_when_its_checksum_is_the_archives(browser, qtbot, archive, tmp_path):
    c, backend, ev = browser(answers(archive))
    c.page_answered(WWW, 200, HEADERS)
    good = tmp_path / "whole.warc.gz"
    assert c.download_file(str(good))
    qtbot.waitUntil(lambda: bool(ev["done"]), timeout=20000)
    assert ev["done"][0][0] and good.read_bytes() == FILE
    assert ("arcrepository", "get_file", ("1-1-x.warc.gz",), {}) in backend.calls
    backend.answers["get_file"] = {**backend.answers["get_file"], "checksum": "0" * 32}
    bad = tmp_path / "damaged.warc.gz"
    assert c.download_file(str(bad))
    qtbot.waitUntil(lambda: len(ev["done"]) == 2, timeout=20000)
    ok, text = ev["done"][1]
    assert not ok and text.startswith("The download failed: it arrived damaged (its checksum is not the archive's)")
    assert not bad.exists() and not os.path.exists(f"{bad}.part")


def test_download_failures_are_sentences_never_tracebacks(browser, qtbot, archive, tmp_path):
    c, backend, ev = browser(answers(archive, get_record=ArchiveFileNotFound("no such file", {"name": "1-1-x"})))
    c.page_answered(WWW, 200, HEADERS)
    assert c.download_record(str(tmp_path / "r.warc.gz"))
    qtbot.waitUntil(lambda: bool(ev["done"]), timeout=20000)
    ok, text = ev["done"][0]
    assert not ok and text.startswith("The download failed: There is no such file in the archive.")
    assert c.can_download()
    # a folder that cannot be written
    assert c.download_file(str(tmp_path / "no" / "such" / "folder" / "f.warc.gz"))
    qtbot.waitUntil(lambda: len(ev["done"]) == 2, timeout=20000)
    ok, text = ev["done"][1]
    assert not ok and text.startswith("The download failed: the file cannot be written (")
    assert "Traceback" not in text
    # the file server gone: the bitarchive does not hand it out
    backend.answers["get_record"] = {**answers(archive)["get_record"], "url": "http://127.0.0.1:9/record/x"}
    assert c.download_record(str(tmp_path / "r.warc.gz"))
    qtbot.waitUntil(lambda: len(ev["done"]) == 3, timeout=30000)
    ok, text = ev["done"][2]
    assert not ok and text.startswith("The download failed: the archive's file server did not hand it out")
    assert not (tmp_path / "r.warc.gz").exists()


# --- the tab -----------------------------------------------------------------------------------

def test_the_tab_steps_between_captures_and_saves_the_record_through_the_save_dialog(
        qtbot, languages, archive, tmp_path, monkeypatch):
    from PySide6.QtCore import Qt
    from PySide6.QtNetwork import QNetworkProxy
    from PySide6.QtWidgets import QFileDialog

    from desktop.screens.archive_browser import ArchiveBrowserScreen

    backend = Recording(answers(archive))
    client = RpcClient(backend)
    asked = []

    def save_dialog(parent, title, proposed, *rest):
        asked.append((title, proposed))
        return str(tmp_path / "chosen.warc.gz"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))
    try:
        screen = ArchiveBrowserScreen(client)
        qtbot.addWidget(screen)
        screen.resize(1200, 800)
        screen.show()                                 # clicks reach shown buttons only
        tab = screen.browse([1, 2])
        qtbot.waitUntil(lambda: tab.view is not None, timeout=30000)
        assert not tab.previous_button.isEnabled() and not tab.next_button.isEnabled()
        assert not tab.download_record_button.isEnabled() and not tab.download_file_button.isEnabled()
        tab.probed.emit(WWW, 200, HEADERS)            # what the probe reads from the proxy
        qtbot.waitUntil(lambda: tab.next_button.isEnabled(), timeout=10000)
        assert tab.previous_button.isEnabled() and tab.position_label.text() == "capture 2 of 4"
        assert tab.record_label.text() == "Record: 1-1-x.warc.gz at offset 100"
        assert tab.previous_button.toolTip().startswith("Earlier capture: ")
        reloads = []
        tab.controller.reloadRequested.connect(lambda: reloads.append(True))
        qtbot.mouseClick(tab.previous_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(reloads), timeout=10000)
        assert ("viewerproxy", "update_session", ("s1",), {"timestamp": "20230101100000"}) in backend.calls
        tab.probed.emit(WWW, 200, {**HEADERS, "X-Archive-Capture": "20230101100000"})
        qtbot.waitUntil(lambda: tab.position_label.text() == "capture 1 of 4", timeout=10000)
        assert not tab.previous_button.isEnabled() and tab.next_button.isEnabled()

        qtbot.mouseClick(tab.download_record_button, Qt.MouseButton.LeftButton)
        assert asked[0][0] == "Save the record" and asked[0][1].endswith("1-1-x-100.warc.gz")
        qtbot.waitUntil(lambda: (tmp_path / "chosen.warc.gz").exists(), timeout=20000)
        qtbot.waitUntil(lambda: tab.download_record_button.isEnabled(), timeout=10000)
        assert (tmp_path / "chosen.warc.gz").read_bytes() == RECORD
        assert tab.download_label.text().startswith("Saved ") and tab.download_label.isVisible()

        backend.answers["get_file"] = ArchiveFileNotFound("no such file", {"name": "1-1-x.warc.gz"})
        qtbot.mouseClick(tab.download_file_button, Qt.MouseButton.LeftButton)
        assert asked[1][0] == "Save the archive file" and asked[1][1].endswith("1-1-x.warc.gz")
        qtbot.waitUntil(lambda: "no such file in the archive" in tab.download_label.text(), timeout=10000)
        assert tab.download_label.text().startswith("The download failed: There is no such file in the archive.")
        assert "b00020" in tab.download_label.styleSheet() and tab.download_file_button.isEnabled()
        tab.close_session()
    finally:
        client.shutdown()
        QNetworkProxy.setApplicationProxy(QNetworkProxy(QNetworkProxy.ProxyType.NoProxy))
