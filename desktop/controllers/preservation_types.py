"""The bit-preservation DTOs of the wave-C contract (h-bitpres → h-desktop, ``shared/dto/archive.py``).

They are imported from ``shared`` when that block is there; until then these mirrors, field for
field the contract's, let the screen decode the same wire form. Delete this module's fallback once
``shared.dto.archive.AuditDto`` is on main (``docs/decisions/desktop-controllers.md``).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from shared.dto import Dto, Page

try:  # pragma: no cover - which branch runs depends on what is merged
    from shared.dto.archive import (  # type: ignore[attr-defined]
        AuditDto,
        FileFindingDto,
        ReplaceConfirmationDto,
        ReplicaPreservationDto,
    )
except ImportError:  # the contract's fields, as h-bitpres wrote them down
    @dataclasses.dataclass
    class AuditDto(Dto):  # type: ignore[no-redef]
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
    class ReplicaPreservationDto(Dto):  # type: ignore[no-redef]
        replica: str
        name: str
        type: str
        files: int = 0
        ok: int = 0
        missing: int = 0
        corrupt: int = 0
        disputed: int = 0
        unchecked: int = 0
        stale: int = 0
        oldest_checksum: str | None = None
        max_checksum_age_days: float = 0.0
        last_files_audit: AuditDto | None = None
        last_checksums_audit: AuditDto | None = None
        running: AuditDto | None = None

    @dataclasses.dataclass
    class FileFindingDto(Dto):  # type: ignore[no-redef]
        name: str
        replica: str
        status: str
        reference_checksum: str
        replica_checksum: str | None = None
        checked: str | None = None
        votes: dict[str, str | None] = dataclasses.field(default_factory=dict)

    @dataclasses.dataclass
    class ReplaceConfirmationDto(Dto):  # type: ignore[no-redef]
        name: str
        replica: str
        reference_checksum: str
        bad_checksum: str | None
        good_replica: str | None
        good_checksum: str | None
        votes: dict[str, str | None] = dataclasses.field(default_factory=dict)
        replaceable: bool = False
        reason: str = ""


def typed(cls: type, value: Any) -> Any:
    """``value`` as ``cls``: already decoded by the contracts table, or a wire dict."""
    if value is None or isinstance(value, cls):
        return value
    from shared.contracts import decode_type

    return decode_type(cls, value)


def typed_page(cls: type, value: Any) -> Page:
    if isinstance(value, Page):
        return value
    from shared.contracts import decode_type

    return decode_type(Page[cls], value)


__all__ = ["AuditDto", "FileFindingDto", "ReplaceConfirmationDto", "ReplicaPreservationDto", "typed", "typed_page"]
