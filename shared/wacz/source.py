"""The export's :class:`shared.wacz.export.Source` over the services: the arcrepository's file list,
get-file (whole files, their MD5 checked on arrival) and get-record (single records), and the
index server's lookup for URL lists. It is given the caller's way of calling a service (``nas``:
its proxy; the desktop: its RPC backend in the export's worker thread) and of fetching a URL the
arcrepository hands out, so the CLI and the desktop read the archive the same way.
"""
from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from shared.enums import ReplicaType
from shared.errors import ChecksumMismatch, IndexNotReady, NasError

#: ``call(service, method, *args)``: the answer decoded into its DTO (shared.contracts.decode)
Call = Callable[..., Any]
#: ``fetch(url)``: the body in pieces; a NasError (Unavailable, ArchiveFileNotFound...) when it cannot
Fetch = Callable[[str], Iterator[bytes]]


class ExportCancelled(Exception):
    """The caller asked the export to stop (the partial package is then removed)."""


def replica_order(replicas: Sequence[Any], named: str | None) -> list[str]:
    """Bitarchive replicas to try: the named one (by id or name) first, then the others; a name
    no replica has is tried alone (the arcrepository answers NotFound with the replica list)."""
    ids = [r for r in replicas if r.type == ReplicaType.BITARCHIVE]
    if named:
        first = [r for r in ids if named in (r.id, r.name)]
        if not first:
            return [named]
        return [first[0].id] + [r.id for r in ids if r.id != first[0].id]
    return [r.id for r in ids]


def _md5(checksum: str) -> str:
    value = checksum.strip().lower()
    return value.split(":", 1)[1] if ":" in value else value


class ArchiveSource:
    """Reads for one export. ``progress(n)`` gets the size of every piece of a whole file as it
    arrives; ``cancelled()`` is asked between pieces and between calls (then ExportCancelled).
    ``sizes`` holds (name → size) of every file listed so far: the total a progress bar needs."""

    def __init__(self, call: Call, fetch: Fetch, replica: str | None = None,
                 progress: Callable[[int], object] = lambda n: None,
                 cancelled: Callable[[], bool] = lambda: False, lookup_wait: float = 600.0):
        self.call, self.fetch, self.replica = call, fetch, replica
        self.progress, self.cancelled, self.lookup_wait = progress, cancelled, lookup_wait
        self.sizes: dict[str, int] = {}
        self._order: list[str] | None = None

    def _check(self) -> None:
        if self.cancelled():
            raise ExportCancelled()

    def files(self, job_id: int) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        offset = 0
        while True:
            self._check()
            page = self.call("arcrepository", "list_files", None, offset, 1000, f"{job_id}-.*")
            out += [(f.name, f.size or 0) for f in page.items]
            offset += len(page.items)
            if not page.items or offset >= page.total:
                break
        self.sizes.update(out)
        return out

    def _replicas(self) -> list[str]:
        if self._order is None:
            self._order = replica_order(self.call("arcrepository", "replicas"), self.replica)
        return self._order

    def chunks(self, name: str) -> Iterator[bytes]:
        problems = []
        for replica in self._replicas():
            self._check()
            try:
                info = self.call("arcrepository", "get_file", name, replica)
                stream = self.fetch(info.url)
                first = next(stream, b"")   # a replica that cannot serve fails here, before a byte is used
            except NasError as exc:
                problems.append(f"replica {replica}: {exc.code}: {exc.message}")
                continue
            h, size = hashlib.md5(), 0  # noqa: S324 - the archive's checksum algorithm
            for chunk in itertools.chain([first], stream):
                self._check()
                h.update(chunk)
                size += len(chunk)
                self.progress(len(chunk))
                yield chunk
            md5 = h.hexdigest()
            if size != info.size or (info.checksum and md5 != _md5(info.checksum)):
                raise ChecksumMismatch(f"{name} from replica {replica} is not the archived file "
                                       f"({size} of {info.size} bytes, md5 {md5})", {"name": name})
            return
        raise NasError(f"{name}: no replica could give it ({'; '.join(problems)})", {"name": name})

    def record(self, name: str, offset: int) -> Iterator[bytes]:
        problems = []
        for replica in self._replicas():
            self._check()
            try:
                info = self.call("arcrepository", "get_record", name, offset, replica)
                return self.fetch(info.url)
            except NasError as exc:
                problems.append(f"replica {replica}: {exc.code}: {exc.message}")
        raise NasError(f"{name} at {offset}: no replica could give the record ({'; '.join(problems)})",
                       {"name": name, "offset": offset})

    def lookup(self, url: str, job_ids: list[int]) -> list[tuple[str, int, str | None, int | None]]:
        deadline = time.monotonic() + self.lookup_wait
        while True:
            self._check()
            try:
                found = self.call("index_server", "lookup", url, job_ids)
                break
            except IndexNotReady:   # the full index is being built: it was started by this call
                if time.monotonic() > deadline:
                    raise
                self.call("index_server", "index_status", "full", job_ids, 10)
        return [(c.filename, c.offset, c.revisit_of_filename, c.revisit_of_offset) for c in found.captures
                if c.offset is not None]
