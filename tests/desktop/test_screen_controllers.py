"""The controllers of the channels, traps, schedules, profiles and charts screens, without any
widget: what they check before sending, which calls they make, and what they tell the screen.
The services are outside the unit (a recording backend answers as they do); the screens run
against the real services in test_screens.py and test_charts.py."""
from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtWidgets import QApplication
from test_controllers import Recording

from desktop.controllers.channels import ChannelsController
from desktop.controllers.charts import ChartsController
from desktop.controllers.profiles import ProfilesController
from desktop.controllers.schedules import SchedulesController
from desktop.controllers.traps import TrapsController
from desktop.rpc import RpcClient
from shared.errors import AlreadyExists, InvalidProfile, InvalidRegex, Unavailable

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).isoformat()


def channel(name="FOCUSED", snapshot=False, default=True):
    return {"id": 1, "name": name, "snapshot": snapshot, "is_default": default, "comments": ""}


def trap_list(name="cal", edition=1, expressions=(".*/calendar/.*",)):
    return {"id": 1, "name": name, "description": "", "active": True, "edition": edition,
            "expressions": list(expressions)}


def schedule(name="daily", edition=2, **over):
    s = {"id": 1, "name": name, "comments": "", "unit": "days", "every": 1, "minute": 0, "hour": 4, "weekday": None,
         "day_of_month": None, "start_at": None, "end_at": None, "max_runs": None, "edition": edition,
         "description": "", "time_zone": "Europe/Copenhagen", "upcoming": [NOW]}
    s.update(over)
    return s


def profile(name="deep", edition=4, active=True):
    return {"id": 1, "name": name, "comments": "deep crawl", "active": active, "format": "yaml", "edition": edition,
            "created_at": NOW, "updated_at": NOW}


@pytest.fixture
def make(qtbot):
    clients, kept = [], []

    def build(cls, answers):
        backend = Recording(answers)
        client = RpcClient(backend)
        clients.append(client)
        c = cls(client)
        kept.append(c)
        events = {"problem": [], "failure": [], "status": [], "cleared": []}
        c.problem.connect(lambda form, field, text: events["problem"].append((field, text)))
        c.failure.connect(events["failure"].append)
        c.status.connect(events["status"].append)
        c.cleared.connect(events["cleared"].append)
        return c, backend, events
    yield build
    for client in clients:
        client.shutdown()
    kept.clear()


def _idle(qtbot, c):
    qtbot.waitUntil(lambda: c.client.in_flight == 0, timeout=10000)


def test_no_controller_creates_a_widget(make, qtbot):
    before = set(QApplication.allWidgets())
    for cls in (ChannelsController, TrapsController, SchedulesController, ProfilesController, ChartsController):
        make(cls, {})
    assert [w for w in QApplication.allWidgets() if w not in before] == []


def test_channels_checked_created_and_made_default(make, qtbot):
    c, b, e = make(ChannelsController, {"list_channels": [channel(), channel("BIG", True)],
                                        "create_channel": lambda n, s, cm: channel(n, s, False),
                                        "set_default_channel": lambda n: channel(n)})
    assert c.create("  ", False) is False
    assert e["problem"] == [("name", "This cannot be empty.")] and b.calls == []
    created = []
    c.created.connect(created.append)
    assert c.create(" SLOW ", False, "for slow sites")
    _idle(qtbot, c)
    assert b.calls[0][1:3] == ("create_channel", ("SLOW", False, "for slow sites"))
    assert created[0].name == "SLOW" and b.methods()[-1] == "list_channels"
    assert [ch.name for ch in c.channels] == ["FOCUSED", "BIG"] and e["status"] == ["Saved SLOW."]
    assert c.make_default(None) is False
    assert c.make_default("BIG")
    _idle(qtbot, c)
    assert ("set_default_channel", ("BIG",)) in [(m, a) for _s, m, a, _k in b.calls]


def test_channel_name_taken_is_said_by_the_name(make, qtbot):
    c, _b, e = make(ChannelsController, {"create_channel": AlreadyExists("exists", {"name": "FOCUSED"})})
    c.create("FOCUSED", False)
    _idle(qtbot, c)
    assert [f for f, _t in e["problem"]] == ["name"]


