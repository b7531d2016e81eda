"""The whole archive's growth per day, counted in SQL on SQLite and a real PostgreSQL: only files
with a complete copy count, every day of the span is listed, the totals carry what came before."""
from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from sqlalchemy import update
from sqlalchemy.orm import sessionmaker

from server.archive.arcrepository import growth, store
from server.archive.arcrepository.models import ArchiveFile
from server.archive.replicas import ReplicaDto
from server.db.engine import make_engine
from server.db.migrate import upgrade
from shared.enums import ReplicaType
from shared.errors import InvalidInput

MIGRATIONS = "server.archive.arcrepository.migrations"
R = [ReplicaDto("ONE", "one", ReplicaType.BITARCHIVE), ReplicaDto("TWO", "two", ReplicaType.BITARCHIVE)]


@pytest.fixture
def make(database_url):
    engine = make_engine(database_url)
    upgrade(engine, "archive", MIGRATIONS)
    try:
        yield sessionmaker(engine, expire_on_commit=False)
    finally:
        engine.dispose()


def _stored(s, name: str, size: int, on: dt.datetime, complete: bool = True) -> None:
    checksum = hashlib.md5(name.encode()).hexdigest()
    store.on_store(s, R, name, checksum, size)
    if complete:
        store.on_upload_reply(s, name, "ONE", ok=True, checksum=checksum, instance_id="ba-ONE")
    s.execute(update(ArchiveFile).where(ArchiveFile.filename == name).values(created=on))


def test_growth_per_day_with_totals(make):
    day = dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)
    with make() as s:
        _stored(s, "old.warc", 100, day - dt.timedelta(days=10))
        _stored(s, "a.warc", 1000, day)
        _stored(s, "b.warc", 500, day + dt.timedelta(hours=3))
        _stored(s, "c.warc", 70, day + dt.timedelta(days=2))
        _stored(s, "failed.warc", 9999, day, complete=False)      # no complete copy: not growth
        s.commit()
    with make() as s:
        rows = growth.growth(s, "2026-03-01", "2026-03-04")
    assert [r.day for r in rows] == [dt.date(2026, 3, d) for d in (1, 2, 3, 4)]
    assert [(r.files, r.bytes) for r in rows] == [(2, 1500), (0, 0), (1, 70), (0, 0)]
    assert [(r.total_files, r.total_bytes) for r in rows] == [(3, 1600), (3, 1600), (4, 1670), (4, 1670)]


def test_growth_refuses_a_bad_span(make):
    with make() as s:
        for a, b in (("yesterday", None), ("2026-03-02", "2026-03-01"), ("2000-01-01", "2026-01-01")):
            with pytest.raises(InvalidInput):
                growth.growth(s, a, b)
        assert len(growth.growth(s, today=dt.date(2026, 1, 31))) == 30
