#!/usr/bin/env bash
# The whole test suite: installs what is missing, starts RabbitMQ and PostgreSQL, runs ruff, then
# runs the tests as several pytest processes side by side, one per test folder ("shard"):
#   - tests/unit/* and tests/desktop in plain processes (Qt, asyncio, watchdog dislike eventlet);
#   - tests/integration/* and tests/e2e/* in eventlet-patched processes (Nameko containers).
# Most tests wait on the broker, service processes and sockets, so more processes than cores pay
# off: NAS_TEST_JOBS at once (default: cores + 4), longest first (by the last run's times).
# Each shard writes test-output/junit-<shard>.xml and log-<shard>.txt; a failing shard's log is
# printed, and the closing line sums every shard. The exit code is 0 only if every shard passed
# (pytest's 5, "no tests collected", e.g. after -k, counts as passed).
#
#   bash packaging/test.sh            everything
#   bash packaging/test.sh --fast     the inner loop: tests/unit and tests/desktop only (1-2 min)
#   bash packaging/test.sh -k name    extra arguments go to every pytest run (-x, -k, -m ...)
#
# Everything runs inside main(), which bash reads whole before running it: editing this file or
# checking out another branch while a run goes on cannot derail the run.
set -euo pipefail

# The shards, one a line: "NAME MODE PATH...", longest first. A folder with test files of its own
# and subfolders gives one shard for its files and one per subfolder. A folder whose files took
# longer last time than half a fair share (all shards' time / processes at once / 2, at least
# 60 s; or NAS_TEST_SPLIT_AT seconds) is split into parts of about that length (NAME.1, NAME.2,
# ...), its files dealt out longest first by their own tests' times, so no single folder holds up
# the end of the run as it grows (at a whole fair share the crawler's folder alone took 471 of
# the run's 576 s on the 2-core machine, 2026-11-29; one shard per file instead cost a pytest
# start-up for each of ~80 shards and made the run longer). Times come from the last full run
# (shard-times.txt: each shard's, and each test file's as file:PATH; written only by runs
# without extra arguments, so a -k run does not spoil them); a shard not seen before is guessed
# long: e2e, integration, desktop, unit. Without a last run here, the times in
# packaging/shard-times.txt are used.
# Arguments: the output folder, 1 for --fast, the number of processes at once.
plan_shards() {
    "$PY" - "$@" <<'PYEOF'
import glob, math, os, sys
out, fast, jobs = sys.argv[1], sys.argv[2] == "1", int(sys.argv[3])
tops = [("unit", "plain"), ("desktop", "plain")] + ([] if fast else [("integration", "patched"), ("e2e", "patched")])
GUESS = {"e2e": 3000, "integration": 2000, "desktop": 1000, "unit": 500}
times = {}
# a machine's first run (a fresh checkout) plans from packaging/shard-times.txt, times measured
# on the project's 2-core machine, so that a long folder is split there too
for path in (f"{out}/shard-times.txt", "packaging/shard-times.txt"):
    try:
        with open(path) as fh:
            times = {n: float(t) for n, t in (line.split() for line in fh if line.strip())}
        break
    except (OSError, ValueError):
        continue
file_time = {n[5:]: t for n, t in times.items() if n.startswith("file:")}  # a file's own tests
times = {n: t for n, t in times.items() if not n.startswith("file:")}
split_at = float(os.environ.get("NAS_TEST_SPLIT_AT") or max(60.0, sum(times.values()) / jobs / 2))
def folder_time(name):  # the folder's own files, whether they ran as one shard or in parts
    if name in times:
        return times[name]
    parts = [t for n, t in times.items() if n.startswith(name + ".")]
    return sum(parts) if parts else None
shards = []  # (name, mode, paths, expected seconds)
def walk(folder, name, mode):
    own = sorted(glob.glob(f"{folder}/test_*.py"))
    subs = sorted(d for d in glob.glob(f"{folder}/*/") if glob.glob(f"{d}**/test_*.py", recursive=True))
    if own:
        known = folder_time(name)
        guess = GUESS.get(name.split("-")[0], 1000) if known is None else known
        # desktop stays whole: its files share one session of real services and the Qt
        # application (some of them, run alone, crashed QtWebEngine at exit until
        # tests/desktop/conftest.py deleted the closed widgets at the session's end)
        if known is not None and known > split_at and len(own) > 1 and name != "desktop":
            size = {f: os.path.getsize(f) for f in own}
            weight = {f: file_time.get(f, known * size[f] / sum(size.values())) for f in own}
            groups = [[0.0, []] for _ in range(min(len(own), math.ceil(known / split_at)))]
            for f in sorted(own, key=lambda f: -weight[f]):  # longest first, to the lightest part
                g = min(groups, key=lambda g: g[0])
                g[0] += weight[f]
                g[1].append(f)
            for i, (t, files) in enumerate(groups, 1):
                shards.append((f"{name}.{i}", mode, sorted(files), t))
        else:
            shards.append((name, mode, own, guess))
    for d in subs:
        walk(d.rstrip("/"), f"{name}-{os.path.basename(d.rstrip('/'))}", mode)
for top, mode in tops:
    if os.path.isdir(f"tests/{top}"):
        walk(f"tests/{top}", top, mode)
for name, mode, paths, _ in sorted(shards, key=lambda s: -s[3]):
    print(name, mode, *paths)
PYEOF
}

