"""Which jobs exist and how they ended, from the scheduler (``list_jobs`` over id ranges)."""
from __future__ import annotations

from typing import Any

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
        from server.runtime.remote_services import RemoteServices

        self.calls = RemoteServices(nameko_config, rpc_timeout)
        self.service = service

    def statuses(self, job_ids: list[int]) -> dict[int, str]:
        """Each known job's status; unknown ids are left out. Raises Unavailable."""
        wanted = set(job_ids)
        out: dict[int, str] = {}
        with self.calls.connection() as scheduler:
            for low, high in ranges(job_ids):
                offset = 0
                while True:
                    page = scheduler.call(self.service, "list_jobs", {"id_from": low, "id_to": high}, offset, PAGE,
                                          "id")
                    for job in page.items:
                        if job.id in wanted:
                            out[job.id] = str(job.status)
                    offset += len(page.items)
                    if not page.items or offset >= page.total:
                        break
        return out
