"""Migrations 0500 and 0510 (SQLite and PostgreSQL): site credentials gain how they log in
(existing ones are HTTP basic); stored profiles that never set ``fetch.max_object_bytes`` get the
new 1 GiB default, one that chose a value keeps it."""
from __future__ import annotations

import datetime as dt
import json

from sqlalchemy import text

from server.db.engine import make_engine
from server.db.migrate import upgrade


def test_max_object_bytes_default_and_credential_kinds(database_url):
    eng = make_engine(database_url)
    try:
        upgrade(eng, "harvest", "server.harvestdb.migrations", "0400_dedup_on_by_default")
        now = dt.datetime(2026, 1, 1)
        old = {"robots": "obey", "fetch": {"max_object_bytes": -1}}
        with eng.begin() as c:
            for name, doc in (("chose", b"fetch: {max_object_bytes: 5000}\n"), ("silent", b"robots: obey\n")):
                eff = {**old, "fetch": {"max_object_bytes": 5000 if name == "chose" else -1}}
                c.execute(text("INSERT INTO crawl_profiles (name, comments, active, document, document_format, "
                               "effective, created_at, updated_at, edition) VALUES (:n, '', true, :d, 'yaml', :e, "
                               ":t, :t, 1)"), {"n": name, "d": doc, "e": json.dumps(eff), "t": now})
            c.execute(text("INSERT INTO domains (name, name_reversed, tld, comments, created_at, updated_at, "
                           "edition) VALUES ('a.dk', 'kd.a', 'dk', '', :t, :t, 1)"), {"t": now})
            did = c.execute(text("SELECT id FROM domains WHERE name='a.dk'")).scalar_one()
            c.execute(text("INSERT INTO site_credentials (domain_id, url, realm, username, password_encrypted, "
                           "created_at) VALUES (:d, 'http://a.dk/', 'r', 'u', 'x', :t)"), {"d": did, "t": now})
        upgrade(eng, "harvest", "server.harvestdb.migrations")
        with eng.connect() as c:
            rows = dict(c.execute(text("SELECT name, effective FROM crawl_profiles")).all())
            cred = c.execute(text("SELECT kind, username_field, password_field, form_fields "
                                  "FROM site_credentials")).one()
        limits = {n: json.loads(e)["fetch"]["max_object_bytes"] for n, e in rows.items()}
        assert limits == {"default": 1024**3, "silent": 1024**3, "chose": 5000}
        assert tuple(cred) == ("basic", "", "", "{}")
    finally:
        eng.dispose()
