"""Bounded reading of what a user hands the CLI (issue #20, items 7 and 8).

Every file a command reads is checked before it is used: it must exist and be a regular file
(not a directory), stay under a size bound, and be UTF-8 text where text is expected; a line
file is streamed line by line with each line cut at a bound, so a 1 GB single-line file costs
the client one bounded buffer and never reaches the broker whole. Every refusal is an
InvalidInput: one line on standard error and exit status 2 (see ``server.cli.main``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator

from shared.errors import InvalidInput

#: bytes of a profile, a configuration or a URL list file the CLI reads whole
MAX_TEXT_FILE = 16 << 20
#: characters of one line of a line file (a domain name has at most 253)
MAX_LINE = 4096
#: the largest offset or limit a listing takes (beyond any table; databases overflow at 2**63)
MAX_INDEX = 2**53


def _check_file(path: str, what: str) -> None:
    if os.path.isdir(path):
        raise InvalidInput(f"{path}: is a directory, not a {what}", {"file": path})
    if not os.path.exists(path):
        raise InvalidInput(f"{path}: no such file", {"file": path})
    if not os.access(path, os.R_OK):
        raise InvalidInput(f"{path}: not readable (permission denied)", {"file": path})


def read_text(path: str, what: str = "text file", max_bytes: int = MAX_TEXT_FILE) -> str:
    """The whole UTF-8 text of ``path`` (``-``: standard input), at most ``max_bytes``.
    Raises InvalidInput (missing, a directory, too large, binary or not UTF-8)."""
    if path == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
    else:
        _check_file(path, what)
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InvalidInput(
            f"{path}: larger than {max_bytes} bytes, too large for a {what}", {"file": path, "max_bytes": max_bytes}
        )
    if b"\0" in data:
        raise InvalidInput(f"{path}: a binary file, not a {what}", {"file": path})
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InvalidInput(
            f"{path}: not UTF-8 text (line {line}, byte {exc.start}); save it as UTF-8", {"file": path, "line": line}
        ) from None


def read_lines(path: str, max_line: int = MAX_LINE) -> Iterator[str]:
    """The lines of ``path`` without their ends, streamed; a line longer than ``max_line``
    characters is cut there (and then fails whatever validation it meets, by its start).
    Undecodable bytes become U+FFFD. Raises InvalidInput (missing, a directory)."""
    _check_file(path, "line file")
    with open(path, encoding="utf-8", errors="replace", newline=None) as fh:
        while True:
            line = fh.readline(max_line + 1)
            if not line:
                return
            if line.endswith("\n"):
                yield line.rstrip("\r\n")
                continue
            if len(line) <= max_line:
                yield line  # the last line, without an end
                continue
            # cut: skip the rest of the overlong line in bounded reads
            yield line[:max_line]
            while (rest := fh.readline(max_line)) and not rest.endswith("\n"):
                pass


def count_lines(path: str, max_line: int = MAX_LINE) -> int:
    return sum(1 for _ in read_lines(path, max_line))


def index(value: str) -> int:
    """An argparse type: an offset or limit, 0 ≤ n ≤ MAX_INDEX."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if not 0 <= n <= MAX_INDEX:
        raise argparse.ArgumentTypeError(f"{value} is out of range (0..{MAX_INDEX})")
    return n
