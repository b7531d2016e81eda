"""Domains: what a curator sees when creating, editing and finding domains."""
from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import text

from server.definitions import configurations, domains
from server.definitions.domains import DomainDefaults
from shared.errors import (
    AlreadyExists,
    Conflict,
    DomainNotFound,
    EditionConflict,
    InvalidDomain,
    InvalidRegex,
    InvalidUrl,
)


def test_new_domain_gets_default_configuration_seed_list_and_limits(session, defaults):
    d = domains.create_domain(session, "KB.dk.", defaults)
    dto = domains.to_dto(session, d)
    assert dto.name == "kb.dk" and dto.tld == "dk" and dto.edition == 1
    assert dto.seed_lists[0].seeds == ["http://www.kb.dk", "https://www.kb.dk"]
    (config,) = dto.configurations
    assert config.is_default and dto.default_configuration == config.name
    assert (config.max_bytes, config.max_objects, config.max_request_rate) == (1_000_000_000, -1, 60)
    assert config.profile == "default" and config.seed_lists == ["defaultseeds"]


def test_without_www_setting_the_seeds_are_the_bare_domain(session):
    d = domains.create_domain(session, "kb.dk", DomainDefaults(add_www_seed=False, add_https_seed=False))
    assert d.seed_lists[0].urls == ["http://kb.dk"]


def test_idn_names_are_stored_in_unicode_whatever_the_spelling(session, defaults):
    d = domains.create_domain(session, "xn--bcher-kva.de", defaults)
    assert d.name == "bücher.de"
    with pytest.raises(AlreadyExists):
        domains.create_domain(session, "BÜCHER.de", defaults)
    assert domains.get(session, "xn--bcher-kva.de").id == d.id


@pytest.mark.parametrize("name,reason", [("co.uk", "public_suffix"), ("dk", "public_suffix"),
                                          ("www.kb.dk", "subdomain"), ("kb..dk", "malformed"),
                                          ("10.0.0.1", "public_suffix"), ("-kb.dk", "malformed")])
def test_names_that_are_not_registrable_domains_are_refused_with_the_name(session, defaults, name, reason):
    with pytest.raises(InvalidDomain) as err:
        domains.create_domain(session, name, defaults)
    assert err.value.details["name"] == name and err.value.details["reason"] == reason
    assert name in err.value.message


def test_bbc_co_uk_is_a_domain(session, defaults):
    assert domains.create_domain(session, "bbc.co.uk", defaults).tld == "uk"


def test_a_crawler_trap_that_does_not_compile_is_refused_with_its_position(session, defaults):
    d = domains.create_domain(session, "kb.dk", defaults)
    with pytest.raises(InvalidRegex) as err:
        domains.update(session, "kb.dk", d.edition, crawler_traps=[".*/ok/.*", ".*/cal(endar/.*"])
    assert err.value.details["pattern"] == ".*/cal(endar/.*"
    assert err.value.details["position"] == 6
    assert "position 6" in err.value.message


def test_stale_edition_is_a_conflict_naming_the_domain(session, defaults):
    d = domains.create_domain(session, "kb.dk", defaults)
    domains.update(session, "kb.dk", 1, comments="first")
    assert d.edition == 2
    with pytest.raises(EditionConflict) as err:
        domains.update(session, "kb.dk", 1, comments="second")
    assert "kb.dk" in err.value.message and err.value.details == {
        "object": "domain", "name": "kb.dk", "edition": 2, "given": 1}


def test_concurrent_writers_the_second_one_gets_edition_conflict(engine, defaults):
    from sqlalchemy.orm import Session

    with Session(engine) as s:
        domains.create_domain(s, "kb.dk", defaults)
        s.commit()
    a, b = Session(engine), Session(engine)
    try:
        # both read edition 1 (one after the other: the engine begins SQLite transactions with
        # the write lock, so two open transactions on one file would wait for each other)
        read_a = domains.get(a, "kb.dk").edition
        a.commit()
        read_b = domains.get(b, "kb.dk").edition
        b.commit()  # b keeps its (soon stale) objects in memory
        assert read_a == read_b == 1
        domains.update(a, "kb.dk", 1, comments="a")
        a.commit()
        with pytest.raises(EditionConflict):
            domains.update(b, "kb.dk", 1, comments="b")  # checked against the row as it is now
    finally:
        a.close()
        b.close()


