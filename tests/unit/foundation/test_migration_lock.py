"""An upgrade holds one write lock from reading the revision to the last migration.

Several services migrate one database at start-up; the lock (BEGIN IMMEDIATE on SQLite) keeps a
second one from running a migration the first has already applied. Alembic runs each SQLite
migration in a transaction of its own unless the connection is already in one, which released
the lock between migrations ("table ... already exists" under load). Counting transactions makes
that visible without a race.
"""
from sqlalchemy import event

from server.db.engine import make_engine
from server.db.migrate import current_revisions, head_revisions, upgrade


def test_a_whole_sqlite_upgrade_is_one_immediate_transaction(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'harvest.db'}")
    begins, commits = [], []

    @event.listens_for(engine, "before_cursor_execute")
    def seen(conn, cursor, statement, *args):
        if statement.startswith("BEGIN"):
            begins.append(statement)

    event.listen(engine, "commit", lambda conn: commits.append(1))
    upgrade(engine, "harvest", "server.harvestdb.migrations")
    assert begins == ["BEGIN IMMEDIATE"] and len(commits) == 1
    event.remove(engine, "before_cursor_execute", seen)
    assert current_revisions(engine, "harvest") == head_revisions(engine, "harvest", "server.harvestdb.migrations")
    engine.dispose()
