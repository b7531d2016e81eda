"""The archive browser's controller (QA): one viewer session per tab on the ``viewerproxy``
(h-viewer's wave-C contract), what the page shown is (capture date, file and offset, from the
proxy's response headers), the "record missing URLs" toggle with a live count, the missing-URL
list, and handing missing URLs to a curator as seeds. No widgets: the tab in
``desktop/screens/archive_browser.py`` owns the web view and its off-the-record profile."""
from __future__ import annotations

import dataclasses
import email.utils
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer, Signal

from desktop.controllers.base import Controller, Problem, required

POLL_MS = 2000


@dataclasses.dataclass
class ProxyInfo:
    """``proxy_info()``: where the proxy listens and the CA it signs its certificates with."""

    host: str
    port: int
    reserved_host: str
    ca_certificate_pem: str
    ca_sha256: str = ""


@dataclasses.dataclass
class Session:
    """``create_session()``: the session id and token are the proxy credentials of one tab."""

    session_id: str
    job_ids: list[int]
    recording: bool = False
    missing_count: int = 0
    token: str = ""
    timestamp: str | None = None
    state: str = "active"


@dataclasses.dataclass
class MissingUrl:
    url: str
    kind: str = ""
    referrer: str = ""
    count: int = 1


@dataclasses.dataclass
class CaptureInfo:
    """What the proxy said of the page shown (its response headers)."""

    url: str
    archived: bool
    memento_datetime: str = ""       # RFC 1123, as sent
    file: str = ""
    offset: int | None = None
    capture: str = ""                # 14 digits
    revisit_of: str = ""

    @property
    def when(self):
        """The capture time as an aware datetime (None when not archived)."""
        if not self.memento_datetime:
            return None
        try:
            return email.utils.parsedate_to_datetime(self.memento_datetime)
        except (TypeError, ValueError):
            return None


def capture_from_headers(url: str, status: int, headers: dict[str, str]) -> CaptureInfo:
    h = {k.lower(): v for k, v in headers.items()}
    offset = h.get("x-archive-offset")
    return CaptureInfo(url=url, archived=not (status == 404 and h.get("x-archive-missing") == "1"),
                       memento_datetime=h.get("memento-datetime", ""), file=h.get("x-archive-file", ""),
                       offset=int(offset) if offset and offset.isdigit() else None,
                       capture=h.get("x-archive-capture", ""), revisit_of=h.get("x-archive-revisit-of", ""))


def _field(value: Any, name: str, default: Any = None) -> Any:
    return value.get(name, default) if isinstance(value, dict) else getattr(value, name, default)


def _session(value: Any) -> Session:
    return Session(session_id=_field(value, "session_id"), job_ids=list(_field(value, "job_ids", [])),
                   recording=bool(_field(value, "recording", False)),
                   missing_count=int(_field(value, "missing_count", 0) or 0), token=_field(value, "token", "") or "",
                   timestamp=_field(value, "timestamp"), state=_field(value, "state", "active"))


