"""Notifications: record an event (repeats counted), queue its mail, deliver the outbox.

Plain functions over a session and the current time, so tests drive them directly. The rules:

- one event is (code, instance, refers_to). A repeat within ``window`` seconds of the open (or
  acknowledged) notification's last occurrence counts on it; no new notification, no new mail;
- a new notification queues one mail to the union of the routes it matches, held until no repeat
  came for ``hold`` seconds (at most ``hold_max`` after the first); the mail is rendered when it
  is sent, so a burst of 1,000 repeats goes out as one mail that says ×1000;
- a mail that could not be handed over is kept and retried after ``retry_min`` seconds, doubling
  to ``retry_max``; it is never dropped. While the server is unreachable, every due mail waits
  for the same retry, so an outage costs one connection attempt per retry, not one per mail;
- a digest (optional) lists the notifications still open and what repeated since the last one.
"""
from __future__ import annotations

import dataclasses
import logging
import re
import smtplib
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import case, or_, select, update
from sqlalchemy.orm import Session

from server.db.transactions import committing
from server.notify.models import Notification, OutboxMail
from shared.dto.notify import NotificationDto, OutboxMailDto
from shared.enums import NotificationState, Severity
from shared.errors import InvalidInput, NotificationNotFound

log = logging.getLogger(__name__)

CODE = re.compile(r"^[A-Z][A-Z0-9_]{1,63}$")
LOG_LEVELS = {Severity.INFO: logging.INFO, Severity.WARNING: logging.WARNING, Severity.ERROR: logging.ERROR,
              Severity.CRITICAL: logging.CRITICAL}
DIGEST_SUBJECT = "[NAS digest]"


@dataclasses.dataclass(frozen=True)
class Route:
    to: tuple[str, ...]
    min_severity: Severity = Severity.INFO
    codes: tuple[str, ...] = ()

    def matches(self, code: str, severity: Severity) -> bool:
        return severity.rank >= self.min_severity.rank and (not self.codes or code in self.codes)


@dataclasses.dataclass(frozen=True)
class Config:
    window: float = 3600.0
    hold: float = 5.0
    hold_max: float = 60.0
    log_enabled: bool = True
    mail_enabled: bool = False
    routes: tuple[Route, ...] = ()
    retry_min: float = 30.0
    retry_max: float = 1800.0
    digest_enabled: bool = False
    digest_interval: float = 3600.0
    digest_to: tuple[str, ...] = ()
    environment: str = ""

    @classmethod
    def from_settings(cls, s) -> Config:
        routes = []
        for i, r in enumerate(s["notify.mail.routes"]):
            if not isinstance(r, dict) or not r.get("to"):
                raise InvalidInput(f"notify.mail.routes[{i}]: expected {{to: [addresses], min_severity, codes}}",
                                   {"key": "notify.mail.routes"})
            to = r["to"] if isinstance(r["to"], list) else [r["to"]]
            routes.append(Route(tuple(map(str, to)), Severity(r.get("min_severity", "info")),
                                tuple(r.get("codes") or ())))
        return cls(window=s["notify.window"], hold=s["notify.hold"], hold_max=s["notify.hold_max"],
                   log_enabled=s["notify.log.enabled"],
                   mail_enabled=s["notify.mail.enabled"], routes=tuple(routes), retry_min=s["notify.mail.retry_min"],
                   retry_max=s["notify.mail.retry_max"], digest_enabled=s["notify.mail.digest.enabled"],
                   digest_interval=s["notify.mail.digest.interval"],
                   digest_to=tuple(s["notify.mail.digest.to"]), environment=s["AMQP_URI"].rsplit("/", 1)[-1])

    def recipients(self, code: str, severity: Severity) -> list[str]:
        out: list[str] = []
        for r in self.routes:
            if r.matches(code, severity):
                out += [a for a in r.to if a not in out]
        return out


