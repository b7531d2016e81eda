#!/usr/bin/env bash
# Screenshots of every desktop screen in English, Danish and German, as a user sees them under a
# real X server (Xvfb), for a person to look at: test-output/screenshots/<lang>-NN-<screen>.png.
# The same run fails when a label, button, tab or column heading is cut short, or text stays in
# the old language after a switch (tests/desktop/test_screenshots.py). The PNGs are not kept in git.
#
#   bash packaging/dev/screenshots.sh            # into test-output/
#   NAS_TEST_OUTPUT=/tmp/shots bash packaging/dev/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PYTHON:-.venv/bin/python}"
[ -x "$PY" ] || PY=/work/main/.venv/bin/python
export NAS_TEST_OUTPUT="${NAS_TEST_OUTPUT:-$PWD/test-output}"
xvfb-run -a -s "-screen 0 1400x900x24" env QT_QPA_PLATFORM=xcb PYTHONPATH="$PWD" \
    "$PY" -m pytest -p no:pytest_nameko -q tests/desktop/test_screenshots.py "$@"
echo "screenshots in $NAS_TEST_OUTPUT/screenshots/"
