"""Compare a host's rendered files with what it has, install the difference, restart only that.

``plan`` reads the files now on the host (under ``root``, ``/`` in production) and the manifest
the last ``apply`` left in ``<state_dir>/<env>/manifest.json``: a file whose content differs is
changed, a file the last manifest listed and the new one does not is removed. The units to
restart are the instance units those files affect (the unit template affects all of them), in
start order. ``apply`` writes each file atomically, removes the stale ones, records the new
manifest, then (with a ``systemctl``) reloads systemd, enables the environment's target and
restarts exactly the planned units in order. A second ``apply`` finds nothing to do.

Where the host is: a :class:`Local` target reads and writes this machine's files; a
:class:`Remote` one does the same on another machine over ssh (``sha256sum`` of the files the
plan needs, the last manifest read with ``cat``) and rsync (the changed files only, from a
staging tree with their final modes: rsync writes each to a temporary file and renames it, so
a unit never reads half a file). systemctl runs on the remote host over the same ssh. The ssh
and rsync commands are configurable (``install.ssh_command`` / ``install.rsync`` or
``--ssh`` / ``--rsync``), e.g. ``ssh -i /etc/nas/deploy_key -l root``; the remote host needs
``sh``, ``sha256sum``, ``rsync`` and ``systemctl``, nothing of ours.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shlex
import subprocess
import tempfile
from typing import Any


class RemoteFailed(Exception):
    """An ssh or rsync command towards a host failed; the message names the host and the command."""


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


def _mode(path: str) -> int:
    # configs and env files may name secrets' variables and paths: not world-readable
    return 0o640 if path.endswith((".yaml", ".env")) else 0o644


def manifest_path(state_dir: str, environment: str) -> str:
    return f"{state_dir}/{environment}/manifest.json"


class Local:
    """This machine's files below ``root``; systemctl run here."""

    def __init__(self, root: str = "/"):
        self.root = root

    def shas(self, paths: list[str]) -> dict[str, str]:
        """SHA-256 of each file that exists (missing ones are left out)."""
        out = {}
        for path in paths:
            try:
                with open(_under(self.root, path), "rb") as fh:
                    out[path] = hashlib.sha256(fh.read()).hexdigest()
            except FileNotFoundError:
                pass
        return out

    def read(self, path: str) -> bytes | None:
        try:
            with open(_under(self.root, path), "rb") as fh:
                return fh.read()
        except FileNotFoundError:
            return None

    def install(self, files: dict[str, bytes]) -> None:
        for path, data in files.items():
            dest = _under(self.root, path)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            tmp = dest + ".nas-deploy.tmp"
            with open(tmp, "wb") as fh:
                fh.write(data)
            os.chmod(tmp, _mode(path))
            os.replace(tmp, dest)

    def remove(self, paths: list[str]) -> None:
        for path in paths:
            os.unlink(_under(self.root, path))

    def run(self, cmd: list[str]) -> None:
        subprocess.run(cmd, check=True, timeout=300)  # noqa: S603 - our own argument list, no shell


