"""The overview's notifications: the controller without widgets (a recording backend answers as
the notifier does), then the overview against a real notifier service over RabbitMQ: a
notification emitted by a service shows on the overview and the operator acknowledges it there."""
from __future__ import annotations

import os
import time

import pytest
from test_controllers import Recording

from desktop.controllers.notifications import NotificationsController
from desktop.rpc import RpcClient
from shared.enums import NotificationState
from shared.errors import NotificationNotFound


def note(id_, code="JOB_FAILED", severity="error", state="open", last_seen=1_700_000_000.0, **over):
    n = {"id": id_, "code": code, "severity": severity, "instance": "scheduler@admin", "refers_to": f"job {id_}",
         "message": "crawler crashed", "state": state, "count": 1, "first_seen": last_seen - 60,
         "last_seen": last_seen, "acknowledged_by": "", "details": {}}
    n.update(over)
    return n


@pytest.fixture
def make(qtbot):
    clients = []
    kept = []   # the controllers, alive until their client has shut down (teardown)

    def build(answers):
        backend = Recording(answers)
        client = RpcClient(backend)
        clients.append(client)
        c = NotificationsController(client, who="ops")
        kept.append(c)
        events = {"rows": [], "availability": [], "failure": [], "status": []}
        c.rowsChanged.connect(events["rows"].append)
        c.availability.connect(events["availability"].append)
        c.failure.connect(events["failure"].append)
        c.status.connect(events["status"].append)
        return c, backend, events
    yield build
    for client in clients:
        client.shutdown()
    kept.clear()   # controllers go only now: no RPC thread can answer a deleted one


def _idle(qtbot, c):
    qtbot.waitUntil(lambda: c.client.in_flight == 0, timeout=10000)


def test_lists_open_first_then_by_severity_and_acknowledges_only_open_ones(make, qtbot):
    from PySide6.QtWidgets import QApplication

    rows = [note(1, severity="warning", last_seen=1000.0), note(2, state="acknowledged", severity="critical"),
            note(3, severity="critical", last_seen=900.0), note(4, severity="warning", last_seen=2000.0)]

    def ack(i, by):
        return {**next(r for r in rows if r["id"] == i), "state": "acknowledged", "acknowledged_by": by}

    c, backend, events = make({"list_notifications": rows, "acknowledge": ack})
    assert c.refresh() and not c.refresh()            # one request at a time
    _idle(qtbot, c)
    assert [n.id for n in c.rows] == [3, 4, 1, 2]      # open first, the most severe first, the newest first
    assert c.open_count() == 3 and c.unavailable == "" and backend.calls[0][1:3] == ("list_notifications",
                                                                                      (None, 200))
    assert c.can_acknowledge([2, 3]) and not c.can_acknowledge([2]) and c.can_resolve([2])
    assert c.acknowledge([2, 3, 99]) == 1             # already acknowledged and unknown ones are not sent
    _idle(qtbot, c)
    assert [(s, m, a) for s, m, a, _k in backend.calls[1:]] == [("notifier", "acknowledge", (3, "ops"))]
    assert c.row(3).state == NotificationState.ACKNOWLEDGED and c.row(3).acknowledged_by == "ops"
    assert [n.id for n in c.rows] == [4, 1, 2, 3] and c.open_count() == 2
    assert events["status"] == ["Notification 3 (JOB_FAILED) acknowledged."]
    assert not QApplication.topLevelWidgets()          # no widget made


def test_resolve_removes_and_a_vanished_notification_reloads(make, qtbot):
    rows = {1: note(1), 2: note(2)}

    def resolve(i):
        if i not in rows:
            raise NotificationNotFound(f"no notification {i}", {"id": i})
        return {**rows.pop(i), "state": "resolved"}

    c, backend, events = make({"list_notifications": lambda state, limit: list(rows.values()), "resolve": resolve})
    c.refresh()
    _idle(qtbot, c)
    assert c.resolve([1]) == 1
    _idle(qtbot, c)
    assert [n.id for n in c.rows] == [2] and events["status"][-1] == "Notification 1 (JOB_FAILED) resolved."
    del rows[2]                                 # someone resolved 2 elsewhere: the list is asked for again
    c.resolve([2])
    _idle(qtbot, c)
    assert events["failure"] and events["failure"][-1].code == "notification_not_found"
    assert backend.methods()[-1] == "list_notifications" and c.rows == []


def test_a_missing_notifier_is_said_on_the_panel_not_as_an_error(make, qtbot):
    from shared.client import UnknownService

    c, _backend, events = make({"list_notifications": UnknownService("notifier")})
    c.refresh()
    _idle(qtbot, c)
    assert c.rows == [] and events["failure"] == []
    assert events["availability"] == ["No notifier service answers: notifications cannot be shown."]
    c.refresh()                                 # said once, not again on every tick
    _idle(qtbot, c)
    assert len(events["availability"]) == 1


# --- the overview against a real notifier ------------------------------------------------------

