"""Recovering the WARC file a killed crawl left open.

A closed WARC file is fully reflected in the frontier (it is renamed only after a commit). The
``.open`` file is not: its last records may be cut off mid-record, and its complete captures may
be newer than the last frontier commit. Recovery therefore

1. walks the gzip members of the ``.open`` file; a member that does not end is cut off;
2. keeps records up to the end of the last complete *unit* (warcinfo; a dns: response; a
   request/response/metadata group ending with its metadata record) and truncates the rest;
3. renames the file to its final name (it is now a complete, valid WARC file);
4. returns the captures found, so that the crawler marks them finished and re-queues their
   outlinks (from the metadata record) instead of fetching them again.
"""
from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from server.crawler.warc_writer import OPEN_SUFFIX

_BLOCK = 1 << 20


@dataclass
class RecoveredCapture:
    url: str
    status: int
    size: int
    mime: str | None
    revisit: bool = False
    outlinks: list[tuple[str, str]] = field(default_factory=list)  # (url, hop)
    fields: dict[str, str] = field(default_factory=dict)  # via, hopsFromSeed, sourceTag
    block: bytes = b""  # the HTTP response, kept for robots.txt only (its rules are needed again)


def _members(fh) -> Iterator[tuple[int, int, bytes]]:
    """(offset, length, decompressed bytes) of each complete gzip member."""
    offset = 0
    pending = b""
    eof = False
    while True:
        d = zlib.decompressobj(31)
        out = bytearray()
        fed = 0
        data = pending
        pending = b""
        while True:
            if not data:
                if eof:
                    return  # incomplete member (or clean end when nothing was fed)
                data = fh.read(_BLOCK)
                if not data:
                    eof = True
                    continue
            try:
                out += d.decompress(data)
            except zlib.error:
                return
            fed += len(data)
            if d.eof:
                unused = d.unused_data
                length = fed - len(unused)
                yield offset, length, bytes(out)
                offset += length
                pending = unused
                break
            data = b""


def _parse_record(block: bytes) -> tuple[dict[str, str], bytes] | None:
    head, sep, rest = block.partition(b"\r\n\r\n")
    if not sep or not head.startswith(b"WARC/"):
        return None
    headers: dict[str, str] = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.decode("utf-8", "replace").partition(":")
        headers[name.strip().lower()] = value.strip()
    try:
        length = int(headers.get("content-length", "-1"))
    except ValueError:
        return None
    if length < 0 or len(rest) != length + 4 or not rest.endswith(b"\r\n\r\n"):
        return None
    return headers, rest[:length]


def _http_status(block: bytes) -> tuple[int, str | None]:
    head = block.split(b"\r\n\r\n", 1)[0]
    lines = head.split(b"\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        status = 0
    mime = None
    for line in lines[1:]:
        if line.lower().startswith(b"content-type:"):
            mime = line.split(b":", 1)[1].split(b";")[0].strip().decode("latin-1").lower() or None
    return status, mime


def recover_open_file(path: str) -> list[RecoveredCapture]:
    """Truncate ``path`` (a ``.warc.gz.open`` file) to its last complete unit, rename it, and
    return the captures it holds. An open file with no complete record is removed."""
    captures: list[RecoveredCapture] = []
    good_end = 0
    pending: RecoveredCapture | None = None
    with open(path, "rb") as fh:
        for offset, length, block in _members(fh):
            parsed = _parse_record(block)
            if parsed is None:
                break
            headers, content = parsed
            kind = headers.get("warc-type")
            url = headers.get("warc-target-uri", "")
            end = offset + length
            if kind == "warcinfo":
                good_end = end
            elif kind in ("response", "revisit") and url.startswith("dns:"):
                captures.append(RecoveredCapture(url, 1, len(content), "text/dns"))
                good_end = end
            elif kind in ("response", "revisit"):
                status, mime = _http_status(content)
                pending = RecoveredCapture(url, status, len(content), mime, revisit=kind == "revisit",
                                           block=content if url.endswith("/robots.txt") else b"")
            elif kind == "metadata" and pending is not None and url == pending.url:
                for line in content.decode("utf-8", "replace").splitlines():
                    name, _, value = line.partition(": ")
                    if name in ("via", "hopsFromSeed", "sourceTag"):
                        pending.fields[name] = "" if value == "-" else value
                    if line.startswith("outlink: "):
                        bits = line[9:].split(" ")
                        if len(bits) >= 2:
                            pending.outlinks.append((bits[0], bits[1]))
                captures.append(pending)
                pending = None
                good_end = end
    if good_end == 0:
        os.remove(path)
        return []
    with open(path, "r+b") as fh:
        fh.truncate(good_end)
    os.replace(path, path[: -len(OPEN_SUFFIX)])
    return captures


def repair_warc(path: str) -> tuple[int, int]:
    """Truncate a damaged closed ``.warc.gz`` file (a disk that filled up, a crash outside the
    crawler's control) to the end of its last complete, parseable record; a file without one is
    removed. Returns (bytes kept, bytes it had). Unlike :func:`recover_open_file` this keeps
    every complete record, not only complete units: the file is already closed and final, and a
    record kept is a capture not lost."""
    size = os.path.getsize(path)
    good_end = 0
    with open(path, "rb") as fh:
        for offset, length, block in _members(fh):
            if _parse_record(block) is None:
                break
            good_end = offset + length
    if good_end == 0:
        os.remove(path)
    elif good_end < size:
        with open(path, "r+b") as fh:
            fh.truncate(good_end)
            os.fsync(fh.fileno())
    return good_end, size


def open_files(job_dir: str, name_suffix: str = "") -> list[str]:
    """The WARC files left open in ``job_dir`` (of one part of a crawl: its ``name_suffix``)."""
    end = name_suffix + ".warc.gz" + OPEN_SUFFIX
    return sorted(os.path.join(job_dir, n) for n in os.listdir(job_dir) if n.endswith(end))
