"""Export of jobs into a WACZ from a local stand-in of the archive (the Source the CLI gives reads
the arcrepository; this one reads a folder): the package holds the files byte for byte, the
original of a revisit from a job outside the selection, the index our CDX writer makes, pages
from the seeds and HTML pages, and passes ``wacz validate``."""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile

import pytest
from wacz_fixtures import SITE, LocalSource, two_jobs

from shared.wacz import cdxj
from shared.wacz.export import export_jobs
from shared.wacz.writer import WaczWriter
from shared.warc.cdx import write_cdx

WACZ = shutil.which("wacz") or os.path.join(os.path.dirname(sys.executable), "wacz")


def _export(tmp_path, jobs, **kw):
    archive = tmp_path / "archive"
    archive.mkdir(exist_ok=True)
    facts = two_jobs(str(archive))
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    out = tmp_path / "out.wacz"
    source = LocalSource(str(archive))
    with open(out, "wb") as fh, WaczWriter(fh) as w:
        summary = export_jobs(source, jobs, w, str(work), **kw)
    return out, summary, facts, source


def _cdx(path, name):
    buf = io.StringIO()
    write_cdx(path, buf, "cdxj", name)
    return buf.getvalue().splitlines(keepends=True)


def _validate(path) -> subprocess.CompletedProcess:
    if not os.path.exists(WACZ):
        pytest.skip("the wacz package is not installed (pip install wacz)")
    return subprocess.run([WACZ, "validate", "-f", str(path)], capture_output=True, text=True, timeout=300)


def test_a_job_exports_with_the_original_of_its_revisit_and_validates(tmp_path):
    out, summary, facts, source = _export(tmp_path, [2])
    with zipfile.ZipFile(out) as z:
        names = z.namelist()
        assert {"archive/2-1-20240601100000-00000-test.warc.gz", "archive/2-metadata-1.warc.gz",
                "archive/originals.warc.gz", "indexes/index.cdxj", "pages/pages.jsonl", "datapackage.json",
                "datapackage-digest.json"} == set(names)
        # the job's files byte for byte, stored (not deflated)
        for f in ("b", "m2"):
            name = "archive/" + os.path.basename(facts[f])
            assert z.read(name) == open(facts[f], "rb").read()
            assert z.getinfo(name).compress_type == zipfile.ZIP_STORED
        originals = z.read("archive/originals.warc.gz")
        index = z.read("indexes/index.cdxj").decode().splitlines(keepends=True)
        pages = [json.loads(line) for line in z.read("pages/pages.jsonl").splitlines()]
        package = json.loads(z.read("datapackage.json"))
        digest = json.loads(z.read("datapackage-digest.json"))
        for res in package["resources"]:
            data = z.read(res["path"])
            assert res["hash"] == "sha256:" + hashlib.sha256(data).hexdigest() and res["bytes"] == len(data)
        assert digest["hash"] == "sha256:" + hashlib.sha256(z.read("datapackage.json")).hexdigest()
    # job 1's file is not read whole: only the one record the revisit needs
    assert not any(n.startswith("1-") for n in source.read)
    assert summary.originals == 1 and summary.unresolved_revisits == 0
    assert b"/pic.png" in gzip.decompress(originals)
    # the index: exactly what our CDX writer (equal to cdx-indexer) gives for the package's files
    orig = tmp_path / "originals.warc.gz"
    orig.write_bytes(originals)
    expected = sorted(set(_cdx(facts["b"], os.path.basename(facts["b"])) + _cdx(facts["m2"], "2-metadata-1.warc.gz")
                          + _cdx(str(orig), "originals.warc.gz")))
    assert index == expected
    assert package["wacz_version"] == "1.1.1"
    assert pages[0]["format"] == "json-pages-1.0"
    urls = {p["url"]: p for p in pages[1:]}
    assert set(urls) == {f"{SITE}/", f"{SITE}/about.html"}       # HTML 200 pages; not the 404
    assert urls[f"{SITE}/"].get("seed") is True and urls[f"{SITE}/"]["ts"] == "2024-06-01T10:00:00Z"
    done = _validate(out)
    assert done.returncode == 0, done.stdout + done.stderr


def test_two_jobs_need_no_originals_and_a_large_index_goes_in_gzip_blocks(tmp_path, monkeypatch):
    monkeypatch.setattr(cdxj, "BLOCK_LINES", 3)
    out, summary, facts, _ = _export(tmp_path, [1, 2], compressed_index=True)
    assert summary.originals == 0
    with zipfile.ZipFile(out) as z:
        assert "archive/originals.warc.gz" not in z.namelist()
        blocks = z.read("indexes/index.cdx.gz")
        assert z.getinfo("indexes/index.cdx.gz").compress_type == zipfile.ZIP_STORED
        idx = z.read("indexes/index.idx").decode().splitlines()
    assert idx[0] == '!meta 0 {"format": "cdxj-gzip-1.0", "filename": "index.cdx.gz"}'
    lines = []
    for entry in idx[1:]:
        key, ts, meta = entry.split(" ", 2)
        meta = json.loads(meta)
        block = blocks[meta["offset"]:meta["offset"] + meta["length"]]
        assert meta["digest"] == "sha256:" + hashlib.sha256(block).hexdigest()
        part = gzip.decompress(block).decode().splitlines(keepends=True)
        assert part[0].startswith(f"{key} {ts} ") and len(part) <= 3
        lines += part
    assert lines == sorted(lines) and len(lines) == summary.records
    assert b"".join(gzip.decompress(blocks).splitlines(keepends=True)) == "".join(lines).encode()
    done = _validate(out)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_url_list_exports_only_those_captures(tmp_path):
    out, summary, _, _ = _export(tmp_path, [1, 2], urls=[f"{SITE}/about.html", f"{SITE}/"])
    with zipfile.ZipFile(out) as z:
        assert [n for n in z.namelist() if n.startswith("archive/")] == ["archive/selection.warc.gz"]
        index = z.read("indexes/index.cdxj").decode()
    urls = sorted(json.loads(line.split(" ", 2)[2])["url"] for line in index.splitlines())
    assert urls == [f"{SITE}/", f"{SITE}/", f"{SITE}/about.html"]
    assert summary.records == 3


