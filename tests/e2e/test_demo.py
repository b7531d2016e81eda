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
    # the demo as an installation runs: the suite's guest is no service there
    env = {k: v for k, v in os.environ.items() if k != "NAS_SERVICE_LOGINS"}
    env["NAS_TEST_EVENTLET"] = ""
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
        # QA of the job: its pages rendered from the archive in Chromium and scored (issue #30)
        assert "== 11. QA of job 1" in out and "pages checked" in out.split("== 11")[1], out.split("== 11")[-1]
        # people: one broker login per role, enough for a newcomer's shell without any key
        people = tmp_path / "demo" / "people"
        assert f"nas login curator --password-stdin < {people / 'curator.password'}" in out   # absolute
        assert f"nas demo --stop --dir {tmp_path / 'demo'} --vhost {rabbit_vhost}" in out   # stops this demo
        assert {p.name for p in people.iterdir()} == {f"{r}.password" for r in ("curator", "qa", "operator", "admin")}
        assert all(p.stat().st_mode & 0o777 == 0o600 for p in people.iterdir())
        assert all(p.stat().st_mode & 0o777 == 0o600 for p in (tmp_path / "demo" / "config").glob("*.yaml"))
        newcomer = {k: v for k, v in env.items() if k not in ("NAS_KEY_FILE", "NAS_SERVICE_LOGINS")}
        newcomer.update(NAS_AMQP_URI=f"amqp://127.0.0.1:5672/{rabbit_vhost}", HOME=str(tmp_path),
                        XDG_CONFIG_HOME=str(tmp_path / "config-home"))
        nas = [sys.executable, "-m", "server.cli.main"]
        with open(people / "curator.password") as fh:
            login = subprocess.run([*nas, "login", "curator", "--password-stdin"], stdin=fh, capture_output=True,
                                   text=True, timeout=60, env=newcomer)
        assert login.returncode == 0 and "Logged in as curator (curator)" in login.stdout, login.stderr
        shown = subprocess.run([*nas, "domains", "show", "kb-demo.dk"], capture_output=True, text=True, timeout=60,
                               env=newcomer)
        assert shown.returncode == 0 and "kb-demo.dk" in shown.stdout, shown.stderr
        qa = {**newcomer, "NAS_USER": "qa", "NAS_PASSWORD": (people / "qa.password").read_text().strip()}
        refused = subprocess.run([*nas, "domains", "create", "qa-made.dk"], capture_output=True, text=True,
                                 timeout=60, env=qa)
        assert refused.returncode == 5 and "qa may not call definitions.create_domain" in refused.stderr
        wrong = subprocess.run([*nas, "domains", "show", "kb-demo.dk"], capture_output=True, text=True, timeout=60,
                               env={**qa, "NAS_PASSWORD": "not-the-password"})
        assert wrong.returncode == 5 and "password was refused" in wrong.stderr and "nas login" in wrong.stderr
        guest = subprocess.run([*nas, "domains", "show", "kb-demo.dk", "--amqp-uri",
                                f"amqp://guest:guest@127.0.0.1:5672/{rabbit_vhost}"], capture_output=True,
                               text=True, timeout=60, env={**newcomer, "XDG_CONFIG_HOME": str(tmp_path / "none")})
        assert guest.returncode != 0 and "Traceback" not in guest.stderr

        second = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
        assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-3000:]
        assert "job 2: done" in second.stdout  # a new harvest, same running services
        assert "via the proxy → 200" in second.stdout and "DEMO_FINISHED" in second.stdout.split("== 10")[1]
    finally:
        stop = subprocess.run([*cmd, "--stop"], capture_output=True, text=True, timeout=120, env=env)
    assert stop.returncode == 0, stop.stderr
