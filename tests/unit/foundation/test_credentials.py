"""A person's login for nas and the desktop (shared.credentials): where it is found, and the
file `nas login` keeps it in (0600, written whole)."""
from __future__ import annotations

import os
import stat

import pytest

from shared import credentials
from shared.credentials import Login, find_login, save_login, saved_login, uri_user, uri_with_login


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("NAS_USER", raising=False)
    monkeypatch.delenv("NAS_PASSWORD", raising=False)


def test_the_saved_login_is_private_and_read_back(tmp_path):
    assert saved_login() is None and find_login() is None
    path = save_login(Login("alice", "s3cret pass"))
    assert path == str(tmp_path / "nas" / "credentials")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert find_login() == Login("alice", "s3cret pass", path)
    assert credentials.forget_login() and saved_login() is None


def test_the_command_line_then_the_environment_then_the_file(monkeypatch):
    save_login(Login("alice", "a-pass"))
    monkeypatch.setenv("NAS_USER", "bob")
    monkeypatch.setenv("NAS_PASSWORD", "b-pass")
    assert find_login() == Login("bob", "b-pass", "$NAS_USER")
    assert find_login("carol", "c-pass").user == "carol"
    monkeypatch.delenv("NAS_PASSWORD")
    assert find_login("alice").password == "a-pass"      # --user alice: the password she saved
    assert find_login("dave").password == ""             # asked for on a terminal


def test_a_damaged_file_is_said_plainly(tmp_path):
    path = tmp_path / "nas" / "credentials"
    path.parent.mkdir()
    path.write_text("{not json")
    with pytest.raises(credentials.CredentialsError, match="nas login"):
        saved_login()


def test_the_login_goes_into_the_broker_uri():
    uri = uri_with_login("amqp://guest:guest@broker.example:5672/nas", Login("anne-marie", "p@ss:/w"))
    assert uri_user(uri) == "anne-marie"
    from shared.client import parse_uri

    params = parse_uri(uri)
    assert (params["userid"], params["password"], params["virtual_host"]) == ("anne-marie", "p@ss:/w", "nas")
    assert uri_with_login(uri, None) == uri
