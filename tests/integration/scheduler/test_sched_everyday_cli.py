"""A curator's day from the command line against the real ``definitions`` and ``scheduler``
services (SQLite): domains with seed lists, configurations, notes, aliases and logins; global
traps; a harvest defined, edited, harvested now; its jobs listed, shown, cancelled; channels
without a harvester flagged; a wrong password is "cannot reach", exit 5 (permission denied)."""
from __future__ import annotations

import pytest
from nameko.containers import ServiceContainer

from server.cli.main import main
from server.definitions.service import DefinitionsService
from server.monitor.service import MonitorService
from server.scheduler.service import SchedulerService


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


def test_a_curators_day_in_the_cli(services, tmp_path, capsys):
    uri = ["--amqp-uri", services]

    def ok(*argv, code=0):
        got = main([*argv, *uri])
        out = capsys.readouterr()
        assert got == code, (argv, out.out, out.err)
        return out.out + out.err

    out = ok("domains", "create", "kb.dk", "not a domain", "dr.dk", code=2)
    assert "created kb.dk" in out and "created dr.dk" in out and "not created not a domain" in out
    assert "2 of 3 domains created; 1 not" in out
    ok("domains", "seeds", "kb.dk", "front", "http://www.kb.dk/", "http://www.kb.dk/nyheder")
    ok("domains", "configure", "kb.dk", "deep", "--profile", "default", "--seed-lists", "front", "--max-objects", "500",
       "--default")
    ok("domains", "note", "kb.dk", "the owner asked for a slower rate")
    ok("domains", "alias", "dr.dk", "kb.dk")
    logins = tmp_path / "logins.yaml"
    logins.write_text("- {url: 'https://www.kb.dk/login', realm: staff, username: curator, password: s3cret}\n")
    ok("domains", "logins", "kb.dk", str(logins))
    shown = ok("domains", "show", "kb.dk")
    assert "deep" in shown and "front" in shown and "slower rate" in shown and "s3cret" not in shown
    assert "curator" in ok("domains", "logins", "kb.dk")
    assert "dr.dk" in ok("domains", "list", "--sort", "-created_at")

    traps = tmp_path / "traps.txt"
    traps.write_text(".*/calendar/.*\n")
    ok("traps", "create", "calendars", str(traps))
    assert ".*/calendar/.*" in ok("traps", "show", "calendars")
    ok("channels", "create", "night", "--comments", "slow crawls")

    ok("schedules", "create", "early", "--unit", "days", "--hour", "4")
    early = ok("schedules", "show", "early")
    assert "every day at 04:00" in early and "time)" in early and ":00:00 " in early
    ok("harvests", "create-selective", "news", "--schedule", "early", "kb.dk")
    edited = ok("harvests", "edit", "news", "--comments", "daily news", "--add", "dr.dk")
    assert "daily news" in edited and "dr.dk:defaultconfig" in edited and "every day at 04:00" in edited
    # QA after each job (issue #30): the harvest's qa options, checked by the definitions service
    assert "QA: after each job, sample 20, threshold 95%" in ok("harvests", "edit", "news", "--qa-auto",
                                                                  "--qa-sample", "20", "--qa-threshold", "0.95")
    assert "qa.threshold is a share" in ok("harvests", "edit", "news", "--qa-threshold", "2", code=2)
    assert "QA: on demand, sample 20" in ok("harvests", "edit", "news", "--no-qa-auto")
    # no harvester serves the channel: `--wait` follows the job until --max-wait, and says it goes on
    now = ok("harvests", "now", "news", "--wait", "--max-wait", "0", code=1)
    assert "news: run 1: 1 job(s) queued" in now, now   # dr.dk is an alias of kb.dk: one job
    assert "job(s) still running after 0 s" not in now and "jobs still running after 0 s" in now, now
    assert "they go on (nas jobs list --harvest 'news')" in now and ": queued" in now

    listed = ok("jobs", "list", "--sort", "-id")
    assert "news" in listed and "queued" in listed      # the word `harvests now` used (shared/job_states.py)
    # runs are numbered from 1 wherever a person reads or types them (shared/runs.py)
    assert "news" in ok("jobs", "list", "--harvest", "news", "--run", "1")
    assert "news" not in ok("jobs", "list", "--harvest", "news", "--run", "2")
    assert "numbered from 1" in ok("jobs", "list", "--run", "0", code=2)
    channels = ok("scheduler", "channels", code=1)
    assert "NO: jobs wait for a harvester" in channels
    from waiting import wait_for

    def status_flags_the_channel():
        main(["status", *uri])
        return "channel FOCUSED: 1 job(s) waiting, but no harvester" in capsys.readouterr().out

    wait_for(status_flags_the_channel, timeout=60)
    job_id = int(listed.splitlines()[2].split()[0])
    shown = ok("jobs", "show", str(job_id))
    assert f"Job {job_id}: harvest 'news', run 1 — queued" in shown and "kb.dk" in shown
    assert f"\n{job_id} " in ok("jobs", "list", "--status", "queued")
    assert "Files: not known" in shown   # no arcrepository in this test: said, not a traceback
    assert f"job {job_id}: cancelled" in ok("jobs", "cancel", str(job_id), "--reason", "test")
    shown = ok("jobs", "show", str(job_id))
    assert "run 1 — cancelled\n" in shown and "cancelled by a curator before it started: test" in shown
    assert "failed_rejected" not in shown
    for word in ("failed", "cancelled"):                   # a cancelled job is one that failed to harvest
        assert f"\n{job_id} " in ok("jobs", "list", "--status", word), word
    assert f"\n{job_id} " not in ok("jobs", "list", "--status", "queued")
    out = ok("jobs", "cancel", str(job_id), code=1)
    assert "not cancelled" in out and "nothing to cancel" in out
    assert "cancelled" in ok("jobs", "list", "--outcome", "cancelled")
    resubmitted = ok("jobs", "resubmit", str(job_id))
    assert f"job {job_id} resubmitted as job" in resubmitted and "(queued)" in resubmitted
    assert "run 1 — resubmitted" in ok("jobs", "show", str(job_id))

    bad = services.replace("guest:guest@", "guest:wrong@")
    assert main(["jobs", "list", "--amqp-uri", bad]) == 5   # permission denied
    err = capsys.readouterr().err
    assert "cannot reach the broker" in err and "password was refused" in err and "Traceback" not in err
