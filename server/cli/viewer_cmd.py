"""``nas viewer info``, ``nas viewer session create --jobs JOB_IDS [--at TS] [--record] [--user U]``,
``nas viewer session status [ID]``, ``nas viewer session missing ID [--offset N --limit N]
[--export FILE]``, ``nas viewer session add-missing-as-seeds ID DOMAIN [--seed-list NAME]
[--configuration NAME] [URL...]``, ``nas viewer session stop ID`` (docs/viewerproxy.md).

A QA person makes a viewer session over some jobs, points a browser at the proxy with the
session id and token as proxy user name and password, and afterwards takes away the list of URLs
the pages asked for that the archive does not hold (``--export``: one URL a line, ready to become
seeds), or hands them straight to a domain's seed list (``add-missing-as-seeds``: the
definitions service changes the domain). Exit status: 0 done; 1 refused for another reason (the
domain changed at the same time, no permission); 2 bad input (malformed job ids, unknown session
or domain, URLs outside the domain or not in the session's list); 3 the viewerproxy or the
broker cannot be reached.
"""
from __future__ import annotations

import argparse
import sys

from server.cli.common import add_broker_arguments, call, print_json, print_table, rpc_proxy, when
from shared.dto.viewer import DEFAULT_SEED_LIST

SERVICE = "viewerproxy"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("viewer", help="viewer sessions for browsing the archive through the viewerproxy")
    vsub = p.add_subparsers(dest="viewer_command", metavar="COMMAND")
    vsub.required = True
    info = vsub.add_parser("info", help="where the proxy listens; --ca FILE saves the CA certificate")
    add_broker_arguments(info)
    info.add_argument("--ca", metavar="FILE", help="save the viewer CA certificate (PEM) here")
    info.set_defaults(func=show_info)
    s = vsub.add_parser("session", help="create, list, follow and stop viewer sessions")
    ssub = s.add_subparsers(dest="session_command", metavar="ACTION")
    ssub.required = True
    c = ssub.add_parser("create", help="a new session: prints its id and token (the proxy login)")
    add_broker_arguments(c)
    c.add_argument("--jobs", required=True, metavar="JOB_IDS", help="job ids and ranges: 1,2,5-9")
    c.add_argument("--at", metavar="TIMESTAMP", help="the moment to show (4-14 digits; default: newest)")
    c.add_argument("--record", action="store_true", help="record the URLs that are not archived")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=create)
    st = ssub.add_parser("status", help="one session, or all")
    add_broker_arguments(st)
    st.add_argument("session", nargs="?", metavar="ID")
    st.add_argument("--json", action="store_true")
    st.set_defaults(func=status)
    m = ssub.add_parser("missing", help="the URLs the session asked for that are not archived")
    add_broker_arguments(m)
    m.add_argument("session", metavar="ID")
    m.add_argument("--export", metavar="FILE", help="write the URLs one a line to FILE ('-': standard output)")
    m.add_argument("--offset", type=int, default=None, metavar="N",
                   help="show one page, from the N-th URL (first seen first; default: every URL)")
    m.add_argument("--limit", type=int, default=None, metavar="N", help="at most N URLs (one page; at most 10000)")
    m.add_argument("--json", action="store_true")
    m.set_defaults(func=missing)
    a = ssub.add_parser("add-missing-as-seeds",
                        help="make the session's missing URLs of DOMAIN seeds of its seed list (default: "
                             f"{DEFAULT_SEED_LIST}) in the domain's configuration")
    add_broker_arguments(a)
    a.add_argument("session", metavar="ID")
    a.add_argument("domain", metavar="DOMAIN")
    a.add_argument("urls", nargs="*", metavar="URL",
                   help="only these of the session's missing URLs (default: all of them that belong to DOMAIN)")
    a.add_argument("--seed-list", default=DEFAULT_SEED_LIST, metavar="NAME",
                   help=f"the domain's seed list to add to (default: {DEFAULT_SEED_LIST}; made when missing)")
    a.add_argument("--configuration", default=None, metavar="NAME",
                   help="the configuration that gets the seed list (default: the domain's default configuration)")
    a.set_defaults(func=add_missing_as_seeds)
    ch = ssub.add_parser("change", help="show other jobs or another moment in a session, or turn recording on or off")
    add_broker_arguments(ch)
    ch.add_argument("session", metavar="ID")
    ch.add_argument("--jobs", metavar="JOB_IDS", help="the session's jobs instead: ids and ranges, 1,2,5-9")
    moment = ch.add_mutually_exclusive_group()
    moment.add_argument("--at", metavar="TIMESTAMP", help="the moment to show (4-14 digits)")
    moment.add_argument("--newest", action="store_true", help="show the newest capture again (no moment)")
    rec = ch.add_mutually_exclusive_group()
    rec.add_argument("--record", action="store_true", default=None, help="record the URLs that are not archived")
    rec.add_argument("--no-record", action="store_false", dest="record", help="stop recording")
    ch.add_argument("--json", action="store_true")
    ch.set_defaults(func=change)
    cl = ssub.add_parser("clear", help="forget the session's missing URLs (after making them seeds, say)")
    add_broker_arguments(cl)
    cl.add_argument("session", metavar="ID")
    cl.set_defaults(func=clear)
    sp = ssub.add_parser("stop", help="end a session (its missing URLs stay readable)")
    add_broker_arguments(sp)
    sp.add_argument("session", metavar="ID")
    sp.set_defaults(func=stop)


