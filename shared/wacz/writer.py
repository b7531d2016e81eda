"""The WACZ zip, written as a stream: each member goes in once, in pieces, while its SHA-256 and
size are taken, so a member of any size costs one buffer of memory. WARCs and the gzip-block index
are *stored* (the WACZ spec: readers seek into them by offset); JSON members are deflated.

``datapackage.json`` lists every member with its hash and size; ``datapackage-digest.json`` holds
the hash of ``datapackage.json``. ``clock`` lets tests make reproducible packages.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import re
import zipfile
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO

WACZ_VERSION = "1.1.1"
SOFTWARE = "netarchivesuite-py"
#: what frictionless (and so ``wacz validate``) accepts as a resource name
_NAME_CHARS = re.compile(r"[^-a-z0-9._/]")


@dataclasses.dataclass(frozen=True)
class Resource:
    """One member as ``datapackage.json`` lists it."""

    name: str
    path: str
    hash: str
    bytes: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "hash": self.hash, "bytes": self.bytes}


def _utc(clock: Callable[[], dt.datetime]) -> dt.datetime:
    return clock().astimezone(dt.UTC)


class WaczWriter:
    """``with WaczWriter(fh) as w: w.add(path, chunks); ...; w.finish(title=...)``"""

    def __init__(self, fh: BinaryIO | str, clock: Callable[[], dt.datetime] | None = None,
                 progress: Callable[[int], Any] | None = None):
        self.clock = clock or (lambda: dt.datetime.now(dt.UTC))
        self.zip = zipfile.ZipFile(fh, "w", allowZip64=True)
        self.resources: list[Resource] = []
        self.progress = progress
        self._names: set[str] = set()
        self.finished = False

    def __enter__(self) -> WaczWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.zip.close()

    def _info(self, path: str, compress: bool) -> zipfile.ZipInfo:
        info = zipfile.ZipInfo(path, _utc(self.clock).timetuple()[:6])
        info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
        info.external_attr = 0o644 << 16
        return info

    def add(self, path: str, chunks: Iterable[bytes], compress: bool = False) -> Resource:
        """Stream one member in; return it as listed in the datapackage."""
        if path in {r.path for r in self.resources}:
            raise ValueError(f"{path} is in the package already")
        digest = hashlib.sha256()
        size = 0
        # force_zip64: the size is not known before the end, and may pass 4 GiB
        with self.zip.open(self._info(path, compress), "w", force_zip64=True) as out:
            for chunk in chunks:
                out.write(chunk)
                digest.update(chunk)
                size += len(chunk)
                if self.progress is not None:
                    self.progress(len(chunk))
        res = Resource(self._resource_name(path), path, "sha256:" + digest.hexdigest(), size)
        self.resources.append(res)
        return res

    def add_bytes(self, path: str, data: bytes, compress: bool = True) -> Resource:
        return self.add(path, [data], compress)

    def _resource_name(self, path: str) -> str:
        base = _NAME_CHARS.sub("-", path.rsplit("/", 1)[-1].lower()) or "resource"
        name, n = base, 1
        while name in self._names:
            n += 1
            name = f"{base}-{n}"
        self._names.add(name)
        return name

    def finish(self, title: str = "", description: str = "", main_page_url: str = "",
               main_page_date: str = "", extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """Write ``datapackage.json`` and ``datapackage-digest.json``; return the datapackage."""
        package: dict[str, Any] = {"profile": "data-package", "resources": [r.to_json() for r in self.resources]}
        if title:
            package["title"] = title
        if description:
            package["description"] = description
        if main_page_url:
            package["mainPageURL"] = main_page_url
            if main_page_date:
                package["mainPageDate"] = main_page_date
        package["created"] = _utc(self.clock).strftime("%Y-%m-%dT%H:%M:%SZ")
        package["wacz_version"] = WACZ_VERSION
        package["software"] = SOFTWARE
        package.update(extra or {})
        data = json.dumps(package, indent=2).encode()
        with self.zip.open(self._info("datapackage.json", True), "w") as out:
            out.write(data)
        digest = {"path": "datapackage.json", "hash": "sha256:" + hashlib.sha256(data).hexdigest()}
        with self.zip.open(self._info("datapackage-digest.json", True), "w") as out:
            out.write(json.dumps(digest, indent=2).encode())
        self.finished = True
        return package


def file_chunks(path: str, size: int = 1 << 20) -> Iterable[bytes]:
    with open(path, "rb") as fh:
        while chunk := fh.read(size):
            yield chunk
