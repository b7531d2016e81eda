"""URL handling: making discovered links fetchable, canonical keys and SURT form.

Two different strings matter for every URL:

* the *fetch URL*: the link resolved against its base and minimally escaped, so that it can be
  sent on the wire and recorded as WARC-Target-URI without losing what the page said;
* the *canonical key* (SURT of a canonicalised URL): used only to decide "seen before?", so
  that ``HTTP://Example.dk:80/a#x`` and ``http://example.dk/a`` are crawled once.
"""
from __future__ import annotations

import re
from typing import NamedTuple
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
    # Most links of a page are root-relative (/a/b) or plain relative (b.html, dir/b.html) with no
    # dot segments: those are the base's origin or directory and the link, which is what urljoin
    # computes with two more parses. tests/unit/crawler/test_url_fast_path.py compares the two.
    # (urljoin also drops an empty query, fragment or parameter: links with those take it)
    if "/." not in link and ";" not in link and link[-1] not in "?#" and "?#" not in link:
        parts = _base_parts(base)
        if parts is not None:
            first = link[0]
            if first == "/":
                if link[1:2] != "/":
                    return parts[0] + link
            elif first not in "?." and ":" not in link and "//" not in link:
                return parts[1] + link
    if link[0] == ".":
        up = _up_relative(base, link)       # ../a.html, ../../b/c.html (documentation sites)
        if up is not None:
            return up
    try:
        joined = urljoin(base, link)
    except ValueError:
        return None
    return joined


def _up_relative(base: str, link: str) -> str | None:
    """``link`` made of leading ``../`` and ``./`` steps and a plain relative rest, resolved as
    urljoin does (no step above the root); None when it is not that simple."""
    rest, ups = link, 0
    while True:
        if rest.startswith("../"):
            rest, ups = rest[3:], ups + 1
        elif rest.startswith("./"):
            rest = rest[2:]
        else:
            break
    if (not rest or rest[0] in "/?.#" or "/." in rest or ";" in rest or ":" in rest or "//" in rest
            or rest[-1] in "?#" or "?#" in rest):
        return None
    parts = _base_parts(base)
    if parts is None:
        return None
    origin, directory = parts
    segments = directory[len(origin) + 1:].split("/")[:-1]     # the directory's, without the root
    kept = segments[:max(0, len(segments) - ups)]
    return origin + "/" + "".join(seg + "/" for seg in kept) + rest


_BASE = re.compile(r"((?i:https?)://[^/?#]*)(/[^?#]*)?(?:\?[^#]*)?(?:#.*)?", re.S)
_last_base: list = ["", None]  # a page's links all resolve against one base: remember its split


def _base_parts(base: str) -> tuple[str, str] | None:
    """(origin, directory URL) of a base URL simple enough for resolve's shortcut, else None."""
    if _last_base[0] == base:
        return _last_base[1]
    parts = None
    m = _BASE.fullmatch(base)
    if m is not None:
        origin, path = m.group(1), m.group(2) or "/"
        origin = origin[:5].lower() + origin[5:]  # urljoin lower-cases the scheme ("http:"/"https")
        if "//" not in path and "/." not in path and not any(c in origin for c in " \t\\@"):
            parts = (origin, origin + path[: path.rfind("/") + 1])
    _last_base[0], _last_base[1] = base, parts
    return parts


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


# -- one parse per URL ------------------------------------------------------------------------
# Seeds and outlinks are nearly always plain ASCII http(s) URLs whose characters need no escaping.
# For those, one split gives the fetch URL, its seen key, queue and host at once (fetchable,
# seen_key, host_key and host_of each parse the URL again: six parses per URL). The origin
# (scheme, host, port) is looked up in a small cache, since a crawl's URLs share few origins (a
# million seeds of a thousand hosts: a thousand host checks, not a million); only the path and
# query are checked per URL. Anything else takes the general functions above;
# tests/unit/crawler/test_url_fast_path.py checks that both ways give the same answers.
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_ORIGIN = re.compile(r"(?i:(https?))://((?i:" + _LABEL + r"(?:\." + _LABEL + r")*))(?::(\d{1,5}))?", re.A)
# the origin as written (checked once per origin, below), then a path and query that need no escaping
_SPLIT = re.compile(r"([A-Za-z]{4,5}://[^/?#]*)(/[A-Za-z0-9/%:@!$&'()*+,;=._~-]*)?"
                    r"(?:\?([A-Za-z0-9/%:@!$&'()*+,;=._~?-]*))?(?:#\S*)?", re.A)
_IP4 = re.compile(r"[0-9.]+")
_ORIGIN_CACHE_MAX = 100_000
# origin as written → (fetch URL prefix "scheme://netloc", netloc, host, SURT prefix
# "scheme://(labels:port)"), or None when the origin needs the general path
_origins: dict[str, tuple[str, str, str, str] | None] = {}


class ParsedUrl(NamedTuple):
    url: str  # the fetch URL (fetchable)
    key: str  # seen_key
    queue: str  # host_key
    host: str  # host_of


_tuple_new = tuple.__new__


def _origin(text: str) -> tuple[str, str, str, str] | None:
    m = _ORIGIN.fullmatch(text)
    if m is None or "xn--" in text.lower():
        return None
    scheme, host, port = m.groups()
    scheme, host = scheme.lower(), host.lower()
    port_n = int(port) if port else None
    if port_n is not None and not 0 < port_n <= 65535:
        return None
    netloc = host if port_n is None or port_n == _DEFAULT_PORTS[scheme] else f"{host}:{port_n}"
    labels = host if _IP4.fullmatch(host) else ",".join(reversed(host.split("."))) + ","
    return f"{scheme}://{netloc}", netloc, host, f"{scheme}://({labels}{netloc[len(host):]})"


#: The last URLs parsed, and what they gave: a link is parsed where it is found and again where
#: it is queued, and a site's pages link to the same few (its home page, the parent) many times
_PARSED_CACHE_MAX = 4096
_parsed: dict[str, ParsedUrl] = {}


def parse_url(raw: str) -> ParsedUrl:
    """fetchable(raw) with its seen key, queue and host, parsing once when it can. Raises BadUrl."""
    parsed = _parsed.get(raw)
    if parsed is None:
        parsed = _parse_url(raw)
        if len(_parsed) >= _PARSED_CACHE_MAX:
            _parsed.clear()
        _parsed[raw] = parsed
    return parsed


def _parse_url(raw: str) -> ParsedUrl:
    m = _SPLIT.fullmatch(raw)
    if m is not None:
        written, path, query = m.groups()
        try:
            origin = _origins[written]
        except KeyError:
            if len(_origins) >= _ORIGIN_CACHE_MAX:
                _origins.clear()
            origin = _origins[written] = _origin(written)
        if origin is not None:
            prefix, netloc, host, surt_prefix = origin
            path = path or "/"
            if query:
                url = f"{prefix}{path}?{query}"
                query = (_SESSION_ID.sub("", query) if "=" in query else query).lstrip("&")
            else:
                url = prefix + path
            if ";" in path:
                path = _JSESSION_PATH.sub("", path)
            key = f"{surt_prefix}{path}?{query}" if query else surt_prefix + path
            return _tuple_new(ParsedUrl, (url, key, netloc, host))  # NamedTuple's __new__ is Python code
    url = fetchable(raw)
    return ParsedUrl(url, seen_key(url), host_key(url), host_of(url))
