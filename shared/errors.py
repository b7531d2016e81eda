"""One hierarchy of typed errors, each with a stable ``code``.

Every subclass registers itself with Nameko's exception registry, so a Nameko RPC caller gets the
same class back (with message and details), not a ``RemoteError``. The desktop maps ``code`` to a
translated sentence; servers never translate. Codes are part of the public API: never rename one.

An error carries a human message (English, for logs and the command line) and a ``details`` dict of
JSON-safe values (the offending key, file, line, position...) that clients may use to build their
own sentence.
"""
from __future__ import annotations

import json
from typing import Any, ClassVar

from nameko.exceptions import get_module_path, registry

#: code → class, for clients that receive a code without the class (e.g. over HTTP).
ERRORS_BY_CODE: dict[str, type[NasError]] = {}


class NasError(Exception):
    """Base of every error this project raises on purpose."""

    code: ClassVar[str] = "nas_error"

    def __init__(self, message: str = "", details: dict[str, Any] | str | None = None):
        if isinstance(details, str):  # the JSON form, as it comes back from Nameko
            details = json.loads(details)
        details = dict(details or {})
        # args is what Nameko serialises and passes back to __init__ on the caller's side. Nameko
        # turns every non-string value in args into a string, so details travel as one JSON text.
        super().__init__(message, json.dumps(details, default=str, sort_keys=True))
        self.message = message
        self.details = details

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        code = cls.__dict__.get("code")
        if not code:
            raise TypeError(f"{cls.__name__} must define its own stable `code`")
        if code in ERRORS_BY_CODE and ERRORS_BY_CODE[code] is not cls:
            raise TypeError(f"error code {code!r} already used by {ERRORS_BY_CODE[code].__name__}")
        ERRORS_BY_CODE[code] = cls
        registry[get_module_path(cls)] = cls

    def __str__(self) -> str:
        return self.message or self.code

    def __reduce__(self):  # picklable, for multiprocessing and batch sandboxes
        return (self.__class__, (self.message, self.details))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used outside Nameko (HTTP, CLI --json)."""
        return {"code": self.code, "message": self.message, "details": self.details}


ERRORS_BY_CODE[NasError.code] = NasError
registry[get_module_path(NasError)] = NasError


def error_from_dict(data: dict[str, Any]) -> NasError:
    """Rebuild a typed error from :meth:`NasError.to_dict` output; unknown codes give NasError."""
    cls = ERRORS_BY_CODE.get(data.get("code", ""), NasError)
    return cls(data.get("message", ""), data.get("details"))


# --- bad input -------------------------------------------------------------------------------

class InvalidInput(NasError):
    """The caller sent something that can never succeed as sent."""

    code = "invalid_input"


class ConfigError(InvalidInput):
    """A configuration file or value is wrong: details name the file and the key."""

    code = "config_invalid"


class InvalidName(InvalidInput):
    """A name that must be a plain archive/file name looks like a path (``..``, ``/``, NUL)."""

    code = "invalid_name"


class InvalidDomain(InvalidInput):
    """Not a registrable domain name (e.g. a bare public suffix)."""

    code = "invalid_domain"


class InvalidUrl(InvalidInput):
    """A URL that cannot be parsed or is not allowed where it was given."""

    code = "invalid_url"


class InvalidRegex(InvalidInput):
    """A regular expression that does not compile; details give the position."""

    code = "invalid_regex"


class InvalidProfile(InvalidInput):
    """A crawl profile document that does not match its schema; details list each problem's path."""

    code = "invalid_profile"


class InvalidSchedule(InvalidInput):
    """A schedule whose fields are out of range or contradict each other; details name the field."""

    code = "invalid_schedule"


class InvalidWarc(InvalidInput):
    """A WARC/ARC file or record that cannot be read; details give the file and offset."""

    code = "invalid_warc"


class InvalidWacz(InvalidInput):
    """A WACZ file that is not whole, not what its datapackage says, or hostile (paths leaving the
    package, a zip bomb); details name the member and the reason."""

    code = "invalid_wacz"


# --- state and existence ---------------------------------------------------------------------

class NotFound(NasError):
    """The named object does not exist."""

    code = "not_found"


class DomainNotFound(NotFound):
    code = "domain_not_found"


