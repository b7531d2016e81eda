"""The real notifier with the real scheduler and monitor on a private vhost, mail to a real local
SMTP server: a failed job sends one mail, a deactivated definition and a lost instance are
notified, the operator lists and acknowledges, and events sent while the notifier is down wait
for it on the broker."""
import os
import sys

from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from waiting import wait_for

from server.definitions.service import DefinitionsService
from server.monitor.service import MonitorService
from server.notify.service import NotifierService
from server.scheduler.service import SchedulerService

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scheduler"))
from sched_helpers import domain, profile, selective  # noqa: E402

# The instances that stay alive beat well within the monitor's lost_after (5 s), so that only the
# doomed one can be lost: with a 60 s beat, an instance whose first beat the monitor happened to
# catch was reported lost seconds later too (a race on which container's queue was up first).
ALIVE = {"heartbeat_interval": 1}


def _notifier_config(nameko_config, tmp_path, smtp):
    return {**nameko_config, "data_dir": str(tmp_path / "notifier"), "runtime": ALIVE,
            "instance": {"id": "notifier"},
            "notify": {"hold": 1.0, "mail": {
                "enabled": True, "host": "127.0.0.1", "port": smtp.port, "security": "none",
                "sender": "nas@kb.invalid", "retry_min": 1.0, "retry_max": 2.0,
                "routes": [{"to": ["ops@kb.invalid"], "min_severity": "warning"}]}}}


def test_failed_job_deactivated_definition_and_lost_instance_reach_a_person(
        database_url, nameko_config, tmp_path, session, smtp):
    configs = [domain(session, "notify1.dk")]
    h = selective(session, "notify harvest", configs)
    profile(session, "retired", active=False)
    bad = selective(session, "bad profile", [domain(session, "old.dk", prof="retired")])
    session.commit()
    notifier = ServiceContainer(NotifierService, _notifier_config(nameko_config, tmp_path, smtp))
    scheduler = ServiceContainer(SchedulerService, {
        **nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path / "scheduler"),
        "instance": {"id": "scheduler-1"}, "runtime": ALIVE,
        "harvest": {"scheduler": {"timer_interval": 3600}}})
    monitor = ServiceContainer(MonitorService, {**nameko_config, "data_dir": str(tmp_path / "monitor"),
                                                "runtime": ALIVE,
                                                "monitor": {"lost_after": 5}})
    doomed = ServiceContainer(DefinitionsService, {
        **nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path / "definitions"),
        "instance": {"id": "definitions-doomed"}, "runtime": {"heartbeat_interval": 0.5}})
    containers = [notifier, scheduler, monitor, doomed]
    for c in containers:
        c.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            outcomes = {o["harvest_id"]: o for o in proxy.scheduler.run_once(wait=True)["outcomes"]}
            assert outcomes[bad.id]["error"] and not outcomes[h.id]["error"]
            job = proxy.scheduler.claim_job("FOCUSED", "harvester-x")
            proxy.scheduler.report_progress(job["id"], "harvester-x", {"uris_done": 1})
            out = proxy.scheduler.report_job(job["id"], "harvester-x", [], harvest_error="crawler crashed")
            assert out["job"]["status"] == "failed"
            # The same report again (a lost reply) is no second failure.
            assert proxy.scheduler.report_job(job["id"], "harvester-x", [], harvest_error="crawler crashed")[
                "already_reported"]

            def codes():
                return sorted(n["code"] for n in proxy.notifier.list_notifications())

            wait_for(lambda: codes() == ["DEFINITION_DEACTIVATED", "JOB_FAILED"], timeout=60)
            mails = wait_for(lambda: len(smtp.mails()) == 2 and smtp.mails(), timeout=60)
            failed = [m for m in mails if "JOB_FAILED" in m["subject"]]
            assert len(failed) == 1 and f"job {job['id']}" in failed[0]["subject"]
            assert "crawler crashed" in failed[0]["body"] and failed[0]["to"] == ["ops@kb.invalid"]
            deactivated = [m for m in mails if "DEFINITION_DEACTIVATED" in m["subject"]]
            assert "crawl profile 'retired' is inactive" in deactivated[0]["body"]
            # the parameters a client needs to say it in its own language (desktop/server_text.py)
            by_code = {n["code"]: n["details"] for n in proxy.notifier.list_notifications()}
            assert by_code["JOB_FAILED"]["job_id"] == job["id"]
            assert by_code["JOB_FAILED"]["failure_code"] == "harvest_error"
            assert by_code["DEFINITION_DEACTIVATED"]["harvest_id"] == bad.id
            assert "retired" in by_code["DEFINITION_DEACTIVATED"]["error"]

            # An instance that dies without a goodbye is lost: notified once.
            wait_for(lambda: any(i["instance_id"] == "definitions-doomed" for i in proxy.monitor.instances()), 60)
            doomed.kill()
            lost = wait_for(lambda: [n for n in proxy.notifier.list_notifications()
                                     if n["code"] == "INSTANCE_LOST"], timeout=60)
            assert lost[0]["refers_to"] == "definitions-doomed" and lost[0]["severity"] == "critical"
            assert isinstance(lost[0]["details"]["heartbeat_age"], int) and lost[0]["details"]["host"]
            wait_for(lambda: any("INSTANCE_LOST" in m["subject"] for m in smtp.mails()), timeout=60)

            # The operator acknowledges; it leaves the open list but stays listed.
            n = proxy.notifier.acknowledge(lost[0]["id"], "operator")
            assert n["state"] == "acknowledged" and n["acknowledged_by"] == "operator"
            assert [x["id"] for x in proxy.notifier.list_notifications("open")] != [] and lost[0]["id"] not in [
                x["id"] for x in proxy.notifier.list_notifications("open")]
            sent = proxy.notifier.outbox()
            assert len(sent) == 3 and all(m["sent_at"] for m in sent)
        from server.cli.main import main

        uri = ["--amqp-uri", nameko_config["AMQP_URI"]]
        assert main(["notify", "list", *uri]) == 0
        assert main(["notify", "ack", str(lost[0]["id"] - 1), "--by", "ops", *uri]) == 0
        assert main(["notify", "ack", "999999", *uri]) == 4   # not found
        assert main(["notify", "outbox", "--pending", *uri]) == 0
    finally:
        for c in containers:
            try:
                c.stop()
            except Exception:  # noqa: BLE001 - a killed container
                pass


