"""A crawl profile's settings in words, for ``nas profiles show`` (the effective settings: the
validated document with its defaults filled in, as ``definitions.get_profile`` answers them)."""
from __future__ import annotations

from typing import Any


def _n(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _seconds(value: float) -> str:
    return f"{value:g} s"


def browser_in_words(browser: dict[str, Any]) -> str:
    """The ``browser:`` section in one line: which pages are rendered and how, e.g.
    ``renders: the seeds, 4 tabs, 30 s a page, scrolls (at most 20 times), clicks up to 5
    buttons, screenshots, text, a fresh browser every 200 pages``."""
    render = browser.get("render", "none")
    patterns = browser.get("url_patterns") or []
    which = {"seeds": "the seeds",
             "hops": f"pages up to {_n(browser.get('max_hops', 1), 'link hop', 'link hops')} from a seed",
             "all": "every HTML page"}.get(render)
    matching = f"pages matching {_n(len(patterns), 'pattern', 'patterns')}" if patterns else None
    if which is None and matching is None:
        return "off: no page is rendered"
    pages = " and ".join(w for w in (which, matching) if w)
    parts = [pages, _n(browser.get("tabs", 2), "tab", "tabs"), f"{_seconds(browser.get('page_timeout_s', 30))} a page"]
    if browser.get("scroll", True):
        parts.append(f"scrolls (at most {_n(browser.get('max_scrolls', 20), 'time', 'times')})")
    else:
        parts.append("does not scroll")
    clicks = browser.get("click_budget", 5)
    parts.append(f"clicks up to {_n(clicks, 'button', 'buttons')}" if clicks else "clicks nothing")
    if browser.get("screenshot", True):
        parts.append("screenshots")
    if browser.get("text", True):
        parts.append("text")
    parts.append(f"a fresh browser every {_n(browser.get('restart_after_pages', 200), 'page', 'pages')}")
    return "renders: " + ", ".join(parts)
