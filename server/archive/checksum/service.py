"""``checksum_<REPLICA>``: a replica that keeps checksums only (the seeds' ChecksumFileServer).

One instance per checksum replica. It reads each uploaded file (locally or over HTTP), computes
its MD5, refuses it when that differs from the checksum sent, and appends ``name##md5`` to its
checksum file (fsynced); the file is read back into memory on start.
"""
from __future__ import annotations

import os
from typing import Any

from server.archive.checksums import new_hash, normalise
from server.archive.names import check_name
from server.archive.providers import ArchiveContext
from server.archive.remotefile import RemoteFile
from server.archive.replicas import checksum_service_name
from server.runtime.offload import offload
from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.errors import AlreadyExists, ChecksumMismatch

CHECKSUM_FILE = "checksums.md5"


class ChecksumArchive:
    """``name##md5`` lines in one append-only file; the last line for a name wins."""

    def __init__(self, directory: str):
        os.makedirs(directory, exist_ok=True)
        self.path = os.path.join(directory, CHECKSUM_FILE)
        self.checksums: dict[str, str] = {}
        if os.path.exists(self.path):
            with open(self.path, encoding="utf-8") as fh:
                for line in fh:
                    name, sep, value = line.rstrip("\n").partition("##")
                    if sep:
                        self.checksums[name] = value

    def add(self, name: str, checksum: str) -> bool:
        """Record ``name``; False if it was there with this checksum. Raises AlreadyExists."""
        old = self.checksums.get(name)
        if old == checksum:
            return False
        if old is not None:
            raise AlreadyExists(f"{name} is already recorded with checksum {old}", {"name": name, "checksum": old})
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(f"{name}##{checksum}\n")
            fh.flush()
            os.fsync(fh.fileno())
        self.checksums[name] = checksum
        return True


class ChecksumContext(ArchiveContext):
    def setup(self) -> None:
        super().setup()
        directory = self.settings["archive.checksum.dir"] or os.path.join(self.settings["data_dir"], "checksum")
        self.archive = ChecksumArchive(os.path.abspath(directory))


def _digest(chunks) -> tuple[str, int]:
    h = new_hash()
    n = 0
    for c in chunks:
        h.update(c)
        n += len(c)
    return h.hexdigest(), n


_classes: dict[str, type] = {}


def make_checksum_service(replica_id: str) -> type:
    """The Nameko service class ``checksum_<replica_id>`` (cached per replica)."""
    if replica_id in _classes:
        return _classes[replica_id]

    class ChecksumService(NasService):
        name = checksum_service_name(replica_id)
        ctx = ChecksumContext()

        @rpc
        def upload(self, remote: dict[str, Any]) -> dict[str, Any]:
            """Compute the MD5 of the RemoteFile ``remote`` and record it.

            Returns ``{checksum, size, instance_id, already}``. Raises InvalidName,
            ChecksumMismatch, AlreadyExists (recorded with another checksum), Unavailable."""
            rf = RemoteFile.from_dict(remote)
            check_name(rf.name)
            local = rf.local_path(self.settings["archive.transfer.local"])
            if local is not None:
                checksum, size = offload(lambda: _digest(rf.chunks(True)))
            else:
                checksum, size = _digest(rf.chunks(False, self.settings["archive.rpc_timeout"]))
            if rf.checksum and checksum != normalise(rf.checksum):
                raise ChecksumMismatch(f"{rf.name}: checksum on arrival {checksum} differs from {rf.checksum}",
                                       {"name": rf.name, "checksum": checksum, "expected": rf.checksum})
            added = self.ctx.archive.add(rf.name, checksum)
            return {"checksum": checksum, "size": size, "already": not added, "instance_id": self.runtime.instance_id}

        @rpc
        def get_checksum(self, name: str) -> dict[str, Any] | None:
            """The recorded MD5 of ``name``, or None. Raises InvalidName."""
            value = self.ctx.archive.checksums.get(check_name(name))
            return {"checksum": value, "instance_id": self.runtime.instance_id} if value else None

        @rpc
        def checksums(self) -> dict[str, str]:
            """Every recorded ``name → md5``."""
            return dict(self.ctx.archive.checksums)

    ChecksumService.__name__ = ChecksumService.__qualname__ = f"Checksum_{replica_id}"
    _classes[replica_id] = ChecksumService
    return ChecksumService


def __getattr__(name: str) -> type:
    """``nameko run ... server.archive.checksum.service:checksum`` makes the class of the replica given by
    ``$NAS_REPLICA`` or ``archive.replica`` in the config file the process was started with."""
    if name != "checksum":
        raise AttributeError(name)
    from server.archive.replicas import configured_replica

    return make_checksum_service(configured_replica())
