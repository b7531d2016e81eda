"""``arcrepository`` (exactly one per installation): the archive's front door. It owns the admin
database (``models``, ``migrations``: which files exist, where, in which upload state) and runs
the store state machine (``store``) that puts every file into every replica with its checksum
verified; ``repository`` holds the rest of its logic, ``service`` the thin Nameko service."""

#: what other packages may import from this one: nothing — the admin database is its own, and
#: others use its RPCs (tests/unit/foundation/test_import_rules.py)
PUBLIC = ()
