"""How the harvester hands a file to the archive.

One small interface, two implementations:

- :class:`LocalArchive` copies into one existing directory per replica (tests, and single-machine
  trials without the archive services);
- :class:`ArcRepositoryArchive` asks the ``arcrepository`` service to store the file in every
  replica, handing it a RemoteFile (local path on the same host, else an HTTP offer).

``store(path)`` returns a :class:`StoreResult` only when every replica confirmed the file; it
raises :class:`shared.errors.Unavailable` (nothing could be tried: try again later) or
:class:`shared.errors.StoreFailed` (some replica refused or failed; ``details`` name them).
The caller deletes its file only after a successful result.
"""
from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import time
from typing import Any, Protocol

from server.runtime.offload import offload
from shared.dto import Dto
from shared.errors import InvalidName, NasError, StoreFailed, Unavailable

log = logging.getLogger(__name__)
COMPLETED = "upload_completed"


@dataclasses.dataclass
class StoreResult(Dto):
    name: str
    checksum: str
    replicas: dict[str, str]          # replica id -> upload state ("upload_completed")

    @property
    def complete(self) -> bool:
        return bool(self.replicas) and all(s == COMPLETED for s in self.replicas.values())


class ArchiveClient(Protocol):
    def store(self, path: str) -> StoreResult: ...

    def close(self) -> None: ...


def md5_file(path: str) -> str:
    h = hashlib.md5()  # noqa: S324 - the archive's checksum (the seeds' MD5), not for security
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def _check_name(name: str) -> str:
    try:
        from server.archive.names import check_name
    except ImportError:  # pragma: no cover - the archive package is optional on a crawl machine
        if "/" in name or name in ("", ".", "..") or "\0" in name:
            raise InvalidName(f"{name!r} is not an archive file name", {"name": name}) from None
        return name
    return check_name(name)


class LocalArchive:
    """Replicas as local directories (``{"ONE": "/srv/one", "TWO": "/srv/two"}``), which must exist:
    a missing directory is an unavailable replica, as a stopped bitarchive would be."""

    def __init__(self, replicas: dict[str, str]):
        if not replicas:
            raise ValueError("a local archive needs at least one replica directory")
        self.replicas = dict(replicas)

    def store(self, path: str) -> StoreResult:
        name = _check_name(os.path.basename(path))
        missing = {r: d for r, d in self.replicas.items() if not os.path.isdir(d)}
        if len(missing) == len(self.replicas):
            raise Unavailable(f"{name}: no replica directory is there ({', '.join(sorted(missing))})",
                              {"name": name, "replicas": sorted(missing)})
        checksum = offload(md5_file, path)
        states: dict[str, str] = {}
        errors: dict[str, str] = {}
        for replica, directory in self.replicas.items():
            try:
                if replica in missing:
                    raise FileNotFoundError(f"replica directory {directory} is missing")
                offload(self._store_one, path, os.path.join(directory, name), checksum)
                states[replica] = COMPLETED
            except (OSError, NasError) as exc:
                states[replica] = "upload_failed"
                errors[replica] = str(exc)
        if errors:
            raise StoreFailed(f"{name}: not stored in {', '.join(sorted(errors))}: "
                              + "; ".join(f"{r}: {e}" for r, e in sorted(errors.items())),
                              {"name": name, "replicas": states, "errors": errors})
        return StoreResult(name, checksum, states)

    @staticmethod
    def _store_one(src: str, dest: str, checksum: str) -> None:
        if os.path.exists(dest):
            if md5_file(dest) == checksum:
                return  # stored before (an upload retried after a crash): nothing to do
            raise StoreFailed(f"{os.path.basename(dest)} is already stored with another checksum",
                              {"name": os.path.basename(dest)})
        tmp = dest + ".part"
        h = hashlib.md5()  # noqa: S324
        with open(src, "rb") as fin, open(tmp, "wb") as fout:
            while chunk := fin.read(1 << 20):
                h.update(chunk)
                fout.write(chunk)
            fout.flush()
            os.fsync(fout.fileno())
        if h.hexdigest() != checksum:
            os.unlink(tmp)
            raise StoreFailed(f"{os.path.basename(dest)}: checksum changed while copying", {"name": dest})
        os.replace(tmp, dest)
        os.chmod(dest, 0o444)

    def close(self) -> None:
        pass


class ArcRepositoryArchive:
    """Store through the ``arcrepository`` service: ``store(remote_file)`` starts the store (a
    short call), ``store_status(name, wait)`` is asked until every replica completed or one
    failed; it answers as soon as the store ended (or after ``wait`` seconds), so no poll
    interval is added to a store."""

    def __init__(self, nameko_config: dict[str, Any], store_timeout: float = 3600.0, rpc_timeout: float = 30.0,
                 http_address: str = "127.0.0.1:0", public_host: str = "", wait: float = 5.0):
        from server.runtime.remote_services import RemoteServices

        self.calls = RemoteServices(nameko_config, rpc_timeout)
        self.store_timeout = store_timeout
        self.rpc_timeout = rpc_timeout
        self.wait = min(wait, rpc_timeout / 2)   # a waiting status call must answer within the RPC timeout
        self.http_address = http_address
        self.public_host = public_host
        self._server = None

    def _call(self, method: str, *args: Any) -> Any:
        """``arcrepository.<method>(*args)``, decoded into the DTO it declares."""
        return self.calls.call("arcrepository", method, *args)

    def _file_server(self):
        if self._server is None:
            from server.archive.fileserver import FileServer

            self._server = FileServer(self.http_address, self.public_host).start()
        return self._server

    def store(self, path: str) -> StoreResult:
        from server.archive.client_store import pause_if_early, store_while_hashing
        from server.archive.remotefile import RemoteFile

        name = _check_name(os.path.basename(path))
        url = self._file_server().offer(path)
        try:
            remote = RemoteFile.for_local_file(path, name, None, url)
            # the replicas copy while this process hashes its file (see server.archive.client_store)
            status, checksum = store_while_hashing(self._call, remote, path)
            deadline = time.monotonic() + self.store_timeout
            while status.running and time.monotonic() < deadline:
                started, wait = time.monotonic(), max(0.0, min(self.wait, deadline - time.monotonic()))
                status = self._call("store_status", name, wait)
                if status.running:
                    pause_if_early(started, wait)
        finally:
            self._file_server().withdraw(url)
        states = {r.replica: str(r.state) for r in status.replicas}
        result = StoreResult(name, checksum, states)
        if not result.complete:
            failed = {r: s for r, s in states.items() if s != COMPLETED}
            raise StoreFailed(f"{name}: not stored in every replica: "
                              + ", ".join(f"{r} {s}" for r, s in sorted(failed.items())),
                              {"name": name, "replicas": states})
        from server.archive.remotefile import check_archived_checksum

        check_archived_checksum(status, checksum)
        return result

    def close(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None


def from_settings(settings, nameko_config: dict[str, Any]) -> ArchiveClient:
    if settings["harvester.archive.kind"] == "local":
        return LocalArchive(settings["harvester.archive.replicas"])
    return ArcRepositoryArchive(nameko_config, settings["harvester.archive.store_timeout"],
                                settings["harvester.rpc_timeout"], settings["harvester.archive.http_address"],
                                settings["harvester.archive.public_host"])
