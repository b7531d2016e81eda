"""Who is calling, inside a service: the :class:`Guard` a container checks identities with and the
:class:`Caller` dependency. The tokens themselves (issuing, verifying, what a person or service
calls with) are in :mod:`server.runtime.identity_tokens`, which imports no Nameko; they are
re-exported here. See docs/decisions/trust-roles.md.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from nameko.extensions import DependencyProvider

from server.runtime import tokens
from server.runtime.identity_tokens import (  # noqa: F401 - re-exported
    CALLER_KEY,
    CONTEXT_KEY,
    ENV_TOKEN,
    KEY_HOLDER_TTL,
    LOGIN_KEY,
    PURPOSE,
    SERVICE_TTL,
    Identity,
    caller_config,
    context_of,
    issue,
    person_token,
    proxy_context,
    read_token,
    service_context,
    service_token,
    verify,
)
from shared.errors import PermissionDenied

# --- inside a service ---------------------------------------------------------------------------

class Guard:
    """What a container checks identities with: the installation key, the revoked ids and
    subjects, and where refusals and changes are audited. One per container
    (:func:`guard_for`); building it fails start-up when the key is missing."""

    def __init__(self, settings: Mapping[str, Any], instance: str):
        from server.runtime.audit import audit_path

        self.key = tokens.installation_key(settings)
        self.revoked = frozenset(str(x) for x in settings.get("security.revoked_identities") or ())
        self.audit_log = audit_path(settings)
        self.instance = instance

    def identify(self, context_data: Mapping[str, Any]) -> Identity:
        return verify(self.key, context_data.get(CONTEXT_KEY), self.revoked)

    def identify_quietly(self, context_data: Mapping[str, Any]) -> Identity:
        try:
            return self.identify(context_data)
        except PermissionDenied:
            return Identity("", frozenset())


def guard_for(container) -> Guard:
    cached = getattr(container, "_nas_guard", None)
    if cached is None:
        from server.runtime.settings_provider import settings_for

        settings = settings_for(container)
        instance = settings.get("instance.id") or container.service_name
        cached = container._nas_guard = Guard(settings, str(instance))
    return cached


class Caller(DependencyProvider):
    """``caller = Caller()``: the worker's verified :class:`Identity`. The ``@rpc`` entrypoint
    has already refused calls without a valid one; a worker started by another entrypoint
    (events, timers) gets an identity without roles."""

    def setup(self) -> None:
        self.guard = guard_for(self.container)

    def get_dependency(self, worker_ctx) -> Identity:
        who = self.guard.identify_quietly(worker_ctx.data)
        return dataclasses.replace(who, login=str(worker_ctx.data.get(LOGIN_KEY) or ""))
