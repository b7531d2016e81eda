"""Tie child processes to a process that must outlive them: nothing a test starts outlives the test.

Two means, for two shapes of child:

- ``guard_groups(pgid, ...)``: a small reaper process watches a PID (``NAS_LIFELINE_PID``, or the
  caller) and, when it ends however it ends (Ctrl-C, a timeout's SIGKILL), ends those process
  groups: SIGTERM, then SIGKILL. The supervisor uses it for every service it starts while
  ``NAS_LIFELINE_PID`` is set (tests/conftest.py sets it to the pytest process), so services
  started by a ``nas services start`` child still die with the test run; the scheduler tests use
  it for their private RabbitMQ nodes (whose start script forks and exits). It exits by itself
  once the groups are gone.

A parent that wants its children to die with it puts its PID in ``NAS_LIFELINE_PID`` of their
environment (``child_env()``). ``arm()``, called first thing in the child (the supervisor's
children run ``python -m server.runtime.lifeline nameko run ...``), asks Linux to send SIGKILL
when the parent dies (``PR_SET_PDEATHSIG``), and exits at once if the parent is already gone (the
race between fork and prctl). ``NAS_LIFELINE_SIGNAL`` may name another signal (``TERM`` lets
Nameko stop cleanly). Elsewhere (no variable, not Linux) ``arm()`` does nothing: in production
systemd supervises.
"""
from __future__ import annotations

import ctypes
import os
import select
import signal
import subprocess
import sys
import time

ENV_PID = "NAS_LIFELINE_PID"
ENV_SIGNAL = "NAS_LIFELINE_SIGNAL"
PR_SET_PDEATHSIG = 1


def child_env(env: dict[str, str] | None = None, sig: str = "KILL") -> dict[str, str]:
    """``env`` (default: this process's) plus the lifeline to this process."""
    return {**(os.environ if env is None else env), ENV_PID: str(os.getpid()), ENV_SIGNAL: sig}


def arm() -> bool:
    """Die with the parent named in the environment; True when armed."""
    pid = os.environ.get(ENV_PID)
    if not pid or not sys.platform.startswith("linux"):
        return False
    sig = getattr(signal, "SIG" + os.environ.get(ENV_SIGNAL, "KILL").upper(), signal.SIGKILL)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
        return False
    if os.getppid() != int(pid):
        os._exit(1)  # the parent died before prctl took effect
    return True


def preexec() -> None:
    """For ``subprocess.Popen(preexec_fn=...)``: the child dies with this (the parent) process.

    prctl's "parent" is the thread that forked: fork from the main thread."""
    os.environ[ENV_PID] = str(os.getppid())
    arm()


def term_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """For ``subprocess.Popen(preexec_fn=...)``: the child gets SIGTERM when this process dies, so a
    crawler still closes its WARC files and writes its reports."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
    except OSError:
        pass


def guard_groups(*pgids: int, watch: int | None = None) -> subprocess.Popen | None:
    """End the process groups ``pgids`` when ``watch`` (default: ``NAS_LIFELINE_PID``, else this
    process) ends. Returns the reaper (in its own session: the groups' end does not end it)."""
    if not pgids or not sys.platform.startswith("linux"):
        return None
    watch = watch or int(os.environ.get(ENV_PID) or os.getpid())
    return subprocess.Popen([sys.executable, "-m", "server.runtime.lifeline", "--reap", str(watch),
                             *map(str, pgids)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True)


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def reap(watch: int, pgids: list[int], poll: float = 0.5) -> None:
    """Wait for ``watch`` to end (or every group to end by itself); then end the groups."""
    try:
        fd = os.pidfd_open(watch)
    except ProcessLookupError:
        fd = None
    while fd is not None and any(group_alive(g) for g in pgids):
        if select.select([fd], [], [], poll)[0]:
            break
    else:
        if fd is not None:
            return  # every group ended on its own
    for sig, grace in ((signal.SIGTERM, 15.0), (signal.SIGKILL, 5.0)):
        for g in pgids:
            try:
                os.killpg(g, sig)
            except (ProcessLookupError, PermissionError):
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(group_alive(g) for g in pgids):
            time.sleep(0.2)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--reap"]:
        reap(int(sys.argv[2]), [int(a) for a in sys.argv[3:]])
        sys.exit(0)
    # python -m server.runtime.lifeline PROGRAM ARGS...: arm, then become PROGRAM (the death
    # signal survives exec).
    arm()
    if len(sys.argv) < 2:
        sys.exit("usage: python -m server.runtime.lifeline PROGRAM [ARG...]")
    if sys.argv[1] == "nameko":
        sys.argv = sys.argv[1:]
        from nameko.cli.main import main

        sys.exit(main())
    os.execvp(sys.argv[1], sys.argv[1:])
