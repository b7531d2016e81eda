"""The GUI-side RPC client: calls go to a thread pool, answers come back as queued signals,
decoded into the DTO each RPC's contract declares (:func:`shared.contracts.decode`)."""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

from desktop.rpc.backend import Backend
from desktop.rpc.outcome import Failure, FailureKind, classify
from shared import contracts

log = logging.getLogger(__name__)


class RpcCall(QObject):
    """One call in flight. Signals are delivered in the GUI thread; connect right after
    :meth:`RpcClient.call` returns (delivery waits for the event loop, so nothing is missed).
    ``succeeded`` carries the answer as the typed DTO the service declares for the method
    (``shared.dto.*``: ``Page[DomainSummaryDto]``, ``list[InstanceDto]``...)."""

    succeeded = Signal(object)
    failed = Signal(object)      # a desktop.rpc.outcome.Failure
    finished = Signal()          # after either, also after a cancellation

    _done = Signal(bool, object)

    def __init__(self, service: str, method: str, args: tuple, kwargs: dict[str, Any], timeout: float | None):
        super().__init__()
        self.service, self.method, self.args, self.kwargs, self.timeout = service, method, args, kwargs, timeout
        self._cancelled = threading.Event()
        self.result: Any = None
        self.failure: Failure | None = None
        self.done = False
        self._owners: list[QObject] = []   # the answer is dropped once any of them is deleted
        self._done.connect(self._on_done, Qt.ConnectionType.QueuedConnection)

    def __repr__(self) -> str:
        return f"<RpcCall {self.service}.{self.method}>"

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Forget the answer. A call not yet started is not sent at all; a call already sent
        cannot be recalled from the broker (ask the service to cancel its work, where it can)."""
        self._cancelled.set()

    def bind(self, owner: QObject) -> RpcCall:
        """Tie the answer to ``owner`` (the controller or screen whose callbacks are connected):
        an answer that arrives after ``owner`` was deleted is dropped, as if the call had been
        cancelled, so no callback ever runs on (or emits from) a deleted object."""
        self._owners.append(owner)
        return self

    def on(self, ok: Callable[[Any], None] | None = None, err: Callable[[Failure], None] | None = None) -> RpcCall:
        if ok is not None:
            self.succeeded.connect(ok)
        if err is not None:
            self.failed.connect(err)
        return self

    @Slot(bool, object)
    def _on_done(self, ok: bool, value: Any) -> None:
        self.done = True
        owners, self._owners = self._owners, []     # references held only while in flight
        if any(not shiboken6.isValid(o) for o in owners):
            self._cancelled.set()
        if not self.cancelled:
            if ok:
                self.result = value
                self.succeeded.emit(value)
            else:
                self.failure = value
                self.failed.emit(value)
        self.finished.emit()


class _Job(QRunnable):
    def __init__(self, backend: Backend, call: RpcCall):
        super().__init__()
        self.backend, self.call = backend, call
        self.setAutoDelete(True)

    def run(self) -> None:
        c = self.call
        if c.cancelled:
            c._done.emit(True, None)
            return
        try:
            # decoded here, in the worker thread: the GUI thread only ever sees typed DTOs
            result = contracts.decode(c.service, c.method,
                                      self.backend.call(c.service, c.method, c.args, c.kwargs, c.timeout))
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the GUI as data
            c._done.emit(False, classify(exc, c.service, c.method))
            return
        c._done.emit(True, result)


class RpcClient(QObject):
    """Runs calls on its own thread pool through a :class:`Backend`.

    ``unreachable`` fires when a call found the broker unreachable (the frame then shows its
    "cannot reach the services" page); ``busyChanged`` when the first call starts or the last ends.
    """

    unreachable = Signal(object)
    busyChanged = Signal(bool)

    def __init__(self, backend: Backend, parent: QObject | None = None, max_threads: int = 4):
        super().__init__(parent)
        self.backend = backend
        self._retired: list[Backend] = []
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(max_threads)
        # Threads never expire, so their thread-local RPC proxies live as long as the client.
        self.pool.setExpiryTimeout(-1)
        self._calls: set[RpcCall] = set()
        self._shut = False

    @property
    def in_flight(self) -> int:
        return len(self._calls)

    def call(self, service: str, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> RpcCall:
        c = RpcCall(service, method, args, kwargs, timeout)
        if self._shut:
            c.cancel()
            return c
        was_idle = not self._calls
        self._calls.add(c)
        c.finished.connect(lambda c=c: self._finished(c))
        c.failed.connect(self._maybe_unreachable)
        self.pool.start(_Job(self.backend, c))
        if was_idle:
            self.busyChanged.emit(True)
        return c

    def set_backend(self, backend: Backend) -> None:
        """Use other connection settings from now on; calls in flight finish on the old ones."""
        self._retired.append(self.backend)
        self.backend = backend
        self._close_retired()

    def _close_retired(self) -> None:
        if not self._calls:
            for b in self._retired:
                b.close_all()
            self._retired.clear()

    def _finished(self, c: RpcCall) -> None:
        self._calls.discard(c)
        if not self._calls:
            self._close_retired()
            self.busyChanged.emit(False)

    def _maybe_unreachable(self, failure: Failure) -> None:
        if failure.kind is FailureKind.UNREACHABLE:
            self.unreachable.emit(failure)

    def shutdown(self, wait_ms: int = 5000) -> None:
        """Cancel what has not started, wait for the rest, close every connection."""
        self._shut = True
        for c in list(self._calls):
            c.cancel()
        self.pool.clear()
        self.pool.waitForDone(wait_ms)
        for b in [*self._retired, self.backend]:
            b.close_all()
        self._retired.clear()
