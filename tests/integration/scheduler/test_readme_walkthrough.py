"""Every command of the README's "After the demo" walkthrough, as written, against the real
``monitor``, ``definitions`` and ``scheduler`` services. What the demo made before (its crawl
profile and domain) is made first; a stand-in harvester claims and reports the job where the
demo's real harvester would."""
from __future__ import annotations

import os
import re
import shlex
import threading
import urllib.parse

import pytest
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy

from server.cli.main import main
from server.definitions.service import DefinitionsService
from server.demo import harvest as story
from server.monitor.service import MonitorService
from server.scheduler.service import SchedulerService

README = os.path.join(os.path.dirname(__file__), "..", "..", "..", "README.md")


def walkthrough() -> list[str]:
    text = open(README, encoding="utf-8").read()
    block = re.search(r"<!-- walkthrough -->\s*```\n(.*?)```\s*<!-- /walkthrough -->", text, re.S)
    assert block, "the README has its walkthrough block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip() and not line.startswith("#")]


@pytest.fixture
def services(nameko_config, tmp_path):
    config = {**nameko_config, "data_dir": str(tmp_path / "data"), "runtime": {"heartbeat_interval": 60},
              "harvest": {"scheduler": {"timer_interval": 3600}}}
    containers = [ServiceContainer(cls, config) for cls in (MonitorService, DefinitionsService, SchedulerService)]
    for c in containers:
        c.start()
    try:
        yield nameko_config["AMQP_URI"]
    finally:
        for c in containers:
            c.stop()


def _demo_harvester(uri: str, played: list[int]) -> None:
    """The demo's harvester, played: claims the job `harvests now` makes, reports progress, then
    the job's end (while `--wait` follows it)."""
    from waiting import wait_for

    with ClusterRpcProxy({"AMQP_URI": uri}, timeout=60) as rpc:
        job = wait_for(lambda: rpc.scheduler.claim_job("FOCUSED", "harvester@demo"), timeout=60, interval=0.2)
        rpc.scheduler.report_progress(job["id"], "harvester@demo", {"uris_done": 3})
        rpc.scheduler.report_job(job["id"], "harvester@demo", [
            {"domain": story.DOMAIN, "objects": 9, "bytes": 9000, "stop_reason": "completed"}])
        played.append(job["id"])


def test_the_readme_walkthrough_runs_as_written(services, people, monkeypatch, capsys, tmp_path):
    from server.demo.accounts import password_file
    from shared.credentials import uri_user

    # where the demo runs: its folder data/demo, with the password file it writes for its curator.
    # Broker accounts are the whole broker's, not one vhost's: the test's curator has a login of
    # its own (a running demo's `curator` is left alone), put where the README says `curator`.
    monkeypatch.chdir(tmp_path)
    curator, curator_uri = people(services, "curator")
    os.makedirs(os.path.join("data", "demo", "people"))
    with open(password_file(os.path.join("data", "demo"), "curator"), "w") as fh:
        fh.write(urllib.parse.unquote(urllib.parse.urlsplit(curator_uri).password) + "\n")
    assert uri_user(curator_uri) == curator
    with ClusterRpcProxy({"AMQP_URI": services}, timeout=60) as rpc:
        rpc.definitions.upload_profile(story.PROFILE, story._profile_document(), "yaml")
        rpc.definitions.create_domain(story.DOMAIN)
        # a newcomer's shell: no key, no login but what the README says
        monkeypatch.delenv("NAS_KEY_FILE")
        monkeypatch.setenv("HOME", str(tmp_path))
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
        plain = services.replace("guest:guest@", "")
        monkeypatch.setenv("NAS_AMQP_URI", plain)
        job_id = None
        for line in walkthrough():
            if line.startswith("export NAS_AMQP_URI="):
                assert line == "export NAS_AMQP_URI=amqp://127.0.0.1:5672/nas-demo"
                monkeypatch.setenv("NAS_AMQP_URI", plain)      # the demo's vhost is this test's own
                continue
            if " < " in line:                                  # the shell's redirection, as a shell does it
                line, given = line.split(" < ")
                monkeypatch.setattr("sys.stdin", open(given.strip()))
            if line.startswith(".venv/bin/nas login curator"):
                line = line.replace("login curator", f"login {curator}")
            argv = shlex.split(line)
            assert argv[0] == ".venv/bin/nas", line
            argv = [str(job_id) if a == "JOB" else a for a in argv[1:]]
            if argv[:2] == ["harvests", "now"]:
                played: list[int] = []
                harvester = threading.Thread(target=_demo_harvester, args=(services, played))
                harvester.start()
            code = main(argv)
            out = capsys.readouterr()
            assert code == 0, (line, out.out, out.err)
            assert "Traceback" not in out.err
            if argv[:2] == ["harvests", "now"]:
                # `--wait` followed the job the demo's harvester (the thread) took, to its end
                job_id = int(re.search(r"queued: (\d+)", out.out).group(1))
                assert harvester.join(60) is None and played == [job_id]
                assert f"job {job_id}: done" in out.out
                assert "every job done" in out.out
            if argv[:2] == ["jobs", "show"]:
                assert f"Job {job_id}: harvest 'demo-collections', run 1 — done (harvested)" in out.out
            if argv[:2] == ["schedules", "show"]:
                assert "every day at 04:00" in out.out
        assert job_id is not None
    # every change was made as the demo's curator, and the audit log says so
    import json

    with open(tmp_path / "data" / "audit.log") as fh:
        changes = [json.loads(line) for line in fh if '"ok"' in line]
    by = {who: {e["action"] for e in changes if e["who"] == who} for who in {e["who"] for e in changes}}
    assert {"definitions.save_seed_list", "definitions.create_schedule", "definitions.create_selective",
            "scheduler.harvest_now"} <= by[curator]
    # the test itself made only what the demo makes before (and played the harvester)
    assert {a for a in by.get("guest", set()) if a.startswith("definitions.")} <= {
        "definitions.upload_profile", "definitions.create_domain", "definitions.add_user"}
