"""Rendering archived pages in headless Chromium through the viewerproxy, for QA.

A :class:`ReplayRenderer` starts one Chromium (the crawler's DevTools pipe client,
server/crawler/browser/cdp.py) whose every request, loopback included, goes to the viewerproxy:
``--proxy-server`` names it and ``--proxy-bypass-list=<-loopback>`` removes Chromium's built-in
exemption of loopback hosts, so nothing reaches the live web — the replay comes only from the
archive of the viewer session. The proxy's TLS certificates are accepted by the public key of the
viewer CA alone (``--ignore-certificate-errors-spki-list``; the proxy presents its leaf with the
CA, see server/viewerproxy/ca.py), never by a blanket "ignore certificate errors". The proxy's
Basic authentication (user = session id, password = token) is answered on ``Fetch.authRequired``.

Per page a fresh tab loads the URL (with ``Accept-Datetime`` = the page's capture time when the
page list gives it, so the page and its resources are the captures closest to it), waits for its
load event within ``page_seconds``, lets the network settle, runs the crawler's bounded
behaviours (scroll to the end, "load more" clicks: the crawl-time screenshot and text were taken
after them), then reads the title, the text and a viewport screenshot. The browser's own request
log (DevTools ``Network`` events) gives what the page asked for; a response carrying
``X-Archive-Missing: 1`` is one the viewerproxy answered as not archived (docs/viewerproxy.md); a
request that failed in the browser has its net error.

Load states: ``loaded`` (the load event came in time), ``timeout`` (it did not, or the tab hung
twice), ``crashed`` (the tab or browser crashed twice). A crashed or hung tab is tried once more
in a new tab (a new browser when the old one died).

The renderer is asyncio code (:class:`AsyncReplayRenderer`); :class:`ReplayRenderer` runs it on
an event loop of its own in a real OS thread, so a caller without asyncio (a test, the bench, an
eventlet-patched Nameko service) calls ``render`` and ``render_all`` as plain functions.
"""
from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import os
import re
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import format_datetime
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import serialization

from server.crawler.browser import behaviours
from server.crawler.browser.cdp import CHROMIUM, BrowserError, BrowserGone, Chromium
from server.qa.pages import PageRef

log = logging.getLogger(__name__)

LOADED, TIMEOUT, CRASHED = "loaded", "timeout", "crashed"
MISSING = "not in the archive"   # the reason of a failed request the viewerproxy marked missing
UNFINISHED = "no answer within the page's time"   # still in flight when the page was read
TRIES = 2                        # a crashed or hung tab is tried once more
INDEX_WAIT_S = 600.0             # how long a page waits for the viewerproxy's index of its jobs
QUIET_S = 0.5                    # the network counts as idle after this long with nothing in flight
MAX_TEXT_CHARS = 5_000_000       # as the crawler's capture (server/crawler/browser/render.py)
MAX_CONSOLE_ERRORS = 50
#: URLs nobody counts as a page's resources: the viewerproxy's default ``missing.ignore``
#: (server/viewerproxy/settings.py): browser junk such as the favicon, beacons
DEFAULT_IGNORE = (r"^data:", r"^about:", r"^blob:", r"^chrome-extension:", r"/favicon\.ico$",
                  r"google-analytics\.com/", r"googletagmanager\.com/", r"/(beacon|collect|pixel)(\?|$)")

#: an http URL is loaded as archived: no upgrade to https (the proxy would answer an https request
#: with the http capture, and the page's resources would be asked for under https names)
FEATURES_OFF = ("HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable", "DnsOverHttps", "NetworkPrediction")

READ_PAGE = f"""(() => ({{
  href: location.href,
  title: document.title || '',
  text: document.body ? document.body.innerText.slice(0, {MAX_TEXT_CHARS}) : ''
}}))()"""


