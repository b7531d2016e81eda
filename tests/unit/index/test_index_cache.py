"""The index cache: what an index holds, honest partial answers, bad input, each job read and
sorted once, one build for identical requests (threads and processes), eviction, restarts."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import threading
import time

import pytest
from index_testkit import FakeArchive, FakeCatalog, add_job, digest_of, simple_job, write_metadata
from waiting import wait_for

from server.index import package
from server.index.cache import CacheConfig, IndexCache
from server.index.dedup_index import DedupIndexReader
from server.index.entries import Entry
from shared.errors import IndexNotReady, InvalidInput, InvalidWarc, JobNotFound
from shared.warc import sorting

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def builds(cache: IndexCache) -> list[str]:
    try:
        with open(os.path.join(cache.root, "builds.log")) as fh:
            return fh.read().splitlines()
    except FileNotFoundError:
        return []


def test_dedup_index_points_to_the_originals_and_leaves_text_out(cache):
    req = cache.build("dedup", [1, 2])
    assert req.state == "done" and req.covered == [1, 2] and not req.missing
    assert req.entries == 10  # the ten images (the same in both jobs); pages are text/html
    path = cache.set_entry("dedup", [1, 2]).path
    for reader in (DedupIndexReader(path), DedupIndexReader(path, use_whoosh=True)):
        hit = reader.lookup("http://www.example.dk/img/1.png", digest_of("image 1"))
        # job 2's capture is a revisit: the index gives job 1's original record
        assert hit.warc_file.startswith("1-1-") and hit.offset == 1500
        assert hit.date == "2024-01-01T00:00:01Z" and hit.url == "http://www.example.dk/img/1.png"
        assert reader.lookup("http://www.example.dk/img/1.png", digest_of("changed")) is None
        assert reader.lookup("http://www.example.dk/page/0", digest_of("page 0 of job 1")) is None
        reader.close()


def test_full_index_answers_every_capture_of_a_url_across_jobs(cache):
    assert cache.build("full", [1, 2]).state == "done"
    _req, caps = cache.lookup("https://EXAMPLE.dk/img/1.png", [1, 2])  # scheme, case and www do not matter
    assert [c.job_id for c in caps] == [1, 2]
    assert caps[1].revisit_of_filename.startswith("1-1-") and caps[1].revisit_of_offset == 1500
    assert caps[1].filename.startswith("2-1-") and caps[0].revisit_of_filename is None
    assert cache.lookup("http://www.example.dk/nothing", [1, 2])[1] == []


def test_cdx_index_is_the_jobs_cdxj_merged_and_cdx11_on_request(cache):
    req = cache.build("cdx", [1, 2])
    assert req.entries == 40
    loc = cache.location("cdx", [1, 2])
    lines = open(loc.path).read().splitlines()
    assert lines == sorted(lines) and len(lines) == 40 and loc.format == "cdxj"
    assert json.loads(lines[0].split(" ", 2)[2])["filename"]
    cdx11 = cache.location("cdx", [1, 2], "cdx11")
    text = open(cdx11.path).read().splitlines()
    assert text[0] == " CDX N b a m s k r M S V g" and len(text) == 41
    assert cdx11.checksum and cdx11.size == os.path.getsize(cdx11.path)


def test_missing_jobs_are_named_and_nothing_is_stored_under_the_full_sets_name(cache):
    req = cache.build("full", [1, 2, 4])
    assert req.state == "done" and req.covered == [1, 2]
    assert [(m.job_id, m.code) for m in req.missing] == [(4, "no_metadata")]
    assert req.index_name == "1-2"
    assert not cache.set_entry("full", [1, 2, 4]).exists()
    assert cache.set_entry("full", [1, 2]).exists()


def test_a_failed_job_is_never_a_dedup_source_but_is_in_the_viewers_index(cache):
    req = cache.build("dedup", [1, 3])
    assert req.covered == [1]
    assert [(m.job_id, m.code) for m in req.missing] == [(3, "not_finished")]
    assert "failed" in req.missing[0].reason
    assert cache.build("full", [1, 3]).covered == [1, 3]


def test_a_job_with_a_file_not_stored_everywhere_is_no_dedup_source(tmp_path, archive, catalog):
    archive.unstored = {"2-metadata-1.warc.gz"}
    c = IndexCache(CacheConfig(str(tmp_path / "c")), archive, catalog)
    req = c.build("dedup", [1, 2])
    assert req.covered == [1] and req.missing[0].code == "not_stored"
    assert "2-metadata-1.warc.gz" in req.missing[0].reason


def test_a_corrupt_metadata_warc_is_named(cache, archive):
    with open(os.path.join(archive.directory, "5-metadata-1.warc.gz"), "wb") as fh:
        fh.write(b"\x1f\x8b\x08\x00" + os.urandom(500))
    req = cache.build("cdx", [1, 5])
    assert req.covered == [1]
    [m] = req.missing
    assert m.job_id == 5 and m.code == "invalid_warc" and "5-metadata-1.warc.gz" in m.reason
    # nothing else to cover: the request fails with that typed error, and asking for it raises it
    alone = cache.build("cdx", [5])
    assert alone.state == "failed" and alone.error_code == "invalid_warc" and "5-metadata-1.warc.gz" in alone.error
    with pytest.raises(InvalidWarc, match="5-metadata-1.warc.gz"):
        cache.location("cdx", [5])
    # several causes: NoIndexData naming each job and why
    mixed = cache.build("dedup", [3, 5])
    assert mixed.error_code == "no_index_data" and "job 3" in mixed.error and "job 5" in mixed.error


def test_truncated_metadata_is_an_invalid_warc(cache, archive):
    path = add_job(archive, 5)
    data = open(path, "rb").read()
    open(path, "wb").write(data[: len(data) // 2])
    req = cache.build("cdx", [1, 5])
    assert req.missing[0].code == "invalid_warc"
    from shared.warc import metadata

    with pytest.raises(InvalidWarc) as err:
        metadata.read(path, lambda b: None, lambda b: None)
    assert err.value.details["file"] == "5-metadata-1.warc.gz" and "offset" in err.value.details


def test_bad_input_is_a_typed_error_naming_what_was_wrong(cache):
    with pytest.raises(JobNotFound) as err:
        cache.build("cdx", [1, 77, 78])
    assert err.value.details["job_ids"] == [77, 78] and "77" in err.value.message
    with pytest.raises(InvalidInput, match="at least one job"):
        cache.request("dedup", [])
    with pytest.raises(InvalidInput, match="unknown index kind"):
        cache.request("lucene", [1])
    with pytest.raises(InvalidInput, match="positive whole numbers"):
        cache.request("cdx", ["1", "x"])
    with pytest.raises(IndexNotReady):
        cache.location("cdx", [1])  # never asked for
    with pytest.raises(InvalidInput):
        cache.lookup("", [1])


def test_101_jobs_after_100_read_each_job_once_and_sort_nothing_again(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    for j in range(1, 102):
        write_metadata(str(folder / f"{j}-metadata-1.warc.gz"), j, simple_job(j, 12, day=1 + j % 28))
    archive = FakeArchive(str(folder))
    catalog = FakeCatalog({j: "done" for j in range(1, 102)})
    c = IndexCache(CacheConfig(str(tmp_path / "cache")), archive, catalog)
    sorting.stats.clear()
    first = c.build("dedup", list(range(1, 101)))
    assert first.state == "done" and len(first.covered) == 100
    assert sorting.stats["sorts"] == 200  # each job's crawl.log rows and CDX lines, once
    assert all(n == 1 for n in archive.fetches.values()) and len(archive.fetches) == 100
    sorting.stats.clear()
    second = c.build("dedup", list(range(1, 102)))
    assert second.state == "done" and second.base == first.index_name
    assert sorting.stats["sorts"] == 2  # job 101's two files; nothing of jobs 1..100 again
    assert archive.fetches["101-metadata-1.warc.gz"] == 1
    assert all(n == 1 for n in archive.fetches.values())
    for kind in ("cdx", "full"):  # the other kinds merge the same per-job files
        c.build(kind, list(range(1, 101)))
        assert c.build(kind, list(range(1, 102))).base
    assert sorting.stats["sorts"] == 2 and all(n == 1 for n in archive.fetches.values())
    # the derived index answers as one built from scratch does
    fresh = IndexCache(CacheConfig(str(tmp_path / "fresh")), archive, catalog)
    scratch = fresh.build("dedup", list(range(1, 102)))
    assert scratch.base == "" and scratch.entries == second.entries
    a = DedupIndexReader(c.set_entry("dedup", list(range(1, 102))).path)
    b = DedupIndexReader(fresh.set_entry("dedup", list(range(1, 102))).path)
    for j in (1, 50, 101):
        for cap in simple_job(j, 12, day=1 + j % 28):
            assert a.lookup(cap.url, cap.digest) == b.lookup(cap.url, cap.digest)
    a.close()
    b.close()


def test_twenty_concurrent_identical_requests_make_one_build(cache, archive):
    archive.delay = 0.05  # keep the build in progress while the others arrive
    results = []
    barrier = threading.Barrier(20)

    def ask():
        barrier.wait()
        results.append(cache.build("dedup", [1, 2]))

    threads = [threading.Thread(target=ask) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(results) == 20 and all(r.state == "done" and r.covered == [1, 2] for r in results)
    assert len(builds(cache)) == 1
    assert dict(archive.fetches) == {"1-metadata-1.warc.gz": 1, "2-metadata-1.warc.gz": 1}


TWO_PROCESSES = """
import sys, json
sys.path.insert(0, {support!r})
from index_testkit import FakeArchive, FakeCatalog
from server.index.cache import CacheConfig, IndexCache
from server.index.entries import Entry
archive = FakeArchive({archive!r})
archive.delay = 0.3
c = IndexCache(CacheConfig({root!r}), archive, FakeCatalog({{1: "done", 2: "done"}}))
open({ready!r} + sys.argv[1], "w").close()  # started, and now waiting for "go"
while not __import__("os").path.exists({go!r}):
    pass
