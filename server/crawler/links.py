"""Link extraction from HTML, CSS and HTTP headers.

Extraction scans tags with regular expressions instead of building a DOM: it is several times
faster than html.parser, and a regular scan cannot be derailed by malformed HTML (an unclosed
quote or tag only costs the links inside it, never the rest of the page). Each link comes with
Heritrix's hop type (L link, E embed, R redirect, X speculative) and a context string for the
metadata record's ``outlink:`` lines (``a/@href``, ``img/@src``...).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple


class Link(NamedTuple):
    url: str  # as written in the document (not yet resolved)
    hop: str  # L, E, R or X
    context: str


def _link(url: str, hop: str, context: str) -> Link:
    """``Link(url, hop, context)`` without NamedTuple's ``__new__``, which is Python code."""
    return _tuple_new(Link, (url, hop, context))


_tuple_new = tuple.__new__


_COMMENT = re.compile(rb"<!--.*?(?:-->|$)", re.S)
_TAG = re.compile(rb"<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^>]*)?)>|<(script|style)\b", re.I)
_ATTR = re.compile(rb"""([^\s=/>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")
_SCRIPT_END = re.compile(rb"</script\s*>", re.I)
_STYLE_END = re.compile(rb"</style\s*>", re.I)
_CSS_URL = re.compile(rb"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)""", re.I)
_CSS_IMPORT = re.compile(rb"""@import\s+(?:"([^"]*)"|'([^']*)')""", re.I)
_JS_STRING = re.compile(rb"""["']((?:https?://|/)[^"'\s<>]{1,300}?\.(?:html?|php|aspx?|jsp|css|js|png|jpe?g|gif|"""
                        rb"""svg|webp|ico|pdf|mp[34]|json)(?:\?[^"'\s<>]*)?)["']""", re.I)
_REFRESH_URL = re.compile(rb"""url\s*=\s*['"]?([^'";]+)""", re.I)

# attribute → (hop, tags it applies to; None = any tag)
_EMBED_SRC_TAGS = {b"img", b"script", b"iframe", b"frame", b"embed", b"source", b"video", b"audio",
                   b"input", b"track"}
# Tags whose attributes can hold a link whatever they are called; any other tag is parsed only
# when its attribute text mentions one of the attributes that can (most tags of a page are
# <span>, <div>, <p>, <li> with a class: skipping their attribute parsing halves extraction time).
_LINK_TAGS = frozenset({b"a", b"area", b"link", b"base", b"meta", b"object", b"applet", b"video", b"script",
                        b"style"}) | _EMBED_SRC_TAGS
_MAYBE_LINK_ATTR = re.compile(rb"style|background|src|data-original", re.I)
# What html_links skips, matched in one regular-expression call instead of one Python loop turn
# per tag (a page of highlighted code has thousands of <span>s): text, tags that can hold no link
# (a name not in _LINK_TAGS and no attribute text _MAYBE_LINK_ATTR finds) and a "<" where _TAG
# does not match. Possessive, so the tags it passes over are exactly those _TAG would have found,
# one after the other: it stops where _TAG matches a tag that can hold a link, or at the end.
_LINK_TAG_NAMES = b"|".join(sorted(_LINK_TAGS, key=len, reverse=True))
_SKIP = re.compile(
    rb"(?:[^<]++"
    rb"|<(?!(?:" + _LINK_TAG_NAMES + rb")[\s>])[a-zA-Z][a-zA-Z0-9:-]*+"
    rb"(?:>|\s[^>sbd]*+(?:(?!style|background|src|data-original)[sbd][^>sbd]*+)*+>)"
    rb"|<(?![a-zA-Z][a-zA-Z0-9:-]*+(?:\s[^>]*+)?>|(?:script|style)\b))*+", re.I)
_LINK_REL_EMBED = (b"stylesheet", b"icon", b"preload", b"prefetch", b"manifest", b"apple-touch-icon")


def _attrs(raw: bytes) -> dict[bytes, bytes]:
    out: dict[bytes, bytes] = {}
    for name, value in _ATTR.findall(raw):      # (name, value or b""): no match objects to build
        name = name.lower()
        if value[:1] in (b'"', b"'"):
            # an unclosed quote (malformed HTML) keeps what follows it rather than losing a byte
            value = value[1:-1] if len(value) > 1 and value[-1:] == value[:1] else value[1:]
        out.setdefault(name, value)
    return out


def _decode(value: bytes, charset: str) -> str:
    text = value.decode(charset, "replace")
    if "&" in text:
        text = text.replace("&amp;", "&").replace("&#38;", "&").replace("&quot;", '"')
    return text.strip()


def _srcset(value: bytes) -> Iterator[bytes]:
    for candidate in value.split(b","):
        part = candidate.strip().split()
        if part:
            yield part[0]


def css_links(css: bytes, charset: str = "utf-8", context: str = "css") -> list[Link]:
    """url() and @import references in a style sheet (all embeds)."""
    links = []
    for m in _CSS_URL.finditer(css):
        value = m.group(1) or m.group(2) or m.group(3)
        if value:
            links.append(Link(_decode(value, charset), "E", f"{context}/url()"))
    for m in _CSS_IMPORT.finditer(css):
        value = m.group(1) or m.group(2)
        if value:
            links.append(Link(_decode(value, charset), "E", f"{context}/@import"))
    return links


