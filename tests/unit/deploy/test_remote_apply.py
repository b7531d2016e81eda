"""``nas deploy plan|apply --host H`` for a host that is not this machine: real rsync over an
"ssh" that is a small local wrapper (it runs the remote command line here, with a shell, as
OpenSSH's server would on the host), so the files, the modes and the systemctl calls are what a
real remote host would get; applying twice changes nothing."""
from __future__ import annotations

import json
import os
import shutil
import stat

import pytest
import yaml

from server.cli.main import main

HERE = os.path.dirname(__file__)
GOOD = os.path.join(HERE, "fixtures", "good.yaml")

pytestmark = pytest.mark.skipif(shutil.which("rsync") is None, reason="rsync is not installed (apt install rsync)")


def _executable(path, text: str) -> str:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def _ssh_wrapper(tmp_path) -> tuple[str, str]:
    """``ssh [-o X] HOST COMMAND...``: records HOST and COMMAND, runs COMMAND here like sshd does
    (its words joined by spaces, run by ``sh -c``)."""
    log = tmp_path / "ssh.log"
    return _executable(tmp_path / "fake-ssh", f"""#!/bin/sh
while [ "${{1#-}}" != "$1" ]; do shift 2; done   # options with a value, e.g. -o BatchMode=yes
host=$1; shift
printf '%s\\t%s\\n' "$host" "$*" >> {log}
exec sh -c "$*"
"""), str(log)


def _described(tmp_path, ssh: str) -> str:
    doc = yaml.safe_load(open(GOOD).read())
    venv = os.path.dirname(os.path.dirname(os.path.abspath(__import__("sys").executable)))
    doc["install"] = {"venv": venv, "user": "root", "group": "root", "ssh_command": f"{ssh} -o BatchMode=yes"}
    doc["hosts"]["store"]["address"] = "store.example.invalid"
    path = tmp_path / "environment.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return str(path)


def nas(capsys, *args) -> tuple[int, list[str], str]:
    rc = main(list(args))
    out = capsys.readouterr()
    return rc, out.out.splitlines(), out.err


def _hosts(log: str) -> list[str]:
    return [line.split("\t")[0] for line in open(log).read().splitlines()] if os.path.exists(log) else []


def test_remote_apply_over_ssh_and_rsync_then_nothing_to_do(tmp_path, capsys):
    ssh, ssh_log = _ssh_wrapper(tmp_path)
    desc = _described(tmp_path, ssh)
    remote = tmp_path / "store-root"           # the remote host's "/"
    (remote / "etc").mkdir(parents=True)
    (remote / "etc").chmod(0o755)
    sysctl_log = tmp_path / "systemctl.log"
    systemctl = _executable(tmp_path / "systemctl", f"#!/bin/sh\necho \"$@\" >> {sysctl_log}\n")
    where = "store.example.invalid: "

    rc, lines, err = nas(capsys, "deploy", "plan", desc, "--host", "store", "--root", str(remote))
    assert rc == 0, err
    assert f"{where}+ /etc/nas/test/bitarchive-one.yaml" in lines
    assert not (remote / "etc/nas").exists()                       # plan changes nothing
    assert set(_hosts(ssh_log)) == {"store.example.invalid"}     # it asked the host, over ssh

    rc, lines, err = nas(capsys, "deploy", "apply", desc, "--host", "store", "--root", str(remote),
                         "--systemctl", systemctl)
    assert rc == 0, err
    assert lines[-1] == f"{where}restart nas-test@bitarchive-one.service"
    conf = remote / "etc/nas/test/bitarchive-one.yaml"
    assert "archive:" in conf.read_text() and stat.S_IMODE(conf.stat().st_mode) == 0o640
    unit = remote / "etc/systemd/system/nas-test@.service"
    assert "ExecStart=" in unit.read_text() and stat.S_IMODE(unit.stat().st_mode) == 0o644
    assert stat.S_IMODE((remote / "etc").stat().st_mode) == 0o755   # directories on the way untouched
    manifest = json.load(open(remote / "var/lib/nas-deploy/test/manifest.json"))
    assert manifest["host"] == "store"
    # systemctl ran on the "remote" host, through ssh, in order
    assert open(sysctl_log).read().splitlines() == [
        "daemon-reload", "enable nas-test.target", "restart nas-test@bitarchive-one.service", "start nas-test.target"]
    commands = [line.split("\t")[1] for line in open(ssh_log).read().splitlines()]
    assert any(c.startswith("rsync --server") for c in commands)    # the files went by rsync

    # Twice: nothing to do, nothing sent, nothing restarted.
    os.unlink(sysctl_log)
    os.unlink(ssh_log)
    rc, lines, err = nas(capsys, "deploy", "apply", desc, "--host", "store", "--root", str(remote),
                         "--systemctl", systemctl)
    assert rc == 0 and lines == [f"{where}nothing to do"], (lines, err)
    assert not sysctl_log.exists()
    assert not any("rsync" in line for line in open(ssh_log).read().splitlines())

    # One setting of the host changes: one file sent, one unit restarted; a hand edit is put back.
    text = open(desc).read().replace("address: 0.0.0.0:8080", "address: 0.0.0.0:8081")
    assert "8081" in text
    open(desc, "w").write(text)
    (remote / "etc/nas/test/bitarchive-one.env").write_text("NAS_SERVICE=edited:ByHand\n")
    rc, lines, err = nas(capsys, "deploy", "apply", desc, "--host", "store", "--root", str(remote),
                         "--systemctl", systemctl)
    assert rc == 0, err
    assert lines == [f"{where}~ /etc/nas/test/bitarchive-one.env", f"{where}~ /etc/nas/test/bitarchive-one.yaml",
                     f"{where}restart nas-test@bitarchive-one.service"]
    assert "0.0.0.0:8081" in conf.read_text()
    assert (remote / "etc/nas/test/bitarchive-one.env").read_text().startswith("NAS_SERVICE=server.")
    rc, lines, err = nas(capsys, "deploy", "plan", desc, "--host", "store", "--root", str(remote))
    assert lines == [f"{where}nothing to do"]

    # The instance leaves the host: its files are removed there and its unit stopped.
    os.unlink(sysctl_log)
    doc = yaml.safe_load(open(desc).read())
    doc["hosts"]["store"]["instances"].append(
        {"kind": "bitarchive", "replica": "ONE", "id": "bitarchive-two",
         "settings": {"archive": {"http": {"address": "0.0.0.0:8082"}}}})
    open(desc, "w").write(yaml.safe_dump(doc, sort_keys=False))
    assert main(["deploy", "apply", desc, "--host", "store", "--root", str(remote), "--systemctl", systemctl]) == 0
    doc["hosts"]["store"]["instances"].pop()
    open(desc, "w").write(yaml.safe_dump(doc, sort_keys=False))
    capsys.readouterr()
    os.unlink(sysctl_log)
    rc, lines, err = nas(capsys, "deploy", "apply", desc, "--host", "store", "--root", str(remote),
                         "--systemctl", systemctl)
    assert rc == 0, err
    assert f"{where}- /etc/nas/test/bitarchive-two.yaml" in lines
    assert not (remote / "etc/nas/test/bitarchive-two.yaml").exists()
    assert (remote / "etc/nas/test/bitarchive-one.yaml").exists()
    assert open(sysctl_log).read().splitlines()[0] == "disable --now nas-test@bitarchive-two.service"


