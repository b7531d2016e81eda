"""``nas upload``, ``nas get-file``, ``nas get-record``, ``nas batch``, ``nas archive ls``.

Exit status: 0 everything done; 1 something ran but failed (a replica did not store a file, a
batch was incomplete or had failed files); 2 bad input; 3 a service or replica could not be
reached.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib
from typing import TYPE_CHECKING, Any

from server.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    EXIT_UNREACHABLE,
    add_broker_arguments,
    call,
    print_json,
    print_table,
    progress_bar,
    rpc_proxy,
)
from shared import contracts
from shared.errors import (
    ArchiveFileNotFound,
    ChecksumMismatch,
    InvalidInput,
    InvalidWarc,
    NasError,
    NotFound,
    StoreFailed,
    Unavailable,
)

if TYPE_CHECKING:
    from shared.dto.archive import ArchiveFileDto, StoreStatusDto

#: seconds one store_status or batch_status call may wait for the store or run to end (the
#: progress bar moves as often)
STATUS_WAIT = 5.0
DONE_STATES = ("upload_completed", "upload_failed")


def _call(proxy, method: str, *args: Any) -> Any:
    """``arcrepository.<method>(*args)``, its answer decoded into the DTO the service declares."""
    return contracts.decode("arcrepository", method, call(proxy, "arcrepository", method, *args))


def register(sub: argparse._SubParsersAction) -> None:
    up = sub.add_parser("upload", help="store files in every replica (deleted locally only when all stored them)")
    add_broker_arguments(up)
    up.add_argument("files", nargs="+", metavar="FILE")
    up.add_argument("--keep", action="store_true", help="keep the local files even when stored everywhere")
    up.add_argument("--serve-address", default=os.environ.get("NAS_UPLOAD_ADDRESS", "127.0.0.1:0"),
                    help="host:port where this command serves the files to the bitarchives "
                         "(default 127.0.0.1:0; use a reachable address when they run elsewhere)")
    up.add_argument("--public-host", default="", help="host name the bitarchives use to reach --serve-address")
    up.add_argument("--http-only", action="store_true", help="never let a bitarchive on this host read the file "
                                                             "directly")
    up.add_argument("--no-progress", action="store_true")
    up.set_defaults(func=upload, timeout=60.0)

    gf = sub.add_parser("get-file", help="fetch a whole file from a replica (checksum checked on arrival)")
    add_broker_arguments(gf)
    gf.add_argument("name", metavar="NAME")
    gf.add_argument("dest", nargs="?", metavar="DEST", help="file or directory (default: ./NAME)")
    gf.add_argument("-B", "--replica", default=None, help="replica id or name (default: the configured default)")
    gf.add_argument("--force", action="store_true", help="overwrite DEST")
    gf.add_argument("--no-progress", action="store_true")
    gf.set_defaults(func=get_file)

    gr = sub.add_parser("get-record", help="print one WARC/ARC record, found by file name and offset")
    add_broker_arguments(gr)
    gr.add_argument("name", metavar="NAME")
    gr.add_argument("offset", type=int, metavar="OFFSET")
    gr.add_argument("-B", "--replica", default=None)
    gr.add_argument("--raw", action="store_true", help="the stored bytes (gzip member) instead of the record")
    gr.add_argument("-O", "--output", default=None, help="write here instead of standard output")
    gr.set_defaults(func=get_record)

    b = sub.add_parser("batch", help="run batch jobs over a replica's files")
    bs = b.add_subparsers(dest="batch_command", metavar="ACTION")
    bs.required = True
    run = bs.add_parser("run", help="run JOB (a registered name, or a .py file where user code is allowed)")
    add_broker_arguments(run)
    run.add_argument("job", metavar="JOB")
    run.add_argument("-B", "--replica", default=None)
    run.add_argument("-R", "--regex", default=None, help="only files whose whole name matches")
    run.add_argument("-O", "--output", default=None, help="merged output file (default: standard output)")
    run.add_argument("-E", "--errors", default=None, help="file for the exceptions (default: standard error)")
    run.add_argument("-a", "--arg", action="append", default=[], metavar="KEY=VALUE",
                     help="job argument (VALUE read as JSON when it parses, e.g. job_ids=[1,2])")
    run.add_argument("--no-progress", action="store_true")
    run.set_defaults(func=batch_run)
    ls = bs.add_parser("list", help="the registered batch jobs")
    add_broker_arguments(ls)
    ls.set_defaults(func=batch_list)

    a = sub.add_parser("archive", help="what the archive holds")
    as_ = a.add_subparsers(dest="archive_command", metavar="ACTION")
    as_.required = True
    al = as_.add_parser("ls", help="archived files with their state per replica")
    add_broker_arguments(al)
    al.add_argument("-B", "--replica", default=None)
    al.add_argument("-R", "--regex", default=None)
    al.add_argument("--json", action="store_true")
    al.set_defaults(func=archive_ls)


# --- upload ---------------------------------------------------------------------------------

def upload(args: argparse.Namespace) -> int:
    from server.archive.client_store import store_while_hashing
    from server.archive.fileserver import FileServer
    from server.archive.names import check_name
    from server.archive.remotefile import RemoteFile

    failures = bad = 0
    server = FileServer(args.serve_address, args.public_host).start()
    try:
        with rpc_proxy(args) as proxy:
            for path in args.files:
                name = os.path.basename(path)
                try:
                    check_name(name)
                    if not os.path.isfile(path):
                        raise InvalidInput(f"{path}: no such file", {"file": path})
                    size = os.path.getsize(path)
                    url = server.offer(path)
                    rf = RemoteFile.for_local_file(path, name, None, url)
                    if args.http_only:
                        rf.host = ""
                    try:
                        # the replicas copy while this command hashes its file (server.archive.client_store)
                        with progress_bar(args, total=size, unit="B", unit_scale=True, desc=f"checksum {name}") as bar:
                            first, checksum = store_while_hashing(
                                lambda method, *a: _call(proxy, method, *a), rf, path, bar.update)
                        status = _store(args, proxy, rf, first)
                    finally:
                        server.withdraw(url)
                    if status.complete:
                        check_archived_checksum(status, checksum)
                except (InvalidInput, NotFound) as exc:
                    print(f"nas upload: {path}: {exc.message}", file=sys.stderr)
                    bad += 1
                    continue
                except NasError as exc:
                    print(f"nas upload: {path}: not stored: {exc.code}: {exc.message}", file=sys.stderr)
                    failures += 1
                    continue
                if status.complete:
                    kept = "kept" if args.keep else "deleted locally"
                    if not args.keep:
                        os.unlink(path)
                    replicas = ", ".join(r.replica for r in status.replicas)
                    print(f"{name}: stored in {replicas} (md5 {status.checksum}); {kept}")
                else:
                    failures += 1
                    print(f"nas upload: {path}: NOT stored in every replica; the local file is kept", file=sys.stderr)
                    for r in status.replicas:
                        if r.state != "upload_completed":
                            print(f"  replica {r.replica}: {r.state}: {r.error or ''}", file=sys.stderr)
    finally:
        server.stop()
    if failures:
        return EXIT_FAILED
    return EXIT_BAD_INPUT if bad else 0


def check_archived_checksum(status: StoreStatusDto, checksum: str) -> None:
    """StoreFailed unless the archive holds this file's bytes (nothing is deleted then)."""
    from server.archive.remotefile import check_archived_checksum as check

    check(status, checksum)