def test_seed_outside_the_domain_is_refused_naming_the_seed(session, defaults):
    d = domains.create_domain(session, "kb.dk", defaults)
    with pytest.raises(InvalidUrl) as err:
        configurations.save_seed_list(session, "kb.dk", d.edition, "extra",
                                      ["http://www.kb.dk/a", "http://www.dr.dk/", "ftp://kb.dk/"])
    bad = err.value.details["seeds"]
    assert [b["url"] for b in bad] == ["http://www.dr.dk/", "ftp://kb.dk/"]
    assert "outside the domain kb.dk" in bad[0]["reason"]


def test_seed_lists_and_configurations_raise_the_domain_edition(session, defaults):
    d = domains.create_domain(session, "kb.dk", defaults)
    configurations.save_seed_list(session, "kb.dk", 1, "news", "http://nyheder.kb.dk/\n\nhttps://www.kb.dk/x")
    configurations.save_configuration(session, "kb.dk", 2, "deep", profile="default", seed_lists=["news"],
                                      max_bytes=5, make_default=True)
    dto = domains.to_dto(session, d)
    assert dto.edition == 3 and dto.default_configuration == "deep"
    assert [c.is_default for c in dto.configurations] == [False, True]  # defaultconfig, deep (by name)
    with pytest.raises(EditionConflict):
        configurations.save_seed_list(session, "kb.dk", 2, "news", ["http://kb.dk"])


def test_seed_list_in_use_cannot_be_deleted(session, defaults):
    domains.create_domain(session, "kb.dk", defaults)
    with pytest.raises(Conflict):
        configurations.delete_seed_list(session, "kb.dk", 1, "defaultseeds")


def test_alias_is_set_with_expiry_and_refuses_chains(session, defaults):
    for n in ("kb.dk", "kb.net", "kb.org"):
        domains.create_domain(session, n, defaults)
    now = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
    d = domains.set_alias(session, "kb.net", 1, "kb.dk", 365, now=now)
    assert d.alias_of.name == "kb.dk" and d.alias_expires_at == now + dt.timedelta(days=365)
    with pytest.raises(Conflict):
        domains.set_alias(session, "kb.org", 1, "kb.net", 365)   # kb.net is itself an alias
    with pytest.raises(Conflict):
        domains.set_alias(session, "kb.dk", 1, "kb.org", 365)    # kb.dk has aliases
    with pytest.raises(Conflict):
        domains.set_alias(session, "kb.org", 1, "kb.org", 365)
    expired = domains.expired_aliases(session, 0, 10, now=now + dt.timedelta(days=366))
    assert [i.name for i in expired.items] == ["kb.net"]
    assert domains.expired_aliases(session, 0, 10, now=now + dt.timedelta(days=10)).total == 0
    assert domains.to_dto(session, domains.get(session, "kb.dk")).aliases == ["kb.net"]


def test_credentials_are_encrypted_at_rest_and_hidden_without_the_role(session, defaults, cipher):
    domains.create_domain(session, "kb.dk", defaults)
    d = domains.set_credentials(session, "kb.dk", 1, [
        {"url": "https://www.kb.dk/login", "realm": "staff", "username": "curator", "password": "s3cret!"}], cipher)
    session.flush()
    dump = "\n".join(str(r) for r in session.execute(text("SELECT * FROM site_credentials")))
    assert "s3cret!" not in dump
    assert domains.to_dto(session, d, cipher).credentials[0].password is None
    assert domains.to_dto(session, d, cipher, roles=["credentials"]).credentials[0].password == "s3cret!"
    # saving without the password keeps it
    cid = d.credentials[0].id
    domains.set_credentials(session, "kb.dk", 2, [{"id": cid, "url": "https://www.kb.dk/login2",
                                                   "username": "curator"}], cipher)
    assert domains.to_dto(session, d, cipher, ["credentials"]).credentials[0].password == "s3cret!"


