"""Which capture answers a request: pure functions over the captures the full index gives for a URL
(pywb's rules, the seeds' index). The proxy reads the records; these decide the order to try them.

- ``ordered``: replayable captures (an HTTP status, a known place in the archive) closest to the
  target moment first (no target: newest first); equally close, the earlier one first. A capture
  under the other scheme (``https`` asked, ``http`` archived, or the reverse) counts as a day
  further away: the index keys ignore the scheme, and a page and its embeds are often archived
  under both seconds apart, so the one asked for wins unless the other is much closer in time.
- ``originals``: for a revisit, the records that may hold its payload, in the issue's order:
  the same URL with the same digest; the record ``WARC-Refers-To-Target-URI`` + ``-Date`` name;
  crawl.log's ``duplicate:`` annotation (the index's ``revisit_of_*``); the digest alone.
"""
from __future__ import annotations

import calendar
import email.utils
import time
from collections.abc import Iterable, Sequence
from typing import Protocol


class CaptureLike(Protocol):
    url: str
    timestamp: str
    status: str
    mime: str
    digest: str
    filename: str
    offset: int | None
    revisit_of_filename: str | None
    revisit_of_offset: int | None
    revisit_of_timestamp: str | None


def seconds(ts: str) -> int:
    """Unix seconds of a 14-digit timestamp (shorter ones padded to the earliest moment)."""
    ts = (ts + "0101000000"[len(ts) - 4:])[:14] if 4 <= len(ts) < 14 else ts[:14]
    return calendar.timegm((int(ts[:4]), int(ts[4:6]), int(ts[6:8]), int(ts[8:10]), int(ts[10:12]),
                            int(ts[12:14]), 0, 0, 0))


def http_date(ts: str) -> str:
    """RFC 1123 date (``Memento-Datetime``) of a 14-digit timestamp."""
    return email.utils.formatdate(seconds(ts), usegmt=True)


def accept_datetime(value: str) -> str | None:
    """14 digits of an ``Accept-Datetime`` header, or None when it is no HTTP date."""
    try:
        parsed = email.utils.parsedate_tz(value)
    except (TypeError, ValueError):
        return None
    if not parsed:
        return None
    return time.strftime("%Y%m%d%H%M%S", time.gmtime(email.utils.mktime_tz(parsed)))


def is_revisit(c: CaptureLike) -> bool:
    return c.mime == "warc/revisit" or bool(c.revisit_of_filename)


def replayable(c: CaptureLike) -> bool:
    """An HTTP status (a revisit indexed from its CDX line alone has none: its record has one) and
    a known place in the archive."""
    known = (len(c.status) == 3 and c.status.isdigit() and c.status[0] in "12345") or (
        c.mime == "warc/revisit" and c.status in ("-", ""))
    return known and (c.offset is not None or c.revisit_of_offset is not None)


#: how much further away, in seconds, a capture under the other scheme counts (see the module text)
OTHER_SCHEME_PENALTY = 86_400


def _scheme(url: str) -> str:
    return url.partition(":")[0].lower()


def ordered(captures: Iterable[CaptureLike], target: str, url: str = "") -> list[CaptureLike]:
    caps = [c for c in captures if replayable(c)]
    if not caps:
        return []
    t = seconds(target) if target else max(seconds(c.timestamp) for c in caps)
    asked = _scheme(url) if url else ""

    def key(c: CaptureLike) -> tuple[int, int, str]:
        away = abs(seconds(c.timestamp) - t)
        if asked and _scheme(c.url) != asked:
            away += OTHER_SCHEME_PENALTY
        # no target: newest first among equals; a target: the earlier first among equals
        return (away, -seconds(c.timestamp) if not target else 0, c.timestamp if target else "")

    return sorted(caps, key=key)


def originals(revisit: CaptureLike, same_url: Sequence[CaptureLike], refers_uri: str, refers_date: str,
              refers_url_captures: Sequence[CaptureLike], digest: str) -> list[tuple[str, str, int]]:
    """(how, file, offset) of each record that may hold the revisit's payload, best first, no
    duplicates. ``refers_url_captures`` are the captures of ``refers_uri`` (empty if unknown)."""
    out: list[tuple[str, str, int]] = []
    digest = digest or revisit.digest

    def add(how: str, filename: str | None, offset: int | None) -> None:
        if filename and offset is not None and all((f, o) != (filename, offset) for _h, f, o in out):
            out.append((how, filename, offset))

    def plain(cs: Iterable[CaptureLike]) -> list[CaptureLike]:
        return [c for c in cs if not is_revisit(c) and c.offset is not None and c.status[:1] in "12345"]

    def closest(cs: list[CaptureLike]) -> list[CaptureLike]:
        t = seconds(revisit.timestamp)
        return sorted(cs, key=lambda c: (c.timestamp > revisit.timestamp, abs(seconds(c.timestamp) - t)))

    if digest and digest != "-":
        for c in closest([c for c in plain(same_url) if c.digest == digest]):
            add("same-url-digest", c.filename, c.offset)
    if refers_uri and refers_date:
        for c in plain(refers_url_captures):
            if c.timestamp == refers_date[:14]:
                add("refers-to", c.filename, c.offset)
    add("crawl-log", revisit.revisit_of_filename, revisit.revisit_of_offset)
    if digest and digest != "-":
        for c in closest([c for c in plain(list(same_url) + list(refers_url_captures)) if c.digest == digest]):
            add("digest", c.filename, c.offset)
    return out