class ArchiveBrowserController(Controller):
    """Signals: ``sessionReady(ProxyInfo, Session)`` (a new session: the tab makes a new
    off-the-record profile for it), ``sessionChanged(Session)``, ``missingChanged(list[MissingUrl], int)``,
    ``captureChanged(CaptureInfo)``, ``unreachable(str)`` (the viewerproxy cannot be used)."""

    service = "viewerproxy"
    sessionReady = Signal(object, object)
    sessionChanged = Signal(object)
    missingChanged = Signal(list, int)
    captureChanged = Signal(object)
    unreachable = Signal(str)

    def __init__(self, client, call=None, parent=None, poll_ms: int = POLL_MS):
        super().__init__(client, call, parent)
        self.info: ProxyInfo | None = None
        self.session: Session | None = None
        self.capture: CaptureInfo | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self._poll)
        self._polling = False
        self._listed: int | None = None      # the total of the missing-URL list last shown
        self._listing = False

    # --- sessions ------------------------------------------------------------------------------

    def open(self, job_ids: list[int], timestamp: str | None = None, user: str | None = None) -> None:
        """A new session for ``job_ids`` (switching jobs makes a new session, so that the new
        profile never shows a page cached for the other jobs); the old one is stopped."""
        if not job_ids:
            return
        old = self.session

        def got_info(info: Any) -> None:
            self.info = ProxyInfo(host=_field(info, "host"), port=int(_field(info, "port")),
                                  reserved_host=_field(info, "reserved_host", "viewerproxy.invalid"),
                                  ca_certificate_pem=_field(info, "ca_certificate_pem", ""),
                                  ca_sha256=_field(info, "ca_sha256", "") or "")
            self.rpc("create_session", list(job_ids), timestamp, False, user).on(self._created, self._failed)
        self.rpc("proxy_info").on(got_info, self._failed)
        if old is not None:
            self.rpc("stop_session", old.session_id)

    def _created(self, value: Any) -> None:
        self.session = _session(value)
        self.capture = None
        self._listed = None
        self.sessionReady.emit(self.info, self.session)
        self.load_missing()      # the new session's list (empty): never the old session's

    def _failed(self, f) -> None:
        from desktop.errors import describe

        self.timer.stop()
        self.unreachable.emit(describe(f))
        self.failure.emit(f)

    def close(self) -> None:
        self.timer.stop()
        if self.session is not None:
            self.rpc("stop_session", self.session.session_id)
            self.session = None

    # --- recording missing URLs ----------------------------------------------------------------

    def set_recording(self, on: bool) -> None:
        if self.session is None:
            return
        self.rpc("set_recording", self.session.session_id, bool(on)).on(self._changed, self._failed)

    def _changed(self, value: Any) -> None:
        token = self.session.token if self.session else ""
        self.session = _session(value)
        self.session.token = self.session.token or token     # only create_session hands out the token
        self.sessionChanged.emit(self.session)
        if self.session.missing_count != self._listed:
            # the list follows the live count: a URL the page just asked for appears by itself
            self.load_missing()
        if self.session.recording:
            self.timer.start()
        else:
            self.timer.stop()

    def _poll(self) -> None:
        if self._polling or self.session is None:
            return
        self._polling = True
        c = self.rpc("session", self.session.session_id)
        c.succeeded.connect(self._changed)
        c.failed.connect(self._failed)
        c.finished.connect(lambda: setattr(self, "_polling", False))

    def load_missing(self, offset: int = 0, limit: int = 500) -> None:
        if self.session is None or self._listing:
            return
        session_id = self.session.session_id

        def got(page: Any) -> None:
            if self.session is None or self.session.session_id != session_id:
                return     # a list of the session this tab had before
            items = [MissingUrl(_field(m, "url"), _field(m, "kind", ""), _field(m, "referrer", ""),
                                int(_field(m, "count", 1) or 1)) for m in _field(page, "items", [])]
            self._listed = int(_field(page, "total", len(items)))
            self.missingChanged.emit(items, self._listed)
        self._listing = True
        c = self.rpc("missing_urls", session_id, offset=offset, limit=limit)
        c.succeeded.connect(got)
        c.failed.connect(self.failure.emit)
        c.finished.connect(lambda: setattr(self, "_listing", False))

    def add_as_seeds(self, domain_text: str, seed_list_text: str, urls: list[str]) -> bool:
        """Hand the chosen missing URLs to a curator: they become seeds of ``domain``'s list."""
        self.cleared.emit("seeds")
        if self.session is None:
            return False
        try:
            domain = required(domain_text)
        except Problem as p:
            self.problem.emit("seeds", "domain", str(p))
            return False
        try:
            seed_list = required(seed_list_text)
        except Problem as p:
            self.problem.emit("seeds", "seed_list", str(p))
            return False
        if not urls:
            self.problem.emit("seeds", "", QCoreApplication.translate("ArchiveBrowser",
                                                                      "Choose the missing URLs to add."))
            return False

        def done(count: Any) -> None:
            self.status.emit(QCoreApplication.translate("ArchiveBrowser", "%Ln seed(s) added to {list} of {domain}.",
                                                        "", int(count)).format(list=seed_list, domain=domain))
        self.rpc("add_missing_as_seeds", self.session.session_id, domain, seed_list, list(urls)).on(
            done, lambda f: self.fail("seeds", f, ("domain", "seed_list"), default="domain"))
        return True

    # --- the page shown ------------------------------------------------------------------------

    def page_answered(self, url: str, status: int, headers: dict[str, str]) -> None:
        """The proxy's answer for the page shown (the tab reads its headers)."""
        self.capture = capture_from_headers(url, status, headers)
        self.captureChanged.emit(self.capture)

    def record_location(self) -> tuple[str, int] | None:
        c = self.capture
        if c is None or not c.file or c.offset is None:
            return None
        return c.file, c.offset

    def proxy_credentials(self) -> tuple[str, str] | None:
        """What the tab answers the proxy's 407 with: this session, no prompt."""
        if self.session is None:
            return None
        return self.session.session_id, self.session.token
