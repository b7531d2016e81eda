"""The command line in everyday use: a port in use names the port and the option, a closed pipe
ends quietly, a job reads as a curator reads it (no Python reprs), times carry their zone."""
from __future__ import annotations

import datetime as dt
import os
import socket
import subprocess
import sys
from zoneinfo import ZoneInfo

from server.cli.common import size, when
from server.cli.jobs_cmd import channel_lines, job_lines
from shared.dto import Page
from shared.dto.archive import ArchiveFileDto
from shared.dto.jobs import ChannelStateDto, JobDetailsDto, JobDomainDto
from shared.enums import JobOutcome, JobStatus, StopReason

NAS = os.path.join(os.path.dirname(sys.executable), "nas")


def test_a_port_in_use_is_named_with_the_option_that_changes_it(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([NAS, "demo", "--dir", str(tmp_path), "--web-port", str(port)], capture_output=True,
                           text=True, timeout=120)
    assert r.returncode == 2
    assert f"port {port}" in r.stderr and "--web-port" in r.stderr and "Traceback" not in r.stderr
    assert not os.path.exists(tmp_path / "config"), "nothing is started when the port is taken"


def test_a_closed_pipe_ends_quietly():
    p = subprocess.Popen(f"'{NAS}' config settings | head -n 1 >/dev/null", shell=True, stderr=subprocess.PIPE,
                         text=True, executable="/bin/bash")
    _, err = p.communicate(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err


def _job(**over) -> JobDetailsDto:
    t = dt.datetime(2026, 11, 23, 19, 0, tzinfo=dt.UTC)
    base = dict(id=17, harvest_id=3, harvest="weekly news", harvest_run=0, status=JobStatus.FAILED, channel="FOCUSED",
                snapshot=False, profile="default", configuration_count=2, expected_objects=40,
                max_bytes_per_domain=-1, max_objects_per_domain=-1, created_at=t, submitted_at=t, started_at=t,
                ended_at=t, harvester_id="harvester@h1", failure_reason="nothing was harvested: no seed could be "
                "fetched for any of the 2 domains (e.g. a.dk)", harvest_error="", upload_error="",
                resubmitted_from=None, resubmitted_as=None, outcome=JobOutcome.NOTHING_HARVESTED,
                failure_code="nothing_harvested", claims=1, seeds=["http://www.a.dk/", "http://www.b.dk/"])
    base.update(over)
    return JobDetailsDto(**base)


def test_a_job_reads_without_reprs():
    domains = Page(items=[JobDomainDto("a.dk", "defaultconfig", 20, -1, -1, 0, 0, StopReason.NO_SEED_FETCHED),
                          JobDomainDto("b.dk", "defaultconfig", 20, -1, -1)], total=2, offset=0, limit=50)
    files = Page(items=[ArchiveFileDto("17-metadata-1.warc.gz", "ab", 2048, None,
                                       {"ONE": "upload_completed", "TWO": "upload_failed"})],
                 total=1, offset=0, limit=1000)
    text = "\n".join(job_lines(_job(), domains, files))
    assert "Job 17: harvest 'weekly news', run 1 — failed (nothing-harvested)" in text
    assert "reason:      nothing was harvested: no seed could be fetched" in text
    assert "no-seed-fetched" in text and "(not reported)" in text
    assert "17-metadata-1.warc.gz  2.0 KiB  ONE: upload completed, TWO: upload failed" in text
    assert "limits per domain: no limit bytes" not in text and "no limit" in text
    for repr_bit in ("JobOutcome.", "StopReason.", "datetime.", "Dto(", "None"):
        assert repr_bit not in text, repr_bit
    unknown = "\n".join(job_lines(_job(), domains, RuntimeError("no arcrepository service is running")))
    assert "Files: not known (no arcrepository service is running)" in unknown


def test_job_states_read_in_the_one_vocabulary():
    """#33: a cancelled job read "failed_rejected (cancelled)", a queued one "submitted", while
    `harvests now` says "queued" (shared/job_states.py)."""
    empty = Page(items=[], total=0, offset=0, limit=50)
    cancelled = _job(status=JobStatus.FAILED_REJECTED, outcome=JobOutcome.CANCELLED, failure_code="cancelled",
                     failure_reason="cancelled by a curator before it started")
    text = "\n".join(job_lines(cancelled, empty, empty))
    assert "run 1 — cancelled\n" in text and "failed_rejected" not in text
    queued = _job(status=JobStatus.SUBMITTED, outcome=None, ended_at=None, started_at=None, failure_reason="",
                  failure_code="")
    assert "run 1 — queued\n" in "\n".join(job_lines(queued, empty, empty))
    assert "— failed (nothing-harvested)" in "\n".join(job_lines(_job(), empty, empty))


def test_times_carry_their_zone_and_sizes_read_as_sizes():
    t = dt.datetime(2026, 7, 1, 2, 0, tzinfo=dt.UTC)
    assert when(t, ZoneInfo("Europe/Copenhagen")) == "2026-07-01 04:00:00 CEST"
    assert when(t, ZoneInfo("UTC")) == "2026-07-01 02:00:00 UTC"
    assert when(None) == "" and size(-1) == "no limit" and size(1536) == "1.5 KiB" and size(10) == "10 B"


def test_an_unserved_channel_is_flagged():
    rows = [ChannelStateDto("FOCUSED", False, 3, [], None, False),
            ChannelStateDto("SNAPSHOT", True, 0, ["h@x"], dt.datetime(2026, 1, 1, tzinfo=dt.UTC), True)]
    text = "\n".join(channel_lines(rows))
    assert "NO: jobs wait for a harvester" in text and "h@x" in text


def test_the_demo_website_can_keep_running_until_stop(tmp_path):
    import urllib.request

    from waiting import wait_for

    from server.cli.demo_cmd import start_website, stop_website

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    pid = start_website(str(tmp_path), port)
    try:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": f"http://127.0.0.1:{port}"}))
        body = wait_for(lambda: opener.open("http://www.kb-demo.dk/", timeout=5).read(), timeout=30)
        assert b"www.kb-demo.dk" in body
    finally:
        assert stop_website(str(tmp_path))
    wait_for(lambda: not os.path.exists(f"/proc/{pid}") or _zombie(pid), timeout=30)
    assert not stop_website(str(tmp_path))   # nothing left to stop


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


def test_every_command_shows_times_in_the_users_zone_with_the_zone_named(monkeypatch, capsys):
    """``domains show``, ``profiles list``, ``harvests list``, ``jobs running`` and ``status --logs``
    print times as ``when`` does (they printed UTC, or a local time with no zone)."""
    import argparse
    import contextlib
    import time
    from types import SimpleNamespace as NS

    from server.cli import definitions_cmd, jobs_cmd, status_cmd

    monkeypatch.setenv("TZ", "Europe/Copenhagen")
    time.tzset()
    try:
        t = dt.datetime(2026, 7, 1, 2, 0, tzinfo=dt.UTC)
        local, utc = "2026-07-01 04:00:00 CEST", "2026-07-01 02:00"
        answers = {
            "get_domain": NS(name="a.dk", edition=1, created_at=t, alias_of="b.dk", alias_expires_at=t, comments="",
                             configurations=[], seed_lists=[], crawler_traps=[],
                             owner_info=[NS(created_at=t, info="owner")]),
            "list_profiles": Page(items=[NS(name="p", active=True, format="yaml", edition=1, updated_at=t,
                                            comments="")], total=1, offset=0, limit=50),
            "list_harvests": Page(items=[NS(name="h", kind="focused", active=True, runs=0, next_run_at=t,
                                            channel="FOCUSED")], total=1, offset=0, limit=50),
        }
        monkeypatch.setattr(definitions_cmd, "_call", lambda args, method, *a, **kw: answers[method])
        running = [NS(id=1, harvest="h", harvester_id="x", uris_done=1, uris_queued=2, bytes=3, rate=1.0,
                      active_hosts=1, updated_at=t)]
        log = [NS(time=t.timestamp(), level="WARNING", instance_id="i", logger="l", message="m")]
        by_method = {"running_jobs": running, "instances": [], "recent_logs": log}
        monkeypatch.setattr(jobs_cmd, "rpc_proxy", lambda args: contextlib.nullcontext(None))
        monkeypatch.setattr(jobs_cmd, "call", lambda proxy, service, method, *a: by_method[method])
        monkeypatch.setattr(status_cmd, "rpc_proxy", lambda args: contextlib.nullcontext(None))
        monkeypatch.setattr(status_cmd, "call", lambda proxy, service, method, *a: by_method[method])
        ns = argparse.Namespace(json=False, name="a.dk", offset=0, limit=50, sort="name", logs="")
        for show in (definitions_cmd._domain_show, definitions_cmd._profile_list, jobs_cmd.do_running,
                     status_cmd.run):
            show(ns)
            out = capsys.readouterr().out
            assert local in out and utc not in out, (show.__name__, out)
        definitions_cmd._h_list(argparse.Namespace(json=False, offset=0, limit=50, sort="name", pattern=None,
                                                   kind=None))
        assert local in capsys.readouterr().out
        assert definitions_cmd._domain_show(ns) == 0 and capsys.readouterr().out.count("CEST") == 3
        from server.cli import notify_cmd

        assert notify_cmd._when(t.timestamp()) == local and notify_cmd._when(None) == ""
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_the_demo_says_how_to_stop_this_demo(tmp_path):
    """#33: `nas demo` printed `nas demo --stop` without the --dir/--vhost it was started with
    (the --keep-website line still did): --stop then looked for another demo."""
    import argparse

    from server.cli import demo_cmd

    mine = argparse.Namespace(dir=str(tmp_path / "demo"), vhost="nas-mine")
    assert demo_cmd.stop_command(mine) == f"nas demo --stop --dir {tmp_path / 'demo'} --vhost nas-mine"
    source = open(demo_cmd.__file__, encoding="utf-8").read()
    assert "`nas demo --stop`" not in source.split("def register")[1], "every line the demo prints names this demo"
