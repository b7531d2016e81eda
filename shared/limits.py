"""The limits a curator sets on a harvest or a configuration, checked the same way everywhere.

A byte or object limit is a whole number ≥ 0, or ``NO_LIMIT`` (-1) for none; a job's running
time is whole seconds ≥ 0, 0 for none. The definitions service checks what it is sent with these
functions, and the desktop checks what a curator typed with them before sending (creating and
editing alike), so the two can never disagree about what is allowed.
"""
from __future__ import annotations

from typing import Literal

NO_LIMIT = -1
#: a running time of 0 means "no limit"
NO_TIME_LIMIT = 0

LimitKind = Literal["size", "time"]


class LimitProblem(ValueError):
    """``value`` is not allowed for ``field``; ``minimum`` is the least allowed value."""

    def __init__(self, field: str, value: object, minimum: int, message: str):
        super().__init__(message)
        self.field, self.value, self.minimum = field, value, minimum


def minimum(kind: LimitKind) -> int:
    """The least value a limit of ``kind`` takes (-1 for sizes: no limit; 0 for times)."""
    return NO_LIMIT if kind == "size" else NO_TIME_LIMIT


def no_limit(kind: LimitKind) -> int:
    """The value that means "no limit" for ``kind`` (what an empty field stands for)."""
    return NO_LIMIT if kind == "size" else NO_TIME_LIMIT


def check(value: object, field: str, kind: LimitKind = "size") -> int:
    """``value`` as a limit of ``kind`` for ``field``; raises LimitProblem."""
    least = minimum(kind)
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        if kind == "size":
            message = f"{field} must be a whole number ≥ 0, or -1 for no limit (not {value!r})"
        else:
            message = f"{field} must be a whole number of seconds ≥ 0 (0: no limit) (not {value!r})"
        raise LimitProblem(field, value, least, message)
    return value
