"""Browser capture in the crawl: which pages are rendered, and what a rendering leaves behind.

The engine asks :meth:`BrowserCapture.wants` after fetching a page; for a page to render it keeps
the response for the browser (:func:`fetcher.browser_answer`), records the page as usual, then
calls :meth:`BrowserCapture.render`. The page's own document is given to the browser from that
response (not fetched twice); everything else it loads goes through :class:`BrowserFetcher`.
A rendering leaves:

- ``resource`` records ``urn:view:<url>`` (PNG screenshot) and ``urn:text:<url>`` (the rendered
  text), Browsertrix's names, each ``WARC-Concurrent-To`` the page's response record;
- the links of the final DOM in the frontier (hop ``L``);
- a line in ``pages.jsonl`` in the job directory (WACZ's page list form; the harvester puts it
  into the metadata WARC);
- when the tab crashed or hung twice: a crawl.log line with status -9100 for the page.

One Chromium serves the crawler process, ``tabs`` pages at a time; it is started at the first
page, started again when it dies, and replaced after ``restart_after_pages`` pages.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import regex

from server.crawler import status_codes as sc
from server.crawler.browser.cdp import CHROMIUM, BrowserError, Chromium
from server.crawler.browser.fetcher import Answer, BrowserFetcher
from server.crawler.browser.render import FAILED, RenderedPage, Tab, TabFailed
from server.crawler.crawl_log import LogEntry
from server.crawler.frontier import QueuedUri
from server.crawler.http_client import Capture
from server.crawler.page_list import PAGES_FILE, PAGES_HEADER
from server.crawler.urls import BadUrl
from server.crawler.warc_writer import Written

if TYPE_CHECKING:
    from server.crawler.engine import Crawler

log = logging.getLogger(__name__)

_HTML = ("text/html", "application/xhtml+xml")
TRIES = 2  # a tab that crashes or hangs is tried once more in a new tab


def executable() -> str:
    """The browser: Debian's chromium, or NAS_CHROMIUM (an operator's setting, never a profile's:
    a profile must not choose a program to run)."""
    return os.environ.get("NAS_CHROMIUM") or CHROMIUM


class BrowserCapture:
    """The browser side of one crawler process."""

    def __init__(self, crawler: Crawler):
        self.crawler = crawler
        self.settings = crawler.profile.browser
        self.fetcher = BrowserFetcher(crawler)
        # matched as the scope's patterns are (server/crawler/scope.py): with a time limit, so
        # that a pattern that backtracks without end costs a page its rendering, not the crawl
        self._patterns = (regex.compile("|".join(f"(?:{p})" for p in self.settings.url_patterns),
                                        regex.S | regex.VERSION0) if self.settings.url_patterns else None)
        self._tabs = asyncio.Semaphore(self.settings.tabs)
        self._browser: Chromium | None = None  # the one new pages go to
        self._browser_lock = asyncio.Lock()
        self._pages_in_browser = 0
        self._users: dict[Chromium, int] = {}  # pages rendering in each browser process
        self._retiring: set[Chromium] = set()  # replaced; closed when their last page ends
        self._pages_path = os.path.join(crawler.job_dir, PAGES_FILE)
        if not os.access(executable(), os.X_OK):
            # said once here; each page to render is then logged -9100 with the same reason
            log.error("no browser at %s (Debian: apt-get install chromium): pages are fetched but not rendered",
                      executable())
        # in processors-report.txt: pages rendered and failed, requests answered, browsers started
        self.counters = crawler.processors.setdefault(
            "Browser", {"pages": 0, "failed": 0, "requests": 0, "browsers": 0})

    # -- which pages ----------------------------------------------------------------------
    def wants(self, uri: QueuedUri, capture: Capture) -> bool:
        """Whether the page just fetched is rendered."""
        if capture.status != 200 or capture.mime not in _HTML:
            return False
        mode = self.settings.render
        if self._patterns is not None and self._matches(uri.url):
            return True
        if mode == "all":
            return True
        if mode == "seeds":
            return bool(uri.is_seed)
        if mode == "hops":
            return uri.path.count("L") <= self.settings.max_hops and "E" not in uri.path
        return False

    def _matches(self, url: str) -> bool:
        try:
            return self._patterns.fullmatch(url, timeout=self.crawler.scope.timeout) is not None
        except TimeoutError:
            log.warning("browser.url_patterns did not finish matching %s within %g s: the page is not "
                        "rendered for them", url[:300], self.crawler.scope.timeout)
            return False

    # -- rendering ------------------------------------------------------------------------
    async def render(self, uri: QueuedUri, document: Answer, written: Written, worker: int) -> None:
        """Render a recorded page and keep what the rendering found; never raises for a page's
        fault (a crash or hang is logged and the crawl goes on)."""
        async with self._tabs:
            failure = ""
            page: RenderedPage | None = None
            for attempt in range(TRIES):
                try:
                    browser = await self._browser_for_page()
                    try:
                        page = await asyncio.wait_for(self._render_once(browser, uri, document, worker),
                                                      self.settings.page_timeout_s + 90)
                    finally:
                        await self._release(browser)
                    break
                except (TabFailed, BrowserError, TimeoutError) as exc:
                    failure = str(exc) or type(exc).__name__
                    log.warning("rendering %s failed (try %d): %s", uri.url, attempt + 1, failure)
                    if self.crawler.stop_reason is not None:
                        break  # the crawl is ending (a Ctrl-C reaches the browser too): no new try
            if page is None:
                self.counters["failed"] += 1
                self.crawler.results.log(LogEntry(
                    sc.S_BROWSER_FAILED, 0, uri.url, uri.path, uri.via, "text/html", worker, seed=uri.seed,
                    annotations=[f"{TRIES}t", "err=" + re.sub(r"[\s,]+", "_", failure)[:80]]))
                self._page_line(uri.url, "", written, 200, FAILED)
                return
            await self._keep(uri, page, written)

    async def _render_once(self, browser: Chromium, uri: QueuedUri, document: Answer, worker: int) -> RenderedPage:
        served_document = False

        async def serve(url: str, method: str, kind: str) -> Answer:
            nonlocal served_document
            if kind == "Document" and not served_document and url == uri.url:
                served_document = True  # the page itself: the response already archived
                return document
            return await self.fetcher.answer(url, method, uri, worker)

        return await Tab(browser, self.settings, serve).render(uri.url)

    async def _keep(self, uri: QueuedUri, page: RenderedPage, written: Written) -> None:
        c = self.crawler
        self.counters["pages"] += 1
        self.counters["requests"] += page.requests
        records: list[tuple[str, str, bytes]] = []
        if page.screenshot:
            records.append((f"urn:view:{uri.url}", "image/png", page.screenshot))
        if self.settings.text:
            records.append((f"urn:text:{uri.url}", "text/plain; charset=utf-8", page.text.encode("utf-8")))
        if records:
            await c.warcs.write_resources_async(
                records, [("WARC-Concurrent-To", written.record_id), ("WARC-Refers-To-Target-URI", uri.url),
                          ("WARC-Refers-To-Date", written.date)],
                datetime.fromtimestamp(page.started, UTC))
        for link in page.links:
            try:
                c.results.discover(_without_fragment(link), "L", uri)
            except BadUrl:
                continue  # javascript:, mailto: and malformed hrefs are no links to follow
        self._page_line(uri.url, page.title, written, 200, page.load_state)

    def _page_line(self, url: str, title: str, written: Written, status: int, load_state: int) -> None:
        """One entry of the job's page list, in the form WACZ's pages.jsonl (and Browsertrix) use."""
        ts = written.date if written.date.endswith("Z") else written.date + "Z"
        entry = {"id": hashlib.sha1(f"{url} {ts}".encode()).hexdigest()[:24], "url": url, "title": title,
                 "ts": ts, "status": status, "loadState": load_state}
        new = not os.path.exists(self._pages_path)
        with open(self._pages_path, "a", encoding="utf-8") as fh:
            if new:
                fh.write(json.dumps(PAGES_HEADER) + "\n")
            fh.write(json.dumps(entry, ensure_ascii=False) + "\n")

    # -- the browser process --------------------------------------------------------------
    async def _browser_for_page(self) -> Chromium:
        """The browser for the next page: started at the first page, again when it died, and
        replaced after ``restart_after_pages`` pages (the old one ends with its last page), so
        that its memory stays bounded in a long crawl."""
        async with self._browser_lock:
            b = self._browser
            if b is not None and (b.gone or self._pages_in_browser >= self.settings.restart_after_pages):
                self._browser = None
                self._retiring.add(b)
                if not self._users.get(b):
                    await self._end(b)
            if self._browser is None:
                self._browser = await Chromium.launch(
                    executable(), log_path=os.path.join(self.crawler.job_dir, "browser.log"))
                self._pages_in_browser = 0
                self.counters["browsers"] += 1
            self._pages_in_browser += 1
            self._users[self._browser] = self._users.get(self._browser, 0) + 1
            return self._browser

    async def _release(self, browser: Chromium) -> None:
        self._users[browser] -= 1
        if browser.gone and browser is self._browser:
            self._browser = None  # the next page starts a new one
            self._retiring.add(browser)
        if browser in self._retiring and not self._users[browser]:
            await self._end(browser)

    async def _end(self, browser: Chromium) -> None:
        self._retiring.discard(browser)
        self._users.pop(browser, None)
        await browser.close()

    async def close(self) -> None:
        """End every browser (at the crawl's end)."""
        for browser in [*self._retiring, *([self._browser] if self._browser else [])]:
            await self._end(browser)
        self._browser = None


def _without_fragment(url: str) -> str:
    return url.split("#", 1)[0]
