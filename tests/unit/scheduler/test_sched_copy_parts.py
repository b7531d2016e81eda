"""How a run's copy is cut into parts to run side by side (server/scheduler/entries.py: parts)."""
from server.scheduler.entries import parts


def _key(n):
    return (1, 0, n, n)


def test_one_part_is_the_whole_run():
    assert parts([(_key(1), 5), (_key(2), 5)], 1) == [(None, None)]


def test_parts_start_at_job_boundaries_and_hold_about_as_many_entries_each():
    starts = [(_key(k), 100) for k in range(10)]
    assert parts(starts, 2) == [(None, _key(5)), (_key(5), None)]
    assert parts(starts, 3) == [(None, _key(4)), (_key(4), _key(7)), (_key(7), None)]


def test_a_job_is_never_cut_and_there_are_never_more_parts_than_jobs():
    assert parts([(_key(1), 1000), (_key(2), 1)], 2) == [(None, _key(2)), (_key(2), None)]
    assert parts([(_key(1), 1000)], 4) == [(None, None)]
    assert parts([(_key(1), 10), (_key(2), 10)], 8) == [(None, _key(2)), (_key(2), None)]
