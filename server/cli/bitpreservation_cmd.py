"""``nas bitpreservation status | audit files|checksums|salted R | missing R | corrupt R |
reestablish R | replace R FILE | audits | cancel ID | log``: find and repair damage in the
archive's replicas (the arcrepository runs the audits and repairs; this command asks and follows).

Exit status: 0 clean (or done); 1 the audit found missing, corrupt or disputed copies, ended
partial, failed or was cancelled, or a repair was refused; 2 bad input; 3 the arcrepository (or
the broker) cannot be reached, or ``--wait`` passed before the run ended (it goes on).
"""
from __future__ import annotations

import argparse
import getpass
import sys
import time

from server.cli.common import (
    EXIT_CONFLICT,
    EXIT_FAILED,
    EXIT_UNREACHABLE,
    add_broker_arguments,
    call,
    fail,
    print_json,
    print_table,
    rpc_proxy,
)

SERVICE = "arcrepository"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bitpreservation", help="audit every replica (files, checksums, salted challenge) and repair "
                                               "missing or corrupt copies")
    bsub = p.add_subparsers(dest="bitpreservation_command", metavar="COMMAND")
    bsub.required = True

    def cmd(name: str, help: str, func, *, replica: bool = False, follow: bool = False):
        c = bsub.add_parser(name, help=help)
        add_broker_arguments(c)
        c.add_argument("--json", action="store_true", help="print the answer as JSON")
        if replica:
            c.add_argument("replica", metavar="R", help="replica id or name")
        if follow:
            c.add_argument("--as", dest="who", default=None, help="who asks (default: your user name)")
            c.add_argument("--no-wait", action="store_true", help="start it and return at once")
            c.add_argument("--wait", type=float, default=86400.0, help="seconds to follow the run (default a day)")
        c.set_defaults(func=func)
        return c

    cmd("status", "per replica: files, missing, corrupt, disputed, stale checksums, last audits", status)
    a = cmd("audit", "audit one replica and wait for the result", audit, follow=True)
    a.add_argument("kind", choices=("files", "checksums", "salted"))
    a.add_argument("replica", metavar="R", help="replica id or name")
    a.add_argument("--max-duration", type=float, default=None, metavar="SECONDS",
                   help="checksums: a rolling audit of the least recently verified copies within this time")
    m = cmd("missing", "the copies the last file audit found missing", findings, replica=True)
    m.add_argument("--limit", type=int, default=1000)
    m.set_defaults(which="missing")
    c = cmd("corrupt", "the copies found corrupt (repairable) or disputed (for a person)", findings, replica=True)
    c.add_argument("--limit", type=int, default=1000)
    c.set_defaults(which="corrupt")
    cmd("reestablish", "copy every missing file back to the replica from a good copy", reestablish,
        replica=True, follow=True)
    r = cmd("replace", "replace the corrupt copy of FILE in R (admin role)", replace, replica=True)
    r.add_argument("file", metavar="FILE")
    r.add_argument("--bad-checksum", default=None, help="the corrupt copy's checksum as you confirm it "
                                                        "(default: asked interactively, or --yes)")
    r.add_argument("--yes", action="store_true", help="do not ask; replace the copy with the checksum shown")
    al = cmd("audits", "audit and repair runs, newest first", audits)
    al.add_argument("replica", metavar="R", nargs="?", default=None)
    al.add_argument("--limit", type=int, default=50)
    ca = cmd("cancel", "cancel a queued or running audit", cancel)
    ca.add_argument("audit_id", type=int, metavar="ID")
    lg = cmd("log", "the audit trail: who did what, when, with which checksums", log)
    lg.add_argument("replica", metavar="R", nargs="?", default=None)
    lg.add_argument("--limit", type=int, default=50)


def _who(args: argparse.Namespace) -> str:
    if getattr(args, "who", None):
        return args.who
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no user name in this environment
        return "operator"


def _bar(a) -> str:
    width = 30
    done = int(round(a.progress * width))
    return f"\r{a.kind} {a.replica} #{a.id} [{'#' * done}{'.' * (width - done)}] {a.progress * 100:5.1f}% {a.state}"


def _follow(proxy, args: argparse.Namespace, a):
    """Poll the run until it ends, with a progress bar on a terminal."""
    tty = sys.stderr.isatty() and not args.json
    deadline = time.monotonic() + args.wait
    while a.state in ("queued", "running"):
        if tty:
            print(_bar(a), end="", file=sys.stderr, flush=True)
        if time.monotonic() > deadline:
            if tty:
                print(file=sys.stderr)
            raise SystemExit(fail(EXIT_UNREACHABLE, f"audit {a.id} is still {a.state} after {args.wait:g} s; it "
                                  f"goes on (nas bitpreservation audits {a.replica})"))
        # answered at the run's end, or after a second (the progress bar's pace)
        a = call(proxy, SERVICE, "audit_status", a.id, 1.0)
    if tty:
        print(_bar(a), file=sys.stderr)
    return a


def _report(a, args: argparse.Namespace) -> int:
    if args.json:
        print_json(a.to_dict())
    else:
        print(f"{a.kind} audit #{a.id} of {a.replica}: {a.state}; {a.files_seen} seen, {a.missing} missing, "
              f"{a.corrupt} corrupt, {a.disputed} disputed, {a.extra} unknown to the database"
              + (" — PARTIAL" if a.partial else ""))
        if a.message:
            print(f"  {a.message}")
        if a.missing_instances:
            print(f"  instances that did not answer: {', '.join(a.missing_instances)}")
        for e in a.errors[:20]:
            print(f"  error: {e}", file=sys.stderr)
    clean = a.state == "done" and not a.partial and not (a.missing or a.corrupt or a.disputed)
    return 0 if clean else EXIT_FAILED


