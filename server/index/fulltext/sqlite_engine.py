"""A full-text engine: SQLite FTS5 (built into Python's sqlite3), one database file per job; the
default until tantivy (tantivy_engine.py) measured faster (docs/decisions/fulltext-engine.md).
Selectable with ``index.fulltext.engine: sqlite-fts5``; indexes it wrote stay readable.

``captures`` holds each capture's metadata (filters, facets, sort by date); the FTS5 table
``fts`` (rowid = capture id) holds its words: title, body, description, anchor texts; ranking is
BM25 with the title weighted most. The query tree (query.py) becomes an FTS5 MATCH expression in
which every word is quoted, so that nothing a user types is read as FTS5 syntax.
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator

from server.index.fulltext.documents import TextDocument
from server.index.fulltext.engine import FACETS, MARK_END, MARK_START, Facets, Hit, Page, html_snippet
from server.index.fulltext.query import And, Node, Not, Or, Query, Term
from shared.errors import InvalidInput

FILE = "fulltext.sqlite"
_COLUMNS = {"title": "title", "text": "body", "description": "description", "anchors": "anchors"}
_WEIGHTS = "10.0, 1.0, 3.0, 2.0"
_FACET_COLUMN = {"domain": "c.domain", "year": "c.year", "mime": "c.mime", "host": "c.host"}
_SCHEMA = """
CREATE TABLE IF NOT EXISTS captures(
    id INTEGER PRIMARY KEY, url TEXT NOT NULL, host TEXT, domain TEXT, mime TEXT, status INTEGER,
    ts TEXT, year INTEGER, job INTEGER, harvest INTEGER, language TEXT, digest TEXT, record TEXT,
    revisit_of TEXT, truncated INTEGER);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(title, body, description, anchors,
    tokenize = 'unicode61 remove_diacritics 2');
