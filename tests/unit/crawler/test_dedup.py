"""Deduplication: a second harvest writes revisit records for unchanged non-text objects."""
from __future__ import annotations

import base64
import hashlib

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
    from shared.warc.cdx import iter_cdx

    seeds = ["http://www.dedup2.test/features.html"]
    first = crawl(tmp_path / "one", seeds, web.proxy_url, robots="ignore")
    index = _index_server_dedup_index(tmp_path, first)
    second = crawl(tmp_path / "two", seeds, web.proxy_url, robots="ignore",
                   extra={"dedup": {"enabled": True, "index": index}})
    originals = {uri: (name, headers) for name, kind, uri, headers, _b in warc_records(first["warcs"])
                 if kind == "response"}
    revisits = {r[2]: r[3] for r in warc_records(second["warcs"]) if r[1] == "revisit"}
    url = "http://www.dedup2.test/img/1.png"
    assert url in revisits and not any(u.endswith((".html", ".css")) for u in revisits)
    rec, (orig_file, orig) = revisits[url], originals[url]
    assert rec["WARC-Refers-To-Target-URI"] == url
    assert rec["WARC-Refers-To-Date"] == orig["WARC-Date"]  # the original's WARC-Date, exactly
    assert len(orig["WARC-Date"]) == len("2024-05-01T10:00:00.123Z")
    offset = next(r.offset for r in iter_cdx(next(p for p in first["warcs"] if p.endswith(orig_file)))
                  if r.url == url and r.rec_type == "response")
    stamp = "".join(c for c in orig["WARC-Date"] if c.isdigit())[:17]
    line = second["by_url"][url][0]
    assert line["annotations"] == f'duplicate:"{orig_file},{offset},{stamp}"'
    warcio_check(second["warcs"])


def _index_server_dedup_index(tmp_path, first: dict) -> str:
    """The index server's dedup index of job 7 (``first``'s crawl), built from what the harvester
    stores for a job (crawl.log and CDX in a metadata WARC); returns its directory."""
    import io
    import os

    from index_testkit import FakeArchive, FakeCatalog
    from warcio.warcwriter import WARCWriter

    from server.index.cache import CacheConfig, IndexCache
    from shared.warc.cdx import iter_cdx

    archive = tmp_path / "archive"
    archive.mkdir()
    with open(archive / "7-metadata-1.warc.gz", "wb") as fh:
        w = WARCWriter(fh, gzip=True, warc_version="1.1")
        log = open(os.path.join(os.path.dirname(first["warcs"][0]), "crawl.log"), "rb").read()
        w.write_record(w.create_warc_record("metadata://netarkivet.dk/crawl/logs/crawl.log?jobid=7", "metadata",
                                            payload=io.BytesIO(log), length=len(log)))
        for path in first["warcs"]:
            name = os.path.basename(path)
            cdx = "".join(sorted(r.cdxj(name) for r in iter_cdx(path))).encode()
            w.write_record(w.create_warc_record(f"metadata://netarkivet.dk/crawl/index/cdx?filename={name}",
                                                "metadata", payload=io.BytesIO(cdx), length=len(cdx)))
    cache = IndexCache(CacheConfig(str(tmp_path / "cache")), FakeArchive(str(archive)), FakeCatalog({7: "done"}))
    assert cache.build("dedup", [7]).entries >= 1
    return cache.set_entry("dedup", [7]).path


_OBJECT = bytes(range(256)) * 40  # 10 KB of "image"


def _object_server(served: dict):
    """A RawWeb whose /obj.bin is sent chunked (in 1000-byte chunks) or with a Content-Length,
    as ``served["chunked"]`` says, and whose / links to it."""
    from rawweb import RawWeb, response

    def page(sock, _path) -> bool:
        sock.sendall(response(b'<html><a href="/obj.bin">o</a></html>'))
        return True

    def obj(sock, _path) -> bool:
        head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
        if served["chunked"]:
            chunks = b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in
                              (_OBJECT[i:i + 1000] for i in range(0, len(_OBJECT), 1000)))
            sock.sendall(f"{head}Transfer-Encoding: chunked\r\n\r\n".encode() + chunks + b"0\r\n\r\n")
        else:
            sock.sendall(f"{head}Content-Length: {len(_OBJECT)}\r\n\r\n".encode() + _OBJECT)
        return True

    return RawWeb({"/": page, "/obj.bin": obj})


