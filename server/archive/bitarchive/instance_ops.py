"""What one bitarchive instance does for a bit-preservation request about one of its files.

- ``salted``: HMAC-SHA-256(salt, the file's bytes), read from disk now: a replica that only
  remembers a checksum cannot answer a salt it has never seen.
- ``replace``: only with an operator's token (purpose ``bitpres_replace``, bound to replica, file
  and bad checksum, unexpired, never used before); only when the copy's checksum now is the
  stated bad one and differs from the reference. The good copy is fetched and verified against
  the reference first; then the old copy is hard-linked into ``<dir>/attic/`` (kept, never
  deleted) and the good one takes its place in one rename.

Instances that do not hold the file answer ``held=False`` without looking at the token.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import logging
import os
import uuid
from collections.abc import Callable
from typing import Any

from nameko.events import BROADCAST

from server.archive.checksums import CHUNK, file_checksum, normalise
from server.archive.per_replica import replica_event_handler
from server.archive.remotefile import download, http_chunks
from server.archive.storage import FILEDIR, READ_ONLY, TEMPDIR, BitarchiveStorage
from server.archive.transfer import REPAIR_PURPOSE, repair_key
from server.runtime import tokens
from shared.dto.archive import BITARCHIVE_MONITOR, InstanceOpDto
from shared.errors import BadChecksumStated, CopyIsGood, InvalidInput, NasError

log = logging.getLogger(__name__)

ATTIC = "attic"


def salted_hmac(path: str, salt_hex: str) -> str:
    mac = hmac.new(bytes.fromhex(salt_hex), digestmod=hashlib.sha256)
    with open(path, "rb", buffering=0) as fh:
        while chunk := fh.read(CHUNK * 4):
            mac.update(chunk)
    return mac.hexdigest()


class InstanceOps:
    """``key()`` gives the repair key; ``guard`` remembers used tokens (the service gives a
    :class:`~server.runtime.tokens.DurableReplayGuard`: a replay is refused after a restart too)."""

    def __init__(self, storage: BitarchiveStorage, replica_id: str, key: Callable[[], bytes],
                 timeout: float = 3600.0, guard: tokens.ReplayGuard | None = None):
        self.storage = storage
        self.replica_id = replica_id
        self.key = key
        self.guard = guard if guard is not None else tokens.ReplayGuard()
        self.timeout = timeout

    def handle(self, op: InstanceOpDto, instance_id: str) -> InstanceOpDto:
        """The answer to ``op``; never raises (an error is the answer)."""
        reply = InstanceOpDto(op.op_id, op.op, op.name, instance_id=instance_id)
        try:
            path = self.storage.lookup(op.name)
            reply.held = path is not None
            if path is None:
                return reply
            if op.op == "salted":
                reply.result = {"hmac": salted_hmac(path, str(op.args.get("salt", "")))}
            elif op.op == "replace":
                reply.result = self.replace(path, op.name, op.args)
            else:
                raise InvalidInput(f"unknown op {op.op!r}", {"op": op.op})
        except NasError as exc:
            reply.error, reply.error_code, reply.error_details = exc.message, exc.code, exc.details
        except Exception as exc:  # noqa: BLE001 - the caller must hear about it
            log.exception("%s of %s failed", op.op, op.name)
            reply.error = f"{exc.__class__.__name__}: {exc}"
        return reply

    def replace(self, path: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
        bad = normalise(str(args.get("bad_checksum", "")))
        reference = normalise(str(args.get("reference", "")))
        claims = tokens.verify(self.key(), str(args.get("token", "")), REPAIR_PURPOSE,
                               {"replica": self.replica_id, "file": name, "bad_md5": bad}, replay=self.guard)
        actual = file_checksum(path)
        if actual == reference:
            raise CopyIsGood(f"the copy of {name} here equals the reference", {"name": name, "checksum": actual})
        if actual != bad:
            raise BadChecksumStated(f"the copy of {name} here has checksum {actual}, not {bad}",
                                    {"name": name, "stated": bad, "actual": actual})
        base = os.path.dirname(os.path.dirname(path))
        assert os.path.basename(os.path.dirname(path)) == FILEDIR
        tmp = os.path.join(base, TEMPDIR, f"{name}.{uuid.uuid4().hex[:12]}.replace")
        try:
            download(http_chunks(str(args["source_url"]), self.timeout), tmp, expected_checksum=reference)
            os.chmod(tmp, READ_ONLY)
            attic_dir = os.path.join(base, ATTIC)
            os.makedirs(attic_dir, exist_ok=True)
            stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%f")
            attic = os.path.join(attic_dir, f"{name}.{stamp}.{actual}")
            os.link(path, attic)            # the old bytes stay, under a name of their own
            os.replace(tmp, path)           # the good copy takes the name in one step
            for d in (attic_dir, os.path.join(base, FILEDIR)):
                fd = os.open(d, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        log.warning("replaced the corrupt copy of %s (%s) by one equal to the reference %s; old copy in %s "
                    "(operator %s)", name, actual, reference, attic, claims.get("sub", "?"))
        return {"old_checksum": actual, "new_checksum": reference, "attic_path": attic,
                "operator": claims.get("sub")}


def ops_of(ctx) -> InstanceOps:
    """The :class:`InstanceOps` of a bitarchive's context, made at first use."""
    ops = getattr(ctx, "bitpres_ops", None)
    if ops is None:
        s = ctx.settings
        ops = ctx.bitpres_ops = InstanceOps(ctx.core.storage, ctx.replica_id, lambda: repair_key(s),
                                            s["archive.store.timeout"], tokens.DurableReplayGuard(used_tokens_path(s)))
    return ops


def used_tokens_path(settings) -> str:
    """Where this instance keeps the ids of the replace tokens it accepted, until they expire:
    ``<data_dir>/bitpreservation/used-replace-tokens.sqlite``. The instance that checks a token
    keeps them (docs/decisions/archive-bitpreservation.md), beside its other local state."""
    from server.archive.providers import archive_dir

    return os.path.join(archive_dir(settings, "bitpreservation"), "used-replace-tokens.sqlite")


class InstanceOpHandlers:
    """Mixed into ``BitarchiveService``: every instance hears each request of its monitor."""

    @replica_event_handler(BITARCHIVE_MONITOR, "instance_op", handler_type=BROADCAST, reliable_delivery=False)
    def on_instance_op(self, request: dict[str, Any]) -> None:
        # Hashing a large file takes long: the work goes on in a managed thread.
        ctx, dispatch, instance_id = self.archive, self.dispatch, self.runtime.instance_id
        op = InstanceOpDto.from_dict(request)
        ops = ops_of(ctx)
        ctx.spawn(lambda: dispatch("instance_op_reply", ops.handle(op, instance_id).to_dict()))
