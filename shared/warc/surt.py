"""SURT keys as pywb's indexes write them (``pywb.utils.canonicalize``, which calls the ``surt``
package with its default canonicalizer), written here so that our CDX lines equal pywb's
``cdx-indexer`` byte for byte (tests/unit/archive/test_surt.py compares the two).

``http://www.Example.com:80/A/./b/?b=1&a=2#x`` → ``com,example)/a/b?a=2&b=1``. The steps:

- a URL without ``//`` after its scheme (``dns:``, ``mailto:``, ``urn:``) is its own key, and so
  is an ARC file's ``filedesc://``;
- any other scheme (``https``, ``ftp``, ``metadata``) is dropped: the key is host, port, path;
- user info goes; the host is lower-cased, IDNA-encoded, stripped of dots at its ends and of a
  leading ``www``/``wwwN``; a name or IPv4 address is written backwards with commas; a port
  stays (as a number) unless it is the scheme's default (80, 443), 0 or out of range;
- path and query are percent-decoded until nothing changes, then control characters, space,
  non-ASCII bytes, ``#`` and ``%`` are escaped again; dot segments and empty segments of the
  path are resolved; a trailing ``/`` goes (not the root's);
- everything is lower-cased; session ids (``jsessionid``, ``phpsessid``, ``sid`` of 32
  characters, ``aspsessionid``, ``cfid``/``cftoken``) leave the query; its arguments are
  sorted (by name, then value; empty ones stay); an empty query and the fragment go.

Not followed: the ``surt`` package's special forms of ``urn:`` keys (it cuts a trailing ``/``
from ``urn:pageinfo:http://a.dk/``), which no record of ours or of wget's carries.
"""
from __future__ import annotations

import re

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_WWW = re.compile(r"^www\d*\.")
_PCT = re.compile(rb"%([0-9A-Fa-f]{2})")
_IPV4 = re.compile(r"^\d{1,3}(\.\d{1,3}){3}$")
_SESSION_IDS = [re.compile(p, re.I) for p in (
    r"(?:^|(?<=&))jsessionid=[0-9a-z$]{10,}(?:&|$)",
    r"(?:^|(?<=&))phpsessid=[0-9a-z]{32}(?:&|$)",
    r"(?:^|(?<=&))sid=[0-9a-z]{32}(?:&|$)",
    r"(?:^|(?<=&))aspsessionid[a-z]{8}=[a-z]{24}(?:&|$)",
    r"(?:^|(?<=&))cfid=[^&]+&cftoken=[^&]+(?:&|$)",
)]
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def surt(url: str) -> str:
    """The SURT key of ``url`` (see the module docstring)."""
    url = url.strip()
    m = _SCHEME.match(url)
    scheme = m.group(1).lower() if m else ""
    rest = url[m.end():] if m else url
    if m and (not rest.startswith("//") or scheme == "filedesc"):
        return url  # dns:, mailto:, urn:, an ARC file's filedesc: ... are canonical as they are
    if not m:
        if url.startswith("//"):
            rest = url
        else:
            return url
    rest = rest[2:]
    rest = rest.split("#", 1)[0]
    cut = min((i for i in (rest.find("/"), rest.find("?")) if i >= 0), default=len(rest))
    authority, tail = rest[:cut], rest[cut:]
    path, _, query = tail.partition("?")
    host, port = _host_port(authority)
    if host is None:
        return url
    # a port as a number, unless it is the scheme's default; one out of range (pywb refuses the
    # URL) is left out, as a port that is no number
    port = str(int(port)) if port and 0 < int(port) <= 65535 else ""
    if port == _DEFAULT_PORTS.get(scheme):
        port = ""
    key = host + (f":{port}" if port else "") + ")" + _path(path)
    query = _query(query)
    return (key + "?" + query if query else key).lower()


def _host_port(authority: str) -> tuple[str | None, str]:
    authority = authority.rpartition("@")[2]
    if authority.startswith("["):  # an IPv6 literal: kept as it is, without brackets
        end = authority.find("]")
        if end < 0:
            return None, ""
        host, port = authority[1:end], authority[end + 1:].lstrip(":")
        return host.lower(), port if port.isascii() and port.isdigit() else ""
    host, _, port = authority.partition(":")
    host = _unescape(host.encode("utf-8")).decode("utf-8", "replace").lower().strip(".")
    if not host:
        return None, ""
    try:
        host = host.encode("idna").decode("ascii") if not host.isascii() else host
    except UnicodeError:
        pass
    if not _IPV4.match(host):
        host = _WWW.sub("", host)
    return ",".join(reversed(host.split("."))), port if port.isascii() and port.isdigit() else ""


def _unescape(raw: bytes) -> bytes:
    while True:
        decoded = _PCT.sub(lambda m: bytes([int(m.group(1), 16)]), raw)
        if decoded == raw:
            return raw
        raw = decoded


def _escape(raw: bytes) -> str:
    return "".join(f"%{b:02X}" if b <= 0x20 or b >= 0x7F or b in (0x23, 0x25) else chr(b) for b in raw)


def _normalise(text: str) -> str:
    return _escape(_unescape(text.encode("utf-8")))


def _path(path: str) -> str:
    path = _normalise(path)
    out: list[str] = []
    for segment in path.split("/")[1:]:
        if segment in ("", "."):
            continue
        if segment == ".." and out and out[-1] != "..":
            out.pop()
            continue
        out.append(segment)  # a ".." above the root stays
    return "/" + "/".join(out)


def _query(query: str) -> str:
    if not query:
        return ""
    query = _normalise(query).lower()
    for pattern in _SESSION_IDS:
        query = pattern.sub("", query)
    if not query:
        return ""
    args = sorted(tuple(arg.split("=", 1)) for arg in query.split("&"))
    return "&".join("=".join(a) for a in args)
