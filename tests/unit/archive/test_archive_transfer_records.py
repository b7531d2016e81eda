"""RemoteFile over HTTP, get-record spans, CDX extraction and the batch runner."""
import hashlib
import io
import json
import os
import subprocess
import sys

import pytest
from warcio.archiveiterator import ArchiveIterator

from server.archive.fileserver import FileServer
from server.archive.records import decode_record, record_span
from server.archive.remotefile import RemoteFile, download, http_chunks
from shared.errors import ArchiveFileNotFound, ChecksumMismatch, InvalidWarc
from shared.warc.cdx import iter_cdx, surt, write_cdx


@pytest.fixture
def server():
    fs = FileServer("127.0.0.1:0").start()
    yield fs
    fs.stop()


def test_http_transfer_streams_and_checks(tmp_path, server):
    src = tmp_path / "big.bin"
    with open(src, "wb") as fh:
        for _ in range(40):
            fh.write(os.urandom(1 << 18))
    md5 = hashlib.md5(src.read_bytes()).hexdigest()
    url = server.offer(str(src))
    rf = RemoteFile.for_local_file(str(src), checksum=md5, url=url)
    rf.host = "elsewhere"  # force HTTP
    assert rf.local_path() is None
    dest = tmp_path / "copy.bin"
    assert download(rf.chunks(), str(dest), md5, rf.size) == md5
    assert dest.read_bytes() == src.read_bytes()
    with pytest.raises(ChecksumMismatch):
        download(http_chunks(url), str(tmp_path / "bad.bin"), "0" * 32)
    assert not (tmp_path / "bad.bin").exists() and not (tmp_path / "bad.bin.part").exists()
    server.withdraw(url)
    with pytest.raises(ArchiveFileNotFound):
        list(http_chunks(url))


def test_ranges_and_same_host_shortcut(tmp_path, server):
    src = tmp_path / "f.bin"
    src.write_bytes(b"0123456789")
    url = server.offer(str(src))
    assert b"".join(http_chunks(url, offset=4)) == b"456789"
    rf = RemoteFile.for_local_file(str(src), url=url)
    assert rf.local_path() == str(src) and rf.local_path(allow_local=False) is None


@pytest.mark.parametrize("gz", [True, False])
def test_record_span_matches_warcio(warc_factory, gz):
    path = warc_factory(name="r.warc.gz" if gz else "r.warc", gz=gz)
    with open(path, "rb") as fh:
        it = ArchiveIterator(fh)
        spans = []
        for rec in it:
            rec.content_stream().read()
            spans.append((it.get_record_offset(), it.get_record_length()))
    ends = [o for o, _ in spans[1:]] + [os.path.getsize(path)]
    for (off, length), end in zip(spans, ends):
        # warcio's length leaves out a plain record's closing CRLFCRLF; ours serves it too.
        assert record_span(path, off) == end - off
        assert length in (end - off, end - off - 4)
        raw = open(path, "rb").read()[off:off + length]
        assert decode_record(raw).startswith(b"WARC/1")
    with pytest.raises(InvalidWarc):
        record_span(path, 3)


def test_surt():
    assert surt("http://www.Example.com:80/A/?b=2&a=1") == "com,example)/a?a=1&b=2"
    assert surt("https://sub.example.dk:8443/") == "dk,example,sub:8443)/"


@pytest.mark.parametrize("gz", [True, False])
def test_cdx_fields_match_warcio(warc_factory, gz):
    path = warc_factory(name="c.warc.gz" if gz else "c.warc", n=4, gz=gz)
    recs = list(iter_cdx(path))
    assert [r.status for r in recs] == ["200"] * 4 and recs[0].mime == "text/html"
    with open(path, "rb") as fh:
        it = ArchiveIterator(fh)
        expected = []
        for rec in it:
            if rec.rec_type == "response":
                rec.content_stream().read()
                expected.append((it.get_record_offset(), it.get_record_length(),
                                 rec.rec_headers.get_header("WARC-Payload-Digest")))
    assert [(r.offset, r.length, r.digest) for r in recs] == expected
    out = io.StringIO()
    write_cdx(path, out, "cdxj")
    key, ts, js = out.getvalue().splitlines()[0].split(" ", 2)
    assert key == "com,example)/page/0?a=1&b=2" and len(ts) == 14
    assert json.loads(js)["filename"] == os.path.basename(path)
    out11 = io.StringIO()
    write_cdx(path, out11, "cdx11")
    assert len(out11.getvalue().splitlines()[0].split(" ")) == 11


