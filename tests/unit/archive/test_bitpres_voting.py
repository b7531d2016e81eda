"""Checksum voting (issue #11): the reference counts as one vote; a copy is blamed alone only
when it stands alone against two or more; copies agreeing against the reference are disputed."""
from __future__ import annotations

import pytest

from server.archive.arcrepository.preservation import judge
from shared.enums import ChecksumStatus as C

REF, X, Y = "a" * 32, "b" * 32, "c" * 32


@pytest.mark.parametrize(("value", "others", "verdict"), [
    (REF, {"TWO": REF, "CS": REF}, C.OK),                 # all equal the reference
    (REF, {"TWO": X}, C.OK),                              # this copy is fine whatever the others say
    (X, {"TWO": REF, "CS": REF}, C.CORRUPT),              # three replicas, 2-1 split
    (X, {"TWO": REF}, C.CORRUPT),                         # two replicas only: reference + one copy against it
    (X, {"TWO": REF, "CS": Y}, C.CORRUPT),                # 1-1-1 split: the reference's side has two votes
    (X, {"TWO": Y, "CS": None}, C.DISPUTED),              # 1-1-1 with none agreeing with the reference
    (X, {"TWO": X}, C.DISPUTED),                          # two replicas agree against the reference: a person
    (X, {"TWO": X, "CS": REF}, C.DISPUTED),
    (X, {"CS": REF}, C.CORRUPT),                          # the checksum replica's vote counts like a copy
    (X, {"TWO": None}, C.DISPUTED),                       # nothing confirms the reference: no automatic blame
    (None, {"TWO": REF}, C.UNKNOWN),
])
def test_judge(value, others, verdict):
    assert judge(REF, value, others) == verdict
