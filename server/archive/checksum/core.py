"""A checksum replica without Nameko: ``name##md5`` lines in one append-only file (the seeds'
ChecksumFileServer), and the upload that reads a file, checks its MD5 and records it."""
from __future__ import annotations

import logging
import os
from collections.abc import Iterable

from server.archive.checksums import new_hash, normalise
from server.archive.names import check_name
from server.archive.remotefile import RemoteFile
from server.runtime.offload import offload
from shared.dto.archive import ReplicaChecksumDto, UploadReceiptDto
from shared.errors import AlreadyExists, ChecksumMismatch

log = logging.getLogger(__name__)

CHECKSUM_FILE = "checksums.md5"


class ChecksumArchive:
    """``name##md5`` lines in one append-only file (fsynced); the last line for a name wins.
    The file is read back into memory when the archive is opened."""

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

    def upload(self, rf: RemoteFile, instance_id: str, allow_local: bool, timeout: float) -> UploadReceiptDto:
        """Read ``rf`` (its path on this host, else over HTTP), compute its MD5 and record it.
        Raises InvalidName, ChecksumMismatch (differs from ``rf.checksum``), AlreadyExists
        (recorded with another checksum), Unavailable (the sender cannot be read)."""
        check_name(rf.name)
        if rf.local_path(allow_local) is not None:
            checksum, size = offload(lambda: digest(rf.chunks(True)))
        else:
            checksum, size = digest(rf.chunks(False, timeout))
        if rf.checksum and checksum != normalise(rf.checksum):
            log.warning("%s: checksum on arrival %s differs from %s", rf.name, checksum, rf.checksum)
            raise ChecksumMismatch(f"{rf.name}: the copy that arrived does not have the expected checksum "
                                   f"{rf.checksum}; nothing recorded", {"name": rf.name, "expected": rf.checksum})
        added = self.add(rf.name, checksum)
        return UploadReceiptDto(checksum, size, not added, instance_id)

    def get_checksum(self, name: str, instance_id: str) -> ReplicaChecksumDto | None:
        """The recorded MD5 of ``name``, or None. Raises InvalidName."""
        value = self.checksums.get(check_name(name))
        return ReplicaChecksumDto(value, instance_id) if value else None


def digest(chunks: Iterable[bytes | memoryview]) -> tuple[str, int]:
    """MD5 hex and byte count of ``chunks``."""
    h = new_hash()
    n = 0
    for c in chunks:
        h.update(c)
        n += len(c)
    return h.hexdigest(), n
