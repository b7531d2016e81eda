"""The harvester's one call to the ``index_server``: the deduplication index of the jobs the
scheduler chose, fetched into the job directory before the crawl starts, within a time limit.

``request_index("dedup", ids)`` starts (or finds) the build; ``index_status`` is polled until it
is done; ``get_index`` says where the packed index is: read directly when on the same host, else
streamed over HTTP; its MD5 is checked on arrival and the tar is unpacked
(``server.index.package.unpack``). Whatever goes wrong raises a typed error; the runner then
crawls without deduplication and says why.
"""
from __future__ import annotations

import logging
import os
import time
from typing import Any, Protocol

from shared.errors import ServiceTimeout, error_from_dict

log = logging.getLogger(__name__)
SERVICE = "index_server"


class IndexClient(Protocol):
    def dedup_index(self, job_ids: list[int], dest: str, timeout: float) -> list[int]:
        """Put the dedup index of ``job_ids`` into the directory ``dest``; return the jobs it
        covers. Raises NasError subclasses (ServiceTimeout when not ready within ``timeout``)."""
        ...  # pragma: no cover


class RpcIndexClient:
    def __init__(self, nameko_config: dict[str, Any], rpc_timeout: float = 30.0, poll: float = 10.0):
        from server.runtime.remote_services import RemoteServices

        self.calls = RemoteServices(nameko_config, rpc_timeout + poll)   # a status call waits up to ``poll``
        self.poll = poll

    def dedup_index(self, job_ids: list[int], dest: str, timeout: float) -> list[int]:
        from server.archive.remotefile import RemoteFile, download
        from server.index.package import unpack

        deadline = time.monotonic() + timeout
        with self.calls.connection() as index:
            req = index.call(SERVICE, "request_index", "dedup", job_ids, min(self.poll, timeout))
            while req.state in ("queued", "building"):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ServiceTimeout(f"the deduplication index of {len(job_ids)} job(s) was not ready "
                                         f"within {timeout:g} s (it is {req.state})",
                                         {"job_ids": job_ids[:100], "state": req.state})
                req = index.call(SERVICE, "index_status", "dedup", job_ids, min(self.poll, left))
            if req.state == "failed":
                raise error_from_dict({"code": req.error_code, "message": req.error})
            loc = index.call(SERVICE, "get_index", "dedup", job_ids)
        packed = dest + ".tar"
        rf = RemoteFile(loc.name, loc.size, loc.checksum, loc.host, loc.path, loc.url)
        try:
            download(rf.chunks(timeout=max(1.0, deadline - time.monotonic())), packed, loc.checksum, loc.size)
            unpack(packed, dest)
        finally:
            if os.path.exists(packed):
                os.unlink(packed)
        if req.missing:
            log.info("the deduplication index covers jobs %s; not covered: %s", loc.covered,
                     "; ".join(f"{m.job_id} ({m.code})" for m in req.missing[:10]))
        return list(loc.covered)
