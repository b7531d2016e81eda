"""SQLite shared by several workers: read-then-write transactions queue instead of failing, and
a worker waiting for the lock does not freeze the other green threads (eventlet)."""
import eventlet
from sqlalchemy import text
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.transactions import committing


def test_concurrent_read_modify_write_transactions_all_succeed(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'c.db'}")
    with engine.begin() as conn:
        conn.execute(text("create table counter (n integer)"))
        conn.execute(text("insert into counter values (0)"))

    def bump():
        with Session(engine) as session, committing(session):
            n = session.execute(text("select n from counter")).scalar_one()
            eventlet.sleep(0.01)  # the holder yields while holding the lock (e.g. sending a reply)
            session.execute(text("update counter set n = :n"), {"n": n + 1})

    pool = eventlet.GreenPool(8)
    for _ in range(40):
        pool.spawn(bump)
    pool.waitall()
    with engine.connect() as conn:
        assert conn.execute(text("select n from counter")).scalar_one() == 40  # no lost update
    engine.dispose()


def test_a_reader_does_not_block_a_writer_in_the_same_thread(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'r.db'}")
    with engine.begin() as conn:
        conn.execute(text("create table t (n integer)"))
    with Session(engine) as reader, Session(engine) as writer:
        assert reader.execute(text("select count(*) from t")).scalar_one() == 0  # read transaction open
        with committing(writer):
            writer.execute(text("insert into t values (1)"))
        assert reader.execute(text("select count(*) from t")).scalar_one() == 0  # its snapshot
    engine.dispose()
