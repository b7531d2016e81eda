"""Step 1 of job generation in the database: a window of configurations, with their expected
objects, into the scratch table ``jobgen_entries`` by one ``INSERT ... SELECT``.

The rows never pass through Python: at 2,000,000 domains, reading each configuration and its
history into Python, estimating there and writing the entry back was half of the generation's
time on SQLite and more on PostgreSQL. The statement computes exactly what
:mod:`server.scheduler.estimation` computes (the specification, unit tested with worked
examples; tests/integration/scheduler/test_sched_jobgen_sql.py checks the two agree row for row
on both databases):

* the best previous harvest — the latest completed one by (end, id), else the one with the most
  objects by (objects, id) — and the job that harvested the configuration last, by (end, id),
  are the first rows of two correlated subqueries over the configuration's history; a missing
  end counts as the epoch, as in Python;
* object size, maximum, minimum, error factor and estimate are the same integer expressions,
  and integer division truncates toward zero in SQLite and PostgreSQL alike (Java's ``/``);
* "no limit" is any negative value (or NULL), and the tighter of two limits is taken, as
  :func:`~server.scheduler.estimation.min_limit` does.

Portable SQL (CASE, COALESCE, correlated subqueries, every parameter cast to BIGINT: PostgreSQL
cannot infer a type for a bare parameter in a CASE), but for the aggregate of the configuration's
seeds, which each database writes its own way (``_SEEDS``).
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import bindparam, text
from sqlalchemy.orm import Session

from server.harvestdb.base import UtcDateTime
from server.scheduler.estimation import MIN_OBJECTS_TO_ESTIMATE_FROM, EstimationSettings
from server.scheduler.splitting import byte_order
from shared.enums import StopReason

_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def _p(name: str) -> str:
    return f"CAST(:{name} AS BIGINT)"


def _tighter(column: str, harvest_limit: str) -> str:
    """min_limit(column, harvest limit): the tighter real (>= 0) limit, else the harvest's
    (which is -1 when it has none)."""
    return (f"CASE WHEN {column} >= 0 AND ({harvest_limit} < 0 OR {column} < {harvest_limit}) "
            f"THEN {column} ELSE {harvest_limit} END")


_DONE = "h.stop_reason = :completed"
_WHEN = "COALESCE(h.ended_at, :epoch)"

# Each configuration of the window with two correlated subqueries over its history (a few rows,
# found by the history's index on configuration): the id of its best previous harvest and the
# job that harvested it last; the best harvest's row is then joined by its id. This is half the
# CPU of window functions over the configurations joined to their history (4.2 against 2.1 s for
# 400,000 configurations on SQLite), which sorted every window's rows twice. The
# configurations are the driving table of both statements, so both databases read the window
# by its primary key range whatever their statistics say.
_INSERT = f"""
INSERT INTO jobgen_entries (harvest_id, configuration_id, domain_id, profile_id, byte_order, max_bytes,
                            max_objects, previous_job_id, expected_objects, seeds)
SELECT {_p("harvest_id")}, id, domain_id, profile_id,
       CASE WHEN byte_limit < 0 THEN {_p("no_limit_order")} ELSE byte_limit END,
       max_bytes, max_objects, previous_job_id,
       CASE WHEN minimum + (maximum - minimum) / factor < maximum
            THEN minimum + (maximum - minimum) / factor ELSE maximum END,
       seeds
