"""#33: one vocabulary of job states (shared/job_states.py): every state has the word people read,
the filter words stand for the states the words promise ("queued" is what `harvests now` says it
made; "failed" finds cancelled and resubmitted jobs too), a word not in it is refused naming the
choices, and a failed or cancelled job can be resubmitted."""
from __future__ import annotations

import pytest

from shared import job_states
from shared.enums import JobStatus
from shared.errors import InvalidInput


def test_every_state_has_one_word_and_a_filter_word_that_finds_it():
    assert set(job_states.WORDS) == set(JobStatus)
    for status, word in job_states.WORDS.items():
        assert status in job_states.states_for(word), (status, word)
    assert job_states.word(JobStatus.FAILED_REJECTED) == "cancelled"
    assert job_states.word("submitted") == "queued"


@pytest.mark.parametrize(("words", "states"), [
    ("queued", {"new", "submitted"}),
    ("running", {"started"}),
    ("failed", {"failed", "failed_rejected", "resubmitted"}),
    ("cancelled", {"failed_rejected"}),
    (["done", "cancelled"], {"done", "failed_rejected"}),
    ("Submitted", {"submitted"}),                      # the stored values still work, any case
    ("failed_rejected", {"failed_rejected"}),
])
def test_filter_words_stand_for_their_states(words, states):
    assert {s.value for s in job_states.states_for(words)} == states


def test_a_word_outside_the_vocabulary_is_refused_with_the_choices():
    with pytest.raises(InvalidInput) as err:
        job_states.states_for(["done", "sleeping"])
    assert "'sleeping'" in err.value.message and "queued" in err.value.message and "cancelled" in err.value.message


def test_failed_and_cancelled_jobs_are_resubmittable_once():
    assert job_states.can_resubmit(JobStatus.FAILED) and job_states.can_resubmit("failed_rejected")
    assert not job_states.can_resubmit(JobStatus.FAILED, resubmitted_as=9)
    assert not any(job_states.can_resubmit(s) for s in (JobStatus.DONE, JobStatus.STARTED, JobStatus.RESUBMITTED))

