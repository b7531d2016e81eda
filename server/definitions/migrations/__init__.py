"""The definitions' revisions of the harvest database's Alembic chain (server.harvestdb.migrations)."""
