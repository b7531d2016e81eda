"""Job generation: one run of one harvest definition becomes jobs (the seeds' HarvestJobGenerator).

1. The definition's configurations are read in batches (a snapshot: every non-alias domain's
   default configuration, minus the domains completed in the snapshot it is based on — the
   definitions package's :func:`snapshot_configurations`; a selective or event harvest: its
   chosen configurations), each with its harvest history, and given an expected object count
   (:mod:`estimation`). They go, a batch at a time, into the scratch table ``jobgen_entries``.
2. That table is read back in chunks of ``config_chunk_size`` in order of crawl profile, byte
   limit and expected objects (an index gives the order; a keyset walks it), so no more than a
   chunk is ever in memory. Each chunk is split into jobs (:mod:`splitting`); a job never
   spans two chunks.
3. Each job is stored New with its configurations, seeds, merged crawl settings and metadata
   (aliases, deduplication job ids), committed chunk by chunk.

Problems that make a definition unschedulable (no configurations, an inactive crawl profile)
raise :class:`InvalidInput` with a sentence saying so, before any job is made.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import delete, func, insert, select, tuple_, update
from sqlalchemy.orm import Session, aliased

from server.definitions.models import (
    CrawlProfile,
    Domain,
    DomainConfiguration,
    DomainCrawlerTrap,
    GlobalTrapExpression,
    GlobalTrapList,
    HarvestDefinition,
    HarvestHistory,
    SeedList,
    configuration_seed_lists,
    harvest_configurations,
)
from server.harvestdb.base import utcnow
from server.scheduler.estimation import EstimationSettings, PreviousHarvest, expected_objects
from server.scheduler.models import Job, JobConfiguration, JobgenEntry
from server.scheduler.splitting import Candidate, JobDraft, SplitSettings, byte_order, split
from server.scheduler.txn import begin_write, bulk_insert
from shared.enums import HarvestKind, JobStatus, StopReason
from shared.errors import InvalidInput

log = logging.getLogger(__name__)

C = DomainConfiguration
E = JobgenEntry
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


@dataclasses.dataclass
class Generation:
    """What one run of job generation made."""

    harvest_id: int
    run: int
    configurations: int = 0
    jobs: list[int] = dataclasses.field(default_factory=list)


def _limit(value: int | None) -> int:
    return -1 if value is None or value < 0 else value


# --- step 1: configurations with their expectations into the scratch table ---------------------

def _configuration_batches(session: Session, hd: HarvestDefinition, batch: int):
    """The run's configurations as rows (id, domain id, profile id, max bytes, max objects), in
    batches of at most ``batch``, in id order."""
    cols = (C.id, C.domain_id, C.profile_id, C.max_bytes, C.max_objects)
    if hd.kind != HarvestKind.SNAPSHOT.value:
        base = (select(*cols).join(harvest_configurations, harvest_configurations.c.configuration_id == C.id)
                .where(harvest_configurations.c.harvest_id == hd.id).order_by(C.id))
        last = 0
        while True:
            rows = session.connection().execute(base.where(C.id > last).limit(batch)).all()
            if not rows:
                return
            last = rows[-1][0]
            yield rows
    yield from _snapshot_batches(session, hd, batch, cols)


def _snapshot_batches(session: Session, hd: HarvestDefinition, batch: int, cols):
    """A snapshot takes every non-alias domain's default configuration, minus the domains completed
    in the snapshot it is based on — the rule of :func:`server.definitions.definitions.
    snapshot_configurations`. It is applied here window by window of configuration ids (a primary
    key range, then the window's aliases and completed domains by id): as one joined statement,
    SQLite's planner drives it from the alias index and sorts the whole table for every batch,
    which made 2,000,000 domains quadratic."""
    top = session.execute(select(func.max(C.id))).scalar()
    if top is None:
        return
    complete = [r.value for r in StopReason if r.is_complete]
    lo = 0
    while lo < top:
        hi = lo + batch
        rows = session.connection().execute(
            select(*cols).where(C.id > lo, C.id <= hi, C.is_default.is_(True)).order_by(C.id)).all()
        lo = hi
        if not rows:
            continue
        # the window's domains lie in a range; only the few matches come back (no long IN list)
        d_lo, d_hi = min(r[1] for r in rows), max(r[1] for r in rows)
        drop = set(session.connection().execute(
            select(Domain.id).where(Domain.id.between(d_lo, d_hi), Domain.alias_of_id.is_not(None))).scalars())
        if hd.based_on_id is not None:
            drop.update(session.connection().execute(
                select(HarvestHistory.domain_id).where(HarvestHistory.harvest_id == hd.based_on_id,
                                                       HarvestHistory.domain_id.between(d_lo, d_hi),
                                                       HarvestHistory.stop_reason.in_(complete))).scalars())
        rows = [r for r in rows if r[1] not in drop]
        if rows:
            yield rows


def _histories(session: Session, ids: list[int],
               contiguous: bool) -> dict[int, tuple[PreviousHarvest | None, int | None]]:
    """Per configuration id: its best previous harvest and the job that harvested it last."""
    H = HarvestHistory
    stmt = select(H.configuration_id, H.id, H.objects, H.bytes, H.stop_reason, H.ended_at, H.job_id)
    # a snapshot's batch is a dense run of ids: a range scan of the history index beats a long IN
    stmt = stmt.where(H.configuration_id.between(ids[0], ids[-1]) if contiguous else H.configuration_id.in_(ids))
    complete: dict[int, tuple] = {}
    largest: dict[int, tuple] = {}
    latest: dict[int, tuple] = {}
    done = StopReason.COMPLETED.value
    for cid, hid, objects, nbytes, reason, ended, job in session.connection().execute(stmt):
        when = ended or _EPOCH
        if reason == done:
            cur = complete.get(cid)
            if cur is None or (when, hid) > (cur[0], cur[1]):
                complete[cid] = (when, hid, objects, nbytes, reason)
        cur = largest.get(cid)
        if cur is None or (objects, hid) > (cur[2], cur[1]):
            largest[cid] = (when, hid, objects, nbytes, reason)
        cur = latest.get(cid)
        if cur is None or (when, hid) > (cur[0], cur[1]):
            latest[cid] = (when, hid, job)
    out = {}
    for cid in largest:
        b = complete.get(cid) or largest[cid]
        out[cid] = (PreviousHarvest(b[2], b[3], b[4], b[0], b[1]), latest[cid][2])
    return out


def fill_entries(session: Session, hd: HarvestDefinition, est: EstimationSettings, batch: int = 10000,
                 on_batch: Callable[[], Any] | None = None) -> int:
    """Step 1. Returns the number of configurations the run takes."""
    session.execute(delete(E).where(E.harvest_id == hd.id))
    snapshot = hd.kind == HarvestKind.SNAPSHOT.value
    h_objects = _limit(hd.max_objects) if snapshot else -1
    h_bytes = _limit(hd.max_bytes) if snapshot else -1
    total = 0
    for rows in _configuration_batches(session, hd, batch):
        ids = [r[0] for r in rows]
        session.commit()
        begin_write(session)  # this batch's reads and inserts are one write transaction
        hist = _histories(session, ids, contiguous=snapshot)
        entries = []
        for cid, domain_id, profile_id, max_bytes, max_objects in rows:
            best, prev_job = hist.get(cid, (None, None))
            entries.append({
                "harvest_id": hd.id, "configuration_id": cid, "domain_id": domain_id, "profile_id": profile_id,
                "byte_order": byte_order(_effective_bytes(max_bytes, h_bytes)), "max_bytes": max_bytes,
                "max_objects": max_objects, "previous_job_id": prev_job,
                "expected_objects": expected_objects(best, max_objects, max_bytes, h_objects, h_bytes, est),
            })
        bulk_insert(session, E.__table__, entries)
        total += len(entries)
        if on_batch is not None:
            on_batch()
    return total


def _effective_bytes(config_max_bytes: int, harvest_max_bytes: int) -> int:
    """The byte limit a configuration would harvest with (sorting key: the seeds' "maximum number
    of bytes to harvest")."""
    real = [x for x in (config_max_bytes, harvest_max_bytes) if x >= 0]
    return min(real) if real else -1


# --- checks that make a definition unschedulable ------------------------------------------------

def check_definition(session: Session, hd: HarvestDefinition) -> None:
    """Raise InvalidInput if a selective or event harvest has no configurations."""
    if hd.kind != HarvestKind.SNAPSHOT.value:
        n = session.execute(select(func.count()).select_from(harvest_configurations)
                            .where(harvest_configurations.c.harvest_id == hd.id)).scalar_one()
        if n == 0:
            raise InvalidInput(f"the harvest {hd.name!r} has no domain configurations to harvest",
                               {"harvest": hd.name, "problem": "no_configurations"})


def check_profiles(session: Session, hd: HarvestDefinition) -> dict[int, CrawlProfile]:
    """Every crawl profile the run uses, by id; InvalidInput naming an inactive one and (some of)
    the configurations that use it."""
    ids = session.execute(select(E.profile_id).where(E.harvest_id == hd.id).distinct()).scalars().all()
    profiles = {p.id: p for p in session.execute(select(CrawlProfile).where(CrawlProfile.id.in_(ids))).scalars()}
    for pid in ids:
        p = profiles[pid]
        if not p.active:
            users = session.execute(
                select(Domain.name, C.name).join(C, C.domain_id == Domain.id)
                .join(E, E.configuration_id == C.id)
                .where(E.harvest_id == hd.id, E.profile_id == pid).order_by(Domain.name).limit(5)).all()
            names = ", ".join(f"{d}/{c}" for d, c in users)
            raise InvalidInput(f"the crawl profile {p.name!r} is inactive but used by the configuration(s) {names}"
                               f"{' and more' if len(users) == 5 else ''} of the harvest {hd.name!r}",
                               {"harvest": hd.name, "problem": "inactive_profile", "profile": p.name})
    return profiles


# --- steps 2 and 3 ------------------------------------------------------------------------------

def sorted_chunks(session: Session, harvest_id: int, chunk: int):
    """Step 2: the run's configurations in splitting order, ``chunk`` at a time."""
    order = (E.profile_id, E.byte_order, E.expected_objects, E.configuration_id)
    stmt = (select(E.configuration_id, E.domain_id, E.profile_id, E.max_bytes, E.max_objects, E.expected_objects,
                   E.previous_job_id, E.byte_order)
            .where(E.harvest_id == harvest_id).order_by(*order).limit(chunk))
    key = None
    while True:
        s = stmt if key is None else stmt.where(tuple_(*order) > tuple_(*key))
        session.commit()
        begin_write(session)  # the chunk's jobs are written in the same transaction
        rows = session.connection().execute(s).all()
        if not rows:
            return
        last = rows[-1]
        key = (last[2], last[7], last[5], last[0])
        yield [Candidate(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]


@dataclasses.dataclass
class JobContext:
    """What every job of one run shares."""

    hd: HarvestDefinition
    run: int
    channel: str
    profiles: dict[int, CrawlProfile]
    global_traps: list[str]

    @property
    def snapshot(self) -> bool:
        return self.hd.kind == HarvestKind.SNAPSHOT.value


def global_traps(session: Session) -> list[str]:
    return list(session.execute(
        select(GlobalTrapExpression.expression).join(GlobalTrapList, GlobalTrapList.id == GlobalTrapExpression.list_id)
        .where(GlobalTrapList.active.is_(True)).order_by(GlobalTrapList.name, GlobalTrapExpression.position)).scalars())


def store_job(session: Session, ctx: JobContext, draft: JobDraft) -> int:
    """Step 3: one job, New, with its configurations, seeds, settings and metadata."""
    hd, profile = ctx.hd, ctx.profiles[draft.profile_id]
    max_objects = _limit(hd.max_objects) if ctx.snapshot else -1
    running_time = (hd.max_job_running_time_s or 0) if ctx.snapshot else 0
    job_id = session.execute(insert(Job).values(
        harvest_id=hd.id, harvest_run=ctx.run, status=JobStatus.NEW.value, channel=ctx.channel,
        snapshot=ctx.snapshot, profile_id=profile.id, profile_name=profile.name,
        max_bytes_per_domain=draft.max_bytes, byte_limit_from_configuration=draft.byte_limit_from_configuration,
        max_objects_per_domain=max_objects, max_running_time_s=running_time,
        configuration_count=len(draft.candidates), expected_objects=draft.total_expected, created_at=utcnow(),
        claims=0, failure_reason="", harvest_error="", harvest_error_details="", upload_error="",
        upload_error_details="", settings="{}", seeds="", aliases="[]", dedup_job_ids="[]",
    ).returning(Job.id)).scalar_one()
    bulk_insert(session, JobConfiguration.__table__, [
        {"job_id": job_id, "configuration_id": c.configuration_id, "domain_id": c.domain_id,
         "expected_objects": c.expected_objects, "max_bytes": c.max_bytes, "max_objects": c.max_objects}
        for c in draft.candidates])
    JC = JobConfiguration
    seeds: dict[str, None] = {}
    for text in session.execute(
            select(SeedList.seeds).select_from(JC)
            .join(configuration_seed_lists, configuration_seed_lists.c.configuration_id == JC.configuration_id)
            .join(SeedList, SeedList.id == configuration_seed_lists.c.seed_list_id)
            .where(JC.job_id == job_id).order_by(JC.configuration_id, SeedList.name)).scalars():
        for url in text.split("\n"):
            if url:
                seeds[url] = None
    aliases = []
    if ctx.snapshot:
        A = aliased(Domain)
        aliases = [{"domain": a, "alias_of": d} for a, d in session.execute(
            select(A.name, Domain.name).select_from(JC).join(Domain, Domain.id == JC.domain_id)
            .join(A, A.alias_of_id == Domain.id).where(JC.job_id == job_id).order_by(A.name))]
    domain_traps: dict[str, list[str]] = {}
    for name, expression in session.execute(
            select(Domain.name, DomainCrawlerTrap.expression).select_from(JC)
            .join(Domain, Domain.id == JC.domain_id).join(DomainCrawlerTrap, DomainCrawlerTrap.domain_id == Domain.id)
            .where(JC.job_id == job_id).order_by(Domain.name, DomainCrawlerTrap.position)):
        domain_traps.setdefault(name, []).append(expression)
    job_settings = {
        "profile_name": profile.name,
        "profile": json.loads(profile.effective),
        "max_bytes_per_domain": draft.max_bytes,
        # whose byte limit that is: the harvester reports a domain stopped by it as config-size-limit
        "byte_limit_from_configuration": draft.byte_limit_from_configuration,
        "max_objects_per_domain": max_objects,
        "max_running_time_s": running_time,
        "crawler_traps": {"global": ctx.global_traps, "domains": domain_traps},
    }
    dedup = sorted({c.previous_job_id for c in draft.candidates if c.previous_job_id is not None})
    session.execute(update(Job).where(Job.id == job_id).values(
        seeds="\n".join(seeds), aliases=json.dumps(aliases), settings=json.dumps(job_settings, sort_keys=True),
        dedup_job_ids=json.dumps(dedup)).execution_options(synchronize_session=False))
    return job_id


def remove_unfinished_run(session: Session, harvest_id: int, run: int) -> int:
    """Delete the New jobs of a run that was never counted (a generation interrupted by a crash,
    a shutdown or an error), so that scheduling the run again makes each job once. Such jobs
    were never submitted: :func:`dispatch.submit_new` only queues jobs of counted runs. Commits."""
    session.commit()
    begin_write(session)
    ids = list(session.execute(select(Job.id).where(Job.harvest_id == harvest_id, Job.harvest_run == run,
                                                      Job.status == JobStatus.NEW.value)).scalars())
    for i in range(0, len(ids), 500):
        part = ids[i:i + 500]
        session.execute(delete(JobConfiguration).where(JobConfiguration.job_id.in_(part)))
        session.execute(delete(Job).where(Job.id.in_(part)))
    session.commit()
    if ids:
        log.info("harvest definition %d run %d: removed %d jobs of an unfinished generation", harvest_id, run, len(ids))
    return len(ids)


def generate(session: Session, hd: HarvestDefinition, settings: Mapping[str, Any],
             keep_alive: Callable[[], Any] | None = None) -> Generation:
    """Make the jobs of the next run of ``hd`` and commit them chunk by chunk. The caller holds the
    scheduling guard; ``keep_alive`` is called between chunks (to refresh it). Raises InvalidInput
    for a definition that cannot be scheduled."""
    split_settings = SplitSettings.from_settings(settings)
    est = EstimationSettings.from_settings(settings)
    gen = Generation(hd.id, hd.runs)
    session.commit()
    begin_write(session)
    check_definition(session, hd)
    remove_unfinished_run(session, hd.id, hd.runs)
    gen.configurations = fill_entries(session, hd, est, split_settings.config_chunk_size,
                                      lambda: (session.commit(), keep_alive and keep_alive()))
    session.commit()
    try:
        if gen.configurations == 0:
            if hd.kind != HarvestKind.SNAPSHOT.value:
                raise InvalidInput(f"the harvest {hd.name!r} has no domain configurations to harvest",
                                   {"harvest": hd.name, "problem": "no_configurations"})
            log.warning("snapshot harvest %s: no domain is left to harvest", hd.name)
            return gen
        ctx = JobContext(hd, hd.runs, hd.channel.name, check_profiles(session, hd), global_traps(session))
        h_bytes = _limit(hd.max_bytes) if ctx.snapshot else -1
        for chunk in sorted_chunks(session, hd.id, split_settings.config_chunk_size):
            for draft in split(chunk, h_bytes, split_settings):
                gen.jobs.append(store_job(session, ctx, draft))
            session.commit()
            if keep_alive is not None:
                keep_alive()
        return gen
    finally:
        session.rollback()
        session.execute(delete(E).where(E.harvest_id == hd.id))
        session.commit()
