"""Migration 0400: stored profiles that never set ``dedup.enabled`` now deduplicate (the new
default); one that set it keeps its choice (SQLite and PostgreSQL)."""
from __future__ import annotations

import datetime as dt
import json

from sqlalchemy import text

from server.db.engine import make_engine
from server.db.migrate import upgrade


def test_profiles_without_a_choice_get_deduplication_on(database_url):
    eng = make_engine(database_url)
    try:
        upgrade(eng, "harvest", "server.harvestdb.migrations", "0300_scheduling_error")
        now = dt.datetime(2026, 1, 1)
        off = {"robots": "obey", "dedup": {"enabled": False, "mime_exclude": "^text/.*"}}
        with eng.begin() as c:
            for name, doc in (("chose-off", b"dedup: {enabled: false}\n"), ("silent", b"robots: obey\n")):
                c.execute(text("INSERT INTO crawl_profiles (name, comments, active, document, document_format, "
                               "effective, created_at, updated_at, edition) VALUES (:n, '', true, :d, 'yaml', :e, "
                               ":t, :t, 1)"), {"n": name, "d": doc, "e": json.dumps(off), "t": now})
        upgrade(eng, "harvest", "server.harvestdb.migrations")
        with eng.connect() as c:
            rows = dict(c.execute(text("SELECT name, effective FROM crawl_profiles")).all())
        enabled = {n: json.loads(e)["dedup"]["enabled"] for n, e in rows.items()}
        assert enabled == {"default": True, "silent": True, "chose-off": False}
    finally:
        eng.dispose()
