"""Which pages of a job QA checks: its page list.

Seeds first (the pages a curator asked for), then the pages the browser capture rendered
(``setup/pages.jsonl`` of the job's metadata WARC, WACZ's form: server/crawler/browser/capture.py),
then a deterministic sample of the job's other HTML captures (2xx, ``text/html``) up to
``sample``. A URL is listed once, under the first of these that names it, with the timestamp of
its capture (the viewer session is set to it, so the page is replayed as harvested).
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SOURCES = ("seed", "browser", "sample")
_TS = re.compile(r"^\d{14}$")
_HTML = ("text/html", "application/xhtml+xml")


class PageListError(ValueError):
    """A page list that is no page list (not JSON lines, no URL)."""


@dataclass(frozen=True)
class PageRef:
    """One page to check: its URL, why it is on the list, and its capture's time (14 digits; "" when
    not known: the viewer session's newest)."""

    url: str
    source: str
    timestamp: str = ""

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"source must be one of {', '.join(SOURCES)}, not {self.source!r}")
        if self.timestamp and not _TS.match(self.timestamp):
            raise ValueError(f"timestamp must be 14 digits, not {self.timestamp!r}")


@dataclass(frozen=True)
class HtmlCapture:
    """A capture from the job's index: URL, 14-digit timestamp, HTTP status, MIME type."""

    url: str
    timestamp: str
    status: int
    mime: str


def timestamp14(value: str) -> str:
    """A WARC date or page-list ``ts`` (``2024-01-01T10:00:00Z``, with or without fractions) or 14
    digits, as 14 digits; "" when it is neither."""
    digits = re.sub(r"\D", "", value or "")
    if _TS.match(value or ""):
        return value
    if len(digits) >= 14 and re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", value or ""):
        return digits[:14]
    return ""


def parse_pages_jsonl(text: str | bytes) -> list[dict[str, Any]]:
    """The page entries of a ``pages.jsonl`` (its header line, ``format``, is skipped). Raises
    PageListError for a line that is not a JSON object, or an entry without a URL."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    entries: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            raise PageListError(f"line {number} of the page list is not JSON") from None
        if not isinstance(entry, dict):
            raise PageListError(f"line {number} of the page list is not a JSON object")
        if "format" in entry and "url" not in entry:
            continue   # the header
        if not isinstance(entry.get("url"), str) or not entry["url"]:
            raise PageListError(f"line {number} of the page list has no url")
        entries.append(entry)
    return entries


def _sample_key(seed: int, url: str) -> str:
    return hashlib.sha256(f"{seed}\0{url}".encode()).hexdigest()


def select_pages(metadata_pages: Iterable[Mapping[str, Any]], seeds: Iterable[str],
                 html_captures: Iterable[HtmlCapture | tuple], sample: int, seed: int = 0) -> list[PageRef]:
    """The job's page list: seeds, then browser-rendered pages, then up to ``sample`` other HTML
    captures chosen by a hash of (``seed``, URL) — the same job and seed give the same sample.

    ``metadata_pages``: entries of the job's pages.jsonl (:func:`parse_pages_jsonl`);
    ``html_captures``: the job's captures (:class:`HtmlCapture` or (url, timestamp, status, mime));
    only 2xx ``text/html`` (or XHTML) ones count. A seed's timestamp is that of its capture when the
    index has one."""
    if sample < 0:
        raise ValueError("sample must be 0 or more")
    captures = [c if isinstance(c, HtmlCapture) else HtmlCapture(*c) for c in html_captures]
    first_seen: dict[str, str] = {}
    html: dict[str, str] = {}
    for c in sorted(captures, key=lambda c: c.timestamp):
        first_seen.setdefault(c.url, c.timestamp)
        mime = (c.mime or "").split(";")[0].strip().lower()
        if 200 <= int(c.status) < 300 and mime in _HTML:
            html.setdefault(c.url, c.timestamp)
    out: list[PageRef] = []
    listed: set[str] = set()

    def add(url: str, source: str, ts: str) -> None:
        if url and url not in listed:
            listed.add(url)
            out.append(PageRef(url, source, ts))

    for url in seeds:
        url = url.strip()
        add(url, "seed", html.get(url) or first_seen.get(url, ""))
    for entry in metadata_pages:
        url = str(entry.get("url") or "")
        add(url, "browser", timestamp14(str(entry.get("ts") or "")) or html.get(url, ""))
    others = sorted((u for u in html if u not in listed), key=lambda u: _sample_key(seed, u))
    for url in others[:sample]:
        add(url, "sample", html[url])
    return out
