"""``nas jobs list|show|resubmit|running`` and ``nas scheduler run-once|states``: the scheduler's
jobs from the command line (through the ``scheduler`` service)."""
from __future__ import annotations

import argparse
import sys

from server.cli.common import EXIT_BAD_INPUT, add_broker_arguments, call, fail, print_json, print_table, rpc_proxy
from shared.runs import shown_run


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("jobs", help="harvest jobs: list, show, domains, cancel, resubmit, running")
    s = p.add_subparsers(dest="jobs_command", metavar="ACTION")
    s.required = True

    a = s.add_parser("list", help="jobs, newest first, with filters")
    add_broker_arguments(a)
    a.add_argument("--status", action="append",
                   help="queued, running, done, failed (also cancelled and resubmitted ones), cancelled, "
                        "resubmitted, new (repeatable; docs/scheduler.md, Job states)")
    a.add_argument("--outcome", action="append",
                   help="harvested, partial, nothing-harvested, cancelled, failed (repeatable)")
    a.add_argument("--harvest", help="harvest definition name")
    a.add_argument("--run", type=int, dest="harvest_run", help="run number of the definition (the first run is 1)")
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

    a = s.add_parser("domains", help="a job's domains with what was harvested of each")
    add_broker_arguments(a)
    a.add_argument("job_id", type=int)
    a.add_argument("--sort", default=None, help="domain, objects, bytes, stop_reason... ('-' for descending)")
    a.add_argument("--offset", type=int, default=0)
    a.add_argument("--limit", type=int, default=100)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=do_domains)

    a = s.add_parser("cancel", help="cancel a queued or running job (a running crawl stops; what it "
                                    "harvested is stored)")
    add_broker_arguments(a)
    a.add_argument("job_ids", type=int, nargs="+", metavar="JOB_ID")
    a.add_argument("--reason", default="", help="why, for the job's record")
    a.set_defaults(func=do_cancel)

    a = s.add_parser("resubmit", help="make a new job from a failed or cancelled one")
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
    a = s.add_parser("channels", help="harvest channels: waiting jobs, the harvesters serving each")
    add_broker_arguments(a)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=do_channels)


def do_list(args: argparse.Namespace) -> int:
    filters = {k: getattr(args, k) for k in ("harvest", "harvest_run", "channel", "domain", "created_from",
                                              "created_to", "id_from", "id_to") if getattr(args, k) is not None}
    if "harvest_run" in filters:
        from shared.runs import stored_run

        if filters["harvest_run"] < 1:
            return fail(EXIT_BAD_INPUT, "--run: runs are numbered from 1")
        filters["harvest_run"] = stored_run(filters["harvest_run"])
    if args.status:
        filters["status"] = args.status
    if args.outcome:
        filters["outcome"] = args.outcome
    with rpc_proxy(args) as proxy:
        from shared.dto.jobs import JobFilter

        page = call(proxy, "scheduler", "list_jobs", JobFilter(**filters), args.offset, args.limit, args.sort)
    if args.json:
        print_json(page)
        return 0
    from server.cli.common import text, when
    from shared import job_states

    print_table(("JOB", "HARVEST", "RUN", "STATUS", "OUTCOME", "CHANNEL", "CONFIGS", "EXPECTED", "CREATED",
                 "HARVESTER"),
                [(j.id, j.harvest, shown_run(j.harvest_run), job_states.word(j.status), text(j.outcome), j.channel,
                  j.configuration_count, j.expected_objects, when(j.created_at), j.harvester_id or "")
                 for j in page.items])
    print(f"{len(page.items)} of {page.total} jobs (from {page.offset})")
    return 0


def do_show(args: argparse.Namespace) -> int:
    from server.cli.common import Unreachable
    from shared.errors import NasError

    with rpc_proxy(args) as proxy:
        job = call(proxy, "scheduler", "job", args.job_id)
        domains = call(proxy, "scheduler", "job_domains", args.job_id, 0, 50)
        try:
            # the archive matches the whole name: the job's files are "<job>-..."
            files = call(proxy, "arcrepository", "list_files", None, 0, 1000, f"{job.id}-.*")
        except (Unreachable, NasError) as exc:
            files = exc
    if args.json:
        from shared.dto import to_json

        data = to_json(job)
        data["domains"] = to_json(domains.items)
        data["files"] = None if isinstance(files, Exception) else to_json(files.items)
        print_json(data)
        return 0
    for line in job_lines(job, domains, files):
        print(line)
    return 0


