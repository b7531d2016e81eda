"""Domain search and the ingest's bulk paths on SQLite and PostgreSQL: infix globs through the
trigram index (pg_trgm / FTS5), capped totals, suffix globs in name order, COPY with a concurrent
writer winning a name (PostgreSQL falls back to the merge path)."""
from __future__ import annotations

import fnmatch

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.migrate import upgrade
from server.definitions import domains, ingest
from server.definitions.domains import DomainDefaults
from server.definitions.models import Domain, DomainConfiguration, SeedList, configuration_seed_lists

NAMES = [f"{w}{i}.{tld}" for i, (w, tld) in enumerate(
    [("kamiso", "dk"), ("abcab", "dk"), ("rabe", "co.uk"), ("xab_c", "dk"), ("bibli", "de"), ("kabc", "se"),
     ("zzz", "co.uk"), ("ab", "co.uk"), ("tabca", "dk"), ("miso", "no")] * 4)]


@pytest.fixture
def engine(database_url):
    eng = make_engine(database_url)
    upgrade(eng, "harvest", "server.harvestdb.migrations")
    try:
        yield eng
    finally:
        eng.dispose()


def _ingest(engine, names):
    defaults = DomainDefaults()
    with Session(engine, expire_on_commit=False) as s:
        run = ingest.start(s, "t", len(names))
        ingest.ingest_chunk(s, run.id, 1, names, defaults)
        s.commit()
        return run


def _all(s, pattern, sort=None, page=7):
    out, offset = [], 0
    while True:
        p = domains.search(s, pattern, "name", offset, page, sort)
        out += [i.name for i in p.items]
        offset += page
        if offset >= p.total:
            return out, p


def test_infix_globs_use_the_trigram_index_and_are_exact(engine):
    _ingest(engine, NAMES)
    with Session(engine) as s:
        if engine.dialect.name == "postgresql":
            assert s.execute(text("SELECT 1 FROM pg_indexes WHERE indexname = 'ix_domains_name_trgm'")).first()
            s.execute(text("SET LOCAL enable_seqscan = off"))
            plan = "\n".join(s.execute(text("EXPLAIN SELECT id FROM domains WHERE name LIKE '%abc%'")).scalars())
            assert "ix_domains_name_trgm" in plan, plan
            s.rollback()
        else:
            assert domains._trigram_route(s, "*abc*") is not None
        for pattern in ("*abc*", "*ab?c*", "*b_c*", "*ab*", "*iso*", "*o.c*", "*9.d*", "*nothing*"):
            got, page = _all(s, pattern)
            assert got == sorted(n for n in NAMES if fnmatch.fnmatchcase(n, pattern)), pattern
            assert page.total == len(got) and not page.total_capped


def test_totals_are_capped_and_suffix_globs_stay_in_name_order(engine, monkeypatch):
    _ingest(engine, NAMES)
    monkeypatch.setattr(domains, "SEARCH_COUNT_CAP", 5)
    monkeypatch.setattr(domains, "SEARCH_SORT_LIMIT", 2)
    with Session(engine) as s:
        p = domains.search(s, "*.dk", "name", 0, 3)
        assert (p.total, p.total_capped) == (5, True) and p.to_dict()["total_capped"] is True
        dk = sorted(n for n in NAMES if n.endswith(".dk"))
        assert [i.name for i in domains.search(s, "*.dk", "name", 9, 3).items] == dk[9:12]
        assert [i.name for i in domains.search(s, "*.dk", "name", 0, 4, "-name").items] == dk[::-1][:4]
        few = domains.search(s, "*.no", "name", 0, 2)
        assert (few.total, few.total_capped) == (4, False)


