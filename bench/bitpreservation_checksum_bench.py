"""Checksum throughput of one bitarchive instance: the ``checksum`` batch job, run as a checksum
audit runs it (the bitarchive's child process, inside the bubblewrap sandbox when it works here,
the job resolved as the bitarchive resolves it), MD5 and SHA-1, over the same files as the best
standard tools run like an expert would, with the same parallelism N:

- MD5: ``xargs -0 -P N -n K md5sum`` and ``xargs -0 -P N -n K openssl dgst -md5``;
- SHA-1: ``xargs -0 -P N -n K openssl dgst -sha1`` (OpenSSL uses the CPU's SHA instructions;
  coreutils' ``sha1sum`` is slower and would flatter us);

each with K = 1 (one process per file) and K = files / N (one long process per core, no
process start per file); the peer's figure is the fastest of them. Files are read once before
timing (page cache warm for everyone, ours and theirs alike). Each round times ours right before
each peer command line, so both sides get the same number of timed runs (the best of more runs
of one noisy side would flatter it), and each figure is the best of its runs; the ratio of the
back-to-back pairs with the best peer (their median) is printed too, as a figure that a shared
host's changing load moves less. The start of one run (process, sandbox, imports) is printed
too: an audit pays it once per instance, not per file.

``python bench/bitpreservation_checksum_bench.py [FILES] [MiB each]`` (default 16 files of 64 MiB).
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from server.archive.batch import sandbox  # noqa: E402
from server.archive.batch.base import registered_jobs  # noqa: E402
from server.archive.batch.jobs import ChecksumJob  # noqa: E402
from server.archive.bitarchive.core import BatchLimits, run_child  # noqa: E402

ROUNDS = 3


def timed(fn) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``fn()``: the CPU time of the processes it waited for, or
    what ``fn`` returns (the batch runner reports its own: inside the sandbox it is not ours)."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    cpu = fn()
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if not isinstance(cpu, float):
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return wall, cpu


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    mib = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    par = ChecksumJob.threads
    why = sandbox.why_unavailable()
    confine = None if why else BatchLimits()
    mode = "in the bwrap sandbox" if confine else f"unconfined ({why})"
    with tempfile.TemporaryDirectory(prefix="nas-checksum-bench-") as work:
        # readable by the sandbox's user, as a bitarchive's file directory is (mkdtemp gives 0700:
        # inside bwrap every file was refused, and the "job" took 0.06 s for 1 GiB)
        os.chmod(work, 0o755)
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
        names = b"\0".join(p.encode() for p in files)

        def spec(algo: str, with_files: bool = True) -> dict:
            return {"job": "checksum", "job_ref": registered_jobs()["checksum"], "source": None,
                    "args": {"algorithm": algo}, "files": [[os.path.basename(p), p] for p in files] if with_files
                    else [], "sandbox_user": "", "protect_dirs": [work], "max_exceptions": 10}

        def ours(algo: str, with_files: bool = True) -> float:
            result = run_child(spec(algo, with_files), out, 600, confine)
            want = len(files) if with_files else 0
            if result.get("files_processed") != want or result.get("files_failed") or result.get("exceptions"):
                sys.exit(f"the checksum job did not checksum every file, so there is no figure: "
                         f"{result.get('files_processed')} of {want}, {result.get('exceptions')!r:.300}")
            return float(result["cpu_seconds"])

        start = min(timed(lambda: ours("md5", False)) for _ in range(ROUNDS))
        print(f"one checksum run's start (process, sandbox, imports; no file): {start[0] * 1000:.0f} ms "
              f"({start[1] * 1000:.0f} ms CPU), {mode}", flush=True)
        per_proc = -(-count // par)
        for algo, tools in (("md5", (["md5sum"], ["openssl", "dgst", "-md5"])),
                            ("sha1", (["openssl", "dgst", "-sha1"],))):
            peers = {f"xargs -P{par} -n{k} {' '.join(t)}": (t, k) for t in tools for k in sorted({1, per_proc})}
            best: dict[str, float] = {}
            cpu: dict[str, float] = {}
            pairs: dict[str, list[float]] = {key: [] for key in peers}   # peer wall / ours, back to back

            def keep(key: str, took: tuple[float, float], best: dict = best, cpu: dict = cpu) -> None:
                best[key] = min(best.get(key, took[0]), took[0])
                cpu[key] = min(cpu.get(key, took[1]), took[1])

            for _ in range(ROUNDS):
                for key, (tool, k) in peers.items():
                    mine_now = timed(lambda a=algo: ours(a))
                    keep("ours", mine_now)
                    theirs_now = timed(lambda t=tool, k=k: subprocess.run(
                        ["xargs", "-0", "-P", str(par), "-n", str(k), *t], input=names,
                        stdout=subprocess.DEVNULL, check=True))
                    keep(key, theirs_now)
                    pairs[key].append(theirs_now[0] / mine_now[0])
            mine, mine_cpu = best.pop("ours"), cpu.pop("ours")
            peer_key = min(best, key=best.__getitem__)
            theirs = best[peer_key]
            paired = statistics.median(pairs[peer_key])
            others = ", ".join(f"{k} {total / v:.0f}" for k, v in sorted(best.items()) if k != peer_key)
            print(f"checksum {algo}, {count} files x {mib} MiB, {par} in parallel: batch job {total / mine:6.0f} MiB/s "
                  f"({mine:.2f}s) | best peer {peer_key} {total / theirs:6.0f} MiB/s ({theirs:.2f}s) | "
                  f"ratio {theirs / mine:.2f} (target >= 0.9), median of pairs {paired:.2f} | "
                  f"CPU seconds: ours {mine_cpu:.2f}, best peer {min(cpu.values()):.2f}, "
                  f"ratio {min(cpu.values()) / mine_cpu:.2f} | other peers MiB/s: {others}",
                  flush=True)


if __name__ == "__main__":
    main()