def test_events_sent_while_the_notifier_is_down_are_kept(nameko_config, tmp_path, smtp):
    from nameko.standalone.events import event_dispatcher

    from server.runtime.notify import NOTIFY_EVENT, NOTIFY_SOURCE, event

    config = _notifier_config(nameko_config, tmp_path, smtp)
    # The backlog is recorded one by one; on a loaded machine a second may pass between two of
    # them: the burst counts as over only after 15 quiet seconds.
    config["notify"]["hold"] = 15.0
    config["notify"]["hold_max"] = 900.0
    notifier = ServiceContainer(NotifierService, config)
    notifier.start()      # declares its durable queue
    notifier.stop()
    dispatch = event_dispatcher(nameko_config)
    for _ in range(1000):
        dispatch(NOTIFY_SOURCE, NOTIFY_EVENT, event("DISK_LOW", "warning", "/srv/one is 99% full", "bitarchive-one",
                                                    "/srv/one"))
    dispatch(NOTIFY_SOURCE, NOTIFY_EVENT, {"code": "not a code"})           # refused, logged, not fatal
    notifier = ServiceContainer(NotifierService, config)
    notifier.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            n = wait_for(lambda: [x for x in proxy.notifier.list_notifications() if x["count"] == 1000], 240)
            assert len(proxy.notifier.list_notifications("all")) == 1 and n[0]["code"] == "DISK_LOW"
        [mail] = wait_for(lambda: smtp.mails(), timeout=120)
        assert "×1000" in mail["subject"]
    finally:
        notifier.stop()


