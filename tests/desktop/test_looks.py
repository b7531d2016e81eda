"""Screens whose services are not in this test run (the archive's bit-preservation RPCs, the
viewerproxy), drawn with their contract's answers in Danish and German, for the screenshots a
person looks at (clipped or untranslated text)."""
from __future__ import annotations

import pytest
from test_controllers import Recording, _ca_pem, audit_wire, replica_wire, viewer_answers

from desktop.rpc import RpcClient


@pytest.mark.parametrize("code", ["da", "de"])
def test_bit_integrity_screen_looks(qtbot, languages, shots, code):
    from desktop.screens.bit_integrity import BitIntegrityScreen

    finding = {"name": "12-3-20260101-00001-kb.warc.gz", "replica": "TWO", "status": "missing",
               "reference_checksum": "0cc175b9c0f1b6a831c399e269772661", "replica_checksum": None,
               "checked": "2026-01-01T10:00:00+00:00", "votes": {}}
    backend = Recording({
        "preservation_summary": [replica_wire("ONE"), replica_wire("TWO", missing=1, running=audit_wire())],
        "audit_status": audit_wire(state="done", progress=1.0, missing=1),
        "missing_files": {"items": [finding], "total": 1, "offset": 0, "limit": 200},
        "corrupt_files": {"items": [{**finding, "status": "corrupt", "replica_checksum": "ffff"}], "total": 1,
                          "offset": 0, "limit": 200}})
    client = RpcClient(backend)
    try:
        languages.set_language(code)
        s = BitIntegrityScreen(client)
        qtbot.addWidget(s)
        s.resize(1180, 700)
        s.show()
        s.activate()
        qtbot.waitUntil(lambda: s.missing.row_at(0) is not None and s.corrupt.row_at(0) is not None, timeout=10000)
        qtbot.waitUntil(lambda: client.in_flight == 0, timeout=10000)
        assert s.summary.rowCount() == 2 and s.summary.item(1, 3).text() == "1"
        shots(s, f"18-bit-integrity-{code}")
    finally:
        client.shutdown()
        languages.set_language("en")


def test_archive_browser_looks(qtbot, languages, shots):
    from desktop.screens.archive_browser import ArchiveBrowserScreen

    client = RpcClient(Recording(viewer_answers(_ca_pem())))
    try:
        languages.set_language("de")
        s = ArchiveBrowserScreen(client)
        qtbot.addWidget(s)
        s.resize(1180, 700)
        s.show()
        tab = s.browse([12, 13])
        qtbot.waitUntil(lambda: tab.view is not None, timeout=30000)
        tab.controller.load_missing()
        qtbot.waitUntil(lambda: tab.missing_list.count() == 1, timeout=10000)
        tab.controller.page_answered("https://www.kb.dk/", 200, {
            "Memento-Datetime": "Thu, 01 Jan 2026 12:00:00 GMT",
            "X-Archive-File": "12-3-20260101115959-00001-sb-prod-har-001.warc.gz",   # as long as real ones
            "X-Archive-Offset": "1234"})
        assert "Erfasst" in tab.capture_label.text() and "12-3-2026" in tab.record_label.text()
        qtbot.waitUntil(lambda: tab.position_label.text() == "Erfassung 2 von 2", timeout=10000)
        assert tab.previous_button.isEnabled() and not tab.next_button.isEnabled()
        qtbot.wait(300)     # the layout follows the new texts in the event loop
        shots(s, "19-archive-browser-de")
        tab.close_session()
    finally:
        client.shutdown()
        languages.set_language("en")
        from PySide6.QtNetwork import QNetworkProxy

        QNetworkProxy.setApplicationProxy(QNetworkProxy(QNetworkProxy.ProxyType.NoProxy))
