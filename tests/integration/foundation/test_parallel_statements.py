"""Statements side by side (server/db/parallel.py) and PostgreSQL waits that let other green
threads run (server/db/engine.py: cooperative_postgresql_waits), on real databases."""
import os
import threading
import time

import pytest
from sqlalchemy import text

from server.db.engine import make_engine
from server.db.parallel import side_by_side


def test_each_item_runs_once_on_its_own_session_and_is_committed(database_url):
    engine = make_engine(database_url)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE items (n INTEGER PRIMARY KEY, doubled INTEGER)")

        def work(session, n):
            session.execute(text("INSERT INTO items VALUES (:n, :d)"), {"n": n, "d": 2 * n})
            return n * 10

        # one worker on SQLite (one writer), two on PostgreSQL
        workers = 1 if engine.dialect.name == "sqlite" else 2
        assert side_by_side(engine, list(range(7)), work, workers) == [n * 10 for n in range(7)]
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT n, doubled FROM items ORDER BY n").all() == [
                (n, 2 * n) for n in range(7)]
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_two_workers_are_inside_their_statements_at_once(postgres_url):
    """Each worker has its own backend, and both are at work at the same time: a barrier that
    only two workers running at once can pass."""
    engine = make_engine(postgres_url)
    barrier = threading.Barrier(2, timeout=60)
    try:
        def work(session, _):
            pid = session.execute(text("SELECT pg_backend_pid()")).scalar()
            barrier.wait()   # raises BrokenBarrierError if the other never comes
            return pid

        pids = side_by_side(engine, ["a", "b"], work, 2)
        assert len(set(pids)) == 2
    finally:
        engine.dispose()


def test_no_more_workers_than_the_pool_can_spare(database_url):
    """A pool of two connections, one of them kept for the rest of the process: one worker does
    every item instead of two, one of which would wait for a connection."""
    from sqlalchemy import create_engine

    engine = create_engine(database_url, pool_size=2, max_overflow=0, pool_timeout=1)
    try:
        sessions = set()

        def work(session, n):
            sessions.add(id(session))
            session.execute(text("SELECT 1"))
            return n

        assert side_by_side(engine, list(range(6)), work, 4) == list(range(6))
        assert len(sessions) == 1
    finally:
        engine.dispose()


def test_a_failing_item_stops_the_rest_rolls_back_and_is_raised(database_url):
    engine = make_engine(database_url)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE items (n INTEGER PRIMARY KEY)")
        started = []

        def work(session, n):
            started.append(n)
            session.execute(text("INSERT INTO items VALUES (:n)"), {"n": n})
            if n == 2:
                raise ValueError("item 2 is bad")
            return n

        with pytest.raises(ValueError, match="item 2 is bad"):
            side_by_side(engine, list(range(20)), work, 1)
        assert started == [0, 1, 2]            # nothing after the failure was started
        with engine.connect() as conn:         # the failed item's insert was rolled back
            assert conn.exec_driver_sql("SELECT n FROM items ORDER BY n").scalars().all() == [0, 1]
    finally:
        engine.dispose()


def test_a_caller_that_stops_waits_for_its_workers_and_raises(database_url):
    engine = make_engine(database_url)
    try:
        started = []
        release = threading.Event()

        def work(session, n):
            started.append(n)
            release.wait(30)
            return n

        class Stop(Exception):
            pass

        def on_progress():
            release.set()
            raise Stop()

        with pytest.raises(Stop):
            side_by_side(engine, list(range(10)), work, 2, on_progress, poll_s=0.01)
        assert sorted(started) == [0, 1]   # the running items finished; no new one started
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_under_eventlet_a_postgresql_statement_lets_other_green_threads_run(postgres_url):
    """B's statement waits for a lock that A holds until A has seen B waiting. Were psycopg to
    wait in C (its default: it knows gevent, not eventlet), B's wait would freeze the hub, A
    could never look, and B would fail on its lock timeout."""
    if os.environ.get("NAS_TEST_EVENTLET") != "1":
        pytest.skip("an eventlet-patched run (tests/integration under NAS_TEST_EVENTLET=1)")
    engine = make_engine(postgres_url)
    a_holds = threading.Event()
    try:
        def work(session, name):
            if name == "a":
                session.execute(text("SELECT pg_advisory_xact_lock(7)"))
                a_holds.set()
                deadline = time.monotonic() + 30
                while not session.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                                               "AND NOT granted")).scalar():
                    assert time.monotonic() < deadline, "B never came to wait for the lock"
                    time.sleep(0.01)
                return "a saw b waiting"        # the commit releases the lock
            assert a_holds.wait(30)
            session.execute(text("SET LOCAL lock_timeout = '10s'"))
            session.execute(text("SELECT pg_advisory_xact_lock(7)"))
            return "b got the lock"

        assert side_by_side(engine, ["a", "b"], work, 2) == ["a saw b waiting", "b got the lock"]
    finally:
        engine.dispose()


