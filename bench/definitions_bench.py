"""Definitions benchmark: mass ingest of 1,000,000 domain names and glob search on the result.

For SQLite and PostgreSQL, each in its own process (so peak RSS is per backend):

* ingest: the chunked ingest the ``definitions`` service runs for ``nas domains ingest``
  (server.definitions.ingest.ingest_chunk, 5,000 lines a transaction, called directly, without
  RabbitMQ), reporting domains/s and peak RSS (on PostgreSQL one lookup and a COPY per table
  with ids from the sequences; on SQLite one executemany per table with pre-assigned ids; both
  also fill the trigram index of migration 0200 — pg_trgm GIN, FTS5 by triggers);
* peer: the same rows (domain, seed list, configuration, link) written raw: PostgreSQL
  ``COPY FROM STDIN`` / SQLite ``executemany`` with pre-assigned ids and no validation, the
  fastest the database itself can take them; the ratio says what validation, normalisation,
  existence checks and the ORM layer cost;
* search: p50/p99 of a page (limit 50, offset 0..200) of glob searches through
  server.definitions.domains.search (what the ``search_domains`` RPC runs): prefix ``ab*``,
  suffix ``*.co.uk`` and infix ``*abc*`` globs. ``median_matches`` is the page's ``total``, which
  stops at 10,000 (``total_capped``).

Usage: ``bash bench/run.sh definitions`` (NAS_BENCH_DOMAINS to change the count; NAS_BENCH_REPEAT=K
runs K alternating pairs of ours and the peer per backend and prints each pair's ratio and the
median, for a machine whose load moves; NAS_BENCH_BACKENDS=postgresql for one database).
"""
from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

N = int(os.environ.get("NAS_BENCH_DOMAINS", "1000000"))
CHUNK = 5000
PG_ADMIN = os.environ.get("NAS_TEST_POSTGRES_URL", "postgresql+psycopg://nas:nas@127.0.0.1:5432/postgres")
OUT = os.path.join(ROOT, "bench", "output")
TLDS = ["dk"] * 6 + ["de", "se", "no", "com", "co.uk", "org", "net", "eu"]
SYL = ["ka", "be", "lo", "mi", "nu", "ra", "so", "te", "vi", "ab", "en", "or", "ul", "ig", "sk", "ov"]


def names(n: int, seed: int = 1):
    """n distinct, plausible domain names (deterministic)."""
    rnd = random.Random(seed)
    for i in range(n):
        word = "".join(rnd.choice(SYL) for _ in range(rnd.randint(2, 4)))
        yield f"{word}{i}.{rnd.choice(TLDS)}"


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fresh_url(backend: str) -> tuple[str, callable]:
    from sqlalchemy import create_engine

    if backend == "sqlite":
        path = os.path.join(OUT, f"definitions-bench-{uuid.uuid4().hex[:6]}.db")
        return f"sqlite:///{path}", lambda: [os.remove(p) for p in (path, path + "-wal", path + "-shm")
                                             if os.path.exists(p)]
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    name = f"nas_bench_{uuid.uuid4().hex[:8]}"
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')

    def drop():
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return PG_ADMIN.rsplit("/", 1)[0] + "/" + name, drop


