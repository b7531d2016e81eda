"""The small archive that the bit-preservation tests run: the real arcrepository, two bitarchive
replicas (ONE, TWO) with their monitors and a checksum replica (CS), as Nameko containers in the
test process on a private vhost; bitarchives write under ``root``; one repair key for all."""
from __future__ import annotations

import hashlib
import os
import threading

from nameko.containers import ServiceContainer
from store_sources import loopback_sources
from waiting import wait_for

from server.archive.arcrepository.service import ArcRepositoryService
from server.archive.bitarchive.service import BitarchiveService
from server.archive.bitarchive_monitor.service import BitarchiveMonitorService
from server.archive.checksum.service import ChecksumService
from server.archive.remotefile import RemoteFile
from server.runtime import tokens

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"},
            {"id": "TWO", "name": "Aarhus", "type": "bitarchive"},
            {"id": "CS", "name": "Checksums", "type": "checksum"}]
SERVICES = {
    "arcrepository": (lambda: ArcRepositoryService, None),
    "bam-one": (lambda: BitarchiveMonitorService.for_replica("ONE"), "ONE"),
    "bam-two": (lambda: BitarchiveMonitorService.for_replica("TWO"), "TWO"),
    "ba-one": (lambda: BitarchiveService.for_replica("ONE"), "ONE"),
    "ba-two": (lambda: BitarchiveService.for_replica("TWO"), "TWO"),
    "cs": (lambda: ChecksumService.for_replica("CS"), "CS"),
}


class Archive:
    def __init__(self, nameko_config, database_url, root):
        self.nameko_config, self.database_url, self.root = nameko_config, database_url, root
        # The installation key every service of the test session signs with (tests/conftest.py): the
        # test's proxies carry identities signed with it; it is also the default repair key.
        self.key_file = os.environ.get("NAS_KEY_FILE") or str(root / "keys" / "installation.key")
        self.containers: dict[str, ServiceContainer] = {}
        #: more ``archive.preservation`` settings for the containers started from now on
        self.preservation: dict = {}

    def start(self, inst: str) -> None:
        cls, replica = SERVICES[inst]
        cfg = {**self.nameko_config, "instance": {"id": inst}, "data_dir": str(self.root / inst),
               "runtime": {"heartbeat_interval": 0.5},
               "security": {"key_file": self.key_file, "create_key": True},
               "archive": {"replicas": REPLICAS, "rpc_timeout": 8,
                           "store": {"timeout": 20, "retries": 0, **loopback_sources(self.root.parent)},
                           "bitarchive": {"min_free_bytes": 0, "dirs": [str(self.root / inst / "store")]},
                           "batch": {"timeout": 8}, "preservation": {"op_timeout": 8, **self.preservation}}}
        if replica:
            cfg["archive"]["replica"] = replica
        if inst == "arcrepository":
            cfg["database"] = {"url": self.database_url}
        container = self.containers[inst] = ServiceContainer(cls(), cfg)
        container.start()

    def stop(self, inst: str) -> None:
        self.containers.pop(inst).stop()

    def stop_all(self) -> None:
        threads = [threading.Thread(target=c.stop) for c in self.containers.values()]
        self.containers.clear()
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)

    def arranged(self, rf, replica_id: str, ttl: float = 60.0):
        """A transfer ticket from the running arcrepository for storing ``rf`` straight into one
        replica (what a store or a repair arranges), live while the ``with`` block runs."""
        from server.archive.arcrepository.repository import ArcRepository

        for dep in self.containers["arcrepository"].dependencies:
            if isinstance(getattr(dep, "core", None), ArcRepository):
                return dep.core.arranged(rf, replica_id, ttl)
        raise RuntimeError("no arcrepository is running")

    def path(self, inst: str, name: str, sub: str = "filedir"):
        return self.root / inst / "store" / sub / name

    def key(self) -> bytes:
        return tokens.installation_key({"security.key_file": self.key_file, "security.create_key": True})


def put(archive, tmp_path, name: str, data: bytes) -> str:
    src = tmp_path / name
    src.write_bytes(data)
    md5 = hashlib.md5(data).hexdigest()
    repo = archive.proxy.arcrepository
    repo.store(RemoteFile.for_local_file(str(src), checksum=md5).to_dict())
    wait_for(lambda: repo.store_status(name)["complete"], 30)
    return md5


def audit(archive, replica: str, kind: str, **kw) -> dict:
    repo = archive.proxy.arcrepository
    a = repo.audit_start(replica, kind, requested_by="tester", **kw)
    return wait_for(lambda: (s := repo.audit_status(a["id"]))["state"] not in ("queued", "running") and s, 60)


def flip(path) -> None:
    os.chmod(path, 0o644)
    with open(path, "r+b") as fh:
        fh.seek(100)
        b = fh.read(1)
        fh.seek(100)
        fh.write(bytes([b[0] ^ 0x01]))
    os.chmod(path, 0o444)


