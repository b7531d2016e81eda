"""``nas qa run JOB [--wait] [--sample N]``, ``nas qa show JOB [--worst N] [--json]``,
``nas qa pages JOB [--order score|url|source] [--offset N --limit N] [--json]``,
``nas qa verdict JOB URL ok|acceptable|broken [--note TEXT]``, ``nas qa patch JOB [--wait]``,
``nas qa cancel RUN`` (docs/qa.md).

QA renders a job's pages from the archive in Chromium through the viewerproxy and scores how
complete each is; ``show`` prints the job's summary and its worst pages, ``patch`` harvests what
was missing as a follow-up job of the same harvest and re-checks those pages when it is done.
Exit codes as every ``nas`` command (server/cli/common.py); ``run --wait`` answers 1 (failed)
when the run failed, was cancelled or ended below its threshold.
"""
from __future__ import annotations

import argparse
import time

from server.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    EXIT_OK,
    add_broker_arguments,
    call,
    fail,
    print_json,
    print_table,
    rpc_proxy,
    when,
)

SERVICE = "qa"
FINAL = ("done", "failed", "cancelled")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("qa", help="QA review: render a job's pages from the archive, score them, patch what is missing")
    qsub = p.add_subparsers(dest="qa_command", metavar="COMMAND")
    qsub.required = True
    r = qsub.add_parser("run", help="queue a QA run of a done job")
    add_broker_arguments(r)
    r.add_argument("job", type=int, metavar="JOB")
    r.add_argument("--sample", type=int, default=None, metavar="N",
                   help="other HTML pages to sample besides the seeds and browser pages (default: the harvest's)")
    r.add_argument("--wait", action="store_true", help="wait for the run to end and print its figures")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=run)
    s = qsub.add_parser("show", help="a job's QA summary and its worst pages")
    add_broker_arguments(s)
    s.add_argument("job", type=int, metavar="JOB")
    s.add_argument("--worst", type=int, default=10, metavar="N", help="how many worst pages to list (default 10)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=show)
    pg = qsub.add_parser("pages", help="the latest result of each checked page of a job")
    add_broker_arguments(pg)
    pg.add_argument("job", type=int, metavar="JOB")
    pg.add_argument("--order", choices=("score", "url", "source"), default="score")
    pg.add_argument("--offset", type=int, default=0, metavar="N")
    pg.add_argument("--limit", type=int, default=100, metavar="N")
    pg.add_argument("--json", action="store_true")
    pg.set_defaults(func=pages)
    v = qsub.add_parser("verdict", help="a reviewer's verdict on a checked page")
    add_broker_arguments(v)
    v.add_argument("job", type=int, metavar="JOB")
    v.add_argument("url", metavar="URL")
    v.add_argument("verdict", choices=("ok", "acceptable", "broken"))
    v.add_argument("--note", default="", metavar="TEXT")
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=verdict)
    pa = qsub.add_parser("patch", help="harvest the job's missing URLs as a follow-up job, then re-check its pages")
    add_broker_arguments(pa)
    pa.add_argument("job", type=int, metavar="JOB")
    pa.add_argument("--wait", action="store_true", help="wait for the patch job and the re-check to end")
    pa.add_argument("--wait-timeout", type=float, default=3600.0, metavar="S",
                    help="seconds --wait waits at most (default 3600)")
    pa.add_argument("--json", action="store_true")
    pa.set_defaults(func=patch)
    c = qsub.add_parser("cancel", help="cancel a queued or running QA run")
    add_broker_arguments(c)
    c.add_argument("run_id", type=int, metavar="RUN")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cancel)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _score(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _run_line(r) -> str:
    return (f"run {r.run_id} ({r.kind}) of job {r.job_id}: {r.state}; {r.pages_checked}/{r.pages_total} pages "
            f"checked, {r.pages_complete} complete ({_pct(r.share_complete)}; threshold {_pct(r.threshold)}), "
            f"mean score {_score(r.mean_score)}" + (f"; error: {r.error}" if r.error else ""))


def _wait_run(proxy, run_id: int, timeout: float):
    deadline = time.monotonic() + timeout
    while True:
        r = call(proxy, SERVICE, "get_run", run_id)
        if r.state in FINAL or time.monotonic() > deadline:
            return r
        time.sleep(1.0)


def _run_outcome(r) -> int:
    return EXIT_FAILED if r.state != "done" or r.below_threshold else EXIT_OK


def run(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        r = call(proxy, SERVICE, "run", args.job, args.sample)
        if args.wait:
            r = _wait_run(proxy, r.run_id, float("inf"))
    if args.json:
        print_json(r.to_dict())
    else:
        print(_run_line(r))
    return _run_outcome(r) if args.wait else EXIT_OK


def show(args: argparse.Namespace) -> int:
    if args.worst < 0:
        return fail(EXIT_BAD_INPUT, "--worst is a number of pages ≥ 0")
    with rpc_proxy(args) as proxy:
        s = call(proxy, SERVICE, "summary", args.job)
        worst = call(proxy, SERVICE, "pages", args.job, 0, max(1, min(args.worst, 1000)), "score").items \
            if args.worst else []
    worst = worst[:args.worst]
    if args.json:
        data = s.to_dict()
        data["worst"] = [p.to_dict() for p in worst]
        print_json(data)
        return EXIT_OK
    if s.last_run is None:
        print(f"job {args.job}: no QA run yet (nas qa run {args.job})")
        return EXIT_OK
    print(f"job {args.job}: {s.pages_checked} pages checked, {s.pages_complete} complete "
          f"({_pct(s.share_complete)}), mean score {_score(s.mean_score)}")
    print("last " + _run_line(s.last_run))
    if s.verdicts:
        print("verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(s.verdicts.items())))
    if worst:
        print(f"\nworst {len(worst)} pages:")
        _page_table(worst)
    return EXIT_OK


def _page_table(items) -> None:
    print_table(("SCORE", "MISSING", "LOAD", "SOURCE", "VERDICT", "URL"),
                [[_score(p.score), f"{p.missing}/{p.requested}", p.load_state, p.source, p.verdict or "-", p.url]
                 for p in items])
    for p in items:
        for url in p.missing_urls[:5]:
            print(f"  {p.url} misses {url}")


def pages(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        page = call(proxy, SERVICE, "pages", args.job, args.offset, args.limit, args.order)
    if args.json:
        print_json(page.to_dict())
        return EXIT_OK
    if not page.items:
        print(f"job {args.job}: no page checked (nas qa run {args.job})")
        return EXIT_OK
    _page_table(page.items)
    print(f"\n{args.offset + 1}-{args.offset + len(page.items)} of {page.total} pages")
    return EXIT_OK


def verdict(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        p = call(proxy, SERVICE, "set_verdict", args.job, args.url, args.verdict, args.note)
    if args.json:
        print_json(p.to_dict())
    else:
        print(f"{p.url}: {p.verdict} by {p.reviewer} at {when(p.reviewed_at)}" + (f" ({p.note})" if p.note else ""))
    return EXIT_OK


def patch(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        p = call(proxy, SERVICE, "patch", args.job)
        if not args.json:
            print(f"job {p.job_id}: patch job {p.patch_job_id} of harvest {p.harvest} harvests {p.urls} missing URLs")
        recheck = None
        if args.wait:
            deadline = time.monotonic() + args.wait_timeout
            while recheck is None and time.monotonic() < deadline:
                recheck = next((r for r in call(proxy, SERVICE, "list_runs", args.job, 0, 20).items
                                if r.kind == "recheck" and r.patch_job_id == p.patch_job_id), None)
                if recheck is None:
                    time.sleep(2.0)
            if recheck is not None:
                recheck = _wait_run(proxy, recheck.run_id, max(0.0, deadline - time.monotonic()))
    if args.json:
        data = p.to_dict()
        if args.wait:
            data["recheck"] = recheck.to_dict() if recheck else None
        print_json(data)
    elif recheck is not None:
        print("re-check: " + _run_line(recheck))
    if args.wait and (recheck is None or recheck.state not in FINAL):
        return fail(EXIT_FAILED, f"the patch job {p.patch_job_id} or its re-check did not end within "
                                 f"{args.wait_timeout:.0f} s (see nas jobs show {p.patch_job_id})")
    return _run_outcome(recheck) if args.wait else EXIT_OK


def cancel(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        r = call(proxy, SERVICE, "cancel", args.run_id)
    if args.json:
        print_json(r.to_dict())
    else:
        print(_run_line(r))
    return EXIT_OK
