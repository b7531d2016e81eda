"""Transfer tickets: a replica stores only what the arcrepository arranged.

A bitarchive or checksum replica that read whatever RemoteFile a caller named would be a way to
put any file of its host (``/etc/shadow``) into the archive, or to make it fetch any address
(server-side request forgery). So every ``upload`` carries a *transfer ticket*: a signed token
(:mod:`server.runtime.tokens`, purpose ``transfer``) that names the file, its checksum, the
replica and the one source the replica may read (the sender's URL, or ``path:<abs path>`` for
the same-host shortcut). The replica checks the signature, the expiry and that the RemoteFile it
was handed is exactly the one the ticket names, so nothing a caller adds or changes is read.

A ticket is also *wanted* only while the store that arranged it runs: the arcrepository keeps the
ids of its live tickets (:class:`Arrangements`), and a replica asks it (``transfer_wanted``)
before it stores. An upload request the broker redelivers after a crash or a restart, once the
store has failed or finished, is thereby discarded instead of landing behind the admin
database's back.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import Any

from server.archive.checksums import normalise
from server.archive.remotefile import RemoteFile
from server.runtime import tokens
from shared.errors import PermissionDenied, TokenRejected

log = logging.getLogger(__name__)

PURPOSE = "transfer"


def claims_of(rf: RemoteFile, replica_id: str, allow_local: bool) -> dict[str, Any]:
    """What a ticket for ``rf`` allows: this file and checksum into this replica, read from the
    sender's http(s) URL, or from its local path when the same-host shortcut is on. Raises
    TokenRejected when the sender offers no source a replica may read."""
    url = rf.url or ""
    if url and url.split(":", 1)[0].lower() not in ("http", "https"):
        raise TokenRejected(
            f"{rf.name}: only http(s) sources are read, not {url[:40]!r}", {"reason": "claim", "claim": "url"}
        )
    path = rf.path if allow_local and rf.path and rf.host else ""
    if not url and not path:
        raise TokenRejected(
            f"{rf.name}: the sender offers no http(s) URL to read it from", {"reason": "claim", "claim": "url"}
        )
    return {"file": rf.name, "md5": normalise(rf.checksum or ""), "replica": replica_id, "url": url, "path": path}


def issue_ticket(key: bytes, rf: RemoteFile, replica_id: str, ttl: float, allow_local: bool = True) -> str:
    """A ticket for storing ``rf`` in ``replica_id`` within ``ttl`` seconds."""
    return tokens.issue(key, PURPOSE, claims_of(rf, replica_id, allow_local), ttl)


def check_ticket(key: bytes, ticket: Any, rf: RemoteFile, replica_id: str) -> tuple[RemoteFile, dict[str, Any]]:
    """The RemoteFile reduced to the sources the ticket names, and the ticket's claims.
    Raises TokenRejected (none, forged, expired, or for another file, checksum, replica, URL or
    path than ``rf`` says)."""
    if not isinstance(ticket, str) or not ticket:
        raise TokenRejected(
            f"{rf.name}: an upload needs a transfer ticket from the arcrepository", {"reason": "malformed"}
        )
    claims = tokens.verify(
        key, ticket, PURPOSE, {"file": rf.name, "md5": normalise(rf.checksum or ""), "replica": replica_id}
    )
    url, path = str(claims.get("url") or ""), str(claims.get("path") or "")
    if url != (rf.url or "") or (rf.path and path and path != rf.path):
        raise TokenRejected(f"{rf.name}: the ticket does not allow this source", {"reason": "claim", "claim": "url"})
    return RemoteFile(rf.name, rf.size, rf.checksum, rf.host, path or None, url or None, rf.digest), claims


class Arrangements:
    """The arcrepository's live tickets (id → file and replica), so stale ones are refused."""

    def __init__(self) -> None:
        self._live: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()

    def add(self, ticket: str, name: str, replica_id: str) -> str:
        jti = ticket_id(ticket)
        with self._lock:
            self._live[jti] = (name, replica_id)
        return jti

    def drop(self, jti: str) -> None:
        with self._lock:
            self._live.pop(jti, None)

    def of(self, jti: str) -> tuple[str, str]:
        """(file name, replica) of a live ticket. Raises KeyError."""
        with self._lock:
            return self._live[jti]

    def wanted(self, jti: str) -> bool:
        with self._lock:
            return jti in self._live

    def __len__(self) -> int:
        return len(self._live)


def ticket_id(ticket: str) -> str:
    """The ``jti`` of a ticket (unverified: only for bookkeeping by its issuer)."""
    import json

    try:
        return str(json.loads(tokens._unb64(ticket.split(".")[1])).get("jti", ""))
    except (ValueError, IndexError, AttributeError):
        return ""


def key_of(settings: Mapping[str, Any]) -> bytes:
    return tokens.installation_key(settings)


#: the purpose of the one-time token of a replace (signed with :func:`repair_key`)
REPAIR_PURPOSE = "bitpres_replace"


