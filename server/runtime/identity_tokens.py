"""Who is calling: signed identity tokens, carried in Nameko's context data, checked by ``@rpc``
(:mod:`server.runtime.identity`). This half imports neither Nameko nor eventlet: ``nas`` uses it
on every command.

An identity is a capability token (:mod:`server.runtime.tokens`, purpose ``identity``) whose
claims name the subject (``sub``: ``alice``, ``service:harvester``, ``key:root``) and its roles
(``roles``, see :mod:`shared.roles`). Only a holder of the installation key can make one, so a
caller cannot claim roles it was not given: an administrator issues tokens to people
(``nas identity issue``), services mint their own, and a process that can read the key acts as
admin (reading the key already gives every power). See docs/decisions/trust-roles.md.

The token travels as Nameko context data under :data:`CONTEXT_KEY`; every proxy call made with
``context_data=caller_context(...)`` carries it in the message header ``nameko.nas_identity``.
"""
from __future__ import annotations

import getpass
import os
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from server.runtime import tokens
from shared.errors import ConfigError, PermissionDenied, TokenRejected
from shared.roles import ADMIN_ROLE, ALL_ROLES, HARVESTER_ROLE, SERVICE_ROLE

PURPOSE = "identity"
CONTEXT_KEY = "nas_identity"
SERVICE_TTL = 24 * 3600.0          # services renew their own token long before it expires
KEY_HOLDER_TTL = 24 * 3600.0
ENV_TOKEN = "NAS_IDENTITY"         # a token, or the path of a file holding one
#: the context key holding the broker account a call came from (set by the ``@rpc`` entrypoint
#: from the message's validated ``user_id``, never from a header)
LOGIN_KEY = "nas_broker_login"


@dataclass(frozen=True)
class Identity:
    """A verified caller."""

    subject: str
    roles: frozenset[str]
    token_id: str = ""
    login: str = ""          # the broker account the call came from (Caller fills it in)

    def has(self, role: str) -> bool:
        return role in self.roles


def issue(key: bytes, subject: str, roles: Iterable[str], ttl: float) -> str:
    """A token saying ``subject`` holds ``roles`` for ``ttl`` seconds. Raises ValueError for an
    unknown role or an empty subject."""
    roles = sorted(set(roles))
    unknown = [r for r in roles if r not in ALL_ROLES]
    if unknown or not roles:
        raise ValueError(f"unknown roles {unknown} (known: {', '.join(ALL_ROLES)})" if unknown else "no role given")
    if not subject or len(subject) > 200:
        raise ValueError("the subject must be a non-empty name of at most 200 characters")
    return tokens.issue(key, PURPOSE, {"sub": subject, "roles": roles}, ttl)


def verify(key: bytes, token: Any, revoked: Iterable[str] = ()) -> Identity:
    """The identity a token proves. Raises PermissionDenied when there is none, TokenRejected
    when it is forged, altered, expired or revoked."""
    if token is None or token == "":
        raise PermissionDenied("the call carries no identity: use a token from `nas identity issue` "
                               "(--identity FILE or $NAS_IDENTITY), or run where the installation key is readable",
                               {"reason": "anonymous"})
    claims = tokens.verify(key, token, PURPOSE)
    subject, roles = claims.get("sub"), claims.get("roles")
    if not isinstance(subject, str) or not isinstance(roles, list):
        raise TokenRejected("the identity token is malformed", {"reason": "malformed"})
    revoked = set(revoked)
    if subject in revoked or claims.get("jti") in revoked:
        raise TokenRejected(f"the identity of {subject!r} has been revoked", {"reason": "revoked"})
    return Identity(subject, frozenset(str(r) for r in roles), str(claims.get("jti", "")))


def context_of(token: str | None) -> dict[str, Any]:
    """Nameko context data carrying ``token`` (nothing for None)."""
    return {CONTEXT_KEY: token} if token else {}


# --- tokens a process holds ----------------------------------------------------------------------

_minted: dict[tuple, tuple[float, str]] = {}
_lock = threading.Lock()


def _mint_cached(key: bytes, subject: str, roles: tuple[str, ...], ttl: float) -> str:
    with _lock:
        held = _minted.get((key, subject, roles))
        if held is not None and held[0] - time.time() > ttl / 2:
            return held[1]
        token = issue(key, subject, roles, ttl)
        _minted[(key, subject, roles)] = (time.time() + ttl, token)
        return token


def service_token(settings: Mapping[str, Any], service_name: str) -> str:
    """The identity a service calls other services with: ``service:<name>``, role ``service``
    (the harvester also ``harvester``, the only role that receives site passwords)."""
    roles = (SERVICE_ROLE, HARVESTER_ROLE) if service_name == "harvester" else (SERVICE_ROLE,)
    return _mint_cached(tokens.installation_key(settings), f"service:{service_name}", roles, SERVICE_TTL)


def service_context(settings: Mapping[str, Any], service_name: str) -> dict[str, Any]:
    """Context data for a proxy a service makes: ``ClusterRpcProxy(cfg, context_data=...)``."""
    return context_of(service_token(settings, service_name))


CALLER_KEY = "NAS_CALLER"   # in a copy of a container's config: the service name its proxies call as


def caller_config(container) -> dict[str, Any]:
    """A copy of ``container``'s Nameko config for the standalone proxies a service makes; their
    calls carry the service's own identity (:func:`proxy_context`)."""
    return {**dict(container.config), CALLER_KEY: container.service_name}


def proxy_context(config: Mapping[str, Any]) -> dict[str, Any]:
    """Context data for ``ClusterRpcProxy(config, context_data=proxy_context(config))`` in a
    service: its identity, minted with the installation key its config names. Nothing when
    ``config`` does not come from :func:`caller_config` (then the callee refuses the call)."""
    name = config.get(CALLER_KEY)
    if not name:
        return {}
    security = config.get("security") or {}
    settings = {"security.key_file": security.get("key_file", ""),
                "security.create_key": security.get("create_key", False),
                "data_dir": config.get("data_dir", "./data")}
    return service_context(settings, str(name))


def read_token(value: str) -> str:
    """A token given as itself or as the path of a file holding it."""
    value = value.strip()
    if value.startswith(tokens.VERSION + ".") and value.count(".") == 2:
        return value
    try:
        with open(os.path.expanduser(value)) as fh:
            return fh.read().strip()
    except OSError as exc:
        raise ConfigError(f"{value}: cannot read the identity token: {exc.strerror}", {"file": value}) from None


def person_token(explicit: str | None = None, settings: Mapping[str, Any] | None = None) -> str | None:
    """The identity a command-line or desktop user calls with, first found of: ``explicit``
    (token or file), ``$NAS_IDENTITY``, ``~/.config/nas/identity.token``, else an admin token
    ``key:<login>`` when this process can read the installation key (``$NAS_KEY_FILE``, or the
    one the service configuration ``settings`` names). None when there is nothing: the services then refuse the call."""
    if explicit:
        return read_token(explicit)
    if os.environ.get(ENV_TOKEN):
        return read_token(os.environ[ENV_TOKEN])
    default = os.path.expanduser("~/.config/nas/identity.token")
    if os.path.isfile(default):
        return read_token(default)
    settings = dict(settings or {})
    if not settings and not os.environ.get("NAS_KEY_FILE"):
        return None
    try:
        key = tokens.installation_key({**settings, "security.create_key": False})
    except ConfigError:
        return None
    return _mint_cached(key, f"key:{_login()}", (ADMIN_ROLE,), KEY_HOLDER_TTL)


def _login() -> str:
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name (container without passwd entry)
        return str(os.getuid())
