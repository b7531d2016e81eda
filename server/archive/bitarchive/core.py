"""One bitarchive instance without Nameko: its files, what it serves over HTTP, its batch runs.

The service (``service.py``) builds a :class:`Bitarchive` from settings, routes its file
server to the ``serve_*`` methods and hands it each RPC and each batch request. Batch jobs run
in a child process (``python -m server.archive.batch.runner``), confined by bubblewrap
(:mod:`server.archive.batch.sandbox`: archive read-only, no network, no environment, limits);
user code runs only there. Their output stays here, served at ``/batch/<id>``, until the
monitor fetched it and ``archive.batch.keep_results`` passed.
"""
from __future__ import annotations

import dataclasses
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from server.archive.batch.base import registered_jobs
from server.archive.checksums import TRANSFER_DIGESTS, file_checksum
from server.archive.fileserver import Served
from server.archive.local_copy import LocalFile
from server.archive.names import check_name
from server.archive.records import record_span
from server.archive.remotefile import RemoteFile
from server.archive.storage import BitarchiveStorage, StoredFile
from server.archive.transfer import split_answer
from server.runtime.offload import offload
from shared.dto.archive import BatchErrorDto, BatchRequestDto, InstanceReplyDto, UploadReceiptDto
from shared.errors import ChecksumMismatch, InvalidInput, PermissionDenied

log = logging.getLogger(__name__)

#: the shipped ``filelist`` job, listed by :meth:`Bitarchive.write_names` rather than a runner
BUILTIN_FILELIST = "server.archive.batch.jobs:FileListJob"
#: the shipped ``checksum`` job, run by :meth:`Bitarchive.write_checksums` rather than a runner
#: (a ``checksum`` registered by another distribution is another reference: it runs confined)
BUILTIN_CHECKSUM = "server.archive.batch.jobs:ChecksumJob"


def record_part(path: str, query: dict[str, str], measure: Callable[[str, int], int] = record_span) -> Served:
    """The bytes of the record at ``?offset=`` of ``path`` (the file server's ``record`` route).
    ``?length=`` (the index's, from the CDX; the viewerproxy names it) spares ``measure``, which
    inflates a whole gzip member to learn its length; a wrong one frames no record, and the reader
    asks again without it."""
    offset = int(query.get("offset", "0"))
    length = query.get("length", "")
    if length.isdigit() and int(length) > 0:
        return Served(path, offset, int(length))
    return Served(path, offset, measure(path, offset))


@dataclasses.dataclass(frozen=True)
class BatchLimits:
    """What a bitarchive allows a batch run (``archive.batch.*``)."""

    allow_user_code: bool = False
    sandbox_user: str = "nobody"
    max_exceptions: int = 100
    timeout: float = 86400.0          # seconds one run may take
    keep_results: float = 86400.0     # seconds a merged result stays served (see expire)
    sandbox: str = "bwrap"            # "bwrap": every run confined; "off": registered jobs unconfined
    memory_bytes: int = 2 << 30       # memory of a run (its cgroup) and address space of each process
    max_processes: int = 64           # processes and threads of a run (its cgroup; else RLIMIT_NPROC)


