"""The bit-preservation RPCs of the ``arcrepository`` (a mixin of its service class).

Audits and repairs run in the arcrepository because it owns the admin database they judge and
update (docs/decisions/archive-bitpreservation.md). The runs are :class:`~.audits.AuditRunner`
jobs; the queries are :mod:`.preservation`; replacing one corrupt copy is :mod:`.repair`.
"""
from __future__ import annotations

import datetime as dt
import logging
from typing import Any

import eventlet
from nameko.timer import timer
from sqlalchemy import select

from server.archive.arcrepository import growth
from server.archive.arcrepository import preservation as core
from server.archive.arcrepository.audits import AuditLimits, AuditRunner
from server.archive.arcrepository.damage import DamageReports
from server.archive.arcrepository.deps import ContainerDeps
from server.archive.arcrepository.models import Audit
from server.archive.arcrepository.repair import Repairs
from server.archive.arcrepository.repository import ArcRepository
from server.archive.calls import ServiceCalls
from server.archive.providers import ArchiveContext
from server.archive.transfer import repair_key
from server.db.transactions import committing
from server.runtime.rpc import rpc
from shared.dto import Page
from shared.dto.archive import (
    ArchiveGrowthDto,
    AuditDto,
    FileFindingDto,
    PreservationEventDto,
    RepairResultDto,
    ReplaceConfirmationDto,
    ReplicaPreservationDto,
)
from shared.errors import InvalidInput
from shared.roles import ADMIN, OPERATOR, READ

log = logging.getLogger(__name__)

#: seconds between looks at ``archive.preservation.schedule``
SCHEDULE_INTERVAL = 60.0


class PreservationContext(ContainerDeps, ArchiveContext):
    """The :class:`AuditRunner` and :class:`Repairs` of the arcrepository; on start, runs left
    behind by a stopped arcrepository are taken up again."""

    def setup(self) -> None:
        super().setup()
        s = self.settings
        self.limits = AuditLimits(s["archive.rpc_timeout"], s["archive.store.timeout"], 10.0,
                                  s["archive.preservation.max_checksum_age_days"])
        self.runner = AuditRunner(self.replicas, self._call, self._session, self.limits,
                                  lambda fn: self.container.spawn_managed_thread(fn, identifier="nas-audit"),
                                  self._arranged)
        # The repair key stays on this service host: operators' calls are authorised by their
        # login and role, and the token for the bitarchive is signed here (docs/security.md).
        self.repairs = Repairs(self.runner, s["archive.preservation.op_timeout"], lambda: repair_key(s))
        self.runner.on_damage = self._damage_found
        # copies readers found damaged, checked here before anything is marked
        self.damage = DamageReports(self.replicas, self.runner.live_checksum, self._session)

    def _damage_found(self, audit_id: int, kind: str, replica: str, missing: int, corrupt: int,
                      disputed: int) -> None:
        from server.runtime.notify import notifier_of
        from shared.enums import NotificationCode, Severity

        notify = notifier_of(self.container)
        if notify is not None:
            notify.emit(NotificationCode.AUDIT_FOUND_DAMAGE, Severity.ERROR,
                        f"audit {audit_id} ({kind}) of replica {replica} found {missing} missing, {corrupt} corrupt, "
                        f"{disputed} disputed file(s): see `nas bitpreservation status`",
                        # each audit is its own event: a repeat would be counted on the first
                        # audit's notification and keep that audit's text and figures
                        f"replica {replica} audit {audit_id}",
                        {"audit_id": audit_id, "kind": kind, "replica": replica, "missing": missing,
                         "corrupt": corrupt, "disputed": disputed})

    def start(self) -> None:
        super().start()
        # A checksum batch run that meets a copy with another checksum reports it the same way.
        for dep in self.container.dependencies:
            core_ = getattr(dep, "core", None)
            if isinstance(core_, ArcRepository):
                core_.on_damaged_copy = lambda name, replica, why: self.damage.report(name, replica, "batch", why)
        # After the container runs (its reply listener consumes), not before: a resumed run calls out.
        self.container.spawn_managed_thread(self._resume, identifier="nas-audit-resume")

    def _resume(self) -> None:
        # A call made before the reply queue consumes loses its reply (the run would fail
        # with a time-out): wait until this container's consumers are ready.
        listener = self._dependency(ServiceCalls).reply_listener
        ready = getattr(getattr(listener, "queue_consumer", None), "_consumers_ready", None)
        if ready is not None:
            with eventlet.Timeout(60, False):
                ready.wait()
        try:
            ids = self.runner.resume()
            if ids:
                log.warning("taking up %d audit(s) left queued or running: %s", len(ids), ids)
        except Exception:  # noqa: BLE001 - a broken database shows in every RPC; do not kill the container
            log.exception("could not take up earlier audits")

    def _arranged(self, rf, replica_id: str, ttl: float):
        """The store path's transfer tickets (the arcrepository core's ``arranged``)."""
        for dep in self.container.dependencies:
            core_ = getattr(dep, "core", None)
            if isinstance(core_, ArcRepository):
                return core_.arranged(rf, replica_id, ttl)
        raise RuntimeError("the arcrepository has no ArcRepository core")

    def run_schedule(self, now: dt.datetime | None = None) -> list[AuditDto]:
        """Start the scheduled audits that are due (the last of that kind requested longer ago
        than ``every_hours``)."""
        now = now or core.utcnow()
        started = []
        for entry in self.settings["archive.preservation.schedule"]:
            rid, kind = entry.get("replica"), entry.get("kind", "files")
            every = dt.timedelta(hours=float(entry.get("every_hours", 24)))
            with self._session() as s:
                last = s.execute(select(Audit.requested).where(Audit.replica_id == rid, Audit.kind == kind)
                                 .order_by(Audit.id.desc()).limit(1)).scalar_one_or_none()
                if last is not None and core.aware(last) + every > now:
                    continue
                started.append(self.runner.request(s, rid, kind, "schedule", entry.get("max_duration")))
        return started


