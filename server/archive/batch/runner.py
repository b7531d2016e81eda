"""The child process that runs one batch job over one bitarchive instance's files.

``python -m server.archive.batch.runner`` reads a JSON spec on stdin, writes the job's output to
the file descriptor it was given and prints a JSON summary on stdout. It runs apart from the
service (heavy CPU never stalls the service's event loop) and with less power than it. The
bitarchive starts it without ``site`` (``core.runner_argv``) and it imports little: a checksum
audit pays its start once per instance and run, and on a 1 GiB instance that start was a tenth
of the whole run.

What protects the archive is the operating system, not this module: the bitarchive starts the
runner inside the bubblewrap sandbox (:mod:`server.archive.batch.sandbox`: storage bound
read-only, no network, cleared environment, an unprivileged user, a cgroup), and user code runs
only there. The audit hook below is a convenience, not a protection (Python code can switch it
off, and it does not see ``ctypes``, ``os.system`` or child processes): a shipped job run with
the sandbox off gets a clear error when it writes to an archive file by mistake. The switch to
``sandbox_user`` applies only to a runner started as root outside the sandbox.
"""
from __future__ import annotations

import json
import os
import resource
import sys

# typing only for annotations: importing it costs every batch run's start ~3 ms of CPU (the
# runner's child imports this module; docs/decisions/archive-bitpreservation.md, "Checksum speed")
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
GUARDED_EVENTS = {"os.remove", "os.rename", "os.chmod", "os.chown", "os.truncate", "os.link", "os.symlink",
                  "os.rmdir", "os.mkdir", "shutil.rmtree", "shutil.move", "os.utime", "os.chflags"}


def drop_privileges(user: str) -> None:
    if os.geteuid() != 0 or not user:
        return
    import pwd

    pw = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)


def protect(dirs: list[str]) -> None:
    roots = tuple(os.path.realpath(d) + os.sep for d in dirs)

    def inside(path: Any) -> bool:
        if isinstance(path, int) or path is None:
            return False
        try:
            real = os.path.realpath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        return (real + os.sep).startswith(roots)

    def hook(event: str, args: tuple) -> None:
        if event == "open" and args:
            path, mode, flags = (list(args) + [None, None])[:3]
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & WRITE_FLAGS)
            if writes and inside(path):
                raise PermissionError(f"batch jobs may not change archive files ({path})")
        elif event in GUARDED_EVENTS and args and any(inside(a) for a in args[:2]):
            raise PermissionError(f"batch jobs may not change archive files ({event})")

    sys.addaudithook(hook)


def _preload() -> None:
    """Import what jobs commonly use while the installation is still readable."""
    import collections  # noqa: F401
    import gzip  # noqa: F401
    import hashlib  # noqa: F401
    import heapq  # noqa: F401
    import io  # noqa: F401
    import traceback  # noqa: F401 - the runner's own report of a failed job
    import zlib  # noqa: F401

    import warcio.archiveiterator  # noqa: F401
    import warcio.warcwriter  # noqa: F401

    import server.archive.checksums  # noqa: F401
    import shared.errors  # noqa: F401 - base.py imports it where used
    import shared.warc.cdx  # noqa: F401


def failure_recorder(result: dict[str, Any], max_exceptions: int) -> Any:
    """The function that counts a failed file into ``result`` (its name; its error among the
    first ``max_exceptions``)."""

    def failed(name: str, exc: BaseException) -> None:
        result["files_failed"].append(name)
        if len(result["exceptions"]) < max_exceptions:
            result["exceptions"].append({"file": name, "error": f"{exc.__class__.__name__}: {exc}"})

    return failed


def threaded(job: Any, files: list, threads: int, out: Any, result: dict[str, Any], failed: Any,
             modules: tuple[Any, Any] | None = None) -> None:
    """``job.file_output`` of every file by ``threads`` threads, outputs written in file order.

    Plain threads and one-shot queues rather than ``concurrent.futures``: importing that pulls
    in ``logging`` and ``traceback``, about 8 ms of CPU per run, and a checksum audit pays every
    millisecond of a run's start (docs/decisions/archive-bitpreservation.md, "Checksum speed").
    A bounded window of files is in flight (not a slot per file of a million-file instance at
    once); a file's failure is reported, the others go on. ``modules``: the ``threading`` and
    ``queue`` modules to use (the bitarchive's own checksum run passes the native ones, which
    eventlet's monkey-patching replaced in that process); this process's by default."""
    import collections

    if modules is None:
        import queue
        import threading
    else:
        threading, queue = modules

    tasks: queue.SimpleQueue = queue.SimpleQueue()

    def work() -> None:
        while (task := tasks.get()) is not None:
            name, path, reply = task
            try:
                reply.put((True, job.file_output(name, path)))
            except BaseException as exc:  # noqa: BLE001 - handed to the writing thread, which decides
                reply.put((False, exc))

    # daemon: when the writing thread gives up (an error it re-raises), a worker still inside a
    # long file must not keep the run alive
    workers = [threading.Thread(target=work, daemon=True) for _ in range(threads)]
    for w in workers:
        w.start()
    window: collections.deque = collections.deque()
    todo = iter(files)
    try:
        while True:
            while len(window) < threads * 4 and (nxt := next(todo, None)) is not None:
                task = (nxt[0], nxt[1], queue.SimpleQueue())
                tasks.put(task)
                window.append(task)
            if not window:
                break
            name, _, reply = window.popleft()
            ok, value = reply.get()
            if ok:
                out.write(value)
                result["files_processed"] += 1
            elif isinstance(value, Exception):
                failed(name, value)       # one bad file must not end the job
            else:
                raise value
    finally:
        for _ in workers:
            tasks.put(None)
    for w in workers:
        w.join()


