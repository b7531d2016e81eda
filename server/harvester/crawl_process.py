"""Start, watch and stop the crawler process (the seeds' HeritrixLauncher / HeritrixController).

The crawler runs as its own OS process in the job directory with its stdout and stderr in files
there (like heritrix.out), so nothing is lost when the harvester goes away; the harvester reads
the progress lines back from the file. It dies with its parent: a harvester killed mid-crawl
makes the kernel send the crawler SIGTERM, and the crawler closes its WARC files and writes its
reports. :class:`CrawlWatch` holds the seeds' timeouts as plain logic.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import os
import signal
import subprocess
import sys
import time
from typing import Any

from server.harvester.jobdir import STDERR_FILE, STDOUT_FILE, JobDir
from server.runtime.lifeline import term_with_parent

log = logging.getLogger(__name__)

# Why the harvester stopped a crawl (kept in the job state and named in the report).
NO_RESPONSE = "no_response_timeout"
INACTIVITY = "inactivity_timeout"
RUNNING_TIME = "max_running_time"
SERVICE_STOPPED = "harvester_stopped"
JOB_NOT_RUNNING = "job_not_running"
JOB_CANCELLED = "job_cancelled"

CAUSES = {
    NO_RESPONSE: "nothing was downloaded for {t:g} s (no_response_timeout)",
    INACTIVITY: "no fetch was active for {t:g} s (inactivity_timeout)",
    RUNNING_TIME: "the job's running time of {t:g} s was up",
    SERVICE_STOPPED: "the harvester service was stopped",
    JOB_NOT_RUNNING: "the scheduler says the job is not running any more",
    JOB_CANCELLED: "a curator cancelled the job",
}


def crawler_command(configured: list[str] | None = None) -> list[str]:
    return list(configured) if configured else [sys.executable, "-m", "server.crawler"]


@dataclasses.dataclass
class CrawlWatch:
    """The seeds' stop rules, fed with the crawler's progress lines and the clock."""

    no_response_timeout: float
    inactivity_timeout: float
    max_running_time: float = 0.0          # 0: no limit of the harvester's own
    started: float = 0.0
    last_bytes: int = -1
    last_download: float = 0.0
    last_activity: float = 0.0
    last_done: int = -1
    latest: dict[str, Any] = dataclasses.field(default_factory=dict)
    full_since: float | None = None         # the crawler reports a full disk and waits for space

    def __post_init__(self) -> None:
        self.last_download = self.last_activity = self.started

    def feed(self, progress: dict[str, Any], now: float) -> None:
        self.latest = progress
        if progress.get("disk_full") and self.full_since is None:
            self.full_since = now
        elif not progress.get("disk_full") and self.full_since is not None:
            self.paused(now - self.full_since)  # the crawler's own pause counts no more than ours
            self.full_since = None
        nbytes = int(progress.get("bytes", 0))
        done = int(progress.get("uris_done", 0))
        if nbytes != self.last_bytes:
            self.last_bytes, self.last_download = nbytes, now
        if done != self.last_done or int(progress.get("active_hosts", 0)) > 0:
            self.last_done, self.last_activity = done, now

    def stop_cause(self, now: float) -> str | None:
        """Which rule says stop now, if any. None while the crawler waits for disk space: a
        paused crawl is not an idle one."""
        if self.full_since is not None:
            return None
        if self.max_running_time > 0 and now - self.started >= self.max_running_time:
            return RUNNING_TIME
        if now - self.last_download >= self.no_response_timeout:
            return NO_RESPONSE
        if now - self.last_activity >= self.inactivity_timeout:
            return INACTIVITY
        return None

    def paused(self, seconds: float) -> None:
        """The crawler was paused (disk full) for ``seconds``: no rule counts that time."""
        self.started += seconds
        self.last_download += seconds
        self.last_activity += seconds

    def describe(self, cause: str) -> str:
        t = {NO_RESPONSE: self.no_response_timeout, INACTIVITY: self.inactivity_timeout,
             RUNNING_TIME: self.max_running_time}.get(cause, 0.0)
        return CAUSES.get(cause, cause).format(t=t)


class ProgressReader:
    """Reads new complete JSON lines from the crawler's stdout file, from where it left off."""

    def __init__(self, path: str):
        self.path = path
        self.offset = 0
        self.partial = b""

    def read(self) -> list[dict[str, Any]]:
        try:
            with open(self.path, "rb") as fh:
                fh.seek(self.offset)
                data = fh.read()
        except FileNotFoundError:
            return []
        self.offset += len(data)
        lines = (self.partial + data).split(b"\n")
        self.partial = lines.pop()
        out = []
        for line in lines:
            try:
                value = json.loads(line)
            except ValueError:
                continue  # not a progress line
            if isinstance(value, dict):
                out.append(value)
        return out