r = c.build("dedup", [1, 2])
print(json.dumps({{"state": r.state, "fetches": dict(archive.fetches)}}))
"""


def test_two_processes_asking_at_once_make_one_build(tmp_path, archive):
    root, go, ready = str(tmp_path / "shared-cache"), str(tmp_path / "go"), str(tmp_path / "ready-")
    script = TWO_PROCESSES.format(support=os.path.join(ROOT, "tests", "support"), archive=archive.directory,
                                  root=root, go=go, ready=ready)
    procs = [subprocess.Popen([sys.executable, "-c", script, str(i)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
             for i in range(2)]
    wait_for(lambda: all(os.path.exists(ready + str(i)) for i in range(2)), timeout=60)  # both waiting for "go"
    open(go, "w").close()
    outs = [json.loads(p.communicate(timeout=120)[0].strip().splitlines()[-1]) for p in procs]
    assert all(o["state"] == "done" for o in outs)
    with open(os.path.join(root, "builds.log")) as fh:
        assert len(fh.read().splitlines()) == 1
    fetched = [sum(o["fetches"].values()) for o in outs]
    assert sorted(fetched) == [0, 2]  # one process fetched both jobs, the other nothing


def test_over_budget_the_least_recently_used_goes_but_never_an_index_in_use(tmp_path, archive, catalog):
    c = IndexCache(CacheConfig(str(tmp_path / "cache"), budget=10**12), archive, catalog)
    sets = [[1], [2], [1, 2]]
    for s in sets:
        c.build("cdx", s)
    entries = [c.set_entry("cdx", s) for s in sets]
    now = time.time()
    for age, e in zip((300, 200, 100), entries):  # [1] least recently used, then [2], then [1, 2]
        os.utime(e.manifest_path, (now - age, now - age))
    for _kind, e in c.all_entries():
        if "/jobs/" in e.path:
            os.utime(e.manifest_path, (now, now))
    total = sum(e.size() for _k, e in c.all_entries())
    sizes = [e.size() for e in entries]
    c.config.budget = total - 1  # one entry must go
    with entries[0].using():  # [1] is open: it stays, the next least recently used goes
        os.utime(entries[0].manifest_path, (now - 300, now - 300))  # (opening it counts as a use)
        removed = c.evict()
    assert removed == [entries[1].path]
    assert entries[0].exists() and not entries[1].exists() and entries[2].exists()
    c.config.budget = total - sizes[1] - 1  # not in use any more: now it goes
    assert c.evict() == [entries[0].path]
    # a leased index (handed to a client) stays too
    c.location("cdx", [1, 2])
    c.config.budget = 0
    removed = c.evict()
    assert entries[2].path not in removed and entries[2].exists()
    assert all("/jobs/" in p for p in removed)


def test_an_evicted_index_is_built_again_when_asked(cache):
    cache.build("cdx", [1])
    e = cache.set_entry("cdx", [1])
    assert e.remove()
    with pytest.raises(IndexNotReady, match="evicted"):
        cache.location("cdx", [1])
    assert cache.build("cdx", [1]).state == "done" and e.exists()


def test_requests_left_unfinished_are_found_after_a_restart(tmp_path, archive, catalog):
    root = str(tmp_path / "cache")
    first = IndexCache(CacheConfig(root), archive, catalog)
    queued = first.request("dedup", [1, 2])
    assert queued.state == "queued"
    again = IndexCache(CacheConfig(root), archive, catalog)  # the server started again
    [pending] = again.pending()
    assert pending.request_id == queued.request_id
    done = again.build(pending.kind, pending.job_ids)
    assert done.state == "done" and not again.pending()
    assert again.request("dedup", [1, 2]).state == "done"  # a finished request is answered at once


@pytest.mark.parametrize("python", ["current", "before-3.11.4"])
def test_a_dedup_index_travels_as_a_tar_and_opens_on_the_other_side(cache, tmp_path, monkeypatch, python):
    if python == "before-3.11.4":  # Debian 12's Python 3.11.2 has no extraction filters
        monkeypatch.delattr(tarfile, "data_filter", raising=False)
    cache.build("dedup", [1, 2])
    loc = cache.location("dedup", [1, 2])
    assert loc.format == "nas-dedup-1" and loc.name == "index.tar" and loc.covered == [1, 2]
    assert loc.checksum == package.md5_of(loc.path)
    dest = package.unpack(loc.path, str(tmp_path / "unpacked"))
    r = DedupIndexReader(dest)
    assert r.lookup("http://www.example.dk/img/3.png", digest_of("image 3")) is not None
    r.close()
    assert json.load(open(os.path.join(dest, "manifest.json")))["jobs"] == [1, 2]


@pytest.mark.parametrize("python", ["current", "before-3.11.4"])
def test_unpack_refuses_members_outside_the_index(tmp_path, monkeypatch, python):
    if python == "before-3.11.4":
        monkeypatch.delattr(tarfile, "data_filter", raising=False)
    evil = tmp_path / "evil.tar"
    (tmp_path / "x").write_text("x")
    with tarfile.open(evil, "w") as tar:
        tar.add(tmp_path / "x", arcname="../../escaped")
    with pytest.raises(InvalidInput, match="not a plain file"):
        package.unpack(str(evil), str(tmp_path / "dest"))
    assert not (tmp_path / "escaped").exists() and not (tmp_path / "dest").exists()
    with pytest.raises(InvalidInput):
        package.unpack(str(tmp_path / "x"), str(tmp_path / "dest"))


def test_worker_processes_build_the_same_index_and_bring_typed_errors_back(tmp_path, archive, catalog):
    with open(os.path.join(archive.directory, "5-metadata-1.warc.gz"), "wb") as fh:
        fh.write(b"\x1f\x8b\x08\x00" + bytes(range(256)) * 3)
    c = IndexCache(CacheConfig(str(tmp_path / "w"), workers=2), archive, catalog)
    try:
        req = c.build("dedup", [1, 2, 5])
        assert req.covered == [1, 2] and req.missing[0].code == "invalid_warc"
        assert req.entries == 10
        r = DedupIndexReader(c.set_entry("dedup", [1, 2]).path)
        assert r.lookup("http://www.example.dk/img/1.png", digest_of("image 1")).warc_file.startswith("1-1-")
        r.close()
    finally:
        c.close()


def test_overview_lists_entries_and_requests(cache):
    cache.build("cdx", [1, 2])
    cache.build("full", [1, 4])
    o = cache.overview()
    assert o.requests["done"] == 2 and o.used > 0
    kinds = {e.kind for e in o.entries}
    assert {"cdx", "full", "job"} <= kinds


def test_job_data_being_merged_is_in_use_and_evicted_job_data_is_read_again(tmp_path, archive, catalog,
                                                                            monkeypatch):
    from server.index import builders

    c = IndexCache(CacheConfig(str(tmp_path / "cache")), archive, catalog)
    c.build("cdx", [1])
    c.build("cdx", [2])
    real = builders.build_set

    def evict_first(*args):
        c.config.budget = 0
        removed = c.evict()  # nothing the build merges may go
        assert not any("/jobs/1/" in p or "/jobs/2/" in p for p in removed), removed
        return real(*args)

    monkeypatch.setattr(builders, "build_set", evict_first)
    req = c.build("full", [1, 2])
    assert req.state == "done" and req.entries == 40
    monkeypatch.setattr(builders, "build_set", real)
    # a job entry evicted between finding it and merging it is read again
    c.config.budget = 10**12
    datas, _missing = c._gather("cdx", [1, 2], {1: "done", 2: "done"})
    before = archive.fetches["1-metadata-1.warc.gz"]
    assert all(Entry(d.path).remove() for d in datas)
    os.makedirs(tmp_path / "tmp-set")
    manifest = c._make_set("cdx", str(tmp_path / "tmp-set"), datas)
    assert manifest["entries"] == 40 and archive.fetches["1-metadata-1.warc.gz"] == before + 1
