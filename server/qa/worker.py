"""The qa service's worker: one thread per service instance that works QA runs one at a time
(oldest first; a run left running by a stopped instance first: it resumes), and between runs
looks for finished jobs to check on its own (auto-runs of harvests whose definition asks for
them) and for patch jobs that are done (their recheck runs).

Several instances on one database: a run is taken by moving it from queued to running in one
write transaction, so two instances never take the same queued run; a running run is resumed by
the instance that finds it (deploy one qa instance per database unless runs may be resumed by
another instance while the first still works: docs/decisions/qa-review.md).
"""
from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable

import eventlet
from eventlet.event import Event
from nameko.extensions import DependencyProvider
from sqlalchemy.orm import Session, sessionmaker

from server.db.provider import DatabaseSession
from server.qa import patching, runs
from server.qa.render import ReplayTarget
from server.qa.render_process import RenderProcess
from server.qa.runner import RunLimits, Runner
from server.qa.sources import Sources
from server.runtime.notify import notifier_of
from server.runtime.settings_provider import settings_for
from shared.dto.qa import QaRunDto
from shared.enums import NotificationCode, Severity

log = logging.getLogger(__name__)


class QaWorker(DependencyProvider):
    """``qa = QaWorker()`` on the service: ``self.qa.sources()`` for calls to other services,
    ``self.qa.wake()`` after queueing or cancelling a run."""

    def setup(self) -> None:
        self.settings = settings_for(self.container)
        self.nameko = dict(self.container.config)
        self._wake = Event()
        self._running = False
        self.current: int | None = None   # the run being worked

    def start(self) -> None:
        self._running = True
        self.container.spawn_managed_thread(self._loop, identifier="qa-worker")

    def stop(self) -> None:
        self._running = False
        self.wake()

    kill = stop

    def get_dependency(self, worker_ctx) -> QaWorker:
        return self

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

    def _sessions(self) -> Callable[[], Session]:
        db = next(d for d in self.container.dependencies if isinstance(d, DatabaseSession))
        return sessionmaker(db.engine, expire_on_commit=False)

    def _loop(self) -> None:
        make = self._sessions()
        while self._running:
            try:
                self._look_around(make)
                with make() as db:
                    run = runs.next_to_run(db)
                    run_id = run.id if run is not None else None
                if run_id is None:
                    self._sleep(self.settings["qa.poll_seconds"])
                    continue
                self.current = run_id
                self._runner(make).work(run_id)
            except Exception:  # noqa: BLE001 - the worker outlives any one failure (logged); runs keep their state
                log.exception("the QA worker met an error; it goes on after a pause")
                self._sleep(self.settings["qa.poll_seconds"])
            finally:
                self.current = None

    def _look_around(self, make: Callable[[], Session]) -> None:
        """Auto-runs for finished jobs, recheck runs for finished patch jobs."""
        sources = self.sources()
        with make() as db:
            patching.start_rechecks(db, sources)
            patching.queue_auto_runs(db, sources)

    def _runner(self, make: Callable[[], Session]) -> Runner:
        log_path = os.path.join(os.path.abspath(self.settings["data_dir"]), "qa", "render.log")
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        return Runner(make, self.sources(), RunLimits.of(self.settings), self._open_session, self._notify,
                      renderer=functools.partial(RenderProcess, log_path=log_path))

    def _open_session(self, job_ids: list[int]) -> tuple[ReplayTarget, Callable[[], None]]:
        """A viewer session over the jobs, recording on, made by this service's own login."""
        calls = self.sources().calls
        session = calls.call("viewerproxy", "create_session", job_ids, None, True)
        info = calls.call("viewerproxy", "proxy_info")

        def stop() -> None:
            try:
                calls.call("viewerproxy", "stop_session", session.session_id)
            except Exception as exc:  # noqa: BLE001 - a session left open is harmless; said in the log
                log.warning("could not stop viewer session %s: %s", session.session_id, exc)

        return ReplayTarget(info.host, info.port, session.session_id, session.token, info.ca_certificate_pem), stop

    def _notify(self, run: QaRunDto) -> None:
        notify = notifier_of(self.container)
        if notify is None:
            return
        share = f"{run.share_complete:.0%}" if run.share_complete is not None else "none"
        notify.emit(NotificationCode.QA_INCOMPLETE, Severity.WARNING,
                    f"job {run.job_id}: QA found {share} of {run.pages_checked} pages complete "
                    f"(threshold {run.threshold:.0%}); see nas qa show {run.job_id}",
                    refers_to=f"job {run.job_id}",
                    details={"job_id": run.job_id, "run_id": run.run_id, "share_complete": run.share_complete,
                             "pages_checked": run.pages_checked, "pages_complete": run.pages_complete,
                             "threshold": run.threshold})
