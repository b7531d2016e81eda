"""robots.txt rules for one host, matched as RFC 9309 says (the Robots Exclusion Protocol).

- **Groups.** One or more ``User-agent`` lines start a group; its ``Allow`` and ``Disallow``
  lines follow. Every group whose agent names the crawler applies, combined; when none does,
  every ``*`` group does; when there is none of either, everything is allowed. Other lines
  (``Sitemap``, ``Crawl-delay``, unknown ones) neither belong to a group nor end one.
- **The crawler's name.** A group's agent names the crawler when its product token (the
  letters, ``-`` and ``_`` it begins with) begins the crawler's own product token, in any case:
  ``NetarchiveSuite`` names ``NetarchiveSuite-py``. RFC 9309 asks for the whole token; a site
  that addresses the national archive's crawler by its family name means it too (the urllib
  matcher this replaces took any part of the token, Heritrix any part of its user agent).
- **Precedence.** The longest matching path wins; an ``Allow`` and a ``Disallow`` of the same
  length leave the URI allowed. ``*`` stands for any characters and a final ``$`` ties a
  rule to the end of the path. Paths are compared with their query, both sides in one form:
  escapes of unreserved and of non-ASCII characters decoded, the other escapes in upper case
  (``/a%41`` is ``/aA``, ``%e3%83%84`` is ``ツ``, ``%2f`` is ``%2F`` and no ``/``).
  ``/robots.txt`` itself is always allowed.
- **Hostile files.** Only the first 500 KiB are read (the RFC asks for at least that much); a
  wildcard rule is matched piece by piece with ``str.find``, never as a regular expression, so
  no file can make one match take longer than a few passes over the URL.

Two archival choices on top (prerequisites.py): a robots.txt that answers 4xx means "no rules",
and one that cannot be fetched at all (5xx, network failure) blocks the host's URIs with
Heritrix's -61 rather than crawling a site whose rules are unknown.

The matcher replaced Python's ``urllib.robotparser``: that one takes the first matching rule, not
the longest, and reads ``*`` and ``$`` literally, so ``Disallow: /*?session=`` forbade nothing
(docs/decisions/crawler-robots.md).
"""
from __future__ import annotations

import re

#: How much of a robots.txt is read (RFC 9309 section 2.5: at least 500 kibibytes).
MAX_CHARS = 500 * 1024

_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_TOKEN = re.compile(r"[A-Za-z_-]+")
_AGENT_KEYS = ("user-agent", "useragent", "user agent")


def normalise_path(path: str) -> str:
    """``path`` in the one form both sides are compared in: escapes of unreserved characters and
    of UTF-8 characters decoded, every other escape (reserved characters, bytes that are no
    UTF-8) kept in upper case. Hex digits inside a decoded escape are then no characters a rule's
    ``*`` could match: ``/*A`` does not match ``/%C3%A9`` (é)."""
    if "%" not in path:
        return path
    return _ESCAPES.sub(_decode_run, path)


def _decode_run(m: re.Match) -> str:
    text = bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "surrogateescape")
    out = []
    for c in text:
        code = ord(c)
        if code < 0x80:
            out.append(c if code in _UNRESERVED else f"%{code:02X}")
        elif 0xDC80 <= code <= 0xDCFF:      # a byte that is no part of a UTF-8 character
            out.append(f"%{code - 0xDC00:02X}")
        else:
            out.append(c)
    return "".join(out)


