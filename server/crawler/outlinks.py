"""Outlinks of a capture: Location/Refresh headers, HTML, CSS and JavaScript, resolved against
the page (or its ``<base href>``) and made fetchable. Duplicates within one page are dropped;
links that cannot be fetched (mailto:, malformed) are skipped here, not logged, as Heritrix
does."""
from __future__ import annotations

import re

from server.crawler.http_client import Capture
from server.crawler.links import Link, charset_of, css_links, html_links, js_links
from server.crawler.urls import BadUrl, parse_url, resolve

_HTML = ("text/html", "application/xhtml+xml")
_JS = ("application/javascript", "text/javascript", "application/x-javascript")
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([\w.:-]+)""", re.I)
_MAX_LINKS = 10_000  # a page with more links than this is a trap or a sitemap of one


class OutlinkExtractor:
    def __init__(self, speculative: bool = True):
        self.speculative = speculative

    def extract(self, capture: Capture, processors: dict[str, dict[str, int]]) -> list[tuple[str, str, str]]:
        """(url, hop, context) for each distinct fetchable outlink."""
        found: list[Link] = []
        base = capture.url
        location = capture.header("location")
        if location and 300 <= capture.status < 400:
            found.append(Link(location, "R", "http-header/location"))
            processors["ExtractorHTTP"]["locations"] += 1
        refresh = capture.header("refresh")
        if refresh and "url=" in refresh.lower():
            found.append(Link(refresh.split("=", 1)[1].strip(" '\""), "R", "http-header/refresh"))
        mime = capture.mime
        if capture.status >= 200 and (mime in _HTML or mime == "text/css" or mime in _JS
                                      or (mime in ("unknown", "no-type", "text/plain")
                                          and capture.body_prefix(200).lstrip()[:1] == b"<")):
            body = capture.decoded_body()
            charset = charset_of(capture.header("content-type"), "")
            if mime == "text/css":
                links = css_links(body, charset or "utf-8")
                processors["ExtractorCSS"]["documents"] += 1
                processors["ExtractorCSS"]["links"] += len(links)
                found += links
            elif mime in _JS:
                if self.speculative:
                    found += js_links(body, charset or "utf-8")
            else:
                if not charset:
                    m = _META_CHARSET.search(body[:4096])
                    charset = charset_of(f"charset={m.group(1).decode('ascii', 'replace')}") if m else "utf-8"
                links, page_base = html_links(body, charset, self.speculative)
                processors["ExtractorHTML"]["documents"] += 1
                processors["ExtractorHTML"]["links"] += len(links)
                found += links
                if page_base:
                    base = resolve(capture.url, page_base) or capture.url
        out: list[tuple[str, str, str]] = []
        seen: set[str] = set()
        # A documentation page links the same few pages hundreds of times, at different anchors
        # (python3-doc: 175,000 links on 600 pages, 29,000 distinct without their fragment). The
        # fragment never reaches the URL fetched, so a link is resolved once per page without
        # it; a repeat could only give a URL already seen (or none), and is skipped.
        done: set[tuple[bool, str]] = set()
        for link in found[:_MAX_LINKS]:
            raw = link.url
            cut = raw.find("#")
            if cut > 0 and not raw[cut - 1].isspace():   # "a.html #x" is a.html%20: kept whole
                raw = raw[:cut]
            from_page = link.hop == "R" and link.context.startswith("http")
            if (from_page, raw) in done:
                continue
            done.add((from_page, raw))
            absolute = resolve(capture.url if from_page else base, raw)
            if absolute is None:
                continue
            try:
                url = parse_url(absolute).url
            except BadUrl:
                continue
            if url in seen or url == capture.url:
                continue
            seen.add(url)
            out.append((url, link.hop, link.context))
        return out
