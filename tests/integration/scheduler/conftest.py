"""Fixtures of the scheduler's integration tests: a migrated harvest database and a session."""
import pytest
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade


@pytest.fixture
def engine(database_url):
    eng = make_engine(database_url)
    upgrade(eng, "harvest", "server.harvestdb.migrations")
    yield eng
    eng.dispose()


@pytest.fixture
def session(engine):
    s = Session(engine, expire_on_commit=False)
    yield s
    s.close()
