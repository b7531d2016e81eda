"""The frontier: every URI the crawl has seen, queued or finished, in an SQLite file.

Keeping it on disk bounds memory whatever the size of the crawl (a snapshot job queues millions
of URIs) and makes a killed crawl resumable: the job directory holds the whole state. The
``key`` column (SURT of the canonical URL) is unique, which is how a URL is crawled once.

States: QUEUED → IN_FLIGHT → FINISHED. In-flight rows of a killed crawl go back to QUEUED on
resume. Writes are committed in batches (WAL, synchronous=NORMAL: a killed process loses
nothing that was committed); WARC files are renamed only after a commit, so everything in a
closed WARC file is known to be finished (see resume.py for the open file).
"""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable, Iterator
from typing import NamedTuple

QUEUED, IN_FLIGHT, FINISHED = 0, 1, 2
#: URIs next() takes from a host queue at once (one SELECT and one UPDATE for them all, instead
#: of one of each per URI), and at most this many taken ahead in all: memory stays bounded
#: however many hosts are crawled at once
TAKE_AHEAD, TAKE_AHEAD_MAX = 64, 4096

_SCHEMA = """
CREATE TABLE IF NOT EXISTS uris(
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,
    url TEXT NOT NULL,
    queue TEXT NOT NULL,
    path TEXT NOT NULL,
    via TEXT,
    seed TEXT,
    is_seed INTEGER NOT NULL DEFAULT 0,
    state INTEGER NOT NULL,
    status INTEGER,
    size INTEGER,
    mime TEXT,
    domain TEXT,
    dup INTEGER NOT NULL DEFAULT 0,
    redirect TEXT
);
CREATE TABLE IF NOT EXISTS rejected(key TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS hosts(queue TEXT PRIMARY KEY, ip TEXT, robots TEXT, robots_state INTEGER);
CREATE TABLE IF NOT EXISTS domains(domain TEXT PRIMARY KEY, objects INTEGER NOT NULL, bytes INTEGER NOT NULL,
                                   quota TEXT);
CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT);
"""
# Kept apart from the table so that a seed list is loaded without them and they are built once
# after it (a sort), rather than kept up to date row by row (a million random B-tree inserts).
# Files of older runs declared ``key`` UNIQUE in the table itself; they work the same.
_INDEXES = """
CREATE UNIQUE INDEX IF NOT EXISTS uris_key ON uris(key);
CREATE INDEX IF NOT EXISTS uris_queued ON uris(queue, id) WHERE state = 0;
"""


class QueuedUri(NamedTuple):
    id: int
    url: str
    queue: str
    path: str
    via: str | None
    seed: str | None
    is_seed: int
    domain: str | None


