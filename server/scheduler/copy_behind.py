"""PostgreSQL: a run's configurations copied to their jobs while the later jobs are still made.

Making the jobs (reading the sorted entries back, splitting, storing each job) is the client's
work on one connection, and the database server's cores are nearly idle meanwhile; the copy of
the entries to ``job_configurations`` is the server's work, and came only after the last job
(#36, docs/decisions/scheduler-jobgen.md, "Fifth pass"). A job never spans two chunks of sorted
entries (each chunk is split on its own), so once a chunk's jobs are committed, every entry
before the next chunk belongs to a committed job and may be copied. ``CopyBehind`` copies such
ranges on a connection of its own, in parts of at least ``min_part`` entries (a part is one
statement that sorts its rows by configuration id: a few large ones keep the inserts into the
table's indexes in order), while the caller goes on making jobs; ``finish`` copies the rest
side by side as before.

Nothing runs behind the caller's back: an error in the copy is raised by the next ``ready`` or
by ``finish``, and ``close`` waits for the copy to stop before the run's scratch rows go.
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from server.db.parallel import side_by_side
from server.scheduler import entries


class CopyBehind:
    def __init__(self, engine: Engine, harvest_id: int, min_part: int):
        self.engine = engine
        self.harvest_id = harvest_id
        self.min_part = min_part
        self.copied = 0
        self._handed = 0                     # jobs (in the order made) handed to the thread
        self._parts: queue.Queue = queue.Queue()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=f"copy-behind-{harvest_id}", daemon=True)
        self._thread.start()

    def ready(self, starts: list[tuple[tuple, int]], committed: int) -> None:
        """The first ``committed`` jobs of ``starts`` (each job's first sort key and size, in the
        order made) are committed, and so are the jobs of every entry before the next one's
        first key: hand them over once they make a part."""
        self._raise()
        if committed >= len(starts) or sum(n for _, n in starts[self._handed:committed]) < self.min_part:
            return
        self._parts.put((self._key(starts, self._handed), starts[committed][0]))
        self._handed = committed

    def finish(self, starts: list[tuple[tuple, int]], parallel: int,
               keep_alive: Callable[[], Any] | None) -> int:
        """Copy the jobs not handed over, ``parallel`` parts side by side, once the thread is
        done. Returns how many entries were copied in all."""
        self._stop()
        self._raise()
        rest = starts[self._handed:]
        if rest:
            cut = entries.parts(rest, parallel)
            cut[0] = (self._key(starts, self._handed), cut[0][1])   # not from the run's start
            self.copied += sum(side_by_side(
                self.engine, cut, lambda s, part: entries.copy_run_to_jobs(s, self.harvest_id, *part),
                parallel, keep_alive))
        return self.copied

    @staticmethod
    def _key(starts: list[tuple[tuple, int]], index: int) -> tuple | None:
        return None if index == 0 else starts[index][0]

    def close(self) -> None:
        """Stop the copy (after an error elsewhere) and wait for it."""
        self._stop()

    def _stop(self) -> None:
        if self._thread.is_alive():
            self._parts.put(None)
            self._thread.join()

    def _raise(self) -> None:
        if self._error is not None:
            raise self._error

    def _run(self) -> None:
        with Session(self.engine) as session:
            while (part := self._parts.get()) is not None:
                if self._error is not None:
                    continue                  # drain: nothing more is copied after an error
                try:
                    self.copied += entries.copy_run_to_jobs(session, self.harvest_id, *part)
                    session.commit()
                except BaseException as exc:  # noqa: BLE001 - raised in the caller's thread
                    session.rollback()
                    self._error = exc
