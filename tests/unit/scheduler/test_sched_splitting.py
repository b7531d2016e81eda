"""Each stage of the seeds' splitting check, and the builder over a sorted stream."""
import pytest

from server.scheduler.splitting import (
    Candidate,
    JobDraft,
    SplitSettings,
    compare_limits,
    relative_size_ok,
    split,
)

S = SplitSettings()  # 10000 configurations, 8,000,000 objects, factor 100, 2000 absolute


def c(cid, expected=100, profile=1, max_bytes=-1, domain=None):
    return Candidate(cid, domain or cid, profile, max_bytes, -1, expected)


def test_defaults_are_the_seeds():
    assert (S.config_chunk_size, S.max_total_size, S.max_relative_size_difference,
            S.min_absolute_size_difference) == (10000, 8_000_000, 100, 2000)


def test_stage1_a_configuration_is_not_added_twice():
    d = JobDraft.start(c(1), None)
    assert d.refusal(c(1), S) == 1


def test_stage2_no_more_than_config_chunk_size_configurations():
    s = SplitSettings(config_chunk_size=3)
    d = JobDraft.start(c(1), None)
    assert d.try_add(c(2), s) and d.try_add(c(3), s)
    assert d.refusal(c(4), s) == 2


def test_stage3_same_crawl_profile():
    d = JobDraft.start(c(1, profile=1), None)
    assert d.refusal(c(2, profile=2), S) == 3
    assert d.refusal(c(2, profile=1), S) == 0


def test_stage4_harvest_decides_the_byte_limit():
    d = JobDraft.start(c(1, max_bytes=-1), 1000)          # config has none: the harvest's 1000 applies
    assert not d.byte_limit_from_configuration and d.max_bytes == 1000
    assert d.refusal(c(2, max_bytes=5000), S) == 0          # not smaller than the harvest's: fine
    assert d.refusal(c(3, max_bytes=1000), S) == 0
    assert d.refusal(c(4, max_bytes=999), S) == 4           # smaller than the harvest's: refused


def test_stage4_a_configuration_decides_the_byte_limit():
    d = JobDraft.start(c(1, max_bytes=500), 1000)           # tighter than the harvest: it decides
    assert d.byte_limit_from_configuration and d.max_bytes == 500
    assert d.refusal(c(2, max_bytes=500), S) == 0
    assert d.refusal(c(3, max_bytes=400), S) == 4
    assert d.refusal(c(4, max_bytes=-1), S) == 4


def test_stage4_no_harvest_limit_any_configuration_limit_decides():
    d = JobDraft.start(c(1, max_bytes=10**9), None)         # selective: the configuration decides
    assert d.byte_limit_from_configuration
    assert d.refusal(c(2, max_bytes=10**9), S) == 0
    assert d.refusal(c(3, max_bytes=2 * 10**9), S) == 4
    both_none = JobDraft.start(c(1, max_bytes=-1), None)
    assert not both_none.byte_limit_from_configuration and both_none.refusal(c(2, max_bytes=-1), S) == 0
    assert both_none.refusal(c(3, max_bytes=10), S) == 4


def test_stage5_total_expected_objects_within_max_total_size():
    d = JobDraft.start(c(1, expected=5_000_000), None)
    assert d.refusal(c(2, expected=3_000_000), S) == 0       # exactly 8,000,000: allowed
    assert d.refusal(c(3, expected=3_000_001), S) == 5


def test_stage6_relative_difference_at_most_100():
    d = JobDraft.start(c(1, expected=100), None)
    assert d.refusal(c(2, expected=10_000), S) == 0           # factor exactly 100
    assert d.refusal(c(3, expected=10_001), S) == 6           # factor 100.01 and 9901 apart
    big = JobDraft.start(c(1, expected=50_000), None)
    assert big.refusal(c(2, expected=499), S) == 6            # smaller side counts too


def test_stage6_small_absolute_difference_ignores_the_relative_one():
    d = JobDraft.start(c(1, expected=1), None)
    assert d.refusal(c(2, expected=2000), S) == 0             # factor 2000 but only 1999 apart
    assert d.refusal(c(3, expected=2001), S) == 6             # 2000 apart: no longer "less than" 2000
    zero = JobDraft.start(c(1, expected=0), None)
    assert zero.refusal(c(2, expected=1999), S) == 0          # from 0: infinite factor, small difference
    assert zero.refusal(c(2, expected=2000), S) == 6


@pytest.mark.parametrize(("lo", "hi", "ok"), [(10, 1000, True), (10, 1001, True), (30, 3001, False),
                                               (20, 2019, True), (0, 0, True)])
def test_relative_size_ok_examples(lo, hi, ok):
    # (10, 1001): factor 100.1 but only 991 apart: allowed by the absolute exception
    assert relative_size_ok(lo, hi, S) is ok


def test_first_configuration_always_makes_a_job_even_if_too_big():
    jobs = list(split([c(1, expected=9_000_000)], None, S))
    assert len(jobs) == 1 and jobs[0].total_expected == 9_000_000


def test_split_sorted_stream_into_jobs():
    stream = ([c(i, expected=10) for i in range(1, 6)]                  # small ones together
              + [c(i, expected=50_000) for i in range(6, 9)]            # too far from 10: new job
              + [c(9, expected=60_000, profile=2)])                     # other profile: new job
    jobs = list(split(stream, None, S))
    assert [[x.configuration_id for x in j.candidates] for j in jobs] == [[1, 2, 3, 4, 5], [6, 7, 8], [9]]
    assert [j.total_expected for j in jobs] == [50, 150_000, 60_000]


def test_compare_limits_treats_minus_one_as_infinite():
    assert compare_limits(-1, 10**12) == 1 and compare_limits(5, -1) == -1 and compare_limits(-1, -1) == 0
