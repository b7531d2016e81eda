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
