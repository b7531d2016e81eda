"""Heritrix's fetch status codes (per-domain stop reasons are shared.enums.StopReason).

The negative codes are Heritrix 3's ``FetchStatusCodes`` so that crawl.log files from this engine
read exactly like Heritrix's for curators and for the tools that parse them (the index server
skips lines with status <= 0 when building CDX and dedup indexes).
"""
from __future__ import annotations

S_UNATTEMPTED = 0
S_DOMAIN_UNRESOLVABLE = -1  # DNS lookup failed (logged on the dns: URI)
S_CONNECT_FAILED = -2
S_CONNECT_LOST = -3
S_TIMEOUT = -4
S_RUNTIME_EXCEPTION = -5
S_DOMAIN_PREREQUISITE_FAILURE = -6  # the URI's host did not resolve
S_UNFETCHABLE_URI = -7  # unsupported scheme or malformed URI
S_TOO_MANY_RETRIES = -8
S_DEFERRED = -50
S_UNQUEUEABLE = -60
S_ROBOTS_PREREQUISITE_FAILURE = -61
S_OTHER_PREREQUISITE_FAILURE = -62
S_PREREQUISITE_UNSCHEDULABLE_FAILURE = -63
S_SERIOUS_ERROR = -3000
S_DEEMED_CHAFF = -4000  # crawler traps
S_TOO_MANY_LINK_HOPS = -4001
S_TOO_MANY_EMBED_HOPS = -4002
S_OUT_OF_SCOPE = -5000
S_BLOCKED_BY_USER = -5001
S_BLOCKED_BY_CUSTOM_PROCESSOR = -5002
S_BLOCKED_BY_QUOTA = -5003
S_BLOCKED_BY_RUNTIME_LIMIT = -5004
S_DELETED_BY_USER = -6000
S_PROCESSING_THREAD_KILLED = -7000
S_ROBOTS_PRECLUDED = -9998
# Ours, not Heritrix's: a page whose browser tab crashed or hung twice (server/crawler/browser/).
# The page itself was fetched and archived; only its rendering (and what the browser would have
# loaded) is missing.
S_BROWSER_FAILED = -9100
S_DNS_SUCCESS = 1

# Codes whose URI may be tried again after a pause (Heritrix's "needsRetrying").
RETRYABLE = frozenset({S_CONNECT_FAILED, S_CONNECT_LOST, S_TIMEOUT})

DESCRIPTIONS = {
    S_UNATTEMPTED: "unattempted",
    S_DOMAIN_UNRESOLVABLE: "DNS lookup failed",
    S_CONNECT_FAILED: "connection failed",
    S_CONNECT_LOST: "connection lost",
    S_TIMEOUT: "timeout",
    S_RUNTIME_EXCEPTION: "unexpected runtime error",
    S_DOMAIN_PREREQUISITE_FAILURE: "domain unresolvable",
    S_UNFETCHABLE_URI: "unfetchable URI",
    S_TOO_MANY_RETRIES: "retries exhausted",
    S_ROBOTS_PREREQUISITE_FAILURE: "robots.txt prerequisite failed",
    S_OTHER_PREREQUISITE_FAILURE: "prerequisite failed",
    S_DEEMED_CHAFF: "crawler trap",
    S_TOO_MANY_LINK_HOPS: "too many link hops",
    S_TOO_MANY_EMBED_HOPS: "too many embed hops",
    S_OUT_OF_SCOPE: "out of scope",
    S_BLOCKED_BY_USER: "blocked by user",
    S_BLOCKED_BY_QUOTA: "blocked by quota",
    S_BLOCKED_BY_RUNTIME_LIMIT: "blocked by runtime limit",
    S_ROBOTS_PRECLUDED: "blocked by robots.txt",
    S_BROWSER_FAILED: "browser tab crashed or hung",
    S_DNS_SUCCESS: "DNS success",
}


def describe(code: int) -> str:
    """A short English description of a status code (HTTP codes are returned as 'HTTP nnn')."""
    if code > 1:
        return f"HTTP {code}"
    return DESCRIPTIONS.get(code, f"status {code}")
