"""What the monitor knows: plain Python, tested without a broker."""
from __future__ import annotations

import collections
import dataclasses
import time
from typing import Any

from shared.dto.monitor import InstanceDto, LogRecordDto
from shared.enums import InstanceState


def _log_record(rec: dict[str, Any], instance_id: str) -> LogRecordDto:
    return LogRecordDto(time=rec.get("time", 0.0), level=rec.get("level", ""), logger=rec.get("logger", ""),
                        message=rec.get("message", ""), instance_id=instance_id)


@dataclasses.dataclass
class _Entry:
    payload: dict[str, Any]
    received_at: float
    logs: collections.deque


class InstanceRegistry:
    """Last heartbeat and recent warnings of every instance; decides who is lost."""

    def __init__(self, lost_after: float = 30.0, forget_after: float = 7 * 86400.0, log_records: int = 100):
        self.lost_after = lost_after
        self.forget_after = forget_after
        self.log_records = log_records
        self._entries: dict[str, _Entry] = {}
        self._announced_lost: set[str] = set()

    def record(self, payload: dict[str, Any], received_at: float | None = None) -> None:
        """Take one heartbeat; an older heartbeat than the one held (reordering) is ignored."""
        received_at = time.time() if received_at is None else received_at
        key = payload["instance_id"]
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry(payload, received_at, collections.deque(maxlen=self.log_records))
        elif payload.get("sent_at", 0) < entry.payload.get("sent_at", 0):
            entry.logs.extend(_log_record(rec, key) for rec in payload.get("logs", ()))
            return
        else:
            entry.payload, entry.received_at = payload, received_at
        for rec in payload.get("logs", ()):
            entry.logs.append(_log_record(rec, key))

    def state_of(self, entry: _Entry, now: float) -> InstanceState:
        reported = InstanceState(entry.payload.get("state", InstanceState.RUNNING))
        if reported == InstanceState.STOPPED:
            return reported
        if now - entry.received_at > self.lost_after:
            return InstanceState.LOST
        return reported

    def instances(self, now: float | None = None) -> list[InstanceDto]:
        now = time.time() if now is None else now
        self._forget_old(now)
        out = []
        for key in sorted(self._entries):
            e = self._entries[key]
            p = e.payload
            details = dict(p.get("details") or {})
            out.append(InstanceDto(
                instance_id=key, service=p.get("service", ""), host=p.get("host", ""), pid=p.get("pid", 0),
                version=p.get("version", ""), state=self.state_of(e, now),
                reported_state=InstanceState(p.get("state", "running")), reason=details.pop("reason", ""),
                started_at=p.get("started_at", 0.0), last_heartbeat=e.received_at,
                heartbeat_age=round(now - e.received_at, 1), warnings=len(e.logs), details=details,
            ))
        return out

    def recent_logs(self, instance_id: str | None = None, limit: int = 100) -> list[LogRecordDto]:
        """Newest last; of one instance, or of all merged by time."""
        if instance_id is not None:
            entry = self._entries.get(instance_id)
            records = list(entry.logs) if entry else []
        else:
            records = sorted((r for e in self._entries.values() for r in e.logs), key=lambda r: r.time)
        return records[-limit:]

    def newly_lost(self, now: float | None = None) -> list[InstanceDto]:
        """Instances lost since the last call (each loss once; one that comes back and is lost
        again counts again): what the monitor notifies about."""
        out = []
        for inst in self.instances(now):
            if inst.state == InstanceState.LOST:
                if inst.instance_id not in self._announced_lost:
                    self._announced_lost.add(inst.instance_id)
                    out.append(inst)
            else:
                self._announced_lost.discard(inst.instance_id)
        return out

    def forget(self, instance_id: str) -> bool:
        self._announced_lost.discard(instance_id)
        return self._entries.pop(instance_id, None) is not None

    def _forget_old(self, now: float) -> None:
        for key in [k for k, e in self._entries.items() if now - e.received_at > self.forget_after]:
            del self._entries[key]