def js_links(js: bytes, charset: str = "utf-8") -> list[Link]:
    """Speculative links: quoted strings in scripts that look like URLs of web resources."""
    return [Link(_decode(m.group(1), charset), "X", "script/string") for m in _JS_STRING.finditer(js)]


def _next_tag(html: bytes, pos: int) -> re.Match | None:
    """The next tag from ``pos`` that can hold a link (``_TAG.search`` would find the same
    after every tag that cannot: tests/unit/crawler/test_links.py compares the two)."""
    return _TAG.match(html, _SKIP.match(html, pos).end())


def html_links(html: bytes, charset: str = "utf-8", speculative: bool = True) -> tuple[list[Link], str | None]:
    """Links in an HTML page and the page's ``<base href>`` (or None)."""
    html = _COMMENT.sub(b"", html)
    links: list[Link] = []
    base: str | None = None
    pos = 0
    while True:
        m = _next_tag(html, pos)
        if m is None:
            break
        pos = m.end()
        name = (m.group(1) or m.group(3) or b"").lower()
        raw_attrs = m.group(2) or b""
        if m.group(3) is not None:
            # "<script" or "<style" without a closing '>' in the same match: read to the tag end
            end = html.find(b">", pos)
            if end < 0:
                break
            raw_attrs, pos = html[pos:end], end + 1
        if name not in _LINK_TAGS and (not raw_attrs or _MAYBE_LINK_ATTR.search(raw_attrs) is None):
            continue
        attrs = _attrs(raw_attrs) if raw_attrs else {}
        if name in (b"script", b"style"):
            closer = _SCRIPT_END if name == b"script" else _STYLE_END
            close = closer.search(html, pos)
            body_end = close.start() if close else len(html)
            body = html[pos:body_end]
            pos = close.end() if close else len(html)
            if name == b"style":
                links.extend(css_links(body, charset, "style"))
            elif speculative and b"src" not in attrs:
                links.extend(js_links(body, charset))
        if not attrs:
            continue
        if len(attrs) == 1 and name == b"a":  # most links of a page: nothing but the href to read
            href = attrs.get(b"href")
            if href:
                links.append(_link(_decode(href, charset), "L", "a/@href"))
            continue
        if b"style" in attrs:
            links.extend(css_links(attrs[b"style"], charset, f"{name.decode()}/@style"))
        tag = name.decode("ascii", "replace")
        if name in (b"a", b"area"):
            if attrs.get(b"href"):
                links.append(_link(_decode(attrs[b"href"], charset), "L", f"{tag}/@href"))
        elif name == b"link":
            href = attrs.get(b"href")
            if href:
                rel = attrs.get(b"rel", b"").lower()
                hop = "E" if any(r in rel for r in _LINK_REL_EMBED) else "L"
                links.append(Link(_decode(href, charset), hop, "link/@href"))
        elif name == b"base":
            if attrs.get(b"href") and base is None:
                base = _decode(attrs[b"href"], charset)
        elif name == b"meta":
            if attrs.get(b"http-equiv", b"").lower() == b"refresh":
                r = _REFRESH_URL.search(attrs.get(b"content", b""))
                if r:
                    links.append(Link(_decode(r.group(1), charset), "R", "meta/@content"))
        elif name in (b"object", b"applet"):
            for attr in (b"data", b"codebase"):
                if attrs.get(attr):
                    links.append(Link(_decode(attrs[attr], charset), "E", f"{tag}/@{attr.decode()}"))
        elif name == b"form":
            pass  # forms are not submitted; Heritrix does the same by default
        if name in _EMBED_SRC_TAGS and attrs.get(b"src"):
            links.append(Link(_decode(attrs[b"src"], charset), "E", f"{tag}/@src"))
        for lazy in (b"data-src", b"data-original"):
            if attrs.get(lazy):
                links.append(Link(_decode(attrs[lazy], charset), "E", f"{tag}/@{lazy.decode()}"))
        if b"srcset" in attrs:
            for value in _srcset(attrs[b"srcset"]):
                links.append(Link(_decode(value, charset), "E", f"{tag}/@srcset"))
        if name == b"video" and attrs.get(b"poster"):
            links.append(Link(_decode(attrs[b"poster"], charset), "E", "video/@poster"))
        if attrs.get(b"background"):
            links.append(Link(_decode(attrs[b"background"], charset), "E", f"{tag}/@background"))
    return links, base


_CHARSET = re.compile(r"charset\s*=\s*[\"']?([\w.:-]+)", re.I)


def charset_of(content_type: str | None, default: str = "utf-8") -> str:
    """The charset parameter of a Content-Type header (or the default)."""
    return (_known_charset(content_type) if content_type else None) or default


@functools.lru_cache(maxsize=1024)
def _known_charset(content_type: str) -> str | None:
    """A crawl meets few Content-Type values, each on thousands of pages: each is read once."""
    m = _CHARSET.search(content_type)
    if m:
        name = m.group(1).lower()
        try:
            "".encode(name)
            return name
        except LookupError:
            pass
    return None