def _pages_table(engine, n=25):
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE pages (n INTEGER PRIMARY KEY)")
        conn.execute(text("INSERT INTO pages VALUES (:n)"), [{"n": k} for k in range(n)])


def _fetch(seen_sessions):
    def fetch(session, after):
        seen_sessions.append(id(session))
        return session.execute(text("SELECT n FROM pages WHERE n > :a ORDER BY n LIMIT 10"),
                               {"a": -1 if after is None else after}).scalars().all()
    return fetch


def test_pages_are_read_ahead_on_a_session_of_their_own_in_order(database_url):
    """read_ahead: every page once, in order, up to the first empty one, read on another session
    than the caller's while the caller holds a page (the caller here writes meanwhile, as job
    generation stores a chunk's jobs)."""
    from sqlalchemy.orm import Session

    from server.db.parallel import read_ahead

    engine = make_engine(database_url)
    try:
        _pages_table(engine)
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE done (n INTEGER PRIMARY KEY)")
        seen: list[int] = []
        with Session(engine) as session:
            got = []
            for page in read_ahead(session, _fetch(seen), lambda page: page[-1]):
                got.append(list(page))
                session.execute(text("INSERT INTO done VALUES (:n)"), [{"n": k} for k in page])
                session.commit()
            assert got == [list(range(0, 10)), list(range(10, 20)), list(range(20, 25))]
            assert len(seen) == 4 and id(session) not in seen   # the empty fourth page ends it
            assert session.execute(text("SELECT count(*) FROM done")).scalar() == 25
    finally:
        engine.dispose()


def test_reading_ahead_falls_back_to_the_callers_session_and_stops_with_the_caller(database_url):
    """With no connection to spare the pages are read on the caller's session; a reading error
    reaches the caller at its page; a caller that stops early leaves no reader behind."""
    from sqlalchemy import create_engine
    from sqlalchemy.orm import Session

    from server.db.parallel import read_ahead

    small = create_engine(database_url, pool_size=1, max_overflow=0, pool_timeout=1)
    engine = make_engine(database_url)
    try:
        _pages_table(engine)
        seen: list[int] = []
        with Session(small) as session:
            pages = list(read_ahead(session, _fetch(seen), lambda page: page[-1]))
            assert [len(p) for p in pages] == [10, 10, 5] and set(seen) == {id(session)}

        def fails_second(session, after):
            if after is not None:
                raise RuntimeError("page two cannot be read")
            return [1, 2]
        with Session(engine) as session:
            it = read_ahead(session, fails_second, lambda page: page[-1])
            assert next(it) == [1, 2]
            with pytest.raises(RuntimeError, match="page two"):
                next(it)

        before = {t.name for t in threading.enumerate()}
        with Session(engine) as session:
            it = read_ahead(session, _fetch([]), lambda page: page[-1], put_every_s=0.01)
            assert next(it) == list(range(10))
            it.close()   # the reader has the next page and waits to hand it over
        assert "read-ahead" not in {t.name for t in threading.enumerate()} - before
    finally:
        small.dispose()
        engine.dispose()


def test_reading_ahead_refuses_to_wait_while_the_caller_holds_a_transaction(database_url):
    """The caller asks for the next page with its session committed: holding a lock while it
    waits could leave it, its reader and a third session waiting for each other for ever on
    PostgreSQL (read_ahead's docstring). Asked inside a transaction, it is told at once."""
    from sqlalchemy.orm import Session

    from server.db.parallel import read_ahead

    engine = make_engine(database_url)
    try:
        _pages_table(engine)
        with Session(engine) as session:
            it = read_ahead(session, _fetch([]), lambda page: page[-1])
            assert next(it) == list(range(10))
            session.execute(text("SELECT 1"))    # a transaction begun, not committed
            with pytest.raises(RuntimeError, match="commit the caller's session"):
                next(it)
            session.rollback()
    finally:
        engine.dispose()
