"""Start one batch runner and watch it until it ends: the wall-clock timeout, the CPU time of
the whole run and, at the end, nothing of it left.

The watch waits on a pidfd (``select``, which eventlet makes cooperative when the service is
monkey-patched) and checks the run's times between waits with ``waitid`` (without reaping): no
``communicate(timeout=...)``, whose ``TimeoutExpired`` under eventlet is another class than
``subprocess.TimeoutExpired`` (a sleeping job outlived its timeout that way). The spec goes in
and the summary comes out through unlinked files, not pipes: no pipe to pump, nothing for a
greenthread to block on.

When the run ends, however it ends, its process group is killed and its cgroup emptied and
removed: a daemonised grandchild does not outlive the run.
"""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from typing import Any

from server.archive.batch.cgroups import RunCgroup
from shared.errors import InvalidInput

#: seconds between checks of the run's wall-clock and CPU time while it has not ended
WATCH_INTERVAL = 0.25


def _scratch(directory: str, data: bytes = b"") -> Any:
    fh = tempfile.TemporaryFile(dir=directory)
    if data:
        fh.write(data)
        fh.seek(0)
    return fh


def _exited(pid: int) -> bool:
    """Whether the child ended, without reaping it: while it is not reaped its pid, the id of the
    run's process group, cannot be reused, so killing that group never hits a stranger."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True          # reaped by someone else: it ended


def _ender(pid: int) -> Callable[[float], None]:
    """A wait for the child's end of at most the given seconds. With a pidfd, ``select`` wakes at
    the very end (a checksum audit pays every millisecond of a run); eventlet makes ``select``
    and ``sleep`` cooperative when the service is monkey-patched."""
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pause = [0.001]

        def nap(most: float) -> None:
            time.sleep(min(pause[0], most))
            pause[0] = min(pause[0] * 2, most)

        return nap

    def wait(most: float) -> None:
        try:
            select.select([fd], [], [], most)
        except OSError:
            time.sleep(0.01)

    wait.fd = fd  # type: ignore[attr-defined] - closed by supervise
    return wait


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def supervise(cmd: list[str], spec: dict[str, Any], fd: int, work_dir: str, timeout: float,
              env: dict[str, str], preexec: Callable[[], None] | None, group: RunCgroup | None,
              cpu_seconds: float, limits: str) -> dict[str, Any]:
    """Run ``cmd`` (the runner, confined or not) with ``spec`` on stdin and ``fd`` inherited;
    return its summary with ``seconds`` and ``limits``. Raises InvalidInput when the run took
    longer than ``timeout`` seconds of wall-clock time or ``cpu_seconds`` of CPU time (counted
    over the whole cgroup), was killed for memory, or crashed."""
    with _scratch(work_dir, json.dumps(spec).encode()) as stdin, _scratch(work_dir) as stdout, \
            _scratch(work_dir) as stderr:
        started = time.monotonic()
        child = subprocess.Popen(cmd, stdin=stdin, stdout=stdout, stderr=stderr, pass_fds=(fd,), env=env,
                                 preexec_fn=preexec,  # noqa: PLW1509 - setsid, cgroup, limits only
                                 start_new_session=preexec is None)
        why = ""
        try:
            ended = _ender(child.pid)
            while not _exited(child.pid):
                elapsed = time.monotonic() - started
                if elapsed > timeout:
                    why = f"batch job ran longer than {timeout:.0f}s and was stopped"
                elif group is not None and cpu_seconds > 0 and group.cpu_seconds() > cpu_seconds:
                    why = f"batch job used more than {cpu_seconds:.0f}s of CPU time and was stopped"
                if why:
                    break
                ended(min(WATCH_INTERVAL, max(timeout - elapsed, 0.001)))
        finally:
            # the whole run, however it ended: its session (every process that did not leave it)
            # and its cgroup (every process, whatever it did)
            _kill_group(child.pid)
            if group is not None:
                group.kill()
            child.wait()
            if hasattr(ended, "fd"):
                os.close(ended.fd)
            oom = group.oom_kills() if group is not None else 0
        if why:
            raise InvalidInput(why, {"reason": "limit"})
        stdout.seek(0)
        stderr.seek(0)
        out, err = stdout.read(), stderr.read()
    if child.returncode != 0:
        if oom:
            raise InvalidInput(f"batch job exceeded its memory limit and was killed ({limits})", {"reason": "limit"})
        raise InvalidInput(f"batch runner exited with {child.returncode}: {err.decode(errors='replace')[-2000:]}", {})
    result = json.loads(out or b"{}")
    result["seconds"] = round(time.monotonic() - started, 3)
    result["limits"] = limits
    return result
