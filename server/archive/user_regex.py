"""Regular expressions from users (batch file selection, ``list_files``, the urlsearch job),
with a time limit per match: one pathological pattern cannot hang a bitarchive.

Python's ``re`` cannot be interrupted: ``(a|aa)+$`` against a long name backtracks for longer
than the age of the universe while the service's event loop stands still. The ``regex`` package
runs the same syntax (``VERSION0``: ``re``-compatible) and stops a match after ``timeout``
seconds; the caller then gets :class:`shared.errors.InvalidRegex` with ``reason: timeout``
instead of a stalled service. A pattern that is merely slow on one input fails the operation
whole: a silent partial selection would be worse.
"""
from __future__ import annotations

import regex

from shared.errors import InvalidRegex

#: seconds one match of one user pattern against one string may take (a file name or a URL
#: takes microseconds with any sane pattern)
MATCH_TIMEOUT = 0.5


class UserPattern:
    """``UserPattern(text)``: compiled, or InvalidRegex naming the position of the error."""

    def __init__(self, pattern: str, timeout: float = MATCH_TIMEOUT):
        if not isinstance(pattern, str):
            raise InvalidRegex("a regular expression must be text", {"regex": repr(pattern)[:200]})
        if len(pattern) > 4000:
            raise InvalidRegex("the regular expression is longer than 4000 characters", {"regex": pattern[:200]})
        try:
            self._compiled = regex.compile(pattern, flags=regex.VERSION0)
        except regex.error as exc:
            raise InvalidRegex(f"{pattern!r}: {exc}", {"regex": pattern, "position": exc.pos}) from None
        self.pattern = pattern
        self.timeout = timeout

    def _bounded(self, fn, text: str):
        try:
            return fn(text, timeout=self.timeout)
        except TimeoutError:
            raise InvalidRegex(f"{self.pattern!r} takes longer than {self.timeout:g}s to match {text[:80]!r} "
                               "(catastrophic backtracking?): simplify it",
                               {"regex": self.pattern, "reason": "timeout"}) from None

    def fullmatch(self, text: str):
        return self._bounded(self._compiled.fullmatch, text)

    def search(self, text: str):
        return self._bounded(self._compiled.search, text)
