"""Fixtures of the notifier's integration tests: a harvest database for the scheduler and a real
local SMTP server (its own process)."""
import pytest
from smtp_server import SmtpServer
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


@pytest.fixture
def smtp(tmp_path):
    s = SmtpServer(tmp_path / "smtp")
    s.start()
    yield s
    s.stop()
