"""Bit integrity against the real archive: a file deleted on one replica is found by an audit
started from the screen, listed, reestablished, and the replica is healthy again.

Needs h-bitpres's RPCs on the arcrepository (wave C); skipped, with the reason, where the running
arcrepository does not offer them yet."""
from __future__ import annotations

import os
import uuid

import pytest
from nas_command import nas_cli

pytestmark = pytest.mark.rabbit


@pytest.fixture
def preservation(archive, direct):
    try:
        direct.arcrepository.preservation_summary()
    except Exception as exc:  # noqa: BLE001 - MethodNotFound before h-bitpres is merged
        pytest.skip(f"the arcrepository has no bit-preservation RPCs here: {exc.__class__.__name__}")
    return archive


def test_a_deleted_file_is_audited_listed_and_reestablished_from_the_screen(qtbot, window, preservation, tmp_path,
                                                                           shots):
    uri, root = preservation
    name = f"bitint-{uuid.uuid4().hex[:8]}.warc.gz"
    src = tmp_path / name
    src.write_bytes(os.urandom(4000))
    nas_cli(uri, "upload", str(src))
    copies = [os.path.join(dp, name) for dp, _d, files in os.walk(root / "data" / "ba-two") if name in files]
    assert copies, "the file is not in replica TWO"
    for p in copies:
        os.remove(p)
    s = window.open_screen("bit_integrity")
    c = s.controller
    qtbot.waitUntil(lambda: any(r.replica == "TWO" for r in c.replicas), timeout=30000)
    row = [r.replica for r in c.replicas].index("TWO")
    s.summary.selectRow(row)
    assert c.replica == "TWO"
    s.kind.setCurrentIndex(s.kind.findData("files"))
    s.audit_button.click()
    qtbot.waitUntil(lambda: any(not a.active and a.kind == "files" for a in c.followed.values()), timeout=120000)
    qtbot.waitUntil(lambda: s.missing.rowCount() >= 1 and s.missing.row_at(0) is not None, timeout=30000)
    names = [s.missing.row_at(i).name for i in range(s.missing.rowCount())]
    assert name in names
    qtbot.waitUntil(lambda: c.current() is not None and c.current().missing >= 1, timeout=30000)
    shots(window, "16-bit-integrity-missing")
    assert c.reestablish_missing("tester")
    qtbot.waitUntil(lambda: any(not a.active and a.kind == "reestablish" for a in c.followed.values()),
                    timeout=120000)
    qtbot.waitUntil(lambda: c.current() is not None and c.current().missing == 0, timeout=60000)
    assert any(name in files for _dp, _d, files in os.walk(root / "data" / "ba-two"))
    shots(window, "17-bit-integrity-healthy")


def test_a_corrupt_copy_is_found_and_replaced_from_the_screen_without_a_key(qtbot, window, preservation, tmp_path,
                                                                           shots, languages):
    """#28: the replace is authorised by the signed-in login's role; the desktop holds no key."""
    import hashlib

    from PySide6.QtWidgets import QApplication, QMessageBox

    uri, root = preservation
    name = f"bitrep-{uuid.uuid4().hex[:8]}.warc.gz"
    data = os.urandom(5000)
    (tmp_path / name).write_bytes(data)
    nas_cli(uri, "upload", str(tmp_path / name))
    [copy] = [os.path.join(dp, name) for dp, _d, files in os.walk(root / "data" / "ba-one")
              if name in files and os.path.basename(dp) != "attic"]
    os.chmod(copy, 0o644)
    with open(copy, "r+b") as fh:
        fh.seek(100)
        fh.write(bytes([data[100] ^ 0xFF]))
    flipped = hashlib.md5(open(copy, "rb").read()).hexdigest()

    s = window.open_screen("bit_integrity")
    c = s.controller
    qtbot.waitUntil(lambda: any(r.replica == "ONE" for r in c.replicas), timeout=30000)
    s.summary.selectRow([r.replica for r in c.replicas].index("ONE"))
    s.kind.setCurrentIndex(s.kind.findData("checksums"))
    s.audit_button.click()
    qtbot.waitUntil(lambda: any(not a.active and a.kind == "checksums" for a in c.followed.values()),
                    timeout=120000)
    qtbot.waitUntil(lambda: any(s.corrupt.row_at(i) is not None and s.corrupt.row_at(i).name == name
                                for i in range(s.corrupt.rowCount())), timeout=30000)
    row = next(i for i in range(s.corrupt.rowCount()) if s.corrupt.row_at(i).name == name)
    s.corrupt_view.selectRow(row)
    s.replace_button.click()
    qtbot.waitUntil(lambda: getattr(s, "replace_box", None) is not None and s.replace_box.isVisible(),
                    timeout=30000)
    box = s.replace_box
    assert flipped in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
    replace = box.findChild(type(box.button(QMessageBox.StandardButton.Cancel)), "replaceNow")
    assert replace.isEnabled()
    shots(box, "18-bit-integrity-replace")
    replace.click()
    qtbot.waitUntil(lambda: hashlib.md5(open(copy, "rb").read()).digest() == hashlib.md5(data).digest(),
                    timeout=60000)
    # the same question in Danish, now about a good copy: nothing to replace, Replace disabled
    languages.set_language("da")
    c.confirm_replace(name)
    qtbot.waitUntil(lambda: s.replace_box is not box and s.replace_box.isVisible(), timeout=30000)
    again = s.replace_box
    assert not again.findChild(type(replace), "replaceNow").isEnabled()
    assert "kopien svarer til referencen: intet at erstatte" in again.text()   # the reason in Danish too
    shots(again, "18-bit-integrity-replace-da")
    again.close()
    QApplication.processEvents()
