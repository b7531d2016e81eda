"""Real processes: `nas services start`, `nas status`, SIGKILL one → lost, `nas services stop`."""
import os
import signal
import subprocess
import sys
import time

import pytest

SUPPORT = os.path.join(os.path.dirname(__file__), "..", "support")


def nas(*args, env=None, timeout=60):
    return subprocess.run([sys.executable, "-m", "server.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout, env=env)


def status_rows(amqp_uri, env):
    r = nas("status", "--amqp-uri", amqp_uri, "--timeout", "10", env=env)
    rows = {}
    for line in r.stdout.splitlines()[2:]:
        cols = line.split()
        if cols:
            rows[cols[0]] = cols
    return r, rows


@pytest.fixture
def config_dir(tmp_path, amqp_uri):
    conf = tmp_path / "conf"
    conf.mkdir()
    common = f"AMQP_URI: {amqp_uri}\ndata_dir: ../data\nruntime:\n  heartbeat_interval: 0.5\n"
    (conf / "monitor.yaml").write_text(
        common + "instance:\n  id: monitor-1\n  service: server.monitor.service:MonitorService\n"
                 "monitor:\n  lost_after: 3\n")
    (conf / "raiser.yaml").write_text(
        common + "instance:\n  id: raiser-1\n  service: foundation_testdb.errors_service:RaiserService\n")
    return conf


def test_start_status_sigkill_lost_then_stop(config_dir, amqp_uri, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.path.abspath(SUPPORT)}
    started = nas("services", "start", "--config-dir", str(config_dir), env=env)
    assert started.returncode == 0, started.stderr
    pids = {}
    try:
        for line in started.stdout.splitlines()[2:]:
            inst, _service, pid, running, _log = line.split()
            assert running == "yes"
            pids[inst] = int(pid)
        assert set(pids) == {"monitor-1", "raiser-1"}

        # Starting again is safe: nothing new is started.
        again = nas("services", "start", "--config-dir", str(config_dir), env=env)
        assert {line.split()[2] for line in again.stdout.splitlines()[2:]} == {str(p) for p in pids.values()}

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            r, rows = status_rows(amqp_uri, env)
            if {"monitor-1", "raiser-1"} <= set(rows) and all(rows[i][4] == "running" for i in ("monitor-1",
                                                                                              "raiser-1")):
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"services never showed as running:\n{r.stdout}\n{r.stderr}")
        assert rows["raiser-1"][1] == "raiser" and rows["raiser-1"][3] == str(pids["raiser-1"])

        os.kill(pids["raiser-1"], signal.SIGKILL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            r, rows = status_rows(amqp_uri, env)
            if rows.get("raiser-1", [""] * 5)[4] == "lost":
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"killed instance never reported lost:\n{r.stdout}")
        assert r.returncode == 1  # `nas status` exits 1 while an instance is lost
        assert rows["monitor-1"][4] == "running"

        st = nas("services", "status", "--config-dir", str(config_dir), env=env)
        assert st.returncode == 1  # one of the two is not running
        assert "raiser-1" in st.stdout and " no " in st.stdout
    finally:
        stopped = nas("services", "stop", "--config-dir", str(config_dir), "--grace", "15", env=env)
    assert stopped.returncode == 0, stopped.stdout + stopped.stderr
    for pid in pids.values():
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split(") ")[1][0] == "Z"
    log = (tmp_path / "data" / "logs" / "monitor-1.log").read_text()
    assert "stopping services: monitor" in log  # ended by SIGTERM, cleanly
    assert not list((tmp_path / "data" / "run").glob("*.pid"))
