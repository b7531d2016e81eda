"""The archive browser's controller (QA): one viewer session per tab on the ``viewerproxy``
(h-viewer's wave-C contract), what the page shown is (capture date, file and offset, from the
proxy's response headers), previous/next capture of that page, the "record missing URLs" toggle
with a live count, the missing-URL list, handing missing URLs to a curator as seeds, and saving
the page's record or its whole archive file through the ``arcrepository``. No widgets: the tab
in ``desktop/screens/archive_browser.py`` owns the web view and its off-the-record profile."""
from __future__ import annotations

import dataclasses
import datetime as dt
import email.utils
import threading
import time
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, Qt, QThreadPool, QTimer, Signal

from desktop import downloads, formatting
from desktop.controllers.base import Controller, Problem, Work, required
from desktop.rpc.outcome import Failure

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
    def timestamp(self) -> str:
        """The capture's 14 digits (from X-Archive-Capture, else from Memento-Datetime)."""
        if self.capture:
            return self.capture
        when = self.when
        if when is None:
            return ""
        if when.tzinfo is None:          # "-0000": an HTTP date is UTC
            when = when.replace(tzinfo=dt.UTC)
        return when.astimezone(dt.UTC).strftime("%Y%m%d%H%M%S")

    @property
    def when(self):
        """The capture time as an aware datetime (None when not archived)."""
        if not self.memento_datetime:
            return None
        try:
            return email.utils.parsedate_to_datetime(self.memento_datetime)
        except (TypeError, ValueError):
            return None


@dataclasses.dataclass
class Navigation:
    """Where the page shown stands among the captures of its URL in the session's jobs:
    ``position`` is its index in ``timestamps`` (None when the capture shown is not among them,
    e.g. not archived); ``previous``/``next`` are the moments to step to (None at the ends)."""

    timestamps: list[str] = dataclasses.field(default_factory=list)
    position: int | None = None
    previous: str | None = None
    next: str | None = None
    busy: bool = False               # a step is on its way: both buttons wait for the new page

    @property
    def count(self) -> int:
        return len(self.timestamps)


def neighbours(timestamps: list[str], current: str) -> Navigation:
    """The captures just before and just after ``current`` (14 digits) among ``timestamps``
    (oldest first; equal times are one moment: stepping goes to another time)."""
    earlier = [t for t in timestamps if t < current]
    later = [t for t in timestamps if t > current]
    position = timestamps.index(current) if current in timestamps else None
    return Navigation(list(timestamps), position, earlier[-1] if earlier else None, later[0] if later else None)


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




