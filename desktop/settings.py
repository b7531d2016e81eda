"""Connection settings, kept with QSettings (per user, per machine): the broker, its virtual host,
the viewerproxy and the last user name. The password is never kept here: the person signs in
each time, or asks to be remembered, which keeps the login where ``nas login`` keeps it
(:mod:`shared.credentials`, a file only its owner can read).

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
    # empty: ask the viewerproxy service where it listens (proxy_info), so the desktop agrees
    # with any installation and the demo without a port of its own; set only where the desktop
    # reaches the proxy at another address (a tunnel, NAT)
    viewerproxy: str = ""
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
    """The saved settings; the user name is the last one signed in, the password is empty (the
    caller fills it from the login it finds, or the login dialog asks)."""
    s = _qsettings()
    d = ConnectionSettings()
    c = ConnectionSettings(
        broker=str(s.value("connection/broker", d.broker)),
        vhost=str(s.value("connection/vhost", d.vhost)),
        user=str(s.value("connection/user", "")),
        password="",
        viewerproxy=str(s.value("connection/viewerproxy", d.viewerproxy)),
        timeout=float(s.value("connection/timeout", d.timeout)),
    )
    if s.contains("connection/password"):
        # written in clear by an earlier version: out of the file (the login dialog asks again)
        s.remove("connection/password")
        s.sync()
    return c


def save_connection(c: ConnectionSettings) -> None:
    """Keep everything but the password (see the module's text)."""
    s = _qsettings()
    for f in dataclasses.fields(c):
        if f.name != "password":
            s.setValue(f"connection/{f.name}", getattr(c, f.name))
    s.remove("connection/password")
    s.sync()


def load_language() -> str:
    return str(_qsettings().value("ui/language", "en"))


def save_language(code: str) -> None:
    s = _qsettings()
    s.setValue("ui/language", code)
    s.sync()
