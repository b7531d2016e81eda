"""The users table (server.definitions.users): logins a broker URI and a shell take as they are,
the services' own names kept for them, person roles only, and changes that say who made them."""
from __future__ import annotations

import pytest

from server.definitions import users
from shared.errors import AlreadyExists, InvalidInput, InvalidName, NotFound


@pytest.mark.parametrize("login", ["svc-harvester", "guest", "Alice", "a b", "../etc", "", "-x", "a" * 65, "ålborg"])
def test_logins_that_are_not_a_persons(login):
    with pytest.raises(InvalidName):
        users.check_login(login)


def test_add_change_and_read_back(session):
    made = users.add(session, "anne.k", ["qa", "curator", "qa"], "ada")
    assert users.to_dto(made).roles == ["curator", "qa"] and made.changed_by == "ada" and not made.disabled
    with pytest.raises(AlreadyExists):
        users.add(session, "anne.k", ["qa"], "ada")
    with pytest.raises(InvalidInput, match="unknown role"):
        users.add(session, "bob", ["harvester"], "ada")         # a service's role is no person's
    changed = users.change(session, "anne.k", "otto", grant=["operator"], revoke=["qa"], disabled=True)
    dto = users.to_dto(changed)
    assert dto.roles == ["curator", "operator"] and dto.disabled and dto.changed_by == "otto"
    assert [u.login for u in users.list_all(session)] == ["anne.k"]
    with pytest.raises(NotFound):
        users.change(session, "nobody", "otto", grant=["qa"])
    with pytest.raises(InvalidInput):
        users.check_password("short")
