"""Site passwords encrypted at rest (Fernet: AES-128-CBC with an HMAC-SHA256 tag).

The key is never in the database, so a dump alone does not reveal a password. It comes from the
setting ``harvest.credentials.key``, else ``$NAS_CREDENTIALS_KEY``, else a key file made once
under the data directory (mode 0600). See docs/decisions/definitions-credential-storage.md.
"""
from __future__ import annotations

import os

from cryptography.fernet import Fernet, InvalidToken

from shared.errors import ConfigError

KEY_FILE = "harvest-credentials.key"


class CredentialCipher:
    def __init__(self, key: str | bytes):
        try:
            self._fernet = Fernet(key)
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

    @staticmethod
    def generate_key() -> str:
        return Fernet.generate_key().decode("ascii")


def cipher_from_settings(configured: str, data_dir: str) -> CredentialCipher:
    """The configured key, the environment's, or the key file (created when missing)."""
    key = configured or os.environ.get("NAS_CREDENTIALS_KEY", "")
    if key:
        return CredentialCipher(key)
    path = os.path.join(data_dir, KEY_FILE)
    if not os.path.exists(path):
        os.makedirs(data_dir, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another instance made it a moment ago
        else:
            with os.fdopen(fd, "w") as fh:
                fh.write(CredentialCipher.generate_key() + "\n")
    with open(path, encoding="ascii") as fh:
        return CredentialCipher(fh.read().strip())
