"""How many objects a domain configuration is expected to yield: the seeds' size estimation.

1. The best previous harvest: the most recent one that completed, else the one that fetched
   the most objects (:func:`best_harvest`).
2. Object size: that harvest's average, if it fetched at least 50 objects, but never below
   ``expected_average_bytes_per_object``.
3. Maximum: from the limits of the configuration and of the harvest and that object size; with
   no limit at all, ``max_domain_size``.
4. Minimum: the objects of the best harvest, 0 if there is none.
5. Estimate: minimum + (maximum - minimum) / error factor, the factor being
   ``error_factor_prev_result`` if the best harvest completed, ``error_factor_best_guess`` if not.
6. Capped at the maximum.

Integer arithmetic throughout, as in the original (Java ``long``), with division truncating
toward zero. When both an object and a byte limit apply, the maximum is the smaller of
what each allows (the seeds say "based on the current limits"; taking the tighter one is the only
reading under which no limit is exceeded).
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable

from shared.enums import StopReason

#: a previous harvest needs this many objects before its average object size is trusted
MIN_OBJECTS_TO_ESTIMATE_FROM = 50
NO_LIMIT = -1


@dataclasses.dataclass(frozen=True)
class EstimationSettings:
    expected_average_bytes_per_object: int = 38000
    max_domain_size: int = 5000
    error_factor_prev_result: int = 10
    error_factor_best_guess: int = 2

    @classmethod
    def from_settings(cls, settings) -> EstimationSettings:
        p = "harvest.scheduler.jobgen."
        return cls(settings[p + "expected_average_bytes_per_object"], settings[p + "max_domain_size"],
                   settings[p + "error_factor_prev_result"], settings[p + "error_factor_best_guess"])


@dataclasses.dataclass(frozen=True)
class PreviousHarvest:
    """One row of a configuration's harvest history, as the estimate needs it."""

    objects: int
    bytes: int
    stop_reason: str
    ended_at: dt.datetime | None = None
    id: int = 0

    @property
    def completed(self) -> bool:
        return self.stop_reason == StopReason.COMPLETED


def best_harvest(history: Iterable[PreviousHarvest]) -> PreviousHarvest | None:
    """The most recent completed harvest; if none completed, the one with the most objects.
    Ties go to the later row (larger id)."""
    best_complete: PreviousHarvest | None = None
    largest: PreviousHarvest | None = None
    for h in history:
        if h.completed and (best_complete is None or _later(h, best_complete)):
            best_complete = h
        if largest is None or (h.objects, h.id) > (largest.objects, largest.id):
            largest = h
    return best_complete or largest


def _later(a: PreviousHarvest, b: PreviousHarvest) -> bool:
    epoch = dt.datetime.min.replace(tzinfo=dt.UTC)
    return (a.ended_at or epoch, a.id) > (b.ended_at or epoch, b.id)


def _div(a: int, b: int) -> int:
    """Integer division truncating toward zero (Java's ``/`` on longs)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def min_limit(*limits: int | None) -> int:
    """The tightest of several limits where -1 (or None) means none; -1 if none applies."""
    real = [x for x in limits if x is not None and x >= 0]
    return min(real) if real else NO_LIMIT


def expected_objects(best: PreviousHarvest | None, config_max_objects: int, config_max_bytes: int,
                     harvest_max_objects: int | None, harvest_max_bytes: int | None,
                     s: EstimationSettings) -> int:
    """The expected number of objects of one configuration in a harvest with the given limits
    (-1 or None: no limit)."""
    object_size = s.expected_average_bytes_per_object
    minimum = 0
    if best is not None:
        minimum = best.objects
        if best.objects >= MIN_OBJECTS_TO_ESTIMATE_FROM:
            object_size = max(object_size, _div(best.bytes, best.objects))
    maximum = maximum_objects(config_max_objects, config_max_bytes, harvest_max_objects, harvest_max_bytes,
                              object_size, s)
    factor = s.error_factor_prev_result if best is not None and best.completed else s.error_factor_best_guess
    expected = minimum + _div(maximum - minimum, factor)
    return min(expected, maximum)


def maximum_objects(config_max_objects: int, config_max_bytes: int, harvest_max_objects: int | None,
                    harvest_max_bytes: int | None, object_size: int, s: EstimationSettings) -> int:
    """Most objects the limits allow at ``object_size`` bytes each (stage 3)."""
    object_limit = min_limit(config_max_objects, harvest_max_objects)
    byte_limit = min_limit(config_max_bytes, harvest_max_bytes)
    candidates = []
    if object_limit != NO_LIMIT:
        candidates.append(object_limit)
    if byte_limit != NO_LIMIT:
        candidates.append(_div(byte_limit, object_size))
    return min(candidates) if candidates else s.max_domain_size
