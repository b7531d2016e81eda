"""Uploading a job's files: a file is deleted locally only after the archive confirmed it in every
replica; a file that was not stored is moved aside to the failed-uploads directory, noted in the
job state (and so named in the report), and tried again when the harvester next starts."""
from __future__ import annotations

import logging
import os
import shutil

from server.harvester.archive_client import ArchiveClient
from server.harvester.jobdir import JobDir, JobState
from shared.errors import NasError, Unavailable

log = logging.getLogger(__name__)


class Uploader:
    """Uploads for one job. After the archive was found unavailable, the job's remaining files are
    moved aside without trying again (each try could wait out a timeout)."""

    def __init__(self, archive: ArchiveClient, failed_dir: str):
        self.archive = archive
        self.failed_dir = failed_dir
        self.unavailable: str | None = None

    def upload(self, job_dir: JobDir, state: JobState, path: str) -> bool:
        """Store one file of the job; update and save ``state``. True when stored."""
        name = os.path.basename(path)
        if name in state.uploaded:
            _remove(path)
            return True
        if not os.path.exists(path):
            return False
        if self.unavailable is None:
            try:
                result = self.archive.store(path)
            except Unavailable as exc:
                self.unavailable = str(exc)
                reason = str(exc)
            except (NasError, OSError) as exc:
                reason = str(exc)
            else:
                log.info("%s stored in %s", name, ", ".join(sorted(result.replicas)))
                _remove(path)
                state.uploaded.append(name)
                state.failed_uploads.pop(name, None)
                job_dir.save_state(state)
                return True
        else:
            reason = f"not tried: the archive was unavailable ({self.unavailable})"
        dest = move_aside(path, self.failed_dir)
        log.warning("upload of %s failed, kept as %s: %s", name, dest, reason)
        state.failed_uploads[name] = reason
        job_dir.save_state(state)
        return False


def move_aside(path: str, failed_dir: str) -> str:
    os.makedirs(failed_dir, exist_ok=True)
    dest = os.path.join(failed_dir, os.path.basename(path))
    if os.path.exists(dest):  # the same file failed before (a retried job): keep the newer copy
        os.unlink(dest)
    shutil.move(path, dest)
    return dest


def retry_failed(archive: ArchiveClient, failed_dir: str) -> tuple[list[str], dict[str, str]]:
    """Try every file in the failed-uploads directory again: (stored, {name: reason still failing})."""
    stored: list[str] = []
    failing: dict[str, str] = {}
    if not os.path.isdir(failed_dir):
        return stored, failing
    for name in sorted(os.listdir(failed_dir)):
        path = os.path.join(failed_dir, name)
        if not os.path.isfile(path) or name.endswith((".part", ".tmp")) or name.startswith("."):
            continue
        try:
            archive.store(path)
        except (NasError, OSError) as exc:
            failing[name] = str(exc)
            if isinstance(exc, Unavailable):
                break
            continue
        _remove(path)
        stored.append(name)
        log.info("%s from the failed uploads is now stored", name)
    return stored, failing


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
