"""Names in the index cache: job sets, cache entries and the kinds of index.

A job set is named as the seeds name CrawlLogIndexCache files: up to four ids joined with ``-``;
a larger set by its four lowest ids and the MD5 of all its ids in order, so that a set of
thousands of jobs still gives a short, unique file name (``1-2-3-4-9f1c…``).
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any

from shared.errors import InvalidInput

KINDS = ("cdx", "dedup", "full")
_NAME = re.compile(r"^\d+(-\d+){0,3}(-[0-9a-f]{32})?$")


def check_kind(kind: Any) -> str:
    """``kind`` if it is one of cdx, dedup, full; else InvalidInput."""
    if kind not in KINDS:
        raise InvalidInput(f"unknown index kind {kind!r}: one of {', '.join(KINDS)}", {"kind": str(kind)})
    return kind


def check_job_ids(job_ids: Any) -> list[int]:
    """The ids sorted and without repeats. Raises InvalidInput for an empty set or anything that is
    not a positive whole number (naming the first few)."""
    if isinstance(job_ids, (str, bytes)) or not isinstance(job_ids, Iterable):
        raise InvalidInput("job ids must be a list of job numbers", {"job_ids": str(job_ids)[:200]})
    ids: set[int] = set()
    bad: list[str] = []
    for value in job_ids:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            bad.append(repr(value))
            continue
        text = str(value).strip()
        if not text.isdigit() or int(text) <= 0:
            bad.append(repr(value))
            continue
        ids.add(int(text))
    if bad:
        raise InvalidInput(f"job ids must be positive whole numbers, not {', '.join(bad[:5])}"
                           + (f" and {len(bad) - 5} more" if len(bad) > 5 else ""), {"bad": bad[:20]})
    if not ids:
        raise InvalidInput("an index needs at least one job id (the set is empty)", {"job_ids": []})
    return sorted(ids)


def set_name(job_ids: Iterable[int]) -> str:
    """The seeds' file name of a job set: ``1-2-3`` or ``1-2-3-4-<md5 of 1-2-…-n>``."""
    ids = sorted(set(int(i) for i in job_ids))
    if not ids:
        raise InvalidInput("an empty job set has no name", {"job_ids": []})
    if len(ids) <= 4:
        return "-".join(map(str, ids))
    digest = hashlib.md5("-".join(map(str, ids)).encode("ascii")).hexdigest()  # noqa: S324 - a name, not security
    return "-".join(map(str, ids[:4])) + "-" + digest


def check_set_name(name: str) -> str:
    """A set name as :func:`set_name` makes them; anything else (``..``, slashes) is InvalidInput."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise InvalidInput(f"{name!r} is not the name of an index", {"name": str(name)[:200]})
    return name


def parse_job_list(text: str) -> list[int]:
    """``"1,2,5-9"`` → [1, 2, 5, 6, 7, 8, 9] (for the command line). Raises InvalidInput."""
    ids: list[int] = []
    for part in (p.strip() for p in str(text).replace(" ", ",").split(",")):
        if not part:
            continue
        first, sep, last = part.partition("-")
        if sep and first.isdigit() and last.isdigit():
            a, b = int(first), int(last)
            if a > b:
                raise InvalidInput(f"the range {part!r} runs backwards", {"range": part})
            if b - a > 1_000_000:
                raise InvalidInput(f"the range {part!r} is too long (at most a million jobs)", {"range": part})
            ids.extend(range(a, b + 1))
        elif not sep and part.isdigit():
            ids.append(int(part))
        else:
            raise InvalidInput(f"{part!r} is not a job number or a range like 5-9", {"part": part})
    return check_job_ids(ids)
