"""A WACZ from elsewhere, checked before anything of it is trusted.

:func:`extract` refuses, with an InvalidWacz naming the member and the reason:

- a file that is not a zip, or one cut short (zipfile's own checks, and every member's CRC);
- member names that would leave the package (absolute, ``..``, backslashes, drive letters), that
  repeat, or that are links;
- a zip bomb: a member whose data inflate more than ``MAX_RATIO`` times (past 1 MiB), a member that
  inflates to more than its declared size, or a package larger than ``max_bytes`` in all;
- a ``datapackage.json`` that is missing, not JSON, or whose resources disagree with the members
  (a member not listed, a listed one missing, a size or SHA-256 that differs), and a
  ``datapackage-digest.json`` whose hash is not that of ``datapackage.json``;
- no WARC in ``archive/``.

The WARCs of ``archive/`` are written to the destination directory as they are checked (each
streamed: bounded memory); the caller checks each WARC itself (:mod:`warcs`) and deletes the
directory on any error, so nothing partial is kept.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import posixpath
import stat
import zipfile
from collections.abc import Callable
from typing import Any

from shared.errors import InvalidWacz

MAX_RATIO = 200
MAX_JSON = 64 << 20
CHUNK = 1 << 20


@dataclasses.dataclass
class Package:
    datapackage: dict[str, Any]
    warcs: list[str]              # paths of the extracted archive/ members, in package order
    pages: list[dict]             # pages/pages.jsonl entries (header left out)
    signed: bool


def _bad(message: str, member: str = "") -> InvalidWacz:
    return InvalidWacz(message, {"member": member} if member else {})


def safe_name(name: str) -> str:
    """``name`` if it stays inside the package, else InvalidWacz."""
    if not name or "\\" in name or "\0" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        raise _bad(f"member {name!r} has an unsafe name", name)
    parts = name.split("/")
    if any(p in ("..", ".") for p in parts) or posixpath.normpath(name) != name.rstrip("/"):
        raise _bad(f"member {name!r} would leave the package", name)
    return name


def _check_members(zf: zipfile.ZipFile, max_bytes: int) -> dict[str, zipfile.ZipInfo]:
    members: dict[str, zipfile.ZipInfo] = {}
    total = 0
    for info in zf.infolist():
        name = safe_name(info.filename)
        if name in members:
            raise _bad(f"member {name!r} appears twice", name)
        if stat.S_ISLNK(info.external_attr >> 16):
            raise _bad(f"member {name!r} is a symbolic link", name)
        if info.is_dir():
            continue
        if info.file_size > (1 << 20) and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise _bad(f"member {name!r} would inflate {info.file_size // max(info.compress_size, 1)} times "
                       f"(more than {MAX_RATIO}): refused as a zip bomb", name)
        total += info.file_size
        members[name] = info
    if total > max_bytes:
        raise _bad(f"the package would unpack to {total} bytes, more than the {max_bytes} allowed")
    return members


def _stream(zf: zipfile.ZipFile, info: zipfile.ZipInfo, out=None, progress=None) -> tuple[str, int]:
    """Read one member (to ``out`` if given) and return its SHA-256 and size, never more than its
    declared size (a lying header is a bomb too)."""
    digest = hashlib.sha256()
    size = 0
    try:
        with zf.open(info) as fh:
            while chunk := fh.read(CHUNK):
                size += len(chunk)
                if size > info.file_size:
                    raise _bad(f"member {info.filename!r} inflates past its declared size", info.filename)
                digest.update(chunk)
                if out is not None:
                    out.write(chunk)
                if progress is not None:
                    progress(len(chunk))
    except (zipfile.BadZipFile, EOFError, OSError) as exc:
        if isinstance(exc, InvalidWacz):
            raise
        raise _bad(f"member {info.filename!r} is damaged: {exc}", info.filename) from None
    except InvalidWacz:
        raise
    except Exception as exc:  # noqa: BLE001 - zlib errors: a damaged member
        raise _bad(f"member {info.filename!r} is damaged: {exc}", info.filename) from None
    return "sha256:" + digest.hexdigest(), size


def _json(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> tuple[Any, bytes]:
    if info.file_size > MAX_JSON:
        raise _bad(f"{info.filename} is larger than {MAX_JSON} bytes", info.filename)
    import io

    buf = io.BytesIO()
    _stream(zf, info, buf)
    data = buf.getvalue()
    try:
        return json.loads(data), data
    except ValueError as exc:
        raise _bad(f"{info.filename} is not JSON: {exc}", info.filename) from None


def extract(path: str, dest: str, max_bytes: int = 1 << 40, progress: Callable[[int], Any] | None = None) -> Package:
    """Check the WACZ at ``path`` and write its WARCs into ``dest`` (an empty directory);
    ``progress`` is told of every piece read."""
    try:
        zf = zipfile.ZipFile(path)
    except zipfile.BadZipFile as exc:
        raise _bad(f"{os.path.basename(path)} is not a WACZ (zip) file: {exc}") from None
    with zf:
        members = _check_members(zf, max_bytes)
        if "datapackage.json" not in members:
            raise _bad("the package has no datapackage.json", "datapackage.json")
        package, raw = _json(zf, members["datapackage.json"])
        resources = package.get("resources") if isinstance(package, dict) else None
        if not isinstance(resources, list) or not all(isinstance(r, dict) and isinstance(r.get("path"), str)
                                                      for r in resources):
            raise _bad("datapackage.json has no list of resources with paths", "datapackage.json")
        listed = {r["path"]: r for r in resources}
        signed = False
        if "datapackage-digest.json" in members:
            digest, _ = _json(zf, members["datapackage-digest.json"])
            want = digest.get("hash") if isinstance(digest, dict) else None
            if want != "sha256:" + hashlib.sha256(raw).hexdigest():
                raise _bad("datapackage-digest.json does not match datapackage.json", "datapackage-digest.json")
            signed = bool(digest.get("signedData"))
        for name in members:
            if name not in listed and name not in ("datapackage.json", "datapackage-digest.json"):
                raise _bad(f"member {name!r} is not listed in datapackage.json", name)
        for name in listed:
            safe_name(name)
            if name not in members:
                raise _bad(f"datapackage.json lists {name!r}, which the package does not hold", name)
        warcs: list[str] = []
        pages: list[dict] = []
        for name, res in listed.items():
            info = members[name]
            is_warc = name.startswith("archive/") and name.lower().endswith((".warc", ".warc.gz"))
            target = None
            if is_warc:
                base = name[len("archive/"):]
                if "/" in base:
                    raise _bad(f"member {name!r}: WARCs must lie directly in archive/", name)
                target = os.path.join(dest, base)
                out = open(target, "xb")
            elif name == "pages/pages.jsonl" and info.file_size <= MAX_JSON:
                import io

                out = io.BytesIO()
            else:
                out = None
            try:
                digest, size = _stream(zf, info, out, progress)
            finally:
                if target is not None:
                    out.close()
            if res.get("bytes") is not None and res.get("bytes") != size:
                raise _bad(f"member {name!r} holds {size} bytes; datapackage.json says {res.get('bytes')}", name)
            algo = str(res.get("hash", "")).partition(":")[0]
            if algo not in ("sha256", ""):
                expect = "sha256"   # only SHA-256 is checked: anything else is not verified, so refused
                raise _bad(f"member {name!r}: hash {algo!r} cannot be checked (only {expect})", name)
            if res.get("hash") != digest:
                raise _bad(f"member {name!r} does not match its SHA-256 in datapackage.json", name)
            if target is not None:
                warcs.append(target)
            elif out is not None:
                from shared.wacz.pages import parse_page_list

                pages = parse_page_list(out.getvalue())
        if not warcs:
            raise _bad("the package holds no WARC file in archive/", "archive/")
        return Package(package, warcs, pages, signed)