def test_traps_new_list_is_created_the_open_one_updated_on_its_edition(make, qtbot):
    c, b, e = make(TrapsController, {"create_trap_list": lambda n, x, d, a: trap_list(n, 1, x),
                                     "update_trap_list": lambda n, ed, **kw: trap_list(n, ed + 1, kw["expressions"])})
    shown = []
    c.listShown.connect(shown.append)
    assert c.save("", "", True, "x") is False and b.calls == []
    assert c.save("cal", "calendars", True, " .*/calendar/.* \n\n.*/agenda/.*\n")
    _idle(qtbot, c)
    assert b.calls[0][1:3] == ("create_trap_list", ("cal", [".*/calendar/.*", ".*/agenda/.*"], "calendars", True))
    assert c.current.name == "cal" and shown[-1].edition == 1
    c.save("cal", "calendars", False, ".*/x/.*")
    _idle(qtbot, c)
    assert b.calls[-1][1] == "update_trap_list" and b.calls[-1][2] == ("cal", 1)
    assert b.calls[-1][3]["active"] is False and c.current.edition == 2
    c.new_list()
    assert c.current is None and shown[-1] is None


def test_a_bad_trap_expression_is_named_by_the_expressions(make, qtbot):
    c, _b, e = make(TrapsController, {"create_trap_list": InvalidRegex("bad", {"pattern": "[unclosed", "position": 9})})
    c.save("t", "", True, "[unclosed")
    _idle(qtbot, c)
    assert {f for f, _t in e["problem"]} == {"expressions"}
    assert "[unclosed" in e["problem"][-1][1]


def test_schedule_fields_checked_previewed_and_saved(make, qtbot):
    c, b, e = make(SchedulesController, {
        "preview_schedule": lambda fields, n: {"description": "", "upcoming": [NOW], "time_zone": "UTC"},
        "create_schedule": lambda name, unit, every, comments, **kw: schedule(name),
        "get_schedule": lambda name, n: schedule(name),
        "update_schedule": lambda name, ed, fields, comments="": schedule(name, ed + 1)})
    previews = []
    c.previewChanged.connect(lambda upcoming, note: previews.append((upcoming, note)))
    typed = {"unit": "days", "weekday": None, "every": "two", "hour": "25"}
    assert c.save("s", typed) is False
    assert {f for f, _t in e["problem"]} == {"every"} and b.calls == []
    # not a rule yet: no call, the note says so
    assert c.preview(typed) is False and previews[-1] == ([], "Not a valid schedule yet.") and b.calls == []
    typed["every"] = "2"
    assert c.preview(typed)
    _idle(qtbot, c)
    assert b.calls[-1][1] == "preview_schedule" and b.calls[-1][2][0]["hour"] == 25
    assert previews[-1][1] == "" and len(previews[-1][0]) == 1
    typed["hour"] = "4"
    assert c.save("s", typed, "nightly")
    _idle(qtbot, c)
    create = next(call for call in b.calls if call[1] == "create_schedule")
    assert create[2] == ("s", "days", 2, "nightly") and create[3] == {"hour": 4}
    assert c.current.name == "s" and e["status"] == ["Saved s."]
    c.save("s", {**typed, "max_runs": "3"})
    _idle(qtbot, c)
    update = next(call for call in b.calls if call[1] == "update_schedule")
    assert update[2][:2] == ("s", 2) and update[2][2]["max_runs"] == 3


def test_a_late_preview_does_not_overwrite_a_newer_one(make, qtbot):
    c, _b, _e = make(SchedulesController, {
        "preview_schedule": lambda f, n: {"description": "", "upcoming": [NOW] * f["every"], "time_zone": ""}})
    previews = []
    c.previewChanged.connect(lambda upcoming, note: previews.append(len(upcoming)))
    c.preview({"unit": "days", "every": "1"})
    c.preview({"unit": "days", "every": "2"})   # typed on before the first answer came
    _idle(qtbot, c)
    assert previews == [2]      # the first answer, for fields no longer shown, is dropped


def test_a_profile_upload_lists_the_servers_problems_by_path(make, qtbot, tmp_path):
    bad = InvalidProfile("bad profile", {"problems": [{"path": "politeness.delay_factor", "reason": "must be ≥ 0"},
                                                      {"path": "", "reason": "unknown key no_such_key"}]})
    c, b, e = make(ProfilesController, {"upload_profile": bad})
    listed = []
    c.problemsListed.connect(listed.append)
    assert c.upload("p", "   ") is False
    assert e["problem"][-1][0] == "content" and b.calls == []
    c.upload("p", "politeness:\n  delay_factor: -5\n")
    _idle(qtbot, c)
    assert listed[-1] == ["politeness.delay_factor: must be ≥ 0", "/: unknown key no_such_key"]
    assert e["problem"][-1][0] == "content"


