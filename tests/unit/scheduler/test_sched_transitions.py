"""Job states: the legal moves the scheduler makes, and that the illegal ones are refused."""
import pytest

from shared.enums import JobStatus as S
from shared.errors import IllegalTransition

LEGAL = [(S.NEW, S.SUBMITTED), (S.SUBMITTED, S.STARTED), (S.STARTED, S.DONE), (S.STARTED, S.FAILED),
         (S.STARTED, S.SUBMITTED), (S.FAILED, S.RESUBMITTED), (S.FAILED, S.FAILED_REJECTED)]
ILLEGAL = [(S.DONE, S.NEW), (S.DONE, S.RESUBMITTED), (S.NEW, S.STARTED), (S.SUBMITTED, S.DONE),
           (S.RESUBMITTED, S.SUBMITTED), (S.NEW, S.DONE)]


@pytest.mark.parametrize(("frm", "to"), LEGAL)
def test_legal(frm, to):
    assert frm.check_transition(to) is to


@pytest.mark.parametrize(("frm", "to"), ILLEGAL)
def test_illegal(frm, to):
    with pytest.raises(IllegalTransition) as err:
        frm.check_transition(to, 7)
    assert err.value.details == {"from": frm.value, "to": to.value, "job": 7}
