"""The README's first command, minus the set-up: `nas demo` harvests the demo site, stores it in
both replicas with verified checksums, reads the archived front page back, browses it through the
viewerproxy and shows the notification the notifier recorded; run twice."""
import os
import socket
import subprocess
import sys

import pytest

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_demo_runs_end_to_end_and_twice(tmp_path, rabbit_vhost):
    env = {**os.environ, "NAS_TEST_EVENTLET": ""}
    cmd = [sys.executable, "-m", "server.cli.main", "demo", "--dir", str(tmp_path / "demo"),
           "--vhost", rabbit_vhost, "--web-port", str(free_port()), "--viewer-port", str(free_port())]
    try:
        first = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
        assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
        out = first.stdout
        assert "kb-demo.dk: " in out and "stopped: completed" in out
        assert out.count("verified") >= 2 and "MISMATCH" not in out
        assert "WARC-Target-URI: http://www.kb-demo.dk/" in out
        assert "<title>Welcome to the demo library" in out
        # the viewerproxy answered from the archive (the website had stopped), and says how to browse
        assert "GET http://www.kb-demo.dk/ via the proxy → 200" in out
        assert "viewer-ca.pem" in out and "--proxy-user" in out and "nas viewer session create --jobs 1" in out
        assert os.path.getsize(tmp_path / "demo" / "viewer-ca.pem") > 0
        # the notifier recorded the notification, and its log channel wrote it
        assert "DEMO_FINISHED" in out.split("== 10")[1] and "job 1" in out.split("== 10")[1]
        assert "its log channel" in out

        second = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
        assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-3000:]
        assert "job 2: done" in second.stdout  # a new harvest, same running services
        assert "via the proxy → 200" in second.stdout and "DEMO_FINISHED" in second.stdout.split("== 10")[1]
    finally:
        stop = subprocess.run([*cmd, "--stop"], capture_output=True, text=True, timeout=120, env=env)
    assert stop.returncode == 0, stop.stderr
