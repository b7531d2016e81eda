"""``nas status``: every service instance the monitor knows, with its state."""
from __future__ import annotations

import argparse

from server.cli.common import add_broker_arguments, call, human_age, print_json, print_table, rpc_proxy, when


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("status", help="state of every service instance (from the monitor)")
    add_broker_arguments(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--logs", metavar="INSTANCE", nargs="?", const="", default=None,
                   help="also print recent warnings (of one instance, or all)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        instances = call(proxy, "monitor", "instances")
        logs = None
        if args.logs is not None:
            logs = call(proxy, "monitor", "recent_logs", args.logs or None)
        unserved = _unserved_channels(proxy, instances)
    if args.json:
        print_json({"instances": instances, **({"logs": logs} if logs is not None else {}),
                    "unserved_channels": unserved or []})
        return 0
    from server.cli.common import text
    from shared.enums import InstanceState

    rows = [
        (i.instance_id, i.service, i.host, i.pid, text(i.state) + (f" ({i.reason})" if i.reason else ""),
         human_age(i.heartbeat_age), human_age(i.last_heartbeat - i.started_at) if i.started_at else "",
         i.version, i.warnings)
        for i in instances
    ]
    print_table(("INSTANCE", "SERVICE", "HOST", "PID", "STATE", "LAST BEAT", "UPTIME", "VERSION", "WARNINGS"), rows)
    for c in unserved or ():
        print(f"channel {c.channel}: {c.waiting_jobs} job(s) waiting, but no harvester has asked for its work "
              f"(start a harvester with harvester.channel {c.channel}, or move the harvests to a served channel)")
    for rec in logs or ():
        print(f"{when(rec.time)} {rec.level:<8} {rec.instance_id} {rec.logger}: {rec.message}")
    return 1 if any(i.state == InstanceState.LOST for i in instances) else 0


def _unserved_channels(proxy, instances) -> list | None:
    """Channels whose jobs wait with no harvester asking for them (None when no scheduler runs:
    the instance table already says so)."""
    from server.cli.common import Unreachable
    from shared.errors import NasError

    if not any(i.service == "scheduler" for i in instances):
        return None
    try:
        return [c for c in call(proxy, "scheduler", "channel_states") if c.waiting_jobs and not c.served]
    except (Unreachable, NasError):
        return None
