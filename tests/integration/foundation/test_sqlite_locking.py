"""SQLite shared by several workers: read-then-write transactions queue instead of failing, and
a worker waiting for the lock does not freeze the other green threads (eventlet)."""
import eventlet
from sqlalchemy import text

from server.db.engine import make_engine


def test_concurrent_read_modify_write_transactions_all_succeed(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'c.db'}")
    with engine.begin() as conn:
        conn.execute(text("create table counter (n integer)"))
        conn.execute(text("insert into counter values (0)"))

    def bump():
        with engine.begin() as conn:
            n = conn.execute(text("select n from counter")).scalar_one()
            eventlet.sleep(0.01)  # the holder yields while holding the lock (e.g. sending a reply)
            conn.execute(text("update counter set n = :n"), {"n": n + 1})

    pool = eventlet.GreenPool(8)
    for _ in range(40):
        pool.spawn(bump)
    pool.waitall()
    with engine.connect() as conn:
        assert conn.execute(text("select n from counter")).scalar_one() == 40  # no lost update
    engine.dispose()