class Bitarchive:
    """The files of one instance (``storage``) and the outputs of its batch runs (``batch_dir``)."""

    def __init__(self, storage: BitarchiveStorage, batch_dir: str, limits: BatchLimits,
                 clock: Callable[[], float] = time.time):
        self.storage = storage
        self.batch_dir = batch_dir
        self.limits = limits
        self.clock = clock
        self._outputs: dict[str, tuple[str, float]] = {}     # batch id -> (output path, finished at)

    def start(self) -> int:
        """Prepare the directories; remove half-written files and old batch outputs (nothing
        serves them after a restart). Returns how many half-written files were removed."""
        removed = self.storage.start()
        os.makedirs(self.batch_dir, exist_ok=True)
        for f in os.listdir(self.batch_dir):
            os.unlink(os.path.join(self.batch_dir, f))
        return removed

    # --- files ----------------------------------------------------------------------------------

    def upload(self, rf: RemoteFile, instance_id: str, allow_local: bool, timeout: float,
               confirm: Callable[[], str] | None = None) -> UploadReceiptDto:
        """Store ``rf`` here, its checksum computed on arrival. With ``confirm`` (``rf`` has no
        checksum yet), the file is received first and ``confirm()`` then gives the checksum it
        must have before it is kept (or raises: nothing kept). Raises InvalidName,
        ChecksumMismatch (nothing kept), AlreadyExists, ArchiveFull, Unavailable (the sender
        cannot be read), and what ``confirm`` raises."""
        check_name(rf.name)
        local = rf.local_path(allow_local)
        stored: StoredFile
        try:
            if confirm is not None:
                stored = self._receive_then_confirm(rf, local, timeout, confirm)
            elif local is not None:
                stored = offload(lambda: self.storage.store(rf.name, LocalFile(local), rf.size, rf.checksum))
            else:
                stored = self.storage.store(rf.name, rf.chunks(False, timeout), rf.size, rf.checksum)
        except ChecksumMismatch as exc:
            # logged here, in the service's own thread, not in the tpool thread that found it
            if getattr(exc, "arrived", None):
                log.warning("%s: %s", rf.name, exc.arrived)
            raise
        log.info("stored %s (%d bytes, md5 %s%s)", rf.name, stored.size, stored.checksum,
                 ", was already here" if stored.already else "")
        return UploadReceiptDto(stored.checksum, stored.size, stored.already, instance_id)

    def _receive_then_confirm(self, rf: RemoteFile, local: str | None, timeout: float,
                              confirm: Callable[[], str]) -> StoredFile:
        # The client's transfer digest (BLAKE3, or SHA-256: both cheaper than MD5) when it
        # offers one: the copy is hashed once, in that digest, and its MD5 is the client's
        # (equal BLAKE3 or SHA-256 digests are equal bytes). Else MD5, as before.
        algorithm = rf.digest if rf.digest in TRANSFER_DIGESTS else "md5"
        if local is not None:
            received = offload(lambda: self.storage.receive(rf.name, LocalFile(local), rf.size, algorithm))
        else:
            received = self.storage.receive(rf.name, rf.chunks(False, timeout), rf.size, algorithm)
        try:
            answer = confirm()                   # asked here, in the service's own (green) thread
        except BaseException:
            self.storage.discard(received)
            raise
        md5, digests = split_answer(answer)
        expected = md5 if algorithm == "md5" else digests.get(algorithm, "")
        if not (md5 and expected):               # never keep a copy unchecked
            self.storage.discard(received)
            raise ChecksumMismatch(f"{rf.name}: no {algorithm} checksum to compare the copy with", {"name": rf.name})
        if algorithm == "md5":
            return offload(self.storage.commit, received, md5)
        return offload(self.storage.commit, received, expected, md5)

    def has_file(self, name: str) -> bool:
        """Whether this instance holds ``name``. Raises InvalidName."""
        return self.storage.lookup(name) is not None

    def has_room(self) -> bool:
        return self.storage.has_room()

    # --- HTTP (the file server's resolvers) -----------------------------------------------------

    def serve_file(self, rest: str, query: dict[str, str]) -> Served | None:
        path = self.storage.lookup(check_name(rest))
        return Served(path) if path else None

    def serve_record(self, rest: str, query: dict[str, str]) -> Served | None:
        path = self.storage.lookup(check_name(rest))
        if path is None:
            return None
        return record_part(path, query, lambda p, o: offload(record_span, p, o))

    def serve_checksum(self, rest: str, query: dict[str, str]) -> bytes | None:
        path = self.storage.lookup(check_name(rest))
        return offload(file_checksum, path).encode() if path else None

    def serve_batch_output(self, rest: str, query: dict[str, str]) -> Served | None:
        entry = self._outputs.get(rest)
        return Served(entry[0]) if entry else None

    # --- batch ----------------------------------------------------------------------------------

    def run_batch(self, request: BatchRequestDto, instance_id: str,
                  output_url: Callable[[str], str]) -> InstanceReplyDto:
        """Run one batch request over this instance's files; never raises: a failure is the
        reply (``job_failed``), so the monitor always hears from a live instance."""
        self.expire()
        batch_id = request.batch_id
        out_path = os.path.join(self.batch_dir, f"{batch_id}.out")
        reply = InstanceReplyDto(batch_id, instance_id)
        try:
            if request.source and not self.limits.allow_user_code:
                raise PermissionDenied("this bitarchive does not run user code (archive.batch.allow_user_code)", {})
            job_ref = None if request.source else registered_jobs().get(request.job or "")
            started = time.monotonic()
            if job_ref == BUILTIN_FILELIST:
                # the shipped file list: names only, written here (no spec, no runner, below)
                result = {"files_processed": offload(self.write_names, request.regex or None, out_path),
                          "limits": "built-in listing of the storage directories (no file opened, no batch runner)"}
            elif job_ref == BUILTIN_CHECKSUM:
                # the shipped checksum job: hashed here, in native threads (no runner, below)
                result = offload(self.write_checksums, request.args or {}, request.regex or None, out_path)
            else:
                confined = self._confined(bool(request.source))
                files = [[n, p] for n, p in self.storage.files(request.regex or None)]
                spec = {"job": request.job, "job_ref": job_ref, "source": request.source,
                        "args": request.args or {}, "files": files,
                        "sandbox_user": self.limits.sandbox_user, "protect_dirs": self.storage.dirs,
                        "max_exceptions": self.limits.max_exceptions}
                result = run_child(spec, out_path, self.limits.timeout, self.limits if confined else None)
            self._outputs[batch_id] = (out_path, self.clock())
            reply.files_processed = result.get("files_processed", 0)
            reply.files_failed = list(result.get("files_failed") or [])
            reply.exceptions = [BatchErrorDto.from_dict(e) for e in result.get("exceptions") or []]
            reply.job_failed = bool(result.get("job_failed"))
            reply.seconds = result.get("seconds", round(time.monotonic() - started, 3))
            reply.limits = result.get("limits", "")
            reply.output_url = output_url(batch_id)
            reply.output_size = os.path.getsize(out_path)
        except Exception as exc:  # noqa: BLE001 - reported to the monitor, never lost silently
            log.warning("batch %s failed: %s", batch_id, exc)
            reply.files_processed, reply.files_failed, reply.job_failed = 0, [], True
            reply.exceptions = [BatchErrorDto(f"{exc.__class__.__name__}: {exc}")]
        return reply

    def write_names(self, regex: str | None, out_path: str) -> int:
        """What the shipped ``filelist`` job writes (``name`` per line, each storage directory's
        names sorted), written by this process; returns how many names.

        A file audit of a million-file instance spent most of its time around the runner, not in
        it: the list of a million (name, path) pairs built in the service's green thread, sent
        to the child as 117 MiB of JSON, parsed there and walked one ``process_file`` call per
        name (7 s in the runner, 20 s and more before it, the service's heartbeats stalled).
        Listing names opens no file and runs no user code, so it needs no sandbox: the names
        the directory scan found are the output. Runs in a native thread (``offload``); it
        logs nothing (logging's green lock must not be taken outside the service's thread)."""
        fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        n = 0
        with open(fd, "wb", buffering=1 << 20) as out:
            for _, names in self.storage.names(regex):
                for i in range(0, len(names), 10_000):
                    chunk = names[i:i + 10_000]
                    out.write(("\n".join(chunk) + "\n").encode())
                n += len(names)
        return n

    def write_checksums(self, args: dict[str, Any], regex: str | None, out_path: str) -> dict[str, Any]:
        """What the shipped ``checksum`` job writes (``name##digest`` per stored file whose name
        matches ``regex``, in the runner's file order), hashed by this process in
        ``ChecksumJob.threads`` native threads; returns the runner's summary (files processed,
        failed files and their errors).

        A checksum run is a fixed cost plus the hashing, and against ``xargs -P2 md5sum`` over
        1 GiB (under a second) the runner's process, sandbox and cgroup were a tenth of it
        (docs/decisions/checksum-batch-speed.md). The job is this project's code: it opens the
        storage's files read-only, runs no user code and holds a 1 MiB buffer per thread, so it needs no
        sandbox, as the shipped listing above; ``archive.batch.timeout`` still ends it (checked
        at each chunk). Runs in a native thread (``offload``); it logs nothing (logging's green
        lock must not be taken outside the service's thread). Raises InvalidInput (out of time)."""
        from server.archive.batch.jobs import ChecksumJob, OutOfTime
        from server.archive.batch.runner import failure_recorder, threaded

        files = list(self.storage.files(regex))
        job = ChecksumJob(**args)
        job.stop_at = time.monotonic() + self.limits.timeout
        result: dict[str, Any] = {"files_processed": 0, "files_failed": [], "exceptions": [],
                                  "limits": "built-in checksum in the bitarchive (no batch runner, no sandbox: "
                                            "the project's own code, files opened read-only), wall-clock time"}
        fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "wb", buffering=1 << 20) as out:
            job.initialize(out)
            try:
                threaded(job, files, min(job.threads, len(files)), out, result,
                         failure_recorder(result, self.limits.max_exceptions), native_threading())
            except OutOfTime:
                raise InvalidInput(f"batch job ran longer than {self.limits.timeout:.0f}s and was stopped",
                                   {"reason": "limit"}) from None
            job.finish(out)
        return result

    def _confined(self, user_code: bool) -> bool:
        """Whether this run goes into the sandbox; user code never runs outside it."""
        from server.archive.batch import sandbox

        why = sandbox.why_unavailable() if self.limits.sandbox == "bwrap" else "archive.batch.sandbox is off"
        if not why:
            return True
        if user_code:
            raise PermissionDenied(f"this bitarchive cannot confine user code ({why}): install bubblewrap (bwrap) "
                                   "where it can make namespaces, and keep archive.batch.sandbox at bwrap",
                                   {"reason": "no_sandbox"})
        if self.limits.sandbox == "bwrap":
            # registered (shipped) jobs keep working, without the sandbox; user code stays refused
            log.warning("the batch sandbox cannot run here (%s): registered batch jobs run unconfined", why)
        return False

    def expire(self, now: float | None = None) -> list[str]:
        """Forget the outputs of runs that finished here more than ``timeout + keep_results``
        seconds ago and remove their files; returns their batch ids. (The monitor fetches an
        output when the *last* instance answered, which may be up to ``timeout`` later.)"""
        now = self.clock() if now is None else now
        keep = self.limits.timeout + self.limits.keep_results
        old = [bid for bid, (_, at) in self._outputs.items() if now - at >= keep]
        for bid in old:
            path, _ = self._outputs.pop(bid)
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
        return old

    def batch_outputs(self) -> list[str]:
        """Batch ids whose output this instance still serves."""
        return sorted(self._outputs)


