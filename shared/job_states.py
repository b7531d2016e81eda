"""One vocabulary of job states for people (#33): the word each :class:`JobStatus` is shown as,
the words a person may filter jobs by and the states each stands for, and which jobs can be
resubmitted. The scheduler's job filter, ``nas jobs`` and the desktop's job screens all use it, so
``harvests now`` saying "queued" and ``jobs list --status queued`` mean the same jobs, and a
cancelled job reads "cancelled" everywhere (docs/scheduler.md, "Job states").

The stored states and the wire (``--json``, the DTOs) keep :class:`JobStatus`'s values; only what
a person reads or types goes through here. English words: the desktop translates them
(desktop/vocab.py), the command line shows them as they are.
"""
from __future__ import annotations

from collections.abc import Iterable

from shared.enums import JobStatus

S = JobStatus

#: the word a person reads for each state
WORDS: dict[JobStatus, str] = {
    S.NEW: "new",                    # made, not yet offered to a harvester
    S.SUBMITTED: "queued",           # waiting for a harvester of its channel
    S.STARTED: "running",            # a harvester is crawling it
    S.DONE: "done",
    S.FAILED: "failed",
    S.RESUBMITTED: "resubmitted",    # failed, and a new job was made from it
    S.FAILED_REJECTED: "cancelled",  # only a curator's cancel ends a job so (server/scheduler)
}

#: the words a person may filter by, in the order a list offers them, and the states each means.
#: "failed" is every job that ended without its harvest: failed, cancelled, or failed and
#: resubmitted since. The stored values (``submitted``, ``started``, ``failed_rejected``) are
#: accepted too, each for its one state; for "failed" the word's meaning wins.
FILTERS: dict[str, tuple[JobStatus, ...]] = {
    "queued": (S.NEW, S.SUBMITTED),
    "running": (S.STARTED,),
    "done": (S.DONE,),
    "failed": (S.FAILED, S.FAILED_REJECTED, S.RESUBMITTED),
    "cancelled": (S.FAILED_REJECTED,),
    "resubmitted": (S.RESUBMITTED,),
    "new": (S.NEW,),
}
_ALSO = {s.value: (s,) for s in JobStatus if s.value not in FILTERS}

#: the states a job has ended in: nothing more happens to it by itself (a failed one may be
#: resubmitted by a person, which makes a new job)
ENDED: tuple[JobStatus, ...] = (S.DONE, S.FAILED, S.RESUBMITTED, S.FAILED_REJECTED)

#: the states a job can be resubmitted from (a new job made with its configurations and seeds)
RESUBMITTABLE: tuple[JobStatus, ...] = (S.FAILED, S.FAILED_REJECTED)


def word(status: JobStatus | str) -> str:
    """The word people read for ``status`` (a stored value not in the vocabulary as it is)."""
    try:
        return WORDS[JobStatus(status)]
    except ValueError:
        return str(status)


def filter_words() -> list[str]:
    """Every word :func:`states_for` takes, the vocabulary's first."""
    return [*FILTERS, *_ALSO]


def states_for(words: str | Iterable[str]) -> list[JobStatus]:
    """The states the filter words stand for (any of them), in :class:`JobStatus` order.
    Raises InvalidInput naming the word and the choices."""
    from shared.errors import InvalidInput

    wanted: set[JobStatus] = set()
    for w in [words] if isinstance(words, str) else list(words):
        key = str(w).strip().lower()
        states = FILTERS.get(key) or _ALSO.get(key)
        if states is None:
            raise InvalidInput(f"unknown job status {w!r}; one of {', '.join(filter_words())}",
                               {"field": "status", "value": str(w), "choices": filter_words()})
        wanted.update(states)
    return [s for s in JobStatus if s in wanted]


def has_ended(status: JobStatus | str) -> bool:
    """Whether a job in ``status`` has ended (done, failed, cancelled or resubmitted)."""
    try:
        return JobStatus(status) in ENDED
    except ValueError:
        return False


def can_resubmit(status: JobStatus | str, resubmitted_as: int | None = None) -> bool:
    """A failed or cancelled job that no new job was made from yet."""
    try:
        return JobStatus(status) in RESUBMITTABLE and not resubmitted_as
    except ValueError:
        return False
