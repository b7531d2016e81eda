"""A real archive for the viewerproxy on one RabbitMQ vhost, in this (eventlet-patched) process:
the arcrepository on SQLite, one bitarchive replica with its monitor, the index server, a stand-in
scheduler, the definitions service and the viewerproxy (whose proxy is its own OS process).

Shared by the viewerproxy's integration tests and by the helper process that gives the desktop's
end-to-end test of the archive browser a real archive (``tests/support/viewer_env_process.py``):
the desktop test runs Qt in a plain process, and Nameko containers need an eventlet-patched one.
"""
from __future__ import annotations

import os

from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from store_sources import loopback_sources
from waiting import wait_for

from server.runtime.rpc import rpc
from shared.dto import Page
from shared.dto.jobs import JobDetailsDto, JobDto

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"}]
INSTANCES = ("arcrepository", "bam-one", "ba-one", "scheduler", "index", "definitions", "viewer")


class StandInScheduler:
    """``list_jobs`` as the scheduler answers it; only ids and states matter to the index server.
    ``job`` answers a job's details as the qa service reads them (state, harvest "h", seeds)."""

    name = "scheduler"
    jobs: dict[int, str] = {}
    #: job id → the domains it harvested, for the ``domain`` filter (a job not here has none)
    domains: dict[int, set[str]] = {}
    #: job id → its seeds
    seeds: dict[int, list[str]] = {}

    @rpc
    def job(self, job_id: int) -> JobDetailsDto:
        import datetime as dt

        from shared.enums import JobStatus
        from shared.errors import JobNotFound

        if job_id not in self.jobs:
            raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
        now = dt.datetime.now(dt.UTC)
        return JobDetailsDto(job_id, 1, "h", 0, JobStatus(self.jobs[job_id]), "FOCUSED", False, "p", 1, 1,
                             -1, -1, now, now, now, now, None, "", "", "", None, None,
                             seeds=self.seeds.get(job_id, []))

    @rpc
    def list_jobs(self, filters=None, offset=0, limit=100, sort=None) -> Page[JobDto]:
        import datetime as dt

        from shared.enums import JobStatus

        f = filters or {}
        ids = sorted(i for i in self.jobs if f.get("id_from", 0) <= i <= f.get("id_to", 10**9)
                     and (not f.get("domain") or f["domain"] in self.domains.get(i, ())))
        now = dt.datetime.now(dt.UTC)
        items = [JobDto(i, 1, "h", 0, JobStatus(self.jobs[i]), "FOCUSED", False, "p", 1, 1, -1, -1, now, now, now,
                        now, None, "", "", "", None, None) for i in ids[offset:offset + limit]]
        return Page(items, len(ids), offset, limit)


class Stack:
    """The services as Nameko containers of this process, each with its own data folder under ``root``."""

    def __init__(self, nameko_config: dict, root):
        self.nameko_config = nameko_config
        self.root = root
        self.containers: dict[str, ServiceContainer] = {}
        #: more ``viewerproxy`` settings (the bench's lookup cache size)
        self.viewer_settings: dict = {}
        #: seconds between heartbeats: short for tests; the bench uses the production default
        self.heartbeat_interval = 1.0

    def config(self, inst: str) -> dict:
        archive = {"replicas": REPLICAS, "rpc_timeout": 10,
                   "store": {"timeout": 20, "retries": 0, **loopback_sources(self.root.parent)},
                   "bitarchive": {"min_free_bytes": 0, "dirs": [str(self.root / inst / "store")]}}
        cfg = {**self.nameko_config, "instance": {"id": inst}, "data_dir": str(self.root / inst),
               "runtime": {"heartbeat_interval": self.heartbeat_interval}, "archive": archive}
        if inst in ("bam-one", "ba-one"):
            cfg["archive"]["replica"] = "ONE"
        if inst == "arcrepository":
            cfg["database"] = {"url": f"sqlite:///{self.root / 'archive.sqlite'}"}
        if inst == "definitions":
            from server.definitions.credentials import CredentialCipher

            cfg["database"] = {"url": f"sqlite:///{self.root / 'definitions.sqlite'}"}
            cfg["harvest"] = {"credentials": {"key": CredentialCipher.generate_key()}}
        if inst == "index":
            cfg["index"] = {"cache_dir": str(self.root / "index-cache"), "workers": 0, "rpc_timeout": 10}
        if inst == "viewer":
            cfg["viewerproxy"] = {"address": "127.0.0.1:0", "rpc_timeout": 20,
                                  "missing": {"ignore": ["^data:", r"/favicon\.ico$"]}, **self.viewer_settings}
        return cfg

    def start(self, inst: str) -> None:
        from server.archive.arcrepository.service import ArcRepositoryService
        from server.archive.bitarchive.service import BitarchiveService
        from server.archive.bitarchive_monitor.service import BitarchiveMonitorService
        from server.definitions.service import DefinitionsService
        from server.index.service import IndexServerService
        from server.viewerproxy.service import ViewerProxyService

        cls = {"arcrepository": ArcRepositoryService, "bam-one": BitarchiveMonitorService.for_replica("ONE"),
               "ba-one": BitarchiveService.for_replica("ONE"), "scheduler": StandInScheduler,
               "index": IndexServerService, "viewer": ViewerProxyService, "definitions": DefinitionsService}[inst]
        c = ServiceContainer(cls, self.config(inst))
        c.start()
        self.containers[inst] = c

    def start_all(self) -> None:
        for inst in INSTANCES:
            self.start(inst)

    def stop(self, inst: str) -> None:
        self.containers.pop(inst).stop()

    def stop_all(self) -> None:
        for inst in list(self.containers)[::-1]:
            if inst == "viewer":
                # a viewer container started again in this process can hold an RPC message it never
                # dispatches (docs/decisions/viewerproxy-process-and-server.md): stop() would wait for it
                self.containers.pop(inst).kill()
            else:
                self.stop(inst)


def store(rpc, path: str) -> None:
    """Store one file in the archive (as the harvester does: offered by a file server of its own)."""
    from server.archive.fileserver import FileServer
    from server.archive.remotefile import RemoteFile
    from server.harvester.archive_client import md5_file

    server = FileServer("127.0.0.1:0").start()
    try:
        remote = RemoteFile.for_local_file(path, checksum=md5_file(path), url=server.offer(path))
        rpc.arcrepository.store(remote.to_dict())
        name = os.path.basename(path)
        wait_for(lambda: not rpc.arcrepository.store_status(name)["running"], timeout=60)
        assert rpc.arcrepository.store_status(name)["complete"]
    finally:
        server.stop()


def fill(nameko_config: dict, paths: list[str], job_sets: list[list[int]], index_timeout: float = 120):
    """Store ``paths`` in the running stack, build the full index of each of ``job_sets`` (within
    ``index_timeout`` seconds each), and answer the viewerproxy's ``proxy_info`` (where it
    listens, its CA)."""
    from shared import contracts

    with ClusterRpcProxy(nameko_config, timeout=60) as rpc:
        wait_for(lambda: rpc.arcrepository.status(), timeout=30)
        for p in paths:
            store(rpc, p)
        for jobs in job_sets:
            rpc.index_server.request_index("full", jobs, 0)
            wait_for(lambda j=jobs: rpc.index_server.index_status("full", j, 2)["state"] == "done",
                     timeout=index_timeout, interval=0.2)
        return contracts.decode("viewerproxy", "proxy_info", rpc.viewerproxy.proxy_info())
