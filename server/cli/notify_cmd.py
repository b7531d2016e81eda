"""``nas notify list|ack|resolve|outbox|send``: notifications that need a person (docs/operations.md).

``send`` lets an operator's own checks (a cron job, a monitoring script) notify through the same
notifier, routes and outbox as the services: it emits the event the services emit, declaring the
notifier's durable queue first, so it is kept even while the notifier is down."""
from __future__ import annotations

import argparse

from server.cli.common import add_broker_arguments, call, print_json, print_table, rpc_proxy


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("notify", help="notifications: list, acknowledge, resolve; the mail outbox")
    s = p.add_subparsers(dest="notify_command", metavar="ACTION")
    s.required = True
    ls = s.add_parser("list", help="open and acknowledged notifications, newest first")
    ls.add_argument("--state", default=None, help="all, open, acknowledged or resolved")
    ls.add_argument("--limit", type=int, default=100)
    ls.add_argument("--json", action="store_true", help="machine-readable output")
    ls.set_defaults(func=list_)
    for name, func, text in (("ack", ack, "mark a notification seen (repeats are still counted)"),
                             ("resolve", resolve, "mark a notification resolved (the next occurrence is new)")):
        a = s.add_parser(name, help=text)
        a.add_argument("id", type=int)
        if name == "ack":
            a.add_argument("--by", default="", help="who acknowledges (default: $USER)")
        a.set_defaults(func=func)
    o = s.add_parser("outbox", help="mails of the outbox: sent, waiting, attempts and the last error")
    o.add_argument("--pending", action="store_true", help="only mails not yet handed to the mail server")
    o.set_defaults(func=outbox)
    se = s.add_parser("send", help="notify as the services do (for an operator's own checks)")
    se.add_argument("code", help="upper-case letters, digits and _, e.g. BACKUP_FAILED")
    se.add_argument("message")
    se.add_argument("--severity", default="warning", choices=("info", "warning", "error", "critical"))
    se.add_argument("--refers-to", default="", help="what it is about (repeats of one code and subject are counted)")
    se.add_argument("--instance", default="", help="who notifies (default: nas-cli@<this host>)")
    se.set_defaults(func=send)
    for sp in (ls, o, se, *[s.choices[n] for n in ("ack", "resolve")]):
        add_broker_arguments(sp)


def _when(t: float | None) -> str:
    from server.cli.common import when

    return when(t) if t else ""   # the user's zone, named, as every other command prints times


def list_(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        items = call(proxy, "notifier", "list_notifications", args.state, args.limit)
    if args.json:
        print_json(items)
        return 0
    print_table(("ID", "STATE", "SEVERITY", "CODE", "INSTANCE", "REFERS TO", "COUNT", "LAST SEEN", "MESSAGE"),
                [(n.id, n.state.value, n.severity.value, n.code, n.instance, n.refers_to, n.count, _when(n.last_seen),
                  n.message[:80]) for n in items])
    return 0


def ack(args: argparse.Namespace) -> int:
    import getpass

    with rpc_proxy(args) as proxy:
        n = call(proxy, "notifier", "acknowledge", args.id, args.by or getpass.getuser())
    print(f"notification {n.id} {n.code}: {n.state.value} by {n.acknowledged_by}")
    return 0


def resolve(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        n = call(proxy, "notifier", "resolve", args.id)
    print(f"notification {n.id} {n.code}: {n.state.value}")
    return 0


def outbox(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        mails = call(proxy, "notifier", "outbox", args.pending)
    print_table(("ID", "NOTIFICATION", "TO", "SENT", "ATTEMPTS", "LAST ERROR", "SUBJECT"),
                [(m.id, m.notification_id or "digest", ", ".join(m.recipients), _when(m.sent_at) or "waiting",
                  m.attempts, m.last_error[:60], m.subject[:60]) for m in mails])
    return 0


def send(args: argparse.Namespace) -> int:
    import socket

    from amqp.exceptions import AMQPError

    from server.cli.common import Unreachable, amqp_uri
    from server.notify.core import parse_event
    from server.runtime.notify import NOTIFY_EVENT, NOTIFY_SOURCE, event, notification_dispatcher

    payload = event(args.code, args.severity, args.message, args.instance or f"nas-cli@{socket.gethostname()}",
                    args.refers_to)
    parse_event(payload)        # a malformed code is the user's mistake: say so here (InvalidInput, exit 2)
    try:
        notification_dispatcher({"AMQP_URI": amqp_uri(args)})(NOTIFY_SOURCE, NOTIFY_EVENT, payload)
    except (OSError, ConnectionError, AMQPError) as exc:
        raise Unreachable(f"cannot reach the broker: {exc}") from None
    print(f"sent {args.code} ({args.severity}) from {payload['instance']}")
    return 0
