"""Signing in with the person's own broker login: the login dialog (prefilled from the saved
login, "remember me" keeping it where `nas login` does, a refused password said in the dialog,
which stays), signing out and in as someone else, and screens that disable what the signed-in
roles may not do, with a tooltip naming the role."""
from __future__ import annotations

import json
import os
import stat
import uuid

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from desktop.rpc import RpcClient, ServiceBackend
from desktop.settings import ConnectionSettings
from desktop.sign_in import SignIn
from shared import credentials
from shared.client import Unreachable
from shared.credentials import Login, uri_user

REFUSED = "cannot reach the broker at amqp://127.0.0.1:5672/: the user name or password was refused"


class People:
    """Stands for the broker and the services: a login works with its password only, and
    ``whoami`` answers that person's roles; other calls answer from ``answers``."""

    def __init__(self, people: dict[str, tuple[str, list[str]]], answers: dict | None = None):
        self.people = people
        self.answers = answers or {}
        self.calls: list[tuple[str, str, str]] = []

    def backend(self, settings: ConnectionSettings) -> People.Backend:
        return People.Backend(self, settings.amqp_uri())

    class Backend:
        def __init__(self, people: People, uri: str):
            self.people, self.uri = people, uri

        def call(self, service, method, args, kwargs, timeout):
            from urllib.parse import unquote, urlsplit

            user, password = uri_user(self.uri), unquote(urlsplit(self.uri).password or "")
            self.people.calls.append((user, service, method))
            known = self.people.people.get(user)
            if known is None or known[0] != password:
                raise Unreachable(REFUSED)
            if method == "whoami":
                return {"subject": user, "roles": known[1], "login": user}
            answer = self.people.answers[method]
            return answer(*args, **kwargs) if callable(answer) else answer

        def close_all(self):
            pass


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    """The credentials file of this test only (shared.credentials reads $XDG_CONFIG_HOME)."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.delenv("NAS_USER", raising=False)
    monkeypatch.delenv("NAS_PASSWORD", raising=False)
    return home


@pytest.fixture
def frame(qtbot, languages):
    """A window over the ``People`` stand-in; ``build(people, screens)``."""
    made = []

    def build(people: People, screen_factories=None) -> MainWindow:
        connection = ConnectionSettings(broker="amqp://127.0.0.1:5672", vhost="/", user="", password="", timeout=5)
        client = RpcClient(people.backend(connection))
        w = MainWindow(client, languages, connection, screen_factories=screen_factories or [],
                       backend_factory=people.backend)
        qtbot.addWidget(w)
        made.append(client)
        return w
    yield build
    for client in made:
        client.shutdown()


def _dialog_shown(w: MainWindow) -> bool:
    return w.login_dialog is not None and w.login_dialog.isVisible() and not w.login_dialog.busy


def test_a_refused_saved_login_opens_the_dialog_prefilled_with_it_and_no_window(qtbot, frame, config_home):
    credentials.save_login(Login("curator", "changed-since"))
    w = frame(People({"curator": ("s3cret", ["curator"])}))
    w.start(credentials.find_login())
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    d = w.login_dialog
    assert d.message.text() == "The user name or password was refused."
    assert (d.user.text(), d.password.text(), d.remember.isChecked()) == ("curator", "changed-since", True)
    assert not w.isVisible() and w.connected is None      # no half-empty window saying "Connected"
    assert not any(isinstance(t, QMessageBox) and t.isVisible() for t in QApplication.topLevelWidgets())

    d.password.setText("s3cret")
    d.sign_in_button.click()
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    assert not d.isVisible() and w.isVisible()
    assert w.connection_label.text().startswith("Signed in as curator (curator):")
    assert credentials.saved_login() == Login("curator", "s3cret", credentials.credentials_path())


def test_a_saved_login_that_works_signs_in_without_the_dialog(qtbot, frame, config_home):
    credentials.save_login(Login("qa", "pw"))
    w = frame(People({"qa": ("pw", ["qa"])}))
    w.start(credentials.find_login())
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    assert w.isVisible() and w.login_dialog is None
    assert w.connection_label.text().startswith("Signed in as qa (qa):")


def test_a_password_changed_meanwhile_asks_for_the_login_again(qtbot, frame, config_home):
    people = People({"qa": ("pw", ["qa"])})
    w = frame(people)
    w.start(Login("qa", "pw", "$NAS_USER"))
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    people.people["qa"] = ("new-pw", ["qa"])          # an administrator set a new one (nas users passwd)
    w.problem.retry_button.click()
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    assert w.login_dialog.message.text() == "The user name or password was refused."
    assert w.connected is False and "Signed in" not in w.connection_label.text()
    w.login_dialog.password.setText("new-pw")
    w.login_dialog.sign_in_button.click()
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    assert not w.showing_problem


def test_remember_me_keeps_the_login_in_the_owners_file_and_never_in_the_settings(qtbot, frame, config_home):
    from desktop import settings as app_settings

    w = frame(People({"operator": ("pw-0perator", ["operator"])}))
    w.start(None)
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    d = w.login_dialog
    assert d.message.isHidden()                           # nothing went wrong yet: nothing said
    d.user.setText("operator")
    d.password.setText("pw-0perator")
    d.remember.setChecked(True)
    d.sign_in_button.click()
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    path = credentials.credentials_path()
    assert path.startswith(str(config_home))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    with open(path, encoding="utf-8") as fh:
        assert json.load(fh) == {"user": "operator", "password": "pw-0perator"}
    s = app_settings._qsettings()
    s.sync()
    with open(s.fileName(), encoding="utf-8") as fh:
        assert "pw-0perator" not in fh.read()
    assert app_settings.load_connection().user == "operator"     # the name is remembered, for the dialog


def test_without_remember_me_nothing_is_kept_and_an_own_kept_login_is_forgotten(qtbot, frame, config_home):
    credentials.save_login(Login("qa", "old"))
    w = frame(People({"qa": ("new", ["qa"])}))
    w.start(credentials.find_login())
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    d = w.login_dialog
    d.password.setText("new")
    d.remember.setChecked(False)
    d.sign_in_button.click()
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    assert credentials.saved_login() is None


def test_empty_fields_and_a_bad_broker_are_said_by_their_fields_before_any_call(qtbot, frame, config_home):
    people = People({})
    w = frame(people)
    w.start(None)
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    d = w.login_dialog
    d.user.setText("")
    d.broker.setText("http://nowhere")
    d.sign_in_button.click()
    assert set(d.form.visible_errors()) == {"user", "password"}
    assert set(d.server.visible_errors()) == {"broker"}
    assert d.server.isVisible()                       # the server part opened to show its problem
    assert people.calls == [] and d.isVisible()


def test_cancel_while_nobody_is_signed_in_ends_the_application(qtbot, frame, config_home):
    w = frame(People({}))
    w.start(None)
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    with qtbot.waitSignal(w.signInCancelled, timeout=5000):
        w.login_dialog.reject()
    assert not w.isVisible()


@pytest.mark.rabbit
def test_a_made_up_user_is_refused_by_the_real_broker_and_the_dialog_stays(qtbot, languages, config_home, shots):
    from desktop.login_dialog import LoginDialog

    sign_in = SignIn()
    current = ConnectionSettings(broker="amqp://127.0.0.1:5672", vhost="/", user="", password="", timeout=10)
    d = LoginDialog(current, sign_in)
    qtbot.addWidget(d)
    d.show()
    shots(d, "30-login")
    d.user.setText(f"nobody-{uuid.uuid4().hex[:8]}")
    d.password.setText("made-up")
    d.sign_in_button.click()
    qtbot.waitUntil(lambda: not d.busy, timeout=20000)
    assert d.isVisible() and d.result_settings is None
    assert d.message.text() == "The user name or password was refused."
    assert d.password.hasFocus() or d.password.selectedText() == "made-up"   # ready to be typed again
    qtbot.waitUntil(lambda: d.message.width() >= d.message.minimumSizeHint().width(), timeout=5000)
    shots(d, "31-login-refused")
    languages.set_language("da")
    qtbot.waitUntil(lambda: d.sign_in_button.text() == "Log ind", timeout=5000)
    d.server_toggle.setChecked(True)
    d.sign_in_button.click()
    qtbot.waitUntil(lambda: not d.busy, timeout=20000)
    assert d.message.text() == "Brugernavnet eller adgangskoden blev afvist."
    shots(d, "31-login-refused-da")
    languages.set_language("en")
    sign_in.close()


@pytest.mark.rabbit
def test_the_real_broker_login_signs_in_and_the_status_bar_names_it(qtbot, services, languages, config_home):
    """The test broker's own login (guest, a service account there) through the real services."""
    connection = ConnectionSettings(broker="amqp://127.0.0.1:5672", vhost=services[1], user="", password="",
                                    timeout=20)
    client = RpcClient(ServiceBackend(connection.amqp_uri(), 10))
    w = MainWindow(client, languages, connection, screen_factories=[])
    qtbot.addWidget(w)
    try:
        w.start(Login("guest", "guest", "$NAS_USER"))
        qtbot.waitUntil(lambda: w.connected is True, timeout=20000)
        assert w.caller is not None and w.caller.login == "guest"
        assert w.connection_label.text().startswith("Signed in as guest (")
    finally:
        client.shutdown()