def _who(requested_by: str | None) -> str:
    return (requested_by or "unknown")[:200]


class PreservationRpcs:
    """Mixed into ``ArcRepositoryService``: ``self.db`` is its archive database session."""

    bitpres = PreservationContext()
    db: Any
    archive: Any        # the service's RepositoryContext (its ``core.waits`` bound waiting calls)

    @rpc(roles=OPERATOR, audit=True)
    def audit_start(self, replica: str, kind: str, max_duration: float | None = None,
                    requested_by: str | None = None) -> AuditDto:
        """Queue an audit of ``replica`` (kind files | checksums | salted) and start it; while
        one is queued or running for that replica, that one is returned. ``max_duration``
        (seconds) makes a checksum audit rolling: least recently verified copies first, until
        the budget is spent. Raises NotFound (replica), InvalidInput (kind, duration)."""
        if kind == "reestablish":
            raise InvalidInput("use reestablish_missing to repair", {"kind": kind})
        return self.bitpres.runner.request(self.db, replica, kind, _who(requested_by), max_duration)

    @rpc(roles=READ)
    def audit_status(self, audit_id: int, wait: float = 0.0) -> AuditDto:
        """One audit or repair run: state, counts, progress, errors. With ``wait`` > 0 the
        answer comes as soon as the run ended, or after ``wait`` seconds (at most 10; at once
        when too many calls wait already): followers need not sleep between polls. Raises
        NotFound."""
        if wait and isinstance(audit_id, int):
            # before the session reads anything: an SQLite read begun earlier would not see the end
            with self.archive.core.waits.allowed(wait) as wait:
                if wait:
                    self.bitpres.runner.wait_ended(audit_id, wait)
        return core.audit_dto(core.get_audit(self.db, audit_id))

    @rpc(roles=READ)
    def audit_list(self, replica: str | None = None, offset: int = 0, limit: int = 50) -> Page[AuditDto]:
        """Audit and repair runs, newest first (of one replica if given)."""
        rid = self.bitpres.replicas.get(replica).id if replica else None
        return core.list_audits(self.db, rid, int(offset), min(int(limit), 1000))

    @rpc(roles=OPERATOR, audit=True)
    def audit_cancel(self, audit_id: int, requested_by: str | None = None) -> AuditDto:
        """Cancel a queued run at once, a running one at its next step. Raises NotFound."""
        with committing(self.db):
            return core.audit_dto(core.request_cancel(self.db, audit_id, _who(requested_by)))

    @rpc(roles=READ)
    def archive_growth(self, date_from: str | None = None, date_to: str | None = None) -> list[ArchiveGrowthDto]:
        """The whole archive's growth per day (UTC): files taken that day (with a complete copy)
        and their bytes, and the totals at the end of each day, every day from ``date_from`` to
        ``date_to`` (ISO dates, inclusive; default the last 30 days). Raises InvalidInput."""
        return growth.growth(self.db, date_from, date_to)

    @rpc(roles=READ)
    def preservation_summary(self) -> list[ReplicaPreservationDto]:
        """Per replica: files, OK, missing, corrupt, disputed, unchecked and stale copies (older
        than the replica's maximum checksum age), the oldest verification, the last audits and
        the running one."""
        replicas = self.bitpres.replicas
        return core.summary(self.db, replicas.all(), self.bitpres.limits.max_checksum_age_days,
                            replicas.max_checksum_ages)

    @rpc(roles=READ)
    def missing_files(self, replica: str, offset: int = 0, limit: int = 100) -> Page[FileFindingDto]:
        """The copies the last audits found missing in ``replica``. Raises NotFound (replica)."""
        rid = self.bitpres.replicas.get(replica).id
        return core.findings(self.db, rid, "missing", int(offset), min(int(limit), 1000))

    @rpc(roles=READ)
    def corrupt_files(self, replica: str, offset: int = 0, limit: int = 100) -> Page[FileFindingDto]:
        """The copies in ``replica`` found corrupt (blamed by the vote: repairable) or disputed
        (copies agree against the reference: for a person). Raises NotFound (replica)."""
        rid = self.bitpres.replicas.get(replica).id
        return core.findings(self.db, rid, "corrupt", int(offset), min(int(limit), 1000))

    @rpc(roles=OPERATOR, audit=True)
    def reestablish_missing(self, replica: str, requested_by: str | None = None) -> AuditDto:
        """Copy every file marked missing in ``replica`` back from a copy equal to its reference
        (verified on arrival), as one tracked run with progress. Raises NotFound (replica)."""
        return self.bitpres.runner.request(self.db, replica, "reestablish", _who(requested_by))

    @rpc(roles=READ)
    def replace_confirmation(self, replica: str, name: str) -> ReplaceConfirmationDto:
        """What replacing the copy of ``name`` in ``replica`` would do: the reference, the copy's
        checksum now, the good copy's replica and checksum, the votes, and whether (or why not)
        it may be replaced. Raises InvalidName, NotFound (replica), ArchiveFileNotFound."""
        return self.bitpres.repairs.confirmation(self.db, replica, name)

    @rpc(roles=ADMIN, audit=True)   # a destructive archive operation (shared/roles.py)
    def replace_corrupt(self, replica: str, name: str, bad_checksum: str) -> RepairResultDto:
        """Replace the corrupt copy of ``name`` in ``replica`` by a copy equal to the reference;
        the old bytes go to the attic. ``bad_checksum`` is the operator's confirmation: the
        corrupt copy's checksum as ``replace_confirmation`` showed it, which must still be the
        copy's checksum. Authorised by the caller's login and admin role; the arcrepository
        signs the one-time token the bitarchive checks, naming the caller. Raises
        BadChecksumStated, CopyIsGood, NoGoodCopy, ArchiveFileNotFound, ReplicaUnavailable."""
        return self.bitpres.repairs.replace(self.db, replica, name, bad_checksum, self.caller.subject)

    @rpc(roles=READ)
    def report_damage(self, name: str, replica: str, reason: str = "") -> str:
        """A reader found the copy of ``name`` in ``replica`` damaged (a record whose digest or
        gzip CRC fails, a whole file with another checksum). The arcrepository checks the copy
        itself in the background (its checksum now, then the vote, as an audit does) and marks
        it corrupt or disputed only when that confirms it. Returns ``checking``,
        ``checked_recently`` or ``busy`` (dropped; the next audit finds it). Raises InvalidName,
        NotFound (replica), ArchiveFileNotFound."""
        return self.bitpres.damage.report(name, replica, self.caller.subject, reason)

    @rpc(roles=READ)
    def preservation_log(self, replica: str | None = None, offset: int = 0,
                         limit: int = 100) -> Page[PreservationEventDto]:
        """The audit trail (who, when, what, checksums), newest first."""
        rid = self.bitpres.replicas.get(replica).id if replica else None
        return core.list_events(self.db, rid, int(offset), min(int(limit), 1000))

    @timer(interval=SCHEDULE_INTERVAL)
    def preservation_schedule(self) -> None:
        self.bitpres.run_schedule()
