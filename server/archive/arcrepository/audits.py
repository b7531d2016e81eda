"""Audit and repair runs of the arcrepository: each a tracked job (:mod:`.preservation` keeps the
records) run in a green thread of its own, one per replica at a time.

- ``files``: the ``filelist`` batch over every instance of a bitarchive replica (or a checksum
  replica's ``checksums``), loaded into a temporary table and diffed set-wise.
- ``checksums``: the ``checksum`` batch (or the checksum replica's list), compared with the
  reference in the database; the copies that differ are put to the vote with the other replicas'
  checksums, asked afresh. With ``max_duration``: a rolling audit of the least recently verified
  copies, batch by batch, until the time budget is spent.
- ``salted``: a random file, a random salt; every instance holding it answers HMAC-SHA-256(salt,
  bytes); the expected value is computed here from a copy verified against the reference.
- ``reestablish``: every copy marked missing is copied from a replica whose copy equals the
  reference, verified on arrival, to the replica that lacks it (rerun after a restart: it
  goes on with what is still missing).

An instance that does not answer makes the run *partial*: what it holds is not judged (never
reported missing, never OK), and the run says which instance.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import eventlet
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from server.archive.arcrepository import preservation as core
from server.archive.arcrepository.models import ArchiveFile, Audit, ReplicaFileInfo
from server.archive.checksums import new_hash, normalise
from server.archive.remotefile import RemoteFile, http_chunks
from server.archive.replicas import Replicas
from server.db.transactions import committing
from shared.dto.archive import AuditDto, BatchResultDto, ReplicaDto
from shared.enums import ChecksumStatus, ReplicaType
from shared.errors import NasError

log = logging.getLogger(__name__)

Call = Callable[..., Any]
#: copies per batch of a rolling checksum audit
ROLLING_CHUNK = 200
#: files a reestablish copies at the same time
REESTABLISH_PARALLEL = 4


class Cancelled(Exception):
    """The run was asked to stop."""


@dataclasses.dataclass(frozen=True)
class AuditLimits:
    rpc_timeout: float = 30.0
    transfer_timeout: float = 3600.0      # one file copied during a repair, a checksum computed
    batch_poll: float = 10.0
    max_checksum_age_days: float = 30.0


class AuditRunner:
    """Runs queued audits; ``call(service, method, *args, timeout=)`` reaches the replicas."""

    def __init__(self, replicas: Replicas, call: Call, sessions: Callable[[], Session], limits: AuditLimits,
                 spawn: Callable[[Callable[[], None]], Any] | None = None,
                 arranged: Callable[[RemoteFile, str, float], contextlib.AbstractContextManager[str]] | None = None):
        self.replicas = replicas
        # ``arranged(rf, replica_id, ttl)`` gives the transfer ticket a replica needs to accept an
        # upload (the arcrepository's ``ArcRepository.arranged``): repairs upload like stores do.
        self.arranged = arranged or _no_ticket
        #: ``on_damage(audit_id, kind, replica, missing, corrupt, disputed)``: an audit found damage
        #: (the service turns it into an AUDIT_FOUND_DAMAGE notification for an operator)
        self.on_damage: Callable[[int, str, str, int, int, int], None] | None = None
        self.call = call
        self.sessions = sessions
        self.limits = limits
        # The service passes its container's managed threads: a stopped arcrepository stops its
        # runs too (they are taken up again by the next start, see ``resume``).
        self._spawn = spawn or eventlet.spawn
        self.threads: dict[int, Any] = {}
        #: audit id -> seconds per phase of its run (listing, download, comparison...), written
        #: into the run's ``audit_<state>`` event, so an operator (and the bench) sees where a
        #: run's time went
        self.phases: dict[int, dict[str, float]] = {}
        #: audit id -> set when its run here ends (``wait_ended``: a status call answers then)
        self._ended: dict[int, threading.Event] = {}

    # --- requests ---------------------------------------------------------------------------

    def request(self, session: Session, replica: str, kind: str, who: str,
                max_duration: float | None = None) -> AuditDto:
        """Queue an audit of ``replica`` (or return the one queued or running) and start it."""
        r = self.replicas.get(replica)
        with committing(session):
            a, created = core.request_audit(session, r, kind, who, max_duration)
            dto = core.audit_dto(a)
        if created:
            self.spawn(dto.id)
        return dto

    def resume(self) -> list[int]:
        """After a start: audits left running are queued again, and every queued one runs."""
        with self.sessions() as s, committing(s):
            ids = core.recover(s)
        for audit_id in ids:
            self.spawn(audit_id)
        return ids

    def spawn(self, audit_id: int) -> None:
        self._ended.setdefault(audit_id, threading.Event())
        self.threads[audit_id] = self._spawn(lambda: self.run(audit_id))

    def wait_ended(self, audit_id: int, timeout: float) -> None:
        """Until the run of ``audit_id`` in this process ended, or ``timeout`` seconds (at once
        when no run of it goes on here). A green wait under the service's eventlet."""
        ended = self._ended.get(audit_id)
        if ended is not None:
            ended.wait(timeout)

    def wait(self, audit_id: int) -> None:
        """For tests and benchmarks: until the run's green thread ends."""
        t = self.threads.get(audit_id)
        if t is not None:
            t.wait()

    # --- one run ----------------------------------------------------------------------------

    def _update(self, audit_id: int, fn: Callable[[Session, Audit], Any]) -> Any:
        """``fn(session, audit)`` committed; raises Cancelled when a cancel was asked."""
        with self.sessions() as s, committing(s):
            a = s.get(Audit, audit_id)
            a.heartbeat = core.utcnow()
            out = fn(s, a)
            if a.cancel_requested and a.state == "running":
                raise Cancelled()
            return out

    def run(self, audit_id: int) -> None:
        try:
            self._run(audit_id)
        finally:
            ended = self._ended.pop(audit_id, None)
            if ended is not None:
                ended.set()

    def _run(self, audit_id: int) -> None:
        with self.sessions() as s, committing(s):
            a = s.get(Audit, audit_id)
            if a is None or a.state != "queued":
                return
            core.start(a)
            kind, rid, max_duration = a.kind, a.replica_id, a.max_duration
        log.info("audit %d (%s of %s) started", audit_id, kind, rid)
        try:
            r = self.replicas.get(rid)
            getattr(self, f"_run_{kind}")(audit_id, r, max_duration)
            state, message = "done", ""
        except Cancelled:
            state, message = "cancelled", "cancelled by request"
        except Exception as exc:  # noqa: BLE001 - the run's record says why it failed
            log.exception("audit %d failed", audit_id)
            state, message = "failed", _describe(exc)
        with self.sessions() as s, committing(s):
            a = s.get(Audit, audit_id)
            if state == "failed":
                core.add_error(a, message)
            if state == "done" and a.partial and (not a.message or a.message == core.RESTART_RUNNING):
                message = ("partial: instance(s) " + ", ".join(json.loads(a.missing_instances))
                           + " did not answer; their files were not judged")
            core.finish(a, state, message)
            phases = {k: round(v, 3) for k, v in self.phases.pop(audit_id, {}).items()}
            core.log_event(s, "system", f"audit_{state}:{a.kind}", rid, None,
                           {**core.audit_dto(a).to_dict(), "seconds": phases})
            findings = a.missing + a.corrupt + a.disputed
        log_fn = log.warning if (findings or state != "done") else log.info
        log_fn("audit %d (%s of %s) ended %s: %d missing, %d corrupt, %d disputed; seconds %s", audit_id, kind,
               rid, state, a.missing, a.corrupt, a.disputed, phases)
        if findings and self.on_damage is not None:
            self.on_damage(audit_id, kind, rid, a.missing, a.corrupt, a.disputed)

    # --- listings ---------------------------------------------------------------------------

    def _batch(self, audit_id: int, r: ReplicaDto, job: str, regex: str | None, dest: str) -> BatchResultDto:
        """Run batch ``job`` over ``r`` and download its merged output to ``dest``."""
        lim = self.limits
        began = time.monotonic()
        res: BatchResultDto = self.call(r.monitor_service, "start_batch", job, {}, regex, None,
                                        timeout=lim.rpc_timeout)
        while res.running:
            self._update(audit_id, lambda s, a: None)
            res = self.call(r.monitor_service, "batch_status", res.batch_id, lim.batch_poll,
                            timeout=lim.rpc_timeout + lim.batch_poll)
        if res.error:
            raise RuntimeError(f"{job} batch on {r.id} failed: {res.error}")
        if res.missing_instances or res.incomplete:
            missing = list(res.missing_instances)

            def partial(s: Session, a: Audit) -> None:
                a.partial = True
                a.missing_instances = json.dumps(sorted(set(json.loads(a.missing_instances)) | set(missing)))
            self._update(audit_id, partial)
        for e in res.exceptions[:20]:
            self._update(audit_id, lambda s, a, e=e: core.add_error(a, f"{e.instance_id or '?'}: {e.file or ''}: "
                                                                     f"{e.error}"))
        batch_done = time.monotonic()
        with open(dest, "wb") as out:
            if res.output_url:
                for chunk in http_chunks(res.output_url, lim.rpc_timeout):
                    out.write(chunk)
        self._phase(audit_id, "batch", batch_done - began)
        # the slowest instance's run (its runner: scan, child process, job), on its own clock
        self._phase(audit_id, "batch_instances", max(res.instance_seconds.values(), default=0.0))
        # registration to merged result in the monitor (broadcast, runs, fetching and merging)
        self._phase(audit_id, "batch_monitor", (res.finished or res.started) - res.started)
        self._phase(audit_id, "download", time.monotonic() - batch_done)
        return res

    def _phase(self, audit_id: int, name: str, seconds: float) -> None:
        """Add ``seconds`` to phase ``name`` of the run (a rolling audit adds up its batches)."""
        phases = self.phases.setdefault(audit_id, {})
        phases[name] = phases.get(name, 0.0) + seconds

    def _listing(self, audit_id: int, r: ReplicaDto, with_checksum: bool, tmpdir: str,
                 regex: str | None = None) -> str:
        """A file of ``name[##md5]`` lines for the whole replica (or the names matching ``regex``)."""
        path = os.path.join(tmpdir, "listing")
        if r.type == ReplicaType.CHECKSUM:
            checksums: dict[str, str] = self.call(r.service, "checksums", timeout=self.limits.rpc_timeout)
            pattern = re.compile(regex) if regex else None
            with open(path, "w", encoding="utf-8") as out:
                for name, value in checksums.items():
                    if pattern is None or pattern.fullmatch(name):
                        out.write(f"{name}##{value}\n" if with_checksum else f"{name}\n")
        else:
            self._batch(audit_id, r, "checksum" if with_checksum else "filelist", regex, path)
        return path

    # --- files ------------------------------------------------------------------------------

    def _run_files(self, audit_id: int, r: ReplicaDto, max_duration: float | None) -> None:
        with tempfile.TemporaryDirectory(prefix="nas-audit-") as tmp:
            self._update(audit_id, lambda s, a: setattr(a, "progress", 0.05))
            path = self._listing(audit_id, r, False, tmp)
            self._update(audit_id, lambda s, a: setattr(a, "progress", 0.6))
            began = time.monotonic()

            def apply(s: Session, a: Audit) -> None:
                with open(path, encoding="utf-8") as fh, core.Listing(s) as listing:
                    a.files_seen = listing.load(core.parse_lines(fh, False))
                    self._phase(audit_id, "load", time.monotonic() - began)
                    a.total = core.count_judged(s, a.replica_id, a.snapshot)
                    core.apply_file_list(s, a, listing, judge_missing=not a.partial)
            self._update(audit_id, apply)
            # loading the listing, the comparison, and the commit
            self._phase(audit_id, "compare", time.monotonic() - began)

    # --- checksums --------------------------------------------------------------------------

    def _run_checksums(self, audit_id: int, r: ReplicaDto, max_duration: float | None) -> None:
        if max_duration:
            return self._run_rolling(audit_id, r, max_duration)
        with tempfile.TemporaryDirectory(prefix="nas-audit-") as tmp:
            self._update(audit_id, lambda s, a: setattr(a, "progress", 0.05))
            path = self._listing(audit_id, r, True, tmp)
            self._update(audit_id, lambda s, a: setattr(a, "progress", 0.7))
            began = time.monotonic()
            differing = self._update(audit_id, lambda s, a: self._apply_checksums(s, a, path, None))
            self._phase(audit_id, "compare", time.monotonic() - began)
        self._vote(audit_id, r, differing)

    def _apply_checksums(self, s: Session, a: Audit, path: str, scope: list[str] | None) -> list:
        with open(path, encoding="utf-8") as fh, core.Listing(s) as listing:
            a.files_seen += listing.load(core.parse_lines(fh, True))
            if scope is None:
                a.total = core.count_judged(s, a.replica_id, a.snapshot)
            core.apply_file_list(s, a, listing, scope, judge_missing=not a.partial, extras=scope is None)
            return core.apply_checksums(s, a, listing, scope)

    def _run_rolling(self, audit_id: int, r: ReplicaDto, max_duration: float) -> None:
        """The copies due (never verified, or longer ago than the replica's maximum checksum
        age), least recently verified first, batch by batch, within ``max_duration``."""
        deadline = time.monotonic() + max_duration
        max_age = self.replicas.max_checksum_age_days(r.id, self.limits.max_checksum_age_days)
        total = self._update(audit_id, lambda s, a: setattr(a, "total", core.count_judged(s, r.id, a.snapshot))
                             or a.total)
        done = 0
        with tempfile.TemporaryDirectory(prefix="nas-audit-") as tmp:
            while time.monotonic() < deadline:
                names = self._update(audit_id, lambda s, a: core.rolling_batch(s, a, ROLLING_CHUNK, max_age))
                if not names:
                    if done < total:
                        # the copies not verified now were verified recently enough: not due
                        self._update(audit_id, lambda s, a, d=done: setattr(
                            a, "message", f"{d} due cop{'y' if d == 1 else 'ies'} verified; every other copy of "
                                          f"{r.id} was verified within its maximum checksum age of {max_age:g} "
                                          "days"))
                    break
                regex = "|".join(re.escape(n) for n in names)
                path = self._listing(audit_id, r, True, tmp, regex)
                differing = self._update(audit_id, lambda s, a, p=path, ns=names: self._apply_checksums(s, a, p, ns))
                self._vote(audit_id, r, differing)
                done += len(names)
                self._update(audit_id, lambda s, a, d=done: setattr(a, "progress", min(1.0, d / max(total, 1))))
                if self._update(audit_id, lambda s, a: a.partial):
                    break   # a silent instance: its copies would be picked again and again
        if time.monotonic() >= deadline and done < total:
            self._update(audit_id, lambda s, a: setattr(
                a, "message", f"time budget of {max_duration:g}s spent: {done} of {total} copies verified "
                              "(the next run goes on with the least recently verified)"))

    def _vote(self, audit_id: int, r: ReplicaDto, differing: list[tuple[str, str, str]]) -> None:
        """Judge each copy that differs from its reference against the other replicas' copies,
        asked afresh (the database's last value where a replica cannot answer)."""
        for name, reference, value in differing:
            votes = self._update(audit_id, lambda s, a, n=name: core.known_checksums(s, n))
            votes.pop(r.id, None)
            for other in self.replicas.all():
                if other.id == r.id or other.id not in votes:
                    continue
                try:
                    votes[other.id] = self.live_checksum(other, name)
                except NasError as exc:
                    self._update(audit_id, lambda s, a, e=exc, o=other, nm=name: core.add_error(
                        a, f"{o.id}: checksum of {nm} not available ({_describe(e)}); its last known value "
                           "votes"))
            verdict = core.judge(reference, value, votes)

            def record(s: Session, a: Audit, n=name, v=value, verdict=verdict, votes=votes,
                       reference=reference) -> None:
                core.record_verdict(s, r.id, n, v, verdict, votes)
                if verdict == ChecksumStatus.CORRUPT:
                    a.corrupt += 1
                elif verdict == ChecksumStatus.DISPUTED:
                    a.disputed += 1
                core.log_event(s, "system", f"checksum_{verdict.value}", r.id, n,
                               {"audit": a.id, "reference": reference, "checksum": v, "votes": votes})
            self._update(audit_id, record)

    def live_checksum(self, r: ReplicaDto, name: str) -> str | None:
        """The checksum replica ``r`` holds for ``name`` now (None: it lacks the file)."""
        if r.type == ReplicaType.CHECKSUM:
            got = self.call(r.service, "get_checksum", name, timeout=self.limits.rpc_timeout)
        else:
            got = self.call(r.monitor_service, "get_checksum", name, None, timeout=self.limits.transfer_timeout)
        return normalise(got.checksum) if got else None

    # --- salted challenge -------------------------------------------------------------------

    def _run_salted(self, audit_id: int, r: ReplicaDto, max_duration: float | None) -> None:
        def pick(s: Session, a: Audit) -> tuple[str, str, int | None] | None:
            row = s.execute(select(ArchiveFile.filename, ArchiveFile.checksum, ArchiveFile.size)
                            .join(ReplicaFileInfo)
                            .where(ReplicaFileInfo.replica_id == r.id,
                                   ReplicaFileInfo.upload_state == core.COMPLETED)
                            .order_by(func.random()).limit(1)).first()
            a.total = 1
            return tuple(row) if row else None  # type: ignore[return-value]
        chosen = self._update(audit_id, pick)
        if chosen is None:
            self._update(audit_id, lambda s, a: setattr(a, "message", f"replica {r.id} holds no file yet"))
            return
        name, reference, _size = chosen
        salt = secrets.token_hex(16)
        expected = self.expected_hmac(r, name, reference, salt)
        result = self.call(r.monitor_service, "instance_op", name, "salted", {"salt": salt},
                           timeout=self.limits.transfer_timeout)
        holders = [x for x in result.answers if x.held]

        def judge(s: Session, a: Audit) -> None:
            a.files_seen = 1
            a.message = f"challenged {name} with a fresh salt"
            if result.missing_instances:
                a.partial = True
                a.missing_instances = json.dumps(sorted(result.missing_instances))
            wrong = [x for x in holders if x.error or x.result.get("hmac") != expected]
            if not holders and not a.partial:
                a.missing = 1
                core.add_error(a, f"{name}: no instance of {r.id} holds it")
            for x in wrong:
                a.corrupt += 1
                core.add_error(a, f"{x.instance_id}: wrong answer to the salted challenge for {name}"
                                  + (f" ({x.error})" if x.error else ""))
            core.log_event(s, "system", "salted_challenge", r.id, name,
                           {"audit": a.id, "instances": {x.instance_id: (x.result.get("hmac") == expected)
                                                         for x in holders},
                            "missing_instances": result.missing_instances})
        self._update(audit_id, judge)

    def expected_hmac(self, r: ReplicaDto, name: str, reference: str, salt: str) -> str:
        """HMAC-SHA-256(salt, bytes) computed here from a copy whose MD5 equals the reference
        (another replica's first; the audited one's only when no other has it)."""
        candidates = [o for o in self.replicas.all() if o.type == ReplicaType.BITARCHIVE and o.id != r.id] + [r]
        last: Exception | None = None
        for src in candidates:
            try:
                loc = self.call(src.monitor_service, "locate", name, None, timeout=self.limits.rpc_timeout)
                mac, md5 = hmac.new(bytes.fromhex(salt), digestmod=hashlib.sha256), new_hash()
                for chunk in http_chunks(loc.url, self.limits.transfer_timeout):
                    mac.update(chunk)
                    md5.update(chunk)
                if md5.hexdigest() == reference:
                    return mac.hexdigest()
                last = RuntimeError(f"the copy in {src.id} does not match the reference")
            except Exception as exc:  # noqa: BLE001 - try the next replica
                last = exc
        raise RuntimeError(f"no copy of {name} equal to its reference could be read: {last}")

    # --- reestablish ------------------------------------------------------------------------

    def _run_reestablish(self, audit_id: int, r: ReplicaDto, max_duration: float | None) -> None:
        todo = self._update(audit_id, lambda s, a: core.missing_names(s, r.id, 1_000_000))
        self._update(audit_id, lambda s, a: setattr(a, "total", len(todo)))
        finished = 0

        def one(item: tuple[str, str, int | None]) -> None:
            nonlocal finished
            name, reference, size = item
            try:
                instance = self.reestablish_one(r, name, reference, size)
            except Exception as exc:  # noqa: BLE001 - recorded per file; the others go on
                err = _describe(exc)

                def failed(s: Session, a: Audit) -> None:
                    core.add_error(a, f"{name}: {err}")
                    a.missing += 1
                    core.log_event(s, "system", "reestablish_failed", r.id, name, {"audit": a.id, "error": err})
                record = failed
            else:
                def ok(s: Session, a: Audit) -> None:
                    core.mark_restored(s, r.id, name, reference, instance[1])
                    a.files_seen += 1
                    core.log_event(s, "system", "reestablished", r.id, name,
                                   {"audit": a.id, "checksum": reference, "source": instance[0],
                                    "instance": instance[1]})
                record = ok
            finished += 1

            def progress(s: Session, a: Audit) -> None:
                record(s, a)
                a.progress = finished / max(len(todo), 1)
            self._update(audit_id, progress)

        # a few files at a time: each is mostly waiting for two HTTP transfers and an RPC
        pool = eventlet.GreenPool(REESTABLISH_PARALLEL)
        for _ in pool.imap(one, todo):
            pass

    def reestablish_one(self, r: ReplicaDto, name: str, reference: str, size: int | None) -> tuple[str, str]:
        """Copy ``name`` to ``r`` from another replica's copy; ``r`` verifies it against the
        reference on arrival, so only a copy equal to the reference is ever kept. Returns
        (source replica, instance in ``r``)."""
        with self.sessions() as s:
            sources = core.good_sources(s, name, r.id)
        tried = []
        for rid in sources:
            src = self.replicas.get(rid)
            if src.type != ReplicaType.BITARCHIVE:
                continue
            try:
                # No separate checksum of the source first: ``r`` computes the checksum on arrival
                # and refuses anything but the reference (ChecksumMismatch: the next source is tried).
                loc = self.call(src.monitor_service, "locate", name, None, timeout=self.limits.rpc_timeout)
                rf = RemoteFile(name, size, reference, url=loc.url)
                with self.arranged(rf, r.id, self.limits.transfer_timeout + self.limits.rpc_timeout) as ticket:
                    receipt = self.call(r.service, "upload", rf.to_dict(), ticket,
                                        timeout=self.limits.transfer_timeout)
            except NasError as exc:
                tried.append(f"{rid}: {_describe(exc)}")
                continue
            if normalise(receipt.checksum) != reference:
                tried.append(f"{rid}: arrived with checksum {receipt.checksum}")
                continue
            return rid, receipt.instance_id
        raise RuntimeError("no replica has a copy equal to the reference" + (f" ({'; '.join(tried)})" if tried
                                                                              else ""))


def _describe(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    text = getattr(exc, "message", None) or str(exc) or exc.__class__.__name__
    return f"{code}: {text}" if code else f"{exc.__class__.__name__}: {text}"


@contextlib.contextmanager
def _no_ticket(rf: RemoteFile, replica_id: str, ttl: float) -> Iterator[str]:
    """Without an arcrepository to arrange transfers (unit tests of the runner alone)."""
    yield ""