def test_sign_out_forgets_the_kept_login_and_signs_in_as_someone_else(qtbot, frame, config_home):
    from desktop.screens.bit_integrity import BitIntegrityScreen

    people = People({"curator": ("c", ["curator"]), "operator": ("o", ["operator"])}, BIT_INTEGRITY)
    credentials.save_login(Login("curator", "c"))
    w = frame(people, [BitIntegrityScreen])
    w.start(credentials.find_login())
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    screen = w.screen("bit_integrity")
    qtbot.waitUntil(lambda: screen.controller.current() is not None, timeout=10000)
    assert not screen.reestablish_button.isEnabled()

    w.switch_user_action.trigger()
    assert credentials.saved_login() is None
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    assert not w.isVisible()
    d = w.login_dialog
    assert d.password.text() == ""
    d.user.setText("operator")
    d.password.setText("o")
    d.sign_in_button.click()
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    assert w.connection_label.text().startswith("Signed in as operator (operator):")
    qtbot.waitUntil(lambda: screen.reestablish_button.isEnabled(), timeout=10000)
    assert screen.reestablish_button.toolTip() == ""
    assert ("operator", "arcrepository", "preservation_summary") in people.calls   # reloaded as operator


def _replica(replica="TWO", missing=3):
    return {"replica": replica, "name": f"Replica {replica}", "type": "bitarchive", "files": 20, "ok": 20 - missing,
            "missing": missing, "corrupt": 0, "disputed": 0, "unchecked": 0, "stale": 0, "oldest_checksum": None,
            "max_checksum_age_days": 30.0, "last_files_audit": None, "last_checksums_audit": None, "running": None}


