"""Online backup of an embedded (SQLite) harvest database, rotated — the seeds' scheduler backed
up its embedded database as part of the regular scheduling check; so does ours.

SQLite's backup API copies a live database page by page while others keep writing; the copy
is written under a temporary name and renamed, so a backup file is always complete. PostgreSQL
installations back up with their own tools (``pg_dump``), so this does nothing for them.
"""
from __future__ import annotations

import datetime as dt
import logging
import os
import sqlite3

from sqlalchemy import Engine

log = logging.getLogger(__name__)

PREFIX = "harvest-"
SUFFIX = ".db"


def sqlite_path(engine: Engine) -> str | None:
    """The file of an SQLite engine, None for any other database (or an in-memory one)."""
    if engine.url.get_backend_name() != "sqlite":
        return None
    db = engine.url.database
    return db if db and db != ":memory:" else None


def backups(directory: str) -> list[str]:
    """Existing backup files, oldest first (names sort by time)."""
    if not os.path.isdir(directory):
        return []
    return sorted(os.path.join(directory, n) for n in os.listdir(directory)
                  if n.startswith(PREFIX) and n.endswith(SUFFIX))


def latest_time(directory: str) -> dt.datetime | None:
    found = backups(directory)
    if not found:
        return None
    stamp = os.path.basename(found[-1])[len(PREFIX):-len(SUFFIX)]
    try:
        return dt.datetime.strptime(stamp, "%Y%m%dT%H%M%S%fZ").replace(tzinfo=dt.UTC)
    except ValueError:
        return None


def backup(engine: Engine, directory: str, keep: int, now: dt.datetime | None = None) -> str | None:
    """Copy the database into ``directory`` and delete all but the ``keep`` newest copies.
    Returns the new file, or None when the database is not an SQLite file."""
    source = sqlite_path(engine)
    if source is None:
        return None
    now = now or dt.datetime.now(dt.UTC)
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, f"{PREFIX}{now.strftime('%Y%m%dT%H%M%S%fZ')}{SUFFIX}")
    tmp = target + ".part"
    src = sqlite3.connect(source, timeout=30)
    try:
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst, pages=1024)
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(tmp, target)
    for old in backups(directory)[:-keep]:
        os.remove(old)
    log.info("harvest database backed up to %s", target)
    return target


def due(directory: str, interval: float, now: dt.datetime | None = None) -> bool:
    if interval <= 0:
        return False
    last = latest_time(directory)
    now = now or dt.datetime.now(dt.UTC)
    return last is None or (now - last).total_seconds() >= interval
