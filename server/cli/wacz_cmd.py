"""``nas export wacz`` and ``nas import wacz|warc``: collections out of the archive as one WACZ
file, and WARC/WACZ files made elsewhere into it (docs/wacz.md).

The export runs here, in the command, streaming from the archive through the arcrepository's
get-file and get-record paths into the zip (docs/decisions/wacz.md says why not in a service).
The import checks everything locally before it asks a service for anything, registers a job
with the scheduler, names the files after it, stores them in every replica the way ``nas
upload`` does, and ends the job Done (or Failed, saying which files were stored).

Exit status: 0 done; 1 the archive failed (a replica did not store a file, a file could not be
read); 2 bad input (a malformed or hostile file, an unknown job or harvest); 3 no service.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from server.cli.common import EXIT_FAILED, add_broker_arguments, call, fail, progress_bar, rpc_proxy

EXPORT_EPILOG = """\
examples:
  nas export wacz out.wacz --jobs 12,13          two jobs, with the originals of their revisits
  nas export wacz out.wacz --harvest news-2026    every job of a harvest definition
  nas export wacz out.wacz --jobs 12 --urls list.txt   only the captures of these URLs

The WACZ (1.1.1) holds archive/ (the jobs' WARC files as archived, and originals.warc.gz with the
records that revisits elsewhere point to), indexes/ (CDXJ as pywb's cdx-indexer writes it; in
gzip blocks with index.idx when large), pages/pages.jsonl (the job's page list, else its seeds and
HTML pages), datapackage.json (SHA-256 and size of each file) and datapackage-digest.json.
Open it in ReplayWeb.page or pywb; check it with `wacz validate -f FILE`."""

IMPORT_EPILOG = """\
examples:
  nas import wacz --harvest imports collection.wacz
  nas import warc --harvest imports --seed https://example.org/ a.warc.gz b.warc.gz