def proxy_address(url: str) -> tuple[str, int] | None:
    """The host and port of a "http://host:port" the user set, or None (none set, or unusable)."""
    from urllib.parse import urlsplit

    if not url:
        return None
    try:
        parts = urlsplit(url if "://" in url else f"http://{url}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return parts.hostname, port or (443 if parts.scheme == "https" else 80)


class ArchiveBrowserController(Controller):
    """Signals: ``sessionReady(ProxyInfo, Session)`` (a new session: the tab makes a new
    off-the-record profile for it), ``sessionChanged(Session)``, ``missingChanged(list[MissingUrl], int)``,
    ``captureChanged(CaptureInfo)``, ``unreachable(str)`` (the viewerproxy cannot be used),
    ``navigationChanged(Navigation)`` (previous/next capture), ``reloadRequested()`` (the
    session's moment changed: the tab reloads the page, past its cache), ``openRequested(url)``
    (a page of the page list, once the session's moment is its capture),
    ``downloadProgress(str)`` and ``downloadFinished(bool, str)`` (translated texts)."""

    service = "viewerproxy"
    sessionReady = Signal(object, object)
    sessionChanged = Signal(object)
    missingChanged = Signal(list, int)
    captureChanged = Signal(object)
    unreachable = Signal(str)
    navigationChanged = Signal(object)
    reloadRequested = Signal()
    openRequested = Signal(str)
    downloadProgress = Signal(str)
    downloadFinished = Signal(bool, str)
    _downloaded = Signal(bool, object)
    _progressed = Signal(int)

    def __init__(self, client, call=None, parent=None, poll_ms: int = POLL_MS, archive_call=None):
        super().__init__(client, call, parent)
        archive = archive_call or (lambda method, *a, **kw: client.call("arcrepository", method, *a, **kw))
        self._archive = lambda method, *a, **kw: archive(method, *a, **kw).bind(self)
        self.info: ProxyInfo | None = None
        # "http://host:port" from the connection settings: used instead of the address the
        # service gives (empty: the service's own)
        self.proxy_address = ""
        self.session: Session | None = None
        self.capture: CaptureInfo | None = None
        self.navigation = Navigation()
        self._asked = 0                  # generation of the captures asked for: late answers are dropped
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self._poll)
        self._polling = False
        self._switches = 0               # recording switches asked for so far
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)   # one download at a time: the buttons wait for it
        self.downloading: str = ""       # the path being written, "" when none
        self._download_size: int | None = None
        self._last_progress = 0.0
        self._cancel = threading.Event()
        self._downloaded.connect(self._on_downloaded, Qt.ConnectionType.QueuedConnection)
        self._progressed.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
        self._listed: int | None = None      # the total of the missing-URL list last shown
        self._listing = False
        self._relist: tuple[int, int] | None = None   # asked again while a listing was on its way
        self._opened = 0                     # sessions asked for: only the latest one's answer counts

    # --- sessions ------------------------------------------------------------------------------

    def open(self, job_ids: list[int], timestamp: str | None = None, user: str | None = None) -> None:
        """A new session for ``job_ids`` (switching jobs makes a new session, so that the new
        profile never shows a page cached for the other jobs); the old one is stopped."""
        if not job_ids:
            return
        old = self.session
        # from here on nothing of the old session may win: its polls and switches still on their
        # way are dropped (the switch counter), and only this open's answer makes the session
        self._opened += 1
        opened = self._opened
        self._switches += 1
        self.timer.stop()

        def got_info(info: Any) -> None:
            if opened != self._opened:
                return
            host, port = proxy_address(self.proxy_address) or (_field(info, "host"), int(_field(info, "port")))
            self.info = ProxyInfo(host=host, port=port,
                                  reserved_host=_field(info, "reserved_host", "viewerproxy.invalid"),
                                  ca_certificate_pem=_field(info, "ca_certificate_pem", ""),
                                  ca_sha256=_field(info, "ca_sha256", "") or "")
            self.rpc("create_session", list(job_ids), timestamp, False, user).on(
                lambda value: self._created(opened, value), self._failed)
        self.rpc("proxy_info").on(got_info, self._failed)
        if old is not None:
            self.rpc("stop_session", old.session_id)

    def _created(self, opened: int, value: Any) -> None:
        if opened != self._opened:
            # another open (or a close) came after this one: this session is not shown, so stop it
            self.rpc("stop_session", _field(value, "session_id"))
            return
        self._switches += 1          # a poll of the old session answering now is not this one's
        self.session = _session(value)
        self.capture = None
        self._set_navigation(Navigation())
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
        self._opened += 1                # a session still being created is stopped when it comes
        self._switches += 1              # and polls on their way are dropped
        self._asked += 1                 # answers about captures still on the way are dropped
        self._cancel.set()               # a download under way stops at its next chunk
        if self.session is not None:
            self.rpc("stop_session", self.session.session_id)
            self.session = None

    # --- recording missing URLs ----------------------------------------------------------------

    def set_recording(self, on: bool) -> None:
        if self.session is None:
            return
        # a poll asked before this switch answers with the old state: it is dropped, and none is
        # asked until the switch's answer says whether to poll at all
        self._switches += 1
        self.timer.stop()
        self.rpc("set_recording", self.session.session_id, bool(on)).on(self._changed, self._failed)

    def _changed(self, value: Any) -> None:
        if self.session is None or _field(value, "session_id") != self.session.session_id:
            return       # about a session this tab no longer shows
        token = self.session.token
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
        asked = self._switches

        def polled(value: Any) -> None:
            if asked == self._switches:
                self._changed(value)
        c = self.rpc("session", self.session.session_id)
        c.succeeded.connect(polled)
        c.failed.connect(self._failed)
        c.finished.connect(lambda: setattr(self, "_polling", False))

    def load_missing(self, offset: int = 0, limit: int = 500) -> None:
        if self.session is None:
            return
        if self._listing:
            # one listing at a time; the one on its way may be of an older count or session, so
            # this one is sent once it is back (never dropped: the list always ends current)
            self._relist = (offset, limit)
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
        c.finished.connect(self._listing_done)

    def _listing_done(self) -> None:
        self._listing = False
        again, self._relist = self._relist, None
        if again is not None:
            self.load_missing(*again)

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
        """The proxy's answer for the page shown (the tab reads its headers); then the page's
        other captures are asked for, for previous/next."""
        self.capture = capture_from_headers(url, status, headers)
        self.captureChanged.emit(self.capture)
        self._load_captures()

    def page_unreadable(self, reason: str) -> None:
        """The proxy could not be asked about the page shown: nothing is claimed about it (no
        date, no record, no steps) until the next page."""
        self.capture = None
        self.captureChanged.emit(None)
        self._load_captures()
        self.status.emit(QCoreApplication.translate(
            "ArchiveBrowser", "What the archive holds of this page cannot be read: {reason}").format(reason=reason))

    # --- previous/next capture -------------------------------------------------------------------

    def _set_navigation(self, nav: Navigation) -> None:
        self.navigation = nav
        self.navigationChanged.emit(nav)

    def _load_captures(self) -> None:
        self._asked += 1
        asked, c = self._asked, self.capture
        if self.session is None or c is None or not c.archived or not c.timestamp:
            self._set_navigation(Navigation())
            return

        def got(found: Any) -> None:
            # the page changed meanwhile (a newer answer is coming), or the tab closed and its
            # controller is gone: an answer arriving then has nowhere to go
            if not shiboken6.isValid(self) or asked != self._asked:
                return
            stamps = [str(_field(x, "timestamp")) for x in found or []]
            self._set_navigation(neighbours(stamps, c.timestamp))

        def failed(f: Failure) -> None:
            from desktop.errors import describe

            if not shiboken6.isValid(self) or asked != self._asked:
                return
            self._set_navigation(Navigation())
            self.status.emit(QCoreApplication.translate(
                "ArchiveBrowser", "The other captures of this page cannot be listed: {reason}").format(
                reason=describe(f)))
        self.rpc("captures", self.session.session_id, c.url).on(got, failed)

    def can_step(self, direction: int) -> bool:
        nav = self.navigation
        return not nav.busy and (nav.previous if direction < 0 else nav.next) is not None

    def previous_capture(self) -> bool:
        """Show the capture of this page just before the one shown."""
        return self._step(-1)

    def next_capture(self) -> bool:
        """Show the capture of this page just after the one shown."""
        return self._step(1)

    def _step(self, direction: int) -> bool:
        """The session's moment becomes the neighbour's timestamp (the proxy then answers this
        page, and the pages reached from it, with the captures closest to that moment), and the
        tab reloads the page."""
        if self.session is None or not self.can_step(direction):
            return False
        target = self.navigation.previous if direction < 0 else self.navigation.next
        self._set_navigation(dataclasses.replace(self.navigation, busy=True))

        def moved(value: Any) -> None:
            self._changed(value)
            self.reloadRequested.emit()

        def failed(f: Failure) -> None:
            from desktop.errors import describe

            self._set_navigation(dataclasses.replace(self.navigation, busy=False))
            self.status.emit(QCoreApplication.translate(
                "ArchiveBrowser", "The other capture cannot be shown: {reason}").format(reason=describe(f)))
        self.rpc("update_session", self.session.session_id, timestamp=target).on(moved, failed)
        return True

    # --- the page list ------------------------------------------------------------------------------

    def open_capture(self, url: str, timestamp: str = "") -> bool:
        """Show ``url`` at its capture ``timestamp`` (14 digits; "": the session's moment): the
        session's moment is set to it first, so the page and the pages followed from it are the
        captures closest to it. The page is shown even when the moment cannot be set."""
        if self.session is None or not url:
            return False
        if not timestamp or timestamp == (self.session.timestamp or ""):
            self.openRequested.emit(url)
            return True
        session_id = self.session.session_id

        def moved(value: Any) -> None:
            if self.session is not None and self.session.session_id == session_id:
                self._changed(value)
                self.openRequested.emit(url)
        self.rpc("update_session", session_id, timestamp=timestamp).on(
            moved, lambda _f: self.openRequested.emit(url))
        return True

    # --- downloading the record and the file -----------------------------------------------------

    def suggested_record_name(self) -> str:
        where = self.record_location()
        return downloads.record_file_name(*where) if where else ""

    def suggested_file_name(self) -> str:
        where = self.record_location()
        return where[0] if where else ""

    def can_download(self) -> bool:
        return self.record_location() is not None and not self.downloading

    def download_record(self, path: str) -> bool:
        """Save the page's record (its bytes as stored in the archive) to ``path``."""
        where = self.record_location()
        if not path or where is None or self.downloading:
            return False
        self._begin(path, None)
        self._archive("get_record", where[0], where[1]).on(
            lambda w: self._fetch(_field(w, "url"), path, None), self._download_failed)
        return True

    def download_file(self, path: str) -> bool:
        """Save the whole archive file holding the page's record to ``path``, checked against the
        archive's checksum."""
        where = self.record_location()
        if not path or where is None or self.downloading:
            return False
        self._begin(path, None)

        def got(w: Any) -> None:
            self._download_size = _field(w, "size")
            self._fetch(_field(w, "url"), path, _field(w, "checksum"))
        self._archive("get_file", where[0]).on(got, self._download_failed)
        return True

    def _begin(self, path: str, size: int | None) -> None:
        self.downloading, self._download_size, self._last_progress = path, size, 0.0
        self._cancel.clear()
        self.downloadProgress.emit(QCoreApplication.translate("ArchiveBrowser", "Asking the archive for it..."))

    def _fetch(self, url: str, path: str, checksum: str | None) -> None:
        # streaming (a WARC file may be gigabytes) runs in a worker thread: the window stays responsive
        self.pool.start(Work(lambda: downloads.save_url(url, path, checksum, self._progressed.emit,
                                                             self._cancel.is_set), self._downloaded))

    def _on_progress(self, done: int) -> None:
        now = time.monotonic()
        if not self.downloading or now - self._last_progress < 0.2:
            return
        self._last_progress = now
        size = self._download_size
        if size:
            text = QCoreApplication.translate("ArchiveBrowser", "Downloading: {done} of {size}").format(
                done=formatting.size(done), size=formatting.size(size))
        else:
            text = QCoreApplication.translate("ArchiveBrowser", "Downloading: {done}").format(
                done=formatting.size(done))
        self.downloadProgress.emit(text)

    def _download_failed(self, f: Failure) -> None:
        from desktop.errors import describe

        self._finish(False, QCoreApplication.translate("ArchiveBrowser", "The download failed: {reason}").format(
            reason=describe(f)))

    def _on_downloaded(self, ok: bool, value: Any) -> None:
        path = self.downloading
        if ok:
            self._finish(True, QCoreApplication.translate("ArchiveBrowser", "Saved {path} ({size}).").format(
                path=path, size=formatting.size(int(value))))
            return
        if isinstance(value, downloads.DownloadError):
            reason = {
                "unavailable": QCoreApplication.translate(
                    "ArchiveBrowser", "the archive's file server did not hand it out"),
                "checksum_mismatch": QCoreApplication.translate(
                    "ArchiveBrowser", "it arrived damaged (its checksum is not the archive's); nothing was saved"),
                "write_failed": QCoreApplication.translate("ArchiveBrowser", "the file cannot be written"),
                "cancelled": QCoreApplication.translate("ArchiveBrowser", "it was cancelled"),
            }.get(value.code, value.code)
            text = f"{reason} ({value.detail})" if value.detail else reason
        else:
            text = str(value) or value.__class__.__name__
        self._finish(False, QCoreApplication.translate("ArchiveBrowser", "The download failed: {reason}").format(
            reason=text))

    def _finish(self, ok: bool, text: str) -> None:
        self.downloading, self._download_size = "", None
        self.downloadFinished.emit(ok, text)

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
