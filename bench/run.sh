#!/usr/bin/env bash
# Runs the benchmarks: `bash bench/run.sh` for all, `bash bench/run.sh crawler` for one.
# Each prints its figures and a side-by-side ratio against its named peer tool
# (cli: start-up of `nas` against `warcio --help`; qa: pages checked from the archive against the
# same pages loaded by Chromium from the live test web).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../packaging/dev/bootstrap.sh"
bootstrap with-postgres
cd "$NAS_ROOT"
mkdir -p bench/output
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in bench/*_bench.py; do names+=("$(basename "$f" _bench.py)"); done
fi
# the speed of one core first: the absolute rows (job generation, file audit) move with it
"$NAS_VENV/bin/python" bench/machine.py
for n in "${names[@]}"; do
    log "benchmark: $n"
    "$NAS_VENV/bin/python" "bench/${n}_bench.py"
done
