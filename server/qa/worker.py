"""The qa service's worker: one thread per service instance that works QA runs one at a time
(oldest first; a run left running by a stopped instance first, resumed), and looks for finished
jobs to check on its own (auto-runs) and patch jobs that are done."""
from __future__ import annotations

import logging

import eventlet
from eventlet.event import Event
from nameko.extensions import DependencyProvider

from server.qa.sources import Sources
from server.runtime.settings_provider import settings_for

log = logging.getLogger(__name__)


class QaWorker(DependencyProvider):
    """``qa = QaWorker()`` on the service: ``self.qa.sources()`` for calls to other services,
    ``self.qa.wake()`` after queueing or cancelling a run."""

    def setup(self) -> None:
        self.settings = settings_for(self.container)
        self.nameko = dict(self.container.config)
        self._wake = Event()

    def sources(self) -> Sources:
        return Sources(self.nameko, self.settings)

    def wake(self) -> None:
        """Have the worker look at the queue now rather than at its next poll."""
        if not self._wake.ready():
            self._wake.send(True)

    def _sleep(self, seconds: float) -> None:
        with eventlet.Timeout(seconds, False):
            self._wake.wait()
        self._wake = Event()

    def get_dependency(self, worker_ctx) -> QaWorker:
        return self