def parse_event(event: Any) -> dict[str, Any]:
    """The event a service emitted, checked. Raises InvalidInput naming the field."""
    if not isinstance(event, dict):
        raise InvalidInput("a notification event is a mapping", {"field": "event"})
    code = event.get("code")
    if not isinstance(code, str) or not CODE.match(code):
        raise InvalidInput(f"notification code {code!r}: expected upper-case letters, digits and _",
                           {"field": "code"})
    try:
        severity = Severity(event.get("severity", "warning"))
    except ValueError:
        raise InvalidInput(f"notification severity {event.get('severity')!r}: expected one of "
                           f"{', '.join(Severity)}", {"field": "severity"}) from None
    details = event.get("details") or {}
    return {"code": code, "severity": severity, "instance": str(event.get("instance") or "")[:200],
            "refers_to": str(event.get("refers_to") or "")[:500], "message": str(event.get("message") or "")[:4000],
            "details": details if isinstance(details, dict) else {"value": str(details)}}


def record(session: Session, cfg: Config, event: Any, now: float | None = None) -> tuple[Notification, bool]:
    """Record one event; returns the notification and whether it is new. Raises InvalidInput."""
    now = time.time() if now is None else now
    e = parse_event(event)
    # A repeat is counted by one UPDATE that finds the burst's open notification, counts it (in
    # SQL: many workers may count one burst at once) and returns the row: two round trips a
    # repeat with the held mail's, where a SELECT, the UPDATE and a reload took four, and a
    # burst of a thousand warnings is a thousand repeats. The subquery's row lock and the
    # conditions repeated outside it make a concurrent resolve count the repeat as a new
    # notification, not onto the resolved one.
    open_burst = (Notification.code == e["code"], Notification.instance == e["instance"],
                  Notification.refers_to == e["refers_to"], Notification.state != NotificationState.RESOLVED.value,
                  Notification.last_seen >= now - cfg.window)
    latest = (select(Notification.id).where(*open_burst).order_by(Notification.id.desc()).limit(1)
              .with_for_update().scalar_subquery())
    found = session.execute(
        update(Notification).where(Notification.id == latest, *open_burst)
        .values(count=Notification.count + 1, digest_count=Notification.digest_count + 1,
                last_seen=case((Notification.last_seen > now, Notification.last_seen), else_=now))
        .returning(Notification)
        .execution_options(synchronize_session=False, populate_existing=True)).scalar_one_or_none()
    if found is not None:
        if Severity(e["severity"]).rank > Severity(found.severity).rank:
            found.severity = e["severity"].value
        # A mail still held for this burst waits until the burst is quiet for `hold` seconds
        # (at most `hold_max` after the first): it then counts every repeat.
        session.execute(update(OutboxMail).where(
            OutboxMail.notification_id == found.id, OutboxMail.sent_at.is_(None), OutboxMail.attempts == 0,
            OutboxMail.next_attempt < now + cfg.hold).values(
            next_attempt=min(now + cfg.hold, found.first_seen + max(cfg.hold, cfg.hold_max))))
        session.flush()
        return found, False
    n = Notification(code=e["code"], severity=e["severity"].value, instance=e["instance"],
                     refers_to=e["refers_to"], message=e["message"], details=e["details"],
                     state=NotificationState.OPEN.value, count=1, digest_count=1, first_seen=now, last_seen=now,
                     acknowledged_by="")
    session.add(n)
    session.flush()
    if cfg.log_enabled:
        log.log(LOG_LEVELS[e["severity"]], "notification %s %s from %s%s: %s", n.id, n.code, n.instance or "?",
                f" ({n.refers_to})" if n.refers_to else "", n.message)
    to = cfg.recipients(n.code, e["severity"]) if cfg.mail_enabled else []
    if to:
        session.add(OutboxMail(notification_id=n.id, recipients=to, subject="", body="", attempts=0,
                               last_error="", created=now, next_attempt=now + cfg.hold))
        session.flush()
    return n, True


