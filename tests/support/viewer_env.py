"""The archive with a running viewerproxy in a helper process (tests/support/viewer_env_process.py),
for tests that run in a plain process (Qt, asyncio): the desktop's archive browser, the QA replay.

    @pytest.fixture(scope="module")
    def viewer_env(tmp_path_factory):
        yield from start_viewer_env(tmp_path_factory)          # or (..., "scripted"), (..., "qa")
"""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.path.join(ROOT, "tests", "support", "viewer_env_process.py")
START_TIMEOUT = 240      # building and indexing the archive on a loaded machine


def start_viewer_env(tmp_path_factory, *args: str):
    """Start the helper (``args``: its command line, e.g. ``scripted``), yield its JSON line, end it."""
    log_path = tmp_path_factory.mktemp("viewer-env") / "viewer-env.log"
    env = {**os.environ, "NAS_LIFELINE_PID": str(os.getpid()), "NAS_LIFELINE_SIGNAL": "TERM"}
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, HELPER, *args], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=log, close_fds=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: lines.put(proc.stdout.readline()), daemon=True).start()
    try:
        try:
            line = lines.get(timeout=START_TIMEOUT)
        except queue.Empty:
            line = b""
        if line.strip():
            facts = json.loads(line)
        else:   # an empty line is its end of output: it ended without a word
            ended = proc.poll()
            facts = {"ready": False, "error": f"the helper ended (exit {ended})" if ended is not None
                     else f"no answer within {START_TIMEOUT} s"}
        if facts.get("skip"):
            pytest.skip(facts["error"])
        assert facts["ready"], f"{facts['error']}; its log:\n{log_path.read_text()[-5000:]}"
        yield facts
    finally:
        _end(proc)


def _end(proc: subprocess.Popen) -> None:
    """Close its stdin (it stops its services and deletes its vhost), then SIGTERM, then SIGKILL."""
    try:
        proc.stdin.close()
    except OSError:
        pass
    for step in (None, proc.terminate, proc.kill):
        if step is not None:
            step()
        try:
            proc.wait(60 if step is None else 30)
            break
        except subprocess.TimeoutExpired:
            continue
    proc.stdout.close()
