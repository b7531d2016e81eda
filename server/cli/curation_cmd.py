"""The rest of a curator's work from the command line, as the desktop does it: a domain's seed
lists, configurations, alias, site logins, owner notes and history; global crawler traps;
harvest channels; and for harvest definitions edit, harvest now and history.

``definitions_cmd`` adds the domain and harvest actions to its own groups
(:func:`add_domain_actions`, :func:`add_harvest_actions`); ``traps`` and ``channels`` are groups
of their own. Every change reads the object's edition and sends it back, so a change made by
someone else meanwhile is refused (edition conflict) rather than overwritten.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from server.cli.common import EXIT_FAILED, add_broker_arguments, call, fail, print_json, print_table, rpc_proxy

SERVICE = "definitions"


def _parser(sub, name: str, help: str, func, json_out: bool = True) -> argparse.ArgumentParser:
    p = sub.add_parser(name, help=help)
    add_broker_arguments(p)
    if json_out:
        p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=func)
    return p


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def _domain_change(args, method: str, *a: Any, **kw: Any):
    """Read the domain's edition, make the change, return the domain as it is now."""
    with rpc_proxy(args) as proxy:
        d = call(proxy, SERVICE, "get_domain", args.domain)
        return call(proxy, SERVICE, method, args.domain, d.edition, *a, **kw)


def _done(args, d, what: str) -> int:
    if args.json:
        print_json(d)
    else:
        print(f"{d.name}: {what} (edition {d.edition})")
    return 0


# --- domains ---------------------------------------------------------------------------------------

def add_domain_actions(s) -> None:
    p = _parser(s, "seeds", "create or replace a seed list of a domain", _seeds)
    p.add_argument("domain")
    p.add_argument("name", help="the seed list's name")
    p.add_argument("urls", nargs="*", help="seed URLs (or --file)")
    p.add_argument("--file", help="file of seed URLs, one a line, - for standard input")
    p.add_argument("--comments")
    p = _parser(s, "delete-seeds", "remove a seed list no configuration uses", _delete_seeds)
    p.add_argument("domain")
    p.add_argument("name")
    p = _parser(s, "configure", "create a configuration or change its fields", _configure)
    p.add_argument("domain")
    p.add_argument("name", help="the configuration's name")
    p.add_argument("--profile", help="crawl profile")
    p.add_argument("--seed-lists", help="comma-separated seed list names")
    p.add_argument("--max-objects", type=int, help="-1: no limit")
    p.add_argument("--max-bytes", type=int, help="-1: no limit")
    p.add_argument("--max-request-rate", type=int, help="requests a minute")
    p.add_argument("--comments")
    p.add_argument("--default", action="store_true", help="make it the domain's default configuration")
    p = _parser(s, "delete-configuration", "remove a configuration (not the default, in no harvest)",
                _delete_configuration)
    p.add_argument("domain")
    p.add_argument("name")
    p = _parser(s, "alias", "make a domain an alias of another (--none: not an alias)", _alias)
    p.add_argument("domain")
    p.add_argument("alias_of", nargs="?")
    p.add_argument("--none", action="store_true", help="the domain is no alias any more")
    p = _parser(s, "note", "add a dated owner note to a domain", _note)
    p.add_argument("domain")
    p.add_argument("text")
    p = _parser(s, "comments", "replace a domain's comments", _comments)
    p.add_argument("domain")
    p.add_argument("text")
    p = _parser(s, "logins", "replace a domain's site logins from a YAML file "
                             "(a list of {url, realm, username, password}); 'logins DOMAIN' lists them", _logins)
    p.add_argument("domain")
    p.add_argument("file", nargs="?", help="YAML file, - for standard input; leave out to list")
    p = _parser(s, "history", "what each harvest got of a domain, newest first", _domain_history)
    p.add_argument("domain")
    p.add_argument("--offset", type=int, default=0)
    p.add_argument("--limit", type=int, default=50)


def _seeds(args) -> int:
    urls = list(args.urls) + (_lines(_read(args.file)) if args.file else [])
    if not urls:
        raise _bad("give seed URLs or --file")
    d = _domain_change(args, "save_seed_list", args.name, urls, args.comments)
    return _done(args, d, f"seed list {args.name} saved ({len(urls)} seeds)")


def _delete_seeds(args) -> int:
    return _done(args, _domain_change(args, "delete_seed_list", args.name), f"seed list {args.name} removed")


def _configure(args) -> int:
    seed_lists = [x.strip() for x in args.seed_lists.split(",") if x.strip()] if args.seed_lists else None
    d = _domain_change(args, "save_configuration", args.name, args.profile, seed_lists, args.max_objects,
                       args.max_bytes, args.max_request_rate, args.comments, args.default)
    return _done(args, d, f"configuration {args.name} saved" + (", the default" if args.default else ""))


