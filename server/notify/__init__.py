"""The notifier: notifications from every service, kept, de-duplicated and delivered by mail and
to the log (docs/operations.md, "Notifications")."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: ``nas notify`` reads nothing but the RPCs; tests drive the core
PUBLIC = ()