def test_ssh_and_rsync_commands_from_the_command_line_and_an_unreachable_host(tmp_path, capsys):
    ssh, ssh_log = _ssh_wrapper(tmp_path)
    desc = _described(tmp_path, "/nonexistent/ssh")               # the description's is overridden
    remote = tmp_path / "crawl-root"
    rc, lines, err = nas(capsys, "deploy", "apply", desc, "--host", "crawl", "--root", str(remote),
                         "--ssh", ssh, "--rsync", shutil.which("rsync"))
    assert rc == 0, err
    assert (remote / "etc/nas/test/harvester.yaml").exists() and _hosts(ssh_log)[0] == "crawl"
    # The description's ssh command does not exist: one line, exit 3, nothing installed.
    rc, lines, err = nas(capsys, "deploy", "plan", desc, "--host", "crawl", "--root", str(remote))
    assert rc == 3 and lines == [] and err.strip() == "nas: unavailable: crawl: ssh command not found: /nonexistent/ssh"
    # A host that does not answer (ssh's exit 255): the host and ssh's own words.
    dead = _executable(tmp_path / "dead-ssh", "#!/bin/sh\necho 'ssh: connect to host crawl port 22: "
                                              "Connection refused' >&2\nexit 255\n")
    rc, lines, err = nas(capsys, "deploy", "apply", desc, "--host", "crawl", "--root", str(remote), "--ssh", dead)
    assert rc == 3 and len(err.strip().splitlines()) == 1
    assert err.startswith("nas: unavailable: crawl: ") and "exit 255" in err and "Connection refused" in err


def test_this_machine_is_applied_locally_without_ssh(tmp_path, capsys):
    import socket

    from server.cli.deploy_cmd import is_this_machine

    assert is_this_machine("h", "127.0.0.1") and is_this_machine("h", "::1") and is_this_machine("localhost", "x")
    assert is_this_machine(socket.gethostname(), "x") and not is_this_machine("store", "store.example.invalid")
    desc = _described(tmp_path, "/nonexistent/ssh")
    root = tmp_path / "root"
    rc, lines, err = nas(capsys, "deploy", "apply", desc, "--host", "crawl", "--local", "--root", str(root))
    assert rc == 0 and (root / "etc/nas/test/harvester.yaml").exists(), err
