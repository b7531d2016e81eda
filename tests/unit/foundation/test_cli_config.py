"""`nas config check|show` as a user runs them."""
import subprocess
import sys


def nas(*args, **kw):
    return subprocess.run([sys.executable, "-m", "server.cli.main", *args], capture_output=True, text=True,
                          timeout=60, **kw)


def test_check_ok_and_bad_files(tmp_path):
    good = tmp_path / "monitor.yaml"
    good.write_text("instance:\n  service: server.monitor.service:MonitorService\nmonitor:\n  lost_after: 10\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("monitor:\n  lost_after: soon\n  colour: blue\n")
    r = nas("config", "check", str(good), str(bad))
    assert r.returncode == 2
    assert f"{good}: ok" in r.stdout
    assert f"{bad}: monitor.lost_after: expected float, got str 'soon'" in r.stdout
    assert f"{bad}: monitor.colour: unknown setting" in r.stdout


def test_show_includes_defaults(tmp_path):
    f = tmp_path / "m.yaml"
    f.write_text("monitor:\n  lost_after: 10\n")
    r = nas("config", "show", str(f))
    assert r.returncode == 0, r.stderr
    assert "lost_after: 10.0" in r.stdout
    assert "heartbeat_interval: 5.0" in r.stdout  # a default the file did not give
    assert "AMQP_URI: amqp://guest:guest@localhost:5672/" in r.stdout


def test_missing_file_is_a_clear_error(tmp_path):
    r = nas("config", "show", str(tmp_path / "absent.yaml"))
    assert r.returncode == 2
    assert r.stderr.strip() == f"nas: error: {tmp_path / 'absent.yaml'}: no such config file"
