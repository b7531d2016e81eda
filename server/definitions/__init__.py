"""Harvest definitions: domains, seed lists, configurations, crawl profiles, schedules, harvest
definitions, crawler traps and channels (the ``definitions`` service), on the harvest database."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: its tables, read-only, the scheduler's door, and the users table the demo fills
PUBLIC = ('models', 'runs', 'credentials', 'users')
