"""Database layer: engines, Alembic migrations per database, and the Nameko session provider."""
