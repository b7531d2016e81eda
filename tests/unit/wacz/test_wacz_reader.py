"""A WACZ or WARC from elsewhere is checked before anything of it is kept: a good one comes out
whole; a bad digest, a name leaving the package, a zip bomb, a cut-off record, a datapackage that
lies each give one clear error (and the caller keeps nothing)."""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import zipfile

import pytest
import viewer_testkit as kit
from wacz_fixtures import LocalSource, two_jobs

from server.wacz import imports, reader, warcs
from shared.errors import InvalidWacz, InvalidWarc
from shared.wacz.export import export_jobs
from shared.wacz.writer import WaczWriter


@pytest.fixture
def good(tmp_path):
    archive = tmp_path / "archive"
    archive.mkdir()
    two_jobs(str(archive))
    work = tmp_path / "work"
    work.mkdir()
    out = tmp_path / "good.wacz"
    with open(out, "wb") as fh, WaczWriter(fh) as w:
        export_jobs(LocalSource(str(archive)), [2], w, str(work))
    return out


def _rewrite(src, dst, change=None, extra=(), fix_package=True):
    """Copy a WACZ, changing members (``change(name, data) -> data``), adding ``extra`` (name,
    data) members, and (by default) making datapackage.json and its digest agree again."""
    with zipfile.ZipFile(src) as z:
        members = {n: z.read(n) for n in z.namelist()}
    for n in list(members):
        if change is not None and n not in ("datapackage.json", "datapackage-digest.json"):
            members[n] = change(n, members[n])
    members.update(dict(extra))
    if fix_package:
        package = json.loads(members["datapackage.json"])
        package["resources"] = [{"name": os.path.basename(n), "path": n, "bytes": len(d),
                                 "hash": "sha256:" + hashlib.sha256(d).hexdigest()}
                                for n, d in members.items() if n not in ("datapackage.json", "datapackage-digest.json")]
        members["datapackage.json"] = json.dumps(package).encode()
        members["datapackage-digest.json"] = json.dumps(
            {"path": "datapackage.json", "hash": "sha256:" + hashlib.sha256(members["datapackage.json"]).hexdigest()}
        ).encode()
    with zipfile.ZipFile(dst, "w") as z:
        for n, d in members.items():
            z.writestr(n, d)
    return dst


def test_a_good_package_gives_its_warcs_and_pages(good, tmp_path):
    dest = tmp_path / "dest"
    dest.mkdir()
    pkg = reader.extract(str(good), str(dest))
    assert sorted(os.path.basename(p) for p in pkg.warcs) == [
        "2-1-20240601100000-00000-test.warc.gz", "2-metadata-1.warc.gz", "originals.warc.gz"]
    assert {p["url"] for p in pkg.pages} == {"http://www.wacz-test.dk/", "http://www.wacz-test.dk/about.html"}
    for p in pkg.warcs:
        assert warcs.check_warc(p).records > 0


def test_a_member_that_differs_from_its_digest_is_refused(good, tmp_path):
    def flip(name, data):
        return data[:-5] + bytes([data[-5] ^ 1]) + data[-4:] if name.endswith("-test.warc.gz") else data

    bad = _rewrite(good, tmp_path / "bad.wacz", flip, fix_package=False)
    with pytest.raises(InvalidWacz, match="does not match its SHA-256"):
        reader.extract(str(bad), str(tmp_path))


@pytest.mark.parametrize("name", ["../evil.warc.gz", "archive/../../evil.warc", "/etc/evil.warc",
                                  "archive\\evil.warc", "C:/evil.warc"])
def test_names_that_leave_the_package_are_refused(good, tmp_path, name):
    bad = _rewrite(good, tmp_path / "bad.wacz", extra=[(name, b"WARC/1.1\r\n")])
    with pytest.raises(InvalidWacz, match="unsafe name|would leave the package"):
        reader.extract(str(bad), str(tmp_path / "dest"))
    assert not (tmp_path / "evil.warc.gz").exists()


def test_a_zip_bomb_is_refused_before_it_is_inflated(good, tmp_path):
    bad2 = tmp_path / "bomb2.wacz"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(bad2, "w", zipfile.ZIP_DEFLATED) as z:
        for n in src.namelist():
            z.writestr(n, src.read(n))
        with z.open("archive/bomb.warc", "w") as out:
            for _ in range(64):
                out.write(bytes(1 << 20))
    with pytest.raises(InvalidWacz, match="zip bomb"):
        reader.extract(str(bad2), str(tmp_path))


def test_a_package_larger_than_allowed_is_refused(good, tmp_path):
    with pytest.raises(InvalidWacz, match="more than the 1000 allowed"):
        reader.extract(str(good), str(tmp_path), max_bytes=1000)


def test_a_cut_off_record_inside_is_found_by_the_warc_check(good, tmp_path):
    bad = _rewrite(good, tmp_path / "cut.wacz",
                   lambda n, d: d[:-40] if n.endswith("-test.warc.gz") else d)
    dest = tmp_path / "dest"
    dest.mkdir()
    pkg = reader.extract(str(bad), str(dest))   # the package agrees with itself...
    cut = next(p for p in pkg.warcs if p.endswith("-test.warc.gz"))
    with pytest.raises(InvalidWarc, match="truncated"):
        warcs.check_warc(cut)                      # ...but its WARC is not whole