def _delete_configuration(args) -> int:
    d = _domain_change(args, "delete_configuration", args.name)
    return _done(args, d, f"configuration {args.name} removed")


def _alias(args) -> int:
    if not args.none and not args.alias_of:
        raise _bad("give the domain it is an alias of, or --none")
    target = None if args.none else args.alias_of
    d = _domain_change(args, "set_alias", target)
    return _done(args, d, f"alias of {target}" if target else "no alias")


def _note(args) -> int:
    return _done(args, _domain_change(args, "add_owner_info", args.text), "owner note added")


def _comments(args) -> int:
    return _done(args, _domain_change(args, "update_domain", comments=args.text), "comments saved")


def _logins(args) -> int:
    if args.file is None:
        with rpc_proxy(args) as proxy:
            d = call(proxy, SERVICE, "get_domain", args.domain)
        if args.json:
            print_json(d.credentials)
        else:
            print_table(("ID", "URL", "REALM", "USER"), [(c.id, c.url, c.realm, c.username) for c in d.credentials])
        return 0
    import yaml

    try:
        logins = yaml.safe_load(_read(args.file)) or []
    except yaml.YAMLError as exc:
        raise _bad(f"{args.file} is not YAML: {exc}") from None
    if not isinstance(logins, list) or not all(isinstance(x, dict) for x in logins):
        raise _bad(f"{args.file} must hold a list of {{url, realm, username, password}}")
    d = _domain_change(args, "set_credentials", logins)
    return _done(args, d, f"{len(d.credentials)} site login(s) stored (passwords encrypted, not shown)")


def _domain_history(args) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, SERVICE, "domain_history", args.domain, args.offset, args.limit)
    return _print_history(args, page)


def _print_history(args, page) -> int:
    if args.json:
        print_json(page)
        return 0
    from server.cli.common import size, text, when

    print_table(("DOMAIN", "CONFIGURATION", "HARVEST", "JOB", "OBJECTS", "BYTES", "STOP REASON", "ENDED"),
                [(h.domain, h.configuration, h.harvest, h.job_id or "", h.objects, size(h.bytes), text(h.stop_reason),
                  when(h.ended_at)) for h in page.items])
    if page.total > len(page.items):
        print(f"({page.offset + 1}-{page.offset + len(page.items)} of {page.total}; use --offset/--limit)")
    return 0


def _bad(message: str) -> Exception:
    from shared.errors import InvalidInput

    return InvalidInput(message)


# --- harvest definitions -----------------------------------------------------------------------------

def add_harvest_actions(s) -> None:
    p = _parser(s, "edit", "change a harvest definition (only what is given changes)", _h_edit)
    p.add_argument("name")
    p.add_argument("--comments")
    p.add_argument("--schedule")
    p.add_argument("--channel")
    p.add_argument("--set", nargs="+", metavar="DOMAIN[:CONFIGURATION]",
                   help="replace the configurations with these")
    p.add_argument("--add", nargs="+", metavar="DOMAIN[:CONFIGURATION]", help="add configurations")
    p.add_argument("--remove", nargs="+", metavar="DOMAIN[:CONFIGURATION]", help="remove configurations")
    p.add_argument("--max-bytes", type=int, help="per domain (snapshot); -1: no limit")
    p.add_argument("--max-objects", type=int, help="per domain (snapshot); -1: no limit")
    p.add_argument("--max-job-time", type=int, help="seconds (snapshot); 0: no limit")
    qa = p.add_mutually_exclusive_group()
    qa.add_argument("--qa-auto", action="store_true", default=None, dest="qa_auto",
                    help="QA of each of its jobs when the job is done (docs/qa.md)")
    qa.add_argument("--no-qa-auto", action="store_false", dest="qa_auto", help="no QA of its jobs on their own")
    p.add_argument("--qa-sample", type=int, metavar="N", help="QA samples N other HTML pages of each job")
    p.add_argument("--qa-threshold", type=float, metavar="SHARE",
                   help="share of complete pages (0..1) below which QA_INCOMPLETE is raised")
    p = _parser(s, "now", "harvest a definition now, besides its schedule", _h_now)
    p.add_argument("name")
    p.add_argument("--wait", action="store_true",
                   help="wait until its jobs have been made and have ended, showing each job's state as it "
                        "changes; exit 0 when every job is done, 1 when one failed or was cancelled")
    p.add_argument("--max-wait", type=float, default=86400.0, metavar="SECONDS",
                   help="with --wait: give up following after this long (default a day; the jobs go on)")
    p = _parser(s, "history", "per-domain results of a definition's jobs", _h_history)
    p.add_argument("name")
    p.add_argument("--offset", type=int, default=0)
    p.add_argument("--limit", type=int, default=50)


