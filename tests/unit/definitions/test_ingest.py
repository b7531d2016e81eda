"""Mass ingest: counts, errors with line numbers, restart without double work."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from server.definitions import domains, ingest
from server.definitions.models import Domain, DomainConfiguration, SeedList
from shared.errors import Conflict, InvalidInput

LINES = ["# Danish domains", "kb.dk", "", "dr.dk", "KB.DK", "co.uk", "existing.dk", "www.sub.dk", "bücher.de",
         "dr.dk"]


def test_ingest_counts_skips_and_reports_lines(session, defaults):
    domains.create_domain(session, "existing.dk", defaults)
    run = ingest.start(session, "list.txt", len(LINES))
    ingest.ingest_chunk(session, run.id, 1, LINES[:5], defaults)
    ingest.ingest_chunk(session, run.id, 6, LINES[5:], defaults)
    dto = ingest.to_dto(run)
    assert (dto.created, dto.existing, dto.duplicates, dto.invalid) == (3, 1, 2, 2)
    assert [(e.line, e.text) for e in dto.errors] == [(6, "co.uk"), (8, "www.sub.dk")]
    assert dto.next_line == 11
    d = domains.get(session, "bücher.de", full=True)
    assert d.default_configuration.seed_lists[0].urls == ["http://www.bücher.de", "https://www.bücher.de"]
    assert d.edition == 1


def test_a_resent_chunk_is_not_applied_twice_and_a_gap_is_refused(session, defaults):
    run = ingest.start(session)
    ingest.ingest_chunk(session, run.id, 1, ["a.dk", "b.dk"], defaults)
    ingest.ingest_chunk(session, run.id, 1, ["a.dk", "b.dk", "c.dk"], defaults)  # overlap: only c.dk is new
    assert (run.created, run.duplicates, run.next_line) == (3, 0, 4)
    with pytest.raises(Conflict) as err:
        ingest.ingest_chunk(session, run.id, 10, ["z.dk"], defaults)
    assert err.value.details["next_line"] == 4


def test_a_crash_mid_chunk_leaves_nothing_and_the_run_resumes(engine, defaults, monkeypatch):
    from sqlalchemy.orm import Session

    with Session(engine) as s:
        run_id = ingest.start(s).id
        ingest.ingest_chunk(s, run_id, 1, ["a.dk", "b.dk"], defaults)
        s.commit()
    real = ingest.insert_domains

    def crash(*a, **kw):
        real(*a, **kw)
        raise RuntimeError("power cut")

    monkeypatch.setattr(ingest, "insert_domains", crash)
    with Session(engine) as s, pytest.raises(RuntimeError):
        ingest.ingest_chunk(s, run_id, 3, ["c.dk", "d.dk"], defaults)
        s.commit()
    monkeypatch.setattr(ingest, "insert_domains", real)
    with Session(engine) as s:
        run = ingest.get(s, run_id)
        assert run.next_line == 3 and s.execute(select(func.count(Domain.id))).scalar() == 2
        assert s.execute(select(func.count(SeedList.id))).scalar() == 2
        ingest.ingest_chunk(s, run_id, run.next_line, ["c.dk", "d.dk"], defaults)
        s.commit()
        assert s.execute(select(func.count(DomainConfiguration.id))).scalar() == 4
        assert run.created == 4


def test_chunk_limits(session, defaults):
    run = ingest.start(session)
    with pytest.raises(InvalidInput):
        ingest.ingest_chunk(session, run.id, 1, ["a.dk"] * 11, defaults, max_lines=10)
    ingest.finish(session, run.id)
    with pytest.raises(Conflict, match="finished"):
        ingest.ingest_chunk(session, run.id, 1, ["a.dk"], defaults)