def render(cfg: Config, n: Notification) -> tuple[str, str]:
    times = f" ×{n.count}" if n.count > 1 else ""
    env = f" {cfg.environment}" if cfg.environment else ""
    subject = f"[NAS{env} {n.severity}] {n.code}{times}: {n.instance}{' ' + n.refers_to if n.refers_to else ''}"
    body = [n.message or n.code, "",
            f"code:        {n.code}", f"severity:    {n.severity}", f"instance:    {n.instance}",
            f"refers to:   {n.refers_to}", f"occurrences: ×{n.count}",
            f"first seen:  {time.strftime('%Y-%m-%d %H:%M:%S %Z', time.localtime(n.first_seen))}",
            f"last seen:   {time.strftime('%Y-%m-%d %H:%M:%S %Z', time.localtime(n.last_seen))}",
            f"notification {n.id}: acknowledge with the desktop's overview or `nas notify ack {n.id}`"]
    body += [f"{k}: {v}" for k, v in sorted(n.details.items())]
    return subject[:500], "\n".join(body) + "\n"


Sender = Callable[[list[str], str, str], None]
#: errors that say "the server is not reachable now" rather than "this mail is refused"
OUTAGE = (OSError, smtplib.SMTPConnectError, smtplib.SMTPServerDisconnected, smtplib.SMTPHeloError)


def deliver(session: Session, cfg: Config, send: Sender, now: float | None = None, limit: int = 100) -> int:
    """Send the due mails of the outbox (oldest first), recording each outcome in its own write
    transaction; returns how many were handed over. Never raises for a mail-server problem: the
    mail stays queued. No transaction is open while a mail is being sent."""
    now = time.time() if now is None else now
    due = session.execute(select(OutboxMail).where(OutboxMail.sent_at.is_(None), OutboxMail.next_attempt <= now)
                          .order_by(OutboxMail.id).limit(limit)).scalars().all()
    work = []
    for mail in due:
        subject, body = mail.subject, mail.body
        if not subject and mail.notification_id is not None:
            subject, body = render(cfg, session.get(Notification, mail.notification_id))
        work.append((mail.id, list(mail.recipients), subject, body))
    session.rollback()  # end the read: SQLite writers must not wait for a mail server
    sent = 0
    for n, (mail_id, recipients, subject, body) in enumerate(work):
        try:
            send(recipients, subject, body)
        except Exception as exc:  # noqa: BLE001 - whatever the server says, the mail is kept
            with committing(session):
                mail = session.get(OutboxMail, mail_id)
                mail.attempts += 1
                mail.last_error = f"{type(exc).__name__}: {exc}"[:2000]
                mail.next_attempt = now + min(cfg.retry_max, cfg.retry_min * 2 ** (mail.attempts - 1))
                log.warning("mail %s to %s not sent (attempt %s, next in %.0f s): %s", mail_id,
                            ", ".join(recipients), mail.attempts, mail.next_attempt - now, mail.last_error)
                if isinstance(exc, OUTAGE):
                    # The server is away: the others wait for the same retry instead of each trying.
                    rest = [w[0] for w in work[n + 1:]]
                    if rest:
                        session.execute(update(OutboxMail).where(OutboxMail.id.in_(rest))
                                        .values(next_attempt=mail.next_attempt))
            if isinstance(exc, OUTAGE):
                break
            continue
        with committing(session):
            mail = session.get(OutboxMail, mail_id)
            mail.sent_at, mail.subject, mail.body = now, subject, body
            mail.attempts += 1
        sent += 1
    return sent


