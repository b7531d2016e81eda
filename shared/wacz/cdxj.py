"""The WACZ index: the CDXJ lines of every record in ``archive/``, sorted, as our CDX writer
(shared/warc/cdx.py, equal to pywb's ``cdx-indexer --cdxj``) makes them.

Small indexes go in as ``indexes/index.cdxj``. Large ones in the form the WACZ spec gives for
them (pywb's "zipnum"): ``indexes/index.cdx.gz``, the lines in gzip members of ``BLOCK_LINES``
lines each, stored; and ``indexes/index.idx``, one line per block — the block's first key and
timestamp and ``{"offset", "length", "digest"}`` — after a ``!meta`` line naming the format, so a
reader fetches only the block it needs. The lines are sorted outside memory
(shared/warc/sorting.py), so the index of a job of any size takes bounded memory.
"""
from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Callable, Iterable, Iterator

from shared.wacz.writer import WaczWriter

#: lines per gzip block, as py-wacz writes them
BLOCK_LINES = 1024
#: a sorted index larger than this goes in as gzip blocks
COMPRESS_OVER = 4 << 20
PLAIN, BLOCKS = "indexes/index.cdxj", "indexes/index.cdx.gz"
IDX = "indexes/index.idx"


def sort_lines(lines: Iterable[str], out_path: str, tmp_dir: str | None = None) -> int:
    """Write ``lines`` sorted and without repeats to ``out_path``; return how many."""
    from shared.warc.sorting import external_sort

    return external_sort(lines, out_path, tmp_dir=tmp_dir, unique=True)


def _lines(path: str) -> Iterator[str]:
    with open(path, encoding="utf-8", newline="\n") as fh:
        yield from fh


def write_index(writer: WaczWriter, sorted_path: str, size: int, compressed: bool | None = None,
                on_line: Callable[[str], None] | None = None) -> list[str]:
    """Add the sorted CDXJ file ``sorted_path`` (``size`` bytes) to the package; ``compressed``
    None decides by size. ``on_line`` sees every line (the page list is made in the same pass).
    Returns the package paths written."""
    if compressed is None:
        compressed = size > COMPRESS_OVER

    def seen(lines: Iterable[str]) -> Iterator[str]:
        for line in lines:
            if on_line is not None:
                on_line(line)
            yield line

    if not compressed:
        writer.add(PLAIN, (line.encode() for line in seen(_lines(sorted_path))), compress=True)
        return [PLAIN]
    idx = ['!meta 0 ' + json.dumps({"format": "cdxj-gzip-1.0", "filename": "index.cdx.gz"}) + "\n"]
    writer.add(BLOCKS, _blocks(seen(_lines(sorted_path)), idx))
    writer.add(IDX, [("".join(idx)).encode()], compress=True)
    return [BLOCKS, IDX]


def _blocks(lines: Iterable[str], idx: list[str], block_lines: int | None = None) -> Iterator[bytes]:
    """The gzip members of the block index; their idx lines are appended to ``idx`` (one per
    ``block_lines`` lines: small enough to keep)."""
    block_lines = block_lines or BLOCK_LINES
    offset = 0
    block: list[str] = []

    def flush() -> bytes:
        nonlocal offset
        comp = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
        data = comp.compress("".join(block).encode()) + comp.flush()
        prefix = block[0].split("{", 1)[0].strip()
        meta = {"offset": offset, "length": len(data), "digest": "sha256:" + hashlib.sha256(data).hexdigest()}
        idx.append(f"{prefix} {json.dumps(meta)}\n")
        offset += len(data)
        block.clear()
        return data

    for line in lines:
        block.append(line)
        if len(block) == block_lines:
            yield flush()
    if block:
        yield flush()