def _store(args, proxy, rf, status: StoreStatusDto) -> StoreStatusDto:
    """Follow a store from its first ``status`` to its end. A store the arcrepository no longer
    runs (it restarted meanwhile) leaves replicas in progress: it is resumed once by storing
    the file again, which asks those replicas first whether they hold it."""
    from shared.dto.archive import INTERRUPTED_PREFIX

    status = _follow(args, proxy, rf, status)
    # in progress with no store running, or already settled as failed for that reason
    cut = [r.replica for r in status.replicas if r.replica in status.interrupted_replicas
           or (r.state == "upload_failed" and (r.error or "").startswith(INTERRUPTED_PREFIX))]
    if cut:
        print(f"nas upload: {rf.name}: the store was interrupted in {', '.join(cut)} "
              "(the arcrepository restarted during it); resuming it", file=sys.stderr)
        status = _follow(args, proxy, rf, _call(proxy, "store", rf.to_dict()))
    return status


def _follow(args, proxy, rf, status: StoreStatusDto) -> StoreStatusDto:
    from server.archive.client_store import pause_if_early
    from server.cli.common import Unreachable

    with progress_bar(args, total=len(status.replicas), unit="replica", desc=f"store {rf.name}") as bar:
        done = 0
        while status.running:
            # The arcrepository answers as soon as the store ended: no poll interval is added.
            started, wait = time.monotonic(), min(STATUS_WAIT, args.timeout / 2)
            try:
                status = _call(proxy, "store_status", rf.name, wait)
            except Unreachable as exc:
                raise Unavailable(
                    f"the arcrepository stopped answering while it stored {rf.name} ({exc}): the store is "
                    "interrupted and the local file is kept; run nas upload again when the arcrepository "
                    "runs: it resumes the store, asking each replica first whether it holds the file",
                    {"name": rf.name, "reason": "interrupted"}) from None
            if status.running:
                pause_if_early(started, wait)
            now = sum(1 for r in status.replicas if r.state in DONE_STATES)
            bar.update(now - done)
            done = now
    return status


