"""Which roles each RPC the desktop calls declares, so the desktop can disable what the signed-in
person may not do instead of letting the service refuse it.

The services declare the roles on their ``@rpc`` (``server.runtime.rpc.Rpc.roles``); the desktop
imports nothing from ``server/``, so this table repeats those declarations for the RPCs the
desktop calls. tests/unit/foundation/test_rpc_roles.py imports every service class and fails
when an entry here differs from what the service declares. The services still decide: this
table only spares a person a button that would be refused.
"""
from __future__ import annotations

from collections.abc import Iterable

from shared.roles import (
    ADMIN,
    CURATOR,
    CURATOR_OR_OPERATOR,
    CURATOR_ROLE,
    OPERATOR,
    QA,
    QA_ROLE,
    READ,
    allows,
)

CURATOR_OR_QA: tuple[str, ...] = (CURATOR_ROLE, QA_ROLE)

#: "service.method" -> the roles its ``@rpc`` declares
RPC_ROLES: dict[str, tuple[str, ...]] = {
    # definitions: what is harvested
    "definitions.whoami": READ,
    "definitions.list_domains": READ,
    "definitions.search_domains": READ,
    "definitions.get_domain": READ,
    "definitions.domain_history": READ,
    "definitions.create_domain": CURATOR,
    "definitions.update_domain": CURATOR,
    "definitions.set_alias": CURATOR,
    "definitions.save_seed_list": CURATOR,
    "definitions.save_configuration": CURATOR,
    "definitions.add_owner_info": CURATOR,
    "definitions.set_credentials": CURATOR,
    "definitions.ingest_start": CURATOR,
    "definitions.ingest_chunk": CURATOR,
    "definitions.ingest_finish": CURATOR,
    "definitions.list_profiles": READ,
    "definitions.download_profile": READ,
    "definitions.upload_profile": CURATOR,
    "definitions.set_profile_active": CURATOR,
    "definitions.list_schedules": READ,
    "definitions.get_schedule": READ,
    "definitions.preview_schedule": READ,
    "definitions.create_schedule": CURATOR,
    "definitions.update_schedule": CURATOR,
    "definitions.list_harvests": READ,
    "definitions.get_harvest": READ,
    "definitions.create_selective": CURATOR,
    "definitions.create_event": CURATOR,
    "definitions.create_snapshot": CURATOR,
    "definitions.update_harvest": CURATOR,
    "definitions.set_harvest_active": CURATOR,
    "definitions.list_trap_lists": READ,
    "definitions.create_trap_list": CURATOR,
    "definitions.update_trap_list": CURATOR,
    "definitions.list_channels": READ,
    "definitions.create_channel": CURATOR_OR_OPERATOR,
    "definitions.set_default_channel": CURATOR_OR_OPERATOR,
    # scheduler: jobs
    "scheduler.list_jobs": READ,
    "scheduler.running_jobs": READ,
    "scheduler.job": READ,
    "scheduler.job_domains": READ,
    "scheduler.job_status_counts_by_day": READ,
    "scheduler.run_statistics": READ,
    "scheduler.harvest_now": CURATOR_OR_OPERATOR,
    "scheduler.cancel_job": CURATOR_OR_OPERATOR,
    "scheduler.resubmit_job": OPERATOR,
    # monitor and notifier: the system's state
    "monitor.whoami": READ,
    "monitor.instances": READ,
    "monitor.recent_logs": READ,
    "notifier.list_notifications": READ,
    "notifier.acknowledge": OPERATOR,
    "notifier.resolve": OPERATOR,
    # the archive: files, records, bit preservation
    "arcrepository.preservation_summary": READ,
    "arcrepository.archive_growth": READ,
    "arcrepository.audit_status": READ,
    "arcrepository.audit_start": OPERATOR,
    "arcrepository.audit_cancel": OPERATOR,
    "arcrepository.reestablish_missing": OPERATOR,
    "arcrepository.replace_confirmation": READ,
    "arcrepository.replace_corrupt": ADMIN,
    "arcrepository.list_files": READ,
    "arcrepository.get_file": READ,
    "arcrepository.get_record": READ,
    # the viewerproxy: browsing the archive
    "viewerproxy.proxy_info": READ,
    "viewerproxy.create_session": READ,
    "viewerproxy.session": READ,
    "viewerproxy.update_session": READ,
    "viewerproxy.stop_session": READ,
    "viewerproxy.set_recording": READ,
    "viewerproxy.captures": READ,
    "viewerproxy.missing_urls": READ,
    "viewerproxy.add_missing_as_seeds": CURATOR_OR_QA,
    # QA review (issue #30)
    "qa.run": QA,
    "qa.cancel": QA,
    "qa.get_run": READ,
    "qa.list_runs": READ,
    "qa.summary": READ,
    "qa.pages": READ,
    "qa.view": READ,
    "qa.set_verdict": QA,
    "qa.patch": QA,
    # the index server: full-text search, a job's page list
    "index_server.search": READ,
    "index_server.job_pages": READ,
}


def needed_roles(action: str) -> tuple[str, ...]:
    """The roles ``action`` ("service.method") declares; KeyError for an RPC not in the table
    (add it, and the test checks it against the service)."""
    return RPC_ROLES[action]


def may_call(held_roles: Iterable[str], action: str) -> bool:
    """Whether a caller holding ``held_roles`` passes the roles ``action`` declares (admin and
    service pass every set, as on the server: :func:`shared.roles.allows`)."""
    return allows(needed_roles(action), frozenset(held_roles))
