"""A migrated harvest database per test: migrated once per session, then copied (fast)."""
from __future__ import annotations

import shutil

import pytest
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.definitions.credentials import CredentialCipher
from server.definitions.domains import DomainDefaults


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("harvest-template") / "harvest.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine, "harvest", "server.harvestdb.migrations")
    raw = engine.raw_connection()  # outside a transaction (the engine begins SQLite ones IMMEDIATE)
    try:
        raw.driver_connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        raw.close()
    engine.dispose()
    return str(path)


@pytest.fixture
def engine(migrated_db, tmp_path):
    path = tmp_path / "harvest.db"
    shutil.copy(migrated_db, path)
    eng = make_engine(f"sqlite:///{path}")
    yield eng
    eng.dispose()


@pytest.fixture
def session(engine):
    with Session(engine, expire_on_commit=False) as s:
        yield s


@pytest.fixture
def defaults() -> DomainDefaults:
    return DomainDefaults()


@pytest.fixture
def cipher() -> CredentialCipher:
    return CredentialCipher(CredentialCipher.generate_key())
