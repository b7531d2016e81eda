"""A memory-mapped hash table in front of the whoosh dedup index: the crawler's hot path.

whoosh answers a key in ~20–30 µs from Python (a term lookup, a postings block, a pickled stored
document); a crawl asks for every non-text object it fetches, and the target is 50,000 lookups a
second from one thread. This table answers in a few µs with two ``mmap`` reads, and many crawler
processes on a machine share its pages. whoosh stays the index's format (docs/decisions/
index-server-engine.md has the figures).

Two files: ``lookup.dat`` holds one record per key (``key<TAB>value\\n``); ``lookup.hx`` is an
open-addressing table (linear probing, load ≤ 0.5) of 16-byte slots: the key's 64-bit BLAKE2b hash
and the record's offset + 1 (0: empty slot)::

    header 32 bytes: b"NASHX001", capacity (u64), count (u64), 0 (u64)
    capacity slots:  hash (u64), offset + 1 (u64)

A record is compared with the key it is asked for, so a hash collision never returns a wrong
record. ``insert`` with a ``newer`` rule replaces a record (a derived set: the later capture wins).
"""
from __future__ import annotations

import hashlib
import mmap
import os
import shutil
import struct
from array import array
from collections.abc import Callable, Iterable
from hashlib import blake2b

MAGIC = b"NASHX001"
HEADER = struct.Struct("<8sQQQ")
SLOT = struct.Struct("<QQ")
TABLE, DATA = "lookup.hx", "lookup.dat"


def key_hash(key: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")


def _capacity(n: int) -> int:
    cap = 1024
    while cap < n * 2:
        cap *= 2
    return cap


def build(directory: str, records: Iterable[tuple[str, str]]) -> int:
    """Write the table for ``(key, value)`` records with unique keys; returns how many."""
    hashes = array("Q")
    offsets = array("Q")
    with open(os.path.join(directory, DATA), "wb") as dat:
        pos = 0
        for key, value in records:
            line = f"{key}\t{value}\n".encode()
            hashes.append(key_hash(key.encode()))
            offsets.append(pos + 1)
            dat.write(line)
            pos += len(line)
    _write_table(os.path.join(directory, TABLE), hashes, offsets)
    return len(hashes)


def _write_table(path: str, hashes: array, offsets: array) -> None:
    cap = _capacity(len(hashes))
    mask = cap - 1
    table = bytearray(HEADER.size + cap * SLOT.size)
    HEADER.pack_into(table, 0, MAGIC, cap, len(hashes), 0)
    unpack, pack, base = SLOT.unpack_from, SLOT.pack_into, HEADER.size
    for h, off in zip(hashes, offsets):
        i = h & mask
        while unpack(table, base + i * 16)[1]:
            i = (i + 1) & mask
        pack(table, base + i * 16, h, off)
    with open(path + ".part", "wb") as fh:
        fh.write(table)
    os.replace(path + ".part", path)


def copy(src_dir: str, dest_dir: str) -> None:
    for name in (TABLE, DATA):
        shutil.copyfile(os.path.join(src_dir, name), os.path.join(dest_dir, name))


def insert(directory: str, records: Iterable[tuple[str, str]], newer: Callable[[str, str], bool]) -> int:
    """Add records to an existing table (in place). A key already present is replaced when
    ``newer(new_value, old_value)``. Grows the table when it passes half full. Returns the
    number of records added or replaced."""
    table_path, dat_path = os.path.join(directory, TABLE), os.path.join(directory, DATA)
    with open(table_path, "rb") as fh:
        table = bytearray(fh.read())
    _magic, cap, count, _ = HEADER.unpack_from(table, 0)
    changed = 0
    base = HEADER.size
    with open(dat_path, "r+b") as dat:
        fd = dat.fileno()
        end = os.fstat(fd).st_size
        for key, value in records:
            kb = key.encode()
            h = key_hash(kb)
            mask = cap - 1
            i = h & mask
            while True:
                sh, off = SLOT.unpack_from(table, base + i * 16)
                if not off:
                    break
                if sh == h:
                    old_key, _, old_value = _pread_line(fd, off - 1).partition(b"\t")
                    if old_key == kb:
                        break
                i = (i + 1) & mask
            if off and not newer(value, old_value.decode()):
                continue
            line = f"{key}\t{value}\n".encode()
            os.pwrite(fd, line, end)
            SLOT.pack_into(table, base + i * 16, h, end + 1)
            end += len(line)
            if not off:
                count += 1
                if count * 2 > cap:
                    table, cap = _grow(table, cap)
            changed += 1
    HEADER.pack_into(table, 0, MAGIC, cap, count, 0)
    with open(table_path + ".part", "wb") as fh:
        fh.write(table)
    os.replace(table_path + ".part", table_path)
    return changed


def _pread_line(fd: int, off: int) -> bytes:
    buf = b""
    while True:
        chunk = os.pread(fd, 4096, off + len(buf))
        if not chunk:
            return buf
        nl = chunk.find(b"\n")
        if nl >= 0:
            return buf + chunk[:nl]
        buf += chunk


def _grow(table: bytearray, cap: int) -> tuple[bytearray, int]:
    hashes, offsets = array("Q"), array("Q")
    for i in range(cap):
        h, off = SLOT.unpack_from(table, HEADER.size + i * 16)
        if off:
            hashes.append(h)
            offsets.append(off)
    new_cap = cap * 2
    mask = new_cap - 1
    new = bytearray(HEADER.size + new_cap * SLOT.size)
    for h, off in zip(hashes, offsets):
        i = h & mask
        while SLOT.unpack_from(new, HEADER.size + i * 16)[1]:
            i = (i + 1) & mask
        SLOT.pack_into(new, HEADER.size + i * 16, h, off)
    return new, new_cap


class HashLookup:
    """A read-only open table."""

    def __init__(self, directory: str):
        self._tf = open(os.path.join(directory, TABLE), "rb")
        self._df = open(os.path.join(directory, DATA), "rb")
        self._table = mmap.mmap(self._tf.fileno(), 0, access=mmap.ACCESS_READ)
        size = os.fstat(self._df.fileno()).st_size
        self._data = mmap.mmap(self._df.fileno(), 0, access=mmap.ACCESS_READ) if size else None
        magic, self.capacity, self.count, _ = HEADER.unpack_from(self._table, 0)
        if magic != MAGIC:
            raise ValueError(f"{directory}/{TABLE} is not a lookup table")
        self._mask = self.capacity - 1

    def get(self, key: str) -> str | None:
        """The value stored for ``key``, or None."""
        data = self._data
        if data is None:
            return None
        kb = key.encode()
        h = int.from_bytes(blake2b(kb, digest_size=8).digest(), "little")
        table, mask, unpack = self._table, self._mask, SLOT.unpack_from
        i = h & mask
        n = len(kb)
        while True:
            sh, off = unpack(table, 32 + i * 16)
            if not off:
                return None
            if sh == h:
                start = off - 1
                if data[start:start + n] == kb and data[start + n] == 9:  # 9: the tab after the key
                    return data[start + n + 1:data.find(b"\n", start + n)].decode()
            i = (i + 1) & mask

    def __len__(self) -> int:
        return self.count

    def close(self) -> None:
        self._table.close()
        if self._data is not None:
            self._data.close()
        self._tf.close()
        self._df.close()