@pytest.fixture
def notifier(services, tmp_path):
    """A real notifier process (log channel only) on the desktop tests' vhost; stopped by PID."""
    from nameko.standalone.rpc import ClusterRpcProxy

    from server.runtime import supervisor

    uri = services[0]
    conf = tmp_path / "notifier-conf"
    conf.mkdir()
    (conf / "notifier.yaml").write_text(
        f"AMQP_URI: {uri}\ninstance:\n  id: notifier-test\n  service: server.notify.service:NotifierService\n"
        "data_dir: ../data\nruntime:\n  heartbeat_interval: 1\n")
    supervisor.start(str(conf), env={"NAS_TEST_EVENTLET": ""})
    try:
        deadline = time.monotonic() + 90
        with ClusterRpcProxy({"AMQP_URI": uri}, timeout=10) as proxy:
            while True:
                try:
                    proxy.notifier.list_notifications()
                    break
                except Exception:  # noqa: BLE001 - not up yet
                    if time.monotonic() > deadline:
                        for log in (tmp_path / "data").rglob("*.log"):
                            print(log.name, log.read_text()[-3000:])
                        raise
                    time.sleep(0.5)
        yield uri
    finally:
        supervisor.stop(str(conf), grace=10)


@pytest.mark.rabbit
def test_overview_shows_a_real_notification_and_acknowledges_it(qtbot, window, notifier, direct, shots):
    from server.runtime.notify import NOTIFY_EVENT, NOTIFY_SOURCE, event, notification_dispatcher

    dispatch = notification_dispatcher({"AMQP_URI": notifier})
    tag = os.urandom(4).hex()
    dispatch(NOTIFY_SOURCE, NOTIFY_EVENT, event("DISK_LOW", "warning", f"/srv/one is 97% full ({tag})",
                                                "bitarchive-one", "/srv/one"))
    dispatch(NOTIFY_SOURCE, NOTIFY_EVENT, event("JOB_FAILED", "error", f"crawler crashed ({tag})",
                                                "scheduler-test", f"job {tag}"))
    s = window.open_screen("overview")
    panel, c = s.notifications_panel, s.notifications
    # the overview's own refresh brings them (no test-only reload)
    qtbot.waitUntil(lambda: {n.refers_to for n in c.rows} >= {"/srv/one", f"job {tag}"}, timeout=60000)
    assert c.unavailable == "" and "open" in panel.heading.text()
    row = next(i for i in range(panel.model.rowCount()) if panel.model.row_at(i).refers_to == f"job {tag}")
    assert panel.model.row_at(0).code == "JOB_FAILED"            # the error before the warning
    panel.view.selectRow(row)
    assert panel.acknowledge_button.isEnabled()
    shots(window, "19-overview-notifications")
    panel.acknowledge_button.click()
    job_id = panel.model.row_at(row).id
    qtbot.waitUntil(lambda: c.row(job_id) is not None and c.row(job_id).state == NotificationState.ACKNOWLEDGED,
                    timeout=30000)
    # the notifier itself says so, with who acknowledged it
    [n] = [x for x in direct.notifier.list_notifications("acknowledged") if x["id"] == job_id]
    assert n["acknowledged_by"] == c.who
    qtbot.waitUntil(lambda: not panel.acknowledge_button.isEnabled(), timeout=10000)
    # it stays listed (acknowledged) across the overview's next refreshes; resolve takes it off
    s.refresh()
    qtbot.waitUntil(lambda: c.client.in_flight == 0, timeout=20000)
    assert c.row(job_id).state == NotificationState.ACKNOWLEDGED
    panel.view.selectRow(next(i for i in range(panel.model.rowCount()) if panel.model.row_at(i).id == job_id))
    panel.resolve_button.click()
    qtbot.waitUntil(lambda: c.row(job_id) is None, timeout=30000)
    assert [x["state"] for x in direct.notifier.list_notifications("all") if x["id"] == job_id] == ["resolved"]
    shots(window, "20-overview-notification-resolved")


@pytest.mark.parametrize("code", ["da", "de", "fr", "it"])
def test_overview_notifications_look(qtbot, languages, shots, code):
    """The panel in other languages, for the screenshot a person looks at (clipped or untranslated text)."""
    from PySide6.QtCore import Qt

    from desktop.screens.overview import OverviewScreen

    rows = [note(1, severity="critical", code="INSTANCE_LOST", refers_to="harvester-2", count=3),
            note(2, code="AUDIT_FOUND_DAMAGE", refers_to="replica TWO", message="2 files missing"),
            note(3, severity="warning", code="DISK_LOW", state="acknowledged", acknowledged_by="ops", count=1000,
                 refers_to="/srv/one", message="/srv/one is 97% full")]
    client = RpcClient(Recording({"list_notifications": rows, "instances": [], "recent_logs": []}))
    try:
        languages.set_language(code)
        s = OverviewScreen(client)
        qtbot.addWidget(s)
        s.resize(1180, 700)
        s.show()
        s.activate()
        qtbot.waitUntil(lambda: s.notifications_panel.model.rowCount() == 3, timeout=10000)
        qtbot.waitUntil(lambda: client.in_flight == 0, timeout=10000)
        panel = s.notifications_panel
        assert panel.heading.text() != "Notifications: 2 open, 1 acknowledged." and "2" in panel.heading.text()
        assert panel.acknowledge_button.text() not in ("Acknowledge", "")
        assert panel.model.headerData(0, Qt.Orientation.Horizontal) != "Severity"
        qtbot.wait(200)
        shots(s, f"21-overview-notifications-{code}")
    finally:
        client.shutdown()
        languages.set_language("en")