def test_a_url_captured_nowhere_is_a_clear_error(tmp_path):
    from shared.errors import NotFound

    with pytest.raises(NotFound, match="none of the 1 URLs"):
        _export(tmp_path, [1], urls=["http://elsewhere.test/"])


def test_a_jobs_own_page_list_wins_and_a_job_without_files_is_an_error(tmp_path):
    from wacz_fixtures import LocalSource

    from server.wacz import imports
    from shared.errors import NotFound

    archive = tmp_path / "archive"
    archive.mkdir()
    facts = two_jobs(str(archive))
    # job 7: job 1's WARC imported again, with the page list its WACZ had
    warc = archive / "7-1-20260101000000-00000-import.warc.gz"
    warc.write_bytes(open(facts["a"], "rb").read())
    own = [{"id": "p1", "url": f"{SITE}/pic.png", "ts": "2024-01-01T10:00:00Z", "title": "the picture"}]
    f = imports.ImportedFile(str(warc), "a.warc.gz", warc.name, *imports.sha256_file(str(warc)))
    imports.write_metadata(str(archive / "7-metadata-1.warc.gz"), 7, 1, [f], "a.wacz", [], own)
    out = tmp_path / "own.wacz"
    with open(out, "wb") as fh, WaczWriter(fh) as w:
        summary = export_jobs(LocalSource(str(archive)), [7], w, str(tmp_path))
    with zipfile.ZipFile(out) as z:
        pages = [json.loads(line) for line in z.read("pages/pages.jsonl").splitlines()]
    assert pages[1:] == own and summary.pages == 1
    with pytest.raises(NotFound, match="no files of jobs 8"), open(tmp_path / "x.wacz", "wb") as fh, \
            WaczWriter(fh) as w:
        export_jobs(LocalSource(str(archive)), [8], w, str(tmp_path))


def test_index_lines_of_a_file_the_archive_does_not_hold_are_left_out(tmp_path):
    import viewer_testkit as kit
    from wacz_fixtures import LocalSource

    archive = tmp_path / "archive"
    archive.mkdir()
    kept = kit.WarcBuilder(str(archive / "9-1-20240101100000-00000-kept.warc.gz"))
    kept.response(f"{SITE}/kept", "2024-01-01T10:00:00Z", b"<html>kept</html>")
    lost = kit.WarcBuilder(str(tmp_path / "9-1-20240101100000-00001-lost.warc.gz"))   # never stored
    lost.response(f"{SITE}/lost", "2024-01-01T10:00:00Z", b"<html>lost</html>")
    kit.metadata_warc(str(archive / "9-metadata-1.warc.gz"), 9, [kept.close(), lost.close()])
    out = tmp_path / "9.wacz"
    with open(out, "wb") as fh, WaczWriter(fh) as w:
        export_jobs(LocalSource(str(archive)), [9], w, str(tmp_path))
    with zipfile.ZipFile(out) as z:
        index = z.read("indexes/index.cdxj").decode()
    assert "dk,wacz-test)/kept " in index and "dk,wacz-test)/lost " not in index
    assert '"filename": "9-1-20240101100000-00001-lost.warc.gz"' not in index


def test_a_crawl_by_our_own_crawler_exports_with_its_index_as_cdx_indexer_writes_it(tmp_path):
    """Our crawler's WARCs (chunked and gzip bodies, http and https, redirects, a 404) and the
    metadata WARC with their CDX and crawl.log: the package's index is exactly our CDX writer's
    lines for its files (which equal pywb's cdx-indexer: tests/unit/crawler/test_cdx_like_pywb.py)."""
    import viewer_testkit as kit

    archive = tmp_path / "archive"
    archive.mkdir()
    warcs, crawl_log = kit.crawler_warcs(str(tmp_path), 3)
    names = []
    for n, path in enumerate(warcs):
        name = f"3-1-20240101100000-{n:05d}-crawl.warc.gz"
        os.replace(path, archive / name)
        names.append(str(archive / name))
    kit.metadata_warc(str(archive / "3-metadata-1.warc.gz"), 3, names, crawl_log)
    out = tmp_path / "3.wacz"
    (tmp_path / "work").mkdir()
    with open(out, "wb") as fh, WaczWriter(fh) as w:
        summary = export_jobs(LocalSource(str(archive)), [3], w, str(tmp_path / "work"))
    with zipfile.ZipFile(out) as z:
        index = z.read("indexes/index.cdxj").decode().splitlines(keepends=True)
        pages = [json.loads(line)["url"] for line in z.read("pages/pages.jsonl").splitlines()[1:]]
    expected = []
    for path in names + [str(archive / "3-metadata-1.warc.gz")]:
        expected += _cdx(path, os.path.basename(path))
    assert index == sorted(set(expected)) and summary.unresolved_revisits == 0
    assert f"http://{kit.CRAWLED_HOST}/" in pages and f"https://{kit.CRAWLED_HOST}/page/1" in pages
    done = _validate(out)
    assert done.returncode == 0, done.stdout + done.stderr