def job_lines(job, domains, files) -> list[str]:
    """A job as a curator reads it: what it is, how it ended and why, what it harvested per
    domain, and its files with the replicas that hold them."""
    from server.cli.common import limit, print_table, size, text, when
    from shared import job_states

    out = []
    state = job_states.word(job.status)
    ended = state + (f" ({text(job.outcome)})" if job.outcome and text(job.outcome) != state else "")
    out.append(f"Job {job.id}: harvest {job.harvest!r}, run {shown_run(job.harvest_run)} — {ended}")
    if job.failure_reason:
        out.append(f"  reason:      {job.failure_reason}")
    if job.cancel_requested_at and not job.outcome:
        out.append(f"  cancelling:  asked {when(job.cancel_requested_at)}; the harvester stops at its next report")
    for label, value in (("harvest error", job.harvest_error), ("upload error", job.upload_error)):
        if value and value != job.failure_reason:
            out.append(f"  {label + ':':<13}{value}")
    if job.resubmitted_as:
        out.append(f"  resubmitted as job {job.resubmitted_as}")
    if job.resubmitted_from:
        out.append(f"  resubmission of job {job.resubmitted_from}")
    out.append(f"  channel {job.channel}, crawl profile {job.profile}"
               + (f", harvester {job.harvester_id} ({job.claims} claim{'s' if job.claims != 1 else ''})"
                  if job.harvester_id else ""))
    times = [(k, getattr(job, k + "_at")) for k in ("created", "submitted", "started", "ended")]
    out.append("  " + "; ".join(f"{k} {when(v)}" for k, v in times if v is not None))
    running = f"{job.max_running_time_s} s" if job.max_running_time_s else "no limit"
    max_bytes = "no byte limit" if job.max_bytes_per_domain < 0 else f"at most {size(job.max_bytes_per_domain)}"
    max_objects = ("no object limit" if job.max_objects_per_domain < 0
                   else f"at most {limit(job.max_objects_per_domain)} objects")
    out.append(f"  limits per domain: {max_bytes}, {max_objects}; running time {running}")
    out.append(f"  harvested: {job.objects} objects, {size(job.bytes)}"
               + (f"; deduplicated {job.duplicates} objects, {size(job.duplicate_bytes)} saved"
                  if job.duplicates else ""))
    if job.progress and not job.ended_at:
        p = job.progress
        out.append(f"  progress ({when(p.updated_at)}): {p.uris_done} URIs done, {p.uris_queued} queued, "
                   f"{size(p.bytes)}, {p.rate:.1f} URIs/s")
    out.append(f"  seeds ({len(job.seeds)}): " + ", ".join(job.seeds[:3]) + (" …" if len(job.seeds) > 3 else ""))
    if job.aliases:
        out.append("  aliases left out: " + ", ".join(f"{a.domain} (alias of {a.alias_of})" for a in job.aliases))
    if job.dedup_job_ids:
        out.append(f"  deduplicated against jobs: {', '.join(map(str, job.dedup_job_ids[:20]))}")
    out.append("")
    out.append(f"Domains ({domains.total}):")
    import io

    buf = io.StringIO()
    print_table(("DOMAIN", "CONFIGURATION", "EXPECTED", "OBJECTS", "BYTES", "STOP REASON"),
                [(d.domain, d.configuration, d.expected_objects, "" if d.objects is None else d.objects,
                  size(d.bytes), text(d.stop_reason) or "(not reported)") for d in domains.items], out=buf)
    out.extend("  " + line for line in buf.getvalue().splitlines())
    if domains.total > len(domains.items):
        out.append(f"  … {domains.total - len(domains.items)} more: nas jobs domains {job.id} --offset "
                   f"{len(domains.items)}")
    out.append("")
    if isinstance(files, Exception):
        out.append(f"Files: not known ({files})")
    elif not files.items:
        out.append("Files: none in the archive")
    else:
        out.append(f"Files ({files.total}):")
        buf = io.StringIO()
        print_table(("FILE", "SIZE", "STORED IN"),
                    [(f.name, size(f.size), ", ".join(f"{r}: {(st or 'unknown').replace('_', ' ')}"
                                                       for r, st in sorted(f.states.items())))
                     for f in files.items], out=buf)
        out.extend("  " + line for line in buf.getvalue().splitlines())
    return out


