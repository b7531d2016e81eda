"""The broker password never lands in the desktop's settings file: in the system keyring where
there is one (an in-memory keyring backend stands for the platform's store, which is outside
this unit), otherwise nowhere; a password an earlier version wrote in clear is moved out."""
from __future__ import annotations

import pytest
from keyring.backend import KeyringBackend

from desktop import settings as app_settings
from desktop.rpc import secrets


class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self):
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.store.get((service, username))

    def set_password(self, service, username, password):
        self.store[(service, username)] = password

    def delete_password(self, service, username):
        self.store.pop((service, username), None)


@pytest.fixture
def keyring_here(monkeypatch):
    import keyring

    backend = MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def no_keyring():
    import keyring
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)


def _settings_file_text() -> str:
    s = app_settings._qsettings()  # the tests' private settings file
    s.sync()
    with open(s.fileName(), encoding="utf-8") as fh:
        return fh.read()


def test_the_password_goes_to_the_keyring_not_the_settings_file(keyring_here):
    c = app_settings.ConnectionSettings(broker="amqp://rabbit.example:5672", user="curator",
                                        password="Br0ker-S3cret")
    app_settings.save_connection(c)
    assert "Br0ker-S3cret" not in _settings_file_text()
    assert "Br0ker-S3cret" in keyring_here.store.values()
    back = app_settings.load_connection()
    assert (back.broker, back.user, back.password) == (c.broker, "curator", "Br0ker-S3cret")


def test_a_clear_text_password_of_an_earlier_version_is_moved_out(keyring_here):
    s = app_settings._qsettings()  # the tests' private settings file
    s.setValue("connection/user", "qa")
    s.setValue("connection/password", "Old-Cl3ar")
    s.sync()
    assert app_settings.load_connection().password == "Old-Cl3ar"
    assert "Old-Cl3ar" not in _settings_file_text()
    assert app_settings.load_connection().password == "Old-Cl3ar"      # now from the keyring


def test_without_a_keyring_the_password_is_written_nowhere(no_keyring):
    assert not secrets.available()
    app_settings.save_connection(app_settings.ConnectionSettings(user="op", password="N0where-S3cret"))
    assert "N0where-S3cret" not in _settings_file_text()
    assert app_settings.load_connection().password != "N0where-S3cret"   # asked for again
