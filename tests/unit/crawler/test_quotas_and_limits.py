"""Quotas per registered domain, the job's time limit and politeness."""
from __future__ import annotations

import pytest
from crawler_helpers import crawl

from server.crawler import status_codes as sc
from server.crawler.politeness import HostScheduler
from server.crawler.quotas import DomainQuotas
from server.crawler.spec import Limit, Politeness, Quotas
from shared.enums import StopReason


@pytest.mark.parametrize("config, harvest, expected", [
    (Limit(max_objects=3), Limit(), StopReason.CONFIG_OBJECT_LIMIT),
    (Limit(), Limit(max_objects=3), StopReason.OBJECT_LIMIT),
    (Limit(max_objects=3), Limit(max_objects=3), StopReason.OBJECT_LIMIT),
    (Limit(max_bytes=250), Limit(max_bytes=10_000), StopReason.CONFIG_SIZE_LIMIT),
    (Limit(max_bytes=10_000), Limit(max_bytes=250), StopReason.SIZE_LIMIT),
])
def test_stop_reason_names_the_limit_that_applied(config, harvest, expected):
    q = DomainQuotas(Quotas(harvest=harvest, domains={"a.dk": config}))
    for _ in range(3):
        assert q.blocked("a.dk") is None
        q.record("a.dk", 200, 100)
    assert q.blocked("a.dk") == expected
    assert q.stop_reason("a.dk", unfinished=True, ended_by="finished") == expected
    assert q.blocked("b.dk") is None or expected in (StopReason.OBJECT_LIMIT, StopReason.SIZE_LIMIT)


def test_unlimited_domain_completes_or_is_unfinished():
    q = DomainQuotas(Quotas())
    q.record("a.dk", 200, 10**9)
    assert q.blocked("a.dk") is None
    assert q.stop_reason("a.dk", unfinished=False, ended_by="unfinished") == StopReason.COMPLETED
    assert q.stop_reason("a.dk", unfinished=True, ended_by=StopReason.TIME_LIMIT) == StopReason.TIME_LIMIT
    assert q.stop_reason("a.dk", unfinished=True, ended_by=StopReason.UNFINISHED) == StopReason.UNFINISHED


def test_politeness_delay_is_clamped():
    s = HostScheduler(Politeness(delay_factor=5, min_delay_ms=100, max_delay_ms=1000), 1)
    assert s.delay_for(0.001) == pytest.approx(0.1)
    assert s.delay_for(0.05) == pytest.approx(0.25)
    assert s.delay_for(10) == pytest.approx(1.0)


def test_object_quota_blocks_the_rest_of_the_domain(web, tmp_path):
    r = crawl(tmp_path / "job", ["http://www.quota1.test/"], web.proxy_url,
              extra={"quotas": {"domains": {"quota1.test": {"max_objects": 10}}, "harvest": {"max_objects": 50}}})
    fetched = [line for line in r["log"] if int(line["status"]) > 0]
    blocked = [line for line in r["log"] if int(line["status"]) == sc.S_BLOCKED_BY_QUOTA]
    assert 10 <= len(fetched) <= 10 + 8  # in-flight fetches may finish (one connection per host here)
    assert blocked and blocked[0]["annotations"] == "Q:config-object-limit"
    assert r["stats"]["quota1.test"]["stop_reason"] == StopReason.CONFIG_OBJECT_LIMIT
    assert r["stats"]["quota1.test"]["objects"] == len(fetched)


def test_harvest_byte_quota(web, tmp_path):
    r = crawl(tmp_path / "job", ["http://www.quota2.test/"], web.proxy_url,
              extra={"quotas": {"harvest": {"max_bytes": 20_000}}})
    assert r["stats"]["quota2.test"]["stop_reason"] == StopReason.SIZE_LIMIT
    assert 20_000 <= r["stats"]["quota2.test"]["bytes"] < 40_000


def test_max_running_time_stops_the_crawl_with_time_limit(web, tmp_path):
    r = crawl(tmp_path / "job", ["http://www.timed.test/"], web.proxy_url, max_running_time_s=1.0,
              politeness={"min_delay_ms": 200, "max_delay_ms": 200})
    assert r["end"] == StopReason.TIME_LIMIT
    assert r["stats"]["timed.test"]["stop_reason"] == StopReason.TIME_LIMIT
    assert 2 <= len([line for line in r["log"] if int(line["status"]) > 0]) <= 10


def test_politeness_spaces_fetches_of_one_host(web, tmp_path):
    r = crawl(tmp_path / "job", ["http://www.polite.test/page/25"], web.proxy_url,
              politeness={"min_delay_ms": 300, "max_delay_ms": 300}, robots="ignore", scope={"max_hops": 1})
    starts = sorted(int(line["fetch"][:17]) for line in r["log"]
                    if int(line["status"]) > 0 and line["url"].startswith("http://www.polite.test/"))
    assert len(starts) >= 2
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    assert min(gaps) >= 290  # milliseconds (yyyyMMddHHmmssSSS differences inside one minute)
