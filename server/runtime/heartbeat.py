"""Heartbeats and warning log records, sent from every service instance to the monitor.

They travel as Nameko events from the pseudo-service ``nas_runtime`` (exchange
``nas_runtime.events``), so the monitor subscribes once for every instance of every service.
The monitor's handler queue is not durable: while no monitor runs, heartbeats are dropped
rather than piling up on the broker.
"""
from __future__ import annotations

import collections
import logging
import threading
import time
from typing import Any

EVENT_SOURCE = "nas_runtime"
HEARTBEAT_EVENT = "heartbeat"
MAX_QUEUED_RECORDS = 100


class MonitorLogHandler(logging.Handler):
    """Keeps WARNING-or-worse records until the next heartbeat carries them to the monitor.

    emit() only appends to a bounded deque: sending from inside logging could recurse (the AMQP
    client logs too) or block the caller.
    """

    def __init__(self, level: int = logging.WARNING):
        super().__init__(level)
        self.records: collections.deque[dict[str, Any]] = collections.deque(maxlen=MAX_QUEUED_RECORDS)
        self._lock_ = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                message += f" ({record.exc_info[0].__name__}: {record.exc_info[1]})"
            self.records.append(
                {"time": record.created, "level": record.levelname, "logger": record.name, "message": message}
            )
        except Exception:  # noqa: BLE001 - logging must never raise into the caller
            self.handleError(record)

    def drain(self) -> list[dict[str, Any]]:
        with self._lock_:
            out = list(self.records)
            self.records.clear()
        return out


def heartbeat_payload(
    *, instance_id: str, service: str, host: str, pid: int, version: str, state: str,
    started_at: float, details: dict[str, Any], logs: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "instance_id": instance_id,
        "service": service,
        "host": host,
        "pid": pid,
        "version": version,
        "state": state,
        "started_at": started_at,
        "sent_at": time.time(),
        "details": details,
        "logs": logs,
    }