run_shard() {  # run_shard NAME MODE PATH... -- EXTRA...: one pytest process, output to its log
    local name=$1 mode=$2; shift 2
    local paths=()
    while [ "$1" != -- ]; do paths+=("$1"); shift; done
    shift
    local env=(NAS_TEST_EVENTLET=) plugin=(-p no:pytest_nameko)
    if [ "$mode" = patched ]; then env=(NAS_TEST_EVENTLET=1); plugin=(); fi
    env "${env[@]}" "$PY" -m pytest -p no:cacheprovider "${plugin[@]}" \
        --junitxml="$NAS_TEST_OUTPUT/junit-$name.xml" "${paths[@]}" "$@" \
        >"$NAS_TEST_OUTPUT/log-$name.txt" 2>&1
}

reap() {  # wait for one shard to end and report it; exit 5 (nothing collected) is not a failure
    local pid rc=0 name summary
    wait -n -p pid || rc=$?
    name=${shard_of[$pid]}
    unset "shard_of[$pid]"
    # a shard that crashed (a segfault) has no summary line: grep's "no match" must not end the run
    summary="$(grep -E '^=+ .* in [0-9.]+s' "$NAS_TEST_OUTPUT/log-$name.txt" | tail -n 1 | sed 's/=//g; s/^ *//; s/ *$//' || true)"
    [ -n "$summary" ] || summary="no summary: pytest itself ended (exit $rc)"
    if [ $rc -ne 0 ] && [ $rc -ne 5 ]; then
        status=1
        if [ ! -s "$NAS_TEST_OUTPUT/junit-$name.xml" ]; then  # pytest itself died: count it as an error
            printf '<testsuites><testsuite name="%s" tests="1" errors="1" failures="0" skipped="0"/></testsuites>\n' \
                "$name" >"$NAS_TEST_OUTPUT/junit-$name.xml"
        fi
        log "FAILED $name (exit $rc): $summary; its output:"
        cat "$NAS_TEST_OUTPUT/log-$name.txt" >&2
    else
        log "ok $name: $summary"
    fi
}

