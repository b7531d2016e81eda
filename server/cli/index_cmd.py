"""``nas index cdx|dedup|full JOB_IDS [-o FILE]``, ``nas index status``, ``nas index lookup URL --jobs``.

A person checking what the archive holds asks the index server for an index over some jobs
(``1,2,5-9``), waits for it and saves it, or asks which captures of a URL those jobs hold.

Exit status: 0 the index covers every job asked for; 1 it was built but some jobs are missing
(each is named with the reason), or it could not be built; 2 bad input (unknown job ids, an
empty set, a malformed id); 3 the index server (or the broker) cannot be reached, or the index
was not ready within ``--wait`` seconds.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import time

from server.cli.common import (
    EXIT_FAILED,
    EXIT_UNREACHABLE,
    add_broker_arguments,
    call,
    fail,
    print_json,
    print_table,
    rpc_proxy,
)

SERVICE = "index_server"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("index", help="CDX, deduplication and full crawl-log indexes over jobs (index server)")
    isub = p.add_subparsers(dest="index_command", metavar="COMMAND")
    isub.required = True
    for kind, text in (("cdx", "a CDX index (CDXJ, pywb's format; --format cdx11 for 11-field CDX)"),
                       ("dedup", "the deduplication index harvests use (non-text objects)"),
                       ("full", "the full crawl-log index (every capture; what the viewer uses)")):
        b = isub.add_parser(kind, help=f"build or fetch {text}")
        add_broker_arguments(b)
        b.add_argument("jobs", metavar="JOB_IDS", help="job ids and ranges: 1,2,5-9")
        b.add_argument("-o", "--output", metavar="FILE", help="save the index here (CDX: text; dedup/full: a tar "
                                                              "of the index directory)")
        if kind == "cdx":
            b.add_argument("--format", choices=("cdxj", "cdx11"), default="cdxj")
        b.add_argument("--wait", type=float, default=600.0, help="seconds to wait for the build (default 600)")
        b.add_argument("--json", action="store_true", help="print the request as JSON")
        b.add_argument("--force", action="store_true", help="overwrite FILE")
        b.set_defaults(func=build, kind=kind)
    s = isub.add_parser("status", help="the index cache and the requests of the index server")
    add_broker_arguments(s)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=status)
    lk = isub.add_parser("lookup", help="every capture of a URL in the given jobs")
    add_broker_arguments(lk)
    lk.add_argument("url", metavar="URL")
    lk.add_argument("--jobs", required=True, metavar="JOB_IDS", help="job ids and ranges: 1,2,5-9")
    lk.add_argument("--wait", type=float, default=600.0, help="seconds to wait for the index (default 600)")
    lk.add_argument("--json", action="store_true")
    lk.set_defaults(func=lookup)
    rc = isub.add_parser("record", help="print the archived record of a URL (one command for lookup + get-record)")
    add_broker_arguments(rc)
    rc.add_argument("url", metavar="URL")
    rc.add_argument("--jobs", metavar="JOB_IDS",
                    help="job ids and ranges: 1,2,5-9 (default: the newest 20 ended jobs that harvested the "
                         "URL's domain)")
    rc.add_argument("--at", metavar="TIMESTAMP",
                    help="the capture closest to this moment (4-14 digits; default: the newest)")
    rc.add_argument("-B", "--replica", default=None, help="replica to read first (the others are tried after it)")
    rc.add_argument("--raw", action="store_true", help="the stored bytes (gzip member) instead of the record")
    rc.add_argument("-O", "--output", default=None, help="write here instead of standard output")
    rc.add_argument("--wait", type=float, default=600.0, help="seconds to wait for the index (default 600)")
    rc.set_defaults(func=record)


def _wait_done(proxy, kind: str, ids: list[int], seconds: float, first=None):
    """The request once done or failed; raises Unreachable-style exit through SystemExit."""
    from shared import contracts

    req = contracts.decode(SERVICE, "request_index", first) if first is not None else None
    deadline = time.monotonic() + seconds
    while req is None or req.state in ("queued", "building"):
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit(fail(EXIT_UNREACHABLE, f"the {kind} index is still {req.state if req else 'queued'} "
                                  f"after {seconds:g} s; ask again later (the build goes on)"))
        raw = call(proxy, SERVICE, "index_status", kind, ids, min(10.0, max(0.1, left)))
        req = contracts.decode(SERVICE, "index_status", raw)
    return req


def _describe(req) -> str:
    covered = _ids(req.covered)
    text = (f"{req.kind} index {req.index_name or '-'}: {req.entries:,} entries, {req.size:,} bytes, covers "
            f"{len(req.covered)} job(s) {covered}")
    if req.base:
        text += f" (derived from {req.base})"
    return text


def _ids(ids: list[int]) -> str:
    if not ids:
        return "none"
    out, start, prev = [], ids[0], ids[0]
    for i in ids[1:] + [None]:
        if i is not None and i == prev + 1:
            prev = i
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if i is not None:
            start = prev = i
    return ",".join(out)


def build(args: argparse.Namespace) -> int:
    from server.index.names import parse_job_list
    from shared.errors import InvalidInput

    ids = parse_job_list(args.jobs)
    if args.output and os.path.exists(args.output) and not args.force:
        raise InvalidInput(f"{args.output} exists (use --force to overwrite)", {"file": args.output})
    with rpc_proxy(args) as proxy:
        first = call(proxy, SERVICE, "request_index", args.kind, ids, min(10.0, args.wait))
        req = _wait_done(proxy, args.kind, ids, args.wait, first)
        if args.json:
            print_json(req.to_dict())
        if req.state == "failed":
            fail(EXIT_FAILED, f"the {args.kind} index could not be built: {req.error_code}: {req.error}")
            _print_missing(req)
            return EXIT_FAILED
        print(_describe(req), file=sys.stderr if args.json else sys.stdout)
        _print_missing(req)
        if args.output:
            fmt = getattr(args, "format", None)
            info = call(proxy, SERVICE, "get_index", args.kind, ids, None if fmt in (None, "cdxj") else fmt)
            _save(info, args.output, args.timeout)
    return EXIT_FAILED if req.missing else 0


def _print_missing(req) -> None:
    for m in req.missing:
        print(f"  missing job {m.job_id}: {m.code}: {m.reason}", file=sys.stderr)


def _save(info, dest: str, timeout: float) -> None:
    """Fetch the index ``info`` (an IndexLocationDto) into ``dest``, checked on arrival."""
    from server.archive.remotefile import RemoteFile, download

    rf = RemoteFile(info.name, info.size, info.checksum, info.host, info.path, info.url)
    checksum = download(rf.chunks(timeout=timeout), dest, info.checksum, info.size)
    how = "read directly" if rf.local_path() else "over HTTP"
    print(f"{dest}: {info.size:,} bytes ({info.format}, {how}), md5 {checksum}", file=sys.stderr)


def status(args: argparse.Namespace) -> int:
    from shared import contracts

    with rpc_proxy(args) as proxy:
        o = contracts.decode(SERVICE, "overview", call(proxy, SERVICE, "overview"))
    if args.json:
        print_json(o.to_dict())
        return 0
    print(f"cache {o.cache_dir}: {o.used:,} of {o.budget:,} bytes "
          f"({100 * o.used / o.budget if o.budget else 0:.0f} %)")
    print("requests: " + ", ".join(f"{n} {state}" for state, n in o.requests.items()))
    now = dt.datetime.now(dt.UTC)
    if o.recent:
        print()
        print_table(("kind", "jobs", "state", "covered", "missing", "entries", "updated", "error"), [
            (r.kind, _ids(r.job_ids), r.state, len(r.covered), len(r.missing), r.entries,
             _ago(now, r.updated_at), r.error[:60]) for r in o.recent])
    if o.entries:
        print()
        print_table(("kind", "name", "jobs", "bytes", "last used", "in use"), [
            (e.kind, e.name, e.jobs, f"{e.size:,}", _ago(now, e.last_used), "yes" if e.in_use else "")
            for e in o.entries])
    return 0


def _ago(now: dt.datetime, when: dt.datetime | None) -> str:
    from server.cli.common import human_age

    return f"{human_age((now - when).total_seconds())} ago" if when else "-"


def _looked_up(proxy, url: str, ids: list[int], wait: float):
    """The index server's captures of ``url`` in the jobs ``ids`` (waiting up to ``wait`` s for
    their full index), or the exit code after saying why there are none."""
    from shared import contracts
    from shared.errors import IndexNotReady

    deadline = time.monotonic() + wait
    while True:
        try:
            return contracts.decode(SERVICE, "lookup", call(proxy, SERVICE, "lookup", url, ids))
        except IndexNotReady:
            if time.monotonic() >= deadline:
                return fail(EXIT_UNREACHABLE, f"the full index of jobs {_ids(ids)} is not ready after "
                                              f"{wait:g} s; ask again later")
            req = _wait_done(proxy, "full", ids, max(0.1, deadline - time.monotonic()))
            if req.state == "failed":
                fail(EXIT_FAILED, f"the full index could not be built: {req.error_code}: {req.error}")
                _print_missing(req)
                return EXIT_FAILED


def lookup(args: argparse.Namespace) -> int:
    from server.index.names import parse_job_list

    ids = parse_job_list(args.jobs)
    with rpc_proxy(args) as proxy:
        found = _looked_up(proxy, args.url, ids, args.wait)
    if isinstance(found, int):
        return found
    if args.json:
        print_json(found.to_dict())
        return EXIT_FAILED if found.missing else 0
    if not found.captures:
        print(f"no capture of {args.url} in jobs {_ids(found.covered)}")
    else:
        print_table(("time", "status", "mime", "job", "record", "revisit of"), [
            (c.timestamp, c.status, c.mime, c.job_id, f"{c.filename}:{c.offset}",
             f"{c.revisit_of_filename}:{c.revisit_of_offset} ({c.revisit_of_timestamp})"
             if c.revisit_of_filename else "") for c in found.captures])
    for m in found.missing:
        print(f"  not searched: job {m.job_id}: {m.code}: {m.reason}", file=sys.stderr)
    return EXIT_FAILED if found.missing else 0


def record(args: argparse.Namespace) -> int:
    """``lookup`` and ``get-record`` in one (#33): the capture of URL closest to ``--at`` (else
    the newest) in the jobs given, or in the newest ended jobs that harvested the URL's domain;
    for a revisit, its original's record (where the content is). The record is read as
    ``nas get-record`` reads it: verified, from the next replica when a copy is damaged."""
    from server.cli.archive_cmd import get_record
    from server.index.names import parse_job_list
    from shared.errors import InvalidInput, NotFound

    if args.at is not None and not (args.at.isdigit() and 4 <= len(args.at) <= 14):
        raise InvalidInput(f"--at: a timestamp is 4 to 14 digits (YYYYMMDDhhmmss), not {args.at!r}", {})
    with rpc_proxy(args) as proxy:
        ids = parse_job_list(args.jobs) if args.jobs else _jobs_of_the_domain(proxy, args.url)
        found = _looked_up(proxy, args.url, ids, args.wait)
    if isinstance(found, int):
        return found
    for m in found.missing:
        print(f"nas: note: job {m.job_id} not searched: {m.code}: {m.reason}", file=sys.stderr)
    usable = [c for c in found.captures if (c.revisit_of_filename and c.revisit_of_offset is not None)
              or (not c.revisit_of_filename and c.offset is not None)]
    if not usable:
        raise NotFound(f"no capture of {args.url} in jobs {_ids(found.covered or ids)}", {"url": args.url})
    chosen = _closest(usable, args.at)
    name, offset = ((chosen.revisit_of_filename, chosen.revisit_of_offset) if chosen.revisit_of_filename
                    else (chosen.filename, chosen.offset))
    print(f"nas: note: {args.url} captured {chosen.timestamp} in job {chosen.job_id}: {name} at offset {offset}"
          + (f" (the original of a revisit in {chosen.filename})" if chosen.revisit_of_filename else ""),
          file=sys.stderr)
    return get_record(argparse.Namespace(**{**vars(args), "name": name, "offset": offset}))


def _closest(captures: list, at: str | None):
    """The capture nearest ``at`` (padded as pywb pads it: the earliest moment it names), else the newest."""
    if not at:
        return max(captures, key=lambda c: c.timestamp)
    target = int((at + "0101000000"[len(at) - 4:])[:14] if len(at) < 14 else at)
    return min(captures, key=lambda c: (abs(int(c.timestamp[:14].ljust(14, "0")) - target), c.timestamp))


#: how many of a domain's newest ended jobs ``index record`` searches when no jobs are named
DOMAIN_JOBS = 20


def _jobs_of_the_domain(proxy, url: str) -> list[int]:
    """The newest ended jobs that harvested the registered domain of ``url``'s host."""
    import urllib.parse

    from shared.domain_names import registered_domain
    from shared.dto.jobs import JobFilter
    from shared.errors import InvalidUrl, NotFound

    host = urllib.parse.urlsplit(url if "://" in url else f"http://{url}").hostname or ""
    domain = registered_domain(host) if host else None
    if not domain:
        raise InvalidUrl(f"not a URL with a host name: {url!r}", {"url": url})
    page = call(proxy, "scheduler", "list_jobs", JobFilter(domain=domain, status=["done", "failed"]), 0,
                DOMAIN_JOBS, "-id")
    if not page.items:
        raise NotFound(f"no ended job harvested {domain}; name the jobs with --jobs", {"domain": domain})
    ids = sorted(j.id for j in page.items)
    print(f"nas: note: searching the newest {len(ids)} ended job(s) that harvested {domain}: {_ids(ids)}",
          file=sys.stderr)
    return ids