# --- get ------------------------------------------------------------------------------------

def get_file(args: argparse.Namespace) -> int:
    """Fetch a whole file, its checksum checked on arrival. A replica that lacks the file, does
    not answer or returns other bytes is reported on standard error and the next bitarchive
    replica is tried (the named one, or the default, first); exit 0 only for verified bytes."""
    from server.archive.names import check_name
    from server.archive.remotefile import download, http_chunks

    check_name(args.name)
    dest = args.dest or args.name
    if os.path.isdir(dest):
        dest = os.path.join(dest, args.name)
    parent = os.path.dirname(os.path.abspath(dest))
    if not os.path.isdir(parent):
        raise InvalidInput(f"{parent}: no such directory", {"file": dest})
    if os.path.exists(dest) and not args.force:
        raise InvalidInput(f"{dest} exists (use --force to overwrite)", {"file": dest})
    problems: list[str] = []
    with rpc_proxy(args) as proxy:
        order = _replica_order(proxy, args.replica)
        for replica in order:
            try:
                info = _call(proxy, "get_file", args.name, replica)
                with progress_bar(args, total=info.size, unit="B", unit_scale=True, desc=args.name) as bar:
                    checksum = download(http_chunks(info.url, args.timeout), dest, info.checksum, info.size,
                                        progress=bar.update)
            except NasError as exc:
                if isinstance(exc, InvalidInput) and exc.code == "invalid_name":
                    raise
                _report_damage(proxy, args.name, replica, exc)
                problems.append(f"replica {replica}: {exc.code}: {exc.message}")
                print(f"nas get-file: {args.name}: replica {replica}: {exc.code}: {exc.message}"
                      + ("; trying the next replica" if replica != order[-1] else ""), file=sys.stderr)
                continue
            print(f"{dest}: {info.size} bytes from replica {info.replica} ({info.instance_id}), md5 {checksum}"
                  + (" verified" if info.checksum else " (no stored checksum to verify)"), file=sys.stderr)
            return 0
    if problems and all("file_not_found" in p for p in problems):
        raise ArchiveFileNotFound(f"{args.name} is in no replica ({'; '.join(problems)})", {"name": args.name})
    raise StoreFailed(f"{args.name}: no replica gave a good copy ({'; '.join(problems)})", {"name": args.name})


def _report_damage(proxy, name: str, replica: str, exc: NasError) -> None:
    """Tell bit preservation that ``replica`` gave damaged bytes of ``name`` (the arcrepository
    checks the copy itself before it marks anything); a report that cannot be made changes
    nothing for this read."""
    from server.cli.common import Unreachable

    if not isinstance(exc, ChecksumMismatch | InvalidWarc):
        return
    try:
        _call(proxy, "report_damage", name, replica, exc.message[:500])
    except (NasError, Unreachable):
        pass


def _replica_order(proxy, named: str | None) -> list[str]:
    """Bitarchive replicas to try: the named one (or the default) first, then the others."""
    from shared.wacz.source import replica_order

    return replica_order(_call(proxy, "replicas"), named)


