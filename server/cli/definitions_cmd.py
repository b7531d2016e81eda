"""``nas domains|profiles|schedules|harvests ...``: the curator's definitions, through the
``definitions`` service."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from server.cli import inputs
from server.cli.common import add_broker_arguments, call, print_json, print_table, rpc_proxy

SERVICE = "definitions"


def _call(args: argparse.Namespace, method: str, *a: Any, **kw: Any) -> Any:
    with rpc_proxy(args) as proxy:
        return call(proxy, SERVICE, method, *a, **kw)


def _parser(sub, name: str, help: str, func, json_out: bool = True) -> argparse.ArgumentParser:
    p = sub.add_parser(name, help=help)
    add_broker_arguments(p)
    if json_out:
        p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=func)
    return p


def _paging(p: argparse.ArgumentParser) -> None:
    p.add_argument("--offset", type=inputs.index, default=0)
    p.add_argument("--limit", type=inputs.index, default=50)
    p.add_argument("--sort", default=None, help="column, '-' in front for descending")


def _page_footer(page: Any) -> None:
    shown = len(page.items)
    if page.total > shown:
        # searches stop counting at a cap: say "10000+" rather than a wrong exact number
        total = f"{page.total}+" if getattr(page, "total_capped", False) else page.total
        print(f"({page.offset + 1}-{page.offset + shown} of {total}; use --offset/--limit)")


def register(sub: argparse._SubParsersAction) -> None:
    _domains(sub)
    _profiles(sub)
    _schedules(sub)
    _harvests(sub)


# --- domains -------------------------------------------------------------------------------------

def _domains(sub) -> None:
    top = sub.add_parser("domains", help="domains: create, show, list, search, ingest, statistics")
    s = top.add_subparsers(dest="action", metavar="ACTION")
    s.required = True
    p = _parser(s, "create", "create domains (each with its default seed list and configuration)", _domain_create)
    p.add_argument("names", nargs="+")
    p.add_argument("--comments", default="")
    p = _parser(s, "show", "one domain in full", _domain_show)
    p.add_argument("name")
    p = _parser(s, "list", "domains, a page at a time", _domain_list)
    _paging(p)
    p = _parser(s, "search", "domains whose name (or comments, crawler traps) match a glob", _domain_list)
    p.add_argument("pattern", help="glob: * any characters, ? one character (quote it)")
    p.add_argument("--field", choices=("name", "comments", "crawler_traps"), default="name")
    _paging(p)
    p = _parser(s, "traps", "replace a domain's crawler traps (regular expressions, one a line)", _domain_traps)
    p.add_argument("name")
    p.add_argument("file", help="file of expressions, - for standard input")
    p = _parser(s, "stats", "domain counts by top-level domain, harvested or not", _domain_stats)
    p = _parser(s, "ingest", "create the domains listed in a file (one a line), restartable", _domain_ingest)
    p.add_argument("file")
    p.add_argument("--chunk", type=int, default=5000, help="lines per call (default 5000)")
    p.add_argument("--resume", type=int, metavar="RUN", help="continue the interrupted ingest run RUN")
    p.add_argument("--no-progress", action="store_true")
    from server.cli.curation_cmd import add_domain_actions

    add_domain_actions(s)  # seed lists, configurations, alias, logins, notes, history


def _domain_create(args) -> int:
    """Each name in turn: a name that cannot be created is reported and the others still are,
    so the output always says exactly what was done."""
    from shared.errors import NasError

    out, failed = [], []
    with rpc_proxy(args) as proxy:
        for n in args.names:
            try:
                d = call(proxy, SERVICE, "create_domain", n, args.comments)
            except NasError as exc:
                if len(args.names) == 1:
                    raise  # one name: the error is the whole answer (exit code by its kind)
                failed.append((n, exc))
                if not args.json:
                    print(f"not created {n}: {exc.message or exc.code}", file=sys.stderr)
                continue
            out.append(d)
            if not args.json:
                print(f"created {d.name} (configuration {d.default_configuration})")
    if args.json:
        print_json({"created": out, "failed": [{"name": n, **e.to_dict()} for n, e in failed]})
    elif failed:
        print(f"{len(out)} of {len(args.names)} domains created; {len(failed)} not", file=sys.stderr)
    from shared.errors import InvalidInput

    if any(isinstance(e, InvalidInput) for _, e in failed):
        return 2
    return 1 if failed else 0


def _domain_show(args) -> int:
    d = _call(args, "get_domain", args.name)
    if args.json:
        print_json(d)
        return 0
    from server.cli.common import when

    print(f"{d.name}  edition {d.edition}  created {when(d.created_at)}")
    if d.alias_of:
        print(f"alias of {d.alias_of} until {when(d.alias_expires_at) or None}")
    if d.comments:
        print(f"comments: {d.comments}")
    print("configurations:")
    print_table(("NAME", "DEFAULT", "PROFILE", "SEED LISTS", "MAX BYTES", "MAX OBJECTS", "REQ/MIN"),
                [(c.name, "yes" if c.is_default else "", c.profile, ",".join(c.seed_lists),
                  c.max_bytes, c.max_objects, c.max_request_rate) for c in d.configurations])
    for s in d.seed_lists:
        print(f"seed list {s.name}: " + " ".join(s.seeds))
    for t in d.crawler_traps:
        print(f"crawler trap: {t}")
    for o in d.owner_info:
        print(f"owner ({when(o.created_at)}): {o.info}")
    return 0


def _domain_list(args) -> int:
    pattern = getattr(args, "pattern", None)
    if pattern is None:
        page = _call(args, "list_domains", args.offset, args.limit, args.sort)
    else:
        page = _call(args, "search_domains", pattern, args.field, args.offset, args.limit, args.sort)
    if args.json:
        print_json(page)
        return 0
    print_table(("DOMAIN", "TLD", "ALIAS OF", "COMMENTS"),
                [(d.name, d.tld, d.alias_of or "", d.comments[:60]) for d in page.items])
    _page_footer(page)
    return 0


def _domain_traps(args) -> int:
    text = inputs.read_text(args.file, "list of expressions")
    with rpc_proxy(args) as proxy:
        d = call(proxy, SERVICE, "get_domain", args.name)
        d = call(proxy, SERVICE, "update_domain", args.name, d.edition, crawler_traps=text.splitlines())
    print(f"{d.name}: {len(d.crawler_traps)} crawler trap(s), edition {d.edition}")
    return 0


def _domain_stats(args) -> int:
    st = _call(args, "domain_statistics")
    if args.json:
        print_json(st)
        return 0
    print(f"{st.total} domains: {st.harvested} harvested, {st.never_harvested} never, {st.aliases} aliases")
    print_table(("TLD", "DOMAINS", "HARVESTED"), [(t.tld, t.domains, t.harvested) for t in st.by_tld])
    return 0


def _domain_ingest(args) -> int:
    """Send the file in chunks; each chunk is one transaction on the service. Interrupted? Run
    again with --resume RUN: the service says which line comes next."""
    # Streamed with every line bounded (inputs.read_lines): memory and message size stay small
    # whatever the file holds; the run is only started once the file was read through once.
    total = inputs.count_lines(args.file)
    size = max(1, min(args.chunk, 20_000))
    with rpc_proxy(args) as proxy:
        if args.resume:
            run = call(proxy, SERVICE, "ingest_status", args.resume)
        else:
            run = call(proxy, SERVICE, "ingest_start", os.path.basename(args.file), total)
            print(f"ingest run {run.id} (to resume after an interruption: --resume {run.id})",
                  file=sys.stderr)
        bar = None
        if not args.no_progress:
            from tqdm import tqdm

            bar = tqdm(total=total, initial=run.next_line - 1, unit="line", file=sys.stderr)
        lines = inputs.read_lines(args.file)
        number = 0
        chunk: list[str] = []
        for number, line in enumerate(lines, 1):
            if number < run.next_line:
                continue
            chunk.append(line)
            if len(chunk) < size and number < total:
                continue
            first = number - len(chunk) + 1
            run = call(proxy, SERVICE, "ingest_chunk", run.id, first, chunk)
            chunk = []
            if bar:
                bar.update(run.next_line - first)
        if bar:
            bar.close()
        run = call(proxy, SERVICE, "ingest_finish", run.id)
    if args.json:
        print_json(run)
    else:
        print(f"created {run.created}, already there {run.existing}, duplicates {run.duplicates}, "
              f"invalid {run.invalid}")
        for e in run.errors:
            print(f"{args.file}:{e.line}: {e.text}: {e.reason}")
        if run.invalid > len(run.errors):
            print(f"... and {run.invalid - len(run.errors)} more invalid lines")
    return 1 if run.invalid else 0


# --- profiles ------------------------------------------------------------------------------------

def _profiles(sub) -> None:
    top = sub.add_parser("profiles", help="crawl profiles: upload, download, show, list, activate, deactivate")
    s = top.add_subparsers(dest="action", metavar="ACTION")
    s.required = True
    p = _parser(s, "upload", "upload a YAML or TOML profile (new, or --replace)", _profile_upload)
    p.add_argument("name")
    p.add_argument("file")
    p.add_argument("--format", choices=("yaml", "toml"), default=None, help="default: from the file name")
    p.add_argument("--comments", default=None)
    p.add_argument("--replace", action="store_true", help="replace the stored document of that name")
    p = _parser(s, "download", "the document exactly as uploaded", _profile_download, json_out=False)
    p.add_argument("name")
    p.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")
    p = _parser(s, "show", "a profile and its effective settings in words (browser capture, ...)",
                _profile_show)
    p.add_argument("name")
    p = _parser(s, "list", "profiles", _profile_list)
    _paging(p)
    for name, active in (("activate", True), ("deactivate", False)):
        p = _parser(s, name, f"{name} a profile", _profile_active)
        p.add_argument("name")
        p.set_defaults(active=active)


def _profile_upload(args) -> int:
    content = inputs.read_text(args.file, "profile")  # strict UTF-8: the stored bytes are exactly the file's
    with rpc_proxy(args) as proxy:
        edition = call(proxy, SERVICE, "get_profile", args.name).edition if args.replace else None
        p = call(proxy, SERVICE, "upload_profile", args.name, content, args.format, os.path.basename(args.file),
                 args.comments, edition)
    if args.json:
        print_json(p)
    else:
        print(f"profile {p.name} stored ({p.format}, edition {p.edition})")
    return 0


def _profile_download(args) -> int:
    doc = _call(args, "download_profile", args.name)
    data = doc.content.encode("utf-8")
    if args.output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        with open(args.output, "wb") as fh:
            fh.write(data)
    return 0


def _profile_show(args) -> int:
    p = _call(args, "get_profile", args.name)
    if args.json:
        print_json(p)
        return 0
    from server.cli.common import when
    from server.cli.profile_words import browser_in_words

    effective = p.effective or {}
    print(f"profile {p.name} ({'active' if p.active else 'inactive'}, {p.format}, edition {p.edition}, "
          f"changed {when(p.updated_at)})")
    if p.comments:
        print(f"comments: {p.comments}")
    print(f"browser: {browser_in_words(effective.get('browser') or {})}")
    return 0


def _profile_list(args) -> int:
    page = _call(args, "list_profiles", args.offset, args.limit, args.sort)
    if args.json:
        print_json(page)
        return 0
    from server.cli.common import when

    print_table(("PROFILE", "ACTIVE", "FORMAT", "EDITION", "UPDATED", "COMMENTS"),
                [(p.name, "yes" if p.active else "no", p.format, p.edition, when(p.updated_at),
                  p.comments[:50]) for p in page.items])
    _page_footer(page)
    return 0


def _profile_active(args) -> int:
    p = _call(args, "set_profile_active", args.name, args.active)
    print_json(p) if args.json else print(f"profile {p.name} is {'active' if p.active else 'inactive'}")
    return 0


# --- schedules -----------------------------------------------------------------------------------

def _schedules(sub) -> None:
    top = sub.add_parser("schedules", help="schedules: create, edit, show, list")
    s = top.add_subparsers(dest="action", metavar="ACTION")
    s.required = True
    p = _parser(s, "create", "a new schedule", _schedule_create)
    p.add_argument("name")
    p.add_argument("--every", type=int, default=1)
    p.add_argument("--unit", choices=("hours", "days", "weeks", "months"), required=True)
    p.add_argument("--minute", type=int)
    p.add_argument("--hour", type=int)
    p.add_argument("--weekday", type=int, help="1 = Monday ... 7 = Sunday")
    p.add_argument("--day-of-month", type=int)
    p.add_argument("--start", help="ISO 8601 date and time with zone (default: when a harvest is activated)")
    p.add_argument("--end", help="ISO 8601 date and time with zone")
    p.add_argument("--runs", type=int, help="end after this many runs")
    p.add_argument("--comments", default="")
    p = _parser(s, "edit", "change a schedule's rule or comments (harvests using it keep their next run; "
                           "later runs follow the new rule)", _schedule_edit)
    p.add_argument("name")
    p.add_argument("--every", type=int)
    p.add_argument("--unit", choices=("hours", "days", "weeks", "months"))
    p.add_argument("--minute", type=int)
    p.add_argument("--hour", type=int)
    p.add_argument("--weekday", type=int, help="1 = Monday ... 7 = Sunday")
    p.add_argument("--day-of-month", type=int)
    p.add_argument("--start", help="ISO 8601 date and time with zone")
    p.add_argument("--end", help="ISO 8601 date and time with zone")
    p.add_argument("--runs", type=int, help="end after this many runs")
    p.add_argument("--clear", action="append", default=[], choices=SCHEDULE_OPTIONS, metavar="FIELD",
                   help=f"drop a fixed field ({', '.join(SCHEDULE_OPTIONS)}; repeatable)")
    p.add_argument("--comments")
    p = _parser(s, "show", "a schedule and its next runs", _schedule_show)
    p.add_argument("name")
    p = _parser(s, "list", "schedules", _schedule_list)
    _paging(p)


def _schedule_create(args) -> int:
    fields = {k: v for k, v in (("minute", args.minute), ("hour", args.hour), ("weekday", args.weekday),
                                ("day_of_month", args.day_of_month), ("start_at", args.start),
                                ("end_at", args.end), ("max_runs", args.runs)) if v is not None}
    s = _call(args, "create_schedule", args.name, args.unit, args.every, args.comments, **fields)
    print_json(s) if args.json else print(f"schedule {s.name}: {s.description}")
    return 0


#: ``schedules edit`` option → ScheduleFields field
SCHEDULE_OPTIONS = {"minute": "minute", "hour": "hour", "weekday": "weekday", "day-of-month": "day_of_month",
                    "start": "start_at", "end": "end_at", "runs": "max_runs"}


def _schedule_edit(args) -> int:
    """The fields given, over ``update_schedule`` with the edition just read (someone else's save
    in between is a conflict, not overwritten); then the schedule as ``show`` prints it."""
    from shared.errors import InvalidInput

    fields: dict[str, Any] = {k: v for k, v in (
        ("unit", args.unit), ("every", args.every), ("minute", args.minute), ("hour", args.hour),
        ("weekday", args.weekday), ("day_of_month", args.day_of_month), ("start_at", args.start),
        ("end_at", args.end), ("max_runs", args.runs)) if v is not None}
    for option in args.clear:
        if SCHEDULE_OPTIONS[option] in fields:
            raise InvalidInput(f"--{option} and --clear {option} contradict each other", {"field": option})
        fields[SCHEDULE_OPTIONS[option]] = None
    if not fields and args.comments is None:
        raise InvalidInput("nothing to change: give --every, --unit, --minute, --hour, --weekday, --day-of-month, "
                           "--start, --end, --runs, --clear FIELD or --comments", {})
    from shared.dto.definitions import ScheduleFields

    with rpc_proxy(args) as proxy:
        s = call(proxy, SERVICE, "get_schedule", args.name, 0)
        call(proxy, SERVICE, "update_schedule", args.name, s.edition, ScheduleFields(**fields), args.comments)
    return _schedule_show(args)


def _schedule_show(args) -> int:
    s = _call(args, "get_schedule", args.name)
    if args.json:
        print_json(s)
        return 0

    from server.cli.common import when

    zone = f" ({s.time_zone} time)" if getattr(s, "time_zone", "") else ""
    print(f"{s.name}: {s.description}{zone}")
    for t in s.upcoming:
        print(f"  next: {when(t)}")
    return 0


def _schedule_list(args) -> int:
    page = _call(args, "list_schedules", args.offset, args.limit, args.sort)
    if args.json:
        print_json(page)
        return 0
    print_table(("SCHEDULE", "REPEATS", "COMMENTS"), [(s.name, s.description, s.comments[:50])
                                                      for s in page.items])
    _page_footer(page)
    return 0


# --- harvest definitions -------------------------------------------------------------------------

def _harvests(sub) -> None:
    top = sub.add_parser("harvests", help="harvest definitions: create, activate, deactivate, show, list")
    s = top.add_subparsers(dest="action", metavar="ACTION")
    s.required = True
    p = _parser(s, "create-selective", "a selective harvest of domain configurations", _h_selective)
    p.add_argument("name")
    p.add_argument("--schedule", required=True)
    p.add_argument("domains", nargs="+", metavar="DOMAIN[:CONFIGURATION]")
    p.add_argument("--comments", default="")
    p.add_argument("--channel")
    p = _parser(s, "create-event", "an event harvest from a file of URLs (one a line)", _h_event)
    p.add_argument("name")
    p.add_argument("urls_file", help="file of URLs, - for standard input")
    p.add_argument("--schedule", required=True)
    p.add_argument("--profile")
    p.add_argument("--max-bytes", type=int)
    p.add_argument("--max-objects", type=int)
    p.add_argument("--comments", default="")
    p.add_argument("--channel")
    p = _parser(s, "create-snapshot", "a snapshot harvest of every domain", _h_snapshot)
    p.add_argument("name")
    p.add_argument("--max-bytes", type=int, default=-1)
    p.add_argument("--max-objects", type=int, default=-1)
    p.add_argument("--max-job-time", type=int, default=0, help="seconds; 0: no limit")
    p.add_argument("--based-on", help="an earlier snapshot: only its incomplete domains are taken")
    p.add_argument("--comments", default="")
    p.add_argument("--channel")
    for name, active in (("activate", True), ("deactivate", False)):
        p = _parser(s, name, f"{name} a harvest definition", _h_active)
        p.add_argument("name")
        p.set_defaults(active=active)
    p = _parser(s, "show", "one harvest definition", _h_show)
    p.add_argument("name")
    p = _parser(s, "list", "harvest definitions", _h_list)
    p.add_argument("--kind", choices=("selective", "event", "snapshot"))
    p.add_argument("--pattern", help="glob on the name")
    _paging(p)
    from server.cli.curation_cmd import add_harvest_actions

    add_harvest_actions(s)  # edit, now, history


def _print_harvest(args, h) -> int:
    if args.json:
        print_json(h)
        return 0
    from server.cli.common import text, when
    from shared.enums import HarvestKind

    print(f"{h.name} ({text(h.kind)}, channel {h.channel}): {'active' if h.active else 'inactive'}, "
          f"{h.runs} run(s), next {when(h.next_run_at) or '-'}, edition {h.edition}")
    if h.comments:
        print(f"comments: {h.comments}")
    qa = getattr(h, "qa", None)
    if qa is not None and (qa.auto or qa.sample is not None or qa.threshold is not None):
        print(f"QA: {'after each job' if qa.auto else 'on demand'}"
              + (f", sample {qa.sample}" if qa.sample is not None else "")
              + (f", threshold {qa.threshold:.0%}" if qa.threshold is not None else ""))
    if h.schedule:
        rule = getattr(h, "schedule_rule", None)
        zone = f" ({h.time_zone} time)" if getattr(h, "time_zone", "") else ""
        print(f"schedule: {h.schedule}" + (f": {rule.description}{zone}" if rule else ""))
    if h.scheduling_error:
        print(f"deactivated by the scheduler {when(h.scheduling_error_at)}: {h.scheduling_error}")
    if h.kind == HarvestKind.SNAPSHOT:
        print(f"per domain: max bytes {h.max_bytes}, max objects {h.max_objects}; "
              f"max job time {h.max_job_running_time_s}s; based on {h.based_on or '-'}")
    for c in h.configurations or []:
        print(f"  {c.domain}:{c.configuration}")
    return 0


def _h_selective(args) -> int:
    refs = []
    for item in args.domains:
        domain, _, config = item.partition(":")
        refs.append({"domain": domain, **({"configuration": config} if config else {})})
    return _print_harvest(args, _call(args, "create_selective", args.name, args.schedule, refs, args.comments,
                                      args.channel))


def _h_event(args) -> int:
    text = inputs.read_text(args.urls_file, "URL list")
    return _print_harvest(args, _call(args, "create_event", args.name, args.schedule, text, args.profile,
                                      args.max_objects, args.max_bytes, args.comments, args.channel))


def _h_snapshot(args) -> int:
    return _print_harvest(args, _call(args, "create_snapshot", args.name, args.max_bytes, args.max_objects,
                                      args.max_job_time, args.based_on, args.comments, args.channel))


def _h_active(args) -> int:
    return _print_harvest(args, _call(args, "set_harvest_active", args.name, args.active))


def _h_show(args) -> int:
    return _print_harvest(args, _call(args, "get_harvest", args.name))


def _h_list(args) -> int:
    page = _call(args, "list_harvests", args.offset, args.limit, args.sort, args.pattern, args.kind)
    if args.json:
        print_json(page)
        return 0
    from server.cli.common import text, when

    print_table(("HARVEST", "KIND", "ACTIVE", "RUNS", "NEXT RUN", "CHANNEL"),
                [(h.name, text(h.kind), "yes" if h.active else "no", h.runs, when(h.next_run_at),
                  h.channel) for h in page.items])
    _page_footer(page)
    return 0
