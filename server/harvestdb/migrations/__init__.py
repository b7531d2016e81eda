"""Alembic chain of the harvest database (version table ``alembic_version_harvest``).

One chain, one version table, but the revisions live with the package that owns the tables
they change: Alembic reads them from every package listed here (``version_locations``)."""

VERSION_PACKAGES = ("server.definitions.migrations", "server.scheduler.migrations")
