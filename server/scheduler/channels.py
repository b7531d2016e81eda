"""Which channels harvesters serve. Harvesters pull: an idle one asks ``claim_job`` for its
channel every few seconds, a busy one reports progress of its job. Both are noted here (at most
every ``NOTE_EVERY`` seconds per harvester and channel, so the database is not written on every
poll); a channel with waiting jobs that no harvester has asked for within
``harvest.scheduler.channel_silent_after`` is flagged, instead of its jobs waiting "submitted"
in silence.
"""
from __future__ import annotations

import datetime as dt
import threading
import time

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from server.definitions.models import HarvestChannel
from server.harvestdb.base import utcnow
from server.scheduler.models import ChannelActivity, Job
from server.scheduler.txn import begin_write
from shared.dto.jobs import ChannelStateDto
from shared.enums import JobStatus

NOTE_EVERY = 30.0


class Notes:
    """Remembers when each (channel, harvester) was last written, to write at most every
    ``NOTE_EVERY`` seconds (one per scheduler process)."""

    def __init__(self, every: float = NOTE_EVERY):
        self.every = every
        self.last: dict[tuple[str, str], float] = {}
        self.lock = threading.Lock()

    def due(self, channel: str, harvester_id: str) -> bool:
        now = time.monotonic()
        with self.lock:
            if now - self.last.get((channel, harvester_id), -1e9) < self.every:
                return False
            if len(self.last) > 10_000:  # harvesters come and go: never grow without bound
                self.last.clear()
            self.last[(channel, harvester_id)] = now
            return True


def note(session: Session, channel: str, harvester_id: str, now: dt.datetime | None = None) -> None:
    """Record that ``harvester_id`` works on ``channel`` now. Commits."""
    now = now or utcnow()
    session.rollback()
    begin_write(session)
    done = session.execute(update(ChannelActivity).where(ChannelActivity.channel == channel,
                                                         ChannelActivity.harvester_id == harvester_id)
                           .values(last_seen_at=now).execution_options(synchronize_session=False)).rowcount
    if not done:
        session.add(ChannelActivity(channel=channel, harvester_id=harvester_id, last_seen_at=now))
    try:
        session.commit()
    except IntegrityError:  # another scheduler worker inserted it first: it is noted
        session.rollback()


def states(session: Session, silent_after: float, now: dt.datetime | None = None) -> list[ChannelStateDto]:
    """Every channel that is defined, has waiting (Submitted) jobs or was asked for: its waiting
    jobs, the harvesters seen within ``silent_after`` seconds, and whether it is served."""
    now = now or utcnow()
    cutoff = now - dt.timedelta(seconds=silent_after)
    kinds = dict(session.execute(select(HarvestChannel.name, HarvestChannel.snapshot)).all())
    waiting = dict(session.execute(select(Job.channel, func.count()).where(Job.status == JobStatus.SUBMITTED.value)
                                   .group_by(Job.channel)).all())
    seen: dict[str, list[tuple[str, dt.datetime]]] = {}
    for channel, harvester, at in session.execute(select(ChannelActivity.channel, ChannelActivity.harvester_id,
                                                         ChannelActivity.last_seen_at)):
        seen.setdefault(channel, []).append((harvester, at))
    out = []
    for channel in sorted(set(kinds) | set(waiting) | set(seen)):
        recent = sorted(h for h, at in seen.get(channel, []) if at >= cutoff)
        last = max((at for _, at in seen.get(channel, [])), default=None)
        out.append(ChannelStateDto(channel, kinds.get(channel), int(waiting.get(channel, 0)), recent, last,
                                   bool(recent)))
    return out
