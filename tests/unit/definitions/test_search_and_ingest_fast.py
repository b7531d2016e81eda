"""Glob search on SQLite: capped totals, suffix globs read in name order from the index, infix
globs through the FTS5 trigram table (kept in sync by triggers); the ingest's bulk path."""
from __future__ import annotations

import fnmatch

from sqlalchemy import func, select, text

from server.definitions import domains, ingest
from server.definitions.models import Domain, DomainConfiguration, SeedList, configuration_seed_lists

NAMES = [f"{w}{i}.{tld}" for i, (w, tld) in enumerate(
    [("kamiso", "dk"), ("abcab", "dk"), ("rabe", "co.uk"), ("xab_c", "dk"), ("bibli", "de"), ("kabc", "se"),
     ("zzz", "co.uk"), ("ab", "co.uk"), ("tabca", "dk"), ("miso", "no")] * 3)]


def _ingest(session, defaults, names):
    run = ingest.start(session, "t", len(names))
    ingest.ingest_chunk(session, run.id, 1, names, defaults)
    session.commit()
    return run


def _all(session, pattern, sort=None, page=7):
    out, offset = [], 0
    while True:
        p = domains.search(session, pattern, "name", offset, page, sort)
        out += [i.name for i in p.items]
        offset += page
        if offset >= p.total:
            return out, p


def test_infix_search_uses_the_trigram_table_and_is_exact(session, defaults):
    _ingest(session, defaults, NAMES)
    assert domains._trigram_route(session, "*abc*") is not None
    assert domains._trigram_route(session, "*ab*") is None  # under three characters: a scan
    for pattern in ("*abc*", "*ab?c*", "*b_c*", "*ab*", "*iso*", "*o.c*", "*9.d*", "*nothing*"):
        got, page = _all(session, pattern)
        assert got == sorted(n for n in NAMES if fnmatch.fnmatchcase(n, pattern)), pattern
        assert page.total == len(got) and not page.total_capped


def test_trigram_table_follows_inserts_renames_and_deletes(session, defaults):
    domains.create_domain(session, "kamiso.dk", defaults)
    session.commit()
    assert _all(session, "*amis*")[0] == ["kamiso.dk"]
    session.execute(text("UPDATE domains SET name = 'bibliotek.dk' WHERE name = 'kamiso.dk'"))
    session.expire_all()  # the session's copy of the row is stale after plain SQL
    assert _all(session, "*amis*")[0] == [] and _all(session, "*blio*")[0] == ["bibliotek.dk"]
    session.execute(text("DELETE FROM domains WHERE name = 'bibliotek.dk'"))
    assert _all(session, "*blio*")[0] == []
    assert session.execute(text("SELECT count(*) FROM domains_name_fts WHERE domains_name_fts.name LIKE '%bli%'"))\
        .scalar() == 0


def test_totals_are_capped_and_say_so(session, defaults, monkeypatch):
    _ingest(session, defaults, NAMES)
    monkeypatch.setattr(domains, "SEARCH_COUNT_CAP", 5)
    p = domains.search(session, "*.dk", "name", 0, 3)
    assert (p.total, p.total_capped) == (5, True)
    assert p.to_dict()["total_capped"] is True
    far = domains.search(session, "*.dk", "name", 9, 3)  # paging goes on past the cap
    dk = sorted(n for n in NAMES if n.endswith(".dk"))
    assert [i.name for i in far.items] == dk[9:12] and far.total_capped
    few = domains.search(session, "*.no", "name", 0, 2)
    assert (few.total, few.total_capped) == (3, False)


def test_suffix_globs_in_name_order_whichever_way_they_are_read(session, defaults, monkeypatch):
    _ingest(session, defaults, NAMES)
    for limit in (10_000, 2):  # sorted matches, or the name index walked in order
        monkeypatch.setattr(domains, "SEARCH_SORT_LIMIT", limit)
        for pattern, sort in (("*.dk", None), ("*.co.uk", "-name"), ("*1.?k", None), ("*.dk", "created_at")):
            got, page = _all(session, pattern, sort)
            want = [n for n in NAMES if fnmatch.fnmatchcase(n, pattern)]
            if sort == "created_at":
                assert sorted(got) == sorted(want)
            else:
                assert got == sorted(want, reverse=sort == "-name"), (pattern, sort, limit)
            assert page.total == len(want)


def test_ingest_bulk_path_links_each_domain_to_its_own_rows(session, defaults):
    domains.create_domain(session, "existing0.dk", defaults)
    session.commit()
    lines = ["new1.dk", "existing0.dk", "NEW2.DK.", "xn--bcher-kva.de", "new1.dk", "www.new3.dk", "new3.dk", "#c", ""]
    run = _ingest(session, defaults, lines)
    assert (run.created, run.existing, run.duplicates, run.invalid) == (4, 1, 1, 1)
    rows = session.execute(
        select(Domain.name, SeedList.seeds, DomainConfiguration.name, DomainConfiguration.is_default)
        .join(SeedList, SeedList.domain_id == Domain.id)
        .join(DomainConfiguration, DomainConfiguration.domain_id == Domain.id)
        .join(configuration_seed_lists, (configuration_seed_lists.c.configuration_id == DomainConfiguration.id)
              & (configuration_seed_lists.c.seed_list_id == SeedList.id))
        .where(Domain.ingest_run_id == run.id).order_by(Domain.name)).all()
    assert [(n, s, c, d) for n, s, c, d in rows] == [
        (n, f"http://www.{n}\nhttps://www.{n}", "defaultconfig", True)
        for n in ["bücher.de", "new1.dk", "new2.dk", "new3.dk"]]
    d = domains.to_dto(session, domains.get(session, "new2.dk", full=True))
    assert d.created_at.tzinfo is not None and d.edition == 1 and d.default_configuration == "defaultconfig"
    # a second run of the same lines: everything exists, nothing is created
    again = _ingest(session, defaults, lines)
    assert (again.created, again.existing, again.duplicates) == (0, 5, 1)
    assert session.execute(select(func.count(Domain.id))).scalar() == 5
    # ids after an ingest keep counting from the largest
    later = domains.create_domain(session, "later.dk", defaults)
    assert later.id == session.execute(select(func.max(Domain.id))).scalar()
