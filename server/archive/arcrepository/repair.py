"""Replacing one corrupt copy, as the arcrepository drives it.

The arcrepository checks what it can before anything moves (the stated bad checksum is the
copy's checksum now, the copy differs from the reference, another replica has a copy equal to
the reference) and then asks the replica's monitor to send the request to every instance; the
instance that holds the file checks a one-time token itself (purpose ``bitpres_replace``, bound
to replica, file and bad checksum, unexpired, single use), checks the bad checksum again,
fetches the good copy verifying it against the reference, keeps the old bytes in its attic and
puts the good ones in place (:mod:`server.archive.bitarchive.instance_ops`).

Who may replace is decided by the operator's authenticated call (their broker login and its
role), not by a key on their machine: the arcrepository, on a service host, signs the token for
exactly this replica, file and stated checksum, naming the operator, and hands it on. The token
still matters: only a holder of the repair key (the arcrepository) can order a bitarchive to
overwrite a copy, and a captured request cannot be used again.
"""
from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.orm import Session

from server.archive.arcrepository import preservation as core
from server.archive.arcrepository.audits import AuditRunner
from server.archive.arcrepository.models import ArchiveFile
from server.archive.checksums import normalise
from server.archive.names import check_name
from server.archive.transfer import REPAIR_PURPOSE
from server.db.transactions import committing
from server.runtime import tokens
from shared.dto.archive import InstanceOpResultDto, RepairResultDto, ReplaceConfirmationDto
from shared.enums import ReplicaType
from shared.errors import (
    ERRORS_BY_CODE,
    ArchiveFileNotFound,
    BadChecksumStated,
    CopyIsGood,
    NasError,
    NoGoodCopy,
    ReplicaUnavailable,
)

#: seconds the token the arcrepository signs for one replace stays valid: the instance op waits
#: at most ``op_timeout`` for an answer, and the token is checked when the request arrives
TOKEN_TTL_S = 120


class Repairs:
    def __init__(self, runner: AuditRunner, op_timeout: float, repair_key: Callable[[], bytes]):
        self.runner = runner
        self.op_timeout = op_timeout
        self.repair_key = repair_key

    def confirmation(self, session: Session, replica: str, name: str) -> ReplaceConfirmationDto:
        """Live checksums of every replica for ``name`` and whether the copy in ``replica`` may
        be replaced. Raises InvalidName, NotFound (replica; a checksum replica), ArchiveFileNotFound."""
        check_name(name)
        r = self.runner.replicas.bitarchive(replica)
        f = session.query(ArchiveFile).filter(ArchiveFile.filename == name).one_or_none()
        if f is None:
            raise ArchiveFileNotFound(f"{name} is not in the archive", {"name": name})
        votes: dict[str, str | None] = {}
        for other in self.runner.replicas.all():
            try:
                votes[other.id] = self.runner.live_checksum(other, name)
            except NasError:
                votes[other.id] = None
        bad = votes.pop(r.id)
        good = next((rid for rid, v in sorted(votes.items())
                     if v == f.checksum and self.runner.replicas.get(rid).type == ReplicaType.BITARCHIVE), None)
        conf = ReplaceConfirmationDto(name, r.id, f.checksum, bad, good, f.checksum if good else None, votes)
        # reason_code is stable (the desktop says it in the user's language); reason is English
        if bad is None:
            conf.reason_code, conf.reason = "not_held", f"replica {r.id} does not hold {name} (reestablish it instead)"
        elif bad == f.checksum:
            conf.reason_code, conf.reason = "copy_is_good", "the copy equals the reference: nothing to replace"
        elif good is None:
            conf.reason_code, conf.reason = "no_good_copy", "no other replica holds a copy equal to the reference"
        elif core.judge(f.checksum, bad, votes).value != "corrupt":
            conf.reason_code, conf.reason = ("copies_disagree", "other copies agree with this one against the "
                                             "reference: a person must decide")
        else:
            conf.replaceable = True
        return conf

    def replace(self, session: Session, replica: str, name: str, bad_checksum: str, operator: str) -> RepairResultDto:
        """Replace the copy of ``name`` in ``replica`` whose checksum the operator stated as
        ``bad_checksum``, by a copy equal to the reference; ``operator`` is the caller's
        authenticated login, written into the token and the trail."""
        conf = self.confirmation(session, replica, name)
        stated = normalise(bad_checksum or "")
        if conf.bad_checksum is None:
            raise ArchiveFileNotFound(f"{name} is not in replica {conf.replica}",
                                      {"name": name, "replica": conf.replica})
        if conf.bad_checksum == conf.reference_checksum:
            raise CopyIsGood(f"the copy of {name} in {conf.replica} equals the reference {conf.reference_checksum}",
                             {"name": name, "replica": conf.replica, "checksum": conf.bad_checksum})
        if stated != conf.bad_checksum:
            raise BadChecksumStated(f"the copy of {name} in {conf.replica} has checksum {conf.bad_checksum}, "
                                    f"not {stated}", {"name": name, "stated": stated, "actual": conf.bad_checksum})
        if not conf.replaceable:
            raise NoGoodCopy(f"{name} in {conf.replica} cannot be replaced: {conf.reason}",
                             {"name": name, "replica": conf.replica, "votes": conf.votes})
        r = self.runner.replicas.get(conf.replica)
        good = self.runner.replicas.get(conf.good_replica)
        loc = self.runner.call(good.monitor_service, "locate", name, None, timeout=self.runner.limits.rpc_timeout)
        token = tokens.issue(self.repair_key(), REPAIR_PURPOSE,
                             {"replica": r.id, "file": name, "bad_md5": stated, "sub": operator}, ttl=TOKEN_TTL_S)
        args = {"token": token, "replica": r.id, "bad_checksum": stated, "reference": conf.reference_checksum,
                "source_url": loc.url}
        result: InstanceOpResultDto = self.runner.call(r.monitor_service, "instance_op", name, "replace", args,
                                                       self.op_timeout, timeout=self.op_timeout + 10)
        holders = [a for a in result.answers if a.held]
        if not holders:
            if result.missing_instances:
                raise ReplicaUnavailable(f"no answering instance of {r.id} holds {name}; silent: "
                                         f"{', '.join(result.missing_instances)}",
                                         {"replica": r.id, "missing_instances": result.missing_instances})
            raise ArchiveFileNotFound(f"{name} is not in replica {r.id}", {"name": name, "replica": r.id})
        answer = holders[0]
        if answer.error:
            cls = ERRORS_BY_CODE.get(answer.error_code or "", NasError)
            with committing(session):
                core.log_event(session, "operator", "replace_refused", r.id, name,
                               {"error": answer.error, "code": answer.error_code, "stated": stated,
                                "reference": conf.reference_checksum, "instance": answer.instance_id})
            raise cls(answer.error, {**answer.error_details, "name": name, "replica": r.id,
                                     "instance": answer.instance_id})
        res = answer.result
        with committing(session):
            core.mark_restored(session, r.id, name, res["new_checksum"], answer.instance_id)
            core.log_event(session, res.get("operator") or "operator", "replaced", r.id, name,
                           {"old_checksum": res["old_checksum"], "new_checksum": res["new_checksum"],
                            "source": good.id, "attic_path": res["attic_path"], "instance": answer.instance_id})
        return RepairResultDto(name, r.id, True, res["old_checksum"], res["new_checksum"], res["attic_path"],
                               answer.instance_id, f"replaced from {good.id}; the old copy is kept in the attic")
