"""The bit-integrity screen's controller: per replica what the archive knows (files, missing,
corrupt, checksum age), audits started, followed live and cancelled, "reestablish all missing",
and the confirmation of replacing one corrupt copy. RPCs of the ``arcrepository`` as h-bitpres
wrote them in the wave-C contract."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTimer, Signal

from desktop.controllers.base import Controller
from desktop.controllers.preservation_types import (
    AuditDto,
    RepairResultDto,
    ReplaceConfirmationDto,
    ReplicaPreservationDto,
    typed,
)
from desktop.rpc.outcome import Failure

AUDIT_KINDS = ("files", "checksums", "salted")
POLL_MS = 1000


def kind_text(kind: str) -> str:
    return {
        "files": QCoreApplication.translate("BitIntegrity", "file list"),
        "checksums": QCoreApplication.translate("BitIntegrity", "checksums"),
        "salted": QCoreApplication.translate("BitIntegrity", "salted challenge"),
        "reestablish": QCoreApplication.translate("BitIntegrity", "reestablish missing"),
    }.get(kind, kind)


def state_text(state: str) -> str:
    return {
        "queued": QCoreApplication.translate("BitIntegrity", "queued"),
        "running": QCoreApplication.translate("BitIntegrity", "running"),
        "done": QCoreApplication.translate("BitIntegrity", "done"),
        "failed": QCoreApplication.translate("BitIntegrity", "failed"),
        "cancelled": QCoreApplication.translate("BitIntegrity", "cancelled"),
    }.get(state, state)


class BitIntegrityController(Controller):
    """Signals: ``replicasChanged(list[ReplicaPreservationDto])``, ``auditChanged(AuditDto)``
    (every poll of a followed audit), ``auditFinished(AuditDto)``, ``confirmation(ReplaceConfirmationDto)``,
    ``findingsChanged()`` (the missing and corrupt lists should be reloaded)."""

    service = "arcrepository"
    replicasChanged = Signal(list)
    auditChanged = Signal(object)
    auditFinished = Signal(object)
    confirmation = Signal(object)
    replaced = Signal(object)
    findingsChanged = Signal()

    def __init__(self, client, call=None, parent=None, poll_ms: int = POLL_MS):
        super().__init__(client, call, parent)
        self.replicas: list[ReplicaPreservationDto] = []
        self.replica: str | None = None
        self.followed: dict[int, AuditDto] = {}     # audits being followed, by id
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self._poll)
        self._polling = False

    # --- the summary -------------------------------------------------------------------------

    def load(self) -> None:
        self.rpc("preservation_summary").on(self._summary, self.failure.emit)

    def _summary(self, rows) -> None:
        self.replicas = [typed(ReplicaPreservationDto, r) for r in rows]
        self.replicasChanged.emit(self.replicas)
        for r in self.replicas:       # audits running when the screen opened are followed too
            if r.running is not None and r.running.active:
                self._follow(r.running)
        if self.replica is None and self.replicas:
            self.replica = self.replicas[0].replica

    def choose(self, replica: str) -> None:
        self.replica = replica
        self.findingsChanged.emit()

    # --- audits ------------------------------------------------------------------------------

    def start_audit(self, kind: str, who: str | None = None) -> bool:
        if self.replica is None or kind not in AUDIT_KINDS:
            return False
        self.rpc("audit_start", self.replica, kind, requested_by=who).on(self._follow, self.failure.emit)
        return True

    def reestablish_missing(self, who: str | None = None) -> bool:
        r = self.current()
        if r is None or not r.missing:
            return False
        self.rpc("reestablish_missing", r.replica, requested_by=who).on(self._follow, self.failure.emit)
        return True

    def cancel(self, audit_id: int, who: str | None = None) -> None:
        self.rpc("audit_cancel", audit_id, requested_by=who).on(self._update, self.failure.emit)

    def current(self) -> ReplicaPreservationDto | None:
        return next((r for r in self.replicas if r.replica == self.replica), None)

    def running_audit(self) -> AuditDto | None:
        """The followed audit of the chosen replica that is still going, if any."""
        return next((a for a in self.followed.values() if a.replica == self.replica and a.active), None)

    def _follow(self, audit) -> None:
        a = typed(AuditDto, audit)
        self.followed[a.id] = a
        self.auditChanged.emit(a)
        if a.active:
            self.timer.start()
        else:
            self._finished(a)

    def _poll(self) -> None:
        if self._polling:
            return
        active = [a for a in self.followed.values() if a.active]
        if not active:
            self.timer.stop()
            return
        self._polling = True
        pending = {a.id for a in active}

        def one_done(audit_id: int) -> None:
            pending.discard(audit_id)
            if not pending:
                self._polling = False
        for a in active:
            c = self.rpc("audit_status", a.id)
            c.succeeded.connect(self._update)
            c.failed.connect(self._poll_failed)
            c.finished.connect(lambda i=a.id: one_done(i))

    def _poll_failed(self, f: Failure) -> None:
        self.timer.stop()
        self.failure.emit(f)

    def _update(self, audit) -> None:
        a = typed(AuditDto, audit)
        was = self.followed.get(a.id)
        self.followed[a.id] = a
        self.auditChanged.emit(a)
        if not a.active and (was is None or was.active):
            self._finished(a)

    def _finished(self, a: AuditDto) -> None:
        if not any(x.active for x in self.followed.values()):
            self.timer.stop()
        self.auditFinished.emit(a)
        self.load()
        self.findingsChanged.emit()

    # --- replacing a corrupt copy ------------------------------------------------------------

    def confirm_replace(self, name: str) -> None:
        """Ask what replacing ``name`` in the chosen replica would do (both checksums, the good
        copy, whether it is replaceable at all)."""
        if self.replica is None:
            return
        self.rpc("replace_confirmation", self.replica, name).on(
            lambda c: self.confirmation.emit(typed(ReplaceConfirmationDto, c)), self.failure.emit)

    def replace(self, c: ReplaceConfirmationDto) -> None:
        """Replace the corrupt copy the confirmation showed, stating its checksum as shown: the
        arcrepository refuses if the copy changed since. Authorised by the signed-in login's role
        (no key on this machine); ``replaced(RepairResultDto)``, then the lists reload."""
        def done(result) -> None:
            self.replaced.emit(typed(RepairResultDto, result))
            self.load()
            self.findingsChanged.emit()

        self.rpc("replace_corrupt", c.replica, c.name, c.bad_checksum).on(done, self.failure.emit)
