"""A person's broker login: who calls the services from ``nas`` and the desktop.

Identity is the authenticated broker connection (docs/decisions/one-client-and-broker-identity.md):
a person logs in to RabbitMQ with their own user name and password, and the services take the
caller from the AMQP ``user_id`` the broker validated. This module finds the login to use and
keeps it between runs; it imports nothing beyond the standard library (``nas`` pays for every
import on every command).

The login is the first found of: what the command line says (``--user``; the password from
``$NAS_PASSWORD`` or asked for), ``$NAS_USER`` with ``$NAS_PASSWORD``, the credentials file that
``nas login`` (or the desktop's "remember me") wrote: ``$XDG_CONFIG_HOME/nas/credentials``
(default ``~/.config/nas/credentials``), JSON ``{"user": ..., "password": ...}``, mode 0600.
Without any of them the broker URI's own user is used (``guest`` on a development broker).
"""
from __future__ import annotations

import json
import os
import urllib.parse
from dataclasses import dataclass

ENV_USER, ENV_PASSWORD = "NAS_USER", "NAS_PASSWORD"


@dataclass(frozen=True)
class Login:
    user: str
    password: str
    source: str = ""        # where it was found: "--user", "$NAS_USER", the file's path, "the broker URI"


class CredentialsError(Exception):
    """The credentials file cannot be read or written; the text says which file and why."""


def credentials_path() -> str:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "nas", "credentials")


def saved_login(path: str | None = None) -> Login | None:
    """The login kept in the credentials file, or None when there is no file."""
    path = path or credentials_path()
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise CredentialsError(f"{path}: cannot read the saved login ({exc}); run `nas login` again") from None
    if not isinstance(data, dict) or not isinstance(data.get("user"), str) or not isinstance(data.get("password"), str):
        raise CredentialsError(f"{path}: not a saved login; run `nas login` again")
    return Login(data["user"], data["password"], path)


def write_private(path: str, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only (0600, folders made 0700), whole or
    not at all (a partial file renamed into place). Raises OSError."""
    os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
    partial = f"{path}.{os.getpid()}.partial"
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(partial, path)


def save_login(login: Login, path: str | None = None) -> str:
    """Keep ``login`` in the credentials file, readable by its owner only (0600, written whole
    or not at all). Answers the file's path."""
    path = path or credentials_path()
    try:
        write_private(path, json.dumps({"user": login.user, "password": login.password}))
    except OSError as exc:
        raise CredentialsError(f"{path}: cannot save the login: {exc.strerror}") from None
    return path


def forget_login(path: str | None = None) -> bool:
    """Remove the credentials file; True when there was one."""
    try:
        os.remove(path or credentials_path())
        return True
    except FileNotFoundError:
        return False


def find_login(user: str | None = None, password: str | None = None) -> Login | None:
    """The login to call with (see the module's text), or None: use the broker URI's own user.
    ``user`` without ``password`` takes ``$NAS_PASSWORD`` or the saved password of that user;
    the caller asks for it when this answers a login with an empty password."""
    if user:
        if password is None:
            password = os.environ.get(ENV_PASSWORD)
        if password is None:
            saved = saved_login()
            password = saved.password if saved is not None and saved.user == user else ""
        return Login(user, password, "--user")
    if os.environ.get(ENV_USER):
        return Login(os.environ[ENV_USER], os.environ.get(ENV_PASSWORD, ""), "$" + ENV_USER)
    return saved_login()


def uri_with_login(amqp_uri: str, login: Login | None) -> str:
    """``amqp_uri`` with ``login``'s user and password in place of its own (unchanged for None)."""
    if login is None:
        return amqp_uri
    parts = urllib.parse.urlsplit(amqp_uri)
    auth = f"{urllib.parse.quote(login.user, safe='')}:{urllib.parse.quote(login.password, safe='')}"
    host = parts.hostname or "localhost"
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{auth}@{host}" + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def uri_user(amqp_uri: str) -> str:
    """The user name an AMQP URI logs in with (``guest`` when it names none)."""
    return urllib.parse.unquote(urllib.parse.urlsplit(amqp_uri).username or "guest")
