"""Identities for tests (see docs/security.md): identity is the broker login.

tests/conftest.py calls :func:`install` before any test module is imported:

* the suite's shared broker login ``guest`` counts as a harvester service (``$NAS_SERVICE_LOGINS``,
  inherited by every service process a test starts), so tests that are not about roles call as a
  service does;
* Nameko's publisher puts the login in every message's ``user_id`` (as in the services), so the
  test's standalone proxies are identified like any other caller.

A test about people's roles adds people with :func:`add_person` (a real broker account made by
the definitions service's ``add_user``, and a row in its users table) and calls with their URI.
"""
from __future__ import annotations

import os
import urllib.parse
import uuid

_installed = False
TEST_SERVICE_LOGINS = "guest=harvester"


def install() -> None:
    global _installed
    if _installed:
        return
    _installed = True
    os.environ.setdefault("NAS_SERVICE_LOGINS", TEST_SERVICE_LOGINS)
    from server.runtime import nameko_fixes

    nameko_fixes.apply()


def person_uri(amqp_uri: str, login: str, password: str) -> str:
    """``amqp_uri`` logged in as ``login``."""
    from shared.credentials import Login, uri_with_login

    return uri_with_login(amqp_uri, Login(login, password))


def add_person(amqp_uri: str, *roles: str, login: str | None = None) -> tuple[str, str]:
    """A person with ``roles`` (their broker account and users-table row, made by the running
    definitions service on ``amqp_uri``'s vhost); answers (login, their AMQP URI). The broker
    account is global: remove it with :func:`remove_person` (the ``people`` fixture does)."""
    from shared.client import ServiceClient

    login = login or f"t{uuid.uuid4().hex[:10]}-{'-'.join(roles) or 'none'}"
    with ServiceClient(amqp_uri) as client:
        made = client.call("definitions", "add_user", login, list(roles))
    return login, person_uri(amqp_uri, login, made.password)


def remove_person(login: str) -> None:
    import rabbit_admin

    rabbit_admin.delete_user(login)


def login_of(uri: str) -> str:
    return urllib.parse.unquote(urllib.parse.urlsplit(uri).username or "")