def test_an_object_served_chunked_then_plain_is_deduplicated(tmp_path):
    """The payload digest is over the entity body, so the chunk framing of the first harvest does
    not hide that the second one fetched the same object: the index server's dedup index (keyed
    on URL and payload digest) finds it, and the revisit names the original."""
    from warc_checks import entity_digest

    served = {"chunked": True}
    with _object_server(served) as site:
        url = site.url("/obj.bin")
        first = crawl(tmp_path / "one", [site.url("/")], None, robots="ignore")
        index = _index_server_dedup_index(tmp_path, first)
        served["chunked"] = False
        second = crawl(tmp_path / "two", [site.url("/")], None, robots="ignore",
                       extra={"dedup": {"enabled": True, "index": index}})
    digest = entity_digest(_OBJECT, False)
    assert digest == "sha1:" + base64.b32encode(hashlib.sha1(_OBJECT).digest()).decode()
    original = next(r for r in warc_records(first["warcs"]) if r[1] == "response" and r[2] == url)
    assert original[4].startswith(b"3e8\r\n") and original[4].endswith(b"0\r\n\r\n")  # as sent, framed
    assert original[3]["WARC-Payload-Digest"] == digest and first["by_url"][url][0]["digest"] == digest
    revisit = next(r for r in warc_records(second["warcs"]) if r[2] == url and r[1] in ("response", "revisit"))
    assert revisit[1] == "revisit"
    assert revisit[3]["WARC-Payload-Digest"] == digest
    assert revisit[3]["WARC-Refers-To-Date"] == original[3]["WARC-Date"]  # exactly, milliseconds too
    assert second["by_url"][url][0]["annotations"].startswith(f'duplicate:"{original[0]},')
    warcio_check(first["warcs"] + second["warcs"])


def test_an_original_indexed_with_its_framing_still_deduplicates(tmp_path):
    """Captures archived before the payload digest left out chunk framing are indexed under the
    digest of the body as stored. A chunked fetch of the same bytes is looked up that way too, and
    its revisit carries the original's digest, so that an index pairing revisits with originals by
    digest (pywb) finds it; a plain fetch of the object is archived in full."""
    served = {"chunked": True}
    with _object_server(served) as site:
        url = site.url("/obj.bin")
        first = crawl(tmp_path / "one", [site.url("/")], None, robots="ignore")
        original = next(r for r in warc_records(first["warcs"]) if r[1] == "response" and r[2] == url)
        legacy = "sha1:" + base64.b32encode(hashlib.sha1(original[4]).digest()).decode()  # framing included
        assert legacy != original[3]["WARC-Payload-Digest"]
        write_index(str(tmp_path / "dedup.tsv"),
                    [(url, DedupEntry(legacy, original[0], 0, original[3]["WARC-Date"]))])
        dedup = {"dedup": {"enabled": True, "index": str(tmp_path / "dedup.tsv")}}
        second = crawl(tmp_path / "two", [site.url("/")], None, robots="ignore", extra=dedup)
        served["chunked"] = False
        third = crawl(tmp_path / "three", [site.url("/")], None, robots="ignore", extra=dedup)
    revisit = next(r for r in warc_records(second["warcs"]) if r[2] == url and r[1] in ("response", "revisit"))
    assert revisit[1] == "revisit" and revisit[3]["WARC-Payload-Digest"] == legacy
    assert second["by_url"][url][0]["digest"] == legacy
    plain = next(r for r in warc_records(third["warcs"]) if r[2] == url and r[1] in ("response", "revisit"))
    assert plain[1] == "response" and plain[3]["WARC-Payload-Digest"] == original[3]["WARC-Payload-Digest"]
