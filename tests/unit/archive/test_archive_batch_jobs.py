"""The shipped batch jobs that read WARC content: crawl-log extraction from metadata WARCs for
given job ids, URL regex search and MIME-type counts, over small WARCs made with warcio; run as
one bitarchive instance runs them (initialize, files, finish) and merged as the monitor merges
two instances' outputs. One run goes through the real runner child process."""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest
from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from server.archive.batch.base import load_job
from shared.errors import InvalidInput, InvalidRegex

META = "metadata://netarkivet.dk/crawl"


def run_job(name: str, files: list[tuple[str, str]], **args) -> bytes:
    """What one instance's runner does (without its audit hook, which cannot be removed again)."""
    cls = load_job(name)
    job = cls(**args)
    pattern = re.compile(cls.file_pattern) if cls.file_pattern else None
    out = io.BytesIO()
    job.initialize(out)
    for n, p in files:
        if pattern is None or pattern.fullmatch(n):
            job.process_file(n, p, out)
    job.finish(out)
    return out.getvalue()


def merge(name: str, outputs: list[bytes], **args) -> bytes:
    out = io.BytesIO()
    load_job(name).post_process([io.BytesIO(o) for o in outputs], out, args)
    return out.getvalue()


def metadata_warc(path, job_id: int, crawl_log: bytes, gz: bool = True) -> str:
    """A metadata WARC as the harvester writes it: warcinfo, crawl.log, crawler.log, a CDX."""
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=gz)
        w.write_record(w.create_warcinfo_record(os.path.basename(path), {"software": "test"}))
        q = f"?majorversion=1&minorversion=0&harvestid=3&harvestnum=0&jobid={job_id}"
        for uri, body in ((f"{META}/crawl/setup/seeds.txt{q}", b"http://kb.dk/\n"),
                          (f"{META}/crawl/logs/crawl.log{q}", crawl_log),
                          (f"{META}/crawl/logs/crawler.log{q}", b"not the crawl log\n"),
                          (f"{META}/index/cdx?harvestid=3&jobid={job_id}&filename=x.warc.gz", b"dk,kb)/ {}\n")):
            w.write_record(w.create_warc_record(uri, "metadata", payload=io.BytesIO(body),
                                                warc_content_type="text/plain"))
    return str(path)


def content_warc(path, records, gz: bool = True) -> list[int]:
    """``records``: (type, url, content type); returns the offset of each record written."""
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=gz)
        w.write_record(w.create_warcinfo_record(os.path.basename(path), {"software": "test"}))
        for rtype, url, ctype in records:
            if rtype == "response":
                h = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.1")
                rec = w.create_warc_record(url, "response", payload=io.BytesIO(b"body of " + url.encode()),
                                           http_headers=h)
            elif rtype == "revisit":
                h = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.1")
                rec = w.create_revisit_record(url, "sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "http://x/",
                                              "2024-01-01T00:00:00Z", http_headers=h)
            else:
                rec = w.create_warc_record(url, rtype, payload=io.BytesIO(b"data"), warc_content_type=ctype)
            w.write_record(rec)
    with open(path, "rb") as fh:
        it = ArchiveIterator(fh)
        return [it.get_record_offset() for r in it if r.rec_type != "warcinfo"]


CRAWL_LOG_4 = (b"2024-01-01T00:00:01.000Z   200       1234 http://kb.dk/ - - text/html #001 - - -\n"
               b"2024-01-01T00:00:02.000Z   404         10 http://kb.dk/x L http://kb.dk/ text/html #002 - - -\n")
CRAWL_LOG_7 = b"2024-01-02T00:00:01.000Z   200         99 http://dr.dk/ - - text/html #001 - - -"   # no final \n


@pytest.fixture
def metadata_files(tmp_path):
    return [("4-metadata-1.warc.gz", metadata_warc(tmp_path / "4-metadata-1.warc.gz", 4, CRAWL_LOG_4)),
            ("7-metadata-1.warc", metadata_warc(tmp_path / "7-metadata-1.warc", 7, CRAWL_LOG_7, gz=False)),
            ("12-metadata-1.warc.gz", metadata_warc(tmp_path / "12-metadata-1.warc.gz", 12, b"")),
            # a content WARC whose name is not a metadata file name is never read
            ("4-1-20240101000000-00001-host.warc.gz",
             metadata_warc(tmp_path / "4-1-20240101000000-00001-host.warc.gz", 4, b"WRONG FILE\n"))]


