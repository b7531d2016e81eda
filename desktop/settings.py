"""Connection settings, kept with QSettings (per user, per machine).

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


def settings_file() -> str:
    """Where the settings are kept (for the About box and the tests)."""
    return _qsettings().fileName()


def load_connection() -> ConnectionSettings:
    s = _qsettings()
    d = ConnectionSettings()
    return ConnectionSettings(
        broker=str(s.value("connection/broker", d.broker)),
        vhost=str(s.value("connection/vhost", d.vhost)),
        user=str(s.value("connection/user", d.user)),
        password=str(s.value("connection/password", d.password)),
        viewerproxy=str(s.value("connection/viewerproxy", d.viewerproxy)),
        timeout=float(s.value("connection/timeout", d.timeout)),
    )


def save_connection(c: ConnectionSettings) -> None:
    s = _qsettings()
    for f in dataclasses.fields(c):
        s.setValue(f"connection/{f.name}", getattr(c, f.name))
    s.sync()


def load_language() -> str:
    return str(_qsettings().value("ui/language", "en"))


def save_language(code: str) -> None:
    s = _qsettings()
    s.setValue("ui/language", code)
    s.sync()
