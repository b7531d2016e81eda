"""Creating and deleting RabbitMQ virtual hosts for tests, quickly.

Every messaging test gets its own vhost. ``rabbitmqctl`` boots an Erlang VM per call (about 0.8 s
and half a CPU-second each, three calls per test), which was most of the CPU the whole suite
used; the broker's management HTTP API does the same in about 20 ms. So: the API when it answers
on loopback (``packaging/test.sh`` enables the plugin, bound to 127.0.0.1), ``rabbitmqctl``
otherwise. Only the ``guest`` user, which RabbitMQ lets in from loopback only, is used.
"""
from __future__ import annotations

import base64
import functools
import json
import os
import shutil
import subprocess
import urllib.error
import urllib.parse
import urllib.request

API = os.environ.get("NAS_TEST_RABBIT_API", "http://127.0.0.1:15672/api")
RABBIT_HOST = os.environ.get("NAS_TEST_RABBIT_HOST", "127.0.0.1")      # the broker the tests use
RABBIT_PORT = int(os.environ.get("NAS_TEST_RABBIT_PORT", "5672"))
_AUTH = "Basic " + base64.b64encode(b"guest:guest").decode()


class NoBroker(Exception):
    """Neither the management API nor rabbitmqctl is there: the caller skips its test."""


def _api(method: str, path: str, body: dict | None = None, timeout: float = 30) -> int:
    request = urllib.request.Request(
        API + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": _AUTH, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status


@functools.lru_cache(maxsize=1)
def api_available() -> bool:
    """True when the management API answers (asked once per process)."""
    try:
        return _api("GET", "/overview", timeout=5) == 200
    except (OSError, urllib.error.URLError):
        return False


def _rabbitmqctl(*args: str) -> None:
    if shutil.which("rabbitmqctl") is None:
        raise NoBroker("rabbitmqctl not found and no management API: RabbitMQ is not installed here")
    subprocess.run(["rabbitmqctl", "-q", *args], check=True, capture_output=True, timeout=60)


def create_vhost(name: str) -> None:
    """A new vhost on which ``guest`` may do everything."""
    if api_available():
        quoted = urllib.parse.quote(name, safe="")
        _api("PUT", f"/vhosts/{quoted}")
        _api("PUT", f"/permissions/{quoted}/guest", {"configure": ".*", "write": ".*", "read": ".*"})
    else:
        _rabbitmqctl("add_vhost", name)
        _rabbitmqctl("set_permissions", "-p", name, "guest", ".*", ".*", ".*")


def delete_vhost(name: str) -> None:
    """Delete the vhost with its queues and exchanges; a failure is ignored (it is only clean-up)."""
    try:
        if api_available():
            _api("DELETE", f"/vhosts/{urllib.parse.quote(name, safe='')}")
        else:
            _rabbitmqctl("delete_vhost", name)
    except (OSError, urllib.error.URLError, subprocess.SubprocessError, NoBroker):
        pass


def _accounts(vhost: str):
    """The project's own account maker (server.runtime.broker_accounts) on the test broker's API."""
    from server.runtime.broker_accounts import BrokerAccounts

    if not api_available():
        raise NoBroker("the RabbitMQ management API is not enabled (packaging/test.sh enables it)")
    parts = urllib.parse.urlsplit(API)
    return BrokerAccounts(f"{parts.scheme}://guest:guest@{parts.netloc}{parts.path}", vhost)


def create_person(vhost: str, login: str, password: str) -> None:
    """A broker account for a person on ``vhost``, with the permissions a person gets
    (shared.client.person_permissions); needs the management API."""
    accounts = _accounts(vhost)
    accounts.put_user(login, password)
    accounts.grant_person(login)


def create_service(vhost: str, login: str, password: str) -> None:
    """A service's broker account on ``vhost`` (everything on the vhost); needs the management API."""
    accounts = _accounts(vhost)
    accounts.put_user(login, password)
    accounts.grant_service(login)


def list_users() -> list[str]:
    """Every account's name (management API)."""
    request = urllib.request.Request(API + "/users", headers={"Authorization": _AUTH})
    with urllib.request.urlopen(request, timeout=30) as response:
        return [u["name"] for u in json.loads(response.read())]


def delete_user(login: str) -> None:
    try:
        _api("DELETE", f"/users/{urllib.parse.quote(login, safe='')}")
    except (OSError, urllib.error.URLError):
        pass