def test_crawllog_for_given_job_ids_only(metadata_files):
    assert run_job("crawllog", metadata_files, job_ids=[4]) == CRAWL_LOG_4
    assert run_job("crawllog", metadata_files, job_ids=[7]) == CRAWL_LOG_7 + b"\n"   # a line ends with \n
    both = run_job("crawllog", metadata_files, job_ids=[7, 4])
    assert both == CRAWL_LOG_4 + CRAWL_LOG_7 + b"\n"                                   # in file order
    assert run_job("crawllog", metadata_files, job_ids="4, 7") == both              # -a job_ids=4,7
    assert run_job("crawllog", metadata_files, job_ids=4) == CRAWL_LOG_4            # -a job_ids=4
    assert run_job("crawllog", metadata_files, job_ids=[99]) == b""
    everything = run_job("crawllog", metadata_files)                                # no ids: every job
    assert everything == both and b"WRONG FILE" not in everything and b"not the crawl log" not in everything


def test_crawllog_bad_job_ids_and_leading_zeros(metadata_files, tmp_path):
    with pytest.raises(InvalidInput, match="job_ids must be job numbers"):
        run_job("crawllog", metadata_files, job_ids=["4", "x"])
    zero = [("004-metadata-1.warc.gz", metadata_warc(tmp_path / "004-metadata-1.warc.gz", 4, CRAWL_LOG_4))]
    assert run_job("crawllog", zero, job_ids=[4]) == CRAWL_LOG_4


def test_crawllog_is_streamed_not_read_whole(tmp_path):
    big = b"".join(b"2024-01-01T00:00:01.000Z 200 1 http://kb.dk/%d - - text/html #1 - - -\n" % i
                   for i in range(60000))                       # ~4 MB: several 1 MiB reads
    f = [("5-metadata-1.warc.gz", metadata_warc(tmp_path / "5-metadata-1.warc.gz", 5, big))]
    assert run_job("crawllog", f, job_ids=[5]) == big


@pytest.mark.parametrize("gz", [True, False], ids=["warc.gz", "warc"])
def test_urlsearch_lines_with_offsets_that_point_at_the_records(tmp_path, gz):
    name = "1-1-20240101000000-00001-host.warc" + (".gz" if gz else "")
    path = str(tmp_path / name)
    offsets = content_warc(path, [("response", "http://www.kb.dk/index.html", "text/html; charset=utf-8"),
                                  ("response", "http://www.dr.dk/nyheder", "text/html"),
                                  ("response", "http://www.kb.dk/logo.png", "image/png"),
                                  ("revisit", "http://www.kb.dk/index.html", "text/html")], gz=gz)
    out = run_job("urlsearch", [(name, path), ("notes.txt", path)], regex=r"kb\.dk/")
    lines = [line.split(" ") for line in out.decode().splitlines()]
    assert [(u, m, n) for u, _, m, n, _ in lines] == [
        ("http://www.kb.dk/index.html", "text/html", name), ("http://www.kb.dk/logo.png", "image/png", name),
        ("http://www.kb.dk/index.html", "warc/revisit", name)]
    assert [int(o) for *_, o in lines] == [offsets[0], offsets[2], offsets[3]]
    assert all(re.fullmatch(r"\d{14}", ts) for _, ts, *_ in lines)
    # The offset is where the record starts: reading from there gives that very URL.
    with open(path, "rb") as fh:
        fh.seek(offsets[2])
        rec = next(iter(ArchiveIterator(fh)))
        assert rec.rec_headers.get_header("WARC-Target-URI") == "http://www.kb.dk/logo.png"
    assert run_job("urlsearch", [(name, path)], regex="nothing-matches") == b""
    everything = run_job("urlsearch", [(name, path)])
    assert len(everything.splitlines()) == 4


def test_urlsearch_bad_regex_fails_the_job_once():
    with pytest.raises(InvalidRegex, match="'a\\(b'"):
        run_job("urlsearch", [], regex="a(b")


