"""What the arcrepository's dependency providers (its repository and its bit-preservation
context) reach through the container: its other dependencies, the calls to the replicas, and
database sessions. Shared so both work from background threads the same way."""
from __future__ import annotations

from typing import Any

from server.archive.calls import ServiceCalls
from server.db.provider import DatabaseSession


class ContainerDeps:
    """Mixed into a DependencyProvider of the arcrepository (``self.container`` is its container)."""

    container: Any

    def _dependency(self, kind: type):
        for dep in self.container.dependencies:
            if isinstance(dep, kind):
                return dep
        raise RuntimeError(f"the arcrepository has no {kind.__name__} dependency")

    def _call(self, service: str, method: str, *args: Any, timeout: float) -> Any:
        # Stores and audits run in background green threads, outside any worker: one caller for all.
        return self._dependency(ServiceCalls).caller().call(service, method, *args, timeout=timeout)

    def _session(self):
        return self._dependency(DatabaseSession).sessionmaker()
