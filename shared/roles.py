"""Who may call what: the roles a person or a service holds, and the sets an RPC declares.

A caller's roles come from its signed identity token (``server.runtime.identity``); an RPC
declares the roles it needs with ``@rpc(roles=CURATOR)``. ``admin`` and ``service`` pass every
declared set; only ``harvester`` receives decrypted site passwords (checked where they are
revealed, not by the set). See docs/decisions/trust-roles.md.
"""
from __future__ import annotations

CURATOR_ROLE = "curator"      # edits what is harvested: domains, seeds, profiles, schedules, harvests
QA_ROLE = "qa"                # reads everything, runs registered batch jobs
OPERATOR_ROLE = "operator"    # runs the system: jobs, scheduler runs, indexes, monitor, batch
ADMIN_ROLE = "admin"          # everything above, plus destructive archive operations
HARVESTER_ROLE = "harvester"  # the only role that receives site passwords
SERVICE_ROLE = "service"      # the services among themselves

PERSON_ROLES = (CURATOR_ROLE, QA_ROLE, OPERATOR_ROLE, ADMIN_ROLE)
ALL_ROLES = (*PERSON_ROLES, HARVESTER_ROLE, SERVICE_ROLE)

# The sets an RPC declares. admin and service pass every one of them (see :func:`allows`).
READ: tuple[str, ...] = PERSON_ROLES + (HARVESTER_ROLE,)
CURATOR: tuple[str, ...] = (CURATOR_ROLE,)
OPERATOR: tuple[str, ...] = (OPERATOR_ROLE,)
QA_OR_OPERATOR: tuple[str, ...] = (QA_ROLE, OPERATOR_ROLE)
QA: tuple[str, ...] = (QA_ROLE,)   # QA review: runs, verdicts, patch jobs
CURATOR_OR_OPERATOR: tuple[str, ...] = (CURATOR_ROLE, OPERATOR_ROLE)
ADMIN: tuple[str, ...] = (ADMIN_ROLE,)
SERVICE_ONLY: tuple[str, ...] = ()

ALWAYS_ALLOWED = frozenset({ADMIN_ROLE, SERVICE_ROLE})


def allows(declared: tuple[str, ...] | None, held: frozenset[str] | set[str] | tuple[str, ...],
           exclusive: bool = False) -> bool:
    """Whether a caller holding ``held`` may call an RPC declaring ``declared`` (None: nothing
    declared, which only admin and service pass). An ``exclusive`` RPC is for the declared roles
    alone: admin and service do not pass it (site passwords go to the harvester only)."""
    held = frozenset(held)
    if held & ALWAYS_ALLOWED and not exclusive:
        return True
    return bool(declared) and bool(held & frozenset(declared))


def is_read_only(declared: tuple[str, ...] | None) -> bool:
    """A declaration every person role passes: such calls are not audited unless asked for."""
    return declared is not None and set(PERSON_ROLES) <= set(declared)
