"""What the ``index_server`` answers: index requests and their state, where a built index can be
read, the captures of a URL, and the state of the cache."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from shared.dto import Dto, Page

SERVICE = "index_server"

#: request states, in order
QUEUED, BUILDING, DONE, FAILED = "queued", "building", "done", "failed"


@dataclass
class MissingJobDto(Dto):
    """A job of the request the index does not cover, and why (``code`` is stable: not_finished,
    not_stored, no_metadata, no_index_data, invalid_warc, unavailable, checksum_mismatch...)."""

    job_id: int
    code: str
    reason: str


@dataclass
class IndexRequestDto(Dto):
    """One request for an index over a job set, as tracked by the index server. When ``done``,
    ``covered`` lists the jobs the index holds and ``missing`` the others; the index is stored
    under ``index_name`` (the name of the covered set: never the full set's name when jobs are
    missing)."""

    request_id: str
    kind: str                        # cdx | dedup | full
    job_ids: list[int]
    state: str                       # queued | building | done | failed
    covered: list[int] = field(default_factory=list)
    missing: list[MissingJobDto] = field(default_factory=list)
    index_name: str = ""
    entries: int = 0                 # CDX lines, dedup entries or captures
    size: int = 0                    # bytes on disk
    base: str = ""                   # the cached index this one was derived from, if any
    error_code: str = ""
    error: str = ""
    created_at: dt.datetime | None = None
    updated_at: dt.datetime | None = None
    build_seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return self.state == DONE and not self.missing


@dataclass
class IndexLocationDto(Dto):
    """Where a built index can be read (RemoteFile-like): ``path`` on ``host`` (read it directly
    when on the same host) or ``url`` (HTTP, Range requests allowed), ``size`` bytes with MD5
    ``checksum``. The index stays in the cache at least until ``expires_at``. ``format``:
    ``cdxj`` or ``cdx11`` (a text file), ``nas-dedup-1`` or ``nas-full-1`` (a tar of the index
    directory; ``server.index.package.unpack`` opens it) or ``directory`` (``path`` is the index
    directory itself, for readers on the same host)."""

    kind: str
    index_name: str
    format: str
    name: str
    size: int
    checksum: str | None
    host: str
    path: str | None
    url: str | None
    covered: list[int]
    expires_at: dt.datetime | None = None


@dataclass
class CaptureDto(Dto):
    """One capture of a URL: where its record is, and for a revisit where its original is."""

    url: str
    timestamp: str                   # 14 digits, UTC
    status: str
    mime: str
    digest: str
    filename: str
    offset: int | None
    length: int | None
    job_id: int
    revisit_of_filename: str | None = None
    revisit_of_offset: int | None = None
    revisit_of_timestamp: str | None = None


@dataclass
class LookupDto(Dto):
    url: str
    index_name: str
    covered: list[int]
    missing: list[MissingJobDto]
    captures: list[CaptureDto]


@dataclass
class JobPageDto(Dto):
    """One page of a job's page list (``job_pages``): ``source`` says why it is listed — ``seed``
    (a seed of the job; ``timestamp`` empty when it was never captured), ``browser`` (rendered
    by the browser capture; with its ``title``) or ``html`` (another URL captured as an HTML page
    with status 200). ``timestamp`` is its first capture (14 digits, UTC)."""

    url: str
    timestamp: str
    source: str                      # seed | browser | html
    status: str
    mime: str
    title: str = ""


@dataclass
class CacheEntryDto(Dto):
    kind: str                        # cdx | dedup | full | job | text
    name: str
    jobs: int
    size: int
    last_used: dt.datetime | None
    in_use: bool


@dataclass
class IndexServerStatusDto(Dto):
    cache_dir: str
    budget: int
    used: int
    entries: list[CacheEntryDto]
    requests: dict[str, int]         # state -> how many
    recent: list[IndexRequestDto]


@dataclass
class SearchHitDto(Dto):
    """One capture that matches a full-text search. ``snippet`` is HTML: the text escaped, the
    matched words in ``<b>…</b>``. ``filename``/``offset`` locate the capture's record; a revisit
    (found by its original's words) names its original in ``revisit_of`` (``file:offset``)."""

    url: str
    timestamp: str                   # 14 digits, UTC
    title: str
    snippet: str
    mime: str
    status: int
    job_id: int
    harvest_id: int
    host: str
    filename: str
    offset: int | None
    revisit_of: str = ""
    score: float = 0.0


@dataclass
class FacetValueDto(Dto):
    value: str
    count: int


@dataclass
class FacetDto(Dto):
    """The commonest values of one field (domain, year, mime) among all matches."""

    field: str
    values: list[FacetValueDto]


@dataclass
class SearchRequestDto(Dto):
    """A full-text search: the query (words, "phrases", AND/OR/NOT, host:, domain:, type:,
    status:, lang:, url:, date:2024-01..2024-06), the jobs to search (empty: every job with a
    full-text index), ``sort`` (relevance, newest, oldest) and the page (from 1)."""

    query: str
    job_ids: list[int] = field(default_factory=list)
    sort: str = "relevance"
    page: int = 1
    page_size: int = 10
    facets: bool = True


@dataclass
class SearchResultDto(Dto):
    """One page of a full-text search. ``covered``: the jobs searched; ``missing``: jobs asked
    for that could not be searched (``building``: their full-text index is being made, ask
    again; or why not)."""

    query: str
    sort: str
    page: int
    page_size: int
    total: int
    hits: list[SearchHitDto]
    facets: list[FacetDto]
    covered: list[int]
    missing: list[MissingJobDto] = field(default_factory=list)


RETURNS: dict[str, Any] = {
    "request_index": IndexRequestDto,
    "index_status": IndexRequestDto,
    "get_index": IndexLocationDto,
    "lookup": LookupDto,
    "overview": IndexServerStatusDto,
    "evict": list[str],
    "search": SearchResultDto,
    "job_pages": Page[JobPageDto],
}