def test_mimecounts_per_instance_and_merged(tmp_path):
    a = str(tmp_path / "1-1-20240101000000-00001-a.warc.gz")
    b = str(tmp_path / "1-1-20240101000000-00002-b.warc")
    content_warc(a, [("response", "http://kb.dk/", "text/html; charset=utf-8"),
                     ("response", "http://kb.dk/a", "TEXT/HTML"),
                     ("response", "http://kb.dk/p.png", "image/png"),
                     ("revisit", "http://kb.dk/", "text/html"),
                     ("resource", "dns:kb.dk", "text/dns")])
    content_warc(b, [("response", "http://dr.dk/", "text/html"),
                     ("response", "http://dr.dk/s.css", "text/css")], gz=False)
    one = run_job("mimecounts", [(os.path.basename(a), a)])
    two = run_job("mimecounts", [(os.path.basename(b), b), ("readme.txt", b)])
    counts = dict(line.rsplit(" ", 1) for line in one.decode().splitlines())
    # warcinfo records are not counted; the MIME type is the one of the HTTP payload, without
    # parameters, as the CDX shows it.
    assert counts["image/png"] == "1" and counts["warc/revisit"] == "1" and counts["text/dns"] == "1"
    assert sum(int(v) for v in counts.values()) == 5
    assert two == b"text/css 1\ntext/html 1\n"
    merged = dict(line.rsplit(" ", 1) for line in merge("mimecounts", [one, two]).decode().splitlines())
    assert merged["text/css"] == "1" and merged["image/png"] == "1"
    assert sum(int(v) for v in merged.values()) == 7
    assert list(merged) == sorted(merged)


def test_crawllog_through_the_runner_process(metadata_files, tmp_path):
    """The real child process: files filtered by the job's pattern, counts and output."""
    out_path = tmp_path / "out"
    fd = os.open(out_path, os.O_WRONLY | os.O_CREAT, 0o644)
    spec = {"job": "crawllog", "args": {"job_ids": [4, 12]}, "files": [list(f) for f in metadata_files],
            "protect_dirs": [str(tmp_path)], "out_fd": fd}
    try:
        proc = subprocess.run([sys.executable, "-m", "server.archive.batch.runner"], input=json.dumps(spec).encode(),
                              capture_output=True, pass_fds=(fd,), timeout=60)
    finally:
        os.close(fd)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["files_processed"] == 3 and result["files_failed"] == [] and not result.get("job_failed")
    assert out_path.read_bytes() == CRAWL_LOG_4


def test_a_job_that_does_nothing_with_a_file_is_refused_when_defined():
    import pytest

    from server.archive.batch.base import BatchJob

    with pytest.raises(TypeError, match="batch job Empty must define process_file"):
        class Empty(BatchJob):
            name = "empty"


def _run_in_runner(job: str, files: list[tuple[str, str]], out_path, **args) -> dict:
    """One run through the real runner child process, as a bitarchive starts it."""
    fd = os.open(out_path, os.O_WRONLY | os.O_CREAT, 0o644)
    spec = {"job": job, "args": args, "files": [list(f) for f in files],
            "protect_dirs": [str(os.path.dirname(files[0][1]))], "out_fd": fd}
    try:
        proc = subprocess.run([sys.executable, "-m", "server.archive.batch.runner"], input=json.dumps(spec).encode(),
                              capture_output=True, pass_fds=(fd,), timeout=60)
    finally:
        os.close(fd)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("job", ["urlsearch", "mimecounts"])
def test_a_file_that_fails_half_way_leaves_nothing_in_the_output(tmp_path, job):
    """A damaged WARC whose first records read well: the run counts it failed, and nothing it
    found before it broke is in the output (a line from a failed file is no answer)."""
    good = str(tmp_path / "1-1-20240101000000-00001-good.warc.gz")
    bad = str(tmp_path / "1-1-20240101000000-00002-bad.warc.gz")
    content_warc(good, [("response", "http://kb.dk/good", "text/html")])
    offsets = content_warc(bad, [("response", f"http://kb.dk/bad{i}", "image/png") for i in range(4)])
    with open(bad, "r+b") as fh:              # the last record's gzip member cut short
        fh.truncate(offsets[3] + 40)
    out = tmp_path / "out"
    result = _run_in_runner(job, [(os.path.basename(good), good), (os.path.basename(bad), bad)], out)
    assert result["files_failed"] == [os.path.basename(bad)] and result["files_processed"] == 1
    assert result["exceptions"] and result["exceptions"][0]["file"] == os.path.basename(bad)
    text = out.read_bytes().decode()
    assert "bad" not in text and "image/png" not in text
    assert ("http://kb.dk/good" in text) if job == "urlsearch" else (text == "text/html 1\n")


def test_a_cdx11_output_merged_again_keeps_one_header_and_sorted_lines():
    """A rerun's output (a failed file read from another replica) joins the first run's, each
    already merged with its header: the merge keeps one header and one sorted list."""
    from shared.warc.cdx import CDX11_HEADER

    first = merge("cdx", [b"b 1\n", b"d 1\n"], format="cdx11")
    again = merge("cdx", [b"c 1\n"], format="cdx11")
    assert merge("cdx", [first, again], format="cdx11") == CDX11_HEADER.encode() + b"b 1\nc 1\nd 1\n"