def _withdrawer(out: Any) -> Any:
    """A function that cuts ``out`` back to an earlier position (the output of a file that failed
    half-way: a urlsearch over a damaged WARC found some records before it broke), or None
    when ``out`` cannot seek (nothing is withdrawn then; the file is still counted as failed)."""
    try:
        seekable = out.seekable()
    except (OSError, ValueError):
        seekable = False
    if not seekable:
        return None

    def withdraw(position: int) -> None:
        out.seek(position)
        out.truncate()

    return withdraw


def _site() -> None:
    """Run what ``site`` does at start (the ``.pth`` files of site-packages) if it was skipped.

    The bitarchive starts this runner with ``-S`` and its module path given (``core.runner_argv``):
    a venv's ``.pth`` files (an editable install's import finder imports ``pathlib``, ``re``,
    ``urllib``...) cost a run about 12 ms of CPU and 30 ms of wall time. Shipped jobs are found
    on the given path; user code, and a shipped job that only a ``.pth`` import hook finds, get
    the full start-up as before."""
    if sys.flags.no_site and "site" not in sys.modules:
        import site

        site.main()


def run(spec: dict[str, Any]) -> dict[str, Any]:
    import re

    from server.archive.batch.base import job_by_reference, job_from_source, load_job

    out = os.fdopen(spec["out_fd"], "wb", buffering=1 << 20)
    max_exc = spec.get("max_exceptions", 100)
    result: dict[str, Any] = {"files_processed": 0, "files_failed": [], "exceptions": []}
    try:
        # Shipped jobs are loaded with the service's rights (their modules may live where the
        # sandbox user cannot read); user code only after the switch.
        cls = None
        if not spec.get("source"):
            # the bitarchive's resolved ``module:Class``: no scan of every distribution's entry
            # points in each run (a start cost every checksum audit pays)
            def shipped() -> type:
                return job_by_reference(spec["job_ref"]) if spec.get("job_ref") else load_job(spec["job"])

            try:
                cls = shipped()
            except ImportError:
                _site()
                cls = shipped()
        if cls is None:
            # User code: as root, run as the sandbox user (archive files are read-only to it),
            # with what jobs commonly use imported first. Shipped jobs import what they use.
            _site()
            _preload()
            drop_privileges(spec.get("sandbox_user", ""))
        protect(spec.get("protect_dirs", []))
        if cls is None:
            cls = job_from_source(spec["source"])
        job = cls(**(spec.get("args") or {}))
        pattern = re.compile(cls.file_pattern) if cls.file_pattern else None
        job.initialize(out)
        files = [(n, p) for n, p in spec["files"] if pattern is None or pattern.fullmatch(n)]

        failed = failure_recorder(result, max_exc)
        if cls.threads > 1 and len(files) > 1:
            threaded(job, files, min(cls.threads, len(files)), out, result, failed)
        else:
            withdraw = _withdrawer(out)
            for name, path in files:
                start = out.tell() if withdraw else 0
                try:
                    job.process_file(name, path, out)
                    result["files_processed"] += 1
                except Exception as exc:  # noqa: BLE001 - one bad file must not end the job
                    if withdraw:
                        withdraw(start)    # what the failed file wrote before it failed is no answer
                    failed(name, exc)
        job.finish(out)
    except Exception as exc:  # noqa: BLE001 - the job itself failed: reported, not raised
        import traceback

        result["exceptions"].append({"file": None, "error": f"{exc.__class__.__name__}: {exc}",
                                     "traceback": traceback.format_exc(limit=5)})
        result["job_failed"] = True
    finally:
        out.flush()
        out.close()
    return result


def main() -> None:
    spec = json.load(sys.stdin)
    result = run(spec)
    # the run's own CPU time, start included (inside the sandbox the caller cannot see it)
    used = resource.getrusage(resource.RUSAGE_SELF)
    result["cpu_seconds"] = round(used.ru_utime + used.ru_stime, 3)
    sys.stdout.write(json.dumps(result))
    sys.stdout.flush()
    sys.stderr.flush()
    # Everything is written and the output file closed: skip the interpreter's teardown (module
    # clean-up, a user job's leftover threads), a few ms of every run's CPU for nothing.
    os._exit(0)


if __name__ == "__main__":
    main()