def http_date(timestamp: str) -> str:
    """A 14-digit timestamp as an HTTP date (``Accept-Datetime``), e.g. Mon, 01 Jan 2024 10:00:00 GMT."""
    moment = datetime.strptime(timestamp, "%Y%m%d%H%M%S").replace(tzinfo=UTC)
    return format_datetime(moment, usegmt=True)


class ReplayError(Exception):
    """The renderer cannot work at all (no browser, a bad target); a page's own fault is never
    raised, it is in its :class:`Rendered`."""


@dataclass(frozen=True)
class ReplayTarget:
    """Where the archive is replayed: the viewerproxy and a viewer session on it."""

    proxy_host: str
    proxy_port: int
    session_id: str
    token: str
    ca_pem: str

    def spki_pin(self) -> str:
        """Base64 of the SHA-256 of the CA's SubjectPublicKeyInfo: Chromium's certificate pin."""
        try:
            cert = x509.load_pem_x509_certificate(self.ca_pem.encode("ascii"))
        except (ValueError, UnicodeEncodeError) as exc:
            raise ReplayError(f"the viewer CA certificate is not a PEM certificate: {exc}") from None
        spki = cert.public_key().public_bytes(serialization.Encoding.DER,
                                              serialization.PublicFormat.SubjectPublicKeyInfo)
        return base64.b64encode(hashlib.sha256(spki).digest()).decode("ascii")

    @property
    def proxy_url(self) -> str:
        host = f"[{self.proxy_host}]" if ":" in self.proxy_host else self.proxy_host
        return f"http://{host}:{int(self.proxy_port)}"


@dataclass
class Rendered:
    """One page replayed from the archive."""

    url: str
    final_url: str = ""
    title: str = ""
    status: int = 0                   # the page's own HTTP status (0: no answer)
    requested: list[str] = field(default_factory=list)   # http(s) URLs the tab asked for, in order, once each
    failed: list[tuple[str, str]] = field(default_factory=list)  # (url, reason); MISSING: not archived
    console_errors: list[str] = field(default_factory=list)
    screenshot_png: bytes = b""
    text: str = ""
    load_state: str = TIMEOUT
    seconds: float = 0.0
    tries: int = 1
    index_building: bool = False      # the viewerproxy answered "the index is being built" (not the page)

    @property
    def missing(self) -> list[str]:
        """The requested URLs the archive does not hold (the viewerproxy said so)."""
        return [url for url, reason in self.failed if reason == MISSING]

    @property
    def page_missing(self) -> bool:
        """The page itself is not in the archive."""
        return self.url in self.missing or (self.final_url in self.missing)


class _TabFailed(Exception):
    def __init__(self, why: str, crashed: bool):
        super().__init__(why)
        self.crashed = crashed


