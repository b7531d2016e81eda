"""A tiny service over the test database: proves the session provider commits and rolls back."""
from sqlalchemy import text

from server.db.provider import DatabaseSession, committing
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.errors import AlreadyExists, InvalidInput, NotFound


class NotesService(NasService):
    name = "notes"
    db = DatabaseSession("testdb", "foundation_testdb.migrations")

    @rpc
    def add(self, note: str, fail_after_insert: bool = False) -> int:
        """Add a note; raise InvalidInput after inserting when asked (to prove the rollback)."""
        with committing(self.db):
            if self.db.execute(text("select 1 from notes where text = :t"), {"t": note}).first():
                raise AlreadyExists(f"note {note!r} exists", {"note": note})
            self.db.execute(text("insert into notes (text) values (:t)"), {"t": note})
            if fail_after_insert:
                raise InvalidInput("refused after insert", {"note": note})
        return self.db.execute(text("select count(*) from notes")).scalar_one()

    @rpc
    def get(self, note: str) -> dict:
        """Return a note with its author; NotFound if there is none."""
        row = self.db.execute(text("select text, author from notes where text = :t"), {"t": note}).first()
        if row is None:
            raise NotFound(f"no note {note!r}", {"note": note})
        return {"text": row.text, "author": row.author}
