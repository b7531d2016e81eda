"""``nas search QUERY [--jobs JOB_IDS] [--sort relevance|newest|oldest] [--page N] [--json]``:
full-text search of the archive through the index server (docs/index-server.md).

Each hit prints its capture time, URL, title and a snippet with the matched words marked, and
the command that opens that capture in replay (a viewer session over the hit's job, at its time).

Exit status: 0 searched every job asked for; 1 some jobs could not be searched yet (named: their
full-text index is being made); 2 bad input (query syntax, job ids); 3 the index server cannot be
reached, or no job had a full-text index within ``--wait`` seconds.
"""
from __future__ import annotations

import argparse
import html
import re
import sys
import time

from server.cli.common import EXIT_FAILED, EXIT_UNREACHABLE, add_broker_arguments, call, fail, print_json, rpc_proxy

SERVICE = "index_server"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("search", help="full-text search of the archived pages, PDFs and texts, and of the words "
                                      "in images and sounds")
    add_broker_arguments(p)
    p.add_argument("query", metavar="QUERY", help='words, "a phrase", AND/OR/NOT, -word, word*, title:word, '
                   "host:H domain:D type:pdf status:200 lang:da url:PREFIX date:2024-01..2024-06")
    p.add_argument("--jobs", metavar="JOB_IDS", help="job ids and ranges: 1,2,5-9 (default: every job with a "
                   "full-text index)")
    p.add_argument("--sort", choices=("relevance", "newest", "oldest"), default="relevance")
    p.add_argument("--page", type=int, default=1, help="page of results, from 1")
    p.add_argument("--page-size", type=int, default=10, help="hits per page (at most 100)")
    p.add_argument("--wait", type=float, default=60.0, help="seconds to wait for jobs' full-text indexes to be "
                   "made (default 60)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--url-list", metavar="FILE", help="write the URLs of the hits, one a line ('-': standard "
                   "output), for `nas export wacz --urls FILE`: every page up to rank 1,000")
    p.set_defaults(func=search)


def search(args: argparse.Namespace) -> int:
    from server.index.names import parse_job_list
    from shared import contracts

    ids = parse_job_list(args.jobs) if args.jobs else []
    if args.url_list:
        return url_list(args, ids)
    with rpc_proxy(args) as proxy:
        result = _when_indexed(args, lambda: contracts.decode(SERVICE, "search", call(
            proxy, SERVICE, "search", args.query, ids, args.sort, args.page, args.page_size)))
    if isinstance(result, int):
        return result
    if args.json:
        print_json(result.to_dict())
    else:
        show(result)
    for m in result.missing:
        print(f"  job {m.job_id} not searched: {m.code}: {m.reason}", file=sys.stderr)
    return EXIT_FAILED if result.missing else 0


def _when_indexed(args: argparse.Namespace, ask):
    """``ask()``'s answer once the jobs' full-text indexes are there (the index server not ready,
    or jobs still being indexed, are asked again until ``--wait`` runs out), or the exit code when
    the index server never got ready."""
    from shared.errors import IndexNotReady

    deadline = time.monotonic() + args.wait
    while True:
        try:
            answer = ask()
        except IndexNotReady as exc:
            if time.monotonic() >= deadline:
                return fail(EXIT_UNREACHABLE, exc.message)
            time.sleep(0.5)    # a poll of the server's state, not a synchronisation
            continue
        if any(m.code == "building" for m in answer.missing) and time.monotonic() < deadline:
            time.sleep(0.5)
            continue
        return answer


def url_list(args: argparse.Namespace, ids: list[int]) -> int:
    """Every hit's URL (once, in the order of the hits), page after page up to the server's rank
    limit, into ``args.url_list``: a result set to export (shared/wacz/selection.py)."""
    from shared.wacz.selection import result_set

    with rpc_proxy(args) as proxy:
        rs = _when_indexed(args, lambda: result_set(lambda *a: call(proxy, *a), args.query, ids, args.sort))
    if isinstance(rs, int):
        return rs
    urls, total, missing = rs.urls, rs.total, rs.missing
    text = "".join(f"{u}\n" for u in urls)
    if args.url_list == "-":
        sys.stdout.write(text)
    else:
        with open(args.url_list, "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"{len(urls):,} URL(s) of {total:,} hit(s)" + (" (the first 1,000 hits: narrow the query for the rest)"
                                                          if total > 1000 else ""), file=sys.stderr)
    for m in missing:
        print(f"  job {m.job_id} not searched: {m.code}: {m.reason}", file=sys.stderr)
    return EXIT_FAILED if missing else 0


def terminal_snippet(snippet: str, tty: bool) -> str:
    """The HTML snippet as terminal text: matches in bold on a terminal, else in [brackets]."""
    on, off = ("\033[1m", "\033[0m") if tty else ("[", "]")
    text = snippet.replace("<b>", on).replace("</b>", off)
    return html.unescape(re.sub(r"</?[a-z]+>", "", text))


def show(result) -> None:
    tty = sys.stdout.isatty()
    first = (result.page - 1) * result.page_size + 1
    last = first + len(result.hits) - 1
    jobs = ",".join(map(str, result.covered)) if len(result.covered) <= 10 else f"{len(result.covered)} jobs"
    if not result.hits:
        print(f"no hits for {result.query!r} in jobs {jobs}" + (f" (page {result.page})" if result.page > 1 else ""))
    else:
        print(f"hits {first}-{last} of {result.total:,} for {result.query!r} in jobs {jobs} (by {result.sort})")
    for i, h in enumerate(result.hits, first):
        when = f"{h.timestamp[:4]}-{h.timestamp[4:6]}-{h.timestamp[6:8]} {h.timestamp[8:10]}:{h.timestamp[10:12]}"
        print()
        print(f"{i:>3}. {when}  {h.url}")
        print(f"     {h.title or '(no title)'}  [{h.mime}, {h.status}, job {h.job_id}"
              + (", revisit" if h.revisit_of else "") + "]")
        if h.snippet:
            print(f"     {terminal_snippet(h.snippet, tty)}")
        print(f"     open: nas viewer session create --jobs {h.job_id} --at {h.timestamp}   then browse {h.url}")
    for f in result.facets:
        if f.values:
            print()
            print(f"{f.field}: " + ", ".join(f"{v.value} ({v.count})" for v in f.values[:10]))
    if result.total > last and result.hits:
        print(f"\nmore: --page {result.page + 1}")
