"""What a ``harvester`` instance answers about itself (its status RPCs)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.dto import Dto

SERVICE = "harvester"


@dataclass
class CurrentJobDto(Dto):
    """The job a harvester works on: its directory, the phase it is in (crawling, metadata,
    uploading...), the crawler's process id while it crawls, and the crawler's latest progress."""

    job_id: str
    job_dir: str
    phase: str
    crawler_pid: int | None
    #: the crawler's last progress line as it reported it: free-form
    progress: dict[str, Any] | None = None


@dataclass
class FreeSpaceDto(Dto):
    """Free bytes in the harvester's working directory and the minimum it keeps free."""

    work_dir: str
    free: int
    min_space_left: int


RETURNS: dict[str, Any] = {
    "current_job": CurrentJobDto | None,
    "free_space": FreeSpaceDto,
}
