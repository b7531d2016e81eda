"""A harvester started before its scheduler logs that at info; only a long silence is a warning."""
import logging

from server.harvester.runner import SchedulerAbsence
from shared.errors import Unavailable


def test_a_scheduler_not_up_yet_is_info_and_a_long_silence_one_warning(caplog):
    now = [0.0]
    absence = SchedulerAbsence(warn_after=300, clock=lambda: now[0])
    caplog.set_level(logging.INFO, logger="server.harvester.runner")
    for t in (0, 10, 20, 290):
        now[0] = t
        absence.missing(Unavailable("the scheduler does not answer claim_job"))
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    for t in (300, 310, 600):
        now[0] = t
        absence.missing(Unavailable("the scheduler does not answer claim_job"))
    assert [r.levelno for r in caplog.records].count(logging.WARNING) == 1
    absence.answered()
    assert caplog.records[-1].levelno == logging.INFO and "answers again" in caplog.records[-1].getMessage()
