"""Deduplication in a harvest (plain process, the real crawler): the harvester fetches the index
before the crawl, the crawl writes revisits, the metadata WARC names the jobs the index covered
and the report counts what was not stored again per domain. Without an index the job is crawled
without deduplication and a warning says why; it does not fail."""
from __future__ import annotations

import logging
import os

from harvester_testkit import RecordingScheduler, fast_profile, make_job, warcio_check
from index_testkit import FakeArchive, FakeCatalog
from warcio.archiveiterator import ArchiveIterator

from server.harvester import report as reports
from server.index import package
from server.index.cache import CacheConfig, IndexCache
from shared.errors import ServiceTimeout, error_from_dict


class CoreIndexClient:
    """The index server's core in this process, behind the harvester's IndexClient interface."""

    def __init__(self, cache: IndexCache):
        self.cache = cache
        self.asked: list[list[int]] = []

    def dedup_index(self, job_ids, dest, timeout):
        self.asked.append(list(job_ids))
        req = self.cache.build("dedup", job_ids)
        if req.state != "done":
            raise error_from_dict({"code": req.error_code, "message": req.error})
        loc = self.cache.location("dedup", job_ids)
        package.unpack(loc.path, dest)
        return loc.covered


class SlowIndexClient:
    def dedup_index(self, job_ids, dest, timeout):
        raise ServiceTimeout(f"the deduplication index was not ready within {timeout:g} s")


def _records(folder: str, job_id: int):
    out = []
    for name in sorted(os.listdir(folder)):
        if name.startswith(f"{job_id}-") and "-metadata-" not in name:
            with open(os.path.join(folder, name), "rb") as fh:
                out += [(r.rec_type, r.rec_headers) for r in ArchiveIterator(fh)]
    return out


def _metadata(folder: str, job_id: int) -> dict[str, bytes]:
    with open(os.path.join(folder, f"{job_id}-metadata-1.warc.gz"), "rb") as fh:
        return {(r.rec_headers.get_header("WARC-Target-URI") or "").split("?")[0]: r.content_stream().read()
                for r in ArchiveIterator(fh)}


def test_the_second_harvest_deduplicates_against_the_first(web, make_harvester, replicas, tmp_path):
    seeds = [web.seed("www.example1.test")]
    profile = fast_profile(web.proxy_url, dedup={"enabled": True, "mime_exclude": "^text/.*"})
    first = make_job(seeds, profile, job_id=501, dedup_job_ids=[])
    cache = IndexCache(CacheConfig(str(tmp_path / "index-cache")), FakeArchive(replicas["ONE"]),
                       FakeCatalog({501: "done"}))
    client = CoreIndexClient(cache)
    h = make_harvester(RecordingScheduler(), index=None)
    h.index = client
    assert h.run_job(first).status == "done"
    assert client.asked == []  # nothing to deduplicate against
    assert _metadata(replicas["ONE"], 501)["metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs"] == b""

    second = make_job(seeds, profile, job_id=502, dedup_job_ids=[501])
    report = h.run_job(second)
    assert report.status == "done" and client.asked == [[501]]
    revisits = [hd for kind, hd in _records(replicas["ONE"], 502) if kind == "revisit"]
    refers = [hd.get_header("WARC-Refers-To-Target-URI") for hd in revisits]
    assert revisits and not any(u.endswith((".html", ".css")) for u in refers), refers  # text is never
    assert any(u.endswith("/img/1.png") for u in refers)                                 # deduplicated
    assert all(hd.get_header("WARC-Refers-To-Date") for hd in revisits)
    meta = _metadata(replicas["ONE"], 502)
    assert meta["metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs"] == b"501"
    log = meta["metadata://netarkivet.dk/crawl/logs/crawl.log"].decode()
    annotated = [line for line in log.splitlines() if 'duplicate:"501-' in line]
    assert len(annotated) == len(revisits)
    example = {d.domain: d for d in report.domains}["example1.test"]
    assert example.duplicates > 0 and example.duplicate_bytes > 0
    assert sum(d.duplicates for d in report.domains) == len(revisits)
    assert sum(d["duplicates"] for d in h.scheduler.reports["502"]["domains"]) == len(revisits)
    warcio_check([os.path.join(replicas["ONE"], n) for n in os.listdir(replicas["ONE"]) if n.startswith("502-")])


def test_without_an_index_in_time_the_job_is_crawled_without_deduplication(web, make_harvester, replicas,
                                                                          caplog):
    profile = fast_profile(web.proxy_url, dedup={"enabled": True})
    job = make_job([web.seed("www.example2.test")], profile, job_id=511, dedup_job_ids=[501, 502])
    h = make_harvester(RecordingScheduler(), dedup_index_timeout=0.5)
    h.index = SlowIndexClient()
    with caplog.at_level(logging.WARNING, logger="server.harvester.runner"):
        report = h.run_job(job)
    assert report.status == "done" and not report.harvest_error
    assert "crawled without deduplication" in caplog.text and "not ready within 0.5 s" in caplog.text
    assert not [1 for kind, _ in _records(replicas["ONE"], 511) if kind == "revisit"]
    assert _metadata(replicas["ONE"], 511)["metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs"] == b""


def test_duplicates_are_counted_per_domain_from_crawl_log(tmp_path):
    log = tmp_path / "crawl.log"
    log.write_text(
        "2024-01-01T00:00:00.000Z   200       900 http://www.a.dk/x.png L - image/png #1 x sha1:A - "
        'duplicate:"1-1-x.warc.gz,12,20231201000000"\n'
        "2024-01-01T00:00:00.000Z   200       100 http://cdn.a.dk/y.png L - image/png #1 x sha1:B - "
        'duplicate:"1-1-x.warc.gz,99"\n'
        "2024-01-01T00:00:00.000Z   200      5000 http://www.b.dk/ - - text/html #1 x sha1:C - -\n")
    assert reports.duplicates(str(log)) == {"a.dk": (2, 1000)}
