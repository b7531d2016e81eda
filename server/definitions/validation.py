"""Checks shared by every kind of definition: names, domain names, URLs, regexes, limits,
editions. Each failure is the typed error a user can act on, naming what was wrong."""
from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from shared import limits
from shared.domain_names import is_registered_domain, normalise_host, registered_domain
from shared.domain_scripts import describe, mixed_script_label
from shared.errors import EditionConflict, InvalidDomain, InvalidInput, InvalidRegex, InvalidUrl

MAX_NAME = 255
#: characters a comment or description may hold (a few pages; a 50 MB comment was stored before)
MAX_TEXT = 30_000


def check_text(value: object, field: str, what: str) -> str:
    """Free text (comments, descriptions): text of at most :data:`MAX_TEXT` characters, or
    InvalidInput naming the field and the limit. None is the empty text."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidInput(f"the {field} of a {what} must be text", {"field": field, "object": what})
    if len(value) > MAX_TEXT:
        raise InvalidInput(f"the {field} of a {what} may hold at most {MAX_TEXT} characters, not {len(value)}",
                           {"field": field, "object": what, "limit": MAX_TEXT, "length": len(value),
                            "reason": "too_long"})
    return value


def check_name(value: object, what: str) -> str:
    """A name of a profile, schedule, harvest, seed list...: non-empty text, at most 255 characters."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"the {what} name must not be empty", {"field": "name", "object": what})
    value = value.strip()
    if len(value) > MAX_NAME or any(ord(c) < 32 for c in value):
        raise InvalidInput(f"the {what} name {value[:40]!r} is too long or holds control characters",
                           {"field": "name", "object": what, "name": value[:MAX_NAME]})
    return value


def domain_name(value: object) -> str:
    """The normalised registered domain ``value`` names, or InvalidDomain.

    ``KB.dk.`` → ``kb.dk``; ``xn--bcher-kva.de`` → ``bücher.de`` (stored as Unicode, see
    docs/decisions/definitions-idn-storage.md). A host below the domain (``www.kb.dk``), a bare
    public suffix (``co.uk``), an IP address and a malformed name are refused.
    """
    if isinstance(value, str):
        # fast path (mass ingest): a plain ASCII name that is a registered domain as it stands;
        # normalise_host() leaves such a name as it is, so the answer is the one below
        name = value.strip().rstrip(".")
        if name.isascii():
            name = name.lower()
            if is_registered_domain(name):
                return name
    if not isinstance(value, str) or not value.strip():
        raise InvalidDomain("a domain name must not be empty", {"name": "" if value is None else str(value)})
    raw = value.strip()
    name = normalise_host(raw)
    if len(name) > 253 or not all(_label_ok(label) for label in name.split(".")):
        raise InvalidDomain(f"{raw!r} is not a valid domain name", {"name": raw, "reason": "malformed"})
    mixed = mixed_script_label(name)
    if mixed is not None:
        label, found = mixed
        raise InvalidDomain(f"{raw!r} mixes scripts in {label!r}: {describe(found)}; such a name passes for "
                            "another one (a look-alike), and is refused (Unicode TS #39); write it in one script",
                            {"name": raw, "reason": "mixed_script", "label": label, "scripts": sorted(found)})
    registered = registered_domain(name)
    if registered is None:
        raise InvalidDomain(f"{raw!r} is not a domain that can be registered (a public suffix, an IP address or "
                            "a name without a known top-level domain)", {"name": raw, "reason": "public_suffix"})
    if registered != name:
        raise InvalidDomain(f"{raw!r} is a host under the domain {registered!r}; give the domain itself",
                            {"name": raw, "reason": "subdomain", "domain": registered})
    return name


def _label_ok(label: str) -> bool:
    if not label or len(label) > 63 or label.startswith("-") or label.endswith("-"):
        return False
    return all(c.isalnum() or c == "-" or c == "_" for c in label)


def seed_url(url: object, domain: str | None = None) -> str:
    """A seed: an http(s) URL with a host, inside ``domain`` when given."""
    if not isinstance(url, str) or not url.strip():
        raise InvalidUrl("a seed URL must not be empty", {"url": ""})
    url = url.strip()
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError as exc:
        raise InvalidUrl(f"{url!r} is not a URL: {exc}", {"url": url, "reason": "malformed"}) from None
    if parts.scheme.lower() not in ("http", "https"):
        raise InvalidUrl(f"{url!r}: only http and https URLs can be seeds", {"url": url, "reason": "scheme"})
    if not parts.hostname:
        raise InvalidUrl(f"{url!r} has no host name", {"url": url, "reason": "no_host"})
    if any(c.isspace() for c in url):
        raise InvalidUrl(f"{url!r} contains white space", {"url": url, "reason": "malformed"})
    if domain is not None:
        owner = registered_domain(parts.hostname)
        if owner != domain:
            raise InvalidUrl(f"the seed {url!r} is outside the domain {domain}",
                             {"url": url, "reason": "outside_domain", "domain": domain, "url_domain": owner})
    return url


def seed_urls(urls: Iterable[str] | str, domain: str) -> list[str]:
    """Every seed checked; one InvalidUrl naming each bad seed. Blank lines are dropped."""
    if isinstance(urls, str):
        urls = urls.splitlines()
    good, bad = [], []
    for url in urls:
        if not isinstance(url, str) or not url.strip():
            continue
        try:
            good.append(seed_url(url, domain))
        except InvalidUrl as exc:
            bad.append({"url": url, "reason": exc.message})
    if bad:
        raise InvalidUrl("; ".join(b["reason"] for b in bad), {"domain": domain, "seeds": bad})
    return list(dict.fromkeys(good))


def regex(pattern: object, what: str = "crawler trap") -> str:
    """A regular expression that compiles; InvalidRegex gives the pattern and the error's position."""
    if not isinstance(pattern, str) or not pattern:
        raise InvalidRegex(f"the {what} must be a non-empty regular expression", {"pattern": pattern, "position": 0})
    try:
        re.compile(pattern)
    except re.error as exc:
        raise InvalidRegex(f"the {what} {pattern!r} is not a valid regular expression: {exc.msg} at position "
                           f"{exc.pos}", {"pattern": pattern, "position": exc.pos, "reason": exc.msg}) from None
    return pattern


def regexes(patterns: Iterable[str], what: str = "crawler trap") -> list[str]:
    """Patterns that compile and that the crawler's engine matches in bounded time (a pattern
    with catastrophic backtracking is refused: server.definitions.slow_regex)."""
    from server.definitions import slow_regex

    out = []
    for p in patterns:
        if isinstance(p, str) and not p.strip():
            continue
        out.append(regex(p, what))
    slow_regex.check(out, what)
    return out


def limit(value: object, what: str, kind: limits.LimitKind = "size") -> int:
    """A byte or object limit (a whole number, -1 for none) or a running time (seconds, 0 for
    none): the checks the desktop makes too (shared/limits.py)."""
    try:
        return limits.check(value, what, kind)
    except limits.LimitProblem as p:
        raise InvalidInput(str(p), {"field": what, "value": value, "minimum": p.minimum}) from None


def positive(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidInput(f"{what} must be a whole number ≥ 1 (not {value!r})", {"field": what, "value": value})
    return value


def edition(obj: object, given: object, what: str, name: str) -> None:
    """Optimistic locking: ``given`` must be the edition the caller read."""
    current = obj.edition  # type: ignore[attr-defined]
    if given != current:
        raise EditionConflict(
            f"the {what} {name!r} was changed by someone else since you read it (edition {given} read, "
            f"{current} now); reload it and make your change again",
            {"object": what, "name": name, "edition": current, "given": given})
