"""Memory per fetch is bounded whatever servers send: bodies above the spool threshold go to disk
while they arrive (issue 15). The crawler runs as its own process, as in production, and its
peak RSS (the final progress line's ``peak_rss_kb``) is checked against a fixed bound."""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys

from crawler_helpers import REPO, read_results, warc_records, warcio_check, write_spec
from rawweb import RawWeb

MEMORY_BOUND_KB = 150 * 1024
MB = 1024 * 1024
BODY = 6 * MB
_ZEROS = bytes(MB)


def _sized(total: int):
    def handler(sock, _path) -> bool:
        sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                     b"Content-Length: %d\r\n\r\n" % total)
        left = total
        while left:
            n = min(left, MB)
            sock.sendall(_ZEROS[:n])
            left -= n
        return True
    return handler


def _endless(sock, _path) -> bool:
    sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n")
    while True:  # until the crawler hangs up (OSError ends the handler)
        sock.sendall(_ZEROS)


def run_crawler(job_dir, seeds, **profile) -> dict:
    write_spec(job_dir, seeds, None, robots="ignore", **profile)
    proc = subprocess.run([sys.executable, "-m", "server.crawler", str(job_dir)], cwd=REPO, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    final = json.loads(proc.stdout.strip().splitlines()[-1])
    return {"final": final, **read_results(job_dir)}


def _responses(paths) -> dict[str, dict]:
    return {rec[2]: rec[3] for rec in _iter_response_headers(paths)}


def _iter_response_headers(paths):
    from warcio.archiveiterator import ArchiveIterator

    for path in paths:
        with open(path, "rb") as fh:
            for record in ArchiveIterator(fh):
                if record.rec_type == "response":
                    yield (os.path.basename(path), record.rec_type, record.rec_headers.get_header("WARC-Target-URI"),
                           dict(record.rec_headers.headers))


def test_endless_body_and_fifty_parallel_6mb_bodies_stay_in_bounded_memory(tmp_path):
    # 50 x 6 MB is twice the memory bound if bodies were kept in memory, and each is six times
    # the spool threshold: enough to prove both (20 MB bodies took a minute more of the suite)
    with contextlib.ExitStack() as stack:
        endless = stack.enter_context(RawWeb({"/endless": _endless}))
        hosts = [stack.enter_context(RawWeb({"/six": _sized(BODY)})) for _ in range(50)]
        seeds = [endless.url("/endless")] + [h.url("/six") for h in hosts]
        r = run_crawler(tmp_path / "job", seeds, max_workers=60,
                        fetch={"max_object_bytes": 64 * MB, "read_timeout_s": 30, "fetch_timeout_s": 300})
    assert r["final"]["peak_rss_kb"] < MEMORY_BOUND_KB, r["final"]
    endless_line = r["by_url"][endless.url("/endless")][0]
    assert endless_line["status"] == "200" and "lenTrunc" in endless_line["annotations"]
    responses = _responses(r["warcs"])
    assert responses[endless.url("/endless")]["WARC-Truncated"] == "length"
    for h in hosts:
        line = r["by_url"][h.url("/six")][0]
        assert line["status"] == "200" and line["annotations"] == "-", line
        assert int(line["size"]) > BODY and "WARC-Truncated" not in responses[h.url("/six")]
    warcio_check(r["warcs"])
    assert not os.listdir(tmp_path / "job" / "spool")  # every spooled body was removed once archived


def test_a_500mb_body_is_archived_whole_in_bounded_memory(tmp_path):
    with RawWeb({"/big": _sized(500 * MB)}) as web:
        r = run_crawler(tmp_path / "job", [web.url("/big")],
                        fetch={"max_object_bytes": 1024 * MB, "read_timeout_s": 30, "fetch_timeout_s": 300})
    assert r["final"]["peak_rss_kb"] < MEMORY_BOUND_KB, r["final"]
    line = r["by_url"][web.url("/big")][0]
    assert line["status"] == "200" and line["annotations"] == "-" and int(line["size"]) > 500 * MB
    response = _responses(r["warcs"])[web.url("/big")]
    assert "WARC-Truncated" not in response and int(response["Content-Length"]) > 500 * MB
    # the digest computed while the body arrived is the digest of what was written
    import base64
    import hashlib

    assert response["WARC-Payload-Digest"] == "sha1:" + base64.b32encode(
        hashlib.sha1(bytes(500 * MB)).digest()).decode()
    warcio_check(r["warcs"])


def test_small_bodies_stay_in_memory_and_digests_match(tmp_path):
    with RawWeb({"/small": _sized(1000)}) as web:
        r = run_crawler(tmp_path / "job", [web.url("/small")])
    recs = [rec for rec in warc_records(r["warcs"]) if rec[1] == "response"]
    assert recs and recs[0][4] == bytes(1000)
    warcio_check(r["warcs"])
