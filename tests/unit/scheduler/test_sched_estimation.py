"""The seeds' size estimation, worked through by hand for each case."""
import datetime as dt

from server.scheduler.estimation import (
    EstimationSettings,
    PreviousHarvest,
    best_harvest,
    expected_objects,
    maximum_objects,
)

S = EstimationSettings()  # the seeds' defaults: 38000 B/object, 5000 max, factors 10 and 2
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)


def h(objects, nbytes, reason="completed", days=0, id=0):
    return PreviousHarvest(objects, nbytes, reason, T0 + dt.timedelta(days=days), id)


def test_defaults_are_the_seeds():
    assert (S.expected_average_bytes_per_object, S.max_domain_size, S.error_factor_prev_result,
            S.error_factor_best_guess) == (38000, 5000, 10, 2)


def test_never_harvested_no_limits_uses_max_domain_size_and_best_guess():
    # min 0, max 5000 (maxDomainSize), factor 2: 0 + 5000/2
    assert expected_objects(None, -1, -1, None, None, S) == 2500


def test_never_harvested_byte_limit_divided_by_default_object_size():
    # max = 1e9 / 38000 = 26315 (integer), min 0, factor 2 → 13157
    assert expected_objects(None, -1, 1_000_000_000, None, None, S) == 13157


def test_completed_previous_harvest_uses_its_average_and_factor_ten():
    best = h(1000, 100_000_000)  # average 100,000 B/object > 38,000
    # max = 1e9 / 100000 = 10000; min = 1000; 1000 + 9000/10 = 1900
    assert expected_objects(best, -1, 1_000_000_000, None, None, S) == 1900


def test_small_average_is_raised_to_expected_average_bytes_per_object():
    best = h(1000, 1_000_000)  # 1000 B/object, below 38000: 38000 is used
    # max = 1e9/38000 = 26315; 1000 + 25315/10 = 3531 (integer division)
    assert expected_objects(best, -1, 1_000_000_000, None, None, S) == 3531


def test_fewer_than_50_objects_do_not_give_the_average():
    best = h(49, 49 * 1_000_000)  # would be 1 MB/object, but too few objects to trust
    # object size stays 38000: max 26315; 49 + (26315-49)/10 = 49 + 2626 = 2675
    assert expected_objects(best, -1, 1_000_000_000, None, None, S) == 2675
    best50 = h(50, 50 * 1_000_000)  # 50 objects: trusted, 1 MB/object → max 1000
    assert expected_objects(best50, -1, 1_000_000_000, None, None, S) == 50 + (1000 - 50) // 10


def test_not_completed_uses_best_guess_factor():
    best = h(1000, 100_000_000, reason="size-limit")
    # max 10000, min 1000, factor 2: 1000 + 9000/2 = 5500
    assert expected_objects(best, -1, 1_000_000_000, None, None, S) == 5500


def test_capped_at_the_maximum_when_the_previous_harvest_got_more():
    best = h(20000, 20000 * 40000)  # 40000 B/object; max = 1e8/40000 = 2500 < min 20000
    # 20000 + (2500-20000)/10 = 20000 - 1750 = 18250 → capped at 2500
    assert expected_objects(best, -1, 100_000_000, None, None, S) == 2500


def test_object_limits_and_harvest_limits_take_the_tightest():
    assert maximum_objects(300, -1, None, None, 38000, S) == 300
    assert maximum_objects(-1, -1, 200, None, 38000, S) == 200
    assert maximum_objects(-1, 38_000_000, None, 19_000_000, 38000, S) == 500   # harvest bytes tighter
    assert maximum_objects(900, 38_000_000, None, None, 38000, S) == 900        # objects tighter
    assert maximum_objects(2000, 38_000_000, None, None, 38000, S) == 1000       # bytes allow 1000 < 2000
    # a snapshot with an object cap and nothing else: 0 + 300/2
    assert expected_objects(None, -1, -1, 300, None, S) == 150


def test_best_harvest_is_most_recent_complete_else_largest():
    old_complete = h(10, 1, "completed", days=1, id=1)
    new_complete = h(5, 1, "completed", days=3, id=2)
    big_unfinished = h(900, 1, "object-limit", days=4, id=3)
    assert best_harvest([old_complete, big_unfinished, new_complete]) == new_complete
    assert best_harvest([h(7, 1, "unfinished", id=1), h(300, 1, "size-limit", id=2), h(20, 1, "unfinished", id=3)]
                        ).objects == 300
    assert best_harvest([]) is None


def test_settings_change_the_result():
    s = EstimationSettings(expected_average_bytes_per_object=1000, max_domain_size=100, error_factor_prev_result=4,
                           error_factor_best_guess=1)
    assert expected_objects(None, -1, -1, None, None, s) == 100              # factor 1: the maximum
    assert expected_objects(h(20, 20), -1, -1, None, None, s) == 20 + 80 // 4
