"""The index server's one client of the archive: which files a job has (``list_files``), whether
every replica stores them, and fetching a metadata file (``get_file``: a URL on the bitarchive
that holds it; the bytes never pass through the broker, and the checksum is checked on arrival).

Everything the index server asks the arcrepository is in this module; answers are decoded into
the archive's DTOs (``shared.dto.archive``) by the shared contract table.
"""
from __future__ import annotations

import re
from typing import Any

from server.index.jobdata import SourceFile

COMPLETED = "upload_completed"
PAGE = 1000
IDS_PER_LISTING = 200


class ArcRepositorySource:
    def __init__(self, nameko_config: dict[str, Any], rpc_timeout: float = 30.0, fetch_timeout: float = 600.0,
                 replica: str | None = None):
        from server.runtime.remote_services import RemoteServices

        self.calls = RemoteServices(nameko_config, rpc_timeout)
        self.fetch_timeout = fetch_timeout
        self.replica = replica or None
        self._replicas: list[str] | None = None

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return self.calls.call("arcrepository", method, *args, **kwargs)

    def replica_ids(self) -> list[str]:
        """Every replica a file must be stored in (bitarchive and checksum replicas)."""
        if self._replicas is None:
            self._replicas = [r.id for r in self._call("replicas")]
        return self._replicas

    def job_files(self, job_ids: list[int]) -> dict[int, list[SourceFile]]:
        """Every archived file named ``<job>-…`` of the jobs, with whether each replica completed it."""
        replicas = self.replica_ids()
        out: dict[int, list[SourceFile]] = {}
        for start in range(0, len(job_ids), IDS_PER_LISTING):
            chunk = job_ids[start:start + IDS_PER_LISTING]
            regex = "(?:" + "|".join(str(int(i)) for i in chunk) + r")-.*"
            offset = 0
            while True:
                page = self._call("list_files", None, offset, PAGE, regex)
                items = page.items
                for item in items:
                    job = int(re.match(r"\d+", item.name).group())
                    states = item.states or {}
                    stored = bool(replicas) and all(states.get(r) == COMPLETED for r in replicas)
                    out.setdefault(job, []).append(SourceFile(item.name, item.checksum, item.size, stored))
                offset += len(items)
                if not items or offset >= page.total:
                    break
        return out

    def fetch(self, f: SourceFile, dest: str) -> None:
        """Stream one file from a bitarchive into ``dest``; its size and MD5 are checked on arrival.
        Raises ArchiveFileNotFound, ReplicaUnavailable, Unavailable, ChecksumMismatch."""
        from server.archive.remotefile import download, http_chunks

        where = self._call("get_file", f.name, self.replica)
        download(http_chunks(where.url, self.fetch_timeout), dest, f.checksum or where.checksum,
                 f.size if f.size is not None else where.size)
