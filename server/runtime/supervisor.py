"""A small local supervisor for the demo and the tests: ``nas services start|stop|status``.

Each ``*.yaml`` file in a config directory is one service instance. ``start`` runs
``nameko run --config FILE module:Class`` for each as a child in its own session (so it outlives
the command), with its PID in ``<data_dir>/run/<instance>.pid`` and its output in
``<data_dir>/logs/<instance>.log``. ``stop`` ends exactly those PIDs: SIGTERM, then SIGKILL after
a grace period. A PID file whose process is gone, or whose PID now belongs to another program
(checked through /proc/PID/cmdline), counts as not running and is never signalled.

In production, systemd does this job (packaging/systemd/nas@.service).
"""
from __future__ import annotations

import dataclasses
import glob
import os
import signal
import subprocess
import sys
import time

from server.runtime import lifeline
from server.settings_catalog import all_settings
from shared.config import Settings, load
from shared.errors import ConfigError


@dataclasses.dataclass
class Instance:
    config_file: str
    instance_id: str
    service: str
    data_dir: str

    @property
    def pid_file(self) -> str:
        return os.path.join(self.data_dir, "run", f"{self.instance_id}.pid")

    @property
    def log_file(self) -> str:
        return os.path.join(self.data_dir, "logs", f"{self.instance_id}.log")


@dataclasses.dataclass
class InstanceProcess:
    instance: Instance
    pid: int | None
    running: bool


def read_instances(config_dir: str) -> list[Instance]:
    """Every instance described in ``config_dir``; each file validated, problems all reported."""
    files = sorted(glob.glob(os.path.join(config_dir, "*.yaml")))
    if not files:
        raise ConfigError(f"{config_dir}: no *.yaml service configs here", {"file": config_dir})
    out, seen = [], {}
    for path in files:
        settings: Settings = load(path, all_settings())
        service = settings["instance.service"]
        if ":" not in service:
            raise ConfigError(
                f"{path}: instance.service: expected module:Class (e.g. server.monitor.service:MonitorService)",
                {"file": path, "key": "instance.service"},
            )
        instance_id = settings["instance.id"] or os.path.splitext(os.path.basename(path))[0]
        if instance_id in seen:
            raise ConfigError(f"{path}: instance.id {instance_id!r} is also used by {seen[instance_id]}",
                              {"file": path, "key": "instance.id"})
        seen[instance_id] = path
        data_dir = os.path.abspath(os.path.join(os.path.dirname(path), settings["data_dir"]))
        out.append(Instance(os.path.abspath(path), instance_id, service, data_dir))
    return out



def open_log(path: str):
    """The instance's log file for appending, readable by the service's user and group only
    (0640; a log names batch ids and URLs, #29: logs were 0644); an older, wider one is narrowed."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
    try:
        if os.fstat(fd).st_mode & 0o037:
            os.fchmod(fd, 0o640)
    except OSError:
        pass
    return os.fdopen(fd, "ab")


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child of ours is dead for our purposes.
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return True


def process_of(instance: Instance) -> InstanceProcess:
    try:
        pid = int(open(instance.pid_file).read().strip())
    except (OSError, ValueError):
        return InstanceProcess(instance, None, False)
    # Only our own process: the PID must still run nameko with this very config file.
    ours = _alive(pid) and instance.config_file in _cmdline(pid)
    return InstanceProcess(instance, pid, ours)


def start(config_dir: str, env: dict[str, str] | None = None) -> list[InstanceProcess]:
    """Start every instance not already running; return the state of all.

    While ``NAS_LIFELINE_PID`` is set (tests), the new processes are ended when that process
    ends (server.runtime.lifeline), even if nobody calls ``stop``."""
    result, new = [], []
    for inst in read_instances(config_dir):
        proc = process_of(inst)
        if proc.running:
            result.append(proc)
            continue
        os.makedirs(os.path.dirname(inst.pid_file), exist_ok=True)
        os.makedirs(os.path.dirname(inst.log_file), exist_ok=True)
        child_env = {**os.environ, "PYTHONWARNINGS": "ignore::DeprecationWarning", **(env or {}),
                     "NAS_CONFIG_FILE": inst.config_file}
        with open_log(inst.log_file) as log:
            child = subprocess.Popen(
                [sys.executable, "-m", "nameko", "run", "--config", inst.config_file, inst.service],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=os.path.dirname(inst.config_file), env=child_env, start_new_session=True,
            )
        tmp = inst.pid_file + ".tmp"
        with open(tmp, "w") as fh:
            fh.write(f"{child.pid}\n")
        os.replace(tmp, inst.pid_file)
        result.append(InstanceProcess(inst, child.pid, True))
        new.append(child.pid)
    watch = (env or {}).get(lifeline.ENV_PID) or os.environ.get(lifeline.ENV_PID)
    if new and watch:
        lifeline.guard_groups(*new, watch=int(watch))  # each child leads its own session and group
    return result


def status(config_dir: str) -> list[InstanceProcess]:
    return [process_of(inst) for inst in read_instances(config_dir)]


def stop(config_dir: str, grace: float = 20.0) -> list[InstanceProcess]:
    """SIGTERM every running instance, wait up to ``grace`` seconds, SIGKILL what is left."""
    procs = [p for p in status(config_dir) if p.running]
    for p in procs:
        _signal(p.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    pids = [p.pid for p in procs]
    while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
        _reap(pids)
        time.sleep(0.2)
    for pid in pids:
        if _alive(pid):
            _signal(pid, signal.SIGKILL)
    time.sleep(0.1)
    _reap(pids)
    for inst in read_instances(config_dir):
        if not process_of(inst).running:
            try:
                os.unlink(inst.pid_file)
            except FileNotFoundError:
                pass
    return status(config_dir)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def _reap(pids: list[int]) -> None:
    """Collect those of ``pids`` that are exited children of this process (start and stop in
    one process, as in tests); other PIDs are not our children and waitpid refuses them."""
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
