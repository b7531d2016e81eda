"""Secret values hidden before a configuration is shown (``nas config show``, the desktop).

A value is secret when its setting's last name part says so (``password``, ``secret``,
``token``, ``key`` and names ending in them: ``harvest.credentials.key``, ``AMQP_PASSWORD``), but
not when it only names where a secret is (``key_file``, ``..._path``, ``..._dir``); a number
there is masked too (YAML reads ``password: 1234`` as one). Inside any text, every form a password
takes is masked (#29: ``?password=`` in a database URL was shown):

- the password of a URL (``amqp://user:PASSWORD@host``), up to the *last* ``@`` before the host
  (a password holding ``@`` was shown from its ``@`` on);
- a ``NAME=VALUE`` pair whose name is a secret's: a URL's query (``?password=``,
  ``&sslpassword=``, ``&access_token=``), a libpq connection string (``password='a b'``), an
  environment line (``AMQP_PASSWORD=...``).
"""
from __future__ import annotations

import re
from typing import Any

MASK = "********"

_SECRET = r"(?:password|passwd|passphrase|pwd|secret|token|key)"
_SECRET_NAME = re.compile(_SECRET + "$", re.IGNORECASE)
_LOCATION_NAME = re.compile(r"(file|path|dir|directory|url|id|name|size|ttl|bytes)$", re.IGNORECASE)
# scheme://user:PASSWORD@host — the authority ends at the first / ? # or space after the last @
_URL_PASSWORD = re.compile(r"(?P<head>[a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\s?#]*:)(?P<password>[^\s]*)"
                           r"(?P<tail>@[^@/?#\s]*(?=[/?#\s]|$))")
# NAME=VALUE where NAME ends in a secret's word; VALUE quoted ('a b', "a b") or up to & ; , or space
_PAIR = re.compile(r"(?P<head>(?:^|(?<=[\s?&;,]))(?:[A-Za-z_][\w.-]*?)?" + _SECRET + r"\s*=\s*)"
                   r"(?P<value>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^\s&;,]+)", re.IGNORECASE)


def is_secret_name(name: str) -> bool:
    last = re.split(r"[.\s]", str(name))[-1]
    return bool(_SECRET_NAME.search(last)) and not _LOCATION_NAME.search(last)


def mask_text(text: str) -> str:
    """``text`` with every password form in it masked (see the module docstring)."""
    text = _URL_PASSWORD.sub(lambda m: m.group("head") + (MASK if m.group("password") else "") + m.group("tail"),
                             text)
    return _PAIR.sub(lambda m: m.group("head") + MASK, text)


def masked(tree: Any, name: str = "") -> Any:
    """A copy of a configuration tree (dicts, lists, scalars) with every secret value masked."""
    if isinstance(tree, dict):
        return {k: masked(v, str(k)) for k, v in tree.items()}
    if isinstance(tree, list):
        return [masked(v, name) for v in tree]
    if is_secret_name(name) and isinstance(tree, str | int | float) and not isinstance(tree, bool) and tree != "":
        return MASK
    if isinstance(tree, str):
        return mask_text(tree)
    return tree