def _refs(items: list[str] | None) -> list[dict[str, str]] | None:
    if items is None:
        return None
    out = []
    for item in items:
        domain, _, config = item.partition(":")
        out.append({"domain": domain, **({"configuration": config} if config else {})})
    return out


def _h_edit(args) -> int:
    changes: dict[str, Any] = {}
    for key, value in (("comments", args.comments), ("schedule", args.schedule), ("channel", args.channel),
                       ("configurations", _refs(args.set)), ("add_configurations", _refs(args.add)),
                       ("remove_configurations", _refs(args.remove)), ("max_bytes", args.max_bytes),
                       ("max_objects", args.max_objects), ("max_job_running_time_s", args.max_job_time)):
        if value is not None:
            changes[key] = value
    qa = {k: v for k, v in (("auto", args.qa_auto), ("sample", args.qa_sample), ("threshold", args.qa_threshold))
          if v is not None}
    if qa:
        changes["qa"] = qa
    if not changes:
        raise _bad("nothing to change: give --comments, --schedule, --set/--add/--remove, --max-..., --qa-... "
                   "or --channel")
    from server.cli.definitions_cmd import _print_harvest

    with rpc_proxy(args) as proxy:
        h = call(proxy, SERVICE, "get_harvest", args.name)
        from shared.dto.definitions import HarvestChanges

        h = call(proxy, SERVICE, "update_harvest", args.name, h.edition, HarvestChanges(**changes))
    return _print_harvest(args, h)


def _h_now(args) -> int:
    with rpc_proxy(args) as proxy:
        out = call(proxy, "scheduler", "harvest_now", args.name, args.wait)
    if args.json:
        print_json(out)
        return 0
    from shared.runs import shown_run

    run = shown_run(out.run)
    if not out.started:
        return fail(EXIT_FAILED, f"{args.name}: not harvested: "
                                 f"{out.error or 'another scheduler is making its jobs right now'}")
    if out.error:
        return fail(EXIT_FAILED, f"{args.name}: run {run} failed: {out.error}")
    if args.wait:
        print(f"{args.name}: run {run}: {len(out.jobs)} job(s) queued: {', '.join(map(str, out.jobs))}")
        return _follow_jobs(args, list(out.jobs))
    else:
        print(f"{args.name}: run {run} is being made; follow it with: nas jobs list --harvest '{args.name}' "
              f"--run {run}")
    return 0


#: seconds between two looks at the jobs `harvests now --wait` follows
FOLLOW_POLL_S = 3.0


def _follow_jobs(args, ids: list[int]) -> int:
    """Follow the jobs ``ids`` until each has ended (shared/job_states.py), printing a line when
    one changes state. 0 when all are done, 1 when one failed or was cancelled, or when
    ``--max-wait`` ran out first (the jobs go on; the line says how to follow them)."""
    import time

    from shared import job_states
    from shared.dto.jobs import JobFilter
    from shared.enums import JobStatus

    if not ids:
        return 0
    seen: dict[int, str] = {}
    deadline = time.monotonic() + args.max_wait
    while True:
        with rpc_proxy(args) as proxy:
            page = call(proxy, "scheduler", "list_jobs", JobFilter(id_from=min(ids), id_to=max(ids),
                                                                  harvest=args.name), 0, len(ids) + 100)
        for job in page.items:
            if job.id in ids and seen.get(job.id) != job.status:
                seen[job.id] = job.status
                reason = f" ({job.failure_reason})" if job.failure_reason and job.status != JobStatus.DONE else ""
                print(f"job {job.id}: {job_states.word(job.status)}{reason}", flush=True)
        if all(job_states.has_ended(seen.get(i, "")) for i in ids):
            failed = [i for i in ids if seen[i] != JobStatus.DONE]
            if failed:
                return fail(EXIT_FAILED, f"{args.name}: {len(failed)} of {len(ids)} job(s) did not end done: "
                                         f"{', '.join(map(str, failed))} (nas jobs show N tells why)")
            print(f"{args.name}: every job done")
            return 0
        if time.monotonic() >= deadline:
            return fail(EXIT_FAILED, f"{args.name}: jobs still running after {args.max_wait:g} s: "
                                     f"{', '.join(str(i) for i in ids if not job_states.has_ended(seen.get(i, '')))}"
                                     f"; they go on (nas jobs list --harvest '{args.name}')")
        time.sleep(FOLLOW_POLL_S)   # a poll of the jobs' state, not a synchronisation


def _h_history(args) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, SERVICE, "harvest_history", args.name, args.offset, args.limit)
    return _print_history(args, page)


# --- global crawler traps and channels: groups of their own --------------------------------------------