def run_ingest(backend: str) -> dict:
    from sqlalchemy import func, select
    from sqlalchemy.orm import Session

    from server.db.engine import make_engine
    from server.db.migrate import upgrade
    from server.definitions import domains, ingest
    from server.definitions.models import Domain

    url, drop = fresh_url(backend)
    engine = make_engine(url)
    try:
        upgrade(engine, "harvest", "server.harvestdb.migrations")
        defaults = domains.DomainDefaults()
        with Session(engine) as s:
            run_id = ingest.start(s, "bench", N).id
            s.commit()
        t0 = time.perf_counter()
        line = 1
        chunk: list[str] = []
        for name in names(N):
            chunk.append(name)
            if len(chunk) == CHUNK:
                with Session(engine) as s:
                    ingest.ingest_chunk(s, run_id, line, chunk, defaults)
                    s.commit()
                line += len(chunk)
                chunk = []
        if chunk:
            with Session(engine) as s:
                ingest.ingest_chunk(s, run_id, line, chunk, defaults)
                s.commit()
        t_finish = time.perf_counter()
        with Session(engine) as s:  # as `nas domains ingest` does (ingest_finish)
            ingest.finish(s, run_id)
            s.commit()
        elapsed = time.perf_counter() - t0
        finish_s = time.perf_counter() - t_finish   # PostgreSQL: the trigram index's pending list merged
        with Session(engine) as s:
            count = s.execute(select(func.count(Domain.id))).scalar_one()
            if backend == "postgresql":
                s.connection().exec_driver_sql("ANALYZE")
                s.commit()
        search = run_search(engine)
        return {"backend": backend, "domains": count, "seconds": round(elapsed, 1),
                "domains_per_s": round(count / elapsed), "finish_seconds": round(finish_s, 1),
                "peak_rss_mb": round(rss_mb()), "search": search}
    finally:
        engine.dispose()
        drop()


def run_search(engine) -> dict:
    from sqlalchemy.orm import Session

    from server.definitions import domains

    rnd = random.Random(7)
    queries = {
        "prefix": lambda: f"{rnd.choice(SYL)}{rnd.choice(SYL)}*",
        "suffix": lambda: rnd.choice(["*.co.uk", "*.se", "*1.de", "*99.dk"]),
        "infix": lambda: f"*{rnd.choice(SYL)}{rnd.choice(SYL)}{rnd.choice(SYL)}*",
    }
    out = {}
    with Session(engine) as s:
        for kind, make in queries.items():
            times, totals = [], []
            for _ in range(60 if kind == "infix" else 200):
                offset = rnd.choice([0, 0, 50, 100, 200])
                t = time.perf_counter()
                page = domains.search(s, make(), "name", offset, 50)
                times.append((time.perf_counter() - t) * 1000)
                totals.append(page.total)
            times.sort()
            out[kind] = {"p50_ms": round(statistics.median(times), 1),
                         "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 1),
                         "queries": len(times), "median_matches": int(statistics.median(totals))}
    return out


def run_peer(backend: str) -> dict:
    """The same four rows per domain, written raw with pre-assigned ids and no checks."""
    from server.db.engine import make_engine
    from server.db.migrate import upgrade

    url, drop = fresh_url(backend)
    engine = make_engine(url)
    try:
        upgrade(engine, "harvest", "server.harvestdb.migrations")
        engine.dispose()
        now = "2025-01-01 00:00:00"
        t0 = time.perf_counter()
        if backend == "sqlite":
            import sqlite3

            conn = sqlite3.connect(url.removeprefix("sqlite:///"))
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            batch: list[tuple] = []

            def flush(rows):
                conn.executemany("INSERT INTO domains (id,name,name_reversed,tld,comments,created_at,updated_at,"
                                 "edition) VALUES (?,?,?,?,'',?,?,1)", [(i, n, n[::-1], n.rsplit('.', 1)[1], now, now)
                                                                       for i, n in rows])
                conn.executemany("INSERT INTO seed_lists (id,domain_id,name,comments,seeds) VALUES (?,?,?,'',?)",
                                 [(i, i, "defaultseeds", f"http://www.{n}\nhttps://www.{n}") for i, n in rows])
                conn.executemany("INSERT INTO configurations (id,domain_id,name,comments,profile_id,max_objects,"
                                 "max_bytes,max_request_rate,is_default) VALUES (?,?,'defaultconfig','',1,-1,"
                                 "1000000000,60,1)", [(i, i) for i, _ in rows])
                conn.executemany("INSERT INTO configuration_seed_lists VALUES (?,?)", [(i, i) for i, _ in rows])
                conn.commit()

            for i, n in enumerate(names(N), 1):
                batch.append((i, n))
                if len(batch) == CHUNK:
                    flush(batch)
                    batch = []
            if batch:
                flush(batch)
            conn.close()
            tool = "sqlite3 executemany"
        else:
            import psycopg

            with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as conn, conn.cursor() as cur:
                def copy(table, cols, rows):
                    with cur.copy(f"COPY {table} ({cols}) FROM STDIN") as cp:
                        for r in rows:
                            cp.write_row(r)

                all_names = list(enumerate(names(N), 1))
                copy("domains", "id,name,name_reversed,tld,comments,created_at,updated_at,edition",
                     ((i, n, n[::-1], n.rsplit(".", 1)[1], "", now, now, 1) for i, n in all_names))
                copy("seed_lists", "id,domain_id,name,comments,seeds",
                     ((i, i, "defaultseeds", "", f"http://www.{n}\nhttps://www.{n}") for i, n in all_names))
                copy("configurations", "id,domain_id,name,comments,profile_id,max_objects,max_bytes,"
                     "max_request_rate,is_default",
                     ((i, i, "defaultconfig", "", 1, -1, 1_000_000_000, 60, True) for i, _ in all_names))
                copy("configuration_seed_lists", "configuration_id,seed_list_id", ((i, i) for i, _ in all_names))
                conn.commit()
            tool = "PostgreSQL COPY FROM STDIN"
        elapsed = time.perf_counter() - t0
        return {"backend": backend, "tool": tool, "seconds": round(elapsed, 1), "domains_per_s": round(N / elapsed),
                "peak_rss_mb": round(rss_mb())}
    finally:
        drop()


