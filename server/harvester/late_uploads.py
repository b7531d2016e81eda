"""Retrying failed uploads while the harvester runs, and telling the scheduler (issue #20, 4).

Files the archive did not take wait in the failed-uploads directory. Before, they were tried
again only when the harvester started, and their job stayed "failed, 2 of 2 not stored" even
after they were stored. :class:`LateUploads` tries them again while the harvester runs: first
``interval`` seconds after the last try, doubling after every round that stored nothing (up to
``max_interval``), back to ``interval`` after a round that stored something. Each stored file's
job (the number its name begins with, ``<job>-<harvest>-...``/``<job>-metadata-...``) is told to
the scheduler's ``report_late_uploads`` with the job's files still waiting. What the scheduler
has not yet heard (it may be down too) is kept in ``.stored-later.json`` in the directory and
sent again next round, so no job's outcome stays stale.
"""
from __future__ import annotations

import json
import logging
import os
import re
import time
from collections.abc import Callable
from typing import Any

from server.harvester.uploads import retry_failed
from shared.errors import NasError

log = logging.getLogger(__name__)

LEDGER = ".stored-later.json"
JOB_OF = re.compile(r"^(\d+)-")


def job_of(name: str) -> int | None:
    m = JOB_OF.match(name)
    return int(m.group(1)) if m else None


class LateUploads:
    def __init__(self, archive: Any, scheduler: Any, failed_dir: str, harvester_id: str,
                 interval: float = 60.0, max_interval: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic):
        self.archive = archive
        self.scheduler = scheduler
        self.failed_dir = failed_dir
        self.harvester_id = harvester_id
        self.interval = interval
        self.max_interval = max(max_interval, interval)
        self.clock = clock
        self.delay = interval
        self.next_at = clock() + interval

    def waiting(self) -> list[str]:
        if not os.path.isdir(self.failed_dir):
            return []
        return sorted(n for n in os.listdir(self.failed_dir)
                      if not n.startswith(".") and not n.endswith((".part", ".tmp"))
                      and os.path.isfile(os.path.join(self.failed_dir, n)))

    def due(self) -> bool:
        return self.clock() >= self.next_at

    def run(self) -> list[str]:
        """One round: try every waiting file, tell the scheduler, plan the next round. Returns
        the names stored in this round."""
        stored: list[str] = []
        failing: dict[str, str] = {}
        if self.waiting():
            stored, failing = retry_failed(self.archive, self.failed_dir)
        if stored:
            log.info("%d file(s) from the failed uploads are now stored: %s", len(stored), ", ".join(stored))
            self._remember(stored)
        self._tell_scheduler(failing)
        if self.waiting() and not stored:
            self.delay = min(self.delay * 2, self.max_interval)
        else:
            self.delay = self.interval
        self.next_at = self.clock() + self.delay
        return stored

    # --- what the scheduler has not heard yet ----------------------------------------------------

    def _ledger_path(self) -> str:
        return os.path.join(self.failed_dir, LEDGER)

    def _ledger(self) -> dict[str, list[str]]:
        try:
            with open(self._ledger_path(), encoding="utf-8") as fh:
                data = json.load(fh)
            return {str(k): list(v) for k, v in data.items()} if isinstance(data, dict) else {}
        except (OSError, ValueError):
            return {}

    def _save(self, ledger: dict[str, list[str]]) -> None:
        os.makedirs(self.failed_dir, exist_ok=True)
        tmp = self._ledger_path() + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(ledger, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, self._ledger_path())

    def _remember(self, stored: list[str]) -> None:
        ledger = self._ledger()
        for name in stored:
            job = job_of(name)
            if job is not None:
                ledger.setdefault(str(job), [])
                if name not in ledger[str(job)]:
                    ledger[str(job)].append(name)
        self._save(ledger)

    def _tell_scheduler(self, failing: dict[str, str]) -> None:
        ledger = self._ledger()
        if not ledger:
            return
        waiting = self.waiting()
        for job, names in list(ledger.items()):
            still = {n: failing.get(n, "not stored yet") for n in waiting if job_of(n) == int(job)}
            try:
                self.scheduler.late_uploads(int(job), self.harvester_id, names, still)
            except NasError as exc:
                if exc.code in ("job_not_found", "conflict", "invalid_input"):
                    log.warning("the scheduler refused the late uploads of job %s: %s", job, exc)
                else:
                    log.info("cannot tell the scheduler about job %s yet: %s", job, exc)
                    continue
            except Exception as exc:  # noqa: BLE001 - tried again next round
                log.info("cannot tell the scheduler about job %s yet: %s", job, exc)
                continue
            del ledger[job]
        if ledger:
            self._save(ledger)
        else:
            try:
                os.unlink(self._ledger_path())
            except FileNotFoundError:
                pass
