"""The job directory: one per claimed job, named from the job id and the claim time, as the seeds
have it. Everything the crawl needs and makes is in it, plus ``harvester-state.json`` in which the
harvester notes how far it got, so that a restarted harvester can finish the job off.

    <work_dir>/jobs/<jobid>_<YYYYmmddTHHMMSS>/
        harvest-job.json      the job as claimed (ids, channel, aliases, deduplication job ids)
        crawl-job.json        the crawler's job spec (server/crawler/spec.py)
        seeds.txt             the seeds, one per line
        harvester-state.json  phase, crawler pid, why the crawl ended, upload outcomes
        crawler-stdout.log    the crawler's progress lines; crawler-stderr.log its errors
        *.warc.gz(.open), crawl.log, *-report.txt, domain-stats.json ...  written by the crawler
"""
from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import logging
import os
import re
import shutil
import time
from typing import Any

from shared.dto import Dto

log = logging.getLogger(__name__)

JOBS = "jobs"
JOB_FILE = "harvest-job.json"
SPEC_FILE = "crawl-job.json"
SEEDS_FILE = "seeds.txt"
STATE_FILE = "harvester-state.json"
STDOUT_FILE = "crawler-stdout.log"
STDERR_FILE = "crawler-stderr.log"
_DIR_NAME = re.compile(r"^(?P<job>[A-Za-z0-9.]+)_(?P<ts>\d{8}T\d{6})$")

# Phases in order; a leftover job is finished from the phase it was left in.
CRAWLING, CRAWLED, UPLOADING, REPORTING, REPORTED = "crawling", "crawled", "uploading", "reporting", "reported"


@dataclasses.dataclass
class JobState(Dto):
    """What the harvester knows about its progress with one job (kept on disk)."""

    phase: str = CRAWLING
    harvester: str = ""
    crawler_pid: int | None = None
    crawler_exit: int | None = None
    crawl_end: str = ""                 # the crawler's own end: finished, time-limit, unfinished
    stop_cause: str = ""                # why the harvester stopped the crawl, if it did
    harvest_errors: list[str] = dataclasses.field(default_factory=list)
    harvest_details: list[str] = dataclasses.field(default_factory=list)
    uploaded: list[str] = dataclasses.field(default_factory=list)
    failed_uploads: dict[str, str] = dataclasses.field(default_factory=dict)
    started_at: float = 0.0
    recovered: bool = False
    #: the jobs the deduplication index covered (None: no index was used; the metadata WARC's
    #: ``duplicatereductionjobs`` lists them) and why a wanted index was not used
    dedup_jobs: list[int] | None = None
    dedup_note: str = ""
    #: what the harvester's crawler_overrides changed of the job's crawl profile (told with the
    #: report: a failed job says so)
    notes: list[str] = dataclasses.field(default_factory=list)


