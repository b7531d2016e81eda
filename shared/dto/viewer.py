"""What the ``viewerproxy`` answers: where the proxy listens and its CA, viewer sessions, and the
URLs a session asked for that the archive does not hold (the QA "missing URL" list)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from shared.dto import Dto, Page

SERVICE = "viewerproxy"

#: the reserved host of the data commands (getFile, getRecord, getMetadata, getStatus)
RESERVED_HOST = "viewerproxy.invalid"
#: the seed list ``add_missing_as_seeds`` fills when the caller names none
DEFAULT_SEED_LIST = "qa-missing"


@dataclass
class ViewerProxyInfoDto(Dto):
    """Where browsers point their HTTP and HTTPS proxy, and the certificate of the installation's
    CA (PEM; never the key) that signs the proxy's per-host certificates."""

    host: str
    port: int
    reserved_host: str
    ca_certificate_pem: str
    ca_sha256: str


@dataclass
class ViewerSessionDto(Dto):
    """A viewer session: whose, which jobs, which moment (14 digits; empty = the newest capture),
    whether missing URLs are recorded. ``token`` is the proxy password: filled only in the
    answer of ``create_session`` (it is stored hashed)."""

    session_id: str
    user: str
    job_ids: list[int]
    timestamp: str
    recording: bool
    state: str                       # active | stopped
    created_at: dt.datetime
    missing_count: int = 0
    token: str = ""


@dataclass
class MissingUrlDto(Dto):
    """One URL a session asked for that the archive does not hold: first and last time asked, how
    often, the page that asked for it and what kind of thing it is (page, image, script, style,
    font, media, other)."""

    url: str
    kind: str
    referrer: str
    first_seen: dt.datetime
    last_seen: dt.datetime
    count: int = 1


@dataclass
class ViewerCaptureDto(Dto):
    """One capture of a URL in a session's jobs (``captures``): when (14 digits, UTC), the HTTP
    status it was archived with, the job that made it, and where its record is (``file`` at
    ``offset``; for a revisit known only from the crawl log, the record of its original).
    ``revisit``: the index knows the payload is another capture's (a ``warc/revisit`` record or
    the crawl log's duplicate annotation); a revisit the index does not know as such is found
    out only when the proxy reads its record."""

    url: str
    timestamp: str
    status: str
    mime: str
    job_id: int
    file: str
    offset: int | None
    revisit: bool = False


RETURNS: dict[str, Any] = {
    "proxy_info": ViewerProxyInfoDto,
    "ca_certificate": str,
    "create_session": ViewerSessionDto,
    "session": ViewerSessionDto,
    "list_sessions": list[ViewerSessionDto],
    "update_session": ViewerSessionDto,
    "set_recording": ViewerSessionDto,
    "stop_session": ViewerSessionDto,
    "missing_urls": Page[MissingUrlDto],
    "clear_missing": int,
    "add_missing_as_seeds": int,
    "captures": list[ViewerCaptureDto],
}