def test_unknown_domain_is_domain_not_found(session):
    with pytest.raises(DomainNotFound):
        domains.get(session, "nowhere.dk")


def _names(page):
    return [i.name for i in page.items]


def test_glob_search_on_names_with_paging(session, defaults):
    for n in ("kb.dk", "kbh.dk", "dr.dk", "bbc.co.uk", "itv.co.uk", "a_b.dk", "axb.dk", "k.dk"):
        domains.create_domain(session, n, defaults)
    assert _names(domains.search(session, "kb*", "name", 0, 10)) == ["kb.dk", "kbh.dk"]
    assert _names(domains.search(session, "*.CO.UK", "name", 0, 10)) == ["bbc.co.uk", "itv.co.uk"]
    assert _names(domains.search(session, "?b*.dk", "name", 0, 10)) == ["kb.dk", "kbh.dk"]
    assert _names(domains.search(session, "a?b.dk", "name", 0, 10)) == ["a_b.dk", "axb.dk"]
    assert _names(domains.search(session, "a_b*", "name", 0, 10)) == ["a_b.dk"]  # _ is literal, not any char
    page = domains.search(session, "*.dk", "name", 2, 2, sort="-name")
    assert page.total == 6 and _names(page) == ["k.dk", "dr.dk"]


def test_search_comments_and_crawler_traps(session, defaults):
    domains.create_domain(session, "kb.dk", defaults, comments="The Royal Library")
    domains.create_domain(session, "dr.dk", defaults)
    domains.update(session, "dr.dk", 1, crawler_traps=[".*/calendar/.*"])
    assert _names(domains.search(session, "*royal*", "comments", 0, 10)) == ["kb.dk"]
    assert _names(domains.search(session, "*calendar*", "crawler_traps", 0, 10)) == ["dr.dk"]


def test_sort_by_unknown_column_is_refused(session):
    from shared.errors import InvalidInput

    with pytest.raises(InvalidInput, match="cannot sort by 'password'"):
        domains.search(session, None, "name", 0, 10, sort="password")


CATASTROPHIC = r"^(([a-z0-9:/.-])+)+Z$"   # #29 item 6: 24 characters took the crawler 13 s


@pytest.mark.parametrize("slow", [CATASTROPHIC, r"(a|a)*$", r"^(\w+\s?)+$", r".*/(x+x+)+y"])
def test_a_crawler_trap_that_would_stall_the_crawler_is_refused(session, defaults, slow):
    """The crawler's engine (re) backtracks exponentially on these: refused when saved, with the
    reason, and nothing saved."""
    d = domains.create_domain(session, "kb.dk", defaults)
    with pytest.raises(InvalidRegex) as err:
        domains.update(session, "kb.dk", d.edition, crawler_traps=[".*/ok/.*", slow])
    assert err.value.details == {"pattern": slow, "position": 0, "reason": "too_slow"}
    assert "catastrophic backtracking" in err.value.message
    assert domains.get(session, "kb.dk").crawler_traps in ([], None)
    from server.definitions import traps

    with pytest.raises(InvalidRegex, match="global crawler trap"):
        traps.create(session, "stalls", [slow])


def test_ordinary_crawler_traps_pass_the_slowness_check(session, defaults):
    usual = [r".*/calendar/\d{4}/\d{2}/.*", r".*[?&](sessionid|sid|phpsessid)=.*", r"^https?://[^/]+/(.*/)?(\w+/)\2\2",
             r".*\.(jpg|png|gif)\?.*", r".*/(print|mail)/.*"] * 20
    d = domains.create_domain(session, "kb.dk", defaults)
    domains.update(session, "kb.dk", d.edition, crawler_traps=usual)
    assert len(domains.get(session, "kb.dk").crawler_traps) == 100
