"""``checksum_<REPLICA>``: a replica that keeps checksums only (the seeds' ChecksumFileServer).

One instance per checksum replica. It reads each uploaded file (locally or over HTTP), computes
its MD5, refuses it when that differs from the checksum sent, and appends ``name##md5`` to its
checksum file (fsynced); the file is read back into memory on start. The logic is in
:mod:`.core`.
"""
from __future__ import annotations

import os
from typing import Any

from server.archive.calls import ServiceCalls
from server.archive.checksum.core import ChecksumArchive
from server.archive.per_replica import ReplicaService, configured_class
from server.archive.providers import ArchiveContext
from server.archive.remotefile import RemoteFile
from server.archive.transfer import accept_transfer
from server.runtime.rpc import rpc
from shared.dto.archive import CHECKSUM, ReplicaChecksumDto, UploadReceiptDto
from shared.roles import READ, SERVICE_ONLY


class ChecksumContext(ArchiveContext):
    """The replica's :class:`ChecksumArchive`, in ``archive.checksum.dir`` (or the data dir)."""

    def setup(self) -> None:
        super().setup()
        directory = self.settings["archive.checksum.dir"] or os.path.join(self.settings["data_dir"], "checksum")
        self.core = ChecksumArchive(os.path.abspath(directory))


class ChecksumService(ReplicaService):
    name = family = CHECKSUM
    ctx = ChecksumContext()
    calls = ServiceCalls()

    @rpc(roles=SERVICE_ONLY)
    def upload(self, remote: dict[str, Any], ticket: str | None = None) -> UploadReceiptDto:
        """Compute the MD5 of the RemoteFile ``remote`` and record it; returns the checksum, size,
        instance and whether it was recorded already. Only with a transfer ticket the
        arcrepository arranged (see :mod:`server.archive.transfer`). Raises TokenRejected,
        PermissionDenied, InvalidName, ChecksumMismatch, AlreadyExists (recorded with another
        checksum), Unavailable."""
        rf = accept_transfer(self.settings, self.calls, RemoteFile.from_dict(remote), ticket, self.ctx.replica_id)
        return self.ctx.core.upload(rf, self.runtime.instance_id,
                                    self.settings["archive.transfer.local"], self.settings["archive.rpc_timeout"])

    @rpc(roles=READ)
    def get_checksum(self, name: str) -> ReplicaChecksumDto | None:
        """The recorded MD5 of ``name``, or None. Raises InvalidName."""
        return self.ctx.core.get_checksum(name, self.runtime.instance_id)

    @rpc(roles=READ)
    def checksums(self) -> dict[str, str]:
        """Every recorded ``name → md5``."""
        return dict(self.ctx.core.checksums)


#: ``nameko run ... server.archive.checksum.service:checksum`` runs the class of the replica given
#: by ``$NAS_REPLICA`` or ``archive.replica`` in the config file of the process
__getattr__ = configured_class("checksum", ChecksumService)
