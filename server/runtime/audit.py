"""The audit log: who called what, when, and how it ended, one JSON object per line.

Written by the ``@rpc`` entrypoint (:mod:`server.runtime.rpc`) for every call of an RPC that
changes something (its roles are not the read-only set), every call declared ``audit=True``
(e.g. reading a domain, which may reveal site passwords) and every refused call. Arguments are
not written (they may hold passwords); the method name and the outcome say what happened.

Each service instance appends to ``security.audit_log`` (default: ``audit.log`` in its data
directory). A line is written with one ``write`` on a file opened for appending and synced, so
lines from concurrent workers never interleave and a line that was answered is on disk.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import threading
from collections.abc import Iterator, Mapping
from typing import Any

_lock = threading.Lock()


def audit_path(settings: Mapping[str, Any]) -> str:
    configured = settings.get("security.audit_log") or ""
    if configured:
        return os.path.abspath(configured)
    return os.path.join(os.path.abspath(settings.get("data_dir") or "."), "audit.log")


def record(path: str, *, who: str, roles: Any, action: str, outcome: str, error: str | None = None,
           instance: str | None = None, detail: Mapping[str, Any] | None = None, login: str | None = None) -> None:
    """Append one entry (``outcome``: ok | failed | refused). ``login`` is the broker account the
    call came from, as RabbitMQ validated it (the message's ``user_id``), beside ``who`` (the
    identity the call claims)."""
    entry = {
        "time": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
        "who": who or "(anonymous)",
        "roles": sorted(roles or ()),
        "action": action,
        "outcome": outcome,
    }
    if login:
        entry["login"] = login
    if error:
        entry["error"] = error
    if instance:
        entry["instance"] = instance
    if detail:
        entry["detail"] = dict(detail)
    line = (json.dumps(entry, sort_keys=True, default=str) + "\n").encode()
    with _lock:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)


def read(path: str) -> Iterator[dict[str, Any]]:
    """The entries of one audit log, oldest first (a torn last line is skipped)."""
    try:
        fh = open(path, encoding="utf-8")
    except FileNotFoundError:
        return
    with fh:
        for line in fh:
            try:
                yield json.loads(line)
            except ValueError:
                continue
