"""Notifications recorded, counted, routed and mailed through a real local SMTP server."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session
from waiting import wait_for

from server.db.transactions import committing
from server.notify import core
from server.notify.mail import MailServer
from server.notify.models import Notification, OutboxMail
from shared.enums import NotificationState, Severity
from shared.errors import InvalidInput, NotificationNotFound

ROUTES = (core.Route(("ops@kb.invalid",), Severity.WARNING),
          core.Route(("archive@kb.invalid",), Severity.INFO, ("STORE_FAILED", "AUDIT_FOUND_DAMAGE")))


def cfg(**kw) -> core.Config:
    base = dict(window=3600.0, hold=5.0, mail_enabled=True, routes=ROUTES, retry_min=10.0, retry_max=40.0,
                environment="nas-test")
    return core.Config(**{**base, **kw})


def ev(code="JOB_FAILED", severity="error", instance="scheduler", refers_to="job 7", message="job 7 failed"):
    return {"code": code, "severity": severity, "instance": instance, "refers_to": refers_to, "message": message}


def server(smtp_server, **kw) -> MailServer:
    return MailServer("127.0.0.1", smtp_server.port, kw.pop("security", "none"), sender="nas@kb.invalid",
                      timeout=10, **kw)


def test_a_failed_job_sends_one_mail(notify_db, smtp):
    s = smtp()
    with committing(notify_db):
        n, new = core.record(notify_db, cfg(), ev(), now=1000.0)
    assert new and n.state == NotificationState.OPEN
    # Held for `hold` seconds so repeats can be counted first.
    assert core.deliver(notify_db, cfg(), server(s).send, now=1001.0) == 0
    assert core.deliver(notify_db, cfg(), server(s).send, now=1006.0) == 1
    assert core.deliver(notify_db, cfg(), server(s).send, now=1100.0) == 0
    [mail] = s.mails()
    assert mail["to"] == ["ops@kb.invalid"]
    assert "JOB_FAILED" in mail["text"] and "job 7 failed" in mail["text"]


def test_a_thousand_identical_warnings_send_one_mail_that_counts_them(notify_db, smtp):
    s = smtp()
    # The service commits each event alone: the first hundred are, the rest come a hundred to a
    # commit (a thousand commits took 3.5 s alone and 46 s in the busy suite, each round trip
    # queued behind the other shards); the counting reads the same rows either way.
    batches = [range(i, i + 1) for i in range(100)] + [range(i, i + 100) for i in range(100, 1000, 100)]
    for batch in batches:
        with committing(notify_db):
            for i in batch:
                core.record(notify_db, cfg(), ev(code="DISK_LOW", severity="warning", refers_to="/srv/one"),
                            now=1000.0 + i * 0.004)
    assert notify_db.query(Notification).count() == 1
    assert core.deliver(notify_db, cfg(), server(s).send, now=1010.0) == 1
    [mail] = s.mails()
    assert "×1000" in mail["text"]
    n = notify_db.query(Notification).one()
    assert n.count == 1000
    # More repeats within the window are counted, not mailed again.
    with committing(notify_db):
        core.record(notify_db, cfg(), ev(code="DISK_LOW", severity="warning", refers_to="/srv/one"), now=2000.0)
    assert core.deliver(notify_db, cfg(), server(s).send, now=2100.0) == 0
    assert len(s.mails()) == 1


def _racing(notify_db, first, second) -> tuple:
    """``first`` runs in the fixture's session and stays uncommitted; ``second`` runs in a
    session of its own in a thread, which must wait for ``first``'s row lock (checked in
    pg_stat_activity), and ends once ``first`` commits. Returns what ``second`` returned."""
    engine = notify_db.get_bind()
    second_session = Session(engine, expire_on_commit=False)
    done: dict = {}

    def run() -> None:
        with committing(second_session):
            done["result"] = second(second_session)

    def waiting_for_a_lock() -> bool:
        with engine.connect() as c:
            return c.execute(text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                  "AND datname = current_database()")).scalar() >= 1

    thread = threading.Thread(target=run)
    try:
        first(notify_db)
        notify_db.flush()
        thread.start()
        wait_for(waiting_for_a_lock)
        notify_db.commit()
        thread.join(30)
        assert not thread.is_alive() and "result" in done
        return done["result"]
    finally:
        notify_db.rollback()      # whatever happened, the thread is not left waiting for the lock
        if thread.ident is not None:
            thread.join(30)
        second_session.close()


def test_repeats_counted_at_once_by_two_workers_are_both_counted(notify_db):
    """PostgreSQL: a repeat counted while another worker's repeat holds the row waits, then
    counts on top of it (SQLite has one writer: there the second waits for the whole transaction)."""
    if notify_db.get_bind().dialect.name != "postgresql":
        pytest.skip("row locks of concurrent transactions")
    with committing(notify_db):
        first, _ = core.record(notify_db, cfg(), ev(), now=1000.0)
    n, new = _racing(notify_db, lambda s: core.record(s, cfg(), ev(), now=1001.0),
                     lambda s: core.record(s, cfg(), ev(), now=1002.0))
    assert not new and n.id == first.id and n.count == 3 and n.last_seen == 1002.0
    notify_db.expire_all()
    assert notify_db.get(Notification, first.id).count == 3


def test_a_repeat_racing_a_resolve_makes_a_new_notification(notify_db):
    """PostgreSQL: a repeat that waited for a worker resolving its notification is not counted
    onto the resolved one: it opens a new notification (and mail)."""
    if notify_db.get_bind().dialect.name != "postgresql":
        pytest.skip("row locks of concurrent transactions")
    with committing(notify_db):
        first, _ = core.record(notify_db, cfg(), ev(), now=1000.0)
    n, new = _racing(notify_db, lambda s: core.resolve(s, first.id),
                     lambda s: core.record(s, cfg(), ev(), now=1001.0))
    assert new and n.id != first.id and n.count == 1
    notify_db.expire_all()
    assert notify_db.get(Notification, first.id).count == 1
    assert notify_db.query(OutboxMail).count() == 2


def test_after_the_window_or_once_resolved_the_event_notifies_again(notify_db):
    with committing(notify_db):
        a, _ = core.record(notify_db, cfg(), ev(), now=1000.0)
        b, new_b = core.record(notify_db, cfg(), ev(), now=1000.0 + 3601)
    assert new_b and b.id != a.id
    with committing(notify_db):
        core.resolve(notify_db, b.id)
        c, new_c = core.record(notify_db, cfg(), ev(), now=1000.0 + 3602)
    assert new_c and c.id != b.id
    assert notify_db.query(OutboxMail).count() == 3


def test_recipients_are_routed_by_severity_and_code(notify_db, smtp):
    s = smtp()
    with committing(notify_db):
        core.record(notify_db, cfg(hold=0), ev(code="STORE_FAILED", severity="error", refers_to="a.warc"), now=1.0)
        core.record(notify_db, cfg(hold=0), ev(code="STORE_FAILED", severity="info", refers_to="b.warc"), now=1.0)
        core.record(notify_db, cfg(hold=0), ev(code="JOB_FAILED", severity="info", refers_to="job 1"), now=1.0)
    assert core.deliver(notify_db, cfg(), server(s).send, now=2.0) == 2
    got = sorted((m["to"], "a.warc" in m["text"]) for m in s.mails())
    assert got == [(["archive@kb.invalid"], False), (["ops@kb.invalid", "archive@kb.invalid"], True)]


def test_a_mail_server_outage_delays_mails_and_loses_none(notify_db, smtp):
    s = smtp()
    port = s.port
    s.stop()
    c = cfg(hold=0)
    with committing(notify_db):
        for i in range(5):
            core.record(notify_db, c, ev(refers_to=f"job {i}", message=f"job {i} failed"), now=100.0)
    send = server(s).send
    assert core.deliver(notify_db, c, send, now=101.0) == 0
    mails = notify_db.query(OutboxMail).order_by(OutboxMail.id).all()
    # One connection attempt per run, not one per mail; every mail waits for the same retry.
    assert [m.attempts for m in mails] == [1, 0, 0, 0, 0]
    assert "Connection refused" in mails[0].last_error or "Errno" in mails[0].last_error
    assert {m.next_attempt for m in mails} == {111.0}
    assert core.deliver(notify_db, c, send, now=105.0) == 0          # not yet due
    assert core.deliver(notify_db, c, send, now=111.0) == 0          # still down: backs off
    notify_db.expire_all()
    assert notify_db.get(OutboxMail, mails[0].id).next_attempt == 111.0 + 20.0
    s.port = port
    s.start()
    assert core.deliver(notify_db, c, send, now=131.0) == 5
    assert sorted(m["text"].split("job ")[1][0] for m in s.mails()) == list("01234")
    notify_db.expire_all()
    assert all(m.sent_at == 131.0 for m in notify_db.query(OutboxMail))


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_tls_and_login(notify_db, smtp, tls_cert, security):
    s = smtp(security=security, login=("nas", "s3cret"))
    with committing(notify_db):
        core.record(notify_db, cfg(hold=0), ev(), now=1.0)
    good = server(s, security=security, user="nas", password="s3cret", ca_file=tls_cert[0])
    assert core.deliver(notify_db, cfg(), good.send, now=2.0) == 1
    [mail] = s.mails()
    assert mail["tls"] and mail["login"] == "nas"


def test_a_refused_login_keeps_the_mail_with_the_reason(notify_db, smtp, tls_cert):
    s = smtp(security="starttls", login=("nas", "s3cret"))
    with committing(notify_db):
        core.record(notify_db, cfg(hold=0), ev(), now=1.0)
    bad = server(s, security="starttls", user="nas", password="wrong", ca_file=tls_cert[0])
    assert core.deliver(notify_db, cfg(), bad.send, now=2.0) == 0
    mail = notify_db.query(OutboxMail).one()
    assert mail.sent_at is None and mail.attempts == 1 and "SMTPAuthenticationError" in mail.last_error
    assert s.mails() == []


def test_an_untrusted_certificate_is_refused(notify_db, smtp):
    s = smtp(security="starttls")
    with committing(notify_db):
        core.record(notify_db, cfg(hold=0), ev(), now=1.0)
    assert core.deliver(notify_db, cfg(), server(s, security="starttls").send, now=2.0) == 0
    assert "CERTIFICATE_VERIFY_FAILED" in notify_db.query(OutboxMail).one().last_error


def test_digest_lists_open_notifications_and_repeats(notify_db, smtp):
    s = smtp()
    c = cfg(digest_enabled=True, digest_interval=3600.0, mail_enabled=True)
    with committing(notify_db):
        core.record(notify_db, c, ev(), now=1.0)
        for _ in range(3):
            core.record(notify_db, c, ev(code="DISK_LOW", severity="warning", refers_to="/srv"), now=2.0)
        assert core.queue_digest(notify_db, c, now=10.0) is not None
        assert core.queue_digest(notify_db, c, now=20.0) is None         # not due again yet
    core.deliver(notify_db, c, server(s).send, now=30.0)
    digest = [m for m in s.mails() if "[NAS digest]" in m["text"]]
    assert len(digest) == 1 and "+3 since the last digest" in digest[0]["text"]


def test_acknowledge_list_and_bad_input(notify_db):
    with committing(notify_db):
        n, _ = core.record(notify_db, cfg(), ev(), now=1.0)
        core.acknowledge(notify_db, n.id, "operator")
    assert [x.state for x in core.listing(notify_db)] == [NotificationState.ACKNOWLEDGED]
    assert core.listing(notify_db, "open") == []
    assert core.to_dto(core.listing(notify_db, "all")[0]).acknowledged_by == "operator"
    with pytest.raises(NotificationNotFound):
        core.acknowledge(notify_db, 999, "x")
    for bad in ({"code": "job failed"}, {"code": "JOB_FAILED", "severity": "panic"}, "nonsense"):
        with pytest.raises(InvalidInput):
            core.record(notify_db, cfg(), bad)
    with pytest.raises(InvalidInput):
        core.listing(notify_db, "closed")


def test_a_long_burst_is_mailed_when_it_quiets_down_or_after_hold_max(notify_db, smtp):
    s = smtp()
    c = cfg(hold=5.0, hold_max=60.0)
    with committing(notify_db):
        core.record(notify_db, c, ev(), now=0.0)
        for t in range(1, 20):                       # a repeat every second: never quiet for 5 s
            core.record(notify_db, c, ev(), now=float(t))
    assert core.deliver(notify_db, c, server(s).send, now=20.0) == 0
    assert core.deliver(notify_db, c, server(s).send, now=24.0) == 1
    assert "×20" in s.mails()[0]["subject"]
    with committing(notify_db):
        core.record(notify_db, c, ev(code="DISK_LOW", refers_to="/srv"), now=100.0)
        for t in range(101, 200):                    # endless: the mail goes at hold_max anyway
            core.record(notify_db, c, ev(code="DISK_LOW", refers_to="/srv"), now=float(t))
    assert core.deliver(notify_db, c, server(s).send, now=159.0) == 0
    assert core.deliver(notify_db, c, server(s).send, now=160.0) == 1
    assert "×100" in s.mails()[1]["subject"]
