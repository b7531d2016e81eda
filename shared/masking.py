"""Secret values hidden before a configuration is shown (``nas config show``, the desktop).

A value is secret when its setting's last name part says so (``password``, ``secret``,
``token``, ``key`` and names ending in them: ``harvest.credentials.key``, ``AMQP_PASSWORD``), but
not when it only names where a secret is (``key_file``, ``..._path``, ``..._dir``). The password
in a URL (``amqp://user:PASSWORD@host``, ``postgresql://user:PASSWORD@host/db``) is masked
wherever it appears.
"""
from __future__ import annotations

import re
from typing import Any

MASK = "********"

_SECRET_NAME = re.compile(r"(password|passwd|passphrase|secret|token|key)$", re.IGNORECASE)
_LOCATION_NAME = re.compile(r"(file|path|dir|directory|url|id|name|size|ttl|bytes)$", re.IGNORECASE)
_URL_PASSWORD = re.compile(r"(?P<head>[a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\s]*:)(?P<password>[^@\s]*)(?P<tail>@)")


def is_secret_name(name: str) -> bool:
    last = re.split(r"[.\s]", str(name))[-1]
    return bool(_SECRET_NAME.search(last)) and not _LOCATION_NAME.search(last)


def mask_text(text: str) -> str:
    """``text`` with the passwords of URLs in it masked."""
    return _URL_PASSWORD.sub(lambda m: m.group("head") + (MASK if m.group("password") else "") + m.group("tail"), text)


def masked(tree: Any, name: str = "") -> Any:
    """A copy of a configuration tree (dicts, lists, scalars) with every secret value masked."""
    if isinstance(tree, dict):
        return {k: masked(v, str(k)) for k, v in tree.items()}
    if isinstance(tree, list):
        return [masked(v, name) for v in tree]
    if is_secret_name(name) and isinstance(tree, str) and tree:
        return MASK
    if isinstance(tree, str):
        return mask_text(tree)
    return tree
