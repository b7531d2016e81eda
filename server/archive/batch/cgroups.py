"""A control group per batch run: memory, tasks and CPU time that hold for the whole run.

Resource limits (``setrlimit``) are not enough: RLIMIT_AS is per process (ten children take ten
times the memory), RLIMIT_NPROC is ignored for root and counts every process of a user. A cgroup
counts everything the run starts, whatever its uid, and lets the bitarchive kill all of it.

Both hierarchies are supported (docs/decisions/batch-sandbox.md):

- cgroup v2 (Debian 12): the run gets ``<own cgroup>/nas-batch-<id>`` with ``memory.max``,
  ``memory.swap.max`` 0 and ``pids.max``; CPU time is read from ``cpu.stat``; ``cgroup.kill`` ends
  it. When the service's own cgroup holds processes, the service first moves itself into a leaf
  ``nas-service`` beside its runs (cgroup v2 allows controllers for children only of a cgroup
  without processes); under systemd this needs ``Delegate=yes`` in the unit.
- cgroup v1 (this development machine): ``<own cgroup>/nas-batch-<id>`` in each of the
  ``memory``, ``pids`` and ``cpuacct`` hierarchies: under the service's own cgroup of that
  hierarchy, so that a service that is not root needs only that cgroup delegated to it (chowned,
  what systemd's ``Delegate=`` does), not the hierarchy's root.

:func:`open_run` answers None and the reason when neither is writable; the caller then falls back
to resource limits and says so in the run's result.
"""
from __future__ import annotations

import os
import signal
import time

ROOT = "/sys/fs/cgroup"
RUN_PREFIX = "nas-batch-"
V1_HIERARCHIES = ("memory", "pids", "cpuacct")
V2_LEAF = "nas-service"
V2_CONTROLLERS = ("memory", "pids", "cpu")


def _write(path: str, value: str) -> None:
    with open(path, "w") as fh:
        fh.write(value)


def _read(path: str) -> str:
    with open(path) as fh:
        return fh.read()


class RunCgroup:
    """The cgroup(s) of one run: ``dirs`` (one per v1 hierarchy, or the one v2 directory)."""

    def __init__(self, version: int, dirs: list[str], memory_bytes: int, max_tasks: int):
        self.version = version
        self.dirs = dirs
        self.memory_bytes = memory_bytes
        self.max_tasks = max_tasks

    def describe(self) -> str:
        return (f"cgroup v{self.version}: memory {self.memory_bytes >> 20} MiB, {self.max_tasks} tasks, "
                "CPU time and wall-clock time watched")

    def join(self) -> None:
        """Put the calling process into the run's cgroup(s): between fork and exec of the sandbox,
        so everything the run starts is counted from its first instruction."""
        pid = str(os.getpid())
        for d in self.dirs:
            _write(os.path.join(d, "cgroup.procs"), pid)

    def pids(self) -> list[int]:
        out: set[int] = set()
        for d in self.dirs:
            try:
                out.update(int(p) for p in _read(os.path.join(d, "cgroup.procs")).split())
            except OSError:
                pass
        return sorted(out)

    def cpu_seconds(self) -> float:
        """CPU time (user and system) used so far by every process the run ever had."""
        try:
            if self.version == 2:
                for line in _read(os.path.join(self.dirs[0], "cpu.stat")).splitlines():
                    if line.startswith("usage_usec "):
                        return int(line.split()[1]) / 1e6
                return 0.0
            acct = next(d for d in self.dirs if "/cpuacct/" in d)
            return int(_read(os.path.join(acct, "cpuacct.usage"))) / 1e9
        except (OSError, StopIteration, ValueError):
            return 0.0

    def oom_kills(self) -> int:
        """How many processes of the run the kernel killed for the memory limit."""
        try:
            if self.version == 2:
                text = _read(os.path.join(self.dirs[0], "memory.events"))
            else:
                text = _read(os.path.join(next(d for d in self.dirs if "/memory/" in d), "memory.oom_control"))
        except (OSError, StopIteration):
            return 0
        for line in text.splitlines():
            if line.startswith("oom_kill "):
                return int(line.split()[1])
        return 0

    def kill(self, wait: float = 30.0) -> bool:
        """SIGKILL every process of the run and wait until none is left; True when none is."""
        if self.version == 2:
            try:
                _write(os.path.join(self.dirs[0], "cgroup.kill"), "1")
            except OSError:
                pass          # before Linux 5.14: one by one below
        deadline = time.monotonic() + wait
        pause = 0.001
        while pids := self.pids():
            if time.monotonic() > deadline:
                return False
            # a fork bomb forks while we kill: pids.max bounds it and the loop goes on until empty
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(pause)
            pause = min(pause * 2, 0.1)
        return True

    def remove(self) -> None:
        """Kill what is left and remove the cgroup(s)."""
        self.kill()
        for d in self.dirs:
            try:
                os.rmdir(d)
            except OSError:
                pass


