"""The site logins of a job's domains, from the definitions service, for the crawler.

Passwords come decrypted (the harvester asks with the credentials role) and go to the crawler on
its standard input only (``CrawlProcess.start(stdin_data=...)``): they are never written to the
job directory, whose files are uploaded and kept. A definitions service that does not answer
means a crawl without logins and a warning, never a failed job.
"""
from __future__ import annotations

import dataclasses
import json
import logging
from typing import Any, Protocol

from shared.dto.definitions import SiteLoginDto

log = logging.getLogger(__name__)

CREDENTIALS_ROLE = "credentials"


class LoginsClient(Protocol):
    def site_logins(self, domains: list[str]) -> list[SiteLoginDto]:
        """The site logins of ``domains`` (passwords in clear). Raises NasError subclasses."""
        ...  # pragma: no cover


class RpcLoginsClient:
    def __init__(self, nameko_config: dict[str, Any], rpc_timeout: float = 30.0):
        from server.runtime.remote_services import RemoteServices

        # the harvester's own identity: only it may read passwords
        self.calls = RemoteServices(nameko_config, rpc_timeout)

    def site_logins(self, domains: list[str]) -> list[SiteLoginDto]:
        return self.calls.call("definitions", "site_logins", domains, [CREDENTIALS_ROLE])


def job_domains(job: dict[str, Any]) -> list[str]:
    return sorted({d["domain"] for d in job.get("domains") or [] if isinstance(d, dict) and d.get("domain")})


def logins_payload(logins: list[SiteLoginDto]) -> bytes:
    """What the crawler reads on its standard input (server/crawler/logins.py: read_logins)."""
    return json.dumps([dataclasses.asdict(lg) for lg in logins]).encode("utf-8")
