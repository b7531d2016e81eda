"""Compare a host's rendered files with what it has, install the difference, restart only that.

``plan`` reads the files now on the host (under ``root``, ``/`` in production) and the manifest
the last ``apply`` left in ``<state_dir>/<env>/manifest.json``: a file whose content differs is
changed, a file the last manifest listed and the new one does not is removed. The units to
restart are the instance units those files affect (the unit template affects all of them), in
start order. ``apply`` writes each file atomically, removes the stale ones, records the new
manifest, then (with a ``systemctl``) reloads systemd, enables the environment's target and
restarts exactly the planned units in order. A second ``apply`` finds nothing to do.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import subprocess
from typing import Any


@dataclasses.dataclass
class Plan:
    host: str
    added: list[str]
    changed: list[str]
    removed: list[str]
    restart: list[str]          # instance units, in start order
    stop: list[str]             # units of removed instances

    @property
    def empty(self) -> bool:
        return not (self.added or self.changed or self.removed)

    def lines(self) -> list[str]:
        out = [f"+ {p}" for p in self.added] + [f"~ {p}" for p in self.changed] + [f"- {p}" for p in self.removed]
        out += [f"stop {u}" for u in self.stop] + [f"restart {u}" for u in self.restart]
        return out or ["nothing to do"]


def _under(root: str, path: str) -> str:
    return os.path.join(root, path.lstrip("/"))


def _sha(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except FileNotFoundError:
        return None


def manifest_path(state_dir: str, environment: str) -> str:
    return f"{state_dir}/{environment}/manifest.json"


def installed_manifest(root: str, state_dir: str, environment: str) -> dict[str, Any]:
    try:
        with open(_under(root, manifest_path(state_dir, environment))) as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {"files": {}, "units": []}


def plan(files: dict[str, bytes], manifest: dict[str, Any], root: str, state_dir: str) -> Plan:
    old = installed_manifest(root, state_dir, manifest["environment"])
    added, changed, touched = [], [], set()
    for path, entry in manifest["files"].items():
        have = _sha(_under(root, path))
        if have == entry["sha256"]:
            continue
        (added if have is None else changed).append(path)
        touched.update(entry["units"])
    removed = [p for p in old["files"] if p not in manifest["files"] and os.path.exists(_under(root, p))]
    stop = [u for u in old.get("units", []) if u not in manifest["units"]]
    restart = [u for u in manifest["units"] if u in touched]
    return Plan(manifest["host"], added, changed, removed, restart, stop)


def apply(files: dict[str, bytes], manifest: dict[str, Any], root: str, state_dir: str,
          systemctl: list[str] | None) -> Plan:
    """Install what ``plan`` found; restart only those units (none with ``systemctl=None``)."""
    p = plan(files, manifest, root, state_dir)
    if p.empty:
        return p
    if systemctl:
        for unit in p.stop:
            _run([*systemctl, "disable", "--now", unit])
    for path in p.added + p.changed:
        dest = _under(root, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        tmp = dest + ".nas-deploy.tmp"
        with open(tmp, "wb") as fh:
            fh.write(files[path])
        os.chmod(tmp, 0o640 if path.endswith((".yaml", ".env")) else 0o644)
        os.replace(tmp, dest)
    for path in p.removed:
        os.unlink(_under(root, path))
    mpath = _under(root, manifest_path(state_dir, manifest["environment"]))
    os.makedirs(os.path.dirname(mpath), exist_ok=True)
    with open(mpath + ".tmp", "w") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=True)
    os.replace(mpath + ".tmp", mpath)
    if systemctl:
        _run([*systemctl, "daemon-reload"])
        _run([*systemctl, "enable", manifest["target"]])
        for unit in p.restart:
            _run([*systemctl, "restart", unit])
        _run([*systemctl, "start", manifest["target"]])
    return p


def _run(cmd: list[str]) -> None:
    subprocess.run(cmd, check=True, timeout=300)  # noqa: S603 - our own argument list, no shell
