"""Browser capture: chosen pages rendered in a headless Chromium, every request it makes answered
by the crawler (docs/crawler.md, "Browser capture"; docs/decisions/browser-capture.md).

- :mod:`cdp` — the DevTools protocol over Chromium's debugging pipe; the browser process.
- :mod:`render` — one page in one tab: load, behaviours, read (title, text, links, screenshot).
- :mod:`behaviours` — scrolling and clicking, bounded.
- :mod:`fetcher` — the crawler's side of a browser request (scope, robots, quotas, WARC).
- :mod:`capture` — which pages are rendered, and what a rendering leaves (records, links, page list).
"""
