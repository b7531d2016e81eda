"""Domain statistics and history."""
from __future__ import annotations

from server.definitions import definitions, domains, statistics
from server.definitions.models import HarvestHistory


def test_statistics_count_by_tld_and_harvested(session, defaults):
    for n in ("a.dk", "b.dk", "c.dk", "x.de", "y.co.uk"):
        domains.create_domain(session, n, defaults)
    h = definitions.create_snapshot(session, "snap")
    a = domains.get(session, "a.dk")
    for job in (1, 2):
        session.add(HarvestHistory(domain_id=a.id, configuration_id=a.default_configuration.id, harvest_id=h.id,
                                   job_id=job, objects=job * 10, bytes=job * 1000, stop_reason="completed"))
    session.flush()
    stats = statistics.domain_statistics(session)
    assert (stats.total, stats.harvested, stats.never_harvested) == (5, 1, 4)
    assert stats.by_tld[0].to_dict() == {"tld": "dk", "domains": 3, "harvested": 1}
    hist = statistics.domain_history(session, "a.dk", 0, 10)
    assert hist.total == 2 and {i.job_id for i in hist.items} == {1, 2}
    assert hist.items[0].harvest == "snap" and hist.items[0].configuration == "defaultconfig"


def test_a_domain_no_seed_of_which_could_be_fetched_is_not_harvested(session, defaults):
    for n in ("up.dk", "down.dk"):
        domains.create_domain(session, n, defaults)
    h = definitions.create_snapshot(session, "snap2")
    for name, objects, reason in (("up.dk", 5, "completed"), ("down.dk", 0, "no-seed-fetched")):
        d = domains.get(session, name)
        session.add(HarvestHistory(domain_id=d.id, configuration_id=d.default_configuration.id, harvest_id=h.id,
                                   job_id=1, objects=objects, bytes=objects * 100, stop_reason=reason))
    session.flush()
    stats = statistics.domain_statistics(session)
    assert (stats.total, stats.harvested, stats.never_harvested) == (2, 1, 1)
    hist = statistics.domain_history(session, "down.dk", 0, 10)
    assert hist.items[0].stop_reason == "no-seed-fetched"
