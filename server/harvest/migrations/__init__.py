"""Alembic chain of the harvest database (version table alembic_version_harvest)."""