def native_threading() -> tuple[Any, Any]:
    """The ``threading`` and ``queue`` modules of native threads: eventlet's originals when this
    process is monkey-patched (its patched ones make green threads, which a native thread of
    ``offload`` cannot wait on), else the modules themselves."""
    try:
        from eventlet import patcher
    except ImportError:  # pragma: no cover
        patcher = None
    if patcher is not None and patcher.is_monkey_patched("thread"):
        return patcher.original("threading"), patcher.original("queue")
    import queue
    import threading

    return threading, queue


#: the runner's start: this service's module path in place of the current directory, then main()
_RUNNER_BOOT = ("import sys; sys.path[:1] = sys.argv[1:]; del sys.argv[1:]; "
                "from server.archive.batch.runner import main; main()")


def runner_argv() -> list[str]:
    """The batch runner's command line: this interpreter, without ``site`` (``-S``), told this
    process's module path (this checkout first, so the runner is this code).

    ``site`` runs the venv's ``.pth`` files at every start: the editable install's import finder
    alone imports ``pathlib``, ``re`` and ``urllib``, about 12 ms of CPU and 30 ms of wall time
    on the 2-core host, a tenth of a 1 GiB SHA-1 audit of one instance (docs/decisions/
    archive-bitpreservation.md, "Checksum speed"). What a ``.pth`` adds to the path is in
    ``sys.path`` already; the runner loads ``site`` itself for user code and for a job that only
    a ``.pth`` import hook finds. ``-c``, not ``-m``: no ``runpy`` either."""
    from server.archive.batch.sandbox import project_root

    root = project_root()
    path = [root]
    for p in sys.path:
        # absolute: the runner's current directory is not this one's; only what exists (an
        # import hook's made-up entry means nothing without the hook)
        p = os.path.abspath(p) if p else ""
        if p and p not in path and os.path.exists(p):
            path.append(p)
    return [sys.executable, "-S", "-c", _RUNNER_BOOT, *path]


