"""Harvest definitions seen and changed after creation, "harvest now", and cancelling a job.

The controllers first without any widget (a recording backend answers in the wire form), then the
screens against the real definitions and scheduler services.
"""
from __future__ import annotations

import datetime as dt
import uuid

import pytest
from PySide6.QtWidgets import QApplication
from test_controllers import Recording

from desktop.controllers import harvests as ctl
from desktop.controllers.harvests import HarvestsController, JobsController
from desktop.rpc import RpcClient
from shared import contracts
from shared.errors import EditionConflict

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).isoformat()


def harvest_wire(name="news", kind="selective", edition=3, **over):
    h = {"id": 7, "name": name, "kind": kind, "comments": "old", "active": False, "runs": 2, "next_run_at": None,
         "first_run_at": None, "channel": "FOCUSED" if kind != "snapshot" else "SNAPSHOT", "edition": edition,
         "created_at": NOW, "schedule": "daily" if kind != "snapshot" else None,
         "configurations": [{"domain": "kb.dk", "configuration": "defaultconfig"}] if kind != "snapshot" else [],
         "configuration_count": 1, "max_bytes": -1 if kind == "snapshot" else None,
         "max_objects": 500 if kind == "snapshot" else None,
         "max_job_running_time_s": 0 if kind == "snapshot" else None}
    h.update(over)
    return h


def job_wire(status="submitted", **over):
    j = {"id": 41, "harvest_id": 7, "harvest": "news", "harvest_run": 2, "status": status, "channel": "FOCUSED",
         "snapshot": False, "profile": "default", "configuration_count": 1, "expected_objects": 10,
         "max_bytes_per_domain": -1, "max_objects_per_domain": -1, "created_at": NOW, "submitted_at": NOW,
         "started_at": None, "ended_at": None, "harvester_id": None, "failure_reason": "", "harvest_error": "",
         "upload_error": "", "resubmitted_from": None, "resubmitted_as": None}
    j.update(over)
    return j


@pytest.fixture
def make(qtbot):
    clients = []
    kept = []   # the controllers, alive until their client has shut down (teardown)

    def build(cls, answers):
        backend = Recording(answers)
        client = RpcClient(backend)
        clients.append(client)
        c = cls(client)
        kept.append(c)
        events = {"problem": [], "failure": [], "status": [], "changed": [], "list": []}
        c.problem.connect(lambda form, field, text: events["problem"].append((form, field, text)))
        c.failure.connect(events["failure"].append)
        c.status.connect(events["status"].append)
        if cls is HarvestsController:
            c.harvestChanged.connect(events["changed"].append)
            c.listChanged.connect(lambda: events["list"].append(True))
        else:
            c.jobChanged.connect(events["changed"].append)
        return c, backend, events
    yield build
    for client in clients:
        client.shutdown()
    kept.clear()   # controllers go only now: no RPC thread can answer a deleted one


def _idle(qtbot, c):
    qtbot.waitUntil(lambda: c.client.in_flight == 0, timeout=10000)


def test_an_edit_sends_only_what_changed_on_the_edition_read(make, qtbot):
    before = set(QApplication.allWidgets())
    c, b, e = make(HarvestsController, {"get_harvest": harvest_wire(),
                                        "update_harvest": lambda n, ed, ch: harvest_wire(edition=ed + 1)})
    c.open("news")
    _idle(qtbot, c)
    assert [w for w in QApplication.allWidgets() if w not in before] == []
    assert ctl.configuration_lines(c.harvest) == "kb.dk defaultconfig"
    # unchanged: nothing is sent, and the curator is told so
    assert c.save("old", "daily", "FOCUSED", "kb.dk defaultconfig") is False
    assert b.methods() == ["get_harvest"] and "Nothing to save" in e["status"][-1]
    assert c.save("new words", "weekly", "FOCUSED", "kb.dk defaultconfig\ndr.dk deep")
    _idle(qtbot, c)
    _s, method, args, _kw = b.calls[-1]
    assert method == "update_harvest" and args[:2] == ("news", 3)
    assert args[2] == {"comments": "new words", "schedule": "weekly",
                       "configurations": [{"domain": "kb.dk", "configuration": "defaultconfig"},
                                          {"domain": "dr.dk", "configuration": "deep"}]}
    assert c.harvest.edition == 4 and e["list"] and "Saved news." in e["status"][-1]