def _run_runner(spec, out_path):
    fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        proc = subprocess.run([sys.executable, "-m", "server.archive.batch.runner"],
                              input=json.dumps({**spec, "out_fd": fd}).encode(), capture_output=True,
                              pass_fds=(fd,), check=True, timeout=60)
    finally:
        os.close(fd)
    return json.loads(proc.stdout)


def test_checksum_job_output_equals_md5sum(tmp_path, warc_factory):
    files = [warc_factory(name=f"{i}-x.warc.gz", n=3) for i in range(3)]
    result = _run_runner({"job": "checksum", "files": [[os.path.basename(f), f] for f in files]},
                         str(tmp_path / "out"))
    assert result["files_processed"] == 3 and result["files_failed"] == []
    md5sum = subprocess.run(["md5sum", *[os.path.basename(f) for f in files]], cwd=tmp_path, check=True,
                            capture_output=True, text=True).stdout
    expected = "".join(f"{line.split()[1]}##{line.split()[0]}\n" for line in md5sum.splitlines())
    assert (tmp_path / "out").read_text() == expected


def test_failed_files_are_counted_and_user_code_cannot_write(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    victim = store / "v.warc"
    victim.write_bytes(b"precious")
    source = (
        "class Evil(BatchJob):\n"
        "    def process_file(self, name, path, out):\n"
        "        open(path, 'wb').write(b'gone')\n"
    )
    result = _run_runner({"source": source, "files": [["v.warc", str(victim)], ["missing", str(store / "m")]],
                          "protect_dirs": [str(store)], "sandbox_user": "nobody"}, str(tmp_path / "out"))
    assert result["files_processed"] == 0 and result["files_failed"] == ["v.warc", "missing"]
    assert "PermissionError" in result["exceptions"][0]["error"]
    assert victim.read_bytes() == b"precious"


def test_the_runner_as_the_bitarchive_starts_it_hashes_in_file_order_and_reports_bad_files(tmp_path):
    """run_child as an audit runs it (``-S``, the module path given, files hashed by threads):
    every file's SHA-1 in the order given, an unreadable file reported and the others still done."""
    from server.archive.batch.base import registered_jobs
    from server.archive.bitarchive.core import run_child, runner_argv

    assert runner_argv()[1] == "-S"
    files = []
    for i in range(9):
        p = tmp_path / f"{i}-x.warc.gz"
        p.write_bytes(os.urandom(1000 + 70_000 * i))   # uneven sizes: threads finish out of order
        files.append([p.name, str(p)])
    files.insert(4, ["gone.warc.gz", str(tmp_path / "gone.warc.gz")])
    spec = {"job": "checksum", "job_ref": registered_jobs()["checksum"], "source": None,
            "args": {"algorithm": "sha1"}, "files": files, "protect_dirs": [str(tmp_path)], "max_exceptions": 10}
    result = run_child(spec, str(tmp_path / "out"), 60)
    assert result["files_processed"] == 9 and result["files_failed"] == ["gone.warc.gz"]
    assert "FileNotFoundError" in result["exceptions"][0]["error"] and result["cpu_seconds"] > 0
    expected = "".join(f"{n}##{hashlib.sha1(open(p, 'rb').read()).hexdigest()}\n"
                       for n, p in files if n != "gone.warc.gz")
    assert (tmp_path / "out").read_text() == expected


def test_user_code_in_a_runner_started_without_site_still_gets_the_full_start_up(tmp_path):
    """The bitarchive starts the runner with ``-S``; user code runs after ``site`` all the same
    (the ``.pth`` files of site-packages, as in a normal start)."""
    from server.archive.bitarchive.core import run_child

    (tmp_path / "a.warc").write_bytes(b"x")
    source = (
        "class Probe(BatchJob):\n"
        "    def process_file(self, name, path, out):\n"
        "        import sys\n"
        "        out.write(f'{sys.flags.no_site} {\"site\" in sys.modules}'.encode())\n"
    )
    result = run_child({"source": source, "files": [["a.warc", str(tmp_path / "a.warc")]],
                        "protect_dirs": [str(tmp_path)]}, str(tmp_path / "out"), 60)
    assert result["files_processed"] == 1, result
    assert (tmp_path / "out").read_text() == "1 True"