Every file is checked first (WARC records whole and their block digests right, gzipped record by
record; a WACZ's datapackage digests, its member names and sizes); a bad file stores nothing.
The files become one new job of the harvest definition --harvest, named as harvested files are;
its metadata WARC holds their CDX, so the index server indexes them. Browse them with
`nas viewer session create --jobs JOB`."""


def register(sub: argparse._SubParsersAction) -> None:
    ex = sub.add_parser("export", help="export from the archive (wacz)",
                        description="Export archived jobs, a harvest or a URL list as one self-contained WACZ "
                                    "file (docs/wacz.md). `nas export wacz --help` for the options.")
    exs = ex.add_subparsers(dest="export_command", metavar="FORMAT")
    exs.required = True
    w = exs.add_parser("wacz", help="jobs, a harvest or a URL list as one WACZ file",
                       epilog=EXPORT_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_broker_arguments(w)
    w.add_argument("output", metavar="OUTPUT", help="the .wacz file to write")
    w.add_argument("--jobs", metavar="JOB_IDS", help="job ids and ranges: 1,2,5-9")
    w.add_argument("--harvest", metavar="NAME", help="every job of this harvest definition")
    w.add_argument("--run", type=int, metavar="N", help="with --harvest: only this run")
    w.add_argument("--urls", metavar="FILE", help="only the captures of these URLs (one a line; '-': stdin)")
    w.add_argument("--title", default="", help="the package's title")
    w.add_argument("--index", choices=("auto", "plain", "blocks"), default="auto",
                   help="index.cdxj, or index.cdx.gz in gzip blocks with index.idx (auto: blocks over 4 MiB)")
    w.add_argument("-B", "--replica", default=None, help="read from this replica first (default: the configured one)")
    w.add_argument("--work-dir", default=None, help="for temporary files (default: the system's)")
    w.add_argument("--force", action="store_true", help="overwrite OUTPUT")
    w.add_argument("--no-progress", action="store_true")
    w.set_defaults(func=export_wacz, timeout=60.0)

    im = sub.add_parser("import", help="bring WARC or WACZ files made elsewhere into the archive",
                        description="Check WARC or WACZ files made elsewhere, store them in every replica as a "
                                    "new job of a harvest definition, and have them indexed and browsable "
                                    "(docs/wacz.md). Needs the admin role, as `nas upload` does.")
    ims = im.add_subparsers(dest="import_command", metavar="FORMAT")
    ims.required = True
    for fmt, helptext in (("wacz", "one WACZ file"), ("warc", "WARC files (one job)")):
        p = ims.add_parser(fmt, help=helptext, epilog=IMPORT_EPILOG,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        add_broker_arguments(p)
        p.add_argument("files", nargs=1 if fmt == "wacz" else "+", metavar="FILE")
        p.add_argument("--harvest", required=True, metavar="NAME",
                       help="the harvest definition the new job is filed under (it must exist)")
        p.add_argument("--seed", action="append", default=[], metavar="URL",
                       help="the collection's seeds (a WACZ's own are taken from its pages)")
        p.add_argument("--work-dir", default=None, help="for the checked copies (default: the system's)")
        p.add_argument("--serve-address", default=os.environ.get("NAS_UPLOAD_ADDRESS", "127.0.0.1:0"),
                       help="host:port where the files are served to the bitarchives (as `nas upload`)")
        p.add_argument("--public-host", default="", help="host name the bitarchives use to reach --serve-address")
        p.add_argument("--check-only", action="store_true", help="check the files and stop")
        p.add_argument("--no-progress", action="store_true")
        p.set_defaults(func=import_files, import_format=fmt, timeout=60.0)


def _arc(proxy, method: str, *a: Any) -> Any:
    return call(proxy, "arcrepository", method, *a)


# --- export ---------------------------------------------------------------------------------------

def _job_ids(args, proxy) -> list[int]:
    """The jobs of the selection. A search result (full-text search) is not a selection yet:
    when it exists, it gives job ids and a URL list here, and the rest stays as it is."""
    from server.cli.viewer_cmd import parse_jobs
    from shared.errors import InvalidInput, JobNotFound

    if bool(args.jobs) == bool(args.harvest):
        raise InvalidInput("name the jobs (--jobs) or a harvest definition (--harvest), one of them")
    if args.jobs:
        ids = parse_jobs(args.jobs)
        for job in ids:
            call(proxy, "scheduler", "job", job)   # JobNotFound for one that does not exist
        return ids
    filters: dict[str, Any] = {"harvest": args.harvest}
    if args.run is not None:
        filters["harvest_run"] = args.run
    ids, offset = [], 0
    while True:
        page = call(proxy, "scheduler", "list_jobs", filters, offset, 500, "id")
        ids += [j.id for j in page.items]
        offset += len(page.items)
        if not page.items or offset >= page.total:
            break
    if not ids:
        raise JobNotFound(f"the harvest {args.harvest!r} has no jobs" + (f" in run {args.run}" if args.run else ""),
                          {"harvest": args.harvest})
    return ids


def _urls(path: str | None) -> list[str] | None:
    if path is None:
        return None
    from server.cli.inputs import read_lines
    from shared.errors import InvalidInput

    lines = sys.stdin.read().splitlines() if path == "-" else read_lines(path)
    urls = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    if not urls:
        raise InvalidInput(f"{path}: no URLs", {"file": path})
    return urls


def _source(proxy, args, progress):
    """The shared export source (shared/wacz/source.py) over this command's proxy."""
    from server.archive.remotefile import http_chunks
    from shared.wacz.source import ArchiveSource

    return ArchiveSource(lambda service, method, *a: call(proxy, service, method, *a),
                         lambda url: http_chunks(url, args.timeout), args.replica, progress,
                         lookup_wait=max(600.0, args.timeout))


def export_wacz(args: argparse.Namespace) -> int:
    from shared.errors import InvalidInput
    from shared.wacz.run import export_to_file

    out = args.output
    if os.path.isdir(out):
        raise InvalidInput(f"{out} is a directory", {"file": out})
    if os.path.exists(out) and not args.force:
        raise InvalidInput(f"{out} exists (use --force to overwrite)", {"file": out})
    parent = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(parent):
        raise InvalidInput(f"{parent}: no such directory", {"file": out})
    urls = _urls(args.urls)
    compressed = {"auto": None, "plain": False, "blocks": True}[args.index]
    with rpc_proxy(args) as proxy:
        jobs = _job_ids(args, proxy)
        with progress_bar(args, unit="B", unit_scale=True, desc="export") as bar:
            source = _source(proxy, args, bar.update)

            def on_file(name: str) -> None:
                bar.total = sum(source.sizes.values()) or None
                bar.set_description(name[:40])

            summary = export_to_file(out, source, jobs, args.title, compressed, urls, on_file, args.work_dir)
    print(f"{out}: {len(summary.files)} WARC files, {summary.records} index lines, {summary.pages} pages, "
          f"{summary.originals} revisit originals added; {os.path.getsize(out)} bytes on disk "
          f"({summary.bytes} bytes of members, before the zip's own compression) (jobs {', '.join(map(str, jobs))})")
    if summary.unresolved_revisits:
        print(f"nas: note: export: {summary.unresolved_revisits} revisited payloads have no original in the "
              "package (the archive does not say where they are)", file=sys.stderr)
    return 0


# --- import ---------------------------------------------------------------------------------------

def import_files(args: argparse.Namespace) -> int:
    import tempfile

    from server.wacz import imports, reader, warcs

    with tempfile.TemporaryDirectory(prefix="nas-import-", dir=args.work_dir) as staging:
        checked = os.path.join(staging, "checked")
        os.mkdir(checked)
        seeds = list(args.seed)
        pages: list[dict] = []
        if args.import_format == "wacz":
            source = args.files[0]
            if not os.path.isfile(source):
                raise OSError(2, "no such file", source)
            with progress_bar(args, total=os.path.getsize(source), unit="B", unit_scale=True, desc="unpack") as bar:
                package = reader.extract(source, checked, progress=bar.update)
            paths = package.warcs
            originals = [os.path.basename(p) for p in paths]
            pages = package.pages
            if not seeds:
                seeds = [p["url"] for p in pages if p.get("seed")] or \
                    ([package.datapackage["mainPageURL"]] if package.datapackage.get("mainPageURL") else [])
        else:
            source = ", ".join(os.path.basename(f) for f in args.files)
            for f in args.files:
                if not os.path.isfile(f):
                    raise OSError(2, "no such file", f)
            paths, originals = list(args.files), [os.path.basename(f) for f in args.files]
        facts = []
        with progress_bar(args, total=len(paths), unit="file", desc="check") as bar:
            for path, original in zip(paths, originals):
                facts.append(warcs.check_warc(path, original))
                bar.update(1)
        print(f"checked: {len(paths)} WARC files, {sum(f.records for f in facts)} records"
              + (f" ({source})" if args.import_format == "wacz" else ""), file=sys.stderr)
        if args.check_only:
            return 0
        return _store_as_job(args, staging, paths, originals, facts, source, seeds, pages, imports)


def _store_as_job(args, staging, paths, originals, facts, source, seeds, pages, imports) -> int:
    import datetime as dt
    import shutil

    from shared.errors import NasError

    with rpc_proxy(args) as proxy:
        job = call(proxy, "scheduler", "begin_import", args.harvest, seeds, source)
        stored: list[str] = []
        try:
            now = dt.datetime.now(dt.UTC)
            files = []
            for serial, (path, original, fact) in enumerate(zip(paths, originals, facts)):
                name = imports.archive_name(job.id, job.harvest_id, now, serial, fact.suffix)
                target = os.path.join(staging, name)
                try:
                    os.link(path, target)
                except OSError:
                    shutil.copyfile(path, target)
                sha, size = imports.sha256_file(target)
                files.append(imports.ImportedFile(target, original, name, sha, size))
            meta = imports.write_metadata(os.path.join(staging, imports.metadata_name(job.id)), job.id,
                                          job.harvest_id, files, source, seeds, pages)
            for path in [f.path for f in files] + [meta]:
                # a hard link to the user's own file goes over HTTP: a bitarchive on this host would
                # otherwise link it too, and the archived copy would change with the user's file
                _store_one(args, proxy, path, http_only=os.stat(path).st_nlink > 1)
                stored.append(os.path.basename(path))
        except (NasError, OSError) as exc:
            why = getattr(exc, "message", None) or str(exc)
            call(proxy, "scheduler", "end_import", job.id, f"{why} (stored: {', '.join(stored) or 'nothing'})")
            return fail(EXIT_FAILED, f"import: job {job.id} failed: {why}; stored before the failure: "
                                     f"{', '.join(stored) or 'nothing'}")
        call(proxy, "scheduler", "end_import", job.id, "")
    print(f"job {job.id}: {len(stored)} files stored in every replica ({', '.join(stored)}); "
          f"browse with `nas viewer session create --jobs {job.id}`")
    return 0


def _store_one(args, proxy, path: str, http_only: bool = False) -> None:
    """Store one file in every replica the way ``nas upload`` does (served by a file server of this
    command; the replicas copy while it hashes); StoreFailed unless every replica holds it."""
    from server.archive.client_store import store_while_hashing
    from server.archive.fileserver import FileServer
    from server.archive.remotefile import RemoteFile
    from server.cli.archive_cmd import _call, _store, check_archived_checksum
    from shared.errors import StoreFailed

    name = os.path.basename(path)
    server = FileServer(args.serve_address, args.public_host).start()
    try:
        url = server.offer(path)
        rf = RemoteFile.for_local_file(path, name, None, url)
        if http_only:
            rf.host = ""
        with progress_bar(args, total=os.path.getsize(path), unit="B", unit_scale=True, desc=f"checksum {name}") as bar:
            first, checksum = store_while_hashing(lambda method, *a: _call(proxy, method, *a), rf, path, bar.update)
        status = _store(args, proxy, rf, first)
    finally:
        server.stop()
    if not status.complete:
        failed = "; ".join(f"{r.replica}: {r.state} {r.error or ''}".strip() for r in status.replicas
                           if r.state != "upload_completed")
        raise StoreFailed(f"{name} was not stored in every replica ({failed})", {"name": name})
    check_archived_checksum(status, checksum)
