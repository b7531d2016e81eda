"""The local demo: every service on this host, configured under one directory."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: the nas demo command
PUBLIC = ('accounts', 'harvest', 'layout', 'website')
