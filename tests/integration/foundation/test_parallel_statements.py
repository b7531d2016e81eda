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