class CrawlProcess:
    """One running crawler: ``start()``, ``progress()``, ``exit_code``, ``stop()``."""

    def __init__(self, job_dir: JobDir, command: list[str] | None = None, env: dict[str, str] | None = None):
        self.job_dir = job_dir
        self.command = crawler_command(command) + [job_dir.path]
        self.env = env
        self.proc: subprocess.Popen | None = None
        self.killed = False  # True when we had to SIGKILL it after process_timeout
        self.reader = ProgressReader(job_dir.file(STDOUT_FILE))

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def start(self, stdin_data: bytes | None = None) -> int:
        """Start the crawler; ``stdin_data`` (the site logins) is written to its standard input
        and the pipe closed, so that secrets never touch the job directory."""
        out = open(self.job_dir.file(STDOUT_FILE), "ab")
        err = open(self.job_dir.file(STDERR_FILE), "ab")
        try:
            env = {**os.environ, **(self.env or {})}
            repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            env["PYTHONPATH"] = os.pathsep.join(p for p in (repo, env.get("PYTHONPATH", "")) if p)
            self.proc = subprocess.Popen(self.command, stdout=out, stderr=err,
                                         stdin=subprocess.DEVNULL if stdin_data is None else subprocess.PIPE,
                                         cwd=self.job_dir.path, env=env, preexec_fn=term_with_parent,
                                         process_group=0)
            if stdin_data is not None and self.proc.stdin is not None:
                try:
                    self.proc.stdin.write(stdin_data)
                    self.proc.stdin.close()
                except BrokenPipeError:  # the crawler died at once; its exit code tells the rest
                    pass
        finally:
            out.close()
            err.close()
        log.info("crawler started for %s: pid %s: %s", self.job_dir.name, self.proc.pid, " ".join(self.command))
        return self.proc.pid

    def progress(self) -> list[dict[str, Any]]:
        return self.reader.read()

    @property
    def exit_code(self) -> int | None:
        return self.proc.poll() if self.proc else None

    def pause(self) -> None:
        """Freeze the crawler (SIGSTOP): it writes nothing more until :meth:`resume`."""
        if self.proc is not None and self.proc.poll() is None:
            _signal(self.proc.pid, signal.SIGSTOP, group=True)   # a crawl over several processes too

    def resume(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            _signal(self.proc.pid, signal.SIGCONT, group=True)

    def stop(self, timeout: float, poll: float = 0.1) -> int | None:
        """SIGTERM, wait ``timeout`` seconds for a clean end, then SIGKILL. Returns the exit code
        (negative: killed by that signal)."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            log.info("asking the crawler (pid %s) to stop", self.proc.pid)
            _signal(self.proc.pid, signal.SIGTERM)
            deadline = time.monotonic() + timeout
            while self.proc.poll() is None and time.monotonic() < deadline:
                time.sleep(poll)
            if self.proc.poll() is None:
                log.warning("the crawler (pid %s) did not end within %g s: killing it", self.proc.pid, timeout)
                self.killed = True
                _signal(self.proc.pid, signal.SIGKILL, group=True)
                while self.proc.poll() is None:
                    time.sleep(poll)
        return self.proc.returncode


def _signal(pid: int, sig: int, group: bool = False) -> None:
    """Signal the crawler; with ``group``, its whole process group (it leads one: a crawl run over
    several processes freezes, goes on or is killed as one)."""
    try:
        if group:
            try:
                os.killpg(pid, sig)
                return
            except ProcessLookupError:
                pass                        # not a group leader (started by an older harvester)
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def crawler_alive(pid: int | None, job_dir: JobDir) -> bool:
    """True when ``pid`` is still a crawler of this job directory (not a reused PID)."""
    if not pid:
        return False
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            cmd = fh.read().split(b"\0")
        with open(f"/proc/{pid}/stat") as fh:
            if fh.read().split(") ", 1)[1][0] == "Z":
                return False
    except (OSError, IndexError):
        return False
    return job_dir.path.encode() in cmd


def stop_orphan(pid: int | None, job_dir: JobDir, timeout: float, poll: float = 0.1) -> bool:
    """Stop a crawler an earlier harvester left running; True if there was one."""
    if not crawler_alive(pid, job_dir):
        return False
    assert pid is not None
    log.warning("a crawler of %s is still running (pid %s): stopping it", job_dir.name, pid)
    _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while crawler_alive(pid, job_dir) and time.monotonic() < deadline:
        time.sleep(poll)
    if crawler_alive(pid, job_dir):
        _signal(pid, signal.SIGKILL, group=True)
        while crawler_alive(pid, job_dir):
            time.sleep(poll)
    return True
