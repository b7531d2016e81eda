"""The browser section of a crawl profile in words (``nas profiles show``), from effective settings."""
from __future__ import annotations

from server.cli.profile_words import browser_in_words
from server.definitions.profile_schema import validate


def words(browser: dict) -> str:
    return browser_in_words(validate({"browser": browser})["browser"])


def test_the_defaults_render_nothing():
    assert words({}) == "off: no page is rendered"


def test_every_setting_is_said():
    assert words({"render": "seeds", "tabs": 4}) == (
        "renders: the seeds, 4 tabs, 30 s a page, scrolls (at most 20 times), clicks up to 5 buttons, "
        "screenshots, text, a fresh browser every 200 pages")
    assert words({"render": "hops", "max_hops": 1, "tabs": 1, "page_timeout_s": 12.5, "scroll": False,
                  "click_budget": 1, "screenshot": False, "text": False, "restart_after_pages": 1}) == (
        "renders: pages up to 1 link hop from a seed, 1 tab, 12.5 s a page, does not scroll, clicks up to "
        "1 button, a fresh browser every 1 page")
    assert words({"render": "all", "max_scrolls": 1}).startswith("renders: every HTML page, 2 tabs, 30 s a page, "
                                                                 "scrolls (at most 1 time)")


def test_url_patterns_render_pages_with_render_none_too():
    assert words({"url_patterns": [".*/nyheder/.*"]}).startswith("renders: pages matching 1 pattern, 2 tabs")
    assert words({"render": "seeds", "url_patterns": ["a", "b"]}).startswith(
        "renders: the seeds and pages matching 2 patterns, ")
