"""A three-"host" installation on one machine, described once, rendered and applied by
``nas deploy``, started from the generated files alone (each unit's EnvironmentFile, Environment,
WorkingDirectory, ExecStartPre and ExecStart, read the way systemd reads them), and the demo's
harvest run through it: this proves the generated files are complete."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys

import yaml
from nameko.standalone.rpc import ClusterRpcProxy
from store_sources import loopback_sources
from waiting import wait_for

from server.cli.main import main
from server.demo import harvest as story
from server.demo.website import DemoWebsite
from server.runtime import lifeline
from shared import contracts
from shared.enums import InstanceState, JobStatus

VENV = os.path.dirname(os.path.dirname(os.path.abspath(sys.executable)))


def _install(root) -> dict:
    return {"config_dir": f"{root}/etc/nas", "data_dir": f"{root}/var/lib/nas",
            "systemd_dir": f"{root}/etc/systemd/system", "state_dir": f"{root}/var/lib/nas-deploy",
            "secrets_file": f"{root}/etc/nas/secrets.env"}


def _description(tmp_path, vhost: str, proxy: str) -> dict:
    hosts = {h: tmp_path / h for h in ("admin", "store", "crawl")}
    return {
        "environment": "e2e",
        # every instance its own broker account (svc-<kind>.<id>.e2e, made by `nas deploy accounts`)
        "broker": {"host": "127.0.0.1", "port": 5672, "vhost": vhost, "password": "${NAS_AMQP_PASSWORD}",
                   "service_accounts": True, "management_url": "http://guest:${NAS_MQ_ADMIN_PASSWORD}@127.0.0.1:15672/api"},
        "database": {"url": f"sqlite:///{hosts['admin']}/var/lib/nas/harvest.db"},
        "install": {"venv": VENV, "user": "root", "group": "root"},
        "replicas": [{"id": "ONE", "name": "Replica one", "type": "bitarchive"},
                     {"id": "TWO", "name": "Replica two", "type": "bitarchive"}],
        "channels": ["FOCUSED"],
        # the test drives the harvest as the shared broker's guest, a service here
        "settings": {"runtime": {"heartbeat_interval": 2}, "security": {"service_logins": {"guest": "service"}},
                     "archive": {"default_replica": "ONE", "bitarchive": {"min_free_bytes": 0},
                                 # three "hosts" on one machine: offers on loopback, allowed explicitly
                                 "store": {"timeout": 300, **loopback_sources()}}},
        "hosts": {
            "admin": {"address": "127.0.0.1", "install": _install(hosts["admin"]), "instances": [
                {"kind": "monitor", "settings": {"monitor": {"lost_after": 30}}},
                {"kind": "definitions"},
                {"kind": "scheduler", "settings": {"harvest": {"scheduler": {"timer_interval": 5}}}},
                {"kind": "arcrepository"},
                {"kind": "bitarchive_monitor", "replica": "ONE"},
                {"kind": "bitarchive_monitor", "replica": "TWO"},
                {"kind": "index_server", "settings": {"index": {"workers": 1}}}]},
            "store": {"address": "127.0.0.1", "install": _install(hosts["store"]), "instances": [
                {"kind": "bitarchive", "replica": "ONE"}, {"kind": "bitarchive", "replica": "TWO"}]},
            "crawl": {"address": "127.0.0.1", "install": _install(hosts["crawl"]), "instances": [
                {"kind": "harvester", "settings": {"harvester": {
                    "channel": "FOCUSED", "min_space_left": 100_000_000, "claim_interval": 2,
                    "status_interval": 10, "crawler_overrides": {"upstream_proxy": proxy},
                    "archive": {"kind": "arcrepository", "store_timeout": 300}}}}]},
        },
    }


def _env_file(path: str) -> dict[str, str]:
    out = {}
    for line in open(path).read().splitlines():
        if line.strip() and not line.startswith("#") and "=" in line:
            k, _, v = line.partition("=")
            out[k.strip()] = v.strip()
    return out


def _expand(text: str, env: dict[str, str]) -> str:
    return re.sub(r"\$\{(\w+)\}", lambda m: env.get(m.group(1), ""), text)


def start_unit(systemd_dir: str, unit: str, log_dir) -> subprocess.Popen:
    """What systemd does for ``unit`` (an instance of the environment's template), reduced to
    the directives the generated units use."""
    template, instance = unit.split("@")
    text = open(os.path.join(systemd_dir, f"{template}@.service")).read().replace("%i", instance[:-8])
    text += open(os.path.join(systemd_dir, f"{unit}.d", "deploy.conf")).read()
    env = {k: v for k, v in os.environ.items() if not k.startswith("NAS_") or k == "NAS_STRICT_CONTRACTS"}
    cwd, pre, start = "/", [], None
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key == "EnvironmentFile":
            optional = value.startswith("-")
            path = value.lstrip("-")
            if os.path.exists(path) or not optional:
                env.update(_env_file(path))
        elif key == "Environment":
            env.update(dict(kv.split("=", 1) for kv in shlex.split(value)))
        elif key == "WorkingDirectory":
            cwd = value
        elif key == "ExecStartPre":
            pre.append(shlex.split(_expand(value, env)))
        elif key == "ExecStart":
            start = shlex.split(_expand(value, env))
        elif key == "ReadWritePaths":
            for p in value.split():
                os.makedirs(p, exist_ok=True)   # systemd needs them to exist; the operator makes them
    os.makedirs(cwd, exist_ok=True)
    for cmd in pre:
        check = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
        assert check.returncode == 0, f"{unit}: {cmd}: {check.stdout}{check.stderr}"
    log = open(os.path.join(log_dir, f"{unit}.log"), "ab")  # noqa: SIM115 - the child keeps it
    return subprocess.Popen(start, env=env, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)


def test_three_hosts_rendered_applied_started_and_harvesting(tmp_path, rabbit_vhost, amqp_uri, monkeypatch):
    import uuid

    import rabbit_admin

    password = f"e2e-{uuid.uuid4().hex}"
    monkeypatch.setenv("NAS_AMQP_PASSWORD", password)     # what `nas deploy accounts` sets the accounts to
    monkeypatch.setenv("NAS_MQ_ADMIN_PASSWORD", "guest")
    procs: list[subprocess.Popen] = []
    logs = tmp_path / "logs"
    logs.mkdir()
    with DemoWebsite() as site:
        desc = tmp_path / "environment.yaml"
        doc = _description(tmp_path, rabbit_vhost, site.proxy_url)
        desc.write_text(yaml.safe_dump(doc, sort_keys=False))
        assert main(["deploy", "check", str(desc)]) == 0
        assert main(["deploy", "accounts", str(desc), "--keep-guest"]) == 0
        assert main(["deploy", "render", str(desc), "-o", str(tmp_path / "rendered")]) == 0
        for host in ("admin", "store", "crawl"):
            # The operator's manual steps per host: the secrets file, and the one installation key
            # (made once with `nas keys init` and copied to every host, beside the configs).
            os.makedirs(tmp_path / host / "etc/nas/e2e", exist_ok=True)
            secrets = f"NAS_AMQP_PASSWORD={password}\nNAS_MQ_ADMIN_PASSWORD=guest\n"
            (tmp_path / host / "etc/nas/secrets.env").write_text(secrets)
            shutil.copy(os.environ["NAS_KEY_FILE"], tmp_path / host / "etc/nas/e2e/installation.key")
            assert main(["deploy", "apply", str(desc), "--host", host, "--systemctl", ""]) == 0
            assert main(["deploy", "plan", str(desc), "--host", host]) == 0
        try:
            for host in ("admin", "store", "crawl"):
                import json

                state = tmp_path / host / "var/lib/nas-deploy/e2e/manifest.json"
                for unit in json.load(open(state))["units"]:       # in start order
                    procs.append(start_unit(str(tmp_path / host / "etc/systemd/system"), unit, logs))
            lifeline.guard_groups(*(p.pid for p in procs))
            ids = {"monitor", "definitions", "scheduler", "arcrepository", "bitarchive-monitor-one",
                   "bitarchive-monitor-two", "index-server", "bitarchive-one", "bitarchive-two", "harvester"}
            with ClusterRpcProxy({"AMQP_URI": amqp_uri}, timeout=60) as rpc:
                def up():
                    got = contracts.decode("monitor", "instances", rpc.monitor.instances())
                    return ids <= {i.instance_id for i in got if i.state == InstanceState.RUNNING}
                wait_for(up, timeout=180, interval=1)
                name = story.define(rpc, print)
                job = story.harvest(rpc, name, print, timeout=300)
                assert job.status == JobStatus.DONE, contracts.decode("scheduler", "job", rpc.scheduler.job(job.id))
                assert sum(d.objects for d in story.job_domains(rpc, job.id)) > 3
                files = wait_for(lambda: [f for f in story.stored_files(rpc, job.id)], timeout=120)
                assert any("-metadata-" in f.name for f in files)
                # Every file in both replicas, as the arcrepository recorded it.
                for f in files:
                    status = contracts.decode("arcrepository", "store_status", rpc.arcrepository.store_status(f.name))
                    assert status.complete, status
        finally:
            for p in procs:
                if p.poll() is None:
                    p.terminate()
            for p in procs:
                try:
                    p.wait(30)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(10)
            # the accounts go once their services have stopped (a service that loses its login
            # while it runs keeps trying to reconnect until it is killed)
            for login in [u for u in rabbit_admin.list_users() if u.startswith("svc-") and u.endswith(".e2e")]:
                rabbit_admin.delete_user(login)
