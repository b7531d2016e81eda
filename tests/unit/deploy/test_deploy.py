"""nas deploy: every validation rule fails its fixture naming file, line and key; render, apply,
render again changes nothing; the generated files are what services and systemd accept."""
from __future__ import annotations

import glob
import importlib
import json
import os
import shutil
import stat
import subprocess

import pytest
import yaml

from server.cli.main import main
from server.deploy import apply, build, model, render
from server.deploy.kinds import KINDS
from server.settings_catalog import all_settings
from shared.config import load
from shared.errors import DescriptionError

HERE = os.path.dirname(__file__)
FIXTURES = os.path.join(HERE, "fixtures")
EXAMPLE = os.path.join(HERE, "..", "..", "..", "packaging", "deploy", "environment.yaml")
BAD = sorted(glob.glob(os.path.join(FIXTURES, "bad_*.yaml")))


def nas(capsys, *args) -> tuple[int, str]:
    rc = main(list(args))
    return rc, capsys.readouterr().out


@pytest.mark.parametrize("path", BAD, ids=[os.path.basename(p)[4:-5] for p in BAD])
def test_each_rule_fails_its_fixture_with_file_line_and_key(capsys, path):
    expect = open(path).readline().removeprefix("# expect:").strip()
    rc, out = nas(capsys, "deploy", "check", path)
    assert rc == 2
    assert expect in out
    for line in out.strip().splitlines():
        where, key, reason = line.split(": ", 2)
        assert where.startswith(path + ":") and int(where.rsplit(":", 1)[1]) > 0 and key and reason


def test_all_problems_are_reported_at_once(tmp_path):
    text = open(os.path.join(FIXTURES, "good.yaml")).read()
    text = text.replace("      - {kind: arcrepository}\n", "")
    text = text.replace('password: "${NAS_AMQP_PASSWORD}"}', "password: x}")
    path = tmp_path / "env.yaml"
    path.write_text(text)
    with pytest.raises(DescriptionError) as exc:
        build.check(model.read(str(path)))
    keys = {p["key"] for p in exc.value.details["problems"]}
    assert {"hosts", "broker.password"} <= keys


@pytest.mark.parametrize("path", [os.path.join(FIXTURES, "good.yaml"), EXAMPLE], ids=["good", "packaged-example"])
def test_valid_descriptions_pass(capsys, path):
    rc, out = nas(capsys, "deploy", "check", path)
    assert rc == 0, out


def _described(tmp_path, text: str | None = None, **install) -> str:
    doc = yaml.safe_load(text or open(os.path.join(FIXTURES, "good.yaml")).read())
    doc["install"] = {"venv": os.path.dirname(os.path.dirname(shutil.which("nas") or os.path.join(
        os.path.dirname(os.path.abspath(__import__("sys").executable)), "nas"))), "user": "root", "group": "root",
        **install}
    path = tmp_path / "environment.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return str(path)


def test_generated_configs_pass_the_services_own_check(tmp_path, monkeypatch):
    desc = _described(tmp_path)
    out = tmp_path / "out"
    assert main(["deploy", "render", desc, "-o", str(out)]) == 0
    monkeypatch.setenv("NAS_AMQP_PASSWORD", "pw")
    monkeypatch.setenv("NAS_DB_PASSWORD", "dbpw")
    monkeypatch.setenv("NAS_SMTP_PASSWORD", "smtppw")
    yamls = glob.glob(str(out / "*" / "etc" / "nas" / "test" / "*.yaml"))
    assert len(yamls) == 10
    for path in yamls:
        s = load(path, all_settings())
        assert s["AMQP_URI"] == "amqp://nas:pw@127.0.0.1:5672/nas-test"     # secret from the environment
        env = open(path[:-5] + ".env").read()
        assert env.startswith("NAS_SERVICE=" + s["instance.service"])
        if s["instance.service"].endswith(("DefinitionsService", "SchedulerService", "ArcRepositoryService")):
            assert s["database.url"] == "postgresql://nas:dbpw@db/nas"
        assert "pw" not in open(path).read().replace("${NAS_AMQP_PASSWORD}", "").replace("${NAS_DB_PASSWORD}", "")
    notifier = load(str(out / "admin" / "etc" / "nas" / "test" / "notifier.yaml"), all_settings())
    assert notifier["notify.mail.enabled"] and notifier["notify.mail.routes"] == [{"to": ["ops@example.org"]}]
    bitarchive = load(str(out / "store" / "etc" / "nas" / "test" / "bitarchive-one.yaml"), all_settings())
    assert bitarchive["archive.replica"] == "ONE" and bitarchive["archive.http.public_host"] == "store"
    assert [r["id"] for r in bitarchive["archive.replicas"]] == ["ONE", "CS"]