def test_a_profile_is_uploaded_on_the_edition_read_and_written_back_exactly(make, qtbot, tmp_path):
    content = "politeness:\n  delay_factor: 2\r\n"
    c, b, e = make(ProfilesController, {
        "download_profile": lambda name: {"name": name, "format": "yaml", "content": content},
        "get_profile": lambda name: {**profile(name), "effective": {"browser": {"render": "seeds", "tabs": 3}}},
        "upload_profile": lambda name, text, comments="", edition=None: {**profile(name, (edition or 0) + 1),
                                                                         "effective": {"browser": {"tabs": 7}}},
        "set_profile_active": lambda name, active: profile(name, 5, active)})
    shown, settings = [], []
    c.documentShown.connect(lambda doc, comments: shown.append((doc.content, comments)))
    c.settingsShown.connect(settings.append)
    from shared import contracts

    c.select(contracts.decode("definitions", "get_profile", profile()))
    _idle(qtbot, c)
    assert shown == [(content, "deep crawl")]
    assert settings == [{"browser": {"render": "seeds", "tabs": 3}}]    # the effective settings, asked for
    c.upload("deep", content)
    _idle(qtbot, c)
    assert settings[-1] == {"browser": {"tabs": 7}}                     # the saved edition's
    assert b.calls[-1][3]["edition"] == 4 and c.selected.edition == 5
    c.upload("other", content)
    _idle(qtbot, c)
    assert b.calls[-1][3]["edition"] is None     # a new name: a new profile
    assert c.set_active(False)
    _idle(qtbot, c)
    assert c.selected.active is False
    out = tmp_path / "deep.yaml"
    c.download("deep", str(out))
    _idle(qtbot, c)
    assert out.read_bytes() == content.encode()
    c.download("deep", str(tmp_path / "no" / "such" / "dir.yaml"))
    _idle(qtbot, c)
    assert e["status"][-1].startswith("Could not write")
    text, name = c.read_file(str(out))
    assert text == content.replace("\r\n", "\n") and name == "deep"


def test_charts_shape_the_counts_and_say_an_archive_that_does_not_answer(make, qtbot):
    today = dt.date(2026, 3, 10)
    c, b, _e = make(ChartsController, {
        "job_status_counts_by_day": lambda start, end: [{"day": "2026-03-09", "status": "done", "jobs": 2},
                                                       {"day": "2026-03-10", "status": "failed", "jobs": 1},
                                                       {"day": "2026-03-10", "status": "done", "jobs": 1}],
        "preservation_summary": Unavailable("the arcrepository is not running", {}),
        "run_statistics": lambda hid: [{"harvest_run": 0, "jobs": 1, "jobs_by_status": {"done": 1}, "domains": 1,
                                        "objects": 3, "bytes": 5, "stop_reasons": {}, "first_created_at": NOW,
                                        "last_ended_at": NOW}]})
    c.load_counts(7, today=today)
    _idle(qtbot, c)
    assert b.calls[0][2] == ("2026-03-04", "2026-03-10")
    assert len(c.day_list) == 7 and c.counts == {"done": [0, 0, 0, 0, 0, 2, 1], "failed": [0, 0, 0, 0, 0, 0, 1]}
    c.load_replicas()
    _idle(qtbot, c)
    assert c.replicas == [] and c.replica_failure is not None and c.replica_failure.code == "unavailable"
    c.load_runs(None)
    assert b.methods()[-1] == "preservation_summary"     # no definition chosen: nothing asked
    c.load_runs(7)
    _idle(qtbot, c)
    assert [r.bytes for r in c.runs] == [5]


def test_charts_show_the_answer_to_the_last_choice_when_answers_arrive_out_of_order(make, qtbot):
    """Calls run on a pool: the bytes of a definition chosen before may arrive after those of the
    one chosen last, and must not replace them (the charts screen showed the earlier choice)."""
    import threading

    first_may_answer = threading.Event()

    def runs(hid):
        if hid == 1:
            first_may_answer.wait(30)   # held until the second choice has been answered and shown
        return [{"harvest_run": 0, "jobs": 1, "jobs_by_status": {"done": 1}, "domains": 1, "objects": 3,
                 "bytes": hid, "stop_reasons": {}, "first_created_at": NOW, "last_ended_at": NOW}]
    c, _b, _e = make(ChartsController, {"run_statistics": runs})
    c.load_runs(1)
    c.load_runs(2)
    qtbot.waitUntil(lambda: [r.bytes for r in c.runs] == [2], timeout=20000)
    first_may_answer.set()
    _idle(qtbot, c)
    assert [r.bytes for r in c.runs] == [2]
