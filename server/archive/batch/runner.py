"""The child process that runs one batch job over one bitarchive instance's files.

``python -m server.archive.batch.runner`` reads a JSON spec on stdin, writes the job's output to
the file descriptor it was given and prints a JSON summary on stdout. It runs apart from the
service (heavy CPU never stalls the service's event loop) and with less power than it.

What protects the archive is the operating system, not this module: the bitarchive starts the
runner inside the bubblewrap sandbox (:mod:`server.archive.batch.sandbox`: storage bound
read-only, no network, cleared environment, user ``nobody``, limits), and user code runs only
there. The audit hook below is a second, weaker line only (Python code can switch it off, and
it does not see ``ctypes``, ``os.system`` or child processes); the switch to ``sandbox_user``
applies only to a runner started as root outside the sandbox.
"""
from __future__ import annotations

import json
import os
import resource
import sys
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

    import server.archive.cdx  # noqa: F401
    import server.archive.checksums  # noqa: F401
    import shared.errors  # noqa: F401 - base.py imports it where used


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
            cls = job_by_reference(spec["job_ref"]) if spec.get("job_ref") else load_job(spec["job"])
        if cls is None:
            # User code: as root, run as the sandbox user (archive files are read-only to it),
            # with what jobs commonly use imported first. Shipped jobs import what they use.
            _preload()
            drop_privileges(spec.get("sandbox_user", ""))
        protect(spec.get("protect_dirs", []))
        if cls is None:
            cls = job_from_source(spec["source"])
        job = cls(**(spec.get("args") or {}))
        pattern = re.compile(cls.file_pattern) if cls.file_pattern else None
        job.initialize(out)
        files = [(n, p) for n, p in spec["files"] if pattern is None or pattern.fullmatch(n)]

        def failed(name: str, exc: BaseException) -> None:
            result["files_failed"].append(name)
            if len(result["exceptions"]) < max_exc:
                result["exceptions"].append({"file": name, "error": f"{exc.__class__.__name__}: {exc}"})

        if cls.threads > 1 and len(files) > 1:
            import collections
            from concurrent.futures import ThreadPoolExecutor

            # A bounded window of files in flight (not a future per file of a million-file
            # instance at once); outputs in file order, whatever finishes first.
            window: collections.deque = collections.deque()
            todo = iter(files)
            with ThreadPoolExecutor(cls.threads) as pool:
                while True:
                    while len(window) < cls.threads * 4:
                        nxt = next(todo, None)
                        if nxt is None:
                            break
                        window.append((nxt[0], pool.submit(job.file_output, *nxt)))
                    if not window:
                        break
                    name, fut = window.popleft()
                    try:
                        out.write(fut.result())
                        result["files_processed"] += 1
                    except Exception as exc:  # noqa: BLE001 - one bad file must not end the job
                        failed(name, exc)
        else:
            for name, path in files:
                try:
                    job.process_file(name, path, out)
                    result["files_processed"] += 1
                except Exception as exc:  # noqa: BLE001 - one bad file must not end the job
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


if __name__ == "__main__":
    main()