def test_bad_input_is_reported_by_its_field_and_nothing_is_sent(make, qtbot):
    c, b, e = make(HarvestsController, {"get_harvest": harvest_wire()})
    c.open("news")
    _idle(qtbot, c)
    assert c.save("old", "daily", "FOCUSED", "") is False
    assert c.save("old", "daily", "FOCUSED", "kb.dk deep and more") is False
    assert [f for _form, f, _t in e["problem"]] == ["configurations", "configurations"]
    assert "Line 1" in e["problem"][1][2]
    snap, b2, e2 = make(HarvestsController, {"get_harvest": harvest_wire("snap", "snapshot"),
                                             "update_harvest": lambda n, ed, ch: harvest_wire("snap", "snapshot")})
    snap.open("snap")
    _idle(qtbot, snap)
    assert snap.save("old", None, "SNAPSHOT", max_bytes="lots", max_objects="-3") is False
    assert [f for _form, f, _t in e2["problem"]] == ["max_bytes", "max_objects"]
    assert b.methods() == ["get_harvest"] and b2.methods() == ["get_harvest"]
    # a snapshot's limits: empty is "no limit" (-1), only changed ones are sent
    assert snap.save("old", None, "SNAPSHOT", max_bytes="1000000", max_objects="500", max_time="")
    _idle(qtbot, snap)
    assert b2.calls[-1][2][2] == {"max_bytes": 1000000}


def test_a_conflicting_edit_says_the_servers_reason_on_the_form(make, qtbot):
    c, _b, e = make(HarvestsController, {"get_harvest": harvest_wire(),
                                         "update_harvest": EditionConflict("news was changed by someone else")})
    c.open("news")
    _idle(qtbot, c)
    c.save("new", "daily", "FOCUSED", "kb.dk defaultconfig")
    _idle(qtbot, c)
    assert e["problem"] and e["problem"][-1][1] == "" and e["failure"] == []


def test_harvest_now_asks_the_scheduler_and_says_the_run_from_1(make, qtbot):
    c, b, e = make(HarvestsController, {
        "get_harvest": harvest_wire(),
        "harvest_now": {"harvest_id": 7, "harvest": "news", "started": True, "run": 2, "jobs": [], "error": ""}})
    c.open("news")
    _idle(qtbot, c)
    assert c.harvest_now()
    _idle(qtbot, c)
    assert ("scheduler", "harvest_now") in [(s, m) for s, m, _a, _k in b.calls]
    assert "Run 3 of news is being made" in e["status"][-1]
    assert b.methods()[-1] == "get_harvest"    # the definition is read again: its runs went up


def test_only_a_queued_or_running_job_can_be_cancelled(make, qtbot):
    c, b, e = make(JobsController, {"cancel_job": lambda job_id, reason: job_wire(
        "failed_rejected", outcome="cancelled", ended_at=NOW)})
    decode = lambda w: contracts.decode("scheduler", "job", w)  # noqa: E731
    assert not c.can_cancel(decode(job_wire("done", ended_at=NOW)))
    assert not c.can_cancel(decode(job_wire("started", cancel_requested_at=NOW)))
    assert c.cancel(decode(job_wire("failed"))) is False and b.calls == []
    assert c.cancel(decode(job_wire("submitted")), "  wrong seeds ")
    _idle(qtbot, c)
    assert b.calls[-1][1:3] == ("cancel_job", (41, "wrong seeds"))
    assert e["changed"][-1].status == "failed_rejected" and "Job 41 cancelled." in e["status"][-1]


# --- the screens against the real services ------------------------------------------------------

