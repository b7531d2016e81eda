"""The captures of one URL within a viewer session's jobs, oldest first: what the archive
browser's "previous/next capture" steps through.

The list holds exactly the captures the proxy could answer with (``resolve.replayable``), found
the way the proxy finds them (the index server's full index of the session's jobs, looked up by
SURT), so that setting the session's moment to one of their timestamps replays that capture:
the resolver takes the capture closest to the moment, and this one is at distance zero.
"""
from __future__ import annotations

import urllib.parse
from collections.abc import Callable, Iterable

from sqlalchemy.orm import Session

from server.viewerproxy import sessions
from server.viewerproxy.resolve import CaptureLike, is_revisit, replayable
from shared.dto.viewer import ViewerCaptureDto
from shared.errors import InvalidUrl

MAX_URL = 8000

#: lookup(url, job_ids): every capture of the URL in the full index of the jobs (the index
#: server's ``lookup``; raises IndexNotReady while that index is being built)
Lookup = Callable[[str, list[int]], Iterable[CaptureLike]]


def check_url(url: object) -> str:
    """An absolute http(s) URL with a host, stripped; anything else is InvalidUrl (the index
    holds nothing else, and the SURT of a non-URL would match unrelated keys)."""
    if not isinstance(url, str) or not url.strip() or len(url) > MAX_URL:
        raise InvalidUrl(f"not a URL: {str(url)[:200]!r}", {"url": str(url)[:200]})
    url = url.strip()
    try:
        parts = urllib.parse.urlsplit(url)
        host, _port = parts.hostname, parts.port     # .port raises ValueError for a bad port
    except ValueError:
        host = None
        parts = None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not host:
        raise InvalidUrl(f"not an http or https URL with a host: {url[:200]!r}", {"url": url[:200]})
    return url


def to_dto(c: CaptureLike, job_id: int) -> ViewerCaptureDto:
    # a revisit known only from the crawl log has no record of its own: its original's is shown
    own = c.offset is not None
    return ViewerCaptureDto(c.url, c.timestamp, c.status, c.mime, int(job_id),
                            c.filename if own else (c.revisit_of_filename or ""),
                            c.offset if own else c.revisit_of_offset, is_revisit(c))


def timeline(found: Iterable[CaptureLike]) -> list[ViewerCaptureDto]:
    """The replayable captures, oldest first (equal times: by job, then file and offset, so the
    order is the same on every call)."""
    out = [to_dto(c, getattr(c, "job_id", 0)) for c in found if replayable(c)]
    return sorted(out, key=lambda d: (d.timestamp, d.job_id, d.file, d.offset if d.offset is not None else -1))


def captures(db: Session, session_id: str, url: object, lookup: Lookup) -> list[ViewerCaptureDto]:
    """The captures of ``url`` in the jobs of session ``session_id``, oldest first. A stopped
    session still answers (its jobs are known). Raises ViewerSessionNotFound, InvalidUrl, and
    what ``lookup`` raises (IndexNotReady, Unavailable)."""
    s = sessions.get(db, session_id)
    url = check_url(url)
    return timeline(lookup(url, sessions.job_list(s)))
