"""Job generation: one run of one harvest definition becomes jobs (the seeds' HarvestJobGenerator).

1. The definition's configurations are read in batches (a snapshot: every non-alias domain's
   default configuration, minus the domains completed in the snapshot it is based on — the
   definitions package's :func:`snapshot_configurations`; a selective or event harvest: its
   chosen configurations), each with its harvest history, and given an expected object count
   (:mod:`estimation`). They go, a batch at a time, into the scratch table ``jobgen_entries``,
   with their seeds (:mod:`entries`, in the database).
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

import contextlib
import dataclasses
import functools
import gc
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import ARRAY, Integer, Text, any_, bindparam, cast, delete, func, insert, literal_column, select
from sqlalchemy.orm import Session, aliased

from server.db.parallel import read_ahead, read_in_turn, side_by_side
from server.definitions.models import (
    CrawlProfile,
    Domain,
    DomainConfiguration,
    DomainCrawlerTrap,
    GlobalTrapExpression,
    GlobalTrapList,
    HarvestDefinition,
    harvest_configurations,
)
from server.harvestdb.base import utcnow
from server.scheduler import entries
from server.scheduler.estimation import EstimationSettings
from server.scheduler.models import Job, JobConfiguration, JobgenEntry
from server.scheduler.splitting import Candidate, JobDraft, SplitSettings, split
from server.scheduler.txn import begin_write
from shared.enums import HarvestKind, JobStatus
from shared.errors import InvalidInput

log = logging.getLogger(__name__)

C = DomainConfiguration
E = JobgenEntry


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

def _windows(session: Session, hd: HarvestDefinition, size: int):
    """Windows (lo, hi] of configuration ids that each hold at most ``size`` of the run's
    configurations: a snapshot's are ranges of the primary key (every domain has a default
    configuration, so they are dense); a selective harvest's end at its ``size``-th chosen id."""
    if hd.kind == HarvestKind.SNAPSHOT.value:
        top = session.execute(select(func.max(C.id))).scalar()
        lo = 0
        while top is not None and lo < top:
            yield lo, lo + size
            lo += size
        return
    HC = harvest_configurations.c
    lo = 0
    while True:
        ids = select(HC.configuration_id).where(HC.harvest_id == hd.id, HC.configuration_id > lo)
        hi = session.execute(ids.order_by(HC.configuration_id).offset(size - 1).limit(1)).scalar()
        if hi is None:  # the last window: up to the largest
            hi = session.execute(select(func.max(HC.configuration_id)).where(HC.harvest_id == hd.id,
                                                                          HC.configuration_id > lo)).scalar()
            if hi is not None:
                yield lo, hi
            return
        yield lo, hi
        lo = hi


def fill_entries(session: Session, hd: HarvestDefinition, est: EstimationSettings, batch: int = 10000,
                 on_batch: Callable[[], Any] | None = None, parallel: int = 1) -> int:
    """Step 1, in the database (:mod:`entries`), a window of ``batch`` configuration ids per
    write transaction; on PostgreSQL ``parallel`` windows at once, each on a connection of its
    own (:func:`side_by_side`; SQLite has one writer). Returns the number of configurations the
    run takes."""
    session.execute(delete(E).where(E.harvest_id == hd.id))
    snapshot = hd.kind == HarvestKind.SNAPSHOT.value
    windows = list(_windows(session, hd, batch))
    session.commit()

    def one(s: Session, window: tuple[int, int]) -> int:
        s.commit()       # whatever on_batch read or wrote: the window's transaction writes from its start
        begin_write(s)
        return entries.insert_window(
            s, harvest_id=hd.id, snapshot=snapshot, based_on_id=hd.based_on_id if snapshot else None,
            lo=window[0], hi=window[1], harvest_max_objects=_limit(hd.max_objects) if snapshot else -1,
            harvest_max_bytes=_limit(hd.max_bytes) if snapshot else -1, est=est)

    if parallel > 1 and _dialect(session) == "postgresql":
        return sum(side_by_side(session.get_bind(), windows, one, parallel, on_batch))
    total = 0
    for window in windows:
        total += one(session, window)
        session.commit()
        if on_batch is not None:
            on_batch()
    return total


def _dialect(session: Session) -> str:
    return session.get_bind().dialect.name


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


def _sort_key_of_last(rows: list) -> tuple:
    last = rows[-1]
    return (last[2], last[7], last[5], last[0])


