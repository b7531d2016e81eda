"""Who may read a batch run's result and output: the person who started it, admins and the
services (issue #29: batch ids are in logs, and any read role read another user's output).

A run started by a service (a bit-preservation audit) has no owner and stays readable by every
read role, as before."""
from __future__ import annotations

from server.runtime.identity import Identity
from shared.dto.archive import BatchResultDto
from shared.errors import PermissionDenied
from shared.roles import ADMIN_ROLE, SERVICE_ROLE


def check_reader(result: BatchResultDto, caller: Identity) -> BatchResultDto:
    """``result`` when ``caller`` may read it; else PermissionDenied (reason ``not_owner``)."""
    if not result.owner or caller.subject == result.owner or caller.has(ADMIN_ROLE) or caller.has(SERVICE_ROLE):
        return result
    raise PermissionDenied(f"batch run {result.batch_id} was started by another user; only they and admins "
                           "may read it", {"batch_id": result.batch_id, "reason": "not_owner"})


def owner_of(caller: Identity) -> str:
    """The owner a run started by ``caller`` gets: a person's login; none for a service."""
    return "" if caller.has(SERVICE_ROLE) else caller.subject