def test_ingest_bulk_path_with_existing_names_and_a_concurrent_writer(engine, monkeypatch):
    with Session(engine) as s:
        domains.create_domain(s, "existing0.dk", DomainDefaults())
        s.commit()
    real = domains.default_profile_id
    raced, asked = [], []

    def racing_profile_id(session, defaults):
        # The chunk's first try COPYs without looking names up (the run has met no existing
        # name yet) and fails on existing0.dk; its second try looks them up, and then another
        # writer commits one of the chunk's new names: the COPY fails again, the merge path runs.
        asked.append(True)
        if len(asked) == 2 and not raced:
            raced.append(True)
            with Session(engine) as other:
                domains.create_domain(other, "race5.dk", defaults)
                other.commit()
        return real(session, defaults)

    if engine.dialect.name == "postgresql":  # SQLite: the chunk holds the file's write lock, no one races
        monkeypatch.setattr(domains, "default_profile_id", racing_profile_id)
    else:
        raced.append(True)
        with Session(engine) as s:
            domains.create_domain(s, "race5.dk", DomainDefaults())
            s.commit()
    lines = ["new1.dk", "existing0.dk", "NEW2.DK.", "xn--bcher-kva.de", "new1.dk", "race5.dk", "www.x.dk", "#", ""]
    run = _ingest(engine, lines)
    assert raced
    assert (run.created, run.existing, run.duplicates, run.invalid) == (3, 2, 1, 1)
    with Session(engine) as s:
        rows = s.execute(
            select(Domain.name, SeedList.seeds, DomainConfiguration.is_default)
            .join(SeedList, SeedList.domain_id == Domain.id)
            .join(DomainConfiguration, DomainConfiguration.domain_id == Domain.id)
            .join(configuration_seed_lists, (configuration_seed_lists.c.configuration_id == DomainConfiguration.id)
                  & (configuration_seed_lists.c.seed_list_id == SeedList.id))
            .order_by(Domain.name)).all()
        assert [r[0] for r in rows] == ["bücher.de", "existing0.dk", "new1.dk", "new2.dk", "race5.dk"]
        assert all(seeds == f"http://www.{n}\nhttps://www.{n}" and d for n, seeds, d in rows)
        assert domains.get(s, "new2.dk").created_at.tzinfo is not None
    monkeypatch.setattr(domains, "default_profile_id", real)
    again = _ingest(engine, lines)
    assert (again.created, again.existing, again.duplicates) == (0, 5, 1)
    with Session(engine) as s:
        assert s.execute(select(func.count(Domain.id))).scalar() == 5
        later = domains.create_domain(s, "later.dk", DomainDefaults())
        s.commit()
        assert later.id == s.execute(select(func.max(Domain.id))).scalar()
        assert _all(s, "*ate*")[0] == ["later.dk"]  # the trigram index follows ordinary inserts too


def test_a_chunk_commits_without_waiting_for_its_wal_flush_and_the_finish_with_it(engine):
    """PostgreSQL: each ingest chunk's transaction has synchronous_commit off (a crash loses at
    most the last chunks, whole, and the run's next_line with them: they are sent again on
    --resume); the finish's transaction keeps the server's durable default."""
    if engine.dialect.name != "postgresql":
        pytest.skip("a PostgreSQL setting")
    with engine.begin() as conn:  # a server's durable default (the suite's test databases commit without it)
        conn.execute(text(f'ALTER DATABASE "{engine.url.database}" SET synchronous_commit = on'))
    engine.dispose()  # new connections take the database's setting
    with Session(engine, expire_on_commit=False) as s:
        default = s.execute(text("SHOW synchronous_commit")).scalar_one()
        run = ingest.start(s, "t", 2)
        s.commit()
        ingest.ingest_chunk(s, run.id, 1, NAMES[:2], DomainDefaults())
        assert s.execute(text("SHOW synchronous_commit")).scalar_one() == "off"
        s.commit()
        ingest.finish(s, run.id)
        assert s.execute(text("SHOW synchronous_commit")).scalar_one() == default == "on"
        s.commit()
        assert ingest.get(s, run.id).next_line == 3