def queue_digest(session: Session, cfg: Config, now: float | None = None) -> OutboxMail | None:
    """Queue the digest when one is due and there is something to say."""
    now = time.time() if now is None else now
    if not (cfg.mail_enabled and cfg.digest_enabled):
        return None
    last = session.execute(select(OutboxMail.created).where(OutboxMail.notification_id.is_(None),
                                                            OutboxMail.subject.startswith(DIGEST_SUBJECT))
                           .order_by(OutboxMail.id.desc()).limit(1)).scalar_one_or_none()
    if last is not None and now - last < cfg.digest_interval:
        return None
    rows = session.execute(select(Notification).where(
        or_(Notification.state != NotificationState.RESOLVED.value, Notification.digest_count > 0))
        .where(or_(Notification.digest_count > 0, Notification.state == NotificationState.OPEN.value))
        .order_by(Notification.id)).scalars().all()
    to = list(cfg.digest_to) or [a for r in cfg.routes for a in r.to]
    to = list(dict.fromkeys(to))
    if not rows or not to:
        return None
    lines = [f"{len(rows)} notification(s) open or repeated since the last digest:", ""]
    for n in rows:
        lines.append(f"#{n.id} {n.state:12} {n.severity:8} {n.code} {n.instance} {n.refers_to} "
                     f"×{n.count} (+{n.digest_count} since the last digest): {n.message}")
        n.digest_count = 0
    mail = OutboxMail(notification_id=None, recipients=to, subject=f"{DIGEST_SUBJECT} {len(rows)} notification(s)",
                      body="\n".join(lines) + "\n", attempts=0, last_error="", created=now, next_attempt=now)
    session.add(mail)
    session.flush()
    return mail


def to_dto(n: Notification) -> NotificationDto:
    return NotificationDto(n.id, n.code, Severity(n.severity), n.instance, n.refers_to, n.message,
                           NotificationState(n.state), n.count, n.first_seen, n.last_seen, n.acknowledged_by,
                           dict(n.details or {}))


def mail_dto(m: OutboxMail) -> OutboxMailDto:
    return OutboxMailDto(m.id, m.notification_id, list(m.recipients), m.subject, m.attempts, m.last_error,
                         m.created, m.sent_at)


def listing(session: Session, state: str | None = None, limit: int = 100) -> list[Notification]:
    """Newest first; ``state`` None: open and acknowledged. Raises InvalidInput."""
    q = select(Notification)
    if state is None:
        q = q.where(Notification.state != NotificationState.RESOLVED.value)
    elif state != "all":
        try:
            q = q.where(Notification.state == NotificationState(state).value)
        except ValueError:
            raise InvalidInput(f"state {state!r}: expected all or one of {', '.join(NotificationState)}",
                               {"field": "state"}) from None
    if not isinstance(limit, int) or not 1 <= limit <= 10_000:
        raise InvalidInput("limit: expected 1..10000", {"field": "limit"})
    return list(session.execute(q.order_by(Notification.last_seen.desc(), Notification.id.desc()).limit(limit))
                .scalars())


def _get(session: Session, notification_id: Any) -> Notification:
    if not isinstance(notification_id, int) or isinstance(notification_id, bool):
        raise InvalidInput("notification id: expected an integer", {"field": "id"})
    n = session.get(Notification, notification_id)
    if n is None:
        raise NotificationNotFound(f"no notification {notification_id}", {"id": notification_id})
    return n


def acknowledge(session: Session, notification_id: Any, by: str) -> Notification:
    """A person has seen it; repeats are still counted on it. Raises NotificationNotFound."""
    n = _get(session, notification_id)
    if n.state == NotificationState.OPEN.value:
        n.state, n.acknowledged_by = NotificationState.ACKNOWLEDGED.value, str(by or "")[:200]
    return n


def resolve(session: Session, notification_id: Any) -> Notification:
    """The cause is gone; the next occurrence makes a new notification (and mail)."""
    n = _get(session, notification_id)
    n.state = NotificationState.RESOLVED.value
    return n


def outbox(session: Session, pending_only: bool = False, limit: int = 100) -> list[OutboxMail]:
    q = select(OutboxMail)
    if pending_only:
        q = q.where(OutboxMail.sent_at.is_(None))
    return list(session.execute(q.order_by(OutboxMail.id.desc()).limit(max(1, min(int(limit), 10_000)))).scalars())
