"""Deduplication: a second harvest writes revisit records for unchanged non-text objects."""
from __future__ import annotations

from crawler_helpers import crawl, warc_records, warcio_check

from server.crawler.dedup import DedupEntry, FileDedupIndex, write_index


def test_file_index_lookup_by_canonical_url(tmp_path):
    path = tmp_path / "index.tsv"
    entry = DedupEntry("sha1:AAA", "f.warc.gz", 12, "2020-01-01T00:00:00Z")
    write_index(str(path), [("http://WWW.a.dk:80/x.png", entry)])
    index = FileDedupIndex(str(path))
    assert index.lookup("http://www.a.dk/x.png") == DedupEntry("sha1:AAA", "f.warc.gz", 12, "2020-01-01T00:00:00Z")
    assert index.lookup("http://www.a.dk/y.png") is None
    assert len(FileDedupIndex(str(tmp_path / "missing.tsv"))) == 0


def test_second_crawl_writes_revisits_for_images_only(web, tmp_path):
    seeds = ["http://www.dedup.test/features.html"]
    first = crawl(tmp_path / "one", seeds, web.proxy_url, robots="ignore")
    rows = []
    for name, kind, uri, headers, _body in warc_records(first["warcs"]):
        if kind == "response" and uri.startswith("http"):
            rows.append((uri, DedupEntry(headers["WARC-Payload-Digest"], name, 0, headers["WARC-Date"])))
    write_index(str(tmp_path / "dedup.tsv"), rows)
    second = crawl(tmp_path / "two", seeds, web.proxy_url, robots="ignore",
                   extra={"dedup": {"enabled": True, "index": str(tmp_path / "dedup.tsv")}})
    revisits = {r[2]: r for r in warc_records(second["warcs"]) if r[1] == "revisit"}
    assert "http://www.dedup.test/img/1.png" in revisits
    assert not any(uri.endswith((".html", ".css")) for uri in revisits), "text/* is excluded by default"
    rec = revisits["http://www.dedup.test/img/1.png"][3]
    assert rec["WARC-Profile"].endswith("/warc/1.1/revisit/identical-payload-digest")
    assert rec["WARC-Refers-To-Target-URI"] == "http://www.dedup.test/img/1.png"
    assert rec["WARC-Refers-To-Date"]
    line = second["by_url"]["http://www.dedup.test/img/1.png"][0]
    assert line["annotations"].startswith('duplicate:"7-3-') and line["status"] == "200"
    warcio_check(second["warcs"])


def test_second_crawl_against_an_index_server_dedup_index(web, tmp_path):
    """The crawler opens the index server's own format (a directory): revisits name the original
    by URL and date, and crawl.log's annotation carries the original's file, offset and time."""
    import io
    import os

    from index_testkit import FakeArchive, FakeCatalog
    from warcio.warcwriter import WARCWriter

    from server.archive.cdx import iter_cdx
    from server.index.cache import CacheConfig, IndexCache

    seeds = ["http://www.dedup2.test/features.html"]
    first = crawl(tmp_path / "one", seeds, web.proxy_url, robots="ignore")
    archive = tmp_path / "archive"
    archive.mkdir()
    with open(archive / "7-metadata-1.warc.gz", "wb") as fh:  # what the harvester stores for the job
        w = WARCWriter(fh, gzip=True, warc_version="1.1")
        log = open(tmp_path / "one" / "crawl.log", "rb").read()
        w.write_record(w.create_warc_record("metadata://netarkivet.dk/crawl/logs/crawl.log?jobid=7", "metadata",
                                            payload=io.BytesIO(log), length=len(log)))
        for path in first["warcs"]:
            name = os.path.basename(path)
            cdx = "".join(sorted(r.cdxj(name) for r in iter_cdx(path))).encode()
            w.write_record(w.create_warc_record(f"metadata://netarkivet.dk/crawl/index/cdx?filename={name}",
                                                "metadata", payload=io.BytesIO(cdx), length=len(cdx)))
    cache = IndexCache(CacheConfig(str(tmp_path / "cache")), FakeArchive(str(archive)), FakeCatalog({7: "done"}))
    assert cache.build("dedup", [7]).entries > 5
    second = crawl(tmp_path / "two", seeds, web.proxy_url, robots="ignore",
                   extra={"dedup": {"enabled": True, "index": cache.set_entry("dedup", [7]).path}})
    originals = {uri: (name, headers) for name, kind, uri, headers, _b in warc_records(first["warcs"])
                 if kind == "response"}
    revisits = {r[2]: r[3] for r in warc_records(second["warcs"]) if r[1] == "revisit"}
    url = "http://www.dedup2.test/img/1.png"
    assert url in revisits and not any(u.endswith((".html", ".css")) for u in revisits)
    rec, (orig_file, orig) = revisits[url], originals[url]
    assert rec["WARC-Refers-To-Target-URI"] == url
    assert rec["WARC-Refers-To-Date"] == orig["WARC-Date"][:19] + "Z"
    offset = next(r.offset for r in iter_cdx(next(p for p in first["warcs"] if p.endswith(orig_file)))
                  if r.url == url and r.rec_type == "response")
    stamp = "".join(c for c in orig["WARC-Date"] if c.isdigit())[:14]
    line = second["by_url"][url][0]
    assert line["annotations"] == f'duplicate:"{orig_file},{offset},{stamp}"'
    warcio_check(second["warcs"])