class Remote:
    """Another machine's files below ``root``, reached with ``ssh`` (a command line, e.g.
    ``["ssh", "-l", "root"]``) at ``address`` and written with ``rsync`` over the same ssh."""

    def __init__(self, address: str, root: str = "/", ssh: list[str] | None = None, rsync: list[str] | None = None,
                 timeout: float = 600):
        self.address, self.root = address, root
        self.ssh, self.rsync = ssh or ["ssh"], rsync or ["rsync"]
        self.timeout = timeout

    def _ssh(self, argv: list[str], stdin: bytes | None = None, ok: tuple[int, ...] = (0,)) -> tuple[int, bytes]:
        # ssh joins its arguments into one line for the remote shell: quote every word ourselves.
        cmd = [*self.ssh, self.address, shlex.join(argv)]
        try:
            done = subprocess.run(cmd, input=stdin, capture_output=True, timeout=self.timeout)  # noqa: S603
        except FileNotFoundError:
            raise RemoteFailed(f"{self.address}: ssh command not found: {self.ssh[0]}") from None
        except subprocess.TimeoutExpired:
            raise RemoteFailed(f"{self.address}: {shlex.join(argv)}: no answer in {self.timeout:.0f} s") from None
        if done.returncode not in ok:
            why = done.stderr.decode(errors="replace").strip().splitlines()
            raise RemoteFailed(f"{self.address}: {shlex.join(argv)} failed (exit {done.returncode})"
                               + (f": {why[-1]}" if why else ""))
        return done.returncode, done.stdout

    def shas(self, paths: list[str]) -> dict[str, str]:
        if not paths:
            return {}
        full = {_under(self.root, p): p for p in paths}
        script = 'for f in "$@"; do if [ -f "$f" ]; then sha256sum -- "$f" || exit 1; fi; done'
        _, out = self._ssh(["sh", "-c", script, "sh", *full])
        shas = {}
        for line in out.decode(errors="replace").splitlines():
            digest, _, name = line.partition("  ")
            if name in full:
                shas[full[name]] = digest
        return shas

    def read(self, path: str) -> bytes | None:
        code, out = self._ssh(["sh", "-c", 'if [ -f "$1" ]; then exec cat -- "$1"; else exit 3; fi', "sh",
                               _under(self.root, path)], ok=(0, 3))
        return out if code == 0 else None

    def install(self, files: dict[str, bytes]) -> None:
        with tempfile.TemporaryDirectory(prefix="nas-deploy-") as stage:
            rel = []
            for path, data in files.items():
                dest = _under(stage, path)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as fh:
                    fh.write(data)
                os.chmod(dest, _mode(path))
                rel.append(path.lstrip("/"))
            listing = os.path.join(stage, ".nas-deploy-files")
            with open(listing, "w") as fh:
                fh.write("\n".join(rel) + "\n")
            # Only the listed files; -c compares contents, -p gives the staged modes; directories on
            # the way keep their owner and modes (--no-implied-dirs), missing ones are made.
            cmd = [*self.rsync, "-pc", "--no-implied-dirs", f"--files-from={listing}", "-e", shlex.join(self.ssh),
                   stage + "/", f"{self.address}:{self.root.rstrip('/') or ''}/"]
            try:
                done = subprocess.run(cmd, capture_output=True, timeout=self.timeout)  # noqa: S603
            except FileNotFoundError:
                raise RemoteFailed(f"{self.address}: rsync command not found: {self.rsync[0]}") from None
            except subprocess.TimeoutExpired:
                raise RemoteFailed(f"{self.address}: rsync: no answer in {self.timeout:.0f} s") from None
            if done.returncode != 0:
                why = done.stderr.decode(errors="replace").strip().splitlines()
                raise RemoteFailed(f"{self.address}: rsync failed (exit {done.returncode})"
                                   + (f": {why[-1]}" if why else ""))

    def remove(self, paths: list[str]) -> None:
        if paths:
            self._ssh(["rm", "-f", "--", *(_under(self.root, p) for p in paths)])

    def run(self, cmd: list[str]) -> None:
        self._ssh(cmd)


Target = Local | Remote


def installed_manifest(target: Target | str, state_dir: str, environment: str) -> dict[str, Any]:
    if isinstance(target, str):
        target = Local(target)
    data = target.read(manifest_path(state_dir, environment))
    return json.loads(data) if data is not None else {"files": {}, "units": []}


def plan(files: dict[str, bytes], manifest: dict[str, Any], root: str, state_dir: str,
         target: Target | None = None) -> Plan:
    target = target or Local(root)
    old = installed_manifest(target, state_dir, manifest["environment"])
    stale = [p for p in old["files"] if p not in manifest["files"]]
    have = target.shas(list(manifest["files"]) + stale)
    added, changed, touched = [], [], set()
    for path, entry in manifest["files"].items():
        if have.get(path) == entry["sha256"]:
            continue
        (added if path not in have else changed).append(path)
        touched.update(entry["units"])
    removed = [p for p in stale if p in have]
    stop = [u for u in old.get("units", []) if u not in manifest["units"]]
    restart = [u for u in manifest["units"] if u in touched]
    return Plan(manifest["host"], added, changed, removed, restart, stop)


def apply(files: dict[str, bytes], manifest: dict[str, Any], root: str, state_dir: str,
          systemctl: list[str] | None, target: Target | None = None) -> Plan:
    """Install what ``plan`` found; restart only those units (none with ``systemctl=None``).
    Raises RemoteFailed when a remote host cannot be reached or a command there fails."""
    target = target or Local(root)
    p = plan(files, manifest, root, state_dir, target)
    if p.empty:
        return p
    if systemctl:
        for unit in p.stop:
            target.run([*systemctl, "disable", "--now", unit])
    target.install({path: files[path] for path in p.added + p.changed})
    target.remove(p.removed)
    # The manifest last: an apply cut short is found again by the next plan.
    target.install({manifest_path(state_dir, manifest["environment"]):
                    json.dumps(manifest, indent=1, sort_keys=True).encode()})
    if systemctl:
        target.run([*systemctl, "daemon-reload"])
        target.run([*systemctl, "enable", manifest["target"]])
        for unit in p.restart:
            target.run([*systemctl, "restart", unit])
        target.run([*systemctl, "start", manifest["target"]])
    return p
