"""The ``harvester`` Nameko service: one instance per harvest channel it serves.

Thin on purpose: a :class:`HarvesterLoop` dependency runs :class:`~server.harvester.runner.Harvester`
in a managed green thread (never inside an AMQP message), maps its state to the instance's
heartbeat (running or dormant, with the reason) and stops its crawl cleanly when the container
stops. The RPC methods only read.
"""
from __future__ import annotations

import logging
from typing import Any

import eventlet
from nameko.extensions import DependencyProvider

from server.harvester import archive_client, jobdir
from server.harvester.index_client import RpcIndexClient
from server.harvester.logins_client import RpcLoginsClient
from server.harvester.runner import Harvester, HarvesterConfig
from server.harvester.scheduler_client import RpcScheduler
from server.runtime.instance import Runtime
from server.runtime.notify import Notifications, notifier_of
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from server.runtime.settings_provider import settings_for
from shared.dto.harvester import CurrentJobDto, FreeSpaceDto
from shared.enums import InstanceState, NotificationCode, Severity
from shared.roles import READ

log = logging.getLogger(__name__)


def _runtime_of(container) -> Runtime | None:
    for dep in container.dependencies:
        if isinstance(dep, Runtime):
            return dep
    return None


class HarvesterLoop(DependencyProvider):
    """Owns the one Harvester of this container and the green thread that runs it."""

    def setup(self) -> None:
        settings = settings_for(self.container)
        self.runtime = _runtime_of(self.container)
        # The Runtime's instance id is known only after its own setup: filled in at start().
        self.config = HarvesterConfig.from_settings(settings, settings["instance.id"] or "harvester")
        self.stop_timeout = settings["harvester.stop_timeout"]
        nameko_config = dict(self.container.config)
        self.archive = archive_client.from_settings(settings, nameko_config)
        scheduler = RpcScheduler(nameko_config, settings["harvester.rpc_timeout"])
        index = RpcIndexClient(nameko_config, settings["harvester.rpc_timeout"])
        logins = RpcLoginsClient(nameko_config, settings["harvester.rpc_timeout"])
        self.harvester = Harvester(self.config, self.archive, scheduler,
                                   on_state=self._on_state, on_progress=self._on_progress, index=index,
                                   logins=logins)
        self.thread = None

    def start(self) -> None:
        if self.runtime is not None:
            self.config.harvester_id = self.runtime.instance_id
            self.runtime.details["channel"] = self.config.channel
        self.thread = self.container.spawn_managed_thread(self._run, identifier="harvester-loop")

    def _run(self) -> None:
        try:
            self.harvester.run_forever()
        except Exception:  # noqa: BLE001 - logged for the monitor; the container goes on answering
            log.exception("the harvester loop ended unexpectedly")

    def _on_state(self, state: str, reason: str) -> None:
        if self.runtime is None or self.runtime.state in (InstanceState.STOPPING, InstanceState.STOPPED):
            return
        if state == InstanceState.DORMANT and self.runtime.state != InstanceState.DORMANT:
            notify = notifier_of(self.container)
            if notify is not None and reason.startswith("not enough free disk"):
                notify.emit(NotificationCode.DISK_LOW, Severity.WARNING, f"{self.runtime.instance_id}: {reason}; "
                            "it takes no new jobs", self.runtime.instance_id, {"channel": self.config.channel})
        self.runtime.set_state(InstanceState(state), reason)
        if state != InstanceState.RUNNING or not reason.startswith("crawling"):
            self.runtime.details.pop("progress", None)

    def _on_progress(self, details: dict[str, Any]) -> None:
        if self.runtime is not None:
            self.runtime.details["progress"] = details

    def stop(self) -> None:
        """Stop claiming; stop a running crawl cleanly and finish its job off within stop_timeout
        (what is left is finished at the next start)."""
        self.harvester.stopping.set()
        if self.harvester.current is not None:
            log.info("stopping: ending the crawl of job %s cleanly", self.harvester.current.job_id)
        if self.thread is not None:
            with eventlet.Timeout(self.stop_timeout, False):
                self.thread.wait()
        self.archive.close()

    def kill(self) -> None:
        self.harvester.stopping.set()

    def get_dependency(self, worker_ctx) -> HarvesterLoop:
        return self


class HarvesterService(NasService):
    name = "harvester"

    loop = HarvesterLoop()
    notify = Notifications()

    @rpc(roles=READ)
    def current_job(self) -> CurrentJobDto | None:
        """The job this instance is working on (job id, directory, phase) or None when idle.
        Raises nothing."""
        jd = self.loop.harvester.current
        if jd is None:
            return None
        state = jd.state()
        return CurrentJobDto(jd.job_id, jd.path, state.phase, state.crawler_pid, self.runtime.details.get("progress"))

    @rpc(roles=READ)
    def free_space(self) -> FreeSpaceDto:
        """Free bytes in the working directory and the configured minimum. Raises nothing."""
        c = self.loop.config
        return FreeSpaceDto(c.work_dir, jobdir.free_space(c.work_dir), c.min_space_left)