def repair_key(settings: Mapping[str, Any]) -> bytes:
    """The key of replace tokens (the arcrepository signs, the bitarchive checks):
    ``archive.preservation.repair_key_file`` (hex, like the installation key), else the
    installation key. Raises ConfigError."""
    path = settings["archive.preservation.repair_key_file"]
    if path:
        return tokens.installation_key({"security.key_file": path})
    return tokens.installation_key(settings)


def accept_transfer(
    settings: Mapping[str, Any], calls: Any, rf: RemoteFile, ticket: Any, replica_id: str, deferred: bool = False
) -> RemoteFile:
    """What a replica's ``upload`` reads: the RemoteFile the ticket allows, after the
    arcrepository confirmed it still wants this transfer. A ticket without a checksum (a store
    begun before its checksum was known) is taken only by a replica that says it asks
    :func:`awaited_checksum` before keeping anything (``deferred``). Raises TokenRejected (no, a
    forged, expired or stale ticket; the arcrepository cannot be asked), PermissionDenied (a local
    path that is not a world-readable regular file: never a host's private file)."""
    from nameko.exceptions import RpcTimeout, UnknownService

    from shared.dto.archive import ARCREPOSITORY

    allowed, claims = check_ticket(key_of(settings), ticket, rf, replica_id)
    if not claims.get("md5") and not deferred:
        raise TokenRejected(f"{rf.name}: this replica takes only transfers that name the checksum",
                            {"reason": "claim", "claim": "md5"})
    if allowed.path is not None and not _shareable(allowed.path):
        allowed.path = None
        if not allowed.url:
            raise PermissionDenied(
                f"{rf.name}: the sender's local file is not a world-readable regular file; offer it over HTTP instead",
                {"name": rf.name},
            )
    try:
        wanted = calls.call(
            ARCREPOSITORY, "transfer_wanted", str(claims.get("jti", "")), timeout=settings["archive.rpc_timeout"]
        )
    except (RpcTimeout, UnknownService):
        raise TokenRejected(
            f"{rf.name}: the arcrepository cannot confirm this transfer (not answering)", {"reason": "not_confirmed"}
        ) from None
    if not wanted:
        log.warning("refused an upload of %s into %s: a stale request (its store is over)", rf.name, replica_id)
        raise TokenRejected(
            f"{rf.name}: the store that arranged this transfer is over (a stale request)", {"reason": "stale"}
        )
    return allowed


def awaited_checksum(settings: Mapping[str, Any], calls: Any, name: str, ticket: str) -> str:
    """The checksum a file received under a ticket without one must have, asked of the
    arcrepository (``transfer_checksum``) until it is recorded there: the MD5, followed by the
    client's transfer digest (``blake3:<hex>``) when it gave one (:func:`split_answer` reads
    it). Raises TokenRejected when
    the replica must not keep the file: the store is over or given up, the arcrepository does
    not answer, or no checksum came within the store timeout."""
    import time

    from nameko.exceptions import RpcTimeout, UnknownService

    from server.archive.client_store import pause_if_early
    from shared.dto.archive import ARCREPOSITORY

    jti = ticket_id(ticket)
    deadline = time.monotonic() + settings["archive.store.timeout"]
    while True:
        started = time.monotonic()
        try:
            checksum = calls.call(ARCREPOSITORY, "transfer_checksum", jti, AWAIT_CHECKSUM,
                                  timeout=settings["archive.rpc_timeout"] + AWAIT_CHECKSUM)
        except (RpcTimeout, UnknownService):
            raise TokenRejected(f"{name}: the arcrepository cannot confirm this transfer's checksum (not answering)",
                                {"reason": "not_confirmed"}) from None
        if checksum is None:
            raise TokenRejected(f"{name}: the store that arranged this transfer is over or was given up",
                                {"reason": "stale"})
        if checksum:
            return checksum.strip().lower()
        if time.monotonic() >= deadline:
            raise TokenRejected(f"{name}: no checksum came for this transfer", {"reason": "not_confirmed"})
        pause_if_early(started, AWAIT_CHECKSUM)


def split_answer(answer: str) -> tuple[str, dict[str, str]]:
    """``transfer_checksum``'s answer as (MD5, {algorithm: hex} of the transfer digests)."""
    md5, *tagged = (answer or "").split()
    digests = {}
    for t in tagged:
        algorithm, sep, value = t.partition(":")
        if sep and value:
            digests[algorithm.lower()] = value.lower()
    return normalise(md5) if md5 else "", digests


#: seconds one ``transfer_checksum`` call may wait at the arcrepository
AWAIT_CHECKSUM = 10.0


def _shareable(path: str) -> bool:
    """Whether a local path may be read for an upload: a regular file anyone on the host may
    read (never a private file of the host such as ``/etc/shadow``)."""
    import os
    import stat

    try:
        st = os.stat(path)
    except OSError:
        return False
    # the arcrepository named the path with its links resolved (inside an upload spool): a link
    # put in its way since would lead elsewhere
    return stat.S_ISREG(st.st_mode) and bool(st.st_mode & stat.S_IROTH) and os.path.realpath(path) == path
