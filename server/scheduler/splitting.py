"""The seeds' check whether a domain configuration may join the job being built, in its six
stages, and the builder that turns a sorted stream of configurations into jobs.

1. not already in the job;
2. the job stays within ``config_chunk_size`` configurations;
3. same crawl profile as the job;
4. byte limits compatible: if the harvest definition decides the job's byte limit, the
   configuration's own limit must not be smaller than the definition's; if a configuration
   decided it, this one must have exactly the same limit;
5. the job's total expected objects stay within ``max_total_size``;
6. the largest and smallest expectations in the job differ by a factor of at most
   ``max_relative_size_difference`` — unless they differ by less than
   ``min_absolute_size_difference`` objects, when the relative difference is ignored.

The first configuration of a job is always taken (a configuration too big on its own still
gets a job). Limits are -1 for "none", which is larger than any number.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import NamedTuple

NO_LIMIT = -1


@dataclasses.dataclass(frozen=True)
class SplitSettings:
    config_chunk_size: int = 10000
    max_total_size: int = 8_000_000
    max_relative_size_difference: int = 100
    min_absolute_size_difference: int = 2000

    @classmethod
    def from_settings(cls, settings) -> SplitSettings:
        p = "harvest.scheduler.jobgen."
        return cls(settings[p + "config_chunk_size"], settings[p + "max_total_size"],
                   settings[p + "max_relative_size_difference"], settings[p + "min_absolute_size_difference"])


class Candidate(NamedTuple):
    """A domain configuration as the splitter sees it. A named tuple, not a frozen dataclass:
    job generation makes one per configuration of the run (2,000,000 for a snapshot), and a
    frozen dataclass sets each field through ``object.__setattr__``, several times slower."""

    configuration_id: int
    domain_id: int
    profile_id: int
    max_bytes: int            # the configuration's own byte limit, -1: none
    max_objects: int
    expected_objects: int
    previous_job_id: int | None = None


def compare_limits(a: int, b: int) -> int:
    """-1, 0, 1 as ``a`` is smaller, equal, larger, where -1 (no limit) is the largest."""
    if a == b:
        return 0
    if a == NO_LIMIT:
        return 1
    if b == NO_LIMIT:
        return -1
    return -1 if a < b else 1


def byte_order(limit: int) -> int:
    """A sort key for a byte limit with "none" after every real limit."""
    return 2 ** 62 if limit == NO_LIMIT else limit


@dataclasses.dataclass
class JobDraft:
    """The job being built: its configurations and what the check needs to know of them."""

    profile_id: int
    harvest_max_bytes: int
    max_bytes: int                      # the job's byte limit per domain
    byte_limit_from_configuration: bool
    candidates: list[Candidate] = dataclasses.field(default_factory=list)
    ids: set[int] = dataclasses.field(default_factory=set)
    total_expected: int = 0
    min_expected: int = 0
    max_expected: int = 0

    @classmethod
    def start(cls, first: Candidate, harvest_max_bytes: int | None) -> JobDraft:
        harvest_limit = NO_LIMIT if harvest_max_bytes is None else harvest_max_bytes
        # the configuration decides the byte limit when its own is tighter than the definition's
        from_config = compare_limits(first.max_bytes, harvest_limit) < 0
        draft = cls(first.profile_id, harvest_limit, first.max_bytes if from_config else harvest_limit, from_config,
                    min_expected=first.expected_objects, max_expected=first.expected_objects)
        draft._add(first)
        return draft

    def _add(self, c: Candidate) -> None:
        self.candidates.append(c)
        self.ids.add(c.configuration_id)
        self.total_expected += c.expected_objects
        self.min_expected = min(self.min_expected, c.expected_objects)
        self.max_expected = max(self.max_expected, c.expected_objects)

    def refusal(self, c: Candidate, s: SplitSettings) -> int:
        """0 if ``c`` may join, else the number of the first stage that refuses it."""
        if c.configuration_id in self.ids:
            return 1
        if len(self.candidates) + 1 > s.config_chunk_size:
            return 2
        if c.profile_id != self.profile_id:
            return 3
        if self.byte_limit_from_configuration:
            if c.max_bytes != self.max_bytes:
                return 4
        elif compare_limits(c.max_bytes, self.harvest_max_bytes) < 0:
            return 4
        if self.total_expected + c.expected_objects > s.max_total_size:
            return 5
        if not relative_size_ok(min(self.min_expected, c.expected_objects),
                                max(self.max_expected, c.expected_objects), s):
            return 6
        return 0

    def try_add(self, c: Candidate, s: SplitSettings) -> bool:
        if self.refusal(c, s):
            return False
        self._add(c)
        return True


def relative_size_ok(smallest: int, largest: int, s: SplitSettings) -> bool:
    """Stage 6: ``largest / smallest <= max_relative_size_difference`` (exactly, no rounding;
    a smallest of 0 makes the factor infinite), unless ``largest - smallest`` is below
    ``min_absolute_size_difference``."""
    if largest - smallest < s.min_absolute_size_difference:
        return True
    return largest <= s.max_relative_size_difference * smallest


def split(candidates: Iterable[Candidate], harvest_max_bytes: int | None, s: SplitSettings) -> Iterator[JobDraft]:
    """Jobs from one chunk of configurations, in the order given (sorted by profile, byte limit,
    expected objects): each configuration joins the current job or, refused, starts the next."""
    draft: JobDraft | None = None
    for c in candidates:
        if draft is not None and draft.try_add(c, s):
            continue
        if draft is not None:
            yield draft
        draft = JobDraft.start(c, harvest_max_bytes)
    if draft is not None:
        yield draft
