"""What each batch run must see, kept in the admin database (table ``batch_expectation``).

The arcrepository records, when it starts a registered batch job, the names the admin database
lists in the replica (after the run's regex and the job's file pattern); when the run is done it
compares the count processed with them. In the database rather than in memory, so an
arcrepository restarted while a run is going still says the run is incomplete when it is: a
caller is never given a silently short answer because the arcrepository forgot what to expect.
Only the newest ``keep`` runs are kept (a run's result is kept by its monitor for hours, not
weeks).
"""
from __future__ import annotations

import json

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from server.archive.arcrepository.models import BatchExpectation


def save(session: Session, batch_id: str, replica_id: str, names: list[str], keep: int) -> None:
    """Remember ``names`` for ``batch_id``; the oldest beyond the newest ``keep`` are dropped."""
    session.merge(BatchExpectation(batch_id=batch_id, replica_id=replica_id, names=json.dumps(names),
                                   missing=None))
    session.flush()
    newest = select(BatchExpectation.batch_id).order_by(BatchExpectation.created.desc()).limit(keep)
    session.execute(delete(BatchExpectation).where(BatchExpectation.batch_id.not_in(newest))
                    .execution_options(synchronize_session=False))


def load(session: Session, batch_id: str) -> tuple[str, list[str], list[str] | None] | None:
    """(replica id, names, missing names or None when not yet named) or None when unknown."""
    row = session.get(BatchExpectation, batch_id)
    if row is None:
        return None
    return row.replica_id, json.loads(row.names), None if row.missing is None else json.loads(row.missing)


def set_missing(session: Session, batch_id: str, missing: list[str]) -> None:
    """Remember the missing names once found (asked of the monitor once per run)."""
    row = session.get(BatchExpectation, batch_id)
    if row is not None:
        row.missing = json.dumps(missing)
