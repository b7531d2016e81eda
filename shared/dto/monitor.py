"""What the ``monitor`` service sends (every service instance it knows, recent warnings) and
what every service's ``status`` RPC answers (``EVERY_SERVICE``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.dto import Dto
from shared.enums import InstanceState

SERVICE = "monitor"


@dataclass
class InstanceDto(Dto):
    """One service instance as the monitor sees it (``nas status`` prints a row of these).
    Times are epoch seconds, as the instances' heartbeats carry them."""

    instance_id: str
    service: str
    host: str
    pid: int
    version: str
    #: what the monitor concludes (``lost`` when heartbeats stopped), and what the instance said
    state: InstanceState
    reported_state: InstanceState
    reason: str
    started_at: float
    last_heartbeat: float
    heartbeat_age: float
    warnings: int
    #: what the service adds to its heartbeat (a harvester's channel and progress, a
    #: bitarchive's HTTP address...): free-form
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class LogRecordDto(Dto):
    """A warning-or-worse log record of a service instance, carried by its heartbeat."""

    time: float
    level: str
    logger: str
    message: str
    instance_id: str = ""


@dataclass
class ServiceStatusDto(Dto):
    """What every service's ``status`` RPC answers about the instance that took the call."""

    name: str
    instance: str
    version: str
    host: str
    pid: int
    uptime: float
    state: InstanceState
    reason: str
    #: the same free-form details its heartbeat carries
    details: dict[str, Any] = field(default_factory=dict)


RETURNS: dict[str, Any] = {
    "instances": list[InstanceDto],
    "recent_logs": list[LogRecordDto],
    "forget": bool,
}

@dataclass
class CallerDto(Dto):
    """``whoami()``: who a service takes the caller to be. ``subject`` and ``roles`` come from
    the verified identity; ``login`` is the broker account the call came from, as RabbitMQ
    validated it ("" when the caller's client does not say)."""

    subject: str
    roles: list[str]
    login: str = ""


#: RPCs every service inherits from ``server.runtime.service.NasService``
EVERY_SERVICE: dict[str, Any] = {
    "status": ServiceStatusDto,
    "whoami": CallerDto,
}
