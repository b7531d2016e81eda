"""Full-text search: text extraction (extract.py), documents from WARCs (documents.py), the query
language (query.py), engines behind one interface (engine.py: SQLite FTS5 by default, whoosh),
one index per job in the index cache and searches over job sets (store.py)."""
