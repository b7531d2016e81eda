"""What a user meets every day on the desktop: connection fields that show a whole address in
every language, a viewerproxy address that agrees with the services (and the demo), server text
and plurals in the user's language, languages found from the shipped catalogues."""
from __future__ import annotations

import glob
import os
import shutil
import types

import pytest
from test_controllers import Recording, _ca_pem, viewer_answers

from desktop import server_text
from desktop.i18n import QM_DIR, LanguageManager, available_languages
from desktop.rpc import RpcClient
from desktop.settings import ConnectionSettings

ADDRESS = "amqp://harvest-db.example.org:5672"


@pytest.mark.parametrize("code", ["en", "da", "de"])
def test_connection_settings_show_a_whole_broker_address(qtbot, languages, code):
    from desktop.login_dialog import LoginDialog
    from desktop.sign_in import SignIn

    languages.set_language(code)
    d = LoginDialog(ConnectionSettings(broker=ADDRESS), SignIn(), show_server=True)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    for field in (d.broker, d.vhost, d.viewerproxy, d.user):
        assert field.width() >= field.fontMetrics().horizontalAdvance(ADDRESS), field.objectName()


def test_the_viewerproxy_is_where_the_service_says_unless_the_user_set_it(qtbot, languages):
    """The demo's viewerproxy listens on 8392, a production one on 8070: the desktop has no port
    of its own to disagree with either; an address the user set wins (a tunnel)."""
    from desktop.controllers.archive_browser import ArchiveBrowserController

    assert ConnectionSettings().viewerproxy == ""
    answers = viewer_answers(_ca_pem())
    answers["proxy_info"] = {**answers["proxy_info"], "port": 8392}
    client = RpcClient(Recording(answers))
    try:
        for address, expected in (("", ("127.0.0.1", 8392)), ("http://tunnel.example:9000", ("tunnel.example", 9000))):
            c = ArchiveBrowserController(client, poll_ms=20)
            c.proxy_address = address
            ready = []
            c.sessionReady.connect(lambda info, s, ready=ready: ready.append(info))
            c.open([1])
            qtbot.waitUntil(lambda ready=ready: bool(ready), timeout=10000)
            assert (ready[0].host, ready[0].port) == expected
            c.timer.stop()
    finally:
        client.shutdown()


def test_languages_come_from_the_shipped_catalogues(qtbot, tmp_path):
    """A new catalogue (here a Swedish one, a copy of the Danish) is offered with its own name
    and can be chosen, with no code change."""
    for qm in glob.glob(os.path.join(QM_DIR, "nas_*.qm")):
        shutil.copy(qm, tmp_path)
    assert set(available_languages(str(tmp_path))) == {"en", "da", "de", "fr", "it"}
    assert available_languages(str(tmp_path))["da"] == "Dansk"
    shutil.copy(tmp_path / "nas_da.qm", tmp_path / "nas_sv.qm")
    langs = available_languages(str(tmp_path))
    assert langs["sv"] == "Svenska" and list(langs)[0] == "en"
    lm = LanguageManager(qm_dir=str(tmp_path))
    try:
        assert lm.set_language("sv") and lm.code == "sv"
        from PySide6.QtCore import QCoreApplication

        assert QCoreApplication.translate("MainWindow", "&File") == "&Filer"    # the (copied) Danish
    finally:
        lm.set_language("en")


def test_the_language_menu_lists_every_shipped_catalogue(qtbot, tmp_path):
    from desktop.main_window import MainWindow

    for qm in glob.glob(os.path.join(QM_DIR, "nas_*.qm")):
        shutil.copy(qm, tmp_path)
    shutil.copy(tmp_path / "nas_de.qm", tmp_path / "nas_nl.qm")
    lm = LanguageManager(qm_dir=str(tmp_path))
    client = RpcClient(Recording({}))
    try:
        w = MainWindow(client, lm, ConnectionSettings(), screen_factories=[])
        qtbot.addWidget(w)
        assert [a.text() for a in w.language_group.actions()] == \
            ["English", "Dansk", "Deutsch", "Français", "Italiano", "Nederlands"]
    finally:
        client.shutdown()


def _notification(code: str, message: str, details: dict, **kw) -> types.SimpleNamespace:
    return types.SimpleNamespace(code=code, message=message, details=details, instance=kw.get("instance", "mon-1"),
                                 refers_to=kw.get("refers_to", ""))


def test_server_text_is_said_in_the_users_language_from_its_code(qtbot, languages):
    damage = _notification("AUDIT_FOUND_DAMAGE", "audit 4 (checksums) of replica TWO found 1 missing, ...",
                           {"audit_id": 4, "kind": "checksums", "replica": "TWO", "missing": 1, "corrupt": 0,
                            "disputed": 2})
    assert server_text.notification(damage) == \
        "The checksums audit 4 of replica TWO found 1 missing file, 0 corrupt files and 2 disputed files."
    languages.set_language("de")
    german = server_text.notification(damage)
    assert "TWO" in german and "1 fehlende Datei" in german and german != damage.message
    qa = _notification("QA_INCOMPLETE", "job 7: QA found 50% of 4 pages complete (threshold 90%); ...",
                       {"job_id": 7, "run_id": 2, "share_complete": 0.5, "pages_checked": 4, "pages_complete": 2,
                        "threshold": 0.9})
    assert server_text.notification(qa) == \
        "QA von Job 7: 2 von 4 Seiten vollständig, unter der Schwelle von 90 %."
    assert server_text.notification_event("QA_INCOMPLETE") == "QA unvollständig"
    # a code the desktop does not know, or details it cannot read: the server's own words
    assert server_text.notification(_notification("NEW_THING", "something new", {})) == "something new"
    assert server_text.notification(_notification("AUDIT_FOUND_DAMAGE", "the server's words", {"audit_id": 4})) \
        == "the server's words"
    job = types.SimpleNamespace(failure_code="cancelled", failure_reason="cancelled by a curator: wrong seeds",
                                cancel_reason="wrong seeds", harvest_error="", upload_error="")
    assert server_text.job_failure(job) == "Von einem Kurator abgebrochen: wrong seeds"
    job.failure_code = "something_new"
    assert server_text.job_failure(job) == "cancelled by a curator: wrong seeds"


@pytest.mark.parametrize("code, one_seed, one_file", [
    ("en", "1 seed:", "Copy the 1 missing file back"),
    ("da", "1 frø:", "Kopiér den 1 manglende fil"),
    ("de", "1 Seed:", "Die 1 fehlende Datei"),
])
def test_counts_of_one_are_singular(qtbot, languages, code, one_seed, one_file):
    from PySide6.QtCore import QCoreApplication

    languages.set_language(code)
    assert QCoreApplication.translate("JobsScreen", "%Ln seed(s):", "", 1) == one_seed
    text = QCoreApplication.translate(
        "BitIntegrityScreen", "Copy the %Ln missing file(s) back into {replica} from a good copy in another replica? "
        "Nothing is deleted; each copy is checked against the reference checksum.", "", 1)
    assert text.startswith(one_file)
    seen = QCoreApplication.translate(
        "BitIntegrityScreen", "{kind} audit {id}: {state}; %Ln file(s) seen, {missing} missing, {corrupt} corrupt",
        "", 1)
    assert "1 files" not in seen and "1 filer" not in seen and "1 Dateien" not in seen
