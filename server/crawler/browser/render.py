"""Rendering one page in one browser tab.

The tab's every request is paused (DevTools ``Fetch.enable`` for all URLs at the request stage)
and answered by ``serve``: the crawler fetches and archives it, then the tab is given the bytes
(``Fetch.fulfillRequest``) or a refusal (``Fetch.failRequest``). The browser never reaches a
server itself. The page is loaded, made to show what it hides (behaviours.py), then read: its
title, text, the links of its final DOM and a screenshot.

Load states are Browsertrix's numbers, so that its tools read our page lists: 0 failed, 1 the
document's content loaded, 2 the page's load event fired, 3 its text and links were read,
4 its behaviours also ran to the end within the page's time.
"""
from __future__ import annotations

import asyncio
import base64
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from server.crawler.browser import behaviours
from server.crawler.browser.cdp import BrowserError, Chromium
from server.crawler.browser.fetcher import Answer
from server.crawler.spec import Browser as BrowserSettings

log = logging.getLogger(__name__)

FAILED, CONTENT_LOADED, FULL_PAGE_LOADED, EXTRACTION_DONE, BEHAVIORS_DONE = range(5)
QUIET_S = 0.5  # the network counts as idle after this long without a request in flight
MAX_TEXT_CHARS = 5_000_000
# a resource request still unanswered when the page is read gets at most this long to be
# archived (and never longer than the page's own time); then it goes back to the crawl's queue
_DRAIN_S = 60.0

Serve = Callable[[str, str, str], Awaitable[Answer]]  # (url, method, resource type) → answer

READ_PAGE = f"""(() => ({{
  title: document.title || '',
  text: document.body ? document.body.innerText.slice(0, {MAX_TEXT_CHARS}) : '',
  links: Array.from(document.querySelectorAll('a[href], area[href]'), a => a.href)
}}))()"""


class TabFailed(Exception):
    """The tab crashed, hung or the browser went away: the page may be tried again in a new tab."""


@dataclass
class RenderedPage:
    url: str
    title: str = ""
    text: str = ""
    links: list[str] = field(default_factory=list)
    screenshot: bytes | None = None
    load_state: int = FAILED
    requests: int = 0  # requests the tab made (each answered through the crawler)
    scrolls: int = 0
    clicks: list[str] = field(default_factory=list)
    started: float = 0.0  # epoch seconds