def get_record(args: argparse.Namespace) -> int:
    """Print one record, verified against its WARC-Block-Digest (and its gzip CRC) before a byte
    is written. A replica whose copy is damaged (or that lacks the file, or does not answer) is
    reported on standard error and the next bitarchive replica is tried, as ``get-file`` does;
    only when none gives a good copy is it an error (``checksum_mismatch`` when a copy was
    damaged). An unverifiable record (no digest) is printed and said so."""
    import tempfile

    from server.archive.names import check_name

    check_name(args.name)
    if args.output and not os.path.isdir(os.path.dirname(os.path.abspath(args.output))):
        raise InvalidInput(f"{args.output}: no such directory", {"file": args.output})
    where = f"{args.name} at offset {args.offset}"
    problems: list[NasError] = []
    suspects: list[tuple[str, NasError]] = []
    with rpc_proxy(args) as proxy:
        order = _replica_order(proxy, args.replica)
        for replica in order:
            raw, text = tempfile.SpooledTemporaryFile(1 << 24), tempfile.SpooledTemporaryFile(1 << 24)
            try:
                info = _call(proxy, "get_record", args.name, args.offset, replica)
                check = _fetch_record(info.url, args.timeout, where, raw, text)
            except NasError as exc:
                raw.close()
                text.close()
                if exc.code in ("invalid_name", "invalid_input"):
                    raise
                if isinstance(exc, ChecksumMismatch):
                    _report_damage(proxy, args.name, replica, exc)
                elif isinstance(exc, InvalidWarc):
                    suspects.append((replica, exc))     # damage, if another replica has a record there
                problems.append(exc)
                print(f"nas get-record: {where}: replica {replica}: {exc.code}: {exc.message}"
                      + ("; trying the next replica" if replica != order[-1] else ""), file=sys.stderr)
                continue
            for bad, exc in suspects:
                _report_damage(proxy, args.name, bad, exc)
            with raw, text:
                _write_record(raw if args.raw else text, args.output)
            if problems:
                print(f"nas get-record: {where}: a good copy came from replica {replica}", file=sys.stderr)
            if not check.verified:
                print(f"nas get-record: note: {check.message}", file=sys.stderr)
            return 0
    said = "; ".join(f"{e.code}: {e.message}" for e in problems)
    if problems and all(isinstance(e, ArchiveFileNotFound) for e in problems):
        raise ArchiveFileNotFound(f"{args.name} is in no replica ({said})", {"name": args.name})
    if any(isinstance(e, ChecksumMismatch) for e in problems):
        raise ChecksumMismatch(f"{where}: no replica holds a good copy ({said})", {"where": where})
    raise problems[-1] if problems else ArchiveFileNotFound(f"{args.name}: no replica to ask", {"name": args.name})


def _fetch_record(url: str, timeout: float, where: str, raw, text):
    """Stream the record into ``raw`` (as stored) and ``text`` (inflated) and verify it; raises
    ChecksumMismatch for a damaged copy (bad gzip, truncated member, wrong block digest)."""
    from server.archive.remotefile import http_chunks
    from server.archive.verify import verify_record

    inflater = None
    try:
        for chunk in http_chunks(url, timeout):
            if inflater is None and raw.tell() == 0 and chunk[:2] == b"\x1f\x8b":
                inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
            raw.write(chunk)
            text.write(inflater.decompress(chunk) if inflater else chunk)
        if inflater is not None:
            text.write(inflater.flush())
            if not inflater.eof:
                raise ChecksumMismatch(f"{where}: the gzip member is truncated", {"where": where})
    except zlib.error as exc:
        raise ChecksumMismatch(f"{where} is damaged: {exc}", {"where": where}) from None
    text.seek(0)
    return verify_record(text, where)


def _write_record(source, output: str | None) -> None:
    source.seek(0)
    out = open(output, "wb") if output else sys.stdout.buffer
    try:
        while block := source.read(1 << 20):
            out.write(block)
    finally:
        if output:
            out.close()
        else:
            out.flush()


# --- batch ----------------------------------------------------------------------------------

