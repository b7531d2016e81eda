"""The frontier on a full disk: SQLite rolls the whole transaction back when a write or a commit
fails with SQLITE_FULL; the frontier writes again what it held, so finished URIs are not queued
again (fetched and archived twice) and found links are not forgotten. The database's page limit
plays the full disk here (the crawler's tmpfs test meets the real one)."""
from __future__ import annotations

import sqlite3

import pytest

from server.crawler.frontier import FINISHED, IN_FLIGHT, QUEUED, Frontier


def full_after(f: Frontier, extra_pages: int = 0) -> None:
    pages = f.db.execute("PRAGMA page_count").fetchone()[0]
    f.db.execute(f"PRAGMA max_page_count={pages + extra_pages}")


def test_a_write_that_meets_a_full_disk_loses_nothing_written_before(tmp_path):
    f = Frontier(str(tmp_path / "frontier.db"))
    f.add("k0", "http://a.test/", "a.test", "", None, None, "a.test", is_seed=True)
    f.commit()
    uri = f.next("a.test")
    f.finish(uri.id, 200, 10, "text/html")
    full_after(f)
    added = 0
    with pytest.raises(sqlite3.DatabaseError, match="full"):
        for i in range(1, 5000):    # links found on the page, until the "disk" is full
            f.add(f"k{i}", f"http://a.test/{i}/" + "x" * 200, "a.test", "L", "http://a.test/", None, "a.test")
            added += 1
    assert f.db.in_transaction     # rolled back by SQLite, written again by the frontier
    f.db.execute("PRAGMA max_page_count=1073741823")    # space returns
    f.commit()
    assert f.db.execute("SELECT state FROM uris WHERE key='k0'").fetchone()[0] == FINISHED
    assert f.count(QUEUED) == added and f.count(IN_FLIGHT) == 0
    assert f.next("a.test").url == "http://a.test/1/" + "x" * 200


def test_a_commit_that_fails_is_retried_whole(tmp_path, monkeypatch):
    f = Frontier(str(tmp_path / "frontier.db"))
    for i in range(3):
        f.add(f"k{i}", f"http://a.test/{i}", "a.test", "", None, None, "a.test")
    f.commit()
    taken = f.next("a.test")
    f.finish(taken.id, 200, 10, "text/html")
    f.add("k9", "http://a.test/9", "a.test", "L", "http://a.test/0", None, "a.test")
    real = f.db

    class FullOnCommit:
        """The connection, but its commit meets a full disk (and SQLite rolls back)."""

        def __getattr__(self, name):
            return getattr(real, name)

        def commit(self):
            real.rollback()
            raise sqlite3.OperationalError("database or disk is full")

    f.db = FullOnCommit()
    with pytest.raises(sqlite3.OperationalError):
        f.commit()
    assert real.in_transaction     # the writes are back in a transaction
    f.db = real
    f.commit()
    assert f.db.execute("SELECT state FROM uris WHERE id=?", (taken.id,)).fetchone()[0] == FINISHED
    f.give_back()   # k1 and k2 were taken ahead with k0 (one statement), not handed out
    assert f.count(QUEUED) == 3     # k1, k2 and the link k9: nothing fetched twice, nothing lost