class _Tab:
    """One page in one fresh target of the browser."""

    def __init__(self, browser: Chromium, context: str, target: ReplayTarget, page_seconds: float,
                 ignore: list[re.Pattern], scrolls: int, clicks: int):
        self.browser = browser
        self.context = context
        self.target = target
        self.page_seconds = page_seconds
        self.ignore = ignore
        self.scrolls = scrolls
        self.clicks = clicks
        self.session = ""
        self.target_id = ""
        self._failed = asyncio.Event()
        self._crashed = False
        self._why = ""
        self._loaded = asyncio.Event()
        self._in_flight: set[str] = set()
        self._last_activity = time.monotonic()
        self._urls: dict[str, str] = {}        # requestId → its current URL
        self._requested: dict[str, None] = {}  # ordered set
        self._failed_urls: dict[str, str] = {}
        self._doc_rid = ""                      # the main frame's document request (the last, after redirects)
        self._doc_status = 0
        self._doc_url = ""
        self._doc_retry_after = 0.0            # > 0: the proxy's index of the jobs was being built
        self._errors: list[str] = []
        self._auth_tries = 0

    # -- events ---------------------------------------------------------------------------
    def _counted(self, url: str) -> bool:
        return url.startswith(("http://", "https://")) and not any(p.search(url) for p in self.ignore)

    def _on_event(self, method: str, p: dict[str, Any]) -> None:
        if method == "Network.requestWillBeSent":
            rid, url = p["requestId"], p.get("request", {}).get("url", "")
            if p.get("redirectResponse") is not None:
                self._response(rid, self._urls.get(rid, ""), p["redirectResponse"], p.get("type", ""))
            self._urls[rid] = url
            if p.get("type") == "Document" and p.get("frameId") == self.target_id:
                self._doc_rid = rid
            self._in_flight.add(rid)
            self._last_activity = time.monotonic()
            if self._counted(url):
                self._requested.setdefault(url)
        elif method == "Network.responseReceived":
            self._response(p["requestId"], p.get("response", {}).get("url", ""), p.get("response", {}),
                           p.get("type", ""))
        elif method in ("Network.loadingFinished", "Network.loadingFailed"):
            rid = p["requestId"]
            self._in_flight.discard(rid)
            self._last_activity = time.monotonic()
            url = self._urls.get(rid, "")
            if (method == "Network.loadingFailed" and not p.get("canceled") and self._counted(url)
                    and url not in self._failed_urls):
                reason = p.get("errorText") or "failed"
                if p.get("blockedReason"):
                    reason += f" (blocked: {p['blockedReason']})"
                self._failed_urls[url] = reason
        elif method == "Fetch.authRequired":
            self._answer_auth(p)
        elif method == "Fetch.requestPaused":
            self.browser.post("Fetch.continueRequest", {"requestId": p["requestId"]}, session=self.session)
        elif method == "Page.loadEventFired":
            self._loaded.set()
        elif method == "Runtime.exceptionThrown":
            details = p.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            self._error(f"uncaught: {text}")
        elif method == "Runtime.consoleAPICalled" and p.get("type") == "error":
            self._error("console: " + " ".join(str(a.get("value", a.get("description", "")))
                                               for a in p.get("args", [])))
        elif method in ("Inspector.targetCrashed", "Browser.gone"):
            self._crashed = True
            self._why = "the browser ended" if method == "Browser.gone" else "the tab crashed"
            self._failed.set()
        elif method == "Inspector.detached":
            self._why = f"the tab was detached ({p.get('reason', '')})"
            self._crashed = True
            self._failed.set()

    def _response(self, rid: str, url: str, response: dict[str, Any], kind: str) -> None:
        headers = {k.lower(): v for k, v in (response.get("headers") or {}).items()}
        status = int(response.get("status") or 0)
        if rid and rid == self._doc_rid:
            self._doc_status, self._doc_url = status, url
            building = status == 503 and str(headers.get("x-archive-index", "")).strip() == "building"
            self._doc_retry_after = _seconds(headers.get("retry-after")) if building else 0.0
        if self._counted(url) and str(headers.get("x-archive-missing", "")).strip() == "1":
            self._failed_urls[url] = MISSING

    def _error(self, text: str) -> None:
        if len(self._errors) < MAX_CONSOLE_ERRORS:
            self._errors.append(text[:500])

    def _answer_auth(self, p: dict[str, Any]) -> None:
        challenge = p.get("authChallenge", {})
        self._auth_tries += 1
        if challenge.get("source") == "Proxy" and self._auth_tries <= 3:
            response = {"response": "ProvideCredentials", "username": self.target.session_id,
                        "password": self.target.token}
        else:   # a site's own login, or the proxy refusing our credentials again and again
            response = {"response": "CancelAuth"}
        self.browser.post("Fetch.continueWithAuth", {"requestId": p["requestId"], "authChallengeResponse": response},
                          session=self.session)

    # -- commands -------------------------------------------------------------------------
    async def _cmd(self, method: str, params: dict[str, Any] | None = None, timeout: float | None = None) -> dict:
        """A command to the tab; raises _TabFailed at once when the tab crashes meanwhile, and when
        it gets no answer within ``timeout`` (by default the page's time, 5 to 15 s): a hung tab."""
        if timeout is None:
            timeout = max(5.0, min(15.0, self.page_seconds))
        if self._failed.is_set():
            raise _TabFailed(self._why, self._crashed)
        send = asyncio.ensure_future(self.browser.send(method, params, session=self.session, timeout=timeout))
        crash = asyncio.ensure_future(self._failed.wait())
        try:
            await asyncio.wait({send, crash}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            crash.cancel()
        if not send.done():
            send.cancel()
            raise _TabFailed(self._why, self._crashed)
        try:
            return send.result()
        except BrowserGone as exc:
            raise _TabFailed(str(exc), True) from exc
        except BrowserError as exc:
            # no answer in time: the renderer hangs (a script that never yields)
            raise _TabFailed(str(exc), False) from exc

    async def _evaluate(self, expression: str) -> Any:
        result = await self._cmd("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                      "awaitPromise": True})
        if "exceptionDetails" in result:
            return None
        return result.get("result", {}).get("value")

    async def _idle(self, deadline: float) -> None:
        while time.monotonic() < deadline and not self._failed.is_set():
            if not self._in_flight and time.monotonic() - self._last_activity >= QUIET_S:
                return
            await asyncio.sleep(0.05)

    async def _settle(self, deadline: float) -> None:
        self._last_activity = time.monotonic()
        await self._idle(deadline)

    async def render(self, url: str, timestamp: str = "") -> Rendered:
        page = Rendered(url)
        started = time.monotonic()
        deadline = started + self.page_seconds
        created = await self.browser.send("Target.createTarget", {"url": "about:blank", "newWindow": True,
                                                                  "browserContextId": self.context})
        self.target_id = created["targetId"]
        try:
            attached = await self.browser.send("Target.attachToTarget", {"targetId": self.target_id, "flatten": True})
            self.session = attached["sessionId"]
            self.browser.on(self.session, self._on_event)
            # the proxy's 407 is answered on Fetch.authRequired, which comes only for requests the
            # Fetch domain intercepts: each is paused and let go at once (Fetch.requestPaused)
            await self._cmd("Fetch.enable", {"handleAuthRequests": True,
                                             "patterns": [{"urlPattern": "*", "requestStage": "Request"}]})
            for domain in ("Network", "Page", "Runtime", "Inspector"):
                await self._cmd(f"{domain}.enable")
            # each page is checked on its own: nothing comes from what an earlier page loaded
            await self._cmd("Network.setCacheDisabled", {"cacheDisabled": True})
            if timestamp:
                # the page and its resources as harvested: the captures closest to the page's own
                # (the viewerproxy honours Accept-Datetime over the session's moment)
                await self._cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Datetime": http_date(timestamp)}})
            nav = await self._cmd("Page.navigate", {"url": url}, timeout=max(5.0, self.page_seconds))
            if nav.get("errorText"):
                page.failed.append((url, nav["errorText"]))
            if await self._until_loaded(deadline):
                page.load_state = LOADED
                await self._idle(deadline)
                if self.scrolls and time.monotonic() < deadline:
                    await behaviours.scroll_to_end(self._evaluate, lambda: self._settle(deadline), self.scrolls)
                if self.clicks and time.monotonic() < deadline:
                    await behaviours.click_expanders(self._evaluate, lambda: self._settle(deadline), self.clicks)
            else:
                page.load_state = TIMEOUT
            read = await self._evaluate(READ_PAGE) or {}
            page.final_url = str(read.get("href") or self._doc_url or url)
            page.title = str(read.get("title") or "")
            page.text = str(read.get("text") or "")
            shot = await self._cmd("Page.captureScreenshot", {"format": "png"}, timeout=30)
            page.screenshot_png = base64.b64decode(shot.get("data", ""))
            return page
        finally:
            page.status = self._doc_status
            page.index_building = self._doc_retry_after > 0
            page.requested = list(self._requested)
            failed = dict(page.failed)
            for failed_url, reason in self._failed_urls.items():
                failed.setdefault(failed_url, reason)
            for rid in self._in_flight:
                if self._counted(self._urls.get(rid, "")):
                    failed.setdefault(self._urls[rid], UNFINISHED)
            page.failed = list(failed.items())
            page.console_errors = list(self._errors)
            page.seconds = time.monotonic() - started
            await self._close()

    async def _until_loaded(self, deadline: float) -> bool:
        waits = {asyncio.ensure_future(self._loaded.wait()), asyncio.ensure_future(self._failed.wait())}
        try:
            await asyncio.wait(waits, timeout=max(0.0, deadline - time.monotonic()),
                               return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
        if self._failed.is_set():
            raise _TabFailed(self._why, self._crashed)
        return self._loaded.is_set()

    async def _close(self) -> None:
        if self.session:
            self.browser.on(self.session, None)
        if self.target_id:
            try:
                await self.browser.send("Target.closeTarget", {"targetId": self.target_id}, timeout=10)
            except BrowserError:
                pass   # a crashed tab or a dead browser: nothing left to close


class AsyncReplayRenderer:
    """The renderer on the caller's asyncio loop: ``async with`` it, then ``await render(page)``
    from up to ``tabs`` tasks at once (more wait)."""

    def __init__(self, target: ReplayTarget, *, tabs: int = 2, page_seconds: float = 20.0,
                 executable: str | None = None, ignore: Sequence[str] = DEFAULT_IGNORE,
                 scrolls: int = 20, clicks: int = 5, log_path: str | None = None,
                 index_wait: float = INDEX_WAIT_S):
        if tabs < 1:
            raise ReplayError("tabs must be at least 1")
        if not page_seconds > 0:
            raise ReplayError("page_seconds must be more than 0")
        self.target = target
        self.tabs = tabs
        self.page_seconds = float(page_seconds)
        self.executable = executable or os.environ.get("NAS_CHROMIUM") or CHROMIUM
        try:
            self.ignore = [re.compile(p) for p in ignore]
        except re.error as exc:
            raise ReplayError(f"an ignore pattern is not a regular expression: {exc}") from None
        self.scrolls = max(0, scrolls)
        self.clicks = max(0, clicks)
        self.log_path = log_path
        self.index_wait = max(0.0, float(index_wait))
        self._pin = target.spki_pin()
        self._browser: Chromium | None = None
        self._context = ""      # the browser context of the pages (its proxy: the viewerproxy)
        self._lock = asyncio.Lock()
        self._slots = asyncio.Semaphore(tabs)
        self.browsers_started = 0

    async def __aenter__(self) -> AsyncReplayRenderer:
        await self._browser_now()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        async with self._lock:
            if self._browser is not None:
                await self._browser.close()
                self._browser = None

    async def _browser_now(self) -> Chromium:
        """The running browser; a new one when there is none or it died."""
        async with self._lock:
            if self._browser is not None and self._browser.gone:
                await self._browser.close()
                self._browser = None
            if self._browser is None:
                try:
                    browser = await Chromium.launch(
                        self.executable, log_path=self.log_path, features_off=FEATURES_OFF,
                        extra_args=[f"--ignore-certificate-errors-spki-list={self._pin}", "--disable-quic",
                                    "--dns-prefetch-disable"])
                except BrowserError as exc:
                    raise ReplayError(str(exc)) from exc
                try:
                    # the pages' own context: its requests, loopback included, go to the viewerproxy
                    # only; the browser's own (sign-in, updates) keep the closed proxy and go nowhere
                    made = await browser.send("Target.createBrowserContext", {
                        "proxyServer": self.target.proxy_url, "proxyBypassList": "<-loopback>",
                        "disposeOnDetach": True})
                except BrowserError as exc:
                    await browser.close()
                    raise ReplayError(f"the browser made no context for the replay: {exc}") from exc
                self._browser, self._context = browser, made["browserContextId"]
                self.browsers_started += 1
            return self._browser

    @property
    def context(self) -> str:
        return self._context

    @staticmethod
    async def _answers(browser: Chromium) -> bool:
        try:
            await browser.send("Browser.getVersion", timeout=5)
            return True
        except BrowserError:
            return False

    @property
    def browser_pid(self) -> int | None:
        """The running browser's process id (None before the first page or after it died)."""
        return self._browser.pid if self._browser is not None and not self._browser.gone else None

    async def render(self, page: PageRef | str) -> Rendered:
        """Replay one page (a PageRef or a URL). A crashed or hung tab is tried once more; the
        result then says ``crashed`` or ``timeout``. Raises ReplayError only when no browser can
        be started."""
        url = page.url if isinstance(page, PageRef) else str(page)
        timestamp = page.timestamp if isinstance(page, PageRef) else ""
        async with self._slots:
            last: Rendered | None = None
            for attempt in range(1, TRIES + 1):
                browser = await self._browser_now()
                tab = self._tab(browser)
                try:
                    result = await self._render_when_indexed(tab, url, timestamp)
                    result.tries = attempt
                    return result
                except (_TabFailed, BrowserError, TimeoutError) as exc:
                    crashed = isinstance(exc, _TabFailed) and exc.crashed or isinstance(exc, BrowserGone)
                    log.warning("replaying %s failed (try %d): %s", url, attempt, exc or type(exc).__name__)
                    last = Rendered(url, load_state=CRASHED if crashed else TIMEOUT, tries=attempt,
                                    failed=[(url, str(exc) or type(exc).__name__)])
                    last.requested = list(tab._requested)
                    if not crashed and not browser.gone and not await self._answers(browser):
                        # the browser itself hangs (not only the tab's renderer, whose target was
                        # closed): the next try, and the other tabs' next pages, get a new one
                        async with self._lock:
                            if self._browser is browser:
                                self._browser = None
                        await browser.close()
            assert last is not None
            return last

    async def _render_when_indexed(self, tab: _Tab, url: str, timestamp: str) -> Rendered:
        """The tab's page; while the viewerproxy answers that the index of the session's jobs is
        being built (a QA run right after its harvest), the page is asked for again after the
        proxy's Retry-After, for up to ``index_wait`` seconds. After that the answer stands, marked
        ``index_building``: it says nothing about the page, and the caller must not score it."""
        waited_until = None
        while True:
            result = await asyncio.wait_for(tab.render(url, timestamp), self.page_seconds + 60)
            pause = min(max(tab._doc_retry_after, 0.5), 10.0)
            if waited_until is None:   # counted from the first answer that the index is being built
                waited_until = time.monotonic() + self.index_wait
            if not result.index_building or time.monotonic() + pause > waited_until:
                return result
            log.info("the viewerproxy builds the index of the session's jobs: %s again in %.1f s", url, pause)
            await asyncio.sleep(pause)
            tab = self._tab(tab.browser)

    def _tab(self, browser: Chromium) -> _Tab:
        return _Tab(browser, self._context, self.target, self.page_seconds, self.ignore, self.scrolls, self.clicks)


def _seconds(value: Any) -> float:
    """A Retry-After in seconds (a date, or nothing, counts as one second)."""
    try:
        return max(float(str(value).strip()), 1.0)
    except ValueError:
        return 1.0


class _Pending:
    """The outcome of one coroutine run on the renderer's loop, handed to the caller's thread
    without a lock the two threads share: under eventlet the caller's locks are green ones, which
    a real thread must never wait on or wake."""

    def __init__(self) -> None:
        self.done = _real_threading().Event()
        self.value: Any = None
        self.error: BaseException | None = None

    def finish(self, task: asyncio.Future) -> None:
        if task.cancelled():
            self.error = ReplayError("the renderer was closed")
        elif task.exception() is not None:
            self.error = task.exception()
        else:
            self.value = task.result()
        self.done.set()

    def result(self, timeout: float | None = None) -> Any:
        if _eventlet_patched():
            # a real Event's wait would block every green thread of the caller: look, then yield
            end = None if timeout is None else time.monotonic() + timeout
            while not self.done.is_set():
                if end is not None and time.monotonic() > end:
                    raise ReplayError("the renderer did not answer in time")
                time.sleep(0.01)   # eventlet's sleep: the caller's other green threads run
        elif not self.done.wait(timeout):
            raise ReplayError("the renderer did not answer in time")
        if self.error is not None:
            raise self.error
        return self.value


class ReplayRenderer:
    """:class:`AsyncReplayRenderer` for callers without asyncio: a context manager whose
    ``render`` and ``render_all`` are plain calls. Its event loop runs in a real OS thread (also
    when eventlet has patched the threading module: a Nameko service may call it from its green
    threads), so Chromium's pipe is read whatever the caller does."""

    def __init__(self, target: ReplayTarget, tabs: int = 2, page_seconds: float = 20.0, **options: Any):
        self._async = AsyncReplayRenderer(target, tabs=tabs, page_seconds=page_seconds, **options)
        self.tabs = tabs
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: Any = None

    def __enter__(self) -> ReplayRenderer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start the loop's thread and the browser; raises ReplayError when no browser starts."""
        real = _real_threading()
        ready = real.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()   # made in its own thread, never the caller's
            asyncio.set_event_loop(self._loop)
            self._loop.call_soon(ready.set)
            self._loop.run_forever()

        self._thread = real.Thread(target=run, name="qa-replay", daemon=True)
        self._thread.start()
        while not ready.is_set():   # briefly, without blocking a green caller's other threads
            time.sleep(0.005)
        try:
            self._submit(self._async.__aenter__()).result()
        except BaseException:
            self.close()
            raise

    def _submit(self, coro) -> _Pending:
        if self._loop is None:
            coro.close()
            raise ReplayError("the renderer is not started")
        pending = _Pending()
        loop = self._loop

        def begin() -> None:
            loop.create_task(coro).add_done_callback(pending.finish)

        loop.call_soon_threadsafe(begin)
        return pending

    def render(self, page: PageRef | str) -> Rendered:
        """Replay one page; may be called from several threads (or green threads) at once:
        ``tabs`` render together, more wait."""
        return self._submit(self._async.render(page)).result()

    def submit(self, page: PageRef | str) -> _Pending:
        """Start replaying one page and answer at once; its ``result()`` waits for the page
        (``tabs`` render together, more wait)."""
        return self._submit(self._async.render(page))

    def render_all(self, pages: Iterable[PageRef | str]) -> Iterator[Rendered]:
        """Replay the pages ``tabs`` at a time; yields their results in the pages' order."""
        pending: list[_Pending] = []
        for page in pages:
            pending.append(self._submit(self._async.render(page)))
            if len(pending) >= self.tabs * 2:   # a few ahead: the tabs never wait for the caller
                yield pending.pop(0).result()
        for waiting in pending:
            yield waiting.result()

    @property
    def browsers_started(self) -> int:
        return self._async.browsers_started

    @property
    def browser_pid(self) -> int | None:
        return self._async.browser_pid

    def close(self) -> None:
        """End the browser and the loop's thread."""
        loop = self._loop
        if loop is None:
            return
        try:
            if self._thread is not None and self._thread.is_alive():
                self._submit(self._async.close()).result(60)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            if self._thread is not None:
                self._thread.join(30)
            loop.close()
            self._loop = None
            self._thread = None


def _eventlet_patched() -> bool:
    patcher = sys.modules.get("eventlet.patcher")   # never imported here when the caller did not
    return patcher is not None and patcher.is_monkey_patched("thread")


def _real_threading():
    """The threading module as it was before eventlet patched it (when it did)."""
    if _eventlet_patched():
        return sys.modules["eventlet.patcher"].original("threading")
    return threading
