"""Indexes for infix glob searches on domain names (``*bib*``).

PostgreSQL: a ``pg_trgm`` GIN index on ``domains.name`` (the planner uses it for
``name LIKE '%bib%'``). Creating the extension needs the right to do so; a server where it is not
available gets a logged warning and no index (infix searches then scan, as before).

SQLite: an FTS5 table with the ``trigram`` tokenizer over ``domains.name`` (external content:
it stores only the index), kept in sync by triggers, so every writer keeps it right. A build of
SQLite without FTS5 gets a warning and no table (searches then scan).

Revision ID: 0200_domain_search_indexes
Revises: 0001_definitions
Create Date: 2025-02-01
"""

import logging

from alembic import op
from sqlalchemy.exc import DBAPIError

revision = "0200_domain_search_indexes"
down_revision = "0001_definitions"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")

#: the FTS5 table server/definitions/domains.py searches (SQLite)
FTS_TABLE = "domains_name_fts"

SQLITE_STATEMENTS = (
    f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(name, content='domains', content_rowid='id', "
    "tokenize='trigram', detail='none', columnsize=0)",
    f"CREATE TRIGGER domains_name_fts_insert AFTER INSERT ON domains BEGIN "
    f"INSERT INTO {FTS_TABLE}(rowid, name) VALUES (new.id, new.name); END",
    f"CREATE TRIGGER domains_name_fts_delete AFTER DELETE ON domains BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, name) VALUES ('delete', old.id, old.name); END",
    f"CREATE TRIGGER domains_name_fts_update AFTER UPDATE OF name ON domains BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, name) VALUES ('delete', old.id, old.name); "
    f"INSERT INTO {FTS_TABLE}(rowid, name) VALUES (new.id, new.name); END",
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')",
)


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        try:
            with bind.begin_nested():
                bind.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        except DBAPIError as exc:
            log.warning("pg_trgm is not available (%s); infix searches on domain names will scan the table. "
                        "Ask the database administrator to run CREATE EXTENSION pg_trgm, then run "
                        "'CREATE INDEX ix_domains_name_trgm ON domains USING gin (name gin_trgm_ops)'",
                        str(exc.orig).strip().splitlines()[0])
            return
        # a 32 MB pending list: mass ingest adds to it cheaply (8 µs a name instead of 13 with the
        # 4 MB default); autovacuum merges it into the index
        op.execute("CREATE INDEX ix_domains_name_trgm ON domains USING gin (name gin_trgm_ops) "
                   "WITH (gin_pending_list_limit = 32768)")
    elif bind.dialect.name == "sqlite":
        # detail=none, columnsize=0: the table only has to say which rows hold a substring
        try:
            bind.exec_driver_sql("CREATE VIRTUAL TABLE temp.nas_fts5_probe USING fts5(x, tokenize='trigram')")
            bind.exec_driver_sql("DROP TABLE temp.nas_fts5_probe")
        except DBAPIError as exc:
            log.warning("SQLite has no FTS5 trigram tokenizer (%s); infix searches on domain names will scan "
                        "the table", exc.orig)
            return
        for sql in SQLITE_STATEMENTS:
            op.execute(sql)


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS ix_domains_name_trgm")
    elif bind.dialect.name == "sqlite":
        for trigger in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS domains_name_fts_{trigger}")
        op.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")
