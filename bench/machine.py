"""How fast this machine is per core, printed before the benchmarks (``bash bench/run.sh``).

Most of issue 36's rows are ratios against a peer tool measured in the same run, so the machine
cancels out. Two are absolute (a 2,000,000-domain snapshot's job generation and a 1,000,000-file
audit, each under 60 s) and they move with the speed of one core: the same code has taken 38 s
on one 2-core machine and 66 s on another. Three small fixed workloads, each the best of a few
tries, make those figures comparable across machines:

- ``python``: a loop of the interpreter's everyday work (integer arithmetic, dict and str
  operations, method calls), what the job generator's and the crawler's Python spends its time on;
- ``sqlite``: 200,000 rows inserted into an in-memory SQLite table with an index, then read back
  sorted (no disk: the CPU and memory alone);
- ``sha1``: hashing 64 MiB in memory with the standard library (OpenSSL), as the archive does.

Run alone with ``.venv/bin/python bench/machine.py``; the figures also go to
``bench/output/machine.json``. The recorded figures of earlier machines are in
docs/decisions/bench-machine-speed.md.
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import sqlite3
import sys
import time


def _best(work, tries: int) -> float:
    """The least CPU time of ``tries`` runs of ``work``, in seconds: the machine's own speed,
    with as little as possible of what else it happened to be doing (CPU time, not wall time:
    another process taking the core for a while does not count; its effect on the caches does)."""
    best = float("inf")
    for _ in range(tries):
        t0 = time.process_time()
        work()
        best = min(best, time.process_time() - t0)
    return best


def _python() -> None:
    counts: dict[str, int] = {}
    total = 0
    for i in range(200_000):
        key = f"host{i % 997}.example"
        counts[key] = counts.get(key, 0) + 1
        total += (i * 7) % 13
        if key.endswith("1.example"):
            total += len(key.split(".")[0])
    assert total > 0 and len(counts) == 997


def _sqlite() -> None:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, key TEXT NOT NULL, n INTEGER)")
    db.execute("CREATE INDEX t_key ON t(key)")
    db.executemany("INSERT INTO t(key, n) VALUES (?, ?)", ((f"k{(i * 7919) % 200_000:06d}", i) for i in range(200_000)))
    rows = sum(1 for _ in db.execute("SELECT key, n FROM t ORDER BY key"))
    db.close()
    assert rows == 200_000


_DATA = os.urandom(64 << 20)


def _sha1() -> None:
    hashlib.sha1(_DATA).digest()


def measure() -> dict:
    """The three figures in milliseconds, and what the machine says it is."""
    return {
        "python_ms": round(_best(_python, 5) * 1000, 1),
        "sqlite_ms": round(_best(_sqlite, 3) * 1000, 1),
        "sha1_ms": round(_best(_sha1, 3) * 1000, 1),
        "cpu": _cpu_name(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "load": os.getloadavg()[0],
    }


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    m = measure()
    print(f"this machine: {m['cpu']}, {m['cores']} cores, load {m['load']:.1f}; per core: "
          f"Python loop {m['python_ms']:.0f} ms, SQLite 200,000 rows {m['sqlite_ms']:.0f} ms, "
          f"SHA-1 of 64 MiB {m['sha1_ms']:.0f} ms (less is faster)")
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "output")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "machine.json"), "w") as fh:
        json.dump(m, fh, indent=1)


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)
    main()
