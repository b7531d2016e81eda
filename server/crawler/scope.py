"""Scope: which discovered URIs the crawl queues, decided the way Heritrix's DecideRuleSequence
in NetarchiveSuite's order templates does it (the last rule that applies wins):

1. reject everything;
2. accept what lies in the seeds' scope (domain and subdomains, host, or URL prefix) or matches
   an include pattern;
3. reject when the discovery path is longer than ``max_hops`` (every hop counts, as Heritrix's
   TooManyHopsDecideRule counts them);
4. accept embeds, redirects and speculative links of an in-scope page up to ``max_embed_hops``
   trailing non-link hops (TransclusionDecideRule), so that a page's images on a CDN are kept;
5. reject what matches a crawler trap (job's or global) or an exclude pattern.

Patterns are matched against the whole URL (Java's ``matches()``), so traps copied from the old
system, such as ``.*/calendar/.*``, behave as they did. A rejection carries the Heritrix code that
explains it: -4000 trap, -4001 too many hops, -4002 too many embed hops, -5000 out of scope.

Every match runs with a time limit (the ``regex`` package, ``re``-compatible syntax, stops a
match after ``timeout`` seconds and, unlike ``re``, lets signal handlers run meanwhile): a trap
or scope pattern that backtracks catastrophically on some URL cannot stall the crawl. Such a URL
is rejected (a trap's or exclude pattern's time-out counts as a match, an include pattern's as
no match), annotated ``regexTimeout`` in crawl.log and logged; the crawl goes on. Patterns are
checked when saved too (server/definitions/slow_regex.py); this is the guard for what slipped
through. See docs/decisions/regex-limits.md.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from server.crawler import status_codes as sc
from server.crawler.spec import Scope
from server.crawler.urls import surt
from shared.domain_names import registered_domain

if TYPE_CHECKING:
    import regex

ACCEPT = 0

#: seconds one match of a URL against one pattern list may take (a sane list needs microseconds)
MATCH_TIMEOUT = 0.2
#: the limit once the crawl is stopping (SIGTERM): the URLs of the page at hand are scoped at
#: once and the stop is not held up by a slow pattern
STOPPING_TIMEOUT = 0.02
TIMEOUT_NOTE = "regexTimeout"

log = logging.getLogger(__name__)


def _any(patterns: list[str]) -> regex.Pattern | None:
    if not patterns:
        return None
    import regex  # here: a crawl without patterns does not pay for loading it (~15 ms a start)

    return regex.compile("|".join(f"(?:{p})" for p in patterns), regex.S | regex.VERSION0)


def domain_of(host: str) -> str:
    """The registered domain quotas and statistics are kept for (the host itself for IP
    addresses and single-label names)."""
    return registered_domain(host) or host


class CrawlScope:
    """Decides, for a discovered URL and its discovery path, whether it is crawled."""

    def __init__(self, scope: Scope, traps: list[str]):
        self.mode = scope.mode
        self.max_hops = scope.max_hops
        self.max_embed_hops = scope.max_embed_hops
        self._include = _any(scope.include)
        self._exclude = _any(scope.exclude)
        self._traps = _any(traps)
        self._domains: set[str] = set()
        self._hosts: set[str] = set()
        self._prefixes: set[str] = set()
        self.timeout = MATCH_TIMEOUT
        self.timeouts = 0   # URLs rejected because a pattern list did not finish in time

    def stopping(self) -> None:
        """The crawl is stopping: matches get only :data:`STOPPING_TIMEOUT` from now on."""
        self.timeout = STOPPING_TIMEOUT

    def _matches(self, rx: regex.Pattern, url: str, what: str) -> bool | None:
        """``rx.fullmatch(url)`` within the time limit; None when it did not finish."""
        try:
            return rx.fullmatch(url, timeout=self.timeout) is not None
        except TimeoutError:
            self.timeouts += 1
            log.warning("the %s did not finish matching %s within %g s (catastrophic backtracking?): "
                        "the URL is not crawled", what, url[:300], self.timeout)
            return None

    def add_seed(self, url: str, host: str | None = None) -> None:
        """Widen the scope by a seed's (fetch URL's) domain, host or prefix; ``host`` saves a parse."""
        if host is None:
            host = urlsplit(url).hostname or ""
        if self.mode == "domain":
            self._domains.add(domain_of(host))
        elif self.mode == "host":
            self._hosts.add(host)
        else:
            key = surt(url)
            prefix = key[: key.rfind("/") + 1] if "/" in key[key.find(")"):] else key
            self._prefixes.add(prefix)

    def in_seed_scope(self, url: str, host: str | None = None) -> bool:
        if self.mode == "prefix":
            # a prefix ends at a '/' of the SURT (or is the whole SURT): look each candidate up
            # instead of trying every seed's prefix (a million seeds make a million prefixes)
            key = surt(url)
            prefixes = self._prefixes
            if key in prefixes:
                return True
            i = key.find("/", key.find(")"))
            while i >= 0:
                if key[: i + 1] in prefixes:
                    return True
                i = key.find("/", i + 1)
            return False
        if host is None:
            host = urlsplit(url).hostname or ""
        if self.mode == "host":
            return host in self._hosts
        return domain_of(host) in self._domains

    def decide(self, url: str, path: str, host: str | None = None) -> tuple[int, str | None]:
        """(0, None) to accept; otherwise the Heritrix status code and an annotation. ``host``
        (the URL's, when the caller has it) saves a parse."""
        verdict: tuple[int, str | None] = (sc.S_OUT_OF_SCOPE, None)
        if self.in_seed_scope(url, host) or (
                self._include is not None and self._matches(self._include, url, "scope include patterns")):
            verdict = (ACCEPT, None)
        if len(path) > self.max_hops:
            verdict = (sc.S_TOO_MANY_LINK_HOPS, "maxHops")
        trailing = len(path) - len(path.rstrip("ERXP"))
        if 0 < trailing <= self.max_embed_hops:
            verdict = (ACCEPT, None)
        elif trailing > self.max_embed_hops and verdict[0] != ACCEPT:
            verdict = (sc.S_TOO_MANY_EMBED_HOPS, "maxEmbedHops")
        if self._traps is not None:
            hit = self._matches(self._traps, url, "crawler traps")
            if hit is None:
                return (sc.S_DEEMED_CHAFF, TIMEOUT_NOTE)
            if hit:
                return (sc.S_DEEMED_CHAFF, "trap")
        if self._exclude is not None:
            hit = self._matches(self._exclude, url, "scope exclude patterns")
            if hit is None:
                return (sc.S_OUT_OF_SCOPE, TIMEOUT_NOTE)
            if hit:
                return (sc.S_OUT_OF_SCOPE, "excluded")
        return verdict
