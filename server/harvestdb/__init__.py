"""The harvest database: one database shared by two owners, the ``definitions`` service (domains,
configurations, profiles, schedules, harvest definitions, history) and the ``scheduler`` (jobs and
their scheduling state). This package holds what they share and nothing else: the declarative
``Base`` with its column types, and the one Alembic chain (the version table
``alembic_version_harvest``). The tables themselves are declared by their owners."""