def test_emit_never_blocks_or_fails_the_caller(nameko_config):
    """emit returns while the broker hangs, and a broker that refuses costs the caller nothing."""
    import eventlet
    from eventlet.event import Event

    from server.runtime.notify import Notifications

    n = Notifications()
    n.instance_id, n.sent = "x", 0
    release = Event()
    n._dispatch = lambda *a, **k: release.wait()          # a broker that hangs
    with eventlet.Timeout(30):                              # emit waiting for it would fail here
        for _ in range(100):
            n.emit("JOB_FAILED", "error", "m", "job 1")
    assert n.sent == 0
    release.send(None)
    wait_for(lambda: n.sent == 100, timeout=30)

    refused = []

    def refuse(*a, **k):
        refused.append(a)
        raise ConnectionRefusedError("broker gone")

    n._dispatch = refuse
    n.emit("JOB_FAILED", "error", "m", "job 1")            # logged, not raised
    wait_for(lambda: refused, timeout=30)                   # the send was tried (and refused) ...
    assert n.sent == 100                                    # ... and is not counted as sent


class _Emitter:
    """Any service that notifies: only the real emitter, no notifier anywhere yet."""

    name = "emitter"
    from server.runtime.notify import Notifications

    notify = Notifications()


def test_notifications_emitted_before_the_notifier_ever_started_are_kept(nameko_config, tmp_path, smtp):
    """A fresh vhost where the notifier has never run: the emitter declares the notifier's durable
    queue itself, so the event waits on the broker and the notifier records it when it starts."""
    from kombu import Connection

    from server.runtime.notify import NOTIFIER_QUEUE, Notifications, notifier_of

    def waiting() -> int:
        with Connection(nameko_config["AMQP_URI"]) as conn:   # passive: fails if the queue is not there
            return conn.channel().queue_declare(NOTIFIER_QUEUE, passive=True).message_count

    emitter = ServiceContainer(_Emitter, {**nameko_config, "data_dir": str(tmp_path / "emitter"),
                                          "instance": {"id": "emitter-1"}})
    emitter.start()
    try:
        dep = notifier_of(emitter)
        assert isinstance(dep, Notifications)
        dep.emit("STORE_FAILED", "error", "1234-1-2.warc.gz is in no replica", refers_to="1234-1-2.warc.gz")
        wait_for(lambda: dep.sent == 1, timeout=60)
    finally:
        emitter.stop()
    # The message is on the broker, in the notifier's queue, with no consumer at all.
    wait_for(lambda: waiting() == 1, timeout=60)
    notifier = ServiceContainer(NotifierService, _notifier_config(nameko_config, tmp_path, smtp))
    notifier.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            [n] = wait_for(lambda: proxy.notifier.list_notifications(), timeout=120)
            assert (n["code"], n["instance"], n["refers_to"]) == ("STORE_FAILED", "emitter-1", "1234-1-2.warc.gz")
        [mail] = wait_for(lambda: smtp.mails(), timeout=120)
        assert "STORE_FAILED" in mail["subject"]
    finally:
        notifier.stop()


def test_nas_notify_send_is_kept_until_the_notifier_starts(nameko_config, tmp_path, smtp, capsys):
    """An operator's own check notifies with `nas notify send` while no notifier has ever run."""
    from server.cli.main import main

    uri = ["--amqp-uri", nameko_config["AMQP_URI"]]
    assert main(["notify", "send", "BACKUP_FAILED", "nightly backup failed", "--severity", "error",
                 "--refers-to", "/etc", "--instance", "cron@admin", *uri]) == 0
    assert main(["notify", "send", "not a code", "x", *uri]) == 2
    assert "expected upper-case letters" in capsys.readouterr().err
    notifier = ServiceContainer(NotifierService, _notifier_config(nameko_config, tmp_path, smtp))
    notifier.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=60) as proxy:
            [n] = wait_for(lambda: proxy.notifier.list_notifications(), timeout=120)
            assert (n["code"], n["severity"], n["instance"], n["refers_to"]) == (
                "BACKUP_FAILED", "error", "cron@admin", "/etc")
    finally:
        notifier.stop()
