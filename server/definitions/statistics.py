"""Domain statistics and harvest history, read-only."""
from __future__ import annotations

from sqlalchemy import distinct, func, select
from sqlalchemy.orm import Session

from server.db import query
from server.definitions import domains
from server.definitions.models import Domain, DomainConfiguration, HarvestDefinition, HarvestHistory
from shared.dto import Page
from shared.dto.definitions import DomainStatisticsDto, HistoryDto, TldCountDto
from shared.enums import StopReason


def domain_statistics(session: Session, top: int = 50) -> DomainStatisticsDto:
    """Counts of all domains, harvested (a history row that reached the domain: "no seed could be
    fetched" does not count) and never harvested, aliases, and the ``top`` top-level domains by
    number of domains, each with how many of them were harvested."""
    total = session.execute(select(func.count(Domain.id))).scalar_one()
    reached = HarvestHistory.stop_reason != StopReason.NO_SEED_FETCHED.value
    harvested = session.execute(select(func.count(distinct(HarvestHistory.domain_id))).where(reached)).scalar_one()
    aliases = session.execute(select(func.count(Domain.id)).where(Domain.alias_of_id.is_not(None))).scalar_one()
    by_tld = session.execute(
        select(Domain.tld, func.count(Domain.id).label("n")).group_by(Domain.tld)
        .order_by(func.count(Domain.id).desc(), Domain.tld).limit(top)).all()
    tlds = [t for t, _ in by_tld]
    harvested_by_tld = dict(session.execute(
        select(Domain.tld, func.count(distinct(HarvestHistory.domain_id)))
        .join(HarvestHistory, HarvestHistory.domain_id == Domain.id)
        .where(Domain.tld.in_(tlds), reached).group_by(Domain.tld)).all()) if tlds else {}
    return DomainStatisticsDto(total, harvested, total - harvested, aliases,
                               [TldCountDto(t, n, harvested_by_tld.get(t, 0)) for t, n in by_tld])


def _history_stmt():
    return (select(HarvestHistory, Domain.name, DomainConfiguration.name, HarvestDefinition.name)
            .join(Domain, Domain.id == HarvestHistory.domain_id)
            .join(DomainConfiguration, DomainConfiguration.id == HarvestHistory.configuration_id)
            .join(HarvestDefinition, HarvestDefinition.id == HarvestHistory.harvest_id))


def _history_dto(row) -> HistoryDto:
    h, dname, cname, hname = row
    return HistoryDto(dname, cname, hname, h.harvest_id, h.job_id, h.objects, h.bytes, StopReason(h.stop_reason),
                      h.started_at, h.ended_at)


def domain_history(session: Session, name: str, offset: int, limit: int) -> Page[HistoryDto]:
    """The domain's harvests, newest first. Raises DomainNotFound."""
    d = domains.get(session, name)
    stmt = _history_stmt().where(HarvestHistory.domain_id == d.id).order_by(
        HarvestHistory.ended_at.desc(), HarvestHistory.id.desc())
    rows = session.execute(stmt.offset(offset).limit(limit)).all()
    total = session.execute(select(func.count(HarvestHistory.id)).where(HarvestHistory.domain_id == d.id)).scalar_one()
    return Page([_history_dto(r) for r in rows], total, offset, limit)


def harvest_history(session: Session, harvest_id: int, offset: int, limit: int) -> Page[HistoryDto]:
    stmt = _history_stmt().where(HarvestHistory.harvest_id == harvest_id).order_by(Domain.name, HarvestHistory.id)
    rows = session.execute(stmt.offset(offset).limit(limit)).all()
    total = session.execute(select(func.count(HarvestHistory.id))
                            .where(HarvestHistory.harvest_id == harvest_id)).scalar_one()
    return Page([_history_dto(r) for r in rows], total, offset, limit)


__all__ = ["domain_statistics", "domain_history", "harvest_history", "query"]
