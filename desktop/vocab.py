"""Translated names of the shared vocabularies (states, statuses, kinds); servers send the values."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def instance_state(value: str) -> str:
    return {
        "starting": QCoreApplication.translate("Vocabulary", "starting"),
        "running": QCoreApplication.translate("Vocabulary", "running"),
        "dormant": QCoreApplication.translate("Vocabulary", "dormant"),
        "stopping": QCoreApplication.translate("Vocabulary", "stopping"),
        "stopped": QCoreApplication.translate("Vocabulary", "stopped"),
        "lost": QCoreApplication.translate("Vocabulary", "lost"),
    }.get(value, value)


def job_status(value: str) -> str:
    """A job state (or a filter word) as the one vocabulary of shared/job_states.py says it, the
    word the command line shows, translated: a cancelled job is "cancelled" here as there."""
    from shared import job_states

    word = job_states.word(value)      # a filter word that is no stored value stays as it is
    return job_state_words().get(word, word)


def job_state_words() -> dict[str, str]:
    """Every word of shared/job_states.py (states and filter words), translated."""
    return {
        "new": QCoreApplication.translate("Vocabulary", "new"),
        "queued": QCoreApplication.translate("Vocabulary", "queued"),
        "running": QCoreApplication.translate("Vocabulary", "running"),
        "done": QCoreApplication.translate("Vocabulary", "done"),
        "failed": QCoreApplication.translate("Vocabulary", "failed"),
        "resubmitted": QCoreApplication.translate("Vocabulary", "resubmitted"),
        "cancelled": QCoreApplication.translate("Vocabulary", "cancelled"),
    }


def stop_reason(value: str) -> str:
    return {
        "completed": QCoreApplication.translate("Vocabulary", "completed"),
        "object-limit": QCoreApplication.translate("Vocabulary", "object limit reached"),
        "size-limit": QCoreApplication.translate("Vocabulary", "size limit reached"),
        "config-size-limit": QCoreApplication.translate("Vocabulary", "configuration size limit reached"),
        "config-object-limit": QCoreApplication.translate("Vocabulary", "configuration object limit reached"),
        "time-limit": QCoreApplication.translate("Vocabulary", "time limit reached"),
        "unfinished": QCoreApplication.translate("Vocabulary", "unfinished"),
        # h-everyday's outcomes (wave C contract): a domain of which nothing could be fetched
        "no-seed-fetched": QCoreApplication.translate("Vocabulary", "no seed could be fetched"),
        "cancelled": QCoreApplication.translate("Vocabulary", "cancelled"),
    }.get(value, value)


def job_outcome(value: str) -> str:
    return {
        "harvested": QCoreApplication.translate("Vocabulary", "harvested"),
        "partial": QCoreApplication.translate("Vocabulary", "partly harvested"),
        "nothing-harvested": QCoreApplication.translate("Vocabulary", "nothing harvested"),
        "cancelled": QCoreApplication.translate("Vocabulary", "cancelled"),
        "failed": QCoreApplication.translate("Vocabulary", "failed"),
    }.get(value, value)


def upload_state(value: str) -> str:
    return {
        "": "—",
        "no_upload": QCoreApplication.translate("Vocabulary", "not stored"),
        "upload_started": QCoreApplication.translate("Vocabulary", "storing"),
        "data_uploaded": QCoreApplication.translate("Vocabulary", "stored, not yet confirmed"),
        "upload_completed": QCoreApplication.translate("Vocabulary", "stored"),
        "upload_failed": QCoreApplication.translate("Vocabulary", "storing failed"),
    }.get(value, value)


def harvest_kind(value: str) -> str:
    return {
        "selective": QCoreApplication.translate("Vocabulary", "selective"),
        "event": QCoreApplication.translate("Vocabulary", "event"),
        "snapshot": QCoreApplication.translate("Vocabulary", "snapshot"),
    }.get(value, value)


def log_level(value: str) -> str:
    return {
        "WARNING": QCoreApplication.translate("Vocabulary", "warning"),
        "ERROR": QCoreApplication.translate("Vocabulary", "error"),
        "CRITICAL": QCoreApplication.translate("Vocabulary", "critical"),
    }.get(value, value)
