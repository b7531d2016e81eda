"""The search language, parsed once into a tree that each engine translates.

    word other            both words (AND is implied)
    "a phrase"            the words in this order
    a OR b, a AND b       boolean operators (upper case; OR binds looser than AND)
    NOT a, -a             without a
    ( … )                 grouping
    word*                 a prefix
    title:word            a word in one text field (title, text, description, anchors)
    host:docs.python.org  filters: host, domain, type (a MIME type, ``type:pdf``/``type:html``
    domain:python.org     or a prefix ``type:image/*``), status, lang, url (a URL prefix),
    type:pdf status:200   date (``date:2024``, ``date:2024-01..2024-06``,
    date:2024-01..2024-06 ``date:2024-03-01..``, ``date:..2023``)

A query of filters alone lists every capture they select. Bad syntax is an InvalidInput saying
what and where, never an engine's own error.
"""
from __future__ import annotations

import calendar
import dataclasses
import re

from shared.errors import InvalidInput

TEXT_FIELDS = ("title", "text", "description", "anchors")
FILTERS = ("host", "domain", "type", "status", "lang", "date", "url")
TYPE_SHORTHANDS = {"pdf": "application/pdf", "html": "text/html", "text": "text/plain", "txt": "text/plain",
                   "image": "image/*", "video": "video/*", "audio": "audio/*", "css": "text/css"}
MAX_QUERY = 2000
MAX_TERMS = 64
MAX_DEPTH = 32

_TOKEN = re.compile(r'\s*(?:(?P<lp>\()|(?P<rp>\))|(?P<neg>-)(?=[^\s)])|'
                    r'(?:(?P<field>[a-zA-Z]+):)?(?:"(?P<phrase>[^"]*)"?|(?P<word>[^\s()"]+)))')
_WORDS = re.compile(r"\w+", re.UNICODE)


@dataclasses.dataclass(frozen=True)
class Term:
    """A word, a prefix (``word*``) or a phrase (several words), in one field or in all."""

    words: tuple[str, ...]
    field: str = ""
    prefix: bool = False

    @property
    def phrase(self) -> bool:
        return len(self.words) > 1


@dataclasses.dataclass(frozen=True)
class Not:
    child: Node


@dataclasses.dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclasses.dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]


Node = Term | Not | And | Or


@dataclasses.dataclass
class Filters:
    hosts: list[str] = dataclasses.field(default_factory=list)
    domains: list[str] = dataclasses.field(default_factory=list)
    types: list[str] = dataclasses.field(default_factory=list)      # exact, or ``image/*`` prefixes
    statuses: list[int] = dataclasses.field(default_factory=list)
    languages: list[str] = dataclasses.field(default_factory=list)
    url_prefixes: list[str] = dataclasses.field(default_factory=list)
    date_from: str = ""     # 14 digits, inclusive
    date_to: str = ""       # 14 digits, inclusive


@dataclasses.dataclass
class Query:
    text: str
    expr: Node | None
    filters: Filters

    def words(self) -> list[str]:
        """Every positive word, for highlighting."""
        out: list[str] = []

        def walk(n: Node | None, negated: bool) -> None:
            if isinstance(n, Term) and not negated:
                out.extend(n.words)
            elif isinstance(n, Not):
                walk(n.child, not negated)
            elif isinstance(n, And | Or):
                for c in n.children:
                    walk(c, negated)
        walk(self.expr, False)
        return out


