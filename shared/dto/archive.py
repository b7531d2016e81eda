"""Wire types of the archive services: the arcrepository, the bitarchive monitors, the
bitarchives and the checksum replicas.

The per-replica services are named ``<family>_<replica id>`` (``bitarchive_ONE``,
``bitarchive_monitor_ONE``, ``checksum_CS``); the service names are part of the contract, so the
functions that make them live here. Each family answers with its own table
(:data:`RETURNS_BY_SERVICE`), which :mod:`shared.contracts` reads.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from shared.dto import Dto, Page
from shared.enums import InstanceState, ReplicaType, UploadState

# --- service names ------------------------------------------------------------------------------

ARCREPOSITORY = "arcrepository"
BITARCHIVE = "bitarchive"
BITARCHIVE_MONITOR = "bitarchive_monitor"
CHECKSUM = "checksum"
#: the families whose services are named per replica
PER_REPLICA = (BITARCHIVE, BITARCHIVE_MONITOR, CHECKSUM)


def replica_service_name(family: str, replica_id: str) -> str:
    """``bitarchive_ONE`` for ``("bitarchive", "ONE")``."""
    return f"{family}_{replica_id}"


def bitarchive_service_name(replica_id: str) -> str:
    return replica_service_name(BITARCHIVE, replica_id)


def bitarchive_monitor_service_name(replica_id: str) -> str:
    return replica_service_name(BITARCHIVE_MONITOR, replica_id)


def checksum_service_name(replica_id: str) -> str:
    return replica_service_name(CHECKSUM, replica_id)


# --- replicas and files -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class ReplicaDto(Dto):
    """One configured replica (``archive.replicas``)."""

    id: str
    name: str
    type: ReplicaType

    @property
    def service(self) -> str:
        """The Nameko service that stores for this replica (ANY instance answers)."""
        if self.type == ReplicaType.CHECKSUM:
            return checksum_service_name(self.id)
        return bitarchive_service_name(self.id)

    @property
    def monitor_service(self) -> str:
        return bitarchive_monitor_service_name(self.id)


@dataclasses.dataclass
class ReplicaStateDto(Dto):
    """A file's upload state in one replica (a row of ``replicafileinfo``)."""

    replica: str
    state: UploadState
    checksum: str | None = None
    instance_id: str | None = None
    error: str | None = None
    updated: str | None = None          # ISO-8601


#: how the error of a replica's upload begins when an arcrepository restart cut it off (still in
#: progress, or settled as failed): storing the file again resumes it
INTERRUPTED_PREFIX = "interrupted:"


@dataclasses.dataclass
class StoreStatusDto(Dto):
    """Where a store stands: the file as the client stored it and its state in every replica.
    ``complete`` and ``failed_replicas`` are derived from ``replicas`` whenever one is made."""

    name: str
    checksum: str
    size: int | None
    replicas: list[ReplicaStateDto]
    running: bool = False
    complete: bool = False
    failed_replicas: list[str] = dataclasses.field(default_factory=list)
    #: replicas left ``upload_started``/``data_uploaded`` by a store that no longer runs (the
    #: arcrepository restarted during it): storing the file again resumes it (each such replica
    #: is asked first whether it holds the file); until then the reconciliation settles them
    interrupted_replicas: list[str] = dataclasses.field(default_factory=list)

    def __post_init__(self) -> None:
        self.complete = all(r.state == UploadState.UPLOAD_COMPLETED for r in self.replicas)
        self.failed_replicas = [r.replica for r in self.replicas if r.state == UploadState.UPLOAD_FAILED]


