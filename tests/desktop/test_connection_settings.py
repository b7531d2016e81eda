"""The connection settings keep the broker, the virtual host, the viewerproxy and the last user
name, never a password: a person signs in, or asks to be remembered in the credentials file
`nas login` writes (tests/desktop/test_login.py). A password an earlier version wrote in clear
is removed."""
from __future__ import annotations

from desktop import settings as app_settings


def _settings_file_text() -> str:
    s = app_settings._qsettings()  # the tests' private settings file
    s.sync()
    with open(s.fileName(), encoding="utf-8") as fh:
        return fh.read()


def test_the_password_is_never_written_to_the_settings():
    c = app_settings.ConnectionSettings(broker="amqp://rabbit.example:5672", vhost="PROD", user="curator",
                                        password="Br0ker-S3cret")
    app_settings.save_connection(c)
    assert "Br0ker-S3cret" not in _settings_file_text()
    back = app_settings.load_connection()
    assert (back.broker, back.vhost, back.user, back.password) == (c.broker, "PROD", "curator", "")


def test_a_clear_text_password_of_an_earlier_version_is_removed():
    s = app_settings._qsettings()
    s.setValue("connection/user", "qa")
    s.setValue("connection/password", "Old-Cl3ar")
    s.sync()
    back = app_settings.load_connection()
    assert (back.user, back.password) == ("qa", "")
    assert "Old-Cl3ar" not in _settings_file_text()
