"""Broker accounts, made and changed through RabbitMQ's management HTTP API.

Identity is the broker login (docs/decisions/one-client-and-broker-identity.md): each person and
each service instance logs in to RabbitMQ with an account of its own, and the broker's
permissions keep a person to their own reply queues (``shared.client.person_permissions``). The
definitions service (people: ``nas users``), ``nas deploy`` and the demo (services) make those
accounts here. The management API is reached with an administrator's credentials in its URL
(``broker.management_url``, e.g. ``http://nas-admin:secret@broker:15672/api``), which only service
hosts hold.
"""
from __future__ import annotations

import base64
import json
import secrets
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from shared.errors import Unavailable

#: logins of service accounts start with this; a person's login may not
SERVICE_PREFIX = "svc-"


def new_password() -> str:
    """A password for a new account: 128 bits, URL-safe (it goes into AMQP URIs)."""
    return secrets.token_urlsafe(16)


def service_permissions() -> dict[str, str]:
    """What a service account may do on the installation's vhost: declare, bind, publish and read
    anything (its queues, events, heartbeats and replies). People get far less."""
    return {"configure": ".*", "write": ".*", "read": ".*"}


class BrokerAccounts:
    """The accounts of one vhost, through the management API at ``management_url``."""

    def __init__(self, management_url: str, vhost: str, timeout: float = 15.0):
        parts = urllib.parse.urlsplit(management_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise Unavailable(f"broker.management_url: not an http(s) URL: {self._safe(management_url)}",
                              {"key": "broker.management_url"})
        user = self.user = urllib.parse.unquote(parts.username or "guest")
        password = urllib.parse.unquote(parts.password or "guest")
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        netloc = parts.hostname + (f":{parts.port}" if parts.port else "")
        self.base = urllib.parse.urlunsplit(parts._replace(netloc=netloc)).rstrip("/")
        self.vhost = vhost
        self.timeout = timeout

    @staticmethod
    def _safe(url: str) -> str:
        parts = urllib.parse.urlsplit(url)
        return url if parts.password is None else url.replace(f":{parts.password}@", ":**@")

    def _call(self, method: str, path: str, body: Any = None, missing_ok: bool = False) -> Any:
        request = urllib.request.Request(
            self.base + path, method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": self.auth, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                data = response.read()
        except urllib.error.HTTPError as exc:
            if exc.code == 404 and missing_ok:
                return None
            detail = exc.read()[:300].decode("utf-8", "replace")
            raise Unavailable(f"the broker's management API refused {method} {path} ({exc.code}): {detail}",
                              {"reason": "broker_refused", "status": exc.code}) from None
        except (OSError, urllib.error.URLError) as exc:
            raise Unavailable(f"cannot reach the broker's management API at {self.base}: {exc}",
                              {"reason": "broker_unreachable"}) from None
        return json.loads(data) if data else None

    def _q(self, name: str) -> str:
        return urllib.parse.quote(name, safe="")

    # --- accounts -------------------------------------------------------------------------------

    def create_vhost(self) -> None:
        """Make the vhost (nothing happens when it exists)."""
        self._call("PUT", f"/vhosts/{self._q(self.vhost)}")

    def exists(self, login: str) -> bool:
        return self._call("GET", f"/users/{self._q(login)}", missing_ok=True) is not None

    def put_user(self, login: str, password: str) -> None:
        """Create the account, or set its password (RabbitMQ's PUT replaces the user)."""
        self._call("PUT", f"/users/{self._q(login)}", {"password": password, "tags": ""})

    def delete_user(self, login: str) -> None:
        self._call("DELETE", f"/users/{self._q(login)}", missing_ok=True)

    def grant_person(self, login: str, exchange: str = "nameko-rpc") -> None:
        """A person's permissions on the vhost: calls and their own replies, nothing else."""
        from shared.client import person_permissions

        allowed = person_permissions(login, exchange)
        self._call("PUT", f"/permissions/{self._q(self.vhost)}/{self._q(login)}", allowed["permissions"])
        self._call("PUT", f"/topic-permissions/{self._q(self.vhost)}/{self._q(login)}", allowed["topic"])

    def grant_service(self, login: str) -> None:
        self._call("PUT", f"/permissions/{self._q(self.vhost)}/{self._q(login)}", service_permissions())

    def revoke(self, login: str) -> None:
        """No permission on the vhost any more; the account's open connections are closed, so a
        disabled person is cut off now, not when they next connect."""
        self._call("DELETE", f"/permissions/{self._q(self.vhost)}/{self._q(login)}", missing_ok=True)
        self._call("DELETE", f"/topic-permissions/{self._q(self.vhost)}/{self._q(login)}", missing_ok=True)
        self.close_connections(login)

    def close_connections(self, login: str) -> int:
        """Close every connection the account has open; answers how many."""
        closed = 0
        for connection in self._call("GET", "/connections?columns=name,user") or ():
            if connection.get("user") == login:
                self._call("DELETE", f"/connections/{self._q(connection['name'])}", missing_ok=True)
                closed += 1
        return closed

    def disable_guest(self) -> bool:
        """Delete RabbitMQ's ``guest`` account (everyone knows its password); True if it was there."""
        if not self.exists("guest"):
            return False
        self.delete_user("guest")
        return True