FROM (
  SELECT s.*,
         CASE WHEN object_limit >= 0 AND byte_limit >= 0 AND object_limit <= byte_limit / object_size
                THEN object_limit
              WHEN object_limit >= 0 AND byte_limit >= 0 THEN byte_limit / object_size
              WHEN object_limit >= 0 THEN object_limit
              WHEN byte_limit >= 0 THEN byte_limit / object_size
              ELSE {_p("max_domain_size")} END AS maximum,
         COALESCE(best_objects, 0) AS minimum,
         CASE WHEN best_reason = :completed THEN {_p("factor_prev")} ELSE {_p("factor_guess")} END AS factor
  FROM (
    SELECT id, domain_id, profile_id, max_bytes, max_objects, previous_job_id, best_objects, best_reason, seeds,
           {_tighter("max_objects", _p("h_objects"))} AS object_limit,
           {_tighter("max_bytes", _p("h_bytes"))} AS byte_limit,
           CASE WHEN best_objects >= {_p("min_objects")} AND best_bytes / best_objects > {_p("object_size")}
                THEN best_bytes / best_objects ELSE {_p("object_size")} END AS object_size
    FROM (
      SELECT w.*, b.objects AS best_objects, b.bytes AS best_bytes, b.stop_reason AS best_reason
      FROM (
        SELECT c.id, c.domain_id, c.profile_id, c.max_bytes, c.max_objects,
               (SELECT h.job_id FROM harvest_history h WHERE h.configuration_id = c.id
                ORDER BY {_WHEN} DESC, h.id DESC LIMIT 1) AS previous_job_id,
               (SELECT h.id FROM harvest_history h WHERE h.configuration_id = c.id
                ORDER BY CASE WHEN {_DONE} THEN 0 ELSE 1 END,
                         CASE WHEN {_DONE} THEN {_WHEN} END DESC,
                         CASE WHEN {_DONE} THEN NULL ELSE h.objects END DESC,
                         h.id DESC
                LIMIT 1) AS best_id,
               {{{{seeds}}}} AS seeds
        FROM configurations c
        {{join}}
        WHERE c.id > :lo AND c.id <= :hi {{where}}
      ) w
      LEFT JOIN harvest_history b ON b.id = w.best_id
    ) ranked
  ) s
) m
"""

# Aliases and the domains the based-on snapshot completed are left out by scalar subqueries,
# looked up per configuration of the window. Not a join: joined, SQLite's planner drove the
# statement from the alias index (every non-alias domain, for each window). Not NOT EXISTS:
# PostgreSQL turned that into an anti join that read all aliased domains (or all of the
# based-on snapshot's history) into a hash for every window, 0.27 of its 0.6 s.
_SNAPSHOT = _INSERT.format(
    join="",
    where="""AND c.is_default
                 AND (SELECT d.alias_of_id FROM domains d WHERE d.id = c.domain_id) IS NULL
                 {based_on}""")

_BASED_ON = """AND (SELECT 1 FROM harvest_history x WHERE x.harvest_id = :based_on AND x.domain_id = c.domain_id
                     AND x.stop_reason IN :complete LIMIT 1) IS NULL"""

_CHOSEN = _INSERT.format(
    join="JOIN harvest_configurations hc ON hc.configuration_id = c.id AND hc.harvest_id = :harvest_id",
    where="")


# The configuration's seed lists' texts in order of name, joined by newlines: what store_job
# splits into the job's seeds. Read here, in configuration id order, the seed lists are read
# about in the order they are stored; read per job, they were ~1,400 random reads each (on
# PostgreSQL 89 of 620 s at 2,000,000 domains, on a loaded machine). SQLite's group_concat has
# no ORDER BY before 3.44; it takes the rows in the order of a subquery that sorts them (an
# aggregate over an ordered subquery is not flattened), which the SQL test checks with two seed
# lists whose names are not in the order of their ids.
_SEEDS = {
    "sqlite": """(SELECT group_concat(t.seeds, char(10)) FROM (
                    SELECT sl.seeds FROM configuration_seed_lists csl JOIN seed_lists sl ON sl.id = csl.seed_list_id
                    WHERE csl.configuration_id = c.id ORDER BY sl.name) t)""",
    "postgresql": """(SELECT string_agg(sl.seeds, chr(10) ORDER BY sl.name)
                       FROM configuration_seed_lists csl JOIN seed_lists sl ON sl.id = csl.seed_list_id
                       WHERE csl.configuration_id = c.id)""",
}


def _statement(dialect: str, snapshot: bool, based_on: bool):
    if not snapshot:
        sql = _CHOSEN.replace("{seeds}", _SEEDS[dialect])
    else:
        sql = _SNAPSHOT.replace("{seeds}", _SEEDS[dialect]).format(based_on=_BASED_ON if based_on else "")
    stmt = text(sql).bindparams(bindparam("epoch", type_=UtcDateTime()))
    if snapshot and based_on:
        stmt = stmt.bindparams(bindparam("complete", expanding=True))
    return stmt


# SQLite caps a memory map at its compile-time maximum (2 GB in Debian's build): a larger file
# is mapped up to there and read as before past it.
SQLITE_MMAP_BYTES = 1 << 40


def bulk_transaction(conn) -> None:
    """PostgreSQL: settings for the rest of this transaction of job generation's bulk work.

    No JIT compilation: the planner's estimate for a window of 10,000 configurations passes
    ``jit_above_cost``, and compiling took ~50 ms per statement, more than the window's own work
    in some; a statement run 200 times over similar rows never earns it back.

    No waiting for the commit's WAL flush (``synchronous_commit = off``): a run commits some
    600 times (windows, chunks, copies). What such a transaction writes is the run's scratch
    rows and its New jobs, which a crash would leave to be deleted and made again anyway (the
    run is not counted until all are made, in a transaction of its own that keeps the usual
    durability); PostgreSQL never applies a later transaction without an earlier one, so a crash
    loses at most the last few of them, whole.

    SQLite: the database file is read through a memory map (``mmap_size``, kept by the
    connection). Step 1, the sorted entries and the copy read pages all over a file far larger
    than SQLite's 2 MB page cache, each page then a ``pread`` from the operating system's cache
    into SQLite's: a quarter of a 2,000,000-domain run's CPU. Mapped, a page is read where it
    lies (docs/decisions/scheduler-jobgen.md). Writes still go through the WAL as before."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SET LOCAL jit = off")
        conn.exec_driver_sql("SET LOCAL synchronous_commit = off")
    elif conn.dialect.name == "sqlite":
        conn.exec_driver_sql(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")


def insert_window(session: Session, *, harvest_id: int, snapshot: bool, based_on_id: int | None, lo: int, hi: int,
                  harvest_max_objects: int, harvest_max_bytes: int, est: EstimationSettings) -> int:
    """Entries for the run's configurations with ids in (lo, hi]; returns how many were made.
    ``harvest_max_*`` are the definition's limits as the estimate takes them (-1: none; a
    selective harvest passes -1)."""
    params = {
        "harvest_id": harvest_id, "lo": lo, "hi": hi, "epoch": _EPOCH,
        "completed": StopReason.COMPLETED.value,
        "no_limit_order": byte_order(-1), "h_objects": harvest_max_objects, "h_bytes": harvest_max_bytes,
        "min_objects": MIN_OBJECTS_TO_ESTIMATE_FROM, "object_size": est.expected_average_bytes_per_object,
        "max_domain_size": est.max_domain_size, "factor_prev": est.error_factor_prev_result,
        "factor_guess": est.error_factor_best_guess,
    }
    if snapshot and based_on_id is not None:
        params["based_on"] = based_on_id
        params["complete"] = [r.value for r in StopReason if r.is_complete]
    conn = session.connection()
    bulk_transaction(conn)
    return conn.execute(_statement(conn.dialect.name, snapshot, snapshot and based_on_id is not None),
                        params).rowcount


_KEY = "(profile_id, byte_order, expected_objects, configuration_id)"


def add_span(session: Session, harvest_id: int, job_id: int, first: tuple) -> None:
    """Note that the job ``job_id`` starts at the entry with sort key ``first``."""
    session.connection().execute(
        text(f"INSERT INTO jobgen_spans (harvest_id, {_KEY[1:-1]}, job_id) VALUES (:h, :p, :b, :e, :c, :j)"),
        {"h": harvest_id, "j": job_id, **dict(zip("pbec", first, strict=True))})


# Each entry goes to the job of the last span starting at or before it: one lookup in the
# run's few spans (a thousand at 2,000,000 configurations), which stay in the page cache. A job
# never spans two profiles or two byte limits (stages 3 and 4 of the splitter; store_job checks),
# so the lookup stays within the entry's (profile, byte order). It is two seeks, not one
# "(expected, configuration) <= (...)": both databases' planners take only the first column of
# that row value as the index range, and walk from there past every span of the same expected
# objects and a higher configuration id. Many entries share their expectation (a domain never
# harvested, a limit): 5.0 CPU s for 400,000 entries on SQLite, 2.4 with two seeks, 0.6 with no
# lookup at all. The first seek finds the span among those of the entry's own
# expectation; only if none starts at or before it, the second takes the last of a smaller one.
_SPAN_BEFORE = """(SELECT s.job_id FROM jobgen_spans s
        WHERE s.harvest_id = e.harvest_id AND s.profile_id = e.profile_id AND s.byte_order = e.byte_order
          AND {condition}
        ORDER BY {order}
        LIMIT 1)"""
_COPY_TO_JOBS = text(f"""
INSERT INTO job_configurations (job_id, configuration_id, domain_id, expected_objects, max_bytes, max_objects)
SELECT COALESCE({_SPAN_BEFORE.format(
                    condition="s.expected_objects = e.expected_objects AND s.configuration_id <= e.configuration_id",
                    order="s.configuration_id DESC")},
                {_SPAN_BEFORE.format(condition="s.expected_objects < e.expected_objects",
                                     order="s.expected_objects DESC, s.configuration_id DESC")}),
       e.configuration_id, e.domain_id, e.expected_objects, e.max_bytes, e.max_objects
FROM jobgen_entries e
WHERE e.harvest_id = :harvest_id AND e.configuration_id > :lo AND e.configuration_id <= :hi
ORDER BY e.configuration_id
""")


# PostgreSQL: the whole run in one statement, with no lookup per entry. Job ids rise along the
# sort order (step 3 makes the jobs in that order; jobgen.generate checks), so an entry's job is
# the largest job id of the spans starting at or before it: a running max over the entries in
# sort order (the run index gives that order) merged with the spans (their key has it too). The
# rows go in in configuration id order, for the reason copy_to_jobs gives, sorted in memory
# (work_mem for this transaction only: ~200 MB for 2,000,000 entries, on disk otherwise). Per
# window with the two seeks, the lookups cost about as much as the insert; the statement's time
# is now the insert and its foreign-key checks. SQLite keeps the windows: there one statement
# would hold the database's only write lock for the whole copy.
_COPY_RUN_TO_JOBS = f"""
INSERT INTO job_configurations (job_id, configuration_id, domain_id, expected_objects, max_bytes, max_objects)
SELECT job_id, configuration_id, domain_id, expected_objects, max_bytes, max_objects
FROM (
  SELECT max(s.job_id) OVER (ORDER BY e.profile_id, e.byte_order, e.expected_objects, e.configuration_id) AS job_id,
         e.configuration_id, e.domain_id, e.expected_objects, e.max_bytes, e.max_objects
  FROM jobgen_entries e
  LEFT JOIN jobgen_spans s ON s.harvest_id = e.harvest_id AND {
      " AND ".join(f"s.{c} = e.{c}" for c in ("profile_id", "byte_order", "expected_objects", "configuration_id"))}
  WHERE e.harvest_id = :harvest_id {{part}}
) t
ORDER BY configuration_id
"""
_COPY_WORK_MEM = "256MB"


_E_KEY = "(e.profile_id, e.byte_order, e.expected_objects, e.configuration_id)"


def copy_run_to_jobs(session: Session, harvest_id: int, start: tuple | None = None,
                     until: tuple | None = None) -> int:
    """PostgreSQL: the run's entries become configurations of their jobs, in one statement
    (``_COPY_RUN_TO_JOBS``): all of them, or those with sort keys from ``start`` (the first key
    of a job: the running max needs the part to begin with a span) up to, not including,
    ``until`` (the first key of a later job). Returns how many."""
    conn = session.connection()
    bulk_transaction(conn)
    conn.exec_driver_sql(f"SET LOCAL work_mem = '{_COPY_WORK_MEM}'")
    params: dict = {"harvest_id": harvest_id}
    part = ""
    for bound, op, prefix in ((start, ">=", "f"), (until, "<", "u")):
        if bound is not None:
            names = [f"{prefix}{c}" for c in "pbec"]
            part += f" AND {_E_KEY} {op} ({', '.join(':' + n for n in names)})"
            params.update(zip(names, bound, strict=True))
    return conn.execute(text(_COPY_RUN_TO_JOBS.format(part=part)), params).rowcount


def parts(starts: list[tuple[tuple, int]], count: int) -> list[tuple[tuple | None, tuple | None]]:
    """The run cut into up to ``count`` parts of about as many entries each, along job
    boundaries, for :func:`copy_run_to_jobs` side by side: ``starts`` holds each job's first sort
    key and size, in the order made. Answers (start, until) pairs, None for either end."""
    total = sum(n for _, n in starts)
    cuts: list[tuple] = []
    seen = 0
    for key, n in starts:
        if seen and seen >= total * (len(cuts) + 1) / count:
            cuts.append(key)
        seen += n
    bounds: list[tuple | None] = [None, *cuts, None]
    return list(zip(bounds, bounds[1:]))


def copy_to_jobs(session: Session, harvest_id: int, lo: int, hi: int) -> int:
    """The run's entries with configuration ids in (lo, hi] become configurations of their jobs.
    Returns how many.

    Why at the end and in id order, not job by job: a job's configurations are scattered over
    the id range, so inserting them job by job put rows into random pages of
    ``job_configurations``' indexes (by configuration and by domain), and every chunk's commit
    wrote those pages again — 21 of 73 CPU seconds at 2,000,000 domains on SQLite. In id order,
    each page is written about once."""
    conn = session.connection()
    bulk_transaction(conn)
    return conn.execute(_COPY_TO_JOBS, {"harvest_id": harvest_id, "lo": lo, "hi": hi}).rowcount


# --- the run's sort index -----------------------------------------------------------------------
# Step 2 reads the entries in splitting order through an index. Kept up to date row by row while
# step 1 inserts 2,000,000 entries in id order (random in sort order), it cost more than all of
# step 1's estimating (14 of 26 CPU seconds on SQLite); built once after step 1 it costs under
# 2. So each run builds its own index when its entries are in, and drops it at the end. It leads
# with the harvest id like the table's key, so that the planner sees it serves both the
# equality and the order (a partial index WHERE harvest_id = <id> lost to the key on SQLite,
# whose planner then sorted the run once per chunk and scanned it once per job).

def _run_index(harvest_id: int) -> str:
    return f"ix_jobgen_entries_run_{int(harvest_id)}"


def index_run(session: Session, harvest_id: int) -> None:
    """Build the run's sort index (in the session's write transaction; commit it before
    :func:`analyse_entries`)."""
    conn = session.connection()
    name = _run_index(harvest_id)
    conn.exec_driver_sql(f"DROP INDEX IF EXISTS {name}")  # left by a generation that crashed
    conn.exec_driver_sql(f"CREATE INDEX {name} ON jobgen_entries "
                         f"(harvest_id, profile_id, byte_order, expected_objects, configuration_id)")


def analyse_entries(session: Session) -> None:
    """PostgreSQL: the planner's figures for the entries just loaded, in a transaction of its
    own. Not in the transaction that built the run's index: ``CREATE INDEX`` holds a SHARE lock
    on the table to the end of its transaction, and ``ANALYZE`` asks for SHARE UPDATE
    EXCLUSIVE, which conflicts with it; two runs (two definitions due at once) that each built
    their index and then asked to analyse waited for each other: a deadlock, and one definition
    deactivated."""
    conn = session.connection()
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("ANALYZE jobgen_entries")


#: the tables job generation reads (and its spans, read by the copy)
_READ_TABLES = ("domains", "configurations", "seed_lists", "configuration_seed_lists", "harvest_history",
                "harvest_configurations", "domain_crawler_traps", "jobs", "jobgen_spans")


def refresh_statistics(session: Session) -> list[str]:
    """PostgreSQL: ANALYZE each table job generation reads whose planner statistics are missing
    or stale (never analysed, or more than a tenth of its rows changed since), and answer their
    names. Without figures the planner takes a freshly filled table for a tiny one, and step 1's
    per-configuration lookups and the copy ran five times slower (82 s against 16 s for the
    20,000 configurations of tests/integration/scheduler/test_sched_jobgen_sql.py): what a
    snapshot right after a mass ingest would meet before autovacuum comes by. ANALYZE samples a
    bounded number of rows, so this costs well under a second per table even at millions of
    rows, and it blocks neither readers nor writers. A table the role may not analyse is skipped
    by PostgreSQL with a warning."""
    conn = session.connection()
    if conn.dialect.name != "postgresql":
        return []   # SQLite's planner uses no table statistics unless asked to (ANALYZE is opt-in)
    rows = conn.exec_driver_sql(
        "SELECT relname, n_live_tup, n_mod_since_analyze, last_analyze IS NULL AND last_autoanalyze IS NULL "
        "FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = ANY(%(tables)s)",
        {"tables": list(_READ_TABLES)}).all()
    stale = sorted(name for name, live, changed, never in rows if never or changed > live / 10 + 1000)
    for name in stale:
        conn.exec_driver_sql(f'ANALYZE "{name}"')
    return stale


def drop_run_index(session: Session, harvest_id: int) -> None:
    session.connection().exec_driver_sql(f"DROP INDEX IF EXISTS {_run_index(harvest_id)}")


_SCRATCH = ("jobgen_entries", "jobgen_spans")


def remove_run(session: Session, harvest_id: int) -> None:
    """The run's scratch rows removed (in the session's write transaction). When no other run's
    rows are there, which is the common case, the tables are emptied whole: ``TRUNCATE`` on
    PostgreSQL, an unqualified ``DELETE`` on SQLite (which frees the pages without visiting each
    row). Deleted row by row, a 2,000,000-domain run's entries cost PostgreSQL 1.5 s and left as
    many dead rows for vacuum to reclaim before the space could be used again; with autovacuum off
    (a setting some servers have) the table grew by the run's size at every run. On PostgreSQL the
    tables are locked first, so that no other run's rows can arrive between the look and the
    truncation (the run index's ``DROP INDEX`` has taken the entries' lock already)."""
    conn = session.connection()
    postgresql = conn.dialect.name == "postgresql"
    if postgresql:
        conn.exec_driver_sql(f"LOCK TABLE {', '.join(_SCRATCH)} IN ACCESS EXCLUSIVE MODE")
    others = any(conn.execute(text(f"SELECT 1 FROM {table} WHERE harvest_id <> :h LIMIT 1"),
                              {"h": harvest_id}).first() for table in _SCRATCH)
    if others:
        for table in _SCRATCH:
            conn.execute(text(f"DELETE FROM {table} WHERE harvest_id = :h"), {"h": harvest_id})
    elif postgresql:
        conn.exec_driver_sql(f"TRUNCATE {', '.join(_SCRATCH)}")
    else:
        for table in _SCRATCH:
            conn.exec_driver_sql(f"DELETE FROM {table}")


_SORTED = """
SELECT configuration_id, domain_id, profile_id, max_bytes, max_objects, expected_objects, previous_job_id,
       byte_order, seeds
FROM jobgen_entries WHERE harvest_id = :harvest_id {keyset}
ORDER BY harvest_id, profile_id, byte_order, expected_objects, configuration_id LIMIT :limit"""
_FIRST = text(_SORTED.format(keyset=""))
_NEXT = text(_SORTED.format(
    keyset="AND (profile_id, byte_order, expected_objects, configuration_id) > (:p, :b, :e, :c)"))


def sorted_rows(session: Session, harvest_id: int, after: tuple | None, limit: int) -> list:
    """The next ``limit`` entries of the run in splitting order after the sort key ``after``
    (None: from the start): (configuration id, domain id, profile id, max bytes, max objects,
    expected objects, previous job id, byte order, seeds)."""
    params = {"harvest_id": harvest_id, "limit": limit}
    if after is not None:
        params.update(zip("pbec", after, strict=True))
    conn = session.connection()
    bulk_transaction(conn)  # no JIT for a statement run once per chunk; SQLite reads the file mapped
    return conn.execute(_FIRST if after is None else _NEXT, params).all()
