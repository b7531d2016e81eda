"""A full-text search's result set as an export's selection: every hit's URL once, in the order of
the hits, page after page up to the index server's ranked-hit limit, with the jobs of the hits.
``nas search --url-list`` writes it; the desktop's search screen exports it as a WACZ.
(The server's ``matching_captures`` has no rank limit but is no RPC yet: docs/decisions/wacz.md.)
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from shared.wacz.source import ExportCancelled

#: the search RPC ranks at most this many hits
RANKED = 1000
PAGE = 100


@dataclasses.dataclass
class ResultSet:
    urls: list[str]
    jobs: list[int]
    total: int
    missing: list[Any]      # the search's MissingJobDto: jobs not searched (being indexed, or failed)

    @property
    def capped(self) -> bool:
        return self.total > RANKED


def result_set(call: Callable[..., Any], query: str, job_ids: list[int], sort: str = "relevance",
               cancelled: Callable[[], bool] = lambda: False) -> ResultSet:
    """``call(service, method, *args)`` answers decoded DTOs. Raises what the search raises
    (IndexNotReady when no job of the set is indexed yet; InvalidInput for a bad query)."""
    urls: dict[str, None] = {}
    jobs: dict[int, None] = {}
    page = 1
    while True:
        if cancelled():
            raise ExportCancelled()
        result = call("index_server", "search", query, job_ids, sort, page, PAGE, False)
        for h in result.hits:
            urls[h.url] = None
            jobs[h.job_id] = None
        if not result.hits or page * PAGE >= min(result.total, RANKED):
            return ResultSet(list(urls), sorted(jobs), result.total, list(result.missing))
        page += 1