"""
_INDEXES = """
CREATE INDEX IF NOT EXISTS captures_host ON captures(host);
CREATE INDEX IF NOT EXISTS captures_domain ON captures(domain);
CREATE INDEX IF NOT EXISTS captures_ts ON captures(ts);
CREATE INDEX IF NOT EXISTS captures_record ON captures(record);
"""


class SqliteIndex:
    """One job's full-text index in ``directory``/fulltext.sqlite."""

    def __init__(self, directory: str, *, readonly: bool = False):
        self.path = os.path.join(directory, FILE)
        if readonly:
            self.db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        else:
            os.makedirs(directory, exist_ok=True)
            self.db = sqlite3.connect(self.path, check_same_thread=False)
            self.db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA)

    def add_documents(self, docs: Iterable[TextDocument]) -> int:
        n = 0
        with self.db:
            cur = self.db.cursor()
            for d in docs:
                cur.execute("INSERT INTO captures(url, host, domain, mime, status, ts, year, job, harvest, language,"
                            " digest, record, revisit_of, truncated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                            (d.url, d.host, d.domain, d.mime, d.status, d.timestamp, d.year, d.job, d.harvest,
                             d.language.lower(), d.digest, d.record, d.revisit_of, int(d.truncated)))
                cur.execute("INSERT INTO fts(rowid, title, body, description, anchors) VALUES (?,?,?,?,?)",
                            (cur.lastrowid, d.title, d.text, d.description, d.anchors))
                n += 1
        return n

    def finish(self) -> None:
        """After the last documents: the lookup indexes, and FTS5's segments merged into one."""
        with self.db:
            self.db.executescript(_INDEXES)
            self.db.execute("INSERT INTO fts(fts) VALUES ('optimize')")

    # -- queries ------------------------------------------------------------------------------
    def _where(self, query: Query) -> tuple[str, list]:
        where, args = [], []
        if query.expr is not None:
            where.append("fts MATCH ?")
            args.append(match_expression(query.expr))
        f = query.filters
        for column, values in (("c.host", f.hosts), ("c.status", f.statuses), ("c.language", f.languages)):
            if values:
                where.append(f"{column} IN ({','.join('?' * len(values))})")
                args += values
        if f.domains:
            where.append("(" + " OR ".join("c.domain = ? OR c.host = ? OR c.host LIKE ? ESCAPE '\\'"
                                           for _ in f.domains) + ")")
            for d in f.domains:
                args += [d, d, "%." + _like(d)]
        if f.types:
            parts = []
            for t in f.types:
                if t.endswith("/*"):
                    parts.append("c.mime LIKE ? ESCAPE '\\'")
                    args.append(_like(t[:-1]) + "%")
                else:
                    parts.append("c.mime = ?")
                    args.append(t)
            where.append("(" + " OR ".join(parts) + ")")
        if f.url_prefixes:
            where.append("(" + " OR ".join("c.url LIKE ? ESCAPE '\\'" for _ in f.url_prefixes) + ")")
            args += [_like(u) + "%" for u in f.url_prefixes]
        if f.date_from:
            where.append("c.ts >= ?")
            args.append(f.date_from)
        if f.date_to:
            where.append("c.ts <= ?")
            args.append(f.date_to)
        return (" WHERE " + " AND ".join(where)) if where else "", args

    def search(self, query: Query, *, sort: str = "relevance", offset: int = 0, limit: int = 10) -> Page:
        where, args = self._where(query)
        has_text = query.expr is not None
        order = {"newest": "c.ts DESC, c.url", "oldest": "c.ts, c.url"}.get(
            sort, f"bm25(fts, {_WEIGHTS}), c.ts DESC, c.url" if has_text else "c.ts DESC, c.url")
        score = f"-bm25(fts, {_WEIGHTS})" if has_text else "0.0"
        snippet = (f"snippet(fts, -1, '{MARK_START}', '{MARK_END}', ' … ', 24)" if has_text
                   else "substr(fts.body, 1, 200)")
        sql = (f"SELECT c.url, c.ts, fts.title, {snippet}, c.mime, c.status, c.job, c.harvest, c.host, c.record,"
               f" c.revisit_of, {score} FROM fts JOIN captures c ON c.id = fts.rowid{where}"
               f" ORDER BY {order} LIMIT ? OFFSET ?")
        try:
            rows = self.db.execute(sql, [*args, limit, offset]).fetchall()
            total = self.db.execute(f"SELECT count(*) FROM fts JOIN captures c ON c.id = fts.rowid{where}",
                                    args).fetchone()[0]
        except sqlite3.OperationalError as exc:
            raise InvalidInput(f"the query cannot be searched: {exc}", {"query": query.text[:200]}) from None
        hits = [Hit(r[0], r[1], r[2] or "", html_snippet(r[3] or ""), r[4] or "", r[5] or 0, r[6] or 0, r[7] or 0,
                    r[8] or "", r[9] or "", r[10] or "", float(r[11] or 0.0)) for r in rows]
        return Page(total, hits)

    def matches(self, query: Query) -> Iterator[Hit]:
        """Every match, oldest first, without snippets or scores (for exports of a result set)."""
        where, args = self._where(query)
        sql = (f"SELECT c.url, c.ts, fts.title, c.mime, c.status, c.job, c.harvest, c.host, c.record, c.revisit_of"
               f" FROM fts JOIN captures c ON c.id = fts.rowid{where} ORDER BY c.ts, c.url")
        try:
            cursor = self.db.execute(sql, args)
        except sqlite3.OperationalError as exc:
            raise InvalidInput(f"the query cannot be searched: {exc}", {"query": query.text[:200]}) from None
        for r in cursor:
            yield Hit(r[0], r[1], r[2] or "", "", r[3] or "", r[4] or 0, r[5] or 0, r[6] or 0, r[7] or "", r[8] or "",
                      r[9] or "")

    def facets(self, query: Query, fields: tuple[str, ...] = FACETS, limit: int = 20) -> Facets:
        # one pass over the matches for every facet (the match is the costly part): counts per
        # combination of values, summed per field here
        columns = []
        for name in fields:
            column = _FACET_COLUMN.get(name)
            if column is None:
                raise InvalidInput(f"no facet {name!r}: facets are " + ", ".join(sorted(_FACET_COLUMN)),
                                   {"facet": name})
            columns.append(column)
        if not columns:
            return {}
        where, args = self._where(query)
        rows = self.db.execute(f"SELECT {', '.join(columns)}, count(*) FROM fts JOIN captures c ON c.id = fts.rowid"
                               f"{where} GROUP BY {', '.join(str(i + 1) for i in range(len(columns)))}",
                               args).fetchall()
        out = {}
        for i, name in enumerate(fields):
            counts: dict[str, int] = {}
            for row in rows:
                value = str(row[i] if row[i] is not None else "")
                counts[value] = counts.get(value, 0) + row[-1]
            out[name] = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
        return out

    def document(self, record: str) -> TextDocument | None:
        row = self.db.execute("SELECT c.url, c.ts, c.mime, c.status, c.job, c.harvest, fts.title, fts.body,"
                              " fts.description, fts.anchors, c.language, c.digest, c.record, c.revisit_of,"
                              " c.truncated FROM captures c JOIN fts ON fts.rowid = c.id WHERE c.record = ?",
                              (record,)).fetchone()
        if row is None:
            return None
        return TextDocument(*row[:14], truncated=bool(row[14]))

    def count(self) -> int:
        return self.db.execute("SELECT count(*) FROM captures").fetchone()[0]

    def close(self) -> None:
        self.db.close()


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _quoted(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


def match_expression(node: Node) -> str:
    """The FTS5 MATCH text of a query tree. Raises InvalidInput where FTS5 has no form for it
    (a NOT alone inside OR)."""
    if isinstance(node, Term):
        text = _quoted(" ".join(node.words)) + ("*" if node.prefix else "")
        return f"{_COLUMNS[node.field]} : {text}" if node.field else text
    if isinstance(node, Or):
        if any(isinstance(c, Not) for c in node.children):
            raise InvalidInput("NOT cannot stand alone inside OR: write (a NOT b) OR c", {})
        return "(" + " OR ".join(match_expression(c) for c in node.children) + ")"
    if isinstance(node, And):
        positive = [c for c in node.children if not isinstance(c, Not)]
        negative = [c.child for c in node.children if isinstance(c, Not)]
        if not positive:
            raise InvalidInput("a query cannot be only negative words", {})
        text = "(" + " AND ".join(match_expression(c) for c in positive) + ")"
        for n in negative:
            text = f"({text} NOT {match_expression(n)})"
        return text
    if isinstance(node, Not):
        raise InvalidInput("a query cannot be only negative words", {})
    raise TypeError(node)
