# ruff: noqa: E501 - one sentence per line reads better for translators
"""Server error codes (and the client's own failure kinds) as translated sentences.

Each code of :data:`shared.errors.ERRORS_BY_CODE` has its own sentence; a code added later
without one falls back to its nearest base class's sentence, then to a generic one. Placeholders
are ``{name}`` fields filled from the error's ``details``; a missing detail shows as ``?``.
"""
from __future__ import annotations

import string
from typing import Any

from PySide6.QtCore import QCoreApplication

from desktop.rpc.outcome import Failure, FailureKind
from shared.errors import ERRORS_BY_CODE


def _sentences() -> dict[str, str]:
    # Literal translate() calls, so that pyside6-lupdate finds every sentence.
    return {
        "nas_error": QCoreApplication.translate("Errors", "The service could not do this."),
        "invalid_input": QCoreApplication.translate("Errors", "The input is not valid."),
        "config_invalid": QCoreApplication.translate("Errors", "The configuration is not valid: {key}."),
        "invalid_name": QCoreApplication.translate("Errors", "This name is not allowed: it must not contain '/', '..' or control characters."),
        "invalid_domain": QCoreApplication.translate("Errors", "This is not a domain name that can be registered (for example kb.dk, not co.uk)."),
        "invalid_url": QCoreApplication.translate("Errors", "This URL is not valid or not allowed here."),
        "invalid_regex": QCoreApplication.translate("Errors", "This regular expression is not valid (problem at position {position})."),
        "invalid_profile": QCoreApplication.translate("Errors", "The crawl profile is not valid."),
        "invalid_schedule": QCoreApplication.translate("Errors", "The schedule is not valid ({field}: {reason})."),
        "invalid_warc": QCoreApplication.translate("Errors", "The WARC file cannot be read."),
        "invalid_wacz": QCoreApplication.translate("Errors", "The WACZ package cannot be read or is damaged."),
        "not_found": QCoreApplication.translate("Errors", "It does not exist (any more)."),
        "domain_not_found": QCoreApplication.translate("Errors", "There is no such domain."),
        "job_not_found": QCoreApplication.translate("Errors", "There is no such job."),
        "file_not_found": QCoreApplication.translate("Errors", "There is no such file in the archive."),
        "conflict": QCoreApplication.translate("Errors", "This clashes with the current state."),
        "already_exists": QCoreApplication.translate("Errors", "One with this name already exists."),
        "edition_conflict": QCoreApplication.translate("Errors", "Someone else saved this in the meantime. Reload it and make your change again."),
        "illegal_transition": QCoreApplication.translate("Errors", "This change of state is not allowed (from {from} to {to})."),
        "job_cancelled": QCoreApplication.translate("Errors", "The job was cancelled by a curator."),
        "permission_denied": QCoreApplication.translate("Errors", "You are not allowed to do this."),
        "token_rejected": QCoreApplication.translate(
            "Errors", "The permission was refused: the token is forged, expired, already used, or not for this action."),
        "checksum_mismatch": QCoreApplication.translate("Errors", "The content does not match its checksum."),
        "unavailable": QCoreApplication.translate("Errors", "A needed service or resource does not answer. Try again later."),
        "replica_unavailable": QCoreApplication.translate("Errors", "A replica of the archive does not answer. Try again later."),
        "service_timeout": QCoreApplication.translate("Errors", "A service took too long to answer. Try again later."),
        "archive_full": QCoreApplication.translate("Errors", "The archive has no room for more files."),
        "store_failed": QCoreApplication.translate("Errors", "The file could not be stored in the archive."),
        "batch_job_not_found": QCoreApplication.translate("Errors", "There is no such batch job."),
        "no_index_data": QCoreApplication.translate("Errors", "None of these jobs has data an index can be made from."),
        "index_not_ready": QCoreApplication.translate("Errors", "The index is not ready yet. Try again in a moment."),
        "qa_run_not_found": QCoreApplication.translate("Errors", "There is no such QA run."),
        "qa_page_not_found": QCoreApplication.translate("Errors", "QA has not checked this page of the job."),
        "qa_job_not_done": QCoreApplication.translate("Errors", "QA reads a job from the archive: the job must have finished first."),
        "qa_nothing_missing": QCoreApplication.translate("Errors", "QA found nothing missing in this job: there is nothing to patch."),
        "deploy_description_invalid": QCoreApplication.translate(
            "Errors", "The installation description is not valid: see the problems listed."),
        "notification_not_found": QCoreApplication.translate(
            "Errors", "That notification does not exist (any more)."),
        "bitpres_bad_checksum_stated": QCoreApplication.translate(
            "Errors", "The copy's checksum is not the one you named as bad."),
        "bitpres_copy_is_good": QCoreApplication.translate(
            "Errors", "This copy equals the reference: there is nothing to repair."),
        "bitpres_no_good_copy": QCoreApplication.translate(
            "Errors", "No other replica has a good copy to repair from."),
        "viewer_session_not_found": QCoreApplication.translate(
            "Errors", "This browsing session no longer exists. Open the job again."),
        "viewer_session_stopped": QCoreApplication.translate(
            "Errors", "This browsing session was stopped. Open the job again."),
        # the client's own failure kinds
        "unreachable": QCoreApplication.translate("Errors", "The services cannot be reached. Check the connection settings."),
        "service_missing": QCoreApplication.translate("Errors", "The service is not running."),
        "timeout": QCoreApplication.translate("Errors", "The service did not answer in time."),
        "unexpected": QCoreApplication.translate("Errors", "Something unexpected went wrong on the server."),
    }