def parse_jobs(text: str) -> list[int]:
    """``1,2,5-9`` as ids. Raises InvalidInput."""
    from shared.errors import InvalidInput

    ids: set[int] = set()
    for part in (p.strip() for p in text.split(",") if p.strip()):
        a, sep, b = part.partition("-")
        if not a.isdigit() or (sep and not b.isdigit()):
            raise InvalidInput(f"not a job id or range: {part!r}", {"jobs": text})
        lo, hi = int(a), int(b) if sep else int(a)
        if hi < lo or hi - lo > 100_000:
            raise InvalidInput(f"not a usable range: {part!r}", {"jobs": text})
        ids.update(range(lo, hi + 1))
    if not ids:
        raise InvalidInput("no job ids given", {"jobs": text})
    return sorted(ids)


def _row(s) -> list:
    return [s.session_id, s.user or "-", ",".join(map(str, s.job_ids)), s.timestamp or "newest",
            "on" if s.recording else "off", s.state, s.missing_count]


HEADERS = ("SESSION", "USER", "JOBS", "MOMENT", "RECORDING", "STATE", "MISSING")


def show_info(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        info = call(proxy, SERVICE, "proxy_info")
    print(f"proxy: {info.host}:{info.port} (HTTP and HTTPS)\nCA certificate SHA-256: {info.ca_sha256}")
    if args.ca:
        with open(args.ca, "w") as fh:
            fh.write(info.ca_certificate_pem)
        print(f"CA certificate saved to {args.ca}")
    return 0


def create(args: argparse.Namespace) -> int:
    jobs = parse_jobs(args.jobs)
    with rpc_proxy(args) as proxy:
        # the session belongs to whoever calls (--identity): only they and admins may use it
        s = call(proxy, SERVICE, "create_session", jobs, args.at, args.record)
        info = call(proxy, SERVICE, "proxy_info")
    if args.json:
        print_json(s.to_dict())
        return 0
    print(f"session {s.session_id} over job(s) {args.jobs}, recording {'on' if s.recording else 'off'}")
    print(f"proxy:    http://{info.host}:{info.port}  (HTTP and HTTPS)")
    print(f"user:     {s.session_id}\npassword: {s.token}   (shown once)")
    return 0


def status(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        found = [call(proxy, SERVICE, "session", args.session)] if args.session else \
            call(proxy, SERVICE, "list_sessions")
    if args.json:
        print_json([s.to_dict() for s in found])
    else:
        print_table(HEADERS, [_row(s) for s in found])
    return 0


def missing(args: argparse.Namespace) -> int:
    items = []
    paged = args.offset is not None or args.limit is not None
    with rpc_proxy(args) as proxy:
        if paged:   # one page; the service checks offset and limit (InvalidInput)
            page = call(proxy, SERVICE, "missing_urls", args.session, args.offset or 0,
                        100 if args.limit is None else args.limit)
            items.extend(page.items)
        offset = 0
        while not paged:   # every URL, a thousand at a time
            page = call(proxy, SERVICE, "missing_urls", args.session, offset, 1000)
            items.extend(page.items)
            offset += len(page.items)
            if not page.items or offset >= page.total:
                break
    if args.export:
        out = sys.stdout if args.export == "-" else open(args.export, "w")
        try:
            for m in items:
                out.write(m.url + "\n")
        finally:
            if out is not sys.stdout:
                out.close()
        if args.export != "-":
            print(f"{len(items)} URL(s) written to {args.export}")
        return 0
    if args.json:
        print_json([m.to_dict() for m in items])
    else:
        print_table(("URL", "KIND", "COUNT", "FIRST SEEN", "REFERRER"),
                    [[m.url, m.kind, m.count, when(m.first_seen), m.referrer or "-"]
                     for m in items])
        if paged:
            first = page.offset + 1 if page.items else page.offset
            print(f"URLs {first}-{page.offset + len(page.items)} of {page.total}"
                  + (f" (next: --offset {page.offset + len(page.items)})"
                     if page.offset + len(page.items) < page.total else ""))
    return 0


def add_missing_as_seeds(args: argparse.Namespace) -> int:
    from shared.errors import EditionConflict

    with rpc_proxy(args) as proxy:
        try:
            added = call(proxy, SERVICE, "add_missing_as_seeds", args.session, args.domain, args.seed_list,
                         args.urls or None, args.configuration)
        except EditionConflict:
            # the message of the definitions service speaks of editions; the user needs what to do
            raise EditionConflict(f"the domain {args.domain} was changed by someone else at the same time; "
                                  "nothing was added: run the command again") from None
    print(f"{added} new seed(s) added to the seed list {args.seed_list} of {args.domain}"
          + ("" if added else " (every URL was already a seed there)"))
    return 0


def change(args: argparse.Namespace) -> int:
    """The session's jobs and moment (``update_session``) and its recording (``set_recording``),
    whichever are given; then the session as ``status`` shows it."""
    from shared.errors import InvalidInput

    jobs = parse_jobs(args.jobs) if args.jobs is not None else None
    moment = "" if args.newest else args.at           # "" is the newest capture, None no change
    if jobs is None and moment is None and args.record is None:
        raise InvalidInput("nothing to change: give --jobs, --at, --newest, --record or --no-record", {})
    with rpc_proxy(args) as proxy:
        if jobs is not None or moment is not None:
            s = call(proxy, SERVICE, "update_session", args.session, jobs, moment)
        if args.record is not None:
            s = call(proxy, SERVICE, "set_recording", args.session, args.record)
    if args.json:
        print_json(s.to_dict())
    else:
        print_table(HEADERS, [_row(s)])
    return 0


def clear(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        n = call(proxy, SERVICE, "clear_missing", args.session)
    print(f"session {args.session}: {n} missing URL(s) forgotten")
    return 0


def stop(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        s = call(proxy, SERVICE, "stop_session", args.session)
    print(f"session {s.session_id} stopped; {s.missing_count} missing URL(s) kept")
    return 0
