"""The harvester's three short calls to the ``scheduler`` (every one a quick RPC; a harvester
never holds an AMQP message while it crawls)."""
from __future__ import annotations

import logging
from typing import Any, Protocol

from shared.errors import Unavailable

log = logging.getLogger(__name__)


class Scheduler(Protocol):
    def claim(self, channel: str, harvester_id: str) -> dict[str, Any] | None: ...

    def progress(self, job_id: str, harvester_id: str, progress: dict[str, Any]) -> None: ...

    def report(self, job_id: str, report: dict[str, Any]) -> None: ...


class RpcScheduler:
    """``claim_job(channel, harvester_id)``, ``job_progress(job_id, harvester_id, progress)``,
    ``report_job(job_id, report)`` on the ``scheduler`` service."""

    def __init__(self, nameko_config: dict[str, Any], timeout: float = 30.0, service: str = "scheduler"):
        self.config = dict(nameko_config)
        self.timeout = timeout
        self.service = service

    def _call(self, method: str, *args: Any) -> Any:
        from nameko.exceptions import RpcTimeout, UnknownService
        from nameko.standalone.rpc import ClusterRpcProxy

        try:
            with ClusterRpcProxy(self.config, timeout=self.timeout) as proxy:
                return getattr(getattr(proxy, self.service), method)(*args)
        except (RpcTimeout, UnknownService) as exc:
            raise Unavailable(f"the {self.service} does not answer {method}: {exc.__class__.__name__}",
                              {"service": self.service, "method": method}) from None
        except OSError as exc:
            raise Unavailable(f"the message broker cannot be reached: {exc}", {"service": self.service}) from None

    def claim(self, channel: str, harvester_id: str) -> dict[str, Any] | None:
        return self._call("claim_job", channel, harvester_id) or None

    def progress(self, job_id: str, harvester_id: str, progress: dict[str, Any]) -> None:
        self._call("job_progress", _job_id(job_id), harvester_id, progress)

    def report(self, job_id: str, report: dict[str, Any]) -> None:
        self._call("report_job", _job_id(job_id), report)


def _job_id(job_id: str) -> int | str:
    return int(job_id) if str(job_id).isdigit() else job_id
