"""Connection settings, kept with QSettings (per user, per machine); the password in the system
keyring (desktop/rpc/secrets.py), never in the settings file: without a keyring it lives for
the session only, and the connection dialog asks for it.

``NAS_DESKTOP_SETTINGS=FILE`` keeps them in that INI file instead (the desktop tests set it, so
they never read or change the user's own settings).
"""
from __future__ import annotations

import dataclasses
import os
from urllib.parse import quote, urlsplit

from PySide6.QtCore import QSettings

ORGANISATION = "NetarchiveSuite"
APPLICATION = "nas-desktop"


@dataclasses.dataclass
class ConnectionSettings:
    broker: str = "amqp://localhost:5672"    # scheme, host and port of RabbitMQ
    vhost: str = "/"                          # the environment (PROD, TEST, a developer's own)
    user: str = "guest"
    password: str = "guest"
    viewerproxy: str = "http://localhost:8070"
    timeout: float = 30.0

    def amqp_uri(self) -> str:
        parts = urlsplit(self.broker if "://" in self.broker else "amqp://" + self.broker)
        host = parts.hostname or "localhost"
        port = parts.port or 5672
        vhost = self.vhost or "/"
        vhost_part = "" if vhost == "/" else quote(vhost, safe="")
        auth = f"{quote(self.user, safe='')}:{quote(self.password, safe='')}"
        return f"{parts.scheme or 'amqp'}://{auth}@{host}:{port}/{vhost_part}"

    def problems(self) -> dict[str, str]:
        """Field → untranslated problem key ('empty', 'scheme'); the dialog translates them."""
        out = {}
        parts = urlsplit(self.broker if "://" in self.broker else "amqp://" + self.broker)
        if not self.broker.strip():
            out["broker"] = "empty"
        elif parts.scheme not in ("amqp", "amqps") or not parts.hostname:
            out["broker"] = "scheme"
        else:
            try:
                _ = parts.port
            except ValueError:
                out["broker"] = "scheme"
        if not self.user.strip():
            out["user"] = "empty"
        vp = urlsplit(self.viewerproxy)
        if self.viewerproxy and (vp.scheme not in ("http", "https") or not vp.hostname):
            out["viewerproxy"] = "url"
        return out


SETTINGS_ENV = "NAS_DESKTOP_SETTINGS"


def _qsettings() -> QSettings:
    path = os.environ.get(SETTINGS_ENV)
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings(ORGANISATION, APPLICATION)


def _password_key(broker: str, user: str) -> str:
    return f"broker-password:{user}@{broker}"


def settings_file() -> str:
    """Where the settings are kept (for the About box and the tests)."""
    return _qsettings().fileName()


def load_connection() -> ConnectionSettings:
    from desktop.rpc import secrets

    s = _qsettings()
    d = ConnectionSettings()
    c = ConnectionSettings(
        broker=str(s.value("connection/broker", d.broker)),
        vhost=str(s.value("connection/vhost", d.vhost)),
        user=str(s.value("connection/user", d.user)),
        password=d.password,
        viewerproxy=str(s.value("connection/viewerproxy", d.viewerproxy)),
        timeout=float(s.value("connection/timeout", d.timeout)),
    )
    legacy = s.value("connection/password")
    if legacy is not None:
        # written in clear by an earlier version: into the keyring if there is one, out of the file
        secrets.save(_password_key(c.broker, c.user), str(legacy))
        s.remove("connection/password")
        s.sync()
        c.password = str(legacy)
    kept = secrets.load(_password_key(c.broker, c.user))
    if kept is not None:
        c.password = kept
    return c


def save_connection(c: ConnectionSettings) -> None:
    from desktop.rpc import secrets

    s = _qsettings()
    for f in dataclasses.fields(c):
        if f.name != "password":
            s.setValue(f"connection/{f.name}", getattr(c, f.name))
    s.remove("connection/password")
    s.sync()
    secrets.save(_password_key(c.broker, c.user), c.password)


def load_language() -> str:
    return str(_qsettings().value("ui/language", "en"))


def save_language(code: str) -> None:
    s = _qsettings()
    s.setValue("ui/language", code)
    s.sync()
