"""How a client (``nas upload``, the harvester) starts a store: the replicas copy while it hashes.

A store needs the client's own checksum of its file, and the client must compare the archived
checksum with it before it deletes anything. Hashing a large file takes as long as a replica's
copy, so the client does not hash first and store after: it asks the arcrepository to
``begin_store`` the file without a checksum (the bitarchives receive and hash their copies at
once, keeping nothing yet), hashes its file meanwhile, and then ``confirm_store``s the checksum;
each replica keeps its copy only when its own checksum equals it. The client also computes a
cheaper *transfer digest* (BLAKE3; SHA-256 where the ``blake3`` package is missing and the CPU
hashes SHA-256 in hardware) in the same read (``checksums.transfer_digest``), and the replicas
verify their copies with that instead of MD5: a quarter of the CPU of an MD5 per replica
(docs/decisions/archive-store-speed.md, "Fewer passes" and "BLAKE3"). When the arcrepository cannot
begin such a store (the name is known to the archive, or being stored) or gave it up (no checksum
within its store timeout), the file is stored the ordinary way with the checksum
(``store``). Either way the caller follows the store with ``store_status`` and compares.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from server.archive.checksums import file_digests, transfer_digest
from server.archive.remotefile import RemoteFile
from shared.dto.archive import StoreStatusDto
from shared.errors import AlreadyExists, NotFound

#: ``call(method, *args)``: an arcrepository RPC, its answer decoded into the declared DTO
Call = Callable[..., Any]


def hash_in_background(path: str, progress: Callable[[int], Any] | None = None,
                       algorithms: tuple[str, ...] = ("md5",)) -> Callable[[], list[str]]:
    """Start hashing ``path`` in each of ``algorithms`` (one read); returns a function that waits
    for and returns the hex digests (or raises what hashing raised). A native thread in a plain
    process; in an eventlet-patched one a green thread that hashes in eventlet's thread pool
    (other green threads go on meanwhile)."""
    if "eventlet" in sys.modules:
        from eventlet import patcher

        if patcher.is_monkey_patched("thread"):
            import eventlet

            from server.runtime.offload import offload

            return eventlet.spawn(offload, file_digests, path, algorithms, progress=progress).wait
    import threading

    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["checksum"] = file_digests(path, algorithms, progress=progress)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller by wait()
            outcome["error"] = exc

    thread = threading.Thread(target=run, name="nas-client-hash", daemon=True)
    thread.start()

    def wait() -> list[str]:
        thread.join()
        if "error" in outcome:
            raise outcome["error"]
        return outcome["checksum"]

    return wait


def store_while_hashing(call: Call, rf: RemoteFile, path: str,
                        progress: Callable[[int], Any] | None = None,
                        digest: str | None = None) -> tuple[StoreStatusDto, str]:
    """Store ``rf`` (the local file ``path``), hashing it while the replicas copy it; returns the
    first status (follow it with ``store_status``) and the client's own checksum. ``digest``:
    the transfer digest the replicas verify with (default :func:`transfer_digest`, "" for none:
    MD5). Raises what ``store`` raises (ChecksumMismatch, Unavailable, ...) and what hashing
    raises (OSError)."""
    digest = transfer_digest() if digest is None else digest
    digests_of = hash_in_background(path, progress, ("md5", digest) if digest else ("md5",))
    begun = False
    try:
        call("begin_store", RemoteFile(rf.name, rf.size, None, rf.host, rf.path, rf.url, digest).to_dict())
        begun = True
    except AlreadyExists:
        pass                                 # known or being stored: the ordinary way below
    checksum, *extra = digests_of()
    rf.checksum = checksum
    if begun:
        try:
            return call("confirm_store", rf.name, checksum, *extra), checksum
        except NotFound:
            pass                             # given up (store timeout, restart): store it anew
    return call("store", rf.to_dict()), checksum


#: seconds a poller pauses when its waiting call came back at once (the arcrepository's waits were all taken)
EARLY_ANSWER_PAUSE = 0.5


def pause_if_early(started: float, wait: float) -> None:
    """Called by a poller (``store_status``, ``transfer_checksum``) that must ask again: when its
    call, asked to wait ``wait`` seconds, came back in under a quarter of that, the
    arcrepository answered at once because enough callers wait already; pause a little so the
    poll does not spin."""
    if wait > 0 and time.monotonic() - started < wait / 4:
        time.sleep(min(EARLY_ANSWER_PAUSE, wait))
