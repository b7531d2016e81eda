"""Checksum throughput of one bitarchive instance: the ``checksum`` batch job (the child process a
checksum audit runs, MD5 and SHA-1) over the same files as the best standard tools run with the
same parallelism: ``xargs -P N md5sum`` and ``xargs -P N openssl dgst -sha1`` (OpenSSL uses the
CPU's SHA instructions). Files are read once before timing (page cache warm for everyone), and
each figure is the best of three.

``python bench/bitpreservation_checksum_bench.py [FILES] [MiB each]`` (default 8 files of 64 MiB).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from server.archive.batch.jobs import ChecksumJob  # noqa: E402
from server.archive.bitarchive.core import run_child  # noqa: E402


def best(fn, n: int = 3) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    mib = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    par = ChecksumJob.threads
    with tempfile.TemporaryDirectory(prefix="nas-checksum-bench-") as work:
        files = []
        for i in range(count):
            p = os.path.join(work, f"{i:03d}-1-20240101000000-00001-host.warc.gz")
            with open(p, "wb") as fh:
                for _ in range(mib):
                    fh.write(os.urandom(1 << 20))
            files.append(p)
        total = count * mib
        for p in files:
            with open(p, "rb") as fh:
                while fh.read(1 << 24):
                    pass
        out = os.path.join(work, "out")
        for algo, tool in (("md5", ["md5sum"]), ("sha1", ["openssl", "dgst", "-sha1"])):
            spec = {"job": "checksum", "source": None, "args": {"algorithm": algo},
                    "files": [[os.path.basename(p), p] for p in files], "sandbox_user": "", "protect_dirs": [work],
                    "max_exceptions": 10}
            ours = best(lambda spec=spec: run_child(spec, out, 600))

            def peer(tool=tool):
                subprocess.run(["xargs", "-0", "-P", str(par), "-n", "1", *tool],
                               input=b"\0".join(p.encode() for p in files), stdout=subprocess.DEVNULL, check=True)
            theirs = best(peer)
            print(f"checksum {algo}, {count} files x {mib} MiB, {par} in parallel: batch job {total / ours:6.0f} MiB/s "
                  f"({ours:.2f}s) | xargs -P{par} {' '.join(tool)} {total / theirs:6.0f} MiB/s ({theirs:.2f}s) | "
                  f"ratio {theirs / ours:.2f} (target >= 0.9)", flush=True)


if __name__ == "__main__":
    main()