def _systemctl_recorder(tmp_path) -> tuple[str, str]:
    log = tmp_path / "systemctl.log"
    script = tmp_path / "systemctl"
    script.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script), str(log)


def _calls(log: str) -> list[str]:
    return open(log).read().splitlines() if os.path.exists(log) else []


def test_render_apply_render_changes_nothing_and_restarts_only_what_changed(tmp_path, capsys):
    desc = _described(tmp_path)
    root = tmp_path / "root"
    systemctl, log = _systemctl_recorder(tmp_path)
    rc, out = nas(capsys, "deploy", "plan", desc, "--host", "admin", "--local", "--root", str(root))
    assert rc == 0 and "+ /etc/nas/test/monitor.yaml" in out
    rc, out = nas(capsys, "deploy", "apply", desc, "--host", "admin", "--local", "--root", str(root),
                  "--systemctl", systemctl)
    assert rc == 0
    calls = _calls(log)
    restarts = [c.split()[1] for c in calls if c.startswith("restart")]
    # Start order: monitor first, the notifier next, the harvest database's owners before the archive.
    assert restarts == ["nas-test@monitor.service", "nas-test@notifier.service", "nas-test@definitions.service",
                        "nas-test@scheduler.service", "nas-test@arcrepository.service",
                        "nas-test@bitarchive-monitor-one.service", "nas-test@checksum-cs.service",
                        "nas-test@index-server.service"]
    assert calls[0] == "daemon-reload" and "enable nas-test.target" in calls and calls[-1] == "start nas-test.target"
    assert (root / "etc/systemd/system/nas-test.target").exists()
    assert json.load(open(root / "var/lib/nas-deploy/test/manifest.json"))["host"] == "admin"
    # #29: configs (the broker URI, secrets' variables) are not world-readable; units are
    modes = {str(p.relative_to(root)): p.stat().st_mode & 0o777 for p in root.rglob("*") if p.is_file()
             and p.suffix in (".yaml", ".env", ".service")}
    assert modes["etc/nas/test/monitor.yaml"] == 0o640 and modes["etc/nas/test/monitor.env"] == 0o640, modes
    assert all(m == 0o640 for p, m in modes.items() if p.endswith((".yaml", ".env"))), modes
    assert modes["etc/systemd/system/nas-test@.service"] == 0o644, modes
    # Again: nothing to install, nothing restarted.
    os.unlink(log)
    rc, out = nas(capsys, "deploy", "apply", desc, "--host", "admin", "--local", "--root", str(root),
                  "--systemctl", systemctl)
    assert rc == 0 and out.strip() == "nothing to do" and _calls(log) == []
    rc, out = nas(capsys, "deploy", "plan", desc, "--host", "admin", "--local", "--root", str(root))
    assert out.strip() == "nothing to do"
    # One instance's setting changes: only its unit restarts.
    text = open(desc).read().replace("- kind: index_server\n",
                                     "- kind: index_server\n      settings: {index: {workers: 3}}\n")
    assert "workers: 3" in text
    open(desc, "w").write(text)
    rc, out = nas(capsys, "deploy", "apply", desc, "--host", "admin", "--local", "--root", str(root),
                  "--systemctl", systemctl)
    assert out.splitlines() == ["~ /etc/nas/test/index-server.yaml", "restart nas-test@index-server.service"]
    assert [c for c in _calls(log) if c.startswith("restart")] == ["restart nas-test@index-server.service"]
    # An instance removed from the description: its files go, its unit is stopped.
    os.unlink(log)
    open(desc, "w").write(text.replace("    - kind: checksum\n      replica: CS\n", "")
                          .replace("- id: CS\n  type: checksum\n", ""))
    rc, out = nas(capsys, "deploy", "apply", desc, "--host", "admin", "--local", "--root", str(root),
                  "--systemctl", systemctl)
    assert rc == 0, out
    assert "- /etc/nas/test/checksum-cs.yaml" in out and "disable --now nas-test@checksum-cs.service" in _calls(log)
    assert not (root / "etc/nas/test/checksum-cs.yaml").exists()
    # A hand edit on the host is found and put back.
    os.unlink(log)
    (root / "etc/nas/test/monitor.yaml").write_text("# edited by hand\n")
    rc, out = nas(capsys, "deploy", "plan", desc, "--host", "admin", "--local", "--root", str(root))
    assert out.splitlines() == ["~ /etc/nas/test/monitor.yaml", "restart nas-test@monitor.service"]