def parse(text: str) -> Query:
    """The query ``text`` parsed. Raises InvalidInput for an empty or malformed query."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("a search needs words or filters (for example: archive \"web archive\" host:example.org)",
                           {"query": ""})
    if len(text) > MAX_QUERY:
        raise InvalidInput(f"a query is at most {MAX_QUERY} characters", {"length": len(text)})
    tokens = _tokens(text)
    filters = Filters()
    rest: list[tuple] = []
    for tok in tokens:
        if tok[0] == "term" and tok[1] in FILTERS:
            if rest and rest[-1] in (("-",), ("op", "NOT"), ("op", "OR")):
                raise InvalidInput(f"{tok[1]}:{tok[2]}: a filter applies to the whole query; it cannot be "
                                   "negated or joined with OR", {"query": text[:200]})
            _filter(filters, tok[1], tok[2], text)
        else:
            rest.append(tok)
    parser = _Parser(rest, text)
    expr = parser.parse()
    if expr is not None and _only_negative(expr):
        raise InvalidInput("a query cannot be only negative words: add a word or a filter to search for",
                           {"query": text[:200]})
    if sum(1 for _ in _terms(expr)) > MAX_TERMS:
        raise InvalidInput(f"a query has at most {MAX_TERMS} words and phrases", {"query": text[:200]})
    return Query(text, expr, filters)


def _terms(n: Node | None):
    if isinstance(n, Term):
        yield n
    elif isinstance(n, Not):
        yield from _terms(n.child)
    elif isinstance(n, And | Or):
        for c in n.children:
            yield from _terms(c)


def _only_negative(n: Node) -> bool:
    if isinstance(n, Not):
        return True
    if isinstance(n, And):
        return all(_only_negative(c) for c in n.children)
    if isinstance(n, Or):
        return any(_only_negative(c) for c in n.children)
    return False


def _tokens(text: str) -> list[tuple]:
    """("(",) (")",) ("-",) ("op", "AND") ("term", field, value, is_phrase)"""
    out: list[tuple] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise InvalidInput(f"cannot read the query at character {pos + 1}: {text[pos:pos + 20]!r}",
                               {"query": text[:200], "position": pos})
        pos = m.end()
        if m["lp"]:
            out.append(("(",))
        elif m["rp"]:
            out.append((")",))
        elif m["neg"]:
            out.append(("-",))
        else:
            field = (m["field"] or "").lower()
            if m["field"] and field not in FILTERS and field not in TEXT_FIELDS:
                raise InvalidInput(f"unknown field {m['field']!r}: fields are "
                                   + ", ".join(sorted(set(FILTERS) | set(TEXT_FIELDS))),
                                   {"field": m["field"]})
            if m["phrase"] is not None:
                out.append(("term", field, m["phrase"], True))
            elif not field and m["word"] in ("AND", "OR", "NOT"):
                out.append(("op", m["word"]))
            else:
                out.append(("term", field, m["word"], False))
    return out


def _filter(f: Filters, field: str, value: str, text: str) -> None:
    value = value.strip()
    if not value:
        raise InvalidInput(f"{field}: needs a value", {"field": field})
    if field == "host":
        f.hosts.append(value.lower().rstrip("."))
    elif field == "domain":
        f.domains.append(value.lower().rstrip("."))
    elif field == "type":
        v = TYPE_SHORTHANDS.get(value.lower(), value.lower())
        if "/" not in v:
            raise InvalidInput(f"type:{value}: give a MIME type (text/html, image/*) or one of "
                               + ", ".join(sorted(TYPE_SHORTHANDS)), {"type": value})
        f.types.append(v)
    elif field == "status":
        if not value.isdigit() or not 100 <= int(value) <= 999:
            raise InvalidInput(f"status:{value}: an HTTP status is a number from 100 to 999", {"status": value})
        f.statuses.append(int(value))
    elif field == "lang":
        f.languages.append(value.lower())
    elif field == "url":
        f.url_prefixes.append(value)
    elif field == "date":
        if f.date_from or f.date_to:
            raise InvalidInput("give one date: range", {"query": text[:200]})
        f.date_from, f.date_to = date_range(value)


def date_range(value: str) -> tuple[str, str]:
    """(from, to) as 14-digit timestamps, both inclusive, of ``2024``, ``2024-01..2024-06``,
    ``2024-03-01..``, ``..2023`` (a bare date is its whole year, month or day)."""
    lo, sep, hi = value.partition("..")
    if not sep:
        hi = lo
    start = _date_bound(lo, first=True, whole=value) if lo else ""
    end = _date_bound(hi, first=False, whole=value) if hi else ""
    if not start and not end:
        raise InvalidInput("date: needs a date (2024, 2024-05, 2024-05-17) or a range (2024-01..2024-06)",
                           {"date": value})
    if start and end and start > end:
        raise InvalidInput(f"date:{value}: the range ends before it starts", {"date": value})
    return start, end


def _date_bound(part: str, *, first: bool, whole: str) -> str:
    m = re.fullmatch(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?", part.strip())
    if not m:
        raise InvalidInput(f"date:{whole}: dates are written 2024, 2024-05 or 2024-05-17", {"date": whole})
    year = int(m[1])
    month = int(m[2]) if m[2] else (1 if first else 12)
    if not 1 <= month <= 12:
        raise InvalidInput(f"date:{whole}: no month {month}", {"date": whole})
    last = calendar.monthrange(year, month)[1]
    day = int(m[3]) if m[3] else (1 if first else last)
    if not 1 <= day <= last:
        raise InvalidInput(f"date:{whole}: no day {day} in {year}-{month:02d}", {"date": whole})
    return f"{year:04d}{month:02d}{day:02d}" + ("000000" if first else "235959")


class _Parser:
    """Recursive descent: or := and (OR and)*; and := unary+ (AND between optional);
    unary := (NOT | -) unary | ( or ) | term."""

    def __init__(self, tokens: list[tuple], text: str):
        self.tokens = tokens
        self.i = 0
        self.text = text
        self.depth = 0

    def error(self, why: str) -> InvalidInput:
        return InvalidInput(f"cannot read the query: {why}", {"query": self.text[:200]})

    def peek(self) -> tuple | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def parse(self) -> Node | None:
        if not self.tokens:
            return None
        node = self.parse_or()
        if self.peek() is not None:
            raise self.error("a ')' without its '('" if self.peek() == (")",) else f"unexpected {self.peek()[-1]!r}")
        return node

    def parse_or(self) -> Node:
        children = [self.parse_and()]
        while self.peek() == ("op", "OR"):
            self.i += 1
            children.append(self.parse_and())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def parse_and(self) -> Node:
        children = [self.parse_unary()]
        while True:
            tok = self.peek()
            if tok == ("op", "AND"):
                self.i += 1
                children.append(self.parse_unary())
            elif tok is not None and tok not in ((")",), ("op", "OR")):
                children.append(self.parse_unary())
            else:
                break
        children = [c for c in children if c is not None]
        return children[0] if len(children) == 1 else And(tuple(children))

    def parse_unary(self) -> Node:
        tok = self.peek()
        if tok is None:
            raise self.error("it ends where a word was expected")
        self.i += 1
        if tok in (("op", "NOT"), ("-",)):
            return Not(self.parse_unary())
        if tok == ("(",):
            self.depth += 1
            if self.depth > MAX_DEPTH:   # the parser recurses per level: a bound, not a RecursionError
                raise self.error(f"parentheses are nested at most {MAX_DEPTH} deep")
            node = self.parse_or()
            self.depth -= 1
            if self.peek() != (")",):
                raise self.error("a '(' is not closed")
            self.i += 1
            return node
        if tok[0] == "term":
            _, field, value, is_phrase = tok
            prefix = not is_phrase and value.endswith("*") and len(value) > 1
            words = tuple(w.lower() for w in _WORDS.findall(value))
            if not words:
                raise self.error(f"{value!r} holds no word to search for")
            if prefix and len(words) > 1:
                prefix = False
            if not is_phrase and len(words) > 1:
                # "e-mail" or "foo.bar": the engine splits them too, so they are a phrase
                return Term(words, field)
            return Term(words, field, prefix)
        raise self.error(f"unexpected {tok[-1]!r}")