def run_child(spec: dict[str, Any], out_path: str, timeout: float,
              confine: BatchLimits | None = None) -> dict[str, Any]:
    """Run the batch runner in a child process with ``spec``; its output goes to ``out_path``.
    With ``confine``, inside the bubblewrap sandbox, in a cgroup of its own with its limits
    (resource limits only when no cgroup can be made: ``limits`` in the summary says which).
    Returns the runner's summary with ``seconds`` and ``limits``. Raises InvalidInput (timed
    out, over a limit, crashed); nothing of the run is left running afterwards."""
    from server.archive.batch import cgroups, launch

    # only the service's user reads a run's output (the monitor fetches it over HTTP)
    fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    argv = runner_argv()
    work_dir = os.path.dirname(os.path.abspath(out_path))
    group = None
    try:
        spec = {**spec, "out_fd": fd}
        if confine is None:
            # registered jobs only; even they get no broker URI, password or key path
            env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH", "LANG", "TZ")}
            return launch.supervise(argv, spec, fd, work_dir, timeout, {**env, "PYTHONWARNINGS": "ignore"},
                                    None, None, 0, "unconfined (archive.batch.sandbox is off): wall-clock time only")
        from server.archive.batch import sandbox

        name = f"{os.getpid()}-{os.path.basename(out_path).replace('.', '-')}"
        group, why = cgroups.open_run(name, confine.memory_bytes, confine.max_processes)
        if group is not None:
            limits = group.describe()
        else:
            limits = (f"resource limits only ({why}): memory {confine.memory_bytes >> 20} MiB per process, "
                      f"{confine.max_processes} processes of the sandbox user, CPU time per process")
            log.warning("batch run without a cgroup: %s", limits)
        cmd = sandbox.command(spec.get("protect_dirs") or [], argv[:4] + sandbox.code_path(argv[4:]),
                              user=confine.sandbox_user)
        preexec = sandbox.preexec(confine.memory_bytes, int(timeout) + 1, confine.max_processes,
                                  join=group.join if group is not None else None)
        return launch.supervise(cmd, spec, fd, work_dir, timeout, {}, preexec, group, timeout, limits)
    finally:
        os.close(fd)
        if group is not None:
            group.remove()
