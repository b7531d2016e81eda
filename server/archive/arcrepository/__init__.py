"""``arcrepository`` (exactly one per installation): the archive's front door. It owns the admin
database (which files exist, where, in which upload state) and runs the store state machine
(``store.py``) that puts every file into every replica with its checksum verified."""
