"""Online backup of an SQLite harvest database: a complete copy while it is in use, rotated."""
import datetime as dt
import sqlite3

from sqlalchemy import create_engine

from server.scheduler import backup


def test_backup_copies_a_live_database_and_keeps_the_newest(tmp_path):
    db = tmp_path / "harvest.db"
    live = sqlite3.connect(db)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("CREATE TABLE t (x)")
    live.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1000)])
    live.commit()
    engine = create_engine(f"sqlite:///{db}")
    target = tmp_path / "backups"
    t0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    assert backup.due(str(target), 86400, t0)
    made = [backup.backup(engine, str(target), keep=3, now=t0 + dt.timedelta(days=d)) for d in range(5)]
    kept = backup.backups(str(target))
    assert kept == made[-3:]                                   # rotated: the three newest
    assert sqlite3.connect(kept[-1]).execute("SELECT count(*) FROM t").fetchone() == (1000,)
    assert backup.latest_time(str(target)) == t0 + dt.timedelta(days=4)
    assert not backup.due(str(target), 86400, t0 + dt.timedelta(days=4, hours=23))
    assert backup.due(str(target), 86400, t0 + dt.timedelta(days=5))
    assert not backup.due(str(target), 0, t0 + dt.timedelta(days=50))  # 0: never
    live.close()


def test_backup_does_nothing_for_postgresql(tmp_path):
    engine = create_engine("postgresql+psycopg://nas:nas@127.0.0.1:5432/none")
    assert backup.backup(engine, str(tmp_path), keep=2) is None