def test_render_writes_units_with_storage_paths_and_a_manifest(tmp_path):
    desc = _described(tmp_path)
    out = tmp_path / "out"
    assert main(["deploy", "render", desc, "-o", str(out)]) == 0
    dropin = (out / "store/etc/systemd/system/nas-test@bitarchive-one.service.d/deploy.conf").read_text()
    assert "ReadWritePaths=/var/lib/nas/test/bitarchive-one" in dropin
    harvester = (out / "crawl/etc/systemd/system/nas-test@harvester.service.d/deploy.conf").read_text()
    assert "ReadWritePaths=/var/lib/nas/test/harvester" in harvester
    # batch jobs' cgroups under the bitarchive's own: delegated to the service user, to no one else
    assert "Delegate=memory pids cpu" in dropin and "Delegate" not in harvester
    # what the services write (databases, logs) is not world-readable (#29)
    unit = (out / "admin/etc/systemd/system/nas-test@.service").read_text()
    assert "\nUMask=0027\n" in unit
    admin = (out / "admin/etc/systemd/system/nas-test@scheduler.service.d/deploy.conf").read_text()
    assert "After=nas-test@monitor.service nas-test@notifier.service nas-test@definitions.service" in admin
    target = (out / "admin/etc/systemd/system/nas-test.target").read_text()
    assert "WantedBy=multi-user.target" in target and "nas-test@monitor.service" in target
    manifest = json.load(open(out / "admin/manifest.json"))
    for path, entry in manifest["files"].items():
        import hashlib

        assert hashlib.sha256(open(out / "admin" / path.lstrip("/"), "rb").read()).hexdigest() == entry["sha256"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_generated_units_pass_systemd_analyze_verify(tmp_path):
    desc = _described(tmp_path)
    out = tmp_path / "out"
    assert main(["deploy", "render", desc, "-o", str(out)]) == 0
    for host in ("admin", "store", "crawl"):
        units = out / host / "etc/systemd/system"
        instances = [os.path.basename(d)[:-2] for d in glob.glob(str(units / "*.service.d"))]
        for name in instances:      # a template is verified through one of its instances
            shutil.copy(units / "nas-test@.service", units / name)
        proc = subprocess.run(["systemd-analyze", "verify", "--man=no", *(str(units / n) for n in instances),
                               str(units / "nas-test.target")], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "SYSTEMD_UNIT_PATH": f"{units}:"})
        assert proc.returncode == 0, proc.stderr
        assert "nas-test" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_names_a_real_service_class(kind, monkeypatch):
    k = KINDS[kind]
    module_name, attr = k.service.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            pytest.skip(f"{module_name} is not in this tree yet")
        raise
    monkeypatch.setenv("NAS_REPLICA", "ONE")
    cls = getattr(module, attr)
    assert cls.name == k.service_name.format(R="ONE")
    if k.database:
        dbs = [v for v in vars(cls).values() if type(v).__name__ == "DatabaseSession"]
        assert [d.name for d in dbs] == [k.database]


def test_plan_and_apply_refuse_an_unknown_host(tmp_path, capsys):
    rc = main(["deploy", "plan", _described(tmp_path), "--host", "nowhere", "--root", str(tmp_path)])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("nas: error: ") and "no host 'nowhere'" in err


def test_render_files_match_plan_of_apply_module(tmp_path):
    d = model.read(_described(tmp_path))
    planned = build.check(d)
    files, manifest = render.render_host(d, planned, "crawl")
    p = apply.plan(files, manifest, str(tmp_path / "root"), d.hosts["crawl"].install["state_dir"])
    assert p.restart == ["nas-test@harvester.service"] and set(p.added) == set(files)


def test_the_qa_service_gets_its_own_limits_and_needs_the_viewerproxy(tmp_path):
    """Issue #30: the qa unit (the service, its render process and Chromium) is held to MemoryMax and
    CPUQuota; a description with qa but no viewerproxy is refused."""
    doc = yaml.safe_load(open(os.path.join(FIXTURES, "good.yaml")).read())
    doc["hosts"]["crawl"]["instances"].append({"kind": "qa"})
    bad = _described(tmp_path, yaml.safe_dump(doc))
    assert main(["deploy", "render", bad, "-o", str(tmp_path / "bad")]) != 0
    doc["hosts"]["admin"]["instances"].append({"kind": "viewerproxy"})
    desc = _described(tmp_path, yaml.safe_dump(doc))
    out = tmp_path / "out"
    assert main(["deploy", "render", desc, "-o", str(out)]) == 0
    dropin = (out / "crawl/etc/systemd/system/nas-test@qa.service.d/deploy.conf").read_text()
    assert "MemoryMax=3G" in dropin and "CPUQuota=200%" in dropin and "MemorySwapMax=0" in dropin
    harvester = (out / "crawl/etc/systemd/system/nas-test@harvester.service.d/deploy.conf").read_text()
    assert "MemoryMax" not in harvester
    assert (out / "crawl/etc/nas/test/qa.env").read_text() == "NAS_SERVICE=server.qa.service:QaService\n"
