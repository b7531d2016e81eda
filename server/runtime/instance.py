"""The ``Runtime`` dependency: who this instance is, its state, heartbeats and ``status``."""
from __future__ import annotations

import logging
import os
import socket
import time
from importlib import metadata
from typing import Any

import eventlet
from nameko.extensions import DependencyProvider
from nameko.standalone.events import event_dispatcher

from server.runtime.heartbeat import EVENT_SOURCE, HEARTBEAT_EVENT, MonitorLogHandler, heartbeat_payload
from server.runtime.settings_provider import settings_for
from shared.dto.monitor import ServiceStatusDto
from shared.enums import InstanceState

log = logging.getLogger(__name__)


def project_version() -> str:
    try:
        return metadata.version("netarchivesuite-py")
    except metadata.PackageNotFoundError:
        return "0+unknown"


class Runtime(DependencyProvider):
    """Identity, state and heartbeat of one service instance.

    Workers get this object itself: ``self.runtime.set_state(InstanceState.DORMANT, "disk full")``
    or ``self.runtime.details["job"] = 42`` change what the next heartbeat says.
    """

    def setup(self) -> None:
        settings = settings_for(self.container)
        self.service = self.container.service_name
        self.host = settings["instance.host"] or socket.gethostname()
        self.instance_id = settings["instance.id"] or f"{self.service}@{self.host}"
        self.interval = settings["runtime.heartbeat_interval"]
        self.version = project_version()
        self.started_at = time.time()
        self.state = InstanceState.STARTING
        self.reason = ""
        self.details: dict[str, Any] = {}
        self._dispatch = event_dispatcher(self.container.config)
        self.log_handler = MonitorLogHandler()
        logging.getLogger().addHandler(self.log_handler)
        from server.runtime import expected_errors

        expected_errors.install()  # a typed error answered to a caller is not an operator's warning

    def start(self) -> None:
        self.state = InstanceState.RUNNING
        self.container.spawn_managed_thread(self._beat_forever, identifier="nas-heartbeat")

    def stop(self) -> None:
        # Say goodbye, so the monitor shows "stopped" rather than "lost" after a clean SIGTERM.
        self.state = InstanceState.STOPPED
        self.send_heartbeat()
        logging.getLogger().removeHandler(self.log_handler)

    def kill(self) -> None:
        logging.getLogger().removeHandler(self.log_handler)

    def get_dependency(self, worker_ctx) -> Runtime:
        return self

    # --- used by services ---------------------------------------------------------------------

    def set_state(self, state: InstanceState, reason: str = "") -> None:
        if state != self.state or reason != self.reason:
            log.info("%s is now %s%s", self.instance_id, state.value, f": {reason}" if reason else "")
        self.state, self.reason = state, reason

    def status(self) -> ServiceStatusDto:
        return ServiceStatusDto(name=self.service, instance=self.instance_id, version=self.version, host=self.host,
                                pid=os.getpid(), uptime=round(time.time() - self.started_at, 1), state=self.state,
                                reason=self.reason, details=dict(self.details))

    # --- heartbeats ---------------------------------------------------------------------------

    def send_heartbeat(self) -> None:
        payload = heartbeat_payload(
            instance_id=self.instance_id, service=self.service, host=self.host, pid=os.getpid(),
            version=self.version, state=self.state.value, started_at=self.started_at,
            details={"reason": self.reason, **self.details}, logs=self.log_handler.drain(),
        )
        try:
            self._dispatch(EVENT_SOURCE, HEARTBEAT_EVENT, payload)
        except Exception as exc:  # noqa: BLE001 - a broker hiccup must not kill the service
            # debug, not warning: a warning would be queued for the next heartbeat, forever.
            log.debug("heartbeat not sent: %s", exc)

    def _beat_forever(self) -> None:
        while True:
            self.send_heartbeat()
            eventlet.sleep(self.interval)
