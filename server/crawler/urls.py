"""URL handling: making discovered links fetchable, canonical keys and SURT form.

Two different strings matter for every URL:

* the *fetch URL*: the link resolved against its base and minimally escaped, so that it can be
  sent on the wire and recorded as WARC-Target-URI without losing what the page said;
* the *canonical key* (SURT of a canonicalised URL): used only to decide "seen before?", so
  that ``HTTP://Example.dk:80/a#x`` and ``http://example.dk/a`` are crawled once.
"""
from __future__ import annotations

import re
from urllib.parse import quote, urljoin, urlsplit, urlunsplit

from shared.domain_names import normalise_host

FETCHABLE_SCHEMES = ("http", "https")
_DEFAULT_PORTS = {"http": 80, "https": 443}
# Characters left alone when escaping: everything RFC 3986 allows in a path or query, plus '%'
# so that existing escapes survive.
_SAFE_PATH = "/%:@!$&'()*+,;=-._~"
_SAFE_QUERY = _SAFE_PATH + "?"
_SESSION_ID = re.compile(
    r"(?i)(?:^|&)(?:jsessionid|phpsessid|sid|aspsessionid[a-z]{8}|cfid|cftoken)=[^&]*")
_JSESSION_PATH = re.compile(r"(?i);jsessionid=[^?/]*")


class BadUrl(ValueError):
    """A URL that cannot be fetched (malformed or an unsupported scheme)."""


def resolve(base: str, link: str) -> str | None:
    """Resolve ``link`` against ``base``; None for links that are not web links at all."""
    link = link.strip().replace("\n", "").replace("\r", "").replace("\t", "")
    if not link or link.startswith(("#", "javascript:", "mailto:", "data:", "tel:", "about:")):
        return None
    try:
        joined = urljoin(base, link)
    except ValueError:
        return None
    return joined


def fetchable(url: str) -> str:
    """The URL as it will be requested: scheme and host lower-cased, fragment dropped, unsafe
    characters escaped. Raises BadUrl for anything that cannot be fetched over HTTP(S)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise BadUrl(f"malformed URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in FETCHABLE_SCHEMES:
        raise BadUrl(f"unsupported scheme {scheme or '(none)'!r}")
    host = parts.hostname
    if not host:
        raise BadUrl("no host name")
    try:
        host = normalise_host(host).encode("idna").decode("ascii")
    except UnicodeError:
        raise BadUrl(f"bad host name {host!r}") from None
    if not re.fullmatch(r"[a-z0-9._\-\[\]:]+", host) or ".." in host:
        raise BadUrl(f"bad host name {host!r}")
    netloc = host if ":" not in host or host.startswith("[") else f"[{host}]"
    if port is not None and port != _DEFAULT_PORTS[scheme]:
        netloc = f"{netloc}:{port}"
    path = quote(parts.path, safe=_SAFE_PATH) or "/"
    query = quote(parts.query, safe=_SAFE_QUERY)
    return urlunsplit((scheme, netloc, path, query, ""))


def host_key(url: str) -> str:
    """The politeness queue of a fetch URL: host and port (``example.dk:8080``)."""
    return urlsplit(url).netloc


def host_of(url: str) -> str:
    """The bare host name of a fetch URL."""
    return urlsplit(url).hostname or ""


def canonical(url: str) -> str:
    """Heritrix-like canonicalisation for the seen-check: strip user info, session ids, a
    trailing '?' and default ports (already gone from fetch URLs)."""
    parts = urlsplit(url)
    path = _JSESSION_PATH.sub("", parts.path)
    query = _SESSION_ID.sub("", parts.query).lstrip("&")
    netloc = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit((parts.scheme, netloc, path, query, ""))


def surt(url: str) -> str:
    """Sort-friendly URI Reordering Transform: ``http://www.example.dk/a`` →
    ``http://(dk,example,www,)/a``."""
    if url.startswith("dns:"):
        return url
    parts = urlsplit(url)
    host = parts.hostname or ""
    if re.fullmatch(r"[0-9.]+", host):
        labels = host
    else:
        labels = ",".join(reversed(host.split("."))) + ","
    port = f":{parts.port}" if parts.port else ""
    rest = parts.path or "/"
    if parts.query:
        rest += "?" + parts.query
    return f"{parts.scheme}://({labels}{port}){rest}"


def seen_key(url: str) -> str:
    """The key under which a URL is remembered as seen."""
    return surt(canonical(url))
