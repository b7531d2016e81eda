"""Run numbers as people see them.

A harvest definition's runs are stored counted from 0 (``jobs.harvest_run`` is the number of runs
made before this one, and ``harvest_definitions.runs`` the number made so far), which is what the
scheduler computes with. People count from 1: after the first run a definition says "1 run" and
that run's jobs say "run 1". So every place a person reads or types a run number — the CLI's
tables, ``jobs list --run``, ``harvests now``, the desktop's jobs screen, job details and charts,
the docs — shows ``stored + 1`` and converts what is typed back with ``stored_run``. Machine
output (``--json``, the RPC DTOs) keeps the stored number, as the wire always has.

Chosen over storing 1-based numbers with a migration: the stored number is arithmetic the
scheduler already does (the next run is ``runs``), and a migration would renumber every job of a
running installation for a change that only concerns what people read
(docs/decisions/scheduler-run-numbers.md).
"""
from __future__ import annotations


def shown_run(stored: int | None) -> int | None:
    """The run number a person reads for a stored ``harvest_run`` (0 → 1)."""
    return None if stored is None else int(stored) + 1


def stored_run(shown: int) -> int:
    """The stored ``harvest_run`` for a run number a person typed (1 → 0). Raises ValueError
    below 1."""
    if int(shown) < 1:
        raise ValueError("runs are numbered from 1")
    return int(shown) - 1