@dataclasses.dataclass
class ArchiveFileDto(Dto):
    """One archived file in a listing, with its upload state per replica."""

    name: str
    checksum: str
    size: int | None
    created: str | None                           # ISO-8601
    states: dict[str, str | None]                 # replica id -> upload state
    #: replica id -> what bit preservation found wrong with that copy since it was stored
    #: (``missing``, ``corrupt``, ``disputed``); a copy with no finding is not listed
    findings: dict[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class FileLocationDto(Dto):
    """The bitarchive instance that holds a file (the monitor's ``locate``)."""

    instance_id: str
    base_url: str                # the instance's file server
    url: str                     # the file itself
    size: int
    host: str


@dataclasses.dataclass
class FileUrlDto(Dto):
    """Where to stream a whole file from (``get_file``); the caller checks ``checksum``."""

    name: str
    url: str
    size: int
    replica: str
    instance_id: str
    checksum: str | None


@dataclasses.dataclass
class RecordUrlDto(Dto):
    """Where to stream one WARC/ARC record from (``get_record``)."""

    name: str
    offset: int
    replica: str
    instance_id: str
    url: str


@dataclasses.dataclass
class UploadReceiptDto(Dto):
    """A replica's answer to ``upload``: the checksum it computed on arrival."""

    checksum: str
    size: int
    already: bool                # it held the file before, with this checksum
    instance_id: str


@dataclasses.dataclass
class ReplicaChecksumDto(Dto):
    """The checksum a replica holds for a file, and the instance that holds it."""

    checksum: str
    instance_id: str


@dataclasses.dataclass
class BitarchiveInstanceDto(Dto):
    """A bitarchive instance as its replica's monitor knows it from heartbeats."""

    instance_id: str
    service: str
    host: str
    pid: int
    version: str
    state: InstanceState
    reported_state: InstanceState
    reason: str
    started_at: float
    last_heartbeat: float
    heartbeat_age: float
    warnings: int
    details: dict[str, Any]      # http_url (its file server), replica


# --- batch jobs ---------------------------------------------------------------------------------

@dataclasses.dataclass
class BatchRequestDto(Dto):
    """A batch run as the monitor broadcasts it to every instance of its replica (event ``batch``)."""

    batch_id: str
    job: str | None
    args: dict[str, Any] = dataclasses.field(default_factory=dict)
    regex: str | None = None
    source: str | None = None    # user code, where allowed


@dataclasses.dataclass
class BatchErrorDto(Dto):
    """An exception of a batch run: in one file, or (``file`` None) of the job itself."""

    error: str
    file: str | None = None
    instance_id: str | None = None
    traceback: str | None = None


@dataclasses.dataclass
class InstanceReplyDto(Dto):
    """One instance's answer to a batch run (event ``batch_reply``)."""

    batch_id: str
    instance_id: str
    files_processed: int = 0
    files_failed: list[str] = dataclasses.field(default_factory=list)
    exceptions: list[BatchErrorDto] = dataclasses.field(default_factory=list)
    output_url: str | None = None
    output_size: int = 0
    job_failed: bool = False
    seconds: float = 0.0          # how long the instance's runner took
    # which limits held the run: a cgroup's, or resource limits only (said, never silent)
    limits: str = ""


@dataclasses.dataclass
class BatchResultDto(Dto):
    """A batch run across a replica: ``running`` until every expected instance answered or
    ``archive.batch.timeout`` passed, then ``done`` with the merged output's URL."""

    batch_id: str
    job: str
    replica: str
    state: str                                   # running | done
    started: float
    finished: float | None = None
    expected_instances: list[str] = dataclasses.field(default_factory=list)
    answered_instances: list[str] = dataclasses.field(default_factory=list)
    missing_instances: list[str] = dataclasses.field(default_factory=list)
    incomplete: bool = False
    files_processed: int = 0
    files_failed: int = 0
    failed_files: list[str] = dataclasses.field(default_factory=list)
    exceptions: list[BatchErrorDto] = dataclasses.field(default_factory=list)
    output_url: str | None = None
    output_size: int = 0
    error: str | None = None
    instance_seconds: dict[str, float] = dataclasses.field(default_factory=dict)
    instance_limits: dict[str, str] = dataclasses.field(default_factory=dict)   # InstanceReplyDto.limits
    owner: str = ""      # the person who started the run (only they and admins read it); "" a service
    # files the admin database lists as stored in this replica (matching the run) that no
    # instance processed: the answer is incomplete (filled by the arcrepository, #20)
    missing_files: list[str] = dataclasses.field(default_factory=list)

    @property
    def running(self) -> bool:
        return self.state == "running"


# --- what each service's RPCs return ------------------------------------------------------------

# ``status``, which every service inherits, is declared once (shared.dto.monitor.EVERY_SERVICE).

RETURNS_BY_SERVICE: dict[str, dict[str, Any]] = {
    ARCREPOSITORY: {
        "store": StoreStatusDto,
        "begin_store": StoreStatusDto,
        "confirm_store": StoreStatusDto,
        "transfer_checksum": str | None,
        "store_status": StoreStatusDto,
        "replicas": list[ReplicaDto],
        "list_files": Page[ArchiveFileDto],
        "get_file": FileUrlDto,
        "get_record": RecordUrlDto,
        "batch_jobs": list[str],
        "transfer_wanted": bool,
        "batch": BatchResultDto,
        "batch_status": BatchResultDto,
    },
    BITARCHIVE_MONITOR: {
        "instances": list[BitarchiveInstanceDto],
        "forget_instance": bool,
        "locate": FileLocationDto,
        "get_checksum": ReplicaChecksumDto | None,
        "start_batch": BatchResultDto,
        "batch_status": BatchResultDto,
    },
    BITARCHIVE: {
        "upload": UploadReceiptDto,
        "has_file": bool,
    },
    CHECKSUM: {
        "upload": UploadReceiptDto,
        "get_checksum": ReplicaChecksumDto | None,
        "checksums": dict[str, str],
    },
}


# --- bit preservation (audits, findings, repair; issue #11) -------------------------------------

#: audit kinds and states (strings on the wire, the desktop shows them translated)
AUDIT_KINDS = ("files", "checksums", "salted", "reestablish")
AUDIT_STATES = ("queued", "running", "done", "failed", "cancelled")


@dataclasses.dataclass
class AuditDto(Dto):
    """One audit (or repair) run of one replica, as a tracked job: queued → running → done |
    failed | cancelled. ``partial`` is set when an instance did not answer (never reported OK)."""

    id: int
    replica: str
    kind: str
    state: str
    requested_by: str | None = None
    requested: str | None = None
    started: str | None = None
    finished: str | None = None
    files_seen: int = 0
    missing: int = 0
    corrupt: int = 0
    disputed: int = 0
    extra: int = 0
    errors: list[str] = dataclasses.field(default_factory=list)
    progress: float = 0.0
    total: int = 0
    partial: bool = False
    missing_instances: list[str] = dataclasses.field(default_factory=list)
    message: str = ""
    max_duration: float | None = None

    @property
    def active(self) -> bool:
        return self.state in ("queued", "running")


@dataclasses.dataclass
class ArchiveGrowthDto(Dto):
    """One day (UTC) of the whole archive's growth: the files it took that day (those with at
    least one complete copy) and their bytes, and its totals at the end of the day."""

    day: dt.date
    files: int
    bytes: int
    total_files: int
    total_bytes: int


@dataclasses.dataclass
class ReplicaPreservationDto(Dto):
    """The bit-preservation state of one replica, from the admin database."""

    replica: str
    name: str
    type: str
    files: int = 0
    ok: int = 0
    missing: int = 0
    corrupt: int = 0
    disputed: int = 0
    unchecked: int = 0
    stale: int = 0                        # checksum older than max_checksum_age_days (or never)
    oldest_checksum: str | None = None
    max_checksum_age_days: float = 0.0
    last_files_audit: AuditDto | None = None
    last_checksums_audit: AuditDto | None = None
    running: AuditDto | None = None


@dataclasses.dataclass
class FileFindingDto(Dto):
    """A file an audit found missing, corrupt (blamed, repairable) or disputed (copies agree
    against the reference: a person must decide) in one replica."""

    name: str
    replica: str
    status: str
    reference_checksum: str
    replica_checksum: str | None = None
    checked: str | None = None
    votes: dict[str, str | None] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class ReplaceConfirmationDto(Dto):
    """What an operator confirms before replacing a corrupt copy."""

    name: str
    replica: str
    reference_checksum: str
    bad_checksum: str | None
    good_replica: str | None
    good_checksum: str | None
    votes: dict[str, str | None] = dataclasses.field(default_factory=dict)
    replaceable: bool = False
    reason: str = ""
    #: why not, as a stable code: not_held, copy_is_good, no_good_copy, copies_disagree
    reason_code: str = ""


@dataclasses.dataclass
class RepairResultDto(Dto):
    """The outcome of replacing one corrupt copy (the old bytes are kept in the attic)."""

    name: str
    replica: str
    replaced: bool
    old_checksum: str | None = None
    new_checksum: str | None = None
    attic_path: str | None = None
    instance_id: str | None = None
    message: str = ""


@dataclasses.dataclass
class PreservationEventDto(Dto):
    """One line of the bit-preservation audit trail: who did what, when, with which checksums."""

    id: int
    at: str
    who: str
    action: str
    replica: str | None = None
    name: str | None = None
    details: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class InstanceOpDto(Dto):
    """A request the monitor broadcasts to every instance of its replica about one file
    (``op``: ``salted`` challenge or ``replace`` a corrupt copy), and each instance's answer."""

    op_id: str
    op: str
    name: str
    args: dict[str, Any] = dataclasses.field(default_factory=dict)
    instance_id: str | None = None
    held: bool = False                 # the answering instance holds the file
    result: dict[str, Any] = dataclasses.field(default_factory=dict)
    error: str | None = None
    error_code: str | None = None
    error_details: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class InstanceOpResultDto(Dto):
    """Every answer to one instance op, and which expected instances stayed silent."""

    op_id: str
    op: str
    name: str
    answers: list[InstanceOpDto] = dataclasses.field(default_factory=list)
    missing_instances: list[str] = dataclasses.field(default_factory=list)


RETURNS_BY_SERVICE[ARCREPOSITORY].update({
    "audit_start": AuditDto,
    "audit_status": AuditDto,
    "audit_list": Page[AuditDto],
    "audit_cancel": AuditDto,
    "preservation_summary": list[ReplicaPreservationDto],
    "archive_growth": list[ArchiveGrowthDto],
    "missing_files": Page[FileFindingDto],
    "corrupt_files": Page[FileFindingDto],
    "reestablish_missing": AuditDto,
    "replace_confirmation": ReplaceConfirmationDto,
    "replace_corrupt": RepairResultDto,
    "preservation_log": Page[PreservationEventDto],
    "report_damage": str,
})
RETURNS_BY_SERVICE[BITARCHIVE_MONITOR].update({
    "instance_op": InstanceOpResultDto,
})