class Tab:
    """One rendering in a fresh browser target; use ``render()`` once."""

    def __init__(self, browser: Chromium, settings: BrowserSettings, serve: Serve):
        self.browser = browser
        self.settings = settings
        self.serve = serve
        self.session = ""
        self.target = ""
        self._in_flight = 0
        self._last_activity = time.monotonic()
        self._tasks: set[asyncio.Task] = set()
        self._failed = asyncio.Event()
        self._failure = ""
        self._content_loaded = asyncio.Event()
        self._loaded = asyncio.Event()
        self.requests = 0

    # -- events ---------------------------------------------------------------------------
    def _on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Fetch.requestPaused":
            self.requests += 1
            self._in_flight += 1
            self._last_activity = time.monotonic()
            task = asyncio.create_task(self._answer(params))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif method == "Page.domContentEventFired":
            self._content_loaded.set()
        elif method == "Page.loadEventFired":
            self._loaded.set()
        elif method in ("Inspector.targetCrashed", "Browser.gone", "Inspector.detached"):
            self._failure = {"Browser.gone": "the browser ended"}.get(method, "the tab crashed")
            self._failed.set()

    async def _answer(self, params: dict[str, Any]) -> None:
        request = params.get("request", {})
        request_id = params["requestId"]
        try:
            answer = await self.serve(request.get("url", ""), request.get("method", "GET"),
                                      params.get("resourceType", ""))
        except Exception:  # noqa: BLE001 - the tab must get an answer whatever happened
            log.exception("answering %s failed", request.get("url"))
            answer = Answer(reason="Failed")
        finally:
            self._in_flight -= 1
            self._last_activity = time.monotonic()
        if answer.refused:
            self.browser.post("Fetch.failRequest", {"requestId": request_id, "errorReason": answer.reason},
                              session=self.session)
            return
        self.browser.post("Fetch.fulfillRequest", {
            "requestId": request_id, "responseCode": answer.status,
            "responseHeaders": [{"name": k, "value": v} for k, v in (answer.headers or [])],
            "body": base64.b64encode(answer.body).decode("ascii")}, session=self.session)

    # -- commands -------------------------------------------------------------------------
    async def _cmd(self, method: str, params: dict[str, Any] | None = None, timeout: float | None = None) -> dict:
        """A command to the tab that fails at once when the tab crashes meanwhile, and after
        ``timeout`` (by default the page's time, 5 to 20 s) when the tab hangs."""
        if timeout is None:
            timeout = max(5.0, min(20.0, self.settings.page_timeout_s))
        if self._failed.is_set():
            raise TabFailed(self._failure)
        send = asyncio.ensure_future(self.browser.send(method, params, session=self.session, timeout=timeout))
        crash = asyncio.ensure_future(self._failed.wait())
        try:
            await asyncio.wait({send, crash}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            crash.cancel()
        if not send.done():
            send.cancel()
            raise TabFailed(self._failure)
        try:
            return send.result()
        except BrowserError as exc:
            raise TabFailed(str(exc)) from exc

    async def _evaluate(self, expression: str) -> Any:
        result = await self._cmd("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                      "awaitPromise": True})
        if "exceptionDetails" in result:
            return None
        return result.get("result", {}).get("value")

    async def _idle(self, deadline: float) -> None:
        """Until no request has been in flight for QUIET_S, the deadline passes or the tab fails."""
        while time.monotonic() < deadline and not self._failed.is_set():
            if self._in_flight == 0 and time.monotonic() - self._last_activity >= QUIET_S:
                return
            await asyncio.sleep(0.05)

    async def _settle(self, deadline: float) -> None:
        """``_idle`` after a scroll or a click: the requests a step causes start a little later
        (its events run after the script returns), so the quiet time counts from the step."""
        self._last_activity = time.monotonic()
        await self._idle(deadline)

    async def _until(self, event: asyncio.Event, deadline: float) -> bool:
        """Whether ``event`` came before the deadline; raises TabFailed when the tab fails first."""
        waits = {asyncio.ensure_future(event.wait()), asyncio.ensure_future(self._failed.wait())}
        try:
            await asyncio.wait(waits, timeout=max(0.0, deadline - time.monotonic()),
                               return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
        if self._failed.is_set():
            raise TabFailed(self._failure)
        return event.is_set()

    # -- the page -------------------------------------------------------------------------
    async def render(self, url: str) -> RenderedPage:
        """Load, exercise and read ``url``; raises TabFailed when the tab crashed or hung."""
        page = RenderedPage(url, started=time.time())
        s = self.settings
        deadline = time.monotonic() + s.page_timeout_s
        # a window of its own: each tab is in front, none throttled as a background tab
        target = await self.browser.send("Target.createTarget", {"url": "about:blank", "newWindow": True})
        self.target = target["targetId"]
        try:
            attached = await self.browser.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})
            self.session = attached["sessionId"]
            self.browser.on(self.session, self._on_event)
            await self._cmd("Fetch.enable", {"patterns": [{"urlPattern": "*", "requestStage": "Request"}]})
            await self._cmd("Page.enable")
            await self._cmd("Inspector.enable")
            nav = await self._cmd("Page.navigate", {"url": url})
            if nav.get("errorText"):
                log.info("%s: the browser could not load it: %s", url, nav["errorText"])
                return page
            if await self._until(self._content_loaded, deadline):
                page.load_state = CONTENT_LOADED
            if await self._until(self._loaded, deadline):
                page.load_state = FULL_PAGE_LOADED
            await self._idle(deadline)
            if s.scroll and s.max_scrolls and time.monotonic() < deadline:
                page.scrolls = await behaviours.scroll_to_end(self._evaluate, lambda: self._settle(deadline),
                                                              s.max_scrolls)
            if s.click_budget and time.monotonic() < deadline:
                page.clicks = await behaviours.click_expanders(self._evaluate, lambda: self._settle(deadline),
                                                               s.click_budget)
            behaviours_done = time.monotonic() < deadline
            read = await self._evaluate(READ_PAGE) or {}
            page.title = str(read.get("title") or "")
            page.text = str(read.get("text") or "")
            page.links = [link for link in read.get("links") or [] if isinstance(link, str)]
            if page.load_state >= CONTENT_LOADED:
                page.load_state = BEHAVIORS_DONE if behaviours_done and page.load_state == FULL_PAGE_LOADED \
                    else EXTRACTION_DONE
            if s.screenshot:
                shot = await self._cmd("Page.captureScreenshot", {"format": "png"}, timeout=30)
                page.screenshot = base64.b64decode(shot.get("data", ""))
            return page
        except asyncio.CancelledError:
            # the crawl is stopping: no waiting for the tab (its unfinished fetches go back to the queue)
            for task in self._tasks:
                task.cancel()
            self.browser.post("Target.closeTarget", {"targetId": self.target})
            self.target = ""
            raise
        finally:
            page.requests = self.requests
            await self._drain()
            await self._close()

    async def _drain(self) -> None:
        """Let requests still being fetched be archived (bounded); the tab no longer waits for them."""
        pending = set(self._tasks)
        if pending:
            _done, late = await asyncio.wait(pending, timeout=min(_DRAIN_S, self.settings.page_timeout_s))
            for task in late:
                task.cancel()

    async def _close(self) -> None:
        if self.session:
            self.browser.on(self.session, None)
        if self.target:
            try:
                await self.browser.send("Target.closeTarget", {"targetId": self.target}, timeout=10)
            except BrowserError:
                pass  # a crashed tab or a dead browser: nothing left to close
