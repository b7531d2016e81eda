"""A small capture is recorded while its worker fetches the next URI (engine._defer_record):
URIs are still recorded in the order they were fetched, the crawl does not end while a record
that may queue more URIs is pending, and a record that fails is logged like any other."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from crawler_helpers import crawl, warcio_check
from testweb import TestWeb

from server.crawler import status_codes as sc
from server.crawler.engine import DEFER_MAX_BYTES, Crawler
from server.crawler.http_client import Capture
from server.crawler.outlinks import OutlinkExtractor


@pytest.fixture()
def small_web():
    with TestWeb(tls=False, pages_per_host=40, assets=False, features_link=False) as w:
        yield w


def test_one_worker_records_every_page_in_fetch_order(small_web, tmp_path):
    seed = small_web.seed("www.order.test")
    r = crawl(tmp_path / "job", [seed], small_web.proxy_url, robots="ignore", max_workers=1)
    assert r["end"] == "finished"
    logged = [line["url"] for line in r["log"]]
    # the seed's outlinks come only from its record: the crawl waited for it instead of ending;
    # 40 pages and /page/0 (every first-level page links "up" to it; the home page is /)
    assert len(logged) == 41 and len(set(logged)) == 41
    assert logged == [u for u in small_web.request_log if "www.order.test" in u]
    assert {line["status"] for line in r["log"] if not line["url"].endswith("/page/0")} == {"200"}
    warcio_check(r["warcs"])


def test_a_failing_deferred_record_is_logged_and_the_crawl_goes_on(small_web, tmp_path, monkeypatch):
    extract = OutlinkExtractor.extract

    def failing(self, capture, processors):
        if capture.url.endswith("/page/3"):
            raise RuntimeError("extractor bug")
        return extract(self, capture, processors)

    monkeypatch.setattr(OutlinkExtractor, "extract", failing)
    r = crawl(tmp_path / "job", [small_web.seed("www.fail.test")], small_web.proxy_url, robots="ignore",
              max_workers=1)
    assert r["end"] == "finished"
    failed = r["by_url"]["http://www.fail.test/page/3"]
    assert [int(line["status"]) for line in failed] == [sc.S_RUNTIME_EXCEPTION]
    assert "err=RuntimeError" in failed[0]["annotations"]
    # page 3's own links (31-39) are lost with it; everything else was crawled
    assert len(r["by_url"]) == 41 - 9


def test_only_small_captures_held_in_memory_are_deferred_when_nothing_else_is_fetched():
    crawler = SimpleNamespace(_in_flight={0: "this worker's URI"})
    small = Capture("http://a.test/", b"", b"", b"x" * DEFER_MAX_BYTES, 200, [])
    assert Crawler._defers(crawler, small)
    assert not Crawler._defers(crawler, Capture("http://a.test/", b"", b"", b"x" * (DEFER_MAX_BYTES + 1), 200, []))
    assert not Crawler._defers(crawler, Capture("http://a.test/", b"", b"", b"", 200, [], spool_path="/tmp/x",
                                                body_size=10))
    crawler._in_flight[1] = "another worker's URI"  # its record overlaps our fetch anyway
    assert not Crawler._defers(crawler, small)