def status(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        rows = call(proxy, SERVICE, "preservation_summary")
    if args.json:
        print_json(rows)
        return 0
    print_table(["replica", "type", "files", "ok", "missing", "corrupt", "disputed", "unchecked", "stale",
                 "last file audit", "last checksum audit", "running"],
                [[s.replica, s.type, s.files, s.ok, s.missing, s.corrupt, s.disputed, s.unchecked, s.stale,
                  _last(s.last_files_audit), _last(s.last_checksums_audit),
                  f"#{s.running.id} {s.running.kind} {s.running.progress * 100:.0f}%" if s.running else ""]
                 for s in rows])
    return EXIT_FAILED if any(s.missing or s.corrupt or s.disputed for s in rows) else 0


def _last(a) -> str:
    if a is None:
        return "never"
    return f"{(a.finished or '')[:19]} {a.state}{' partial' if a.partial else ''}"


def audit(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        a = call(proxy, SERVICE, "audit_start", args.replica, args.kind, args.max_duration, _who(args))
        if a.kind != args.kind:
            print(f"nas: a {a.kind} run (#{a.id}) of {a.replica} is {a.state}; following it", file=sys.stderr)
        if args.no_wait:
            return _report(a, args) if args.json else print(f"audit #{a.id} {a.state}") or 0
        return _report(_follow(proxy, args, a), args)


def reestablish(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        a = call(proxy, SERVICE, "reestablish_missing", args.replica, _who(args))
        if args.no_wait:
            return _report(a, args) if args.json else print(f"run #{a.id} {a.state}") or 0
        a = _follow(proxy, args, a)
    if not args.json:
        print(f"reestablish #{a.id} of {a.replica}: {a.state}; {a.files_seen} of {a.total} copied back, "
              f"{a.missing} still missing")
        for e in a.errors[:20]:
            print(f"  error: {e}", file=sys.stderr)
        return 0 if a.state == "done" and not a.missing else EXIT_FAILED
    print_json(a.to_dict())
    return 0 if a.state == "done" and not a.missing else EXIT_FAILED


def findings(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, SERVICE, "missing_files" if args.which == "missing" else "corrupt_files",
                    args.replica, 0, args.limit)
    if args.json:
        print_json(page)
        return 0
    print_table(["file", "status", "reference", "this copy", "checked", "other copies"],
                [[f.name, f.status, f.reference_checksum, f.replica_checksum or "", (f.checked or "")[:19],
                  ", ".join(f"{k}={'ok' if v == f.reference_checksum else (v or '?')}"
                            for k, v in sorted(f.votes.items()))] for f in page.items])
    if page.total > len(page.items):
        print(f"({page.total} in all; --limit shows more)", file=sys.stderr)
    return 0


def replace(args: argparse.Namespace) -> int:
    # No key here: the arcrepository authorises the replace by this login's admin role and signs
    # the bitarchive's one-time token itself (docs/security.md).
    with rpc_proxy(args) as proxy:
        conf = call(proxy, SERVICE, "replace_confirmation", args.replica, args.file)
        print(f"{conf.name} in {conf.replica}\n  reference (as stored): {conf.reference_checksum}\n"
              f"  this copy now:         {conf.bad_checksum or 'not there'}\n"
              f"  good copy:             {conf.good_replica or 'none'} {conf.good_checksum or ''}\n"
              f"  other copies:          {', '.join(f'{k}={v or chr(63)}' for k, v in sorted(conf.votes.items()))}",
              file=sys.stderr)
        if not conf.replaceable:
            return fail(EXIT_CONFLICT, f"cannot replace: {conf.reason}")
        bad = args.bad_checksum or (conf.bad_checksum if args.yes else None)
        if bad is None:
            bad = input(f"type the bad checksum to confirm ({conf.bad_checksum}): ").strip()
        result = call(proxy, SERVICE, "replace_corrupt", conf.replica, conf.name, bad)
    if args.json:
        print_json(result.to_dict())
    else:
        print(f"replaced {result.name} in {result.replica}: {result.old_checksum} -> {result.new_checksum}; "
              f"old copy kept at {result.attic_path} ({result.instance_id})")
    return 0


def audits(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, SERVICE, "audit_list", args.replica, 0, args.limit)
    if args.json:
        print_json(page)
        return 0
    print_table(["id", "replica", "kind", "state", "progress", "seen", "missing", "corrupt", "disputed", "partial",
                 "requested by", "finished"],
                [[a.id, a.replica, a.kind, a.state, f"{a.progress * 100:.0f}%", a.files_seen, a.missing, a.corrupt,
                  a.disputed, "yes" if a.partial else "", a.requested_by, (a.finished or "")[:19]]
                 for a in page.items])
    return 0


def cancel(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        a = call(proxy, SERVICE, "audit_cancel", args.audit_id, _who(args))
    if args.json:
        print_json(a.to_dict())
    else:
        print(f"audit #{a.id}: {a.state}" + (" (stops at its next step)" if a.state == "running" else ""))
    return 0


def log(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, SERVICE, "preservation_log", args.replica, 0, args.limit)
    if args.json:
        print_json(page)
        return 0
    print_table(["at", "who", "action", "replica", "file", "details"],
                [[e.at[:19], e.who, e.action, e.replica or "", e.name or "",
                  ", ".join(f"{k}={v}" for k, v in sorted(e.details.items()) if k not in ("votes",))[:120]]
                 for e in page.items])
    return 0
