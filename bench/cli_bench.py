"""Command-line start-up benchmark: how long ``nas`` takes to answer simple commands.

Each command runs as a user runs it (the venv's console script, a new process each time) N times
(NAS_BENCH_CLI_RUNS, default 15) after one warm-up run, round-robin (so a burst of load from
elsewhere hits every command alike); we print the median and the fastest wall time. The peer is
warcio's own command line (``warcio --help``: a console script of the same venv, an argparse
parser, the same Python), and ``python -c pass`` is the floor no Python program can beat.
Target: every line under 0.3 s (it was 1.6-2.0 s when building the parser imported eventlet,
Nameko, SQLAlchemy, Alembic and the demo).

Usage: ``bash bench/run.sh cli``.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
RUNS = int(os.environ.get("NAS_BENCH_CLI_RUNS", "15"))
TARGET = 0.3

OURS = [
    ("nas --help", [os.path.join(BIN, "nas"), "--help"]),
    ("nas --version", [os.path.join(BIN, "nas"), "--version"]),
    ("nas db --help", [os.path.join(BIN, "nas"), "db", "--help"]),
    ("nas archive --help", [os.path.join(BIN, "nas"), "archive", "--help"]),
    ("nas config settings", [os.path.join(BIN, "nas"), "config", "settings"]),
]
PEER = ("warcio --help", [os.path.join(BIN, "warcio"), "--help"])
FLOOR = ("python -c pass", [sys.executable, "-c", "pass"])


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=60)
    return time.perf_counter() - start


def measure(commands: list[tuple[str, list[str]]]) -> dict[str, dict]:
    for _, cmd in commands:
        timed(cmd)  # warm-up: the first run pays for reading files into the page cache
    walls: dict[str, list[float]] = {name: [] for name, _ in commands}
    for _ in range(RUNS):
        for name, cmd in commands:
            walls[name].append(timed(cmd))
    return {name: {"median": statistics.median(w), "min": min(w), "runs": RUNS} for name, w in walls.items()}


def main() -> None:
    load = os.getloadavg()
    print(f"start-up wall time, median of {RUNS} runs (load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
    results = measure([FLOOR, PEER, *OURS])
    for name, _ in (FLOOR, PEER):
        print(f"  {name:<22} median {results[name]['median']:.3f} s  min {results[name]['min']:.3f} s")
    peer = results[PEER[0]]["median"]
    worst = 0.0
    for name, _ in OURS:
        r = results[name]
        worst = max(worst, r["median"])
        print(f"  {name:<22} median {r['median']:.3f} s  min {r['min']:.3f} s  "
              f"ratio to {PEER[0]}: {r['median'] / peer:.2f}x")
    verdict = "met" if worst < TARGET else "NOT met"
    print(f"  slowest nas command {worst:.3f} s (target < {TARGET} s: {verdict})")
    out = os.path.join(ROOT, "bench", "output")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "cli.json"), "w") as fh:
        json.dump({"load": load, "target": TARGET, "results": results}, fh, indent=1)


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)
    main()