def _child(what: str, backend: str) -> dict:
    proc = subprocess.run([sys.executable, __file__, what, backend], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(proc.stderr[-3000:])
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"{backend} {what}: {json.dumps(result)}  (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    return result


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    if len(sys.argv) == 3:  # child: one measurement
        fn = run_ingest if sys.argv[1] == "ingest" else run_peer
        print(json.dumps(fn(sys.argv[2])))
        return 0
    # Ours and the peer alternate, REPEAT pairs per backend: on a shared machine the load moves
    # within minutes, so each pair's ratio is printed and the median pair is the figure.
    repeat = int(os.environ.get("NAS_BENCH_REPEAT", "1"))
    backends = os.environ.get("NAS_BENCH_BACKENDS", "sqlite,postgresql").split(",")
    pairs: dict[str, list[tuple[dict, dict]]] = {b: [] for b in backends}
    for backend in pairs:
        for _ in range(repeat):
            pairs[backend].append((_child("ingest", backend), _child("peer", backend)))
    print(f"definitions benchmark: {N:,} generated domain names, chunks of {CHUNK}, {repeat} pair(s) per backend")
    print(f"{'backend':<11} {'ingest dom/s':>12} {'RSS MB':>7} {'peer':<28} {'peer dom/s':>10} {'ratio':>6}")
    chosen = {}
    for backend, runs in pairs.items():
        for ing, peer in runs:
            print(f"{backend:<11} {ing['domains_per_s']:>12,} {ing['peak_rss_mb']:>7} {peer['tool']:<28} "
                  f"{peer['domains_per_s']:>10,} {ing['domains_per_s'] / peer['domains_per_s']:>6.2f}")
        ratios = sorted(runs, key=lambda r: r[0]["domains_per_s"] / r[1]["domains_per_s"])
        chosen[backend] = ratios[len(ratios) // 2]
        if repeat > 1:
            ing, peer = chosen[backend]
            print(f"{backend:<11} median ratio {ing['domains_per_s'] / peer['domains_per_s']:.2f}")
    print("search (page of 50, offsets 0..200):")
    for backend in pairs:
        for kind, s in chosen[backend][0]["search"].items():
            print(f"  {backend:<11} {kind:<7} p50 {s['p50_ms']:>7} ms  p99 {s['p99_ms']:>7} ms  "
                  f"({s['queries']} queries, median {s['median_matches']:,} matches)")
    with open(os.path.join(OUT, "definitions.json"), "w") as fh:
        json.dump({b: [{"ingest": i, "peer": p} for i, p in runs] for b, runs in pairs.items()}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
