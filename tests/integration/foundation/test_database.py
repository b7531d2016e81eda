"""The database layer on SQLite and on a real PostgreSQL: migrations and the session provider."""
import pytest
from foundation_testdb.service import NotesService
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from sqlalchemy import inspect

from server.db.engine import make_engine
from server.db.migrate import current_revisions, downgrade, head_revisions, upgrade
from shared.errors import AlreadyExists, InvalidInput

MIGRATIONS = "foundation_testdb.migrations"


def test_migrations_up_from_empty_and_down_again(database_url):
    engine = make_engine(database_url)
    try:
        assert current_revisions(engine, "testdb") == ()
        upgrade(engine, "testdb", MIGRATIONS)
        assert current_revisions(engine, "testdb") == head_revisions(engine, "testdb", MIGRATIONS) == ("0002",)
        cols = {c["name"] for c in inspect(engine).get_columns("notes")}
        assert cols == {"id", "text", "author"}
        assert "alembic_version_testdb" in inspect(engine).get_table_names()
        upgrade(engine, "testdb", MIGRATIONS)  # a second run is a no-op
        downgrade(engine, "testdb", MIGRATIONS, "0001")
        assert {c["name"] for c in inspect(engine).get_columns("notes")} == {"id", "text"}
    finally:
        engine.dispose()


def test_session_provider_commits_before_reply_and_rolls_back_on_error(database_url, nameko_config, tmp_path):
    config = {**nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path),
              "runtime": {"heartbeat_interval": 60}}
    container = ServiceContainer(NotesService, config)
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=20) as proxy:
            assert proxy.notes.add("first") == 1
            with pytest.raises(InvalidInput):
                proxy.notes.add("second", fail_after_insert=True)
            with pytest.raises(AlreadyExists, match="note 'first' exists"):
                proxy.notes.add("first")
            assert proxy.notes.add("third") == 2  # "second" was rolled back
            assert proxy.notes.get("third") == {"text": "third", "author": "unknown"}
    finally:
        container.stop()


def test_default_database_is_sqlite_under_data_dir(nameko_config, tmp_path):
    config = {**nameko_config, "data_dir": str(tmp_path / "data"), "runtime": {"heartbeat_interval": 60}}
    container = ServiceContainer(NotesService, config)
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=20) as proxy:
            proxy.notes.add("x")
        assert (tmp_path / "data" / "testdb.db").exists()
    finally:
        container.stop()



def test_services_migrating_one_database_at_once_do_not_race(database_url):
    """Every service migrates at start-up; several processes starting together on one empty database
    (here the real harvest schema, as definitions and scheduler share it) must all succeed."""
    import os
    import subprocess
    import sys

    script = ("import sys; from server.db.engine import make_engine; from server.db.migrate import upgrade; "
              "e = make_engine(sys.argv[1]); upgrade(e, 'harvest', 'server.harvestdb.migrations')")
    env = {**os.environ, "PYTHONPATH": os.path.join(os.path.dirname(__file__), "..", "..", "support")}
    procs = [subprocess.Popen([sys.executable, "-c", script, database_url], env=env, stderr=subprocess.PIPE)
             for _ in range(4)]
    results = [(p.wait(timeout=120), p.stderr.read().decode()) for p in procs]
    assert [rc for rc, _ in results] == [0, 0, 0, 0], [err[-1500:] for _, err in results]
    engine = make_engine(database_url)
    assert current_revisions(engine, "harvest") == head_revisions(engine, "harvest", "server.harvestdb.migrations")
    engine.dispose()
