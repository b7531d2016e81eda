"""Which jobs exist and how they ended, from the scheduler (``list_jobs`` over id ranges)."""
from __future__ import annotations

from typing import Any

from shared.errors import Unavailable

PAGE = 500


def ranges(ids: list[int], gap: int = 1000) -> list[tuple[int, int]]:
    """Sorted ids grouped into ranges without long gaps (one listing each)."""
    out: list[tuple[int, int]] = []
    for i in sorted(ids):
        if out and i - out[-1][1] <= gap:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, i))
    return out


class SchedulerCatalog:
    def __init__(self, nameko_config: dict[str, Any], rpc_timeout: float = 30.0, service: str = "scheduler"):
        self.config = dict(nameko_config)
        self.rpc_timeout = rpc_timeout
        self.service = service

    def statuses(self, job_ids: list[int]) -> dict[int, str]:
        """Each known job's status; unknown ids are left out. Raises Unavailable."""
        from nameko.exceptions import RpcTimeout, UnknownService
        from nameko.standalone.rpc import ClusterRpcProxy

        from server.runtime.identity import proxy_context
        from shared import contracts

        wanted = set(job_ids)
        out: dict[int, str] = {}
        try:
            context = proxy_context(self.config)
            with ClusterRpcProxy(self.config, context_data=context, timeout=self.rpc_timeout) as proxy:
                scheduler = getattr(proxy, self.service)
                for low, high in ranges(job_ids):
                    offset = 0
                    while True:
                        page = contracts.decode("scheduler", "list_jobs", scheduler.list_jobs(
                            {"id_from": low, "id_to": high}, offset, PAGE, "id"))
                        for job in page.items:
                            if job.id in wanted:
                                out[job.id] = str(job.status)
                        offset += len(page.items)
                        if not page.items or offset >= page.total:
                            break
        except (RpcTimeout, UnknownService) as exc:
            raise Unavailable(f"the {self.service} does not answer: {exc.__class__.__name__}",
                              {"service": self.service}) from None
        except OSError as exc:
            raise Unavailable(f"the message broker cannot be reached: {exc}", {"service": self.service}) from None
        return out
