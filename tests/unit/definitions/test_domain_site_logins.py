"""Site logins for the crawler (issue 15): credentials say how they log in (basic, digest,
form with its field names), are validated, and ``site_logins`` hands them decrypted per domain."""
from __future__ import annotations

import pytest
from sqlalchemy import text

from server.definitions import domains
from shared.dto.definitions import SiteLoginDto
from shared.errors import InvalidInput


def test_form_and_digest_logins_round_trip_and_are_handed_over_decrypted(session, defaults, cipher):
    domains.create_domain(session, "kb.dk", defaults)
    domains.create_domain(session, "other.dk", defaults)
    domains.set_credentials(session, "kb.dk", 1, [
        {"url": "https://www.kb.dk/login", "username": "curator", "password": "s3cret!", "kind": "form",
         "username_field": "user", "password_field": "pw", "form_fields": {"remember": "1"}},
        {"url": "https://www.kb.dk/vault/", "realm": "vault", "username": "c", "password": "d1gest",
         "kind": "digest"}], cipher)
    session.flush()
    assert "s3cret!" not in "\n".join(str(r) for r in session.execute(text("SELECT * FROM site_credentials")))
    dto = domains.to_dto(session, domains.get(session, "kb.dk", full=True), cipher)
    assert [(c.kind, c.username_field, c.password_field, c.form_fields, c.password) for c in dto.credentials] == [
        ("form", "user", "pw", {"remember": "1"}, None), ("digest", "", "", {}, None)]
    logins = domains.site_logins(session, ["KB.dk", "other.dk", "unknown.dk"], cipher)
    assert logins == [
        SiteLoginDto("kb.dk", "form", "https://www.kb.dk/login", "", "curator", "s3cret!", "user", "pw",
                      {"remember": "1"}),
        SiteLoginDto("kb.dk", "digest", "https://www.kb.dk/vault/", "vault", "c", "d1gest", "", "", {})]


@pytest.mark.parametrize("item, field", [
    ({"kind": "ntlm"}, "kind"),
    ({"kind": "form"}, "username_field"),
    ({"kind": "form", "username_field": "u", "password_field": "p", "form_fields": ["x"]}, "form_fields"),
])
def test_bad_login_details_are_invalid_input_naming_the_field(session, defaults, cipher, item, field):
    domains.create_domain(session, "kb.dk", defaults)
    with pytest.raises(InvalidInput) as err:
        domains.set_credentials(session, "kb.dk", 1, [{"url": "https://www.kb.dk/", "username": "u",
                                                       "password": "p", **item}], cipher)
    assert err.value.details["field"] == field
