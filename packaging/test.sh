#!/usr/bin/env bash
# The whole test suite: installs what is missing, starts RabbitMQ and PostgreSQL, then runs
#   1. tests/unit and tests/desktop in a plain process (Qt, asyncio, watchdog dislike eventlet);
#   2. tests/integration and tests/e2e in an eventlet-patched process (Nameko containers).
# Extra arguments go to both pytest runs (e.g. -x, -k name).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/dev/bootstrap.sh"
bootstrap with-postgres

cd "$NAS_ROOT"
export QT_QPA_PLATFORM=offscreen QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox"
export NAS_TEST_OUTPUT="${NAS_TEST_OUTPUT:-$NAS_ROOT/test-output}"
mkdir -p "$NAS_TEST_OUTPUT"
PY="$NAS_VENV/bin/python"

log "ruff"
lint_dirs=()
for d in server shared desktop tests bench; do [ -d "$d" ] && lint_dirs+=("$d"); done
"$NAS_VENV/bin/ruff" check --quiet "${lint_dirs[@]}"

status=0
run_pytest() {  # run_pytest NAME [pytest args...]: exit 5 (nothing collected) is not a failure
    local name=$1; shift
    log "pytest: $name"
    set +e
    "$PY" -m pytest -p no:cacheprovider --junitxml="$NAS_TEST_OUTPUT/junit-$name.xml" "$@"
    local rc=$?
    set -e
    if [ $rc -ne 0 ] && [ $rc -ne 5 ]; then status=1; fi
}

plain_dirs=(); patched_dirs=()
for d in tests/unit tests/desktop; do [ -d "$d" ] && plain_dirs+=("$d"); done
for d in tests/integration tests/e2e; do [ -d "$d" ] && patched_dirs+=("$d"); done
[ ${#plain_dirs[@]} -gt 0 ] && run_pytest plain -p no:pytest_nameko "${plain_dirs[@]}" "$@"
[ ${#patched_dirs[@]} -gt 0 ] && NAS_TEST_EVENTLET=1 run_pytest patched "${patched_dirs[@]}" "$@"

# One closing line for both runs together.
"$PY" - "$NAS_TEST_OUTPUT" <<'PYEOF'
import glob, sys, xml.etree.ElementTree as ET
t = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
for path in glob.glob(sys.argv[1] + "/junit-*.xml"):
    for suite in ET.parse(path).getroot().iter("testsuite"):
        for k in t:
            t[k] += int(suite.get(k, 0))
failed = t["failures"] + t["errors"]
print(f"total: {t['tests'] - failed - t['skipped']} passed, {failed} failed, {t['skipped']} skipped")
PYEOF
exit $status
