"""The bit-preservation DTOs the bit-integrity screen reads (``shared/dto/archive.py``), and
decoding of what the RPC client hands over (already typed by the contracts table, or a wire dict).
"""
from __future__ import annotations

from typing import Any

from shared.dto import Page
from shared.dto.archive import (
    AuditDto,
    FileFindingDto,
    RepairResultDto,
    ReplaceConfirmationDto,
    ReplicaPreservationDto,
)


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


__all__ = ["AuditDto", "FileFindingDto", "RepairResultDto", "ReplaceConfirmationDto", "ReplicaPreservationDto",
           "typed", "typed_page"]