def test_a_datapackage_that_lies_is_refused(good, tmp_path):
    unlisted = _rewrite(good, tmp_path / "u.wacz", fix_package=False, extra=[("archive/extra.warc", b"WARC")])
    with pytest.raises(InvalidWacz, match="not listed"):
        reader.extract(str(unlisted), str(tmp_path))
    wrong_digest = tmp_path / "d.wacz"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(wrong_digest, "w") as z:
        for n in src.namelist():
            z.writestr(n, src.read(n) if n != "datapackage-digest.json" else
                       json.dumps({"path": "datapackage.json", "hash": "sha256:" + "0" * 64}).encode())
    with pytest.raises(InvalidWacz, match="datapackage-digest.json does not match"):
        reader.extract(str(wrong_digest), str(tmp_path))
    (tmp_path / "not.wacz").write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(InvalidWacz, match="not a WACZ"):
        reader.extract(str(tmp_path / "not.wacz"), str(tmp_path))


# --- WARC files --------------------------------------------------------------------------------------

def _warc(tmp_path, name="a.warc.gz"):
    b = kit.WarcBuilder(str(tmp_path / name))
    b.response("http://a.test/", "2024-01-01T10:00:00Z", b"<html>a page body</html>")
    b.response("http://a.test/b", "2024-01-01T10:00:01Z", b"<html>another body</html>")
    return b.close()


def test_a_good_warc_passes_and_a_wget_warc_too(tmp_path):
    facts = warcs.check_warc(_warc(tmp_path))
    assert (facts.records, facts.responses, facts.suffix) == (3 - 1, 2, ".warc.gz")
    wget, _ = kit.wget_warc(str(tmp_path))
    assert warcs.check_warc(wget).responses >= 5     # chunked bodies: payload digests are not held against it


def test_a_damaged_block_is_refused(tmp_path):
    path = _warc(tmp_path)
    plain = gzip.decompress(open(path, "rb").read()).replace(b"a page body", b"a PAGE body")
    (tmp_path / "bad.warc").write_bytes(plain)
    with pytest.raises(InvalidWarc, match="damaged.*block digest"):
        warcs.check_warc(str(tmp_path / "bad.warc"))


def test_a_warc_gzipped_whole_or_misnamed_is_refused(tmp_path):
    plain = gzip.decompress(open(_warc(tmp_path), "rb").read())
    (tmp_path / "whole.warc.gz").write_bytes(gzip.compress(plain))
    with pytest.raises(InvalidWarc, match="not gzipped record by record"):
        warcs.check_warc(str(tmp_path / "whole.warc.gz"))
    (tmp_path / "plain.warc.gz").write_bytes(plain)
    with pytest.raises(InvalidWarc, match="content is not gzip"):
        warcs.check_warc(str(tmp_path / "plain.warc.gz"))
    (tmp_path / "x.txt").write_bytes(plain)
    with pytest.raises(InvalidWarc, match="must end in"):
        warcs.check_warc(str(tmp_path / "x.txt"))
    (tmp_path / "junk.warc").write_bytes(b"<html>not a warc</html>")
    with pytest.raises(InvalidWarc, match="not a WARC"):
        warcs.check_warc(str(tmp_path / "junk.warc"))


# --- the import's metadata WARC -------------------------------------------------------------------------

def test_the_import_metadata_makes_the_files_a_jobs_data(tmp_path):
    import datetime as dt

    from server.archive.names import check_name
    from shared.warc import metadata

    path = _warc(tmp_path)
    name = imports.archive_name(7, 3, dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC), 0, ".warc.gz")
    assert name == "7-3-20260102030405-00000-import.warc.gz" and check_name(name) == name
    sha, size = imports.sha256_file(path)
    f = imports.ImportedFile(path, "a.warc.gz", name, sha, size)
    meta = imports.write_metadata(str(tmp_path / imports.metadata_name(7)), 7, 3, [f], "x.wacz",
                                  ["http://a.test/"], [{"url": "http://a.test/", "ts": "2024-01-01T10:00:00Z"}])
    cdx: list[str] = []
    metadata.read(meta, lambda _lines: None, cdx.extend)
    assert len(cdx) == 2 and all(json.loads(line.split(" ", 2)[2])["filename"] == name for line in cdx)
    assert metadata.job_of(os.path.basename(meta)) == 7
    texts = gzip.decompress(open(meta, "rb").read())
    assert b'"original": "a.warc.gz"' in texts and b"seeds.txt" in texts and b"pages.jsonl" in texts


def test_a_member_that_lies_about_its_size_is_refused(good, tmp_path):
    import struct

    data = bytearray(good.read_bytes())
    name = b"archive/2-1-20240601100000-00000-test.warc.gz"
    at = data.index(b"PK\x01\x02")                            # the first central directory entry
    while data[at + 46:at + 46 + len(name)] != name:
        at = data.index(b"PK\x01\x02", at + 4)
    declared = struct.unpack_from("<I", data, at + 24)[0]
    struct.pack_into("<I", data, at + 24, declared // 2)     # the central directory says half
    lying = tmp_path / "lying.wacz"
    lying.write_bytes(bytes(data))
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(InvalidWacz, match="damaged|holds .* bytes|past its declared size"):
        reader.extract(str(lying), str(dest))
