"""``nas services start|stop|status``: the local supervisor (demo, tests, single-host installs)."""
from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("services", help="run the services of one config directory as local processes")
    s = p.add_subparsers(dest="services_command", metavar="ACTION")
    s.required = True
    for name, func, helptext in (
        ("start", start, "start every instance not yet running"),
        ("stop", stop, "stop the instances started from this directory (SIGTERM, then SIGKILL)"),
        ("status", status, "which instances run (PID files checked against /proc)"),
    ):
        a = s.add_parser(name, help=helptext)
        a.add_argument("--config-dir", required=True, help="directory of *.yaml service configs")
        if name == "stop":
            a.add_argument("--grace", type=float, default=20.0, help="seconds before SIGKILL")
        a.set_defaults(func=func)


def _print(procs) -> None:
    from server.cli.common import print_table

    print_table(("INSTANCE", "SERVICE", "PID", "RUNNING", "LOG"),
                [(p.instance.instance_id, p.instance.service, p.pid or "", "yes" if p.running else "no",
                  p.instance.log_file) for p in procs])


def start(args: argparse.Namespace) -> int:
    from server.runtime import supervisor

    _print(supervisor.start(args.config_dir))
    return 0


def stop(args: argparse.Namespace) -> int:
    from server.runtime import supervisor

    procs = supervisor.stop(args.config_dir, grace=args.grace)
    _print(procs)
    return 1 if any(p.running for p in procs) else 0


def status(args: argparse.Namespace) -> int:
    from server.runtime import supervisor

    procs = supervisor.status(args.config_dir)
    _print(procs)
    return 0 if all(p.running for p in procs) else 1
