"""The domain's fixed vocabularies, as in the seeds; values are the stable strings stored and sent."""
from __future__ import annotations

from enum import StrEnum

from shared.errors import IllegalTransition


class JobStatus(StrEnum):
    """A harvest job's life, as the seeds' JobStatus."""

    NEW = "new"
    SUBMITTED = "submitted"
    STARTED = "started"
    DONE = "done"
    FAILED = "failed"
    RESUBMITTED = "resubmitted"
    FAILED_REJECTED = "failed_rejected"

    @property
    def is_final(self) -> bool:
        return self in (JobStatus.DONE, JobStatus.RESUBMITTED, JobStatus.FAILED_REJECTED)

    def can_become(self, new: JobStatus) -> bool:
        return new in _JOB_TRANSITIONS[self]

    def check_transition(self, new: JobStatus, job: object = None) -> JobStatus:
        """Return ``new`` if the move is legal, else raise IllegalTransition naming both states."""
        if not self.can_become(new):
            what = f"job {job}" if job is not None else "a job"
            raise IllegalTransition(
                f"{what} cannot go from {self.value} to {new.value}",
                {"from": self.value, "to": new.value, "job": job},
            )
        return new


# New → Submitted when queued; Submitted → Started when a harvester claims it (or back to
# Submitted when a claim is lost and it is offered again); Started → Done/Failed on the report;
# a failed job is Resubmitted (a new job is made) or Failed-rejected (given up on purpose).
# Submitted/New → Failed covers a job that cannot even start (e.g. its profile vanished).
_JOB_TRANSITIONS: dict[JobStatus, frozenset[JobStatus]] = {
    JobStatus.NEW: frozenset({JobStatus.SUBMITTED, JobStatus.FAILED}),
    JobStatus.SUBMITTED: frozenset({JobStatus.STARTED, JobStatus.FAILED}),
    JobStatus.STARTED: frozenset({JobStatus.DONE, JobStatus.FAILED, JobStatus.SUBMITTED}),
    JobStatus.DONE: frozenset(),
    JobStatus.FAILED: frozenset({JobStatus.RESUBMITTED, JobStatus.FAILED_REJECTED}),
    JobStatus.RESUBMITTED: frozenset(),
    JobStatus.FAILED_REJECTED: frozenset({JobStatus.RESUBMITTED}),
}


class StopReason(StrEnum):
    """Why the harvest of one domain in a job ended (the seeds' StopReason)."""

    COMPLETED = "completed"
    OBJECT_LIMIT = "object-limit"              # harvest definition's per-domain object cap
    SIZE_LIMIT = "size-limit"                  # harvest definition's per-domain byte cap
    CONFIG_SIZE_LIMIT = "config-size-limit"    # the domain configuration's own byte cap
    CONFIG_OBJECT_LIMIT = "config-object-limit"
    TIME_LIMIT = "time-limit"
    UNFINISHED = "unfinished"                  # crawl ended for another reason (killed, failed)
    #: no URL of the domain could be fetched (crawl.log codes ≤ 0 only: DNS failure, connection
    #: refused, proxy down...): it reached nothing, which is not "completed"
    NO_SEED_FETCHED = "no-seed-fetched"
    CANCELLED = "cancelled"                    # a curator cancelled the job while it ran

    @property
    def is_complete(self) -> bool:
        """A domain stopped by its own configuration counts as done for a stair-step snapshot."""
        return self in (StopReason.COMPLETED, StopReason.CONFIG_SIZE_LIMIT, StopReason.CONFIG_OBJECT_LIMIT)


class JobOutcome(StrEnum):
    """How an ended job turned out, beyond its status: what a curator wants to know first."""

    HARVESTED = "harvested"                    # every domain reached something
    PARTIAL = "partial"                        # some domains: no seed could be fetched
    NOTHING_HARVESTED = "nothing-harvested"    # not one object: the job ends Failed
    CANCELLED = "cancelled"                    # a curator cancelled it
    FAILED = "failed"                          # a harvest or upload error, or the harvester went silent


class ReplicaType(StrEnum):
    BITARCHIVE = "bitarchive"   # keeps the files
    CHECKSUM = "checksum"       # keeps only their checksums


class ChecksumStatus(StrEnum):
    UNKNOWN = "unknown"
    OK = "ok"
    CORRUPT = "corrupt"
    #: two or more copies agree on a value other than the reference: a person decides (#11)
    DISPUTED = "disputed"


class FileListStatus(StrEnum):
    NO_STATUS = "no_status"
    OK = "ok"
    MISSING = "missing"


class UploadState(StrEnum):
    """Per file and replica, the seeds' ReplicaStoreState."""

    NO_UPLOAD = "no_upload"
    UPLOAD_STARTED = "upload_started"
    DATA_UPLOADED = "data_uploaded"
    UPLOAD_COMPLETED = "upload_completed"
    UPLOAD_FAILED = "upload_failed"


class InstanceState(StrEnum):
    """What a service instance says of itself in heartbeats, plus what the monitor concludes."""

    STARTING = "starting"
    RUNNING = "running"
    DORMANT = "dormant"     # alive, deliberately not taking work (e.g. a harvester short of disk)
    STOPPING = "stopping"
    STOPPED = "stopped"     # said goodbye on a clean shutdown
    LOST = "lost"           # silent longer than the monitor's lost_after


class HarvestKind(StrEnum):
    SELECTIVE = "selective"
    EVENT = "event"
    SNAPSHOT = "snapshot"


# --- h-ops: notifications ------------------------------------------------------------------------

class Severity(StrEnum):
    """How urgently a notification needs a person (mail routes choose recipients by it)."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"
    CRITICAL = "critical"

    @property
    def rank(self) -> int:
        return list(Severity).index(self)


class NotificationState(StrEnum):
    """open → acknowledged (a person has seen it) → resolved (the cause is gone)."""

    OPEN = "open"
    ACKNOWLEDGED = "acknowledged"
    RESOLVED = "resolved"


class NotificationCode(StrEnum):
    """The events services report; a code outside this list is accepted too (a new emitter need
    not wait for this table), these are the ones the project emits itself."""

    JOB_FAILED = "JOB_FAILED"
    DEFINITION_DEACTIVATED = "DEFINITION_DEACTIVATED"
    AUDIT_FOUND_DAMAGE = "AUDIT_FOUND_DAMAGE"
    INSTANCE_LOST = "INSTANCE_LOST"
    DISK_LOW = "DISK_LOW"
    STORE_FAILED = "STORE_FAILED"
    UPLOAD_FAILED = "UPLOAD_FAILED"
    QA_INCOMPLETE = "QA_INCOMPLETE"   # a QA run found fewer complete pages than its threshold (#30)
