"""``nas jobs list|show|resubmit|running`` and ``nas scheduler run-once|states``: the scheduler's
jobs from the command line (through the ``scheduler`` service)."""
from __future__ import annotations

import argparse

from server.cli.common import add_broker_arguments, call, print_json, print_table, rpc_proxy


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("jobs", help="harvest jobs: list, show, resubmit, running")
    s = p.add_subparsers(dest="jobs_command", metavar="ACTION")
    s.required = True

    a = s.add_parser("list", help="jobs, newest first, with filters")
    add_broker_arguments(a)
    a.add_argument("--status", action="append", help="new, submitted, started, done, failed... (repeatable)")
    a.add_argument("--harvest", help="harvest definition name")
    a.add_argument("--run", type=int, dest="harvest_run", help="run number of the definition")
    a.add_argument("--channel")
    a.add_argument("--domain", help="jobs that harvest this domain")
    a.add_argument("--since", dest="created_from", help="created at or after (ISO date/time)")
    a.add_argument("--until", dest="created_to", help="created before (ISO date/time)")
    a.add_argument("--from-id", type=int, dest="id_from")
    a.add_argument("--to-id", type=int, dest="id_to")
    a.add_argument("--sort", default="-id", help="id, created_at, status, harvest... ('-' for descending)")
    a.add_argument("--offset", type=int, default=0)
    a.add_argument("--limit", type=int, default=50)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=do_list)

    a = s.add_parser("show", help="one job in detail")
    add_broker_arguments(a)
    a.add_argument("job_id", type=int)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=do_show)

    a = s.add_parser("resubmit", help="make a new job from a failed one")
    add_broker_arguments(a)
    a.add_argument("job_id", type=int)
    a.set_defaults(func=do_resubmit)

    a = s.add_parser("running", help="started jobs with their progress")
    add_broker_arguments(a)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=do_running)

    p = sub.add_parser("scheduler", help="the scheduler: run a scheduling check now, definitions' states")
    s = p.add_subparsers(dest="scheduler_command", metavar="ACTION")
    s.required = True
    a = s.add_parser("run-once", help="schedule due definitions now (instead of at the next minute)")
    add_broker_arguments(a)
    a.add_argument("--wait", action="store_true", help="wait for job generation to finish (small harvests)")
    a.set_defaults(func=do_run_once)
    a = s.add_parser("states", help="last scheduling outcome of each definition (why one was deactivated)")
    add_broker_arguments(a)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=do_states)


def do_list(args: argparse.Namespace) -> int:
    filters = {k: getattr(args, k) for k in ("harvest", "harvest_run", "channel", "domain", "created_from",
                                              "created_to", "id_from", "id_to") if getattr(args, k) is not None}
    if args.status:
        filters["status"] = args.status
    with rpc_proxy(args) as proxy:
        page = call(proxy, "scheduler", "list_jobs", filters, args.offset, args.limit, args.sort)
    if args.json:
        print_json(page)
        return 0
    from server.cli.common import text

    print_table(("JOB", "HARVEST", "RUN", "STATUS", "CHANNEL", "CONFIGS", "EXPECTED", "CREATED", "HARVESTER"),
                [(j.id, j.harvest, j.harvest_run, text(j.status), j.channel, j.configuration_count,
                  j.expected_objects, text(j.created_at)[:19], j.harvester_id or "") for j in page.items])
    print(f"{len(page.items)} of {page.total} jobs (from {page.offset})")
    return 0


def do_show(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        job = call(proxy, "scheduler", "job", args.job_id)
    if args.json:
        print_json(job)
        return 0
    from shared.dto import to_json

    for key in ("id", "harvest", "harvest_run", "status", "channel", "profile", "configuration_count",
                "expected_objects", "max_bytes_per_domain", "max_objects_per_domain", "created_at", "submitted_at",
                "started_at", "ended_at", "harvester_id", "claims", "objects", "bytes", "duplicates",
                "duplicate_bytes", "stop_reasons",
                "failure_reason", "harvest_error", "upload_error", "resubmitted_from", "resubmitted_as",
                "dedup_job_ids", "aliases", "progress"):
        value = to_json(getattr(job, key))   # as the wire carries it: ISO times, enum values
        if value not in (None, "", [], {}):
            print(f"{key:>22}: {value}")
    print(f"{'seeds':>22}: {len(job.seeds)} (first: {', '.join(job.seeds[:3])})")
    return 0


def do_resubmit(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        job = call(proxy, "scheduler", "resubmit_job", args.job_id)
    from server.cli.common import text

    print(f"job {args.job_id} resubmitted as job {job.id} ({text(job.status)})")
    return 0


def do_running(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        rows = call(proxy, "scheduler", "running_jobs")
    if args.json:
        print_json(rows)
        return 0
    from server.cli.common import text

    print_table(("JOB", "HARVEST", "HARVESTER", "URIS DONE", "QUEUED", "BYTES", "URIS/S", "HOSTS", "UPDATED"),
                [(r.id, r.harvest, r.harvester_id, r.uris_done, r.uris_queued, r.bytes,
                  round(r.rate, 1), r.active_hosts, text(r.updated_at)[:19]) for r in rows])
    return 0


def do_run_once(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        result = call(proxy, "scheduler", "run_once", args.wait)
    if not result.started:
        print("no harvest definition is due")
    for o in result.outcomes:
        print(f"definition {o.harvest_id}: " + (f"FAILED, deactivated: {o.error}" if o.error
                                                 else f"{len(o.jobs)} jobs"))
    if not args.wait and result.started:
        print(f"scheduling started for definition(s) {', '.join(map(str, result.started))}")
    return 1 if any(o.error for o in result.outcomes) else 0


def do_states(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        rows = call(proxy, "scheduler", "scheduling_states")
    if args.json:
        print_json(rows)
        return 0
    from server.cli.common import text

    print_table(("HARVEST", "ACTIVE", "SCHEDULING NOW", "LAST ENDED", "JOBS", "LAST ERROR"),
                [(r.harvest, r.active, r.scheduling_now_by or "", text(r.last_ended_at)[:19],
                  r.last_jobs, r.last_error) for r in rows])
    return 0
