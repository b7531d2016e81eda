# ruff: noqa: E501
"""What the services say in words, said again in the user's language from its code and parameters.

Servers never translate (they speak English to logs, mail and the CLI); where they give a stable
code with the facts as parameters — a notification's ``code`` and ``details``, a job's
``failure_code`` — the desktop builds its own sentence. A code it does not know, or one whose
parameters are missing (an older service), shows the server's English text unchanged: never a
blank, never a guess.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication


def _job_failure(code: str, j: Any) -> str | None:
    if code == "cancelled":
        why = getattr(j, "cancel_reason", "") or ""
        return (QCoreApplication.translate("ServerText", "Cancelled by a curator: {reason}").format(reason=why) if why
                else QCoreApplication.translate("ServerText", "Cancelled by a curator."))
    if code == "job_timeout":
        return QCoreApplication.translate("ServerText", "No word from the harvester within the job time-out: marked failed.")
    if code == "nothing_harvested":
        return QCoreApplication.translate("ServerText", "Nothing was harvested: no object was fetched for any of the job's domains.")
    if code == "harvest_error" and getattr(j, "harvest_error", ""):
        return QCoreApplication.translate("ServerText", "The harvest failed: {error}").format(error=j.harvest_error)
    if code == "upload_error" and getattr(j, "upload_error", ""):
        return QCoreApplication.translate("ServerText", "The upload to the archive failed: {error}").format(error=j.upload_error)
    return None


def job_failure(j: Any) -> str:
    """A job's failure reason in the user's language (the server's text for an unknown code)."""
    code = getattr(j, "failure_code", "") or ""
    return (_job_failure(code, j) if code else None) or (getattr(j, "failure_reason", "") or "")


def _int(details: Mapping[str, Any], key: str) -> int:
    value = details[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise KeyError(key)
    return value


def _audit_found_damage(n: Any, d: Mapping[str, Any]) -> str:
    from desktop.controllers.bit_integrity import kind_text

    return QCoreApplication.translate("ServerText", "The {kind} audit {audit} of replica {replica} found {missing}, {corrupt} and {disputed}.").format(
        kind=kind_text(str(d["kind"])), audit=d["audit_id"], replica=d["replica"],
        missing=QCoreApplication.translate("ServerText", "%n missing file(s)", "", _int(d, "missing")),
        corrupt=QCoreApplication.translate("ServerText", "%n corrupt file(s)", "", _int(d, "corrupt")),
        disputed=QCoreApplication.translate("ServerText", "%n disputed file(s)", "", _int(d, "disputed")))


def _instance_lost(n: Any, d: Mapping[str, Any]) -> str:
    return QCoreApplication.translate("ServerText", "{instance} ({service} on {host}) has sent no heartbeat for {age}.").format(
        instance=n.instance, service=d["service"], host=d["host"],
        age=QCoreApplication.translate("ServerText", "%n second(s)", "", _int(d, "heartbeat_age")))


def _store_failed(n: Any, d: Mapping[str, Any]) -> str:
    replicas = d["failed_replicas"]
    if not isinstance(replicas, list):
        raise KeyError("failed_replicas")
    return QCoreApplication.translate("ServerText", "{file} could not be stored in {replicas}.").format(
        file=n.refers_to, replicas=", ".join(map(str, replicas)) or QCoreApplication.translate("ServerText", "a replica"))


def _disk_low(n: Any, d: Mapping[str, Any]) -> str:
    if "replica" in d:
        return QCoreApplication.translate("ServerText", "{instance} has too little free disk space and takes no new files (replica {replica}).").format(
            instance=n.instance, replica=d["replica"])
    return QCoreApplication.translate("ServerText", "{instance} has too little free disk space and takes no new jobs (channel {channel}).").format(
        instance=n.instance, channel=d["channel"])


def _job_failed(n: Any, d: Mapping[str, Any]) -> str:
    reason = _job_failure(str(d["failure_code"]), _DetailsJob(d))
    if reason is None:
        raise KeyError("failure_code")
    return QCoreApplication.translate("ServerText", "Job {id} failed. {reason}").format(id=_int(d, "job_id"), reason=reason)


def _definition_deactivated(n: Any, d: Mapping[str, Any]) -> str:
    return QCoreApplication.translate("ServerText", "Harvest definition {id} could not be scheduled and was deactivated: {error}").format(
        id=_int(d, "harvest_id"), error=d["error"])


def _qa_incomplete(n: Any, d: Mapping[str, Any]) -> str:
    return QCoreApplication.translate(
        "ServerText", "QA of job {id}: {complete} of {checked} pages complete, below the threshold of {threshold} %.").format(
            id=_int(d, "job_id"), complete=_int(d, "pages_complete"), checked=_int(d, "pages_checked"),
            threshold=round(float(d["threshold"]) * 100))


class _DetailsJob:
    """A notification's details read like a job's fields by :func:`_job_failure`."""

    def __init__(self, d: Mapping[str, Any]):
        self.cancel_reason = str(d.get("cancel_reason", "") or "")
        self.harvest_error = str(d.get("harvest_error", "") or "")
        self.upload_error = str(d.get("upload_error", "") or "")


NOTIFICATIONS: dict[str, Callable[[Any, Mapping[str, Any]], str]] = {
    "AUDIT_FOUND_DAMAGE": _audit_found_damage,
    "INSTANCE_LOST": _instance_lost,
    "STORE_FAILED": _store_failed,
    "DISK_LOW": _disk_low,
    "JOB_FAILED": _job_failed,
    "DEFINITION_DEACTIVATED": _definition_deactivated,
    "QA_INCOMPLETE": _qa_incomplete,
}


def notification(n: Any) -> str:
    """A notification's message in the user's language from its code and details; the server's
    English message for a code the desktop does not know or details it cannot read."""
    make = NOTIFICATIONS.get(getattr(n, "code", ""))
    details = getattr(n, "details", None) or {}
    if make is not None and isinstance(details, Mapping):
        try:
            return make(n, details)
        except (KeyError, TypeError, ValueError):
            pass
    return getattr(n, "message", "") or ""


def notification_event(code: str) -> str:
    """The event's name in the user's language (the code itself when unknown)."""
    names = {
        "AUDIT_FOUND_DAMAGE": QCoreApplication.translate("ServerText", "Audit found damage"),
        "INSTANCE_LOST": QCoreApplication.translate("ServerText", "Instance lost"),
        "STORE_FAILED": QCoreApplication.translate("ServerText", "Store failed"),
        "UPLOAD_FAILED": QCoreApplication.translate("ServerText", "Upload failed"),
        "DISK_LOW": QCoreApplication.translate("ServerText", "Disk space low"),
        "JOB_FAILED": QCoreApplication.translate("ServerText", "Job failed"),
        "DEFINITION_DEACTIVATED": QCoreApplication.translate("ServerText", "Definition deactivated"),
        "QA_INCOMPLETE": QCoreApplication.translate("ServerText", "QA incomplete"),
    }
    return names.get(code, code)


def replace_refusal(c: Any) -> str:
    """Why a corrupt copy cannot be replaced (a ``ReplaceConfirmationDto``), in the user's language
    (the server's English text for an unknown code)."""
    code = getattr(c, "reason_code", "") or ""
    if code == "not_held":
        return QCoreApplication.translate("ServerText", "replica {replica} does not hold the file (re-establish it instead)").format(replica=c.replica)
    if code == "copy_is_good":
        return QCoreApplication.translate("ServerText", "the copy equals the reference: nothing to replace")
    if code == "no_good_copy":
        return QCoreApplication.translate("ServerText", "no other replica holds a copy equal to the reference")
    if code == "copies_disagree":
        return QCoreApplication.translate("ServerText", "other copies agree with this one against the reference: a person must decide")
    return getattr(c, "reason", "") or "—"
