"""The desktop's secrets (the broker password, an identity token) in the system keyring, never
in its settings file.

``keyring`` finds the platform's store (Secret Service / KWallet on Linux desktops, macOS
Keychain, Windows Credential Locker). Where there is none (a server without a session bus),
:func:`available` is False, nothing is stored, and the desktop asks for the password each
session instead (the connection dialog). Nothing here ever writes a secret to a file.
"""
from __future__ import annotations

import logging

log = logging.getLogger(__name__)

SERVICE = "nas-desktop"


def _backend():
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
    except Exception:  # noqa: BLE001 - no keyring package or a broken backend: none available
        return None
    if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
        return None
    return backend


def available() -> bool:
    """Whether a real keyring stores secrets here (not a fail or plain-text backend)."""
    backend = _backend()
    return backend is not None and "plaintext" not in type(backend).__module__.lower()


def save(name: str, value: str) -> bool:
    """Keep ``value`` under ``name``; False when no keyring can (the caller then asks next time)."""
    if not available():
        return False
    try:
        _backend().set_password(SERVICE, name, value)
        return True
    except Exception as exc:  # noqa: BLE001 - a locked or refusing keyring: asked next time
        log.warning("the keyring did not keep %s: %s", name, exc)
        return False


def load(name: str) -> str | None:
    if not available():
        return None
    try:
        return _backend().get_password(SERVICE, name)
    except Exception as exc:  # noqa: BLE001 - as above
        log.warning("the keyring did not give %s: %s", name, exc)
        return None


def forget(name: str) -> None:
    if not available():
        return
    try:
        _backend().delete_password(SERVICE, name)
    except Exception:  # noqa: BLE001 - nothing stored under that name
        pass
