"""Damage a read met: a copy a reader (``nas get-record``/``get-file``, the viewerproxy, a
checksum batch run) found damaged is checked by the arcrepository and, when the check confirms
it, marked the way a checksum audit marks it, so ``nas bitpreservation corrupt`` lists it and
``replace`` can repair it.

A reader's word marks nothing: anyone who may read may report, and a report only makes the
arcrepository ask the replica for the checksum of its copy *now* (computed from the bytes on
disk by the instance that holds it). Equal to the reference: nothing is marked (the damage was
on the way, or in the reader), and the trail says the report was not confirmed. Different: the
other replicas are asked for theirs and the vote decides, as in an audit (corrupt when it stands
alone against two votes for the reference, else disputed). Each copy is checked at most once
per ``recheck_after`` seconds, and at most ``parallel`` checks run at once (a check reads the
whole file); a report beyond that is dropped, said in the answer, and the next audit finds the
copy anyway.
"""
from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import eventlet
from sqlalchemy.orm import Session

from server.archive.arcrepository import preservation as core
from server.archive.arcrepository import store
from server.archive.names import check_name
from server.db.transactions import committing
from shared.enums import ChecksumStatus

log = logging.getLogger(__name__)

#: copies remembered as checked recently (the oldest forgotten first)
MAX_REMEMBERED = 10_000


class DamageReports:
    """``report(name, replica, who, reason)``: check a copy a reader found damaged, in the background."""

    def __init__(self, replicas: Any, live_checksum: Callable[[Any, str], str | None],
                 sessions: Callable[[], Session], parallel: int = 2, recheck_after: float = 600.0,
                 clock: Callable[[], float] = time.monotonic):
        self.replicas = replicas
        self.live_checksum = live_checksum
        self.sessions = sessions
        self.pool = eventlet.GreenPool(max(1, parallel))
        self.recheck_after = recheck_after
        self.clock = clock
        self.checked: OrderedDict[tuple[str, str], float] = OrderedDict()

    def report(self, name: str, replica: str, who: str, reason: str = "") -> str:
        """Queue the check of ``name`` in ``replica``; returns what happens: ``checking``,
        ``checked_recently`` or ``busy`` (dropped: the audits will find it). Raises
        InvalidName, NotFound (replica), ArchiveFileNotFound."""
        check_name(name)
        r = self.replicas.bitarchive(replica)
        with self.sessions() as s:
            store.status(s, name)            # ArchiveFileNotFound for a name the archive does not know
        key, now = (name, r.id), self.clock()
        last = self.checked.get(key)
        if last is not None and now - last < self.recheck_after:
            return "checked_recently"
        if self.pool.free() == 0:
            return "busy"
        self.checked[key] = now
        self.checked.move_to_end(key)
        while len(self.checked) > MAX_REMEMBERED:
            self.checked.popitem(last=False)
        self.pool.spawn_n(self.check, name, r, who, (reason or "")[:500])
        return "checking"

    def wait(self) -> None:
        """For tests: until every check running now ended."""
        self.pool.waitall()

    def check(self, name: str, r: Any, who: str, reason: str) -> ChecksumStatus | None:
        """The copy's checksum now, judged against the reference and the other replicas; the
        verdict recorded (a confirmed damage only). Returns the verdict, None when it could not
        be checked (the replica did not answer or lacks the file: said in the log)."""
        try:
            with self.sessions() as s:
                reference = store.expected_checksum(s, name)
            value = self.live_checksum(r, name)
        except Exception as exc:  # noqa: BLE001 - a time-out too: the check is given up, said in the log
            log.warning("a reader reported %s in %s damaged; it could not be checked: %s", name, r.id, exc)
            return None
        if value is None or reference is None:
            log.warning("a reader reported %s in %s damaged; the replica does not hold it now", name, r.id)
            return None
        if value == reference:
            self._record(lambda s: core.log_event(s, who, "read_damage_not_confirmed", r.id, name, {
                "reason": reason, "reference": reference, "checksum": value}))
            log.info("%s in %s was reported damaged but equals its reference", name, r.id)
            return ChecksumStatus.OK
        votes: dict[str, str | None] = self._record(lambda s: core.known_checksums(s, name))
        votes.pop(r.id, None)
        for other in self.replicas.all():
            if other.id == r.id or other.id not in votes:
                continue
            try:
                votes[other.id] = self.live_checksum(other, name)
            except Exception:  # noqa: BLE001 - its last known value votes, as in an audit
                pass
        verdict = core.judge(reference, value, votes)

        def record(s: Session) -> None:
            core.record_verdict(s, r.id, name, value, verdict, votes)
            core.log_event(s, who, f"checksum_{verdict.value}", r.id, name, {
                "found_by": "read", "reason": reason, "reference": reference, "checksum": value, "votes": votes})

        self._record(record)
        log.warning("%s in %s: a read found it damaged and the check confirmed it (%s; checksum %s, reference %s)",
                    name, r.id, verdict.value, value, reference)
        return verdict

    def _record(self, fn: Callable[[Session], Any]) -> Any:
        with self.sessions() as s, committing(s):
            return fn(s)