class JobDir:
    """One job directory."""

    def __init__(self, path: str):
        self.path = os.path.abspath(path)

    def __repr__(self) -> str:
        return f"JobDir({self.path!r})"

    def file(self, name: str) -> str:
        return os.path.join(self.path, name)

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    # -- the job ------------------------------------------------------------------------------
    def job(self) -> dict[str, Any]:
        with open(self.file(JOB_FILE), encoding="utf-8") as fh:
            return json.load(fh)

    @property
    def job_id(self) -> str:
        return str(self.job()["job_id"])

    # -- state ----------------------------------------------------------------------------------
    def state(self) -> JobState:
        try:
            with open(self.file(STATE_FILE), encoding="utf-8") as fh:
                return JobState.from_dict(json.load(fh))
        except FileNotFoundError:
            return JobState()

    def save_state(self, state: JobState) -> bool:
        """Write the job's state for a restarted harvester. On a full disk the file keeps its last
        saved version and the job goes on with the state in memory (the next save writes it):
        the state file helps a recovery, and a crash of the job's thread over it would lose more
        (the crawl's upload and report). Returns whether the state was saved."""
        try:
            _write_json(self.file(STATE_FILE), state.to_dict())
        except OSError as exc:
            if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
                raise
            log.warning("job %s: its state could not be saved, the disk is full (%s); the harvester "
                        "goes on and saves it at the next change", self.job_id, exc.strerror or exc)
            return False
        return True

    # -- files ------------------------------------------------------------------------------------
    def warcs(self, closed_only: bool = True) -> list[str]:
        """The crawler's WARC files (not the metadata WARC), oldest first."""
        out = []
        for name in sorted(os.listdir(self.path)):
            if "-metadata-" in name:
                continue
            if name.endswith(".warc.gz") or (not closed_only and name.endswith(".warc.gz.open")):
                out.append(self.file(name))
        return out

    def write_spec(self, spec: dict[str, Any]) -> None:
        """Replace the crawler's job spec (the deduplication index is added after the claim)."""
        _write_json(self.file(SPEC_FILE), spec)

    def spec(self) -> dict[str, Any]:
        with open(self.file(SPEC_FILE), encoding="utf-8") as fh:
            return json.load(fh)

    def metadata_warc(self) -> str:
        return self.file(metadata_warc_name(self.job_id))

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def metadata_warc_name(job_id: str | int) -> str:
    return f"{job_id}-metadata-1.warc.gz"


def jobs_root(work_dir: str) -> str:
    return os.path.join(work_dir, JOBS)


def create(work_dir: str, job: dict[str, Any], spec: dict[str, Any], seeds: list[str],
           harvester: str = "", now: float | None = None) -> JobDir:
    """Make the job directory and write the job, the crawler's spec and the seeds into it."""
    from server.harvester.job_spec import normalise

    job = normalise(job)
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now if now is not None else time.time()))
    job_id = str(job["job_id"])
    if not re.fullmatch(r"[A-Za-z0-9.]+", job_id):
        raise ValueError(f"job id {job_id!r} cannot name a directory")
    root = jobs_root(work_dir)
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, f"{job_id}_{stamp}")
    # A second claim of the same job within one second (after a lost claim) gets its own dir.
    n = 1
    while os.path.exists(path):
        n += 1
        path = os.path.join(root, f"{job_id}_{stamp}.{n}")
    tmp = path + ".new"
    os.makedirs(tmp)
    d = JobDir(tmp)
    with open(d.file(SEEDS_FILE), "w", encoding="utf-8") as fh:
        fh.writelines(s.strip() + "\n" for s in seeds if s.strip())
    _write_json(d.file(SPEC_FILE), {**spec, "seeds_file": SEEDS_FILE})
    _write_json(d.file(JOB_FILE), job)
    # written directly, not by save_state: a job that cannot even be set up on a full disk fails
    _write_json(d.file(STATE_FILE), JobState(harvester=harvester, started_at=time.time()).to_dict())
    # Renamed into place only when complete: a half-made directory is never a "leftover job".
    os.rename(tmp, path)
    return JobDir(path)


def leftovers(work_dir: str) -> list[JobDir]:
    """Job directories an earlier run left behind, oldest first; half-made ones are removed."""
    root = jobs_root(work_dir)
    if not os.path.isdir(root):
        return []
    out = []
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if not os.path.isdir(path):
            continue
        if name.endswith(".new"):
            shutil.rmtree(path, ignore_errors=True)
            continue
        if os.path.exists(os.path.join(path, JOB_FILE)):
            out.append(JobDir(path))
    out.sort(key=lambda d: (d.name.split("_", 1)[-1], d.name))
    return out


def free_space(path: str) -> int:
    """Bytes free for this user in the file system holding ``path`` (made if missing)."""
    os.makedirs(path, exist_ok=True)
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


def _write_json(path: str, data: Any) -> None:
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError:
        # a half-written file (a full disk) is not left behind; the last complete one stays
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise
    os.replace(tmp, path)
