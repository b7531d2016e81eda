"""Signed capability tokens: short-lived, bound to what they allow, checked without a database.

Several parts of the system hand out a right that another process checks later: the
arcrepository arranges a transfer that a bitarchive then accepts (a transfer ticket), a file
server gives out a file only to a holder of a token for that file, an operator's repair of one
corrupt copy is allowed for that file, replica and bad checksum only. They share this module::

    key = installation_key(settings)
    token = issue(key, "transfer", {"file": name, "md5": checksum, "replica": "ONE"}, ttl=600)
    claims = verify(key, token, "transfer", {"file": name, "replica": "ONE"})

A token is ``v1.<base64url(JSON claims)>.<base64url(HMAC-SHA-256)>``. The claims always carry the
purpose (``pur``), the expiry (``exp``, Unix seconds) and a random id (``jti``); ``verify``
checks the signature first (constant time), then purpose, expiry and every expected claim, and
raises :class:`shared.errors.TokenRejected` naming which check failed. A token is single-use
when the verifier passes a :class:`ReplayGuard`.

The key is one per installation (every host has the same file): ``security.key_file``; empty
means ``installation.key`` beside the service's configuration file (outside the data directory,
so a backup of the data never holds the key). A missing key file is created (mode 0600) only when
``security.create_key`` is on, as for the demo and tests; production deployments install it.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections.abc import Mapping
from typing import Any

from shared.errors import ConfigError, TokenRejected

VERSION = "v1"
KEY_BYTES = 32


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def issue(key: bytes, purpose: str, claims: Mapping[str, Any], ttl: float, now: float | None = None) -> str:
    """A token for ``purpose`` carrying ``claims`` (JSON-safe values), valid for ``ttl`` seconds."""
    if ttl <= 0:
        raise ValueError("ttl must be positive")
    body = {**claims, "pur": purpose, "exp": int((now or time.time()) + ttl) + 1, "jti": secrets.token_hex(12)}
    payload = _b64(json.dumps(body, sort_keys=True, separators=(",", ":")).encode())
    mac = hmac.new(key, f"{VERSION}.{payload}".encode(), hashlib.sha256).digest()
    return f"{VERSION}.{payload}.{_b64(mac)}"


def verify(key: bytes, token: str, purpose: str, expect: Mapping[str, Any] | None = None,
           replay: ReplayGuard | None = None, now: float | None = None) -> dict[str, Any]:
    """The token's claims, when it is genuine, for ``purpose``, unexpired, carries every
    ``expect``ed claim with that value, and (with ``replay``) has not been used before.
    Raises TokenRejected (details: ``reason`` = malformed | signature | purpose | expired |
    claim | replayed, and the claim's name)."""
    if not isinstance(token, str) or token.count(".") != 2:
        raise TokenRejected("the token is malformed", {"reason": "malformed"})
    version, payload, mac = token.split(".")
    if version != VERSION:
        raise TokenRejected(f"unknown token version {version[:10]!r}", {"reason": "malformed"})
    try:
        given = _unb64(mac)
    except (ValueError, TypeError):
        raise TokenRejected("the token is malformed", {"reason": "malformed"}) from None
    want = hmac.new(key, f"{version}.{payload}".encode(), hashlib.sha256).digest()
    if not hmac.compare_digest(given, want):
        raise TokenRejected("the token's signature is not valid (forged, altered, or signed with another "
                            "installation's key)", {"reason": "signature"})
    try:
        claims = json.loads(_unb64(payload))
    except (ValueError, TypeError):
        raise TokenRejected("the token is malformed", {"reason": "malformed"}) from None
    if claims.get("pur") != purpose:
        raise TokenRejected(f"the token is for {claims.get('pur')!r}, not {purpose!r}",
                            {"reason": "purpose", "purpose": str(claims.get("pur"))})
    if float(claims.get("exp", 0)) < (now or time.time()):
        raise TokenRejected("the token has expired", {"reason": "expired"})
    for name, value in (expect or {}).items():
        if claims.get(name) != value:
            raise TokenRejected(f"the token does not allow this {name}", {"reason": "claim", "claim": name})
    if replay is not None:
        replay.use(str(claims.get("jti")), float(claims["exp"]))
    return claims


class ReplayGuard:
    """Remembers the ids of used tokens until they expire, so a single-use token works once.

    In memory: a verifier that restarts forgets, which is acceptable only for short-lived tokens
    (a replay then needs a restart within the token's lifetime); verifiers whose tokens must
    never be replayed across restarts use :class:`DurableReplayGuard`."""

    def __init__(self) -> None:
        self._used: dict[str, float] = {}
        self._lock = threading.Lock()

    def use(self, jti: str, expires: float) -> None:
        now = time.time()
        with self._lock:
            if len(self._used) > 1000:
                self._used = {k: v for k, v in self._used.items() if v >= now}
            if jti in self._used:
                raise TokenRejected("the token has been used already", {"reason": "replayed"})
            self._used[jti] = expires


class DurableReplayGuard(ReplayGuard):
    """A :class:`ReplayGuard` whose used ids survive a restart of the verifier: kept in a small
    SQLite file (the standard library's ``sqlite3``; one row per used token, expired rows
    pruned at each use). Checking and recording is one write transaction, so two processes or
    threads presenting the same token at once cannot both pass; the commit reaches the disk
    before the token is accepted (SQLite's default ``synchronous=FULL``)."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with self._lock, self._connect() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS used_token (jti TEXT PRIMARY KEY, expires REAL NOT NULL)")

    def _connect(self):
        import contextlib
        import sqlite3

        @contextlib.contextmanager
        def connection():
            conn = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            try:
                yield conn
            finally:
                conn.close()
        return connection()

    def use(self, jti: str, expires: float) -> None:
        import sqlite3

        with self._lock, self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("DELETE FROM used_token WHERE expires < ?", (time.time(),))
                conn.execute("INSERT INTO used_token (jti, expires) VALUES (?, ?)", (jti, expires))
            except sqlite3.IntegrityError:
                conn.execute("ROLLBACK")
                raise TokenRejected("the token has been used already", {"reason": "replayed"}) from None
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def used(self) -> int:
        """How many unexpired used ids are kept (for tests and diagnostics)."""
        with self._lock, self._connect() as conn:
            return conn.execute("SELECT COUNT(*) FROM used_token WHERE expires >= ?", (time.time(),)).fetchone()[0]


def key_path(settings: Mapping[str, Any]) -> str:
    """Where this process finds the installation key (see the module docstring)."""
    configured = settings.get("security.key_file") or os.environ.get("NAS_KEY_FILE", "")
    if configured:
        return os.path.abspath(configured)
    from server.runtime.settings_provider import config_source

    source = config_source()
    if os.path.isfile(source):
        return os.path.join(os.path.dirname(os.path.abspath(source)), "installation.key")
    return os.path.join(os.path.abspath(settings.get("data_dir") or "."), "installation.key")


_cache: dict[str, bytes] = {}


def installation_key(settings: Mapping[str, Any]) -> bytes:
    """The installation's signing key, read once per process. Raises ConfigError when it is
    missing (and may not be created), unreadable, or too short."""
    path = key_path(settings)
    if path in _cache:
        return _cache[path]
    if not os.path.exists(path):
        if not settings.get("security.create_key", False):
            raise ConfigError(f"{path}: the installation key is missing (create it with `nas keys init`, or copy "
                              "the one every other host of this installation has)",
                              {"file": path, "key": "security.key_file"})
        _create(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read().strip()
        key = bytes.fromhex(raw.decode("ascii"))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the installation key: {exc}",
                          {"file": path, "key": "security.key_file"}) from None
    if len(key) < 16:
        raise ConfigError(f"{path}: the installation key is too short ({len(key)} bytes; want {KEY_BYTES})",
                          {"file": path, "key": "security.key_file"})
    _cache[path] = key
    return key


def create_key_file(path: str) -> bool:
    """Write a new random key to ``path`` (mode 0600) unless one is there; True when written."""
    return _create(path)


def _create(path: str) -> bool:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = f"{path}.tmp-{secrets.token_hex(4)}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot create the installation key: {exc}",
                          {"file": path, "key": "security.key_file"}) from None
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(KEY_BYTES) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        # link() fails when another process starting at the same time won: everyone keeps the first key
        os.link(tmp, path)
        return True
    except FileExistsError:
        return False
    finally:
        os.unlink(tmp)
