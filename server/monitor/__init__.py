"""The monitor: heartbeats, state and recent warnings of every service instance."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: the bitarchive monitor keeps its instances the same way
PUBLIC = ('registry',)
