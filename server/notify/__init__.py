"""The notifier: notifications from every service, kept, de-duplicated and delivered by mail and
to the log (docs/operations.md, "Notifications")."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: ``nas notify`` reads the RPCs, and ``nas notify send`` checks its event with ``core.parse_event``
#: (the notifier's own check of what crosses the wire) before sending; tests drive the core
PUBLIC = ('core',)