def sorted_chunks(session: Session, harvest_id: int, chunk: int):
    """Step 2: the run's configurations in splitting order, ``chunk`` at a time (through the
    run's sort index, :func:`entries.index_run`), each with its entries' byte orders (the sort
    key's second part, for :func:`span`) and seeds (for :func:`store_job`) by configuration id.

    On PostgreSQL the next chunk is read on a connection of its own while the caller splits and
    stores this one (:func:`read_ahead`): read in turn, the server's second core idled while the
    client split and stored, and the client waited while the server read. SQLite reads in this
    process: read ahead in a thread it contended with the splitting for the interpreter, its
    reading took three times as long and the run gained nothing, so there it reads in turn.

    The session is committed before each page is awaited, so that it holds no lock then (see
    :func:`read_ahead`: another run's ``DROP INDEX`` waiting for such a lock would hold up the
    reader, and the reader this run, for ever)."""
    pages = read_ahead if _dialect(session) == "postgresql" else read_in_turn
    session.commit()
    # closed with this generator, so that closing it ends the reader at once
    with contextlib.closing(pages(session, lambda s, after: entries.sorted_rows(s, harvest_id, after, chunk),
                                  _sort_key_of_last)) as chunks:
        for rows in chunks:
            session.commit()      # SQLite: the read's transaction
            begin_write(session)  # the chunk's jobs are written in a transaction of their own
            entries.bulk_transaction(session.connection())
            yield ([Candidate(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows],
                   {r[0]: r[7] for r in rows}, {r[0]: r[8] for r in rows})
            session.commit()      # before the next page is awaited


def span(draft: JobDraft, byte_orders: Mapping[int, int]) -> tuple[tuple, tuple]:
    """The sort keys of a job's first and last configuration. A job is a run of consecutive
    entries in the sort order (the splitter only cuts a chunk that is itself such a run), so these
    two keys name its entries exactly."""
    first, last = draft.candidates[0], draft.candidates[-1]
    return ((first.profile_id, byte_orders[first.configuration_id], first.expected_objects, first.configuration_id),
            (last.profile_id, byte_orders[last.configuration_id], last.expected_objects, last.configuration_id))


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


def _id_set(dialect: str, column):
    """``column`` is one of the ids bound as ``ids`` (see :func:`_ids`), as one parameter
    whatever their number (a job may hold more configurations than SQLite takes parameters):
    an array literal cast to an array on PostgreSQL, JSON on SQLite."""
    if dialect == "postgresql":
        return column == any_(cast(bindparam("ids", type_=Text), ARRAY(Integer)))
    return column.in_(select(literal_column("value")).select_from(func.json_each(bindparam("ids"))))


def _ids(dialect: str, ids: list[int]) -> str:
    """The ids as one text parameter. On PostgreSQL an array literal, not a list: the driver
    adapts a list's numbers one by one, ~2 ms of the client's CPU for a job's 1,400 domains,
    twice per job (aliases, traps): 5 of its ~15 CPU seconds at 2,000,000 domains."""
    if dialect == "postgresql":
        return "{" + ",".join(map(str, ids)) + "}"
    return json.dumps(ids)


def _name_of(domain_id):
    """The name of the domain ``domain_id`` (a column of the outer query), as a scalar subquery."""
    D = aliased(Domain)
    return select(D.name).where(D.id == domain_id).scalar_subquery()


@functools.cache
def _alias_and_trap_queries(dialect: str):
    """The aliases of the domains bound as ``ids`` (domain, alias of) by the alias's name, and
    their crawler traps (domain, expression) by domain name and position. Built once: built per
    job, constructing them cost more than running them (2 of 48 CPU seconds on SQLite)."""
    A = aliased(Domain)
    aliases = (select(A.name, _name_of(A.alias_of_id)).select_from(A)
               .where(_id_set(dialect, A.alias_of_id)).order_by(A.name))
    trap_domain = _name_of(DomainCrawlerTrap.domain_id)
    traps = (select(trap_domain, DomainCrawlerTrap.expression)
             .where(_id_set(dialect, DomainCrawlerTrap.domain_id))
             .order_by(trap_domain, DomainCrawlerTrap.position))
    return aliases, traps


def store_job(session: Session, ctx: JobContext, draft: JobDraft, keys: tuple[tuple, tuple],
              seed_texts: Mapping[int, str | None]) -> int:
    """Step 3: one job, New, with its seeds (from ``seed_texts``, each configuration's seed lists
    by configuration id, as step 1 read them), settings and metadata, and its span (``keys``, the
    sort keys of its first and last entry) noted in ``jobgen_spans``; its configurations are
    copied from the entries at the end of the run (:func:`entries.copy_to_jobs`).

    The job's row is written once, whole, by a Core INSERT: inserted empty through the ORM and
    then updated with its seeds and settings, each job cost a statement more and a second write
    of its largest row (a job's ~1,400 seeds)."""
    hd, profile = ctx.hd, ctx.profiles[draft.profile_id]
    max_objects = _limit(hd.max_objects) if ctx.snapshot else -1
    running_time = (hd.max_job_running_time_s or 0) if ctx.snapshot else 0
    if keys[0][:2] != keys[1][:2]:  # what entries.copy_to_jobs relies on
        raise RuntimeError(f"a job of harvest {hd.id} would span two profiles or byte limits: {keys}")
    # the seed lists in order of configuration id, then name; each seed once
    seeds: dict[str, None] = {}
    for cid in sorted(c.configuration_id for c in draft.candidates):
        text = seed_texts[cid]
        if text:
            for url in text.split("\n"):
                if url:
                    seeds[url] = None
    # The job's domains as one parameter, from which both databases' planners drive the two
    # statements below (read through the job's span of entries, PostgreSQL hashed all seed lists
    # for every job, 0.8 s each). Aliases and traps are looked up by their own indexes (alias of,
    # trap domain), whose entries for the job's domains are few; a domain's name is read (a
    # scalar subquery) only for those. Joined to ``domains`` instead, SQLite drove both from the
    # job's ~1,400 domains, each a read of a random page of that big table: 9 of 69 CPU seconds
    # at 2,000,000 domains.
    dialect = _dialect(session)
    domain_ids = {"ids": _ids(dialect, [c.domain_id for c in draft.candidates])}
    alias_query, trap_query = _alias_and_trap_queries(dialect)
    aliases = []
    if ctx.snapshot:
        aliases = [{"domain": a, "alias_of": d} for a, d in session.execute(alias_query, domain_ids)]
    domain_traps: dict[str, list[str]] = {}
    for name, expression in session.execute(trap_query, domain_ids):
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
    job_id = session.connection().execute(_INSERT_JOB, {
        "harvest_id": hd.id, "harvest_run": ctx.run, "status": JobStatus.NEW.value, "channel": ctx.channel,
        "snapshot": ctx.snapshot, "profile_id": profile.id, "profile_name": profile.name,
        "max_bytes_per_domain": draft.max_bytes, "byte_limit_from_configuration": draft.byte_limit_from_configuration,
        "max_objects_per_domain": max_objects, "max_running_time_s": running_time,
        "configuration_count": len(draft.candidates), "expected_objects": draft.total_expected,
        "created_at": utcnow(), "claims": 0, "failure_reason": "", "harvest_error": "", "harvest_error_details": "",
        "upload_error": "", "upload_error_details": "", "settings": json.dumps(job_settings, sort_keys=True),
        "seeds": "\n".join(seeds), "aliases": json.dumps(aliases), "dedup_job_ids": json.dumps(dedup),
    }).scalar_one()
    entries.add_span(session, hd.id, job_id, keys[0])
    return job_id


# A job's row in one statement (its columns' Python-side defaults are all given above).
_INSERT_JOB = insert(Job.__table__).returning(Job.__table__.c.id)


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


def copy_configurations(session: Session, hd: HarvestDefinition, jobs: list[int], starts: list[tuple[tuple, int]],
                        window: int, keep_alive: Callable[[], Any] | None, parallel: int = 1) -> int:
    """The run's entries become its jobs' configurations (the jobs in ``jobs``, in the order
    made, each starting at the sort key in ``starts`` with so many entries): on PostgreSQL one
    statement per part of the run, ``parallel`` parts side by side (:func:`entries.parts`); on
    SQLite a window of ``window`` configuration ids per write transaction. Returns how many."""
    if _dialect(session) == "postgresql":
        # the statement takes each entry's job as the largest job id of the spans up to it
        if any(a >= b for a, b in zip(jobs, jobs[1:])):
            raise RuntimeError(f"the jobs of harvest {hd.id} were not made in rising id order")
        session.commit()
        return sum(side_by_side(session.get_bind(), entries.parts(starts, parallel),
                                lambda s, part: entries.copy_run_to_jobs(s, hd.id, *part), parallel, keep_alive))
    copied = 0
    for lo, hi in list(_windows(session, hd, window)):
        begin_write(session)
        copied += entries.copy_to_jobs(session, hd.id, lo, hi)
        session.commit()
        if keep_alive is not None:
            keep_alive()
    return copied


@contextlib.contextmanager
def _rarer_collections(young: int = 50_000):
    """Python's cycle collector runs its youngest generation every 700 allocations; job
    generation allocates a row, a candidate and their tuples for each of up to millions of
    configurations, none of them cyclic, and the collections that follow walked the chunk in
    hand again and again (7 % of a 2,000,000-domain run on SQLite). For the run, the youngest
    generation is collected every ``young`` allocations instead; the thresholds are put back
    after (the process-wide setting: another thread's run meanwhile only shares the gain)."""
    old = gc.get_threshold()
    gc.set_threshold(max(young, old[0]), old[1], old[2])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def generate(session: Session, hd: HarvestDefinition, settings: Mapping[str, Any],
             keep_alive: Callable[[], Any] | None = None) -> Generation:
    """Make the jobs of the next run of ``hd`` and commit them chunk by chunk. The caller holds the
    scheduling guard; ``keep_alive`` is called between chunks (to refresh it). Raises InvalidInput
    for a definition that cannot be scheduled."""
    with _rarer_collections():
        return _generate(session, hd, settings, keep_alive)


def _generate(session: Session, hd: HarvestDefinition, settings: Mapping[str, Any],
              keep_alive: Callable[[], Any] | None) -> Generation:
    split_settings = SplitSettings.from_settings(settings)
    est = EstimationSettings.from_settings(settings)
    parallel = settings["harvest.scheduler.jobgen.parallel_statements"]
    gen = Generation(hd.id, hd.runs)
    session.commit()
    analysed = entries.refresh_statistics(session)
    session.commit()   # ANALYZE's lock is held to the end of its transaction
    if analysed:
        log.info("job generation of %s: planner statistics refreshed for %s", hd.name, ", ".join(analysed))
    begin_write(session)
    check_definition(session, hd)
    remove_unfinished_run(session, hd.id, hd.runs)
    gen.configurations = fill_entries(session, hd, est, split_settings.config_chunk_size,
                                      lambda: (session.commit(), keep_alive and keep_alive()), parallel)
    session.commit()
    try:
        if gen.configurations == 0:
            if hd.kind != HarvestKind.SNAPSHOT.value:
                raise InvalidInput(f"the harvest {hd.name!r} has no domain configurations to harvest",
                                   {"harvest": hd.name, "problem": "no_configurations"})
            log.warning("snapshot harvest %s: no domain is left to harvest", hd.name)
            return gen
        begin_write(session)
        entries.index_run(session, hd.id)
        session.commit()
        entries.analyse_entries(session)
        session.commit()
        ctx = JobContext(hd, hd.runs, hd.channel.name, check_profiles(session, hd), global_traps(session))
        h_bytes = _limit(hd.max_bytes) if ctx.snapshot else -1
        starts: list[tuple[tuple, int]] = []  # each job's first sort key and size
        # closed on the way out, whatever ends the loop: the chunks' reader (a thread on
        # PostgreSQL) is over before the run index is dropped and the scratch rows removed
        with contextlib.closing(sorted_chunks(session, hd.id, split_settings.config_chunk_size)) as chunks:
            for chunk, byte_orders, seed_texts in chunks:
                for draft in split(chunk, h_bytes, split_settings):
                    keys = span(draft, byte_orders)
                    gen.jobs.append(store_job(session, ctx, draft, keys, seed_texts))
                    starts.append((keys[0], len(draft.candidates)))
                session.commit()
                if keep_alive is not None:
                    keep_alive()
        copied = copy_configurations(session, hd, gen.jobs, starts, split_settings.config_chunk_size, keep_alive,
                                     parallel)
        if copied != gen.configurations:  # every entry belongs to a job
            raise RuntimeError(f"{copied} job configurations made of {gen.configurations} entries")
        return gen
    finally:
        session.rollback()
        begin_write(session)
        entries.drop_run_index(session, hd.id)  # first: a delete then has one index less to keep
        entries.remove_run(session, hd.id)
        session.commit()
