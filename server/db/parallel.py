"""Bulk statements side by side, each on a connection of its own.

PostgreSQL runs one statement on one core. Job generation's bulk statements (step 1's windows,
the copy of a run's configurations) are independent of each other, so on a server with more
than one core they can run at once on two or more connections. Threads do the waiting: real
ones in a plain process (psycopg releases the GIL while it waits for the server), green ones
under eventlet, where :func:`server.db.engine.cooperative_postgresql_waits` makes that wait
yield to the hub.
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.orm import Session

T = TypeVar("T")
R = TypeVar("R")
K = TypeVar("K")


def side_by_side(engine: Engine, items: Sequence[T], work: Callable[[Session, T], R], workers: int,
                 on_progress: Callable[[], Any] | None = None, poll_s: float = 0.5) -> list[R]:
    """``work(session, item)`` for every item, each in a transaction of its own that is committed
    when it returns, on up to ``workers`` sessions at once. Returns the results in item order.

    ``on_progress`` is called in the calling thread while it waits (every ``poll_s`` seconds). If
    it raises, or a ``work`` raises, no new item is started, the running ones finish (or roll
    back), and the exception is raised here once every worker has stopped: nothing runs on
    behind the caller's back.

    No more workers start than the engine's pool has connections to spare, keeping one for the
    rest of the process (a service's other workers): a worker waiting for a connection would
    only wait, and could time out."""
    results: list[Any] = [None] * len(items)
    lock = threading.Lock()
    pending = iter(range(len(items)))
    stop = threading.Event()
    errors: list[BaseException] = []

    def worker() -> None:
        with Session(engine) as session:
            while not stop.is_set():
                with lock:
                    i = next(pending, None)
                if i is None:
                    return
                try:
                    results[i] = work(session, items[i])
                    session.commit()
                except BaseException as exc:  # noqa: BLE001 - handed to the caller below
                    session.rollback()
                    errors.append(exc)
                    stop.set()
                    return

    workers = max(1, min(workers, len(items), spare_connections(engine) - 1))
    threads = [threading.Thread(target=worker, name=f"side-by-side-{k}", daemon=True) for k in range(workers)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(poll_s)
                if on_progress is not None and not stop.is_set():
                    on_progress()
    except BaseException:
        stop.set()
        for t in threads:
            t.join()
        raise
    if errors:
        raise errors[0]
    return results


def spare_connections(engine: Engine) -> int:
    """How many more connections the engine's pool would hand out now without waiting (a
    large number for a pool without a limit)."""
    pool = engine.pool
    size, overflow, out = (getattr(pool, name, None) for name in ("size", "_max_overflow", "checkedout"))
    if size is None or overflow is None or out is None or overflow < 0:
        return 1 << 30
    return size() + overflow - out()


def read_ahead(session: Session, fetch: Callable[[Session, K | None], list], key_of: Callable[[list], K],
               put_every_s: float = 0.2) -> Iterator[list]:
    """Keyset pages ``fetch(session, after)`` in order, ``after`` None for the first page and then
    ``key_of`` the page before, up to the first empty page. The pages are read one ahead on a
    connection of their own, each page in a transaction of its own, while the caller works on the
    page before: a database server reads on its own core as the caller computes. (SQLite reads in
    this process, and there the reader contends with the caller for the interpreter: use
    :func:`read_in_turn`.) Without a connection to spare they are read on ``session``, in turn.

    A reading error is raised here, at the page it would have given. When the caller stops early
    (an error of its own, or it closes the iterator), the reader ends with it: it offers each page
    for at most ``put_every_s`` at a time, looking between offers whether it is still wanted.

    **The caller's session must hold no transaction when it asks for the next page** (commit
    first), or this raises RuntimeError. PostgreSQL queues a lock request behind an earlier one
    it conflicts with: were the caller to hold a lock on the table while it waits, another
    session's ``DROP INDEX`` or ``LOCK TABLE`` on it would wait for the caller, the reader's
    ``SELECT`` would wait behind that request, and the caller for its reader, for ever; the
    server sees no deadlock, since one of the waits is in this process (seen in job generation:
    two runs scheduled at once, the other run dropping its run index)."""
    engine = session.get_bind()
    if spare_connections(engine) < 2:   # keep one for the rest of the process, as side_by_side does
        yield from read_in_turn(session, fetch, key_of)
        return
    pages: queue.Queue = queue.Queue(maxsize=1)
    stop = threading.Event()

    def offer(item: object) -> None:
        while not stop.is_set():
            try:
                pages.put(item, timeout=put_every_s)
                return
            except queue.Full:
                continue

    def reader() -> None:
        try:
            with Session(engine) as s:
                after = None
                while not stop.is_set():
                    page = fetch(s, after)
                    s.commit()   # no lock or snapshot held between pages
                    offer(page)
                    if not page:
                        return
                    after = key_of(page)
        except BaseException as exc:  # noqa: BLE001 - raised in the caller's thread below
            offer(exc)

    thread = threading.Thread(target=reader, name="read-ahead", daemon=True)
    thread.start()
    try:
        while True:
            if session.in_transaction():
                raise RuntimeError("read_ahead: commit the caller's session before asking for the next page")
            item = pages.get()
            if isinstance(item, BaseException):
                raise item
            if not item:
                return
            yield item
    finally:
        stop.set()
        thread.join()


def read_in_turn(session: Session, fetch: Callable[[Session, K | None], list],
                 key_of: Callable[[list], K]) -> Iterator[list]:
    """The pages of :func:`read_ahead`, read on ``session`` when the caller asks for each."""
    after = None
    while page := fetch(session, after):
        yield page
        after = key_of(page)