total_line() {  # one closing line for every shard together; $1=1: note each shard's time
    "$PY" - "$NAS_TEST_OUTPUT" "$1" <<'PYEOF'
import glob, os, sys, xml.etree.ElementTree as ET
t = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
times = []
files = {}
for path in glob.glob(sys.argv[1] + "/junit-*.xml"):
    for suite in ET.parse(path).getroot().iter("testsuite"):
        for k in t:
            t[k] += int(suite.get(k, 0))
        times.append((os.path.basename(path)[6:-4], float(suite.get("time", 0))))
        for case in suite.iter("testcase"):  # each file's own tests, for splitting a folder
            parts = case.get("classname", "").split(".")
            end = next((i for i, p in enumerate(parts) if p.startswith("test_")), None)
            if end is not None:
                f = "/".join(parts[:end + 1]) + ".py"
                files[f] = files.get(f, 0.0) + float(case.get("time", 0))
times += [(f"file:{f}", seconds) for f, seconds in sorted(files.items())]
if sys.argv[2] == "1":
    with open(sys.argv[1] + "/shard-times.txt", "w") as fh:
        fh.writelines(f"{name} {seconds:.1f}\n" for name, seconds in times)
failed = t["failures"] + t["errors"]
print(f"total: {t['tests'] - failed - t['skipped']} passed, {failed} failed, {t['skipped']} skipped")
PYEOF
}

main() {
    source "$(dirname "${BASH_SOURCE[0]}")/dev/bootstrap.sh"
    bootstrap with-postgres

    local fast=0
    if [ "${1:-}" = --fast ]; then fast=1; shift; fi

    cd "$NAS_ROOT"
    export QT_QPA_PLATFORM=offscreen QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox"
    export NAS_TEST_OUTPUT="${NAS_TEST_OUTPUT:-$NAS_ROOT/test-output}"
    mkdir -p "$NAS_TEST_OUTPUT"
    PY="$NAS_VENV/bin/python"
    # cores + 4: most shards wait on brokers, services and browsers, not the CPU. On the 2-core
    # machine (1,713 tests, 2026-11-29) six at once took 532 s, nearly idle; four took 767 s with
    # two benchmarks running beside them (not a clean comparison, but both sides of the 10 minutes).
    # On a slower 2-core machine (1,841 tests, 2026-11-30) six took 591-661 s with both cores busy
    # 99 % of the run (sampled from /proc/stat): more at once would only queue for the CPU. Of that
    # CPU, perf counted 57 % in Python processes, 10 % RabbitMQ, 15 % Chromium, 6 % PostgreSQL.
    local jobs="${NAS_TEST_JOBS:-$(($(nproc) + 4))}"

    log "ruff"
    local lint_dirs=() d
    for d in server shared desktop tests bench; do [ -d "$d" ] && lint_dirs+=("$d"); done
    "$NAS_VENV/bin/ruff" check --quiet "${lint_dirs[@]}"

    local plan
    plan="$(plan_shards "$NAS_TEST_OUTPUT" "$fast" "$jobs")"  # before the old junit files go
    rm -f "$NAS_TEST_OUTPUT"/junit-*.xml "$NAS_TEST_OUTPUT"/log-*.txt

    status=0
    declare -gA shard_of=()
    # Ctrl-C or SIGTERM: interrupt the running shards (their fixtures then stop what they started).
    trap 'for p in "${!shard_of[@]}"; do kill -INT "$p" 2>/dev/null || true; done; wait; exit 130' INT TERM
    local started name mode paths
    started=$(date +%s)
    log "pytest: $(wc -l <<<"$plan") shards, $jobs at a time (logs: $NAS_TEST_OUTPUT/log-<shard>.txt)"
    while read -r name mode paths; do
        [ -n "$name" ] || continue
        while [ ${#shard_of[@]} -ge "$jobs" ]; do reap; done
        # shellcheck disable=SC2086 # paths: space-separated test paths, none with a space
        run_shard "$name" "$mode" $paths -- "$@" &
        shard_of[$!]=$name
    done <<<"$plan"
    while [ ${#shard_of[@]} -gt 0 ]; do reap; done
    log "pytest: $(($(date +%s) - started)) s for every shard"

    total_line "$([ $# -eq 0 ] && [ $fast = 0 ] && echo 1 || echo 0)"
    return $status
}

main "$@"; exit $?  # one line: bash has read all of it before main starts