def do_domains(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, "scheduler", "job_domains", args.job_id, args.offset, args.limit, args.sort)
    if args.json:
        print_json(page)
        return 0
    from server.cli.common import size, text

    print_table(("DOMAIN", "CONFIGURATION", "EXPECTED", "OBJECTS", "BYTES", "STOP REASON"),
                [(d.domain, d.configuration, d.expected_objects, "" if d.objects is None else d.objects,
                  size(d.bytes), text(d.stop_reason) or "(not reported)") for d in page.items])
    print(f"{len(page.items)} of {page.total} domains (from {page.offset})")
    return 0


def do_cancel(args: argparse.Namespace) -> int:
    """Each job in turn; a job that cannot be cancelled is reported and the others still are."""
    from shared import job_states
    from shared.errors import NasError

    failed = 0
    with rpc_proxy(args) as proxy:
        for job_id in args.job_ids:
            try:
                job = call(proxy, "scheduler", "cancel_job", job_id, args.reason)
            except NasError as exc:
                failed += 1
                print(f"job {job_id}: not cancelled: {exc}", file=sys.stderr)
                continue
            if job.outcome:
                print(f"job {job_id}: {job_states.word(job.status)}")
            else:
                print(f"job {job_id}: cancelling — its harvester stops the crawl at its next report and stores "
                      "what was harvested")
    return 1 if failed else 0


def do_resubmit(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        job = call(proxy, "scheduler", "resubmit_job", args.job_id)
    from shared import job_states

    print(f"job {args.job_id} resubmitted as job {job.id} ({job_states.word(job.status)})")
    return 0


def do_running(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        rows = call(proxy, "scheduler", "running_jobs")
    if args.json:
        print_json(rows)
        return 0
    from server.cli.common import when

    print_table(("JOB", "HARVEST", "HARVESTER", "URIS DONE", "QUEUED", "BYTES", "URIS/S", "HOSTS", "UPDATED"),
                [(r.id, r.harvest, r.harvester_id, r.uris_done, r.uris_queued, r.bytes,
                  round(r.rate, 1), r.active_hosts, when(r.updated_at)) for r in rows])
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
    from server.cli.common import when

    def channel(r) -> str:
        return r.channel + (" (no harvester!)" if r.channel_served is False else "")

    print_table(("HARVEST", "ACTIVE", "CHANNEL", "SCHEDULING NOW", "LAST ENDED", "JOBS", "LAST ERROR"),
                [(r.harvest, "yes" if r.active else "no", channel(r), r.scheduling_now_by or "",
                  when(r.last_ended_at), r.last_jobs, r.last_error) for r in rows])
    return 0


def do_channels(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        rows = call(proxy, "scheduler", "channel_states")
    if args.json:
        print_json(rows)
        return 0
    for line in channel_lines(rows):
        print(line)
    return 1 if any(r.waiting_jobs and not r.served for r in rows) else 0


def channel_lines(rows) -> list[str]:
    import io

    from server.cli.common import when

    kind = {True: "snapshot", False: "focused", None: "(not defined)"}
    buf = io.StringIO()
    print_table(("CHANNEL", "KIND", "WAITING JOBS", "HARVESTERS", "LAST ASKED", "SERVED"),
                [(r.channel, kind[r.snapshot], r.waiting_jobs, ", ".join(r.harvesters) or "-", when(r.last_seen_at),
                  "yes" if r.served else ("NO: jobs wait for a harvester" if r.waiting_jobs else "no"))
                 for r in rows], out=buf)
    return buf.getvalue().splitlines()
