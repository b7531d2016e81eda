"""Tie a child process's life to its parent's: nothing started by a test (or the demo) outlives it.

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
import signal
import sys

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


if __name__ == "__main__":
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