def _empty_page(*_a, **_k):
    return {"items": [], "total": 0, "offset": 0, "limit": 200}


BIT_INTEGRITY = {"preservation_summary": [_replica("TWO", 3), _replica("ONE", 0)],
                 "missing_files": _empty_page, "corrupt_files": _empty_page}


def test_a_curator_sees_the_operators_actions_disabled_with_the_role_they_need(qtbot, frame, config_home, shots,
                                                                              languages):
    from desktop.screens.bit_integrity import BitIntegrityScreen
    from desktop.screens.domains import DomainsScreen

    answers = dict(BIT_INTEGRITY, list_domains=_empty_page, list_profiles=_empty_page)
    w = frame(People({"curator": ("c", ["curator"])}, answers), [DomainsScreen, BitIntegrityScreen])
    w.start(Login("curator", "c", "$NAS_USER"))
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    domains = w.screen("domains")
    assert domains.create_button.isEnabled()            # a curator's own work
    screen = w.open_screen("bit_integrity")
    qtbot.waitUntil(lambda: screen.controller.current() is not None, timeout=10000)
    qtbot.waitUntil(lambda: w.client.in_flight == 0, timeout=10000)
    for button in (screen.audit_button, screen.reestablish_button, screen.cancel_button):
        assert not button.isEnabled() and button.isVisible()      # disabled, not hidden
    assert screen.reestablish_button.toolTip() == \
        "Needs the operator role. You are signed in as curator (curator)."
    shots(w, "32-curator-operator-actions-disabled")
    languages.set_language("da")
    qtbot.waitUntil(lambda: "operator" in screen.reestablish_button.toolTip()
                    and "Kræver" in screen.reestablish_button.toolTip(), timeout=5000)
    assert not screen.reestablish_button.isEnabled()
    shots(w, "32-curator-operator-actions-disabled-da")
    languages.set_language("en")
    qtbot.waitUntil(lambda: screen.reestablish_button.toolTip().startswith("Needs the operator role"), timeout=5000)


