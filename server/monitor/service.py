"""The ``monitor`` Nameko service."""
from __future__ import annotations

from typing import Any

from nameko.events import SERVICE_POOL, event_handler
from nameko.extensions import DependencyProvider
from nameko.timer import timer

from server.monitor.registry import InstanceRegistry
from server.runtime.heartbeat import EVENT_SOURCE, HEARTBEAT_EVENT
from server.runtime.notify import Notifications
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from server.runtime.settings_provider import settings_for
from shared.dto.monitor import InstanceDto, LogRecordDto
from shared.enums import NotificationCode, Severity
from shared.errors import NotFound
from shared.roles import OPERATOR, READ

LOST_CHECK_INTERVAL = 2.0


class Registry(DependencyProvider):
    """One InstanceRegistry per container: it must outlive the per-call service objects.
    Kept in memory on purpose: after a monitor restart, heartbeats refill it within seconds."""

    def setup(self) -> None:
        s = settings_for(self.container)
        self.registry = InstanceRegistry(s["monitor.lost_after"], s["monitor.forget_after"], s["monitor.log_records"])

    def get_dependency(self, worker_ctx) -> InstanceRegistry:
        return self.registry


class MonitorService(NasService):
    name = "monitor"

    registry = Registry()
    notify = Notifications()

    @event_handler(EVENT_SOURCE, HEARTBEAT_EVENT, handler_type=SERVICE_POOL, reliable_delivery=False)
    def on_heartbeat(self, payload: dict[str, Any]) -> None:
        self.registry.record(payload)

    @timer(interval=LOST_CHECK_INTERVAL)
    def check_lost(self) -> None:
        # A lost instance makes no heartbeat that could trigger anything: look for them.
        for inst in self.registry.newly_lost():
            self.notify.emit(NotificationCode.INSTANCE_LOST, Severity.CRITICAL,
                             f"{inst.instance_id} ({inst.service} on {inst.host}) sent no heartbeat for "
                             f"{inst.heartbeat_age:.0f} s", inst.instance_id,
                             {"service": inst.service, "host": inst.host, "pid": inst.pid,
                              "heartbeat_age": round(inst.heartbeat_age)})

    @rpc(roles=READ)
    def instances(self) -> list[InstanceDto]:
        """Every known instance: id, service, host, pid, version, state (running, dormant,
        stopped, lost...), age of its last heartbeat in seconds, number of recent warnings."""
        return self.registry.instances()

    @rpc(roles=READ)
    def recent_logs(self, instance_id: str | None = None, limit: int = 100) -> list[LogRecordDto]:
        """The last warning-or-worse log records of one instance (or of all, merged by time).

        Raises NotFound for an instance the monitor has never heard of."""
        reg = self.registry
        if instance_id is not None and instance_id not in {i.instance_id for i in reg.instances()}:
            raise NotFound(f"no service instance {instance_id!r} is known to the monitor",
                           {"instance_id": instance_id})
        return reg.recent_logs(instance_id, limit)

    @rpc(roles=OPERATOR)
    def forget(self, instance_id: str) -> bool:
        """Drop an instance (e.g. a decommissioned host) from the list; False if unknown."""
        return self.registry.forget(instance_id)
