"""Who is calling, inside a service: the broker login a call came from, and the roles it holds.

Identity is the authenticated broker connection (docs/decisions/one-client-and-broker-identity.md).
Every person and every service instance logs in to RabbitMQ with an account of its own; every
request carries the AMQP ``user_id`` property, which RabbitMQ checks against the connection's
login (a message naming another user closes the channel). The ``@rpc`` entrypoint puts that
login in the worker's context (:data:`LOGIN_KEY`), never anything the caller wrote.

The roles of a login:

* a **service account** (a login ``svc-<kind>.<instance>.<installation>``, made by
  ``nas deploy accounts`` and the demo, or one named in ``security.service_logins``) holds
  ``service``, and a harvester's (kind ``harvester``) also ``harvester``
  (the only role given site passwords): :func:`service_kind`;
* a **person** holds the roles the users table of the definitions service gives them
  (``nas users``); asked for once and kept ``security.roles_cache_seconds``, forgotten at once
  when the definitions service broadcasts ``users_changed``. A login the table does not know, or
  a disabled user, is refused.

Nothing a caller sends can change either: the table is the definitions service's, the login the
broker's. See docs/security.md.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nameko.extensions import DependencyProvider

from shared.errors import PermissionDenied, Unavailable
from shared.roles import HARVESTER_ROLE, SERVICE_ROLE

log = logging.getLogger(__name__)

#: the context key holding the broker account a call came from (set by the ``@rpc`` entrypoint
#: from the message's validated ``user_id``, never from a header)
LOGIN_KEY = "nas_broker_login"
SERVICE_PREFIX = "svc-"
ENV_SERVICE_LOGINS = "NAS_SERVICE_LOGINS"     # login=kind,...: what security.service_logins says when empty
USERS_CHANGED = "users_changed"               # the definitions service's broadcast event


@dataclass(frozen=True)
class Identity:
    """A verified caller: the broker login and the roles it holds."""

    subject: str
    roles: frozenset[str]
    login: str = ""

    def has(self, role: str) -> bool:
        return role in self.roles


NOBODY = Identity("", frozenset())


def service_logins(settings: Mapping[str, Any]) -> dict[str, str]:
    """``security.service_logins`` (login → service kind), else ``$NAS_SERVICE_LOGINS``
    (``guest=harvester,...``: how a test run or a development broker names its shared login)."""
    configured = dict(settings.get("security.service_logins") or {})
    if configured:
        return {str(k): str(v) for k, v in configured.items()}
    pairs = (item.split("=", 1) for item in os.environ.get(ENV_SERVICE_LOGINS, "").split(",") if "=" in item)
    return {login.strip(): kind.strip() for login, kind in pairs if login.strip()}


def service_kind(login: str, extra: Mapping[str, str]) -> str:
    """The service kind of a service account, or "" for anyone else. Service logins are
    ``svc-<kind>.<instance>.<installation>`` (``svc-harvester.crawl-1.prod``: kind ``harvester``;
    what ``nas deploy accounts`` and the demo make) or plain ``svc-<kind>``."""
    if login in extra:
        return extra[login] or "service"
    if login.startswith(SERVICE_PREFIX):
        return login[len(SERVICE_PREFIX):].split(".", 1)[0] or "service"
    return ""


def roles_of_kind(kind: str) -> frozenset[str]:
    harvester = kind == "harvester" or kind.startswith(("harvester-", "harvester_", "harvester."))
    return frozenset({SERVICE_ROLE, HARVESTER_ROLE} if harvester else {SERVICE_ROLE})


class UserDirectory:
    """People's roles as the definitions service keeps them, asked for over RPC and kept ``ttl``
    seconds. When the definitions service cannot be reached, roles seen before stay in use
    (a refusal of everyone would stop the archive for want of one service); a login never seen
    is then refused as unavailable."""

    def __init__(self, amqp_uri: str, ttl: float):
        from server.runtime.remote_services import RemoteServices

        self.ttl = ttl
        self._cache: dict[str, tuple[float, Any]] = {}     # login → (fetched at, UserDto | None)
        self._lock = threading.Lock()
        # the service's own calls to others: its login, one kept connection, failures as Unavailable
        self._calls = RemoteServices({"AMQP_URI": amqp_uri}, timeout=10.0, pool=1)

    def cached(self, login: str) -> tuple[bool, Any]:
        held = self._cache.get(login)
        if held is None or time.monotonic() - held[0] > self.ttl:
            return False, None
        return True, held[1]

    def lookup(self, login: str) -> Any:
        from shared.client import RemoteError

        with self._lock:    # one lookup at a time (they take milliseconds): a login is asked for once
            hit, user = self.cached(login)
            if hit:
                return user
            try:
                user = self._calls.call("definitions", "user_access", login)
            except (Unavailable, RemoteError) as exc:
                stale = self._cache.get(login)
                if stale is not None:
                    log.warning("the users table cannot be asked (%s); %s keeps the roles seen before", exc, login)
                    return stale[1]
                raise Unavailable(f"cannot check who {login!r} is: the definitions service (the users table) "
                                  f"does not answer ({exc})", {"reason": "users_unavailable"}) from None
            self._cache[login] = (time.monotonic(), user)
            return user

    def forget(self, login: str | None = None) -> None:
        """Drop what is kept about ``login`` (everyone: None), so its next call asks again."""
        if login is None:
            self._cache.clear()
        else:
            self._cache.pop(login, None)

    def close(self) -> None:
        self._calls.close()


class Guard:
    """What a container checks callers with: the service logins, the people's directory and
    where refusals and changes are audited. One per container (:func:`guard_for`)."""

    def __init__(self, settings: Mapping[str, Any], instance: str, amqp_uri: str):
        from server.runtime.audit import audit_path

        self.audit_log = audit_path(settings)
        self.instance = instance
        self.service_logins = service_logins(settings)
        self.directory = UserDirectory(amqp_uri, float(settings.get("security.roles_cache_seconds", 30.0)))

    def known(self, context_data: Mapping[str, Any]) -> Identity | None:
        """The caller, when it can be told without asking anyone (a service account, or a person
        looked up lately); None when the users table must be asked (:meth:`identify`). Raises
        PermissionDenied for a call without a login, an unknown or a disabled person."""
        login = str(context_data.get(LOGIN_KEY) or "")
        if not login:
            raise PermissionDenied("the call carries no broker login (the AMQP user_id property): "
                                   "the services take the caller from it", {"reason": "anonymous"})
        kind = service_kind(login, self.service_logins)
        if kind:
            return Identity(login, roles_of_kind(kind), login)
        hit, user = self.directory.cached(login)
        return self._person(login, user) if hit else None

    def identify(self, context_data: Mapping[str, Any]) -> Identity:
        """The caller, asking the users table when needed (blocks for that call)."""
        who = self.known(context_data)
        if who is not None:
            return who
        login = str(context_data[LOGIN_KEY])
        return self._person(login, self.directory.lookup(login))

    def identify_quietly(self, context_data: Mapping[str, Any]) -> Identity:
        """The caller as far as it is known without asking: for the audit and the ``Caller``
        dependency (whose call ``@rpc`` has already identified)."""
        login = str(context_data.get(LOGIN_KEY) or "")
        try:
            return self.known(context_data) or Identity(login, frozenset(), login)
        except PermissionDenied:
            return Identity(login, frozenset(), login)

    @staticmethod
    def _person(login: str, user: Any) -> Identity:
        if user is None:
            raise PermissionDenied(f"{login!r} is not a user of this installation (an administrator adds people "
                                   "with `nas users add`)", {"reason": "unknown_user"})
        if user.disabled:
            raise PermissionDenied(f"the user {login!r} is disabled", {"reason": "disabled"})
        return Identity(login, frozenset(user.roles), login)


def guard_for(container) -> Guard:
    cached = getattr(container, "_nas_guard", None)
    if cached is None:
        from server.runtime.settings_provider import settings_for

        settings = settings_for(container)
        instance = settings.get("instance.id") or container.service_name
        cached = container._nas_guard = Guard(settings, str(instance), container.config["AMQP_URI"])
    return cached


class Caller(DependencyProvider):
    """``caller = Caller()``: the worker's verified :class:`Identity`. The ``@rpc`` entrypoint
    has already refused calls without a valid one; a worker started by another entrypoint
    (events, timers) gets the identity of the login its message came from, without roles
    unless it is a service."""

    def setup(self) -> None:
        self.guard = guard_for(self.container)

    def stop(self) -> None:
        self.guard.directory.close()

    def get_dependency(self, worker_ctx) -> Identity:
        return self.guard.identify_quietly(worker_ctx.data)


class Directory(DependencyProvider):
    """``directory = Directory()``: this container's :class:`UserDirectory`, for the handler of
    the definitions service's ``users_changed`` broadcast."""

    def get_dependency(self, worker_ctx) -> UserDirectory:
        return guard_for(self.container).directory
