"""Sorting once, merging ever after.

A job's lines are sorted once (:func:`external_sort`: runs of ``chunk_lines`` sorted in memory,
spilled to temporary files and merged, so a crawl.log larger than memory sorts in bounded
memory). A job set is then made by merging its jobs' sorted files (:func:`merge_files`, a k-way
heap merge): nothing that was sorted is sorted again. ``stats`` counts both, so tests can prove it.
"""
from __future__ import annotations

import collections
import contextlib
import heapq
import os
import tempfile
from collections.abc import Iterable, Iterator

#: how many external sorts and merges ran in this process (tests read it)
stats: collections.Counter[str] = collections.Counter()

DEFAULT_CHUNK = 500_000


def external_sort(lines: Iterable[str], out_path: str, chunk_lines: int = DEFAULT_CHUNK,
                  tmp_dir: str | None = None, unique: bool = False) -> int:
    """Write ``lines`` (each ending in a newline) sorted to ``out_path``; returns how many were
    written. With ``unique``, repeated lines are written once."""
    stats["sorts"] += 1
    runs: list[str] = []
    chunk: list[str] = []
    tmp_dir = tmp_dir or os.path.dirname(os.path.abspath(out_path))
    try:
        for line in lines:
            chunk.append(line)
            if len(chunk) >= chunk_lines:
                chunk.sort()
                runs.append(_spill(chunk, tmp_dir))
                chunk = []
        chunk.sort()
        if not runs:
            return _write(iter(chunk), out_path, unique)
        runs.append(_spill(chunk, tmp_dir))
        chunk = []
        with contextlib.ExitStack() as stack:
            files = [stack.enter_context(open(r, encoding="utf-8", newline="\n")) for r in runs]
            return _write(heapq.merge(*files), out_path, unique)
    finally:
        for r in runs:
            with contextlib.suppress(OSError):
                os.unlink(r)


def _spill(chunk: list[str], tmp_dir: str) -> str:
    fd, path = tempfile.mkstemp(prefix="run-", suffix=".txt", dir=tmp_dir)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(chunk)
    return path


def _write(lines: Iterator[str], out_path: str, unique: bool) -> int:
    n = 0
    tmp = out_path + ".part"
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        if unique:
            last = None
            for line in lines:
                if line != last:
                    fh.write(line)
                    n += 1
                    last = line
        else:
            for line in lines:
                fh.write(line)
                n += 1
    os.replace(tmp, out_path)
    return n


@contextlib.contextmanager
def merged(paths: list[str]) -> Iterator[Iterator[str]]:
    """The lines of already sorted files, merged in order (k-way heap merge); the files stay
    open while the caller iterates."""
    stats["merges"] += 1
    with contextlib.ExitStack() as stack:
        files = [stack.enter_context(open(p, encoding="utf-8", newline="\n")) for p in paths]
        yield files[0] if len(files) == 1 else heapq.merge(*files)


def merge_files(paths: list[str], out_path: str, header: str = "") -> int:
    """Merge already sorted files into ``out_path``; returns the number of lines."""
    n = 0
    tmp = out_path + ".part"
    with merged(paths) as lines, open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        if header:
            fh.write(header)
        for line in lines:
            fh.write(line)
            n += 1
    os.replace(tmp, out_path)
    return n