def _job_args(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InvalidInput(f"job argument {pair!r} is not KEY=VALUE", {"arg": pair})
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def batch_run(args: argparse.Namespace) -> int:
    from server.archive.client_store import pause_if_early
    from server.archive.remotefile import download, http_chunks

    source = None
    job = args.job
    if job.endswith(".py") and os.path.isfile(job):
        with open(job, encoding="utf-8") as fh:
            source = fh.read()
        job = os.path.basename(job)[:-3]
    from server.archive.batch import fallback

    job_args = _job_args(args.arg)
    rerun = fallback.Fallback()
    with rpc_proxy(args) as proxy:
        result = _call(proxy, "batch", None if source else job, args.replica, args.regex, job_args, source)
        with progress_bar(args, total=len(result.expected_instances), unit="instance", desc=f"batch {job}") as bar:
            while result.running:
                # answered as soon as the run is done: no poll interval is added to a run (a
                # checksum run of a gibibyte takes well under a second)
                started, wait = time.monotonic(), min(STATUS_WAIT, args.timeout / 2)
                result = _call(proxy, "batch_status", result.batch_id, wait)
                if result.running:
                    pause_if_early(started, wait)
            bar.update(len(result.answered_instances))
        if result.failed_files and fallback.falls_back(None if source else job, source):
            # files whose copy failed here are read from another replica, as get-file does
            rerun = fallback.rerun_failed(lambda method, *a: _call(proxy, method, *a), result, job, job_args,
                                          lambda rid, names: print(
                                              f"nas batch: {len(names)} file(s) failed in replica {result.replica}; "
                                              f"running {job} over them in replica {rid}", file=sys.stderr))
    if rerun.outputs and result.output_url:
        if args.output:
            with open(args.output, "wb") as dest:
                fallback.merge_outputs(job, [result.output_url, *rerun.outputs], dest, job_args, args.timeout)
        else:
            fallback.merge_outputs(job, [result.output_url, *rerun.outputs], sys.stdout.buffer, job_args, args.timeout)
            sys.stdout.buffer.flush()
    elif result.output_url:
        if args.output:
            download(http_chunks(result.output_url, args.timeout), args.output)
        else:
            for chunk in http_chunks(result.output_url, args.timeout):
                sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
    if rerun.recovered:
        # the first run's exceptions of the recovered files stay (they say why the copy failed)
        result.files_failed -= len(rerun.recovered)
        result.files_processed += len(rerun.recovered)
    errors = open(args.errors, "w", encoding="utf-8") if args.errors else sys.stderr
    try:
        for name, rid in sorted(rerun.recovered.items()):
            print(f"-\t{name}\tfailed in replica {result.replica}; read from replica {rid}", file=errors)
        for note in rerun.notes:
            print(f"-\t-\t{note}", file=errors)
        for e in [*result.exceptions, *rerun.exceptions]:
            print(f"{e.instance_id or ''}\t{e.file or '-'}\t{e.error}", file=errors)
        for name in result.missing_files:
            print(f"-\t{name}\tnot processed: missing in replica {result.replica}", file=errors)
    finally:
        if args.errors:
            errors.close()
    summary = (f"batch {result.batch_id}: {result.files_processed} files processed, "
               f"{result.files_failed} failed, {len(result.answered_instances)}/"
               f"{len(result.expected_instances)} instances answered")
    if result.incomplete:
        why = []
        if result.missing_instances:
            why.append("no answer from: " + ", ".join(result.missing_instances))
        if result.error:
            why.append(result.error)
        if not why:
            why.append("the job failed in some instances, see the exceptions")
        summary += f"; INCOMPLETE ({'; '.join(why)})"
    print(summary, file=sys.stderr)
    return EXIT_FAILED if result.incomplete or result.files_failed else 0


def batch_list(args: argparse.Namespace) -> int:
    with rpc_proxy(args) as proxy:
        for name in _call(proxy, "batch_jobs"):
            print(name)
    return 0


# --- ls ---------------------------------------------------------------------------------------

def archive_ls(args: argparse.Namespace) -> int:
    items: list[ArchiveFileDto] = []
    with rpc_proxy(args) as proxy:
        offset = 0
        while True:
            page = _call(proxy, "list_files", args.replica, offset, 1000, args.regex)
            items.extend(page.items)
            offset += len(page.items)
            if not page.items or offset >= page.total:
                break
    if args.json:
        print_json([i.to_dict() for i in items])
        return 0
    # a copy bit preservation found missing, corrupt or disputed is shown as that, not as the
    # upload_completed its store once reached
    rows = [(i.name, i.size, i.checksum, " ".join(f"{k}:{i.findings.get(k) or v}" for k, v in sorted(i.states.items())))
            for i in items]
    print_table(("NAME", "SIZE", "MD5", "STATE PER REPLICA"), rows)
    return 0


__all__ = ["register", "EXIT_UNREACHABLE", "Unavailable"]
