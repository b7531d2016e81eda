"""Site passwords encrypted at rest (Fernet: AES-128-CBC with an HMAC-SHA256 tag).

The key is never in the database, so a dump alone does not reveal a password. It comes from the
setting ``harvest.credentials.key``, else ``$NAS_CREDENTIALS_KEY``, else the key file
``harvest.credentials.key_file`` (default: ``harvest-credentials.key`` beside the service's
configuration file, outside the data directory, so a backup of the data never holds the key
with the ciphertext; made once with mode 0600). See
docs/decisions/definitions-credential-storage.md.

A key file holds one key per line: the first encrypts, every one decrypts. That is how
:func:`rotate` changes the key without a moment in which a stored password cannot be read.
"""
from __future__ import annotations

import datetime as dt
import logging
import os
import secrets

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from shared.errors import ConfigError

log = logging.getLogger(__name__)

KEY_FILE = "harvest-credentials.key"


class CredentialCipher:
    def __init__(self, key: str | bytes | list[str]):
        keys = key if isinstance(key, list) else [key]
        try:
            self._fernet = MultiFernet([Fernet(k) for k in keys])
        except (ValueError, TypeError):
            raise ConfigError("harvest.credentials.key: not a Fernet key (32 bytes, urlsafe base64)",
                              {"key": "harvest.credentials.key"}) from None

    def encrypt(self, password: str) -> str:
        return self._fernet.encrypt(password.encode("utf-8")).decode("ascii")

    def decrypt(self, token: str) -> str:
        try:
            return self._fernet.decrypt(token.encode("ascii")).decode("utf-8")
        except InvalidToken:
            raise ConfigError("a stored site password cannot be decrypted with the configured key "
                              "(harvest.credentials.key changed?)", {"key": "harvest.credentials.key"}) from None

    def rotate(self, token: str) -> str:
        """``token`` encrypted again with the first key."""
        try:
            return self._fernet.rotate(token.encode("ascii")).decode("ascii")
        except InvalidToken:
            raise ConfigError("a stored site password cannot be decrypted with any key of the key file",
                              {"key": "harvest.credentials.key_file"}) from None

    @staticmethod
    def generate_key() -> str:
        return Fernet.generate_key().decode("ascii")


def key_file_path(configured_file: str, data_dir: str) -> str:
    """Where the key file is: the setting, else beside the service's configuration file, else
    (no configuration file: tests, embedded use) under ``data_dir``."""
    if configured_file:
        return os.path.abspath(configured_file)
    from server.runtime.settings_provider import config_source

    source = config_source()
    if os.path.isfile(source):
        return os.path.join(os.path.dirname(os.path.abspath(source)), KEY_FILE)
    return os.path.join(os.path.abspath(data_dir), KEY_FILE)


def read_keys(path: str) -> list[str]:
    with open(path, encoding="ascii") as fh:
        keys = [line.strip() for line in fh if line.strip() and not line.startswith("#")]
    if not keys:
        raise ConfigError(f"{path}: the credentials key file holds no key", {"key": "harvest.credentials.key_file"})
    return keys


def write_keys(path: str, keys: list[str]) -> None:
    """Replace the key file at once (mode 0600): a crash leaves the old file or the new one."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = f"{path}.tmp-{secrets.token_hex(4)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write("".join(k + "\n" for k in keys))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def cipher_from_settings(configured: str, data_dir: str, configured_file: str = "") -> CredentialCipher:
    """The configured key, the environment's, or the key file (created when missing)."""
    key = configured or os.environ.get("NAS_CREDENTIALS_KEY", "")
    if key:
        return CredentialCipher(key)
    path = key_file_path(configured_file, data_dir)
    legacy = os.path.join(os.path.abspath(data_dir), KEY_FILE)
    if not os.path.exists(path) and path != legacy and os.path.exists(legacy):
        # made by an earlier version inside the data directory: still used, but said loudly
        log.warning("the site-password key is %s, inside the data directory (its backups then hold the key "
                    "with the passwords): move it to %s or set harvest.credentials.key_file", legacy, path)
        path = legacy
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another instance made it a moment ago
        else:
            with os.fdopen(fd, "w") as fh:
                fh.write(CredentialCipher.generate_key() + "\n")
    return CredentialCipher(read_keys(path))


def rotate(session, path: str, drop_old: bool = False) -> tuple[int, list[str]]:
    """Put a new key first in the key file at ``path``, encrypt every stored password with it
    (one transaction of ``session``), and with ``drop_old`` remove the older keys afterwards.
    Returns (passwords re-encrypted, the key file's keys now). Run it with the definitions
    service stopped (a running instance keeps the keys it started with).

    Safe at every step: the file is replaced whole, the new key is added before any password
    uses it, and old keys are dropped only after the commit."""
    from sqlalchemy import select

    from server.definitions.models import SiteCredential

    old = read_keys(path)
    backup = f"{path}.{dt.datetime.now(dt.UTC).strftime('%Y%m%dT%H%M%SZ')}.bak"
    write_keys(backup, old)
    keys = [CredentialCipher.generate_key(), *old]
    write_keys(path, keys)
    cipher = CredentialCipher(keys)
    count = 0
    for cred in session.scalars(select(SiteCredential)):
        cred.password_encrypted = cipher.rotate(cred.password_encrypted)
        count += 1
    session.commit()
    if drop_old:
        keys = keys[:1]
        write_keys(path, keys)
    return count, keys