class Frontier:
    """SQLite-backed URI store; single-threaded use from the crawler's event loop."""

    def __init__(self, path: str, commit_interval: float = 1.0):
        self.path = path
        self.db = sqlite3.connect(path, isolation_level="DEFERRED")
        # 16 KB pages (new files only): a seed list of millions goes in about a fifth faster
        self.db.execute("PRAGMA page_size=16384")
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA cache_size=-16000")  # 16 MB page cache: bounded whatever the size
        self.db.executescript(_SCHEMA)
        self._ensure_indexes()
        self.commit_interval = commit_interval
        self.last_commit = time.monotonic()
        # Every write since the last commit, in order: a COMMIT that fails on a full disk may
        # roll the whole transaction back (SQLite does so for SQLITE_FULL), which would put
        # finished URIs back in the queue (fetched and archived twice) and forget the links
        # found meanwhile. The journal is replayed then, so the transaction is whole again.
        self._journal: list[tuple[str, object, bool]] = []
        # URIs next() took from a queue in one statement, beyond the one it handed out: in
        # flight in the file, handed out by later calls (oldest last); give_back() queues them again
        self._ahead: dict[str, list[QueuedUri]] = {}
        self._ahead_count = 0

    def write(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        """A write, kept in the journal until it is committed (readers use ``db``)."""
        try:
            cur = self.db.execute(sql, params)
        except sqlite3.DatabaseError:
            self._after_failure()
            raise
        self._journal.append((sql, params, False))
        return cur

    def _wmany(self, sql: str, rows: list) -> None:
        try:
            self.db.executemany(sql, rows)
        except sqlite3.DatabaseError:
            self._after_failure()
            raise
        self._journal.append((sql, rows, True))

    def _after_failure(self) -> None:
        """A statement or commit failed (a full disk): when SQLite rolled the transaction back
        with it, what the journal holds is written again, so only the failed write is missing."""
        if not self.db.in_transaction and self._journal:
            self._replay()

    def _ensure_indexes(self) -> None:
        if self.db.execute("SELECT 1 FROM sqlite_master WHERE name='sqlite_autoindex_uris_1'").fetchone():
            # a file of an older run: ``key`` is UNIQUE in the table itself, no second index needed
            self.db.execute("CREATE INDEX IF NOT EXISTS uris_queued ON uris(queue, id) WHERE state = 0")
        else:
            self.db.executescript(_INDEXES)

    # -- meta -----------------------------------------------------------------------------
    def get_meta(self, name: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE name=?", (name,)).fetchone()
        return row[0] if row else None

    def set_meta(self, name: str, value: str) -> None:
        self.write("INSERT OR REPLACE INTO meta(name, value) VALUES(?, ?)", (name, value))

    # -- queueing -------------------------------------------------------------------------
    def add(self, key: str, url: str, queue: str, path: str, via: str | None, seed: str | None,
            domain: str | None, is_seed: bool = False) -> bool:
        """Queue a URI unless its key was seen before; True when it was new."""
        cur = self.write(
            "INSERT OR IGNORE INTO uris(key, url, queue, path, via, seed, is_seed, state, domain)"
            " VALUES(?,?,?,?,?,?,?,0,?)", (key, url, queue, path, via, seed, int(is_seed), domain))
        return cur.rowcount == 1

    def add_finished(self, key: str, url: str, queue: str, path: str, via: str | None, seed: str | None,
                     domain: str | None, status: int, size: int, mime: str | None, is_seed: bool = False) -> bool:
        """Record a URI that was handled without being queued (dns:, robots.txt, a rejected seed)."""
        cur = self.write(
            "INSERT OR IGNORE INTO uris(key, url, queue, path, via, seed, is_seed, state, domain, status, size, mime)"
            " VALUES(?,?,?,?,?,?,?,2,?,?,?,?)",
            (key, url, queue, path, via, seed, int(is_seed), domain, status, size, mime))
        return cur.rowcount == 1

    def seen(self, key: str) -> bool:
        return self.db.execute("SELECT 1 FROM uris WHERE key=?", (key,)).fetchone() is not None

    def reject_once(self, key: str) -> bool:
        """Remember a rejected (out-of-scope) URL; True the first time, so it is logged once."""
        return self.write("INSERT OR IGNORE INTO rejected(key) VALUES(?)", (key,)).rowcount == 1

    def next(self, queue: str) -> QueuedUri | None:
        """Take the oldest queued URI of a host queue and mark it in flight. Up to ``TAKE_AHEAD``
        of the queue's oldest are read and marked at once, and handed out by the next calls.
        (Two statements: one ``UPDATE … RETURNING`` with the SELECT as its subquery took twice
        as long, measured.)"""
        ahead = self._ahead.get(queue)
        if ahead:
            self._ahead_count -= 1
            return ahead.pop()
        limit = TAKE_AHEAD if self._ahead_count + TAKE_AHEAD <= TAKE_AHEAD_MAX else 1
        rows = self.db.execute(
            "SELECT id, url, queue, path, via, seed, is_seed, domain FROM uris"
            " WHERE queue=? AND state=0 ORDER BY id LIMIT ?", (queue, limit)).fetchall()
        if not rows:
            return None
        if len(rows) == 1:
            self.write("UPDATE uris SET state=1 WHERE id=?", (rows[0][0],))
            return QueuedUri(*rows[0])
        # the queue's oldest rows up to the last one read are exactly these (ids only grow)
        self.write("UPDATE uris SET state=1 WHERE queue=? AND state=0 AND id<=?", (queue, rows[-1][0]))
        taken = [QueuedUri(*row) for row in reversed(rows)]
        first = taken.pop()
        self._ahead[queue] = taken
        self._ahead_count += len(taken)
        return first

    def give_back(self) -> None:
        """Put the URIs taken ahead (not handed out by :meth:`next`) back in their queues: before
        the crawl's last commit and its reports, so that the file says they are queued."""
        ids = [(uri.id,) for taken in self._ahead.values() for uri in taken]
        self._forget_ahead()
        if ids:
            self._wmany("UPDATE uris SET state=0 WHERE id=? AND state=1", ids)

    def _forget_ahead(self) -> None:
        self._ahead.clear()
        self._ahead_count = 0

    def _claim_ahead(self, uri_id: int, queue: str) -> QueuedUri | None:
        taken = self._ahead.get(queue, ())
        for i, uri in enumerate(taken):
            if uri.id == uri_id:
                del taken[i]
                self._ahead_count -= 1
                return uri
        return None

    def claim(self, key: str) -> QueuedUri | None:
        """Take a queued URI out of its queue by key and mark it in flight (the browser needs it
        now); None when it is not queued (unknown, in flight or finished)."""
        row = self.db.execute("SELECT id, url, queue, path, via, seed, is_seed, domain, state FROM uris"
                              " WHERE key=? AND state<2", (key,)).fetchone()
        if row is None:
            return None
        if row[-1] == IN_FLIGHT:  # in flight, or taken ahead by next() and not handed out yet
            return self._claim_ahead(row[0], row[2])
        self.write("UPDATE uris SET state=1 WHERE id=?", (row[0],))
        return QueuedUri(*row[:-1])

    def finish(self, uri_id: int, status: int, size: int, mime: str | None, dup: bool = False,
               redirect: str | None = None) -> None:
        self.write("UPDATE uris SET state=2, status=?, size=?, mime=?, dup=?, redirect=? WHERE id=?",
                        (status, size, mime, int(dup), redirect, uri_id))

    def finish_by_key(self, key: str, status: int, size: int, mime: str | None) -> bool:
        cur = self.write("UPDATE uris SET state=2, status=?, size=?, mime=? WHERE key=? AND state!=2",
                              (status, size, mime, key))
        return cur.rowcount == 1

    def requeue(self, uri_id: int) -> None:
        """Put an in-flight URI back (crawl stopping before it was fetched)."""
        self.write("UPDATE uris SET state=0 WHERE id=? AND state=1", (uri_id,))

    def row_for_key(self, key: str) -> tuple | None:
        return self.db.execute("SELECT id, url, path, seed, state FROM uris WHERE key=?", (key,)).fetchone()

    def reset_in_flight(self) -> int:
        self._forget_ahead()
        return self.write("UPDATE uris SET state=0 WHERE state=1").rowcount

    def before_reports(self) -> None:
        """The crawl is over: give the page cache's memory to the reports' GROUP BYs. SQLite
        lets a sort hold as much memory as the page cache before it spills to a temporary file,
        so with a full 16 MB cache the reports over a million rows added 16 MB to the crawl's
        peak; with 2 MB they take the same time (measured: 1.8 s for a million rows) and the
        peak does not grow."""
        self.db.execute("PRAGMA cache_size=-2000")

    def queued_per_queue(self) -> dict[str, int]:
        return dict(self.db.execute("SELECT queue, COUNT(*) FROM uris WHERE state=0 GROUP BY queue"))

    def queued_per_domain(self) -> dict[str, int]:
        return dict(self.db.execute(
            "SELECT COALESCE(domain, queue), COUNT(*) FROM uris WHERE state IN (0, 1) GROUP BY 1"))

    def count(self, state: int | None = None) -> int:
        if state is None:
            return self.db.execute("SELECT COUNT(*) FROM uris").fetchone()[0]
        return self.db.execute("SELECT COUNT(*) FROM uris WHERE state=?", (state,)).fetchone()[0]

    def bulk_add(self, rows: Iterable[tuple]) -> int:
        """Queue many URIs at once (seed files, synthetic benchmarks): (key, url, queue, path,
        via, seed, is_seed, domain) tuples."""
        before = self.db.total_changes
        self._wmany(
            "INSERT OR IGNORE INTO uris(key, url, queue, path, via, seed, is_seed, state, domain)"
            " VALUES(?,?,?,?,?,?,?,0,?)", list(rows))
        return self.db.total_changes - before

    def load_seeds(self, rows: Iterable[tuple[str, str, str, str | None]]) -> None:
        """Queue a seed list into an empty frontier: (key, url, queue, domain) rows, in order.
        The rows go in without the indexes, which are built afterwards (a sort, on SQLite's worker
        threads); a key seen twice keeps its first row, as ``add`` would. Whatever an interrupted
        earlier load left is dropped first."""
        db = self.db
        db.execute("DELETE FROM uris WHERE is_seed=1 AND state=0")
        db.execute("DROP INDEX IF EXISTS uris_key")
        db.execute("DROP INDEX IF EXISTS uris_queued")
        # a seed is its own source tag; path and referrer are empty
        sql = ("INSERT OR IGNORE INTO uris(key, url, queue, path, via, seed, is_seed, state, domain)"
               " VALUES(?1, ?2, ?3, '', NULL, ?2, 1, 0, ?4)")
        batch: list = []
        for row in rows:
            batch.append(row)
            if len(batch) >= 10_000:
                db.executemany(sql, batch)
                batch.clear()
        db.executemany(sql, batch)
        db.execute("PRAGMA threads=2")
        try:
            try:
                self._ensure_indexes()
            except sqlite3.IntegrityError:  # the same URL twice in the list: the first one stays
                db.execute("DELETE FROM uris WHERE id NOT IN (SELECT MIN(id) FROM uris GROUP BY key)")
                self._ensure_indexes()
        finally:
            db.execute("PRAGMA threads=0")

    # -- hosts and domains ----------------------------------------------------------------
    def save_host(self, queue: str, ip: str | None, robots: str | None, robots_state: int) -> None:
        self.write("INSERT OR REPLACE INTO hosts(queue, ip, robots, robots_state) VALUES(?,?,?,?)",
                        (queue, ip, robots, robots_state))

    def load_host(self, queue: str) -> tuple[str | None, str | None, int] | None:
        return self.db.execute("SELECT ip, robots, robots_state FROM hosts WHERE queue=?", (queue,)).fetchone()

    def save_domains(self, rows: Iterable[tuple[str, int, int, str | None]]) -> None:
        self._wmany("INSERT OR REPLACE INTO domains(domain, objects, bytes, quota) VALUES(?,?,?,?)", list(rows))

    def load_domains(self) -> Iterator[tuple[str, int, int, str | None]]:
        return iter(self.db.execute("SELECT domain, objects, bytes, quota FROM domains").fetchall())

    # -- transactions ---------------------------------------------------------------------
    def maybe_commit(self) -> None:
        now = time.monotonic()
        if now - self.last_commit >= self.commit_interval:
            self.commit()

    def commit(self) -> None:
        """Commit what was written since the last commit. When the commit fails (a full disk)
        and SQLite rolled the transaction back, the writes are replayed into a new one before
        the error goes on to the caller, who retries the commit when space returns."""
        try:
            if not self.db.in_transaction and self._journal:
                self._replay_or_raise()      # an earlier replay did not fit: again, first
            self.db.commit()
        except sqlite3.DatabaseError:
            self._after_failure()
            raise
        self._journal.clear()
        self.last_commit = time.monotonic()

    def _replay_or_raise(self) -> None:
        for sql, params, many in self._journal:
            if many:
                self.db.executemany(sql, params)
            else:
                self.db.execute(sql, params)

    def _replay(self) -> None:
        try:
            self._replay_or_raise()
        except sqlite3.DatabaseError:
            # even the replay does not fit: the journal stays, and the next commit replays it
            # first (the caller retries until space returns)
            if self.db.in_transaction:
                self.db.rollback()

    def discard(self) -> None:
        """Drop what was written since the last commit (a set-up that met a full disk and will
        be done again from its start)."""
        if self.db.in_transaction:
            self.db.rollback()
        self._journal.clear()
        self._forget_ahead()  # their UPDATE is rolled back too

    def close(self) -> None:
        """Commit and close. When the commit fails (a full disk) the database is closed all the
        same, its uncommitted writes dropped (the last commit stands: a resume starts there),
        and the error goes on to the caller."""
        try:
            self.commit()
        finally:
            self.db.close()