def _v2_base(root: str) -> str:
    """The cgroup v2 directory the runs are made in: this process's cgroup, or, when this
    process is inside it, its parent after moving itself into a leaf ``nas-service``."""
    own = ""
    for line in _read("/proc/self/cgroup").splitlines():
        if line.startswith("0::"):
            own = line[3:].strip()
    base = os.path.join(root, own.lstrip("/"))
    if os.path.basename(base) == V2_LEAF:
        return os.path.dirname(base)
    wanted = set(V2_CONTROLLERS)
    enabled = set(_read(os.path.join(base, "cgroup.subtree_control")).split())
    if not wanted <= enabled:
        if base.rstrip("/") != root.rstrip("/") and _read(os.path.join(base, "cgroup.procs")).split():
            leaf = os.path.join(base, V2_LEAF)
            os.makedirs(leaf, exist_ok=True)
            for pid in _read(os.path.join(base, "cgroup.procs")).split():
                try:
                    _write(os.path.join(leaf, "cgroup.procs"), pid)
                except ProcessLookupError:
                    pass
        _write(os.path.join(base, "cgroup.subtree_control"), " ".join(f"+{c}" for c in V2_CONTROLLERS))
    return base


def _open_v2(root: str, name: str, memory_bytes: int, max_tasks: int) -> RunCgroup:
    d = os.path.join(_v2_base(root), RUN_PREFIX + name)
    os.makedirs(d, exist_ok=True)
    group = RunCgroup(2, [d], memory_bytes, max_tasks)
    try:
        _write(os.path.join(d, "memory.max"), str(memory_bytes))
        if os.path.exists(os.path.join(d, "memory.swap.max")):
            _write(os.path.join(d, "memory.swap.max"), "0")
        _write(os.path.join(d, "pids.max"), str(max_tasks))
    except OSError:
        group.remove()
        raise
    return group


def v1_own(root: str, hierarchy: str) -> str:
    """This process's cgroup directory in a v1 ``hierarchy`` (the hierarchy's root when
    /proc/self/cgroup names a path this mount does not show, e.g. in another cgroup namespace)."""
    for line in _read("/proc/self/cgroup").splitlines():
        _, controllers, path = line.split(":", 2)
        if hierarchy in controllers.split(","):
            own = os.path.join(root, hierarchy, path.strip().lstrip("/"))
            if os.path.isdir(own):
                return own
    return os.path.join(root, hierarchy)


def _open_v1(root: str, name: str, memory_bytes: int, max_tasks: int) -> RunCgroup:
    dirs = [os.path.join(v1_own(root, h), RUN_PREFIX + name) for h in V1_HIERARCHIES]
    group = RunCgroup(1, [], memory_bytes, max_tasks)
    try:
        for d in dirs:
            os.makedirs(d, exist_ok=True)
            group.dirs.append(d)
        _write(os.path.join(dirs[0], "memory.limit_in_bytes"), str(memory_bytes))
        swap = os.path.join(dirs[0], "memory.memsw.limit_in_bytes")
        if os.path.exists(swap):        # only with swap accounting on; else swap is not counted
            _write(swap, str(memory_bytes))
        _write(os.path.join(dirs[1], "pids.max"), str(max_tasks))
    except OSError:
        group.remove()
        raise
    return group


def open_run(name: str, memory_bytes: int, max_tasks: int, root: str | None = None) -> tuple[RunCgroup | None, str]:
    """A fresh cgroup for run ``name`` with its limits, or None and why none could be made."""
    root = root or ROOT
    try:
        if os.path.exists(os.path.join(root, "cgroup.controllers")):
            have = set(_read(os.path.join(root, "cgroup.controllers")).split())
            if not set(V2_CONTROLLERS) <= have:
                return None, f"cgroup v2 at {root} lacks controllers {sorted(set(V2_CONTROLLERS) - have)}"
            return _open_v2(root, name, memory_bytes, max_tasks), ""
        if all(os.path.isdir(os.path.join(root, h)) for h in V1_HIERARCHIES):
            return _open_v1(root, name, memory_bytes, max_tasks), ""
        return None, f"no cgroup v2 at {root} and no cgroup v1 memory, pids and cpuacct hierarchies"
    except OSError as exc:
        return None, f"cannot make a cgroup under {root}: {exc.strerror or exc}"