def test_the_gate_keeps_the_screens_own_reasons_and_tooltips(qtbot):
    from PySide6.QtWidgets import QPushButton

    from desktop.widgets.role_gate import RoleGate

    button = QPushButton()
    qtbot.addWidget(button)
    button.setToolTip("Start again from the seeds")
    gate = RoleGate()
    gate.register(button, "scheduler.resubmit_job")
    assert button.isEnabled()                                  # roles not known: the service decides
    gate.apply(["curator"], "anna")
    assert not button.isEnabled() and "operator" in button.toolTip() and "anna" in button.toolTip()
    gate.set_enabled(button, False)
    gate.apply(["operator"], "olga")
    assert not button.isEnabled()                              # the screen's own reason still holds
    assert button.toolTip() == "Start again from the seeds"
    gate.set_enabled(button, True)
    assert button.isEnabled()
    gate.apply(["qa"], "quinn")
    button.setToolTip("Retranslated")                          # a language change sets the screen's own
    gate.refresh()
    assert "qa" in button.toolTip()
    gate.apply(["admin"], "ada")
    assert button.isEnabled() and button.toolTip() == "Retranslated"


def test_a_login_the_services_do_not_know_is_asked_again_not_shown_as_connected(qtbot, frame, config_home, shots):
    """The broker takes the password, but the services know no such person (or an administrator
    disabled them): the window says so and the dialog asks for another login."""
    from shared.errors import PermissionDenied

    class Unknown(People):
        def backend(self, settings):
            inner = super().backend(settings)

            class Refusing:
                def call(self, service, method, args, kwargs, timeout):
                    if uri_user(settings.amqp_uri()) == "intern":
                        raise PermissionDenied("intern is not a user of this installation", {"reason": "unknown_user"})
                    return inner.call(service, method, args, kwargs, timeout)

                def close_all(self):
                    pass
            return Refusing()

    w = frame(Unknown({"qa": ("q", ["qa"])}))
    w.start(Login("intern", "pw", "$NAS_USER"))
    qtbot.waitUntil(lambda: _dialog_shown(w), timeout=10000)
    d = w.login_dialog
    assert d.message.text() == "The services do not know the user intern. Ask an administrator to add you."
    assert not w.isVisible() and "Connected" not in w.connection_label.text()
    shots(d, "33-login-unknown-user")
    d.user.setText("qa")
    d.password.setText("q")
    d.sign_in_button.click()
    qtbot.waitUntil(lambda: w.connected is True, timeout=10000)
    assert w.connection_label.text().startswith("Signed in as qa (qa):")
