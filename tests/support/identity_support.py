"""Identities for tests (see docs/decisions/trust-roles.md).

tests/conftest.py calls :func:`install` before any test module is imported: one installation
key per test process (``$NAS_KEY_FILE``, inherited by every service process a test starts) and
an ``admin`` identity on every ``ClusterRpcProxy`` made without ``context_data``, so tests that
are not about roles need no identity of their own. A test about roles passes its own::

    ClusterRpcProxy(config, context_data=as_roles("qa"))
"""
from __future__ import annotations

import os
import tempfile
from typing import Any

_installed = False


def key_file() -> str:
    return os.environ["NAS_KEY_FILE"]


def token(*roles: str, subject: str | None = None, ttl: float = 3600.0) -> str:
    """A genuine identity token for ``roles`` signed with this test run's key."""
    from server.runtime import identity, tokens

    key = tokens.installation_key({"security.key_file": key_file()})
    return identity.issue(key, subject or f"test-{'-'.join(roles)}", roles, ttl)


def as_roles(*roles: str, subject: str | None = None) -> dict[str, Any]:
    """Nameko context data carrying a token for ``roles``."""
    from server.runtime.identity import CONTEXT_KEY

    return {CONTEXT_KEY: token(*roles, subject=subject)}


def install() -> None:
    global _installed
    if _installed:
        return
    _installed = True
    if not os.environ.get("NAS_KEY_FILE"):
        folder = tempfile.mkdtemp(prefix="nas-test-key-")
        os.environ["NAS_KEY_FILE"] = os.path.join(folder, "installation.key")
    from server.runtime.tokens import create_key_file

    if not os.path.exists(key_file()):
        create_key_file(key_file())

    from nameko.standalone.rpc import StandaloneProxyBase

    original = StandaloneProxyBase.__init__

    def with_admin(self, config, context_data=None, *args, **kwargs):
        if context_data is None:
            context_data = as_roles("admin", subject="test-admin")
        original(self, config, context_data, *args, **kwargs)

    StandaloneProxyBase.__init__ = with_admin
