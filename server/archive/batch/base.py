"""The batch job API and the registry of jobs by name (entry points ``nas.batch_jobs``).

A job is a class::

    class MyJob(BatchJob):
        name = "my-job"
        def process_file(self, name, path, out): out.write(...)

Each bitarchive instance runs it over its own files in a child process: ``initialize``,
``process_file`` per file (an exception marks that file failed and is reported, the job goes
on), ``finish``. The bitarchive monitor merges the instances' outputs with ``post_process``
(default: concatenation in instance order).
"""
from __future__ import annotations

# typing only for annotations: importing it costs every batch run's start ~3 ms of CPU (the
# runner's child imports this module; docs/decisions/archive-bitpreservation.md, "Checksum speed")
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, BinaryIO, ClassVar

# Imported where used (``importlib.metadata``, ``shutil``, ``shared.errors``): the batch runner
# imports this module in every child process, and a checksum run's start is part of the
# throughput an audit gets (docs/archive.md, "Figures").

ENTRY_POINT_GROUP = "nas.batch_jobs"


class BatchJob:
    name: ClassVar[str] = ""
    #: a regular expression every file name must match to be processed (on top of the caller's)
    file_pattern: ClassVar[str | None] = None
    #: jobs whose ``file_output`` is thread-safe and mostly outside the GIL (hashing) set this
    #: above 1: files are then processed by that many threads, outputs written in file order
    threads: ClassVar[int] = 1
    #: whether a file that fails in one replica may be read from another (``batch/fallback.py``);
    #: False for jobs about one replica's own copies (checksums, file lists)
    falls_back: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A job must say what it does with a file: refuse it when its class is defined (also for
        # user-sent source), rather than failing on every file of a long batch run.
        super().__init_subclass__(**kwargs)
        if cls.process_file is BatchJob.process_file and cls.file_output is BatchJob.file_output:
            raise TypeError(f"batch job {cls.__name__} must define process_file() or file_output()")

    def __init__(self, **args: Any):
        self.args = args

    def initialize(self, out: BinaryIO) -> None:
        """Called once per instance before the first file."""

    def process_file(self, name: str, path: str, out: BinaryIO) -> None:
        out.write(self.file_output(name, path))

    def file_output(self, name: str, path: str) -> bytes:
        """The output for one file (jobs with ``threads > 1`` implement this; a job defines
        this or ``process_file``, which ``__init_subclass__`` checks)."""
        return b""

    def finish(self, out: BinaryIO) -> None:
        """Called once per instance after the last file."""

    @classmethod
    def post_process(cls, inputs: list[BinaryIO], out: BinaryIO, args: dict[str, Any]) -> None:
        """Merge the instances' outputs (default: concatenate)."""
        import shutil

        for fh in inputs:
            shutil.copyfileobj(fh, out, 1 << 20)


#: the entry points of the last scan and what they were read from (see :func:`_entry_points`)
_scanned: tuple[tuple, dict] | None = None


def _path_state() -> tuple:
    """The module path and the change time of each of its directories: installing, removing or
    reinstalling a distribution adds or removes a ``.dist-info`` directory in one of them, which
    changes that directory's time."""
    import os
    import sys

    state = []
    for p in sys.path:
        try:
            state.append((p, os.stat(p or ".").st_mtime_ns))
        except OSError:
            state.append((p, None))
    return tuple(state)


def _entry_points() -> dict:
    """name → entry point of every job declared in group ``nas.batch_jobs``.

    The scan reads every installed distribution's metadata: 30–50 ms on the 2-core host, and a
    checksum batch asked for it four times on its way (arcrepository, monitor twice, bitarchive),
    a tenth of a 1 GiB SHA-1 run (docs/decisions/checksum-batch-speed.md). It is kept while no
    directory of the module path changed (a stat of each, microseconds), so a job installed or
    replaced while a service runs is still found at its next use (``importlib.metadata`` keeps
    its own listing of each directory by the same rule)."""
    global _scanned
    from importlib import metadata

    state = _path_state()
    if _scanned is None or _scanned[0] != state:
        found: dict = {}
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            found.setdefault(ep.name, ep)     # the first of a name, as the scan for one name found it
        _scanned = (state, found)
    return _scanned[1]


def registered_jobs() -> dict[str, str]:
    """name → ``module:Class`` of every job declared as an entry point."""
    return {name: ep.value for name, ep in _entry_points().items()}


def load_job(name: str) -> type[BatchJob]:
    """The job class registered as ``name``. Raises BatchJobNotFound."""
    from shared.errors import BatchJobNotFound, InvalidInput

    ep = _entry_points().get(name)
    if ep is not None:
        cls = ep.load()
        if not (isinstance(cls, type) and issubclass(cls, BatchJob)):
            raise InvalidInput(f"entry point {name} is not a BatchJob class", {"job": name})
        return cls
    raise BatchJobNotFound(f"no batch job {name!r} (known: {', '.join(sorted(registered_jobs()))})",
                           {"job": name})


def job_from_source(source: str) -> type[BatchJob]:
    """The one BatchJob subclass defined by user ``source`` (only in the sandboxed runner)."""
    from shared.errors import InvalidInput

    namespace: dict[str, Any] = {"__name__": "nas_user_batch_job", "BatchJob": BatchJob}
    exec(compile(source, "<user batch job>", "exec"), namespace)  # noqa: S102 - sandboxed child process
    found = [v for v in namespace.values()
             if isinstance(v, type) and issubclass(v, BatchJob) and v is not BatchJob]
    if len(found) != 1:
        raise InvalidInput(f"user code must define exactly one BatchJob subclass, found {len(found)}", {})
    return found[0]


def job_by_reference(ref: str) -> type[BatchJob]:
    """The class named by an entry point's value ``module:Class``, as :func:`registered_jobs`
    gives it. The bitarchive resolves the name once and hands the runner this reference, so a
    run's child process does not scan every installed distribution's entry points again.
    Raises InvalidInput."""
    import importlib

    module, _, attr = ref.partition(":")
    cls = getattr(importlib.import_module(module), attr, None) if module and attr else None
    if not (isinstance(cls, type) and issubclass(cls, BatchJob)):
        from shared.errors import InvalidInput

        raise InvalidInput(f"{ref!r} is not a BatchJob class", {"job": ref})
    return cls