def fallback() -> str:
    return QCoreApplication.translate("Errors", "Something went wrong (error code: {code}).")


class _Safe(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def sentence_for_code(code: str, details: dict[str, Any] | None = None) -> str:
    """The translated sentence for ``code``, with placeholders filled from ``details``."""
    table = _sentences()
    text = table.get(code)
    if text is None:
        cls = ERRORS_BY_CODE.get(code)
        for base in (cls.__mro__[1:] if cls else ()):
            text = table.get(getattr(base, "code", ""))
            if text is not None:
                break
    if text is None:
        text = fallback()
    values = _Safe({k: v for k, v in (details or {}).items() if isinstance(v, (str, int, float))})
    values.setdefault("code", code)
    try:
        return string.Formatter().vformat(text, (), values)
    except (ValueError, IndexError):   # a translator broke a placeholder: show it unfilled
        return text


def _objects() -> dict[str, str]:
    # the ``object`` detail of NotFound / AlreadyExists, named in the user's language
    return {
        "domain": QCoreApplication.translate("Errors", "domain"),
        "crawl profile": QCoreApplication.translate("Errors", "crawl profile"),
        "harvest definition": QCoreApplication.translate("Errors", "harvest definition"),
        "harvest channel": QCoreApplication.translate("Errors", "harvest channel"),
        "schedule": QCoreApplication.translate("Errors", "schedule"),
        "trap list": QCoreApplication.translate("Errors", "crawler trap list"),
        "seed list": QCoreApplication.translate("Errors", "seed list"),
        "configuration": QCoreApplication.translate("Errors", "configuration"),
        "ingest run": QCoreApplication.translate("Errors", "ingest run"),
    }


def _url_reason(detail: dict[str, Any]) -> str | None:
    """One bad URL (``InvalidUrl`` details: url, reason, domain) as a translated sentence."""
    url = str(detail.get("url", "?"))
    reason = detail.get("reason")
    if reason == "outside_domain":
        return QCoreApplication.translate("Errors", "The seed {url} is outside the domain {domain}.").format(
            url=url, domain=detail.get("domain", "?"))
    if reason == "scheme":
        return QCoreApplication.translate("Errors", "Only http and https URLs can be seeds: {url}").format(url=url)
    if reason == "no_host":
        return QCoreApplication.translate("Errors", "This URL has no host name: {url}").format(url=url)
    if reason == "malformed":
        return QCoreApplication.translate("Errors", "This is not a valid URL: {url}").format(url=url)
    return None


def _precise(code: str, details: dict[str, Any]) -> str | None:
    """A sentence built from the error's structured details, where the desktop knows them: it
    says exactly what the server said, in the user's language."""
    if code == "domain_not_found" and details.get("name"):
        return QCoreApplication.translate("Errors", "There is no domain {name}.").format(name=details["name"])
    obj = _objects().get(str(details.get("object", "")))
    if obj and details.get("name"):
        if code == "not_found":
            return QCoreApplication.translate("Errors", "Not found: {object} '{name}'.").format(
                object=obj, name=details["name"])
        if code == "already_exists":
            return QCoreApplication.translate("Errors", "Already exists: {object} '{name}'.").format(
                object=obj, name=details["name"])
    if code == "invalid_url":
        bad = details.get("seeds") if isinstance(details.get("seeds"), list) else [details]
        texts = [t for t in (_url_reason(b) for b in bad if isinstance(b, dict)) if t]
        if texts:
            return " ".join(texts[:5]) + (" …" if len(texts) > 5 else "")
    return None


def describe(failure: Failure) -> str:
    """What the user reads for a failed call: the translated sentence for its code, made precise
    from the error's details; where the desktop has no sentence of its own for the code (or
    cannot fill it from the details), the server's own words follow as details, so the reason
    is never lost."""
    if failure.kind is FailureKind.SERVER:
        details = failure.details
        precise = _precise(failure.code, details)
        if precise:
            return precise
        text = sentence_for_code(failure.code, details)
        message = getattr(failure.exception, "message", "") or ""
        own = has_own_sentence(failure.code) and _uses_details(_sentences()[failure.code], details)
        if message and not own:
            text += "\n" + QCoreApplication.translate("Errors", "Details: {message}").format(message=message)
        return text
    return sentence_for_code(failure.kind.value, {})


def _uses_details(sentence: str, details: dict[str, Any]) -> bool:
    """True when the sentence names at least one of the details (so it is already precise)."""
    fields = {f for _, f, _, _ in string.Formatter().parse(sentence) if f}
    return bool(fields & set(details))


def has_own_sentence(code: str) -> bool:
    return code in _sentences()