class _Rule:
    """One ``Allow`` or ``Disallow`` path; ``matches`` needs no regular expression."""

    __slots__ = ("allow", "length", "pieces", "anchored")

    def __init__(self, pattern: str, allow: bool):
        self.allow = allow
        # the rule's specificity: its octets as a URL holds them (a non-ASCII character's escapes)
        self.length = len(pattern) if pattern.isascii() else sum(
            1 if c.isascii() else 3 * len(c.encode("utf-8", "surrogatepass")) for c in pattern)
        self.anchored = pattern.endswith("$")
        body = pattern[:-1] if self.anchored else pattern
        self.pieces = body.split("*")

    def matches(self, path: str) -> bool:
        pieces = self.pieces
        first = pieces[0]
        if len(pieces) == 1:
            return path == first if self.anchored else path.startswith(first)
        if not path.startswith(first):
            return False
        # ``*`` only: taking each piece at its leftmost place after the last one never loses a
        # match the later pieces could have had, so one pass decides
        pos = len(first)
        for piece in pieces[1:-1]:
            found = path.find(piece, pos)
            if found < 0:
                return False
            pos = found + len(piece)
        last = pieces[-1]
        if self.anchored:
            return path.endswith(last) and len(path) - len(last) >= pos
        return path.find(last, pos) >= 0


def parse_groups(text: str) -> list[tuple[list[str], list[_Rule]]]:
    """(agents, rules) of each group of ``text``, in order."""
    groups: list[tuple[list[str], list[_Rule]]] = []
    agents: list[str] | None = None     # the group being read
    rules: list[_Rule] = []
    in_rules = False                    # a rule was read since the group's last User-agent
    if len(text) > MAX_CHARS:
        # a line cut in two could be another rule ("Disallow: /private" cut to "/p"): up to the last whole one
        text = text[:text.rfind("\n", 0, MAX_CHARS) + 1]
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        key, colon, value = line.partition(":")
        if not colon:
            continue
        key = key.strip().lower()
        value = value.strip()
        if key in _AGENT_KEYS:
            if agents is None or in_rules:
                agents, rules, in_rules = [], [], False
                groups.append((agents, rules))
            agents.append(value)
        elif key in ("allow", "disallow"):
            if agents is None:
                continue                # a rule before any group applies to no one
            in_rules = True
            if value and value[0] in "/*":
                rules.append(_Rule(normalise_path(value), key == "allow"))
    return groups


def _names_us(agent: str, token: str) -> bool:
    m = _TOKEN.match(agent)
    return m is not None and token.startswith(m.group(0).lower())


class RobotsRules:
    """Parsed robots.txt of a host; ``allows(url)`` answers for the crawler's user agent."""

    def __init__(self, text: str | None, agent: str):
        self.text = text
        token = _agent_token(agent).lower()
        ours: list[_Rule] = []
        anyone: list[_Rule] = []
        for agents, rules in parse_groups(text or ""):
            if any(_names_us(a, token) for a in agents if a != "*"):
                ours += rules
            elif "*" in agents:
                anyone += rules
        # longest first, and an Allow before a Disallow of its length: the first match decides
        self._rules = sorted(ours if ours else anyone, key=lambda r: (-r.length, not r.allow))

    def allows(self, url: str) -> bool:
        if not self._rules:
            return True
        path = _path_of(url)
        if path == "/robots.txt":
            return True
        path = normalise_path(path)
        for rule in self._rules:
            if rule.matches(path):
                return rule.allow
        return True


def _path_of(url: str) -> str:
    """The path and query of an absolute URL (its fragment dropped); "/" when it has none."""
    start = url.find("//")
    slash = url.find("/", start + 2) if start >= 0 else url.find("/")
    if slash < 0:
        query = url.find("?", start + 2 if start >= 0 else 0)
        path = "/" + url[query:] if query >= 0 else "/"
    else:
        path = url[slash:]
    return path.split("#", 1)[0]


def _agent_token(user_agent: str) -> str:
    """The product token robots.txt rules are matched against: the first name in the
    user-agent string that is not 'Mozilla'."""
    for word in user_agent.replace("(", " ").replace(";", " ").split():
        name = word.split("/", 1)[0].strip("+")
        if name and name.lower() not in ("mozilla", "compatible") and not name.startswith("http"):
            return name
    return user_agent


def decode_robots(body: bytes) -> str:
    """robots.txt as text: UTF-8 with a fallback that never fails."""
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError:
        return body.decode("latin-1")
