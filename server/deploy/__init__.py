"""Deploy: one installation description → every host's configs, systemd units and manifest."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py)
PUBLIC = ('apply', 'build', 'model', 'render')