class JobNotFound(NotFound):
    code = "job_not_found"


class ArchiveFileNotFound(NotFound):
    code = "file_not_found"


class Conflict(NasError):
    """The request clashes with the current state."""

    code = "conflict"


class AlreadyExists(Conflict):
    code = "already_exists"


class EditionConflict(Conflict):
    """Optimistic locking: someone else saved the object since the caller read it."""

    code = "edition_conflict"


class IllegalTransition(Conflict):
    """A state change the state machine does not allow (e.g. a Done job back to New)."""

    code = "illegal_transition"


class PermissionDenied(NasError):
    code = "permission_denied"


class TokenRejected(PermissionDenied):
    """A capability token is forged, altered, expired, used twice, or not for this action;
    ``details.reason`` says which (malformed, signature, purpose, expired, claim, replayed)."""

    code = "token_rejected"


# --- integrity and availability --------------------------------------------------------------

class ChecksumMismatch(NasError):
    """Content does not match the checksum it was sent or stored with."""

    code = "checksum_mismatch"


class Unavailable(NasError):
    """A needed service, replica or resource does not answer; trying later may succeed."""

    code = "unavailable"


class ReplicaUnavailable(Unavailable):
    code = "replica_unavailable"


class ServiceTimeout(Unavailable):
    code = "service_timeout"


class ArchiveFull(Unavailable):
    """No storage directory of a bitarchive instance has room for the file (above its minimum)."""

    code = "archive_full"


class StoreFailed(NasError):
    """A store did not complete in every replica; details name each failed replica and why."""

    code = "store_failed"


class BatchJobNotFound(NotFound):
    """No batch job is registered under that name."""

    code = "batch_job_not_found"


# --- indexes -----------------------------------------------------------------------------------

class NoIndexData(NotFound):
    """No job of the set has data an index can be made from (no metadata file in the archive, a
    job that is no deduplication source, metadata without crawl.log and CDX); details name each
    job and why."""

    code = "no_index_data"


class IndexNotReady(Conflict):
    """The index is still being built (or was never asked for); details give the request's state."""

    code = "index_not_ready"


# --- everyday use (h-everyday): job cancellation -------------------------------------------------


class JobCancelled(IllegalTransition):
    """A curator cancelled the running job: the harvester stops the crawl, stores what it has
    and reports (``report_progress`` answers this instead of taking the progress)."""

    code = "job_cancelled"
# --- h-ops: deploy and notifications ----------------------------------------------------------

class DescriptionError(ConfigError):
    """An installation description (``nas deploy``) is wrong; ``details["problems"]`` lists each
    problem as {file, line, key, reason}."""

    code = "deploy_description_invalid"


class NotificationNotFound(NotFound):
    """No notification with this id."""

    code = "notification_not_found"
# --- bit preservation (issue #11; codes bitpres_*) ----------------------------------------------

class BadChecksumStated(Conflict):
    """A replace names a bad checksum the copy does not have (details: stated, actual)."""

    code = "bitpres_bad_checksum_stated"


class CopyIsGood(Conflict):
    """A replace was asked for a copy that equals the reference: nothing to repair."""

    code = "bitpres_copy_is_good"


class NoGoodCopy(Conflict):
    """No other replica holds a copy equal to the reference, so nothing can be copied from."""

    code = "bitpres_no_good_copy"
# --- viewerproxy -------------------------------------------------------------------------------

class ViewerSessionNotFound(NotFound):
    """No viewer session has that id (or it was stopped and removed)."""

    code = "viewer_session_not_found"


class ViewerSessionStopped(Conflict):
    """The viewer session was stopped: it no longer answers through the proxy or records."""

    code = "viewer_session_stopped"


# --- qa ----------------------------------------------------------------------------------------

class QaRunNotFound(NotFound):
    """No QA run has that id."""

    code = "qa_run_not_found"


class QaPageNotFound(NotFound):
    """QA has checked no page of that job with that URL."""

    code = "qa_page_not_found"


class QaJobNotDone(Conflict):
    """QA reads a job from the archive: the job must have finished (done) first."""

    code = "qa_job_not_done"


class QaNothingMissing(Conflict):
    """A patch job was asked for a job whose QA found no missing resource (or QA has not run)."""

    code = "qa_nothing_missing"