def register(sub: argparse._SubParsersAction) -> None:
    top = sub.add_parser("traps", help="global crawler trap lists: list, show, create, update")
    s = top.add_subparsers(dest="action", metavar="ACTION")
    s.required = True
    p = _parser(s, "list", "global trap lists", _traps_list)
    p.add_argument("--offset", type=int, default=0)
    p.add_argument("--limit", type=int, default=50)
    p = _parser(s, "show", "one trap list with its expressions", _traps_show)
    p.add_argument("name")
    p = _parser(s, "create", "a global trap list from a file of regular expressions (one a line)", _traps_create)
    p.add_argument("name")
    p.add_argument("file", help="file of expressions, - for standard input")
    p.add_argument("--description", default="")
    p.add_argument("--inactive", action="store_true")
    p = _parser(s, "update", "replace a trap list's expressions, description or state", _traps_update)
    p.add_argument("name")
    p.add_argument("--file", help="file of expressions, - for standard input")
    p.add_argument("--description")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--activate", dest="active", action="store_const", const=True)
    group.add_argument("--deactivate", dest="active", action="store_const", const=False)

    top = sub.add_parser("channels", help="harvest channels: list (with the harvesters serving each), create, default")
    s = top.add_subparsers(dest="action", metavar="ACTION")
    s.required = True
    _parser(s, "list", "channels, their waiting jobs and the harvesters serving them", _channels_list)
    p = _parser(s, "create", "a new channel (its name upper-cased)", _channels_create)
    p.add_argument("name")
    p.add_argument("--snapshot", action="store_true", help="for snapshot harvests (default: focused)")
    p.add_argument("--comments", default="")
    p = _parser(s, "default", "make a channel the default of its kind", _channels_default)
    p.add_argument("name")


def _traps_list(args) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, SERVICE, "list_trap_lists", args.offset, args.limit)
    if args.json:
        print_json(page)
        return 0
    print_table(("TRAP LIST", "ACTIVE", "EXPRESSIONS", "DESCRIPTION"),
                [(t.name, "yes" if t.active else "no", len(t.expressions), t.description[:60]) for t in page.items])
    return 0


def _print_traps(args, t) -> int:
    if args.json:
        print_json(t)
        return 0
    print(f"{t.name}: {'active' if t.active else 'inactive'}, {len(t.expressions)} expression(s), "
          f"edition {t.edition}" + (f" — {t.description}" if t.description else ""))
    for e in t.expressions:
        print(f"  {e}")
    return 0


def _traps_show(args) -> int:
    with rpc_proxy(args) as proxy:
        return _print_traps(args, call(proxy, SERVICE, "get_trap_list", args.name))


def _traps_create(args) -> int:
    with rpc_proxy(args) as proxy:
        t = call(proxy, SERVICE, "create_trap_list", args.name, _lines(_read(args.file)), args.description,
                 not args.inactive)
    return _print_traps(args, t)


def _traps_update(args) -> int:
    expressions = _lines(_read(args.file)) if args.file else None
    if expressions is None and args.description is None and args.active is None:
        raise _bad("nothing to change: give --file, --description, --activate or --deactivate")
    with rpc_proxy(args) as proxy:
        t = call(proxy, SERVICE, "get_trap_list", args.name)
        t = call(proxy, SERVICE, "update_trap_list", args.name, t.edition, expressions, args.description, args.active)
    return _print_traps(args, t)


def _channels_list(args) -> int:
    from server.cli.common import Unreachable

    with rpc_proxy(args) as proxy:
        defined = call(proxy, SERVICE, "list_channels")
        try:
            states = {c.channel: c for c in call(proxy, "scheduler", "channel_states")}
        except Unreachable:
            states = None
    if args.json:
        print_json({"channels": defined, "states": list(states.values()) if states is not None else None})
        return 0

    def served(name: str) -> str:
        if states is None:
            return "(scheduler not reachable)"
        st = states.get(name)
        if st is None or (not st.served and not st.waiting_jobs):
            return "no harvester"
        if not st.served:
            return f"NO HARVESTER: {st.waiting_jobs} job(s) wait"
        return ", ".join(st.harvesters) + (f"; {st.waiting_jobs} waiting" if st.waiting_jobs else "")

    print_table(("CHANNEL", "KIND", "DEFAULT", "HARVESTERS", "COMMENTS"),
                [(c.name, "snapshot" if c.snapshot else "focused", "yes" if c.is_default else "", served(c.name),
                  c.comments[:40]) for c in defined])
    return 0


def _channels_create(args) -> int:
    with rpc_proxy(args) as proxy:
        c = call(proxy, SERVICE, "create_channel", args.name, args.snapshot, args.comments)
    print_json(c) if args.json else print(f"channel {c.name} created ({'snapshot' if c.snapshot else 'focused'})")
    return 0


def _channels_default(args) -> int:
    with rpc_proxy(args) as proxy:
        c = call(proxy, SERVICE, "set_default_channel", args.name)
    print_json(c) if args.json else print(f"channel {c.name} is the default for "
                                          f"{'snapshot' if c.snapshot else 'focused'} harvests")
    return 0