@pytest.mark.rabbit
def test_a_definition_is_seen_changed_harvested_now_and_its_job_cancelled(qtbot, window, direct, shots,
                                                                          monkeypatch):
    u = uuid.uuid4().hex[:8]
    for d in (f"a{u}.dk", f"b{u}.dk"):
        direct.definitions.create_domain(d)
    direct.definitions.create_schedule(f"nightly-{u}", "days", hour=4)
    schedule = direct.definitions.list_schedules()["items"][0]["name"]
    direct.definitions.create_selective(f"edit-{u}", schedule, [{"domain": f"a{u}.dk"}], "first words")
    s = window.open_screen("harvests")
    qtbot.waitUntil(lambda: s.edit_schedule.findData(f"nightly-{u}") >= 0, timeout=20000)
    assert not s.edit_save.isEnabled()             # nothing chosen yet: the tab says to choose one
    s.controller.open(f"edit-{u}")
    qtbot.waitUntil(lambda: s.controller.harvest is not None, timeout=20000)
    assert s.tabs.currentIndex() == 0 and s.edit_comments.text() == "first words"
    assert s.edit_configs.toPlainText().startswith(f"a{u}.dk ")
    assert f"edit-{u}" in s.edit_title.text() and "0 runs" in s.edit_title.text()
    # an unknown domain is refused next to the domain list, nothing saved
    s.edit_configs.setPlainText(f"a{u}.dk\nnosuch{u}.dk")
    s.save_harvest()
    qtbot.waitUntil(lambda: "configurations" in s.edit.visible_errors(), timeout=20000)
    assert f"nosuch{u}.dk" in s.edit.visible_errors()["configurations"]
    assert direct.definitions.get_harvest(f"edit-{u}")["comments"] == "first words"
    # a good edit: comments, schedule, one more domain
    s.edit_configs.setPlainText(f"a{u}.dk\nb{u}.dk")
    s.edit_comments.setText("second words")
    s.edit_schedule.setCurrentIndex(s.edit_schedule.findData(f"nightly-{u}"))
    s.save_harvest()
    qtbot.waitUntil(lambda: direct.definitions.get_harvest(f"edit-{u}")["comments"] == "second words",
                    timeout=20000)
    h = direct.definitions.get_harvest(f"edit-{u}")
    assert h["schedule"] == f"nightly-{u}" and {c["domain"] for c in h["configurations"]} == {f"a{u}.dk", f"b{u}.dk"}
    qtbot.waitUntil(lambda: s.controller.harvest.edition == h["edition"], timeout=20000)
    shots(window, "05b-harvest-edit")
    # harvest now: the scheduler makes a run's jobs
    s.edit_now.click()
    qtbot.waitUntil(lambda: direct.scheduler.list_jobs({"harvest": f"edit-{u}"})["total"] > 0, timeout=60000)
    # the run is counted in a transaction after the one that made its jobs: open it once counted
    qtbot.waitUntil(lambda: direct.definitions.get_harvest(f"edit-{u}")["runs"] == 1, timeout=20000)
    s.controller.open(f"edit-{u}")
    qtbot.waitUntil(lambda: "1 run" in s.edit_title.text(), timeout=20000)
    assert "run(s)" not in s.edit_title.text()
    job_id = direct.scheduler.list_jobs({"harvest": f"edit-{u}"})["items"][0]["id"]
    # the job, cancelled from the jobs screen with a reason
    j = window.open_screen("jobs")
    j.open_job(job_id)
    qtbot.waitUntil(lambda: j.job is not None and j.job.id == job_id, timeout=20000)
    assert "run 1," in j.details.toPlainText()
    assert j.cancel_button.isEnabled()
    from PySide6.QtWidgets import QInputDialog
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("wrong domains", True)))
    j.cancel()
    qtbot.waitUntil(lambda: direct.scheduler.job(job_id)["outcome"] == "cancelled", timeout=20000)
    assert "wrong domains" in direct.scheduler.job(job_id)["cancel_reason"]
    qtbot.waitUntil(lambda: not j.cancel_button.isEnabled(), timeout=20000)
    shots(window, "08b-job-cancelled")


@pytest.mark.rabbit
def test_a_snapshots_limits_are_edited_with_no_limit_for_empty(qtbot, window, direct):
    u = uuid.uuid4().hex[:8]
    direct.definitions.create_snapshot(f"snap-{u}", max_bytes=1000, max_objects=50)
    s = window.open_screen("harvests")
    s.controller.open(f"snap-{u}")
    qtbot.waitUntil(lambda: s.controller.harvest is not None, timeout=20000)
    assert not s.edit_configs.isVisibleTo(s) and s.edit_max_bytes.isVisibleTo(s)
    assert s.edit_max_objects.text() == "50"
    s.edit_max_bytes.setText("")
    s.edit_max_objects.setText("75")
    s.save_harvest()
    qtbot.waitUntil(lambda: direct.definitions.get_harvest(f"snap-{u}")["max_objects"] == 75, timeout=20000)
    assert direct.definitions.get_harvest(f"snap-{u}")["max_bytes"] == -1


@pytest.mark.rabbit
def test_creating_and_editing_a_snapshot_check_its_limits_alike(qtbot, window, direct):
    """-1 (no limit) is accepted both when creating and when editing, -2 refused both ways with
    the same sentence, and what the desktop accepts the service accepts too."""
    u = uuid.uuid4().hex[:8]
    s = window.open_screen("harvests")
    qtbot.waitUntil(lambda: window.client.in_flight == 0, timeout=20000)
    s.tabs.setCurrentIndex(3)
    s.snap_name.setText(f"lim-{u}")
    s.snap_max_bytes.setText("-2")
    s.create_snapshot()
    created_refusal = s.snap.visible_errors().get("max_bytes")
    assert created_refusal
    s.snap_max_bytes.setText("-1")
    s.snap_max_objects.setText("100")
    s.create_snapshot()
    qtbot.waitUntil(lambda: _harvest_or_none(direct, f"lim-{u}") is not None, timeout=20000)
    assert direct.definitions.get_harvest(f"lim-{u}")["max_bytes"] == -1
    s.controller.open(f"lim-{u}")
    qtbot.waitUntil(lambda: s.controller.harvest is not None and s.controller.harvest.name == f"lim-{u}",
                    timeout=20000)
    s.edit_max_objects.setText("-2")
    s.save_harvest()
    assert s.edit.visible_errors().get("max_objects") == created_refusal
    s.edit_max_objects.setText("-1")     # refused by the edit form before: now "no limit" as on create
    s.save_harvest()
    qtbot.waitUntil(lambda: direct.definitions.get_harvest(f"lim-{u}")["max_objects"] == -1, timeout=20000)
    assert "max_objects" not in s.edit.visible_errors()


def _harvest_or_none(direct, name: str):
    try:
        return direct.definitions.get_harvest(name)
    except Exception:  # noqa: BLE001 - not created yet
        return None
