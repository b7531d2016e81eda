"""Scheduler benchmark: snapshot job generation over N domains with generated histories, and
claim_job under 8 concurrent claimers, on SQLite and PostgreSQL.

    bash bench/run.sh scheduler                      # 200,000 and 2,000,000 domains
    .venv/bin/python bench/scheduler_bench.py --domains 200000 --db sqlite

Each phase runs in its own process so that peak RSS is the job generator's alone (not the data
generator's). Only measured figures are printed. For context (not measured here, so not a
ratio): the original NetarchiveSuite was reported to need about 10 hours for a 2-million-domain
snapshot's job generation.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

PG_ADMIN = os.environ.get("NAS_TEST_POSTGRES_URL", "postgresql+psycopg://nas:nas@127.0.0.1:5432/postgres")


def _engine(url):
    from server.db.engine import make_engine
    from server.db.migrate import upgrade

    eng = make_engine(url)
    upgrade(eng, "harvest", "server.harvestdb.migrations")
    return eng


def generate(url: str, n: int, seed: int = 1) -> dict:
    """Domains, seed lists, configurations and two previous harvests each, by bulk insert."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from server.definitions.models import HarvestChannel, HarvestDefinition

    rnd = random.Random(seed)
    eng = _engine(url)
    t0 = time.monotonic()
    with Session(eng) as s:
        snap = s.execute(select(HarvestChannel).where(HarvestChannel.name == "SNAPSHOT")).scalar_one()
        old = HarvestDefinition(name="old snapshot", kind="snapshot", comments="", active=False, runs=1,
                                channel=snap, max_bytes=500_000_000, max_objects=-1, max_job_running_time_s=0)
        new = HarvestDefinition(name="bench snapshot", kind="snapshot", comments="", active=True, runs=0,
                                channel=snap, max_bytes=1_000_000_000, max_objects=-1, max_job_running_time_s=0,
                                next_run_at=dt.datetime.now(dt.UTC))
        s.add_all([old, new])
        s.commit()
        old_id, new_id = old.id, new.id
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    reasons = ["completed"] * 6 + ["size-limit", "object-limit", "unfinished", "config-size-limit"]

    def rows():
        for i in range(1, n + 1):
            name = f"d{i:07d}.dk"
            alias = i - 1 if i % 50 == 0 else None
            limit = (-1, 500_000_000, 1_000_000_000, 2_000_000_000)[i % 4]
            dom = (i, name, name[::-1], "dk", "", now, now, 1, alias)
            sl = (i, i, "defaultseeds", "", f"http://www.{name}/\nhttps://www.{name}/")
            cfg = (i, i, "defaultconfig", "", 1, -1, limit, 60, True)
            hist = []
            if i % 5:  # 80 % were harvested before, twice
                for k in range(2):
                    objects = int(rnd.lognormvariate(5, 2)) + 1
                    ended = now - dt.timedelta(days=99 + k)
                    hist.append((i, i, old_id, 1000 + i // 10000, objects, objects * rnd.randint(5_000, 80_000),
                                 rnd.choice(reasons), ended - dt.timedelta(days=1), ended))
            yield dom, sl, cfg, (i, i), hist

    cols = {
        "domains": "id, name, name_reversed, tld, comments, created_at, updated_at, edition, alias_of_id",
        "seed_lists": "id, domain_id, name, comments, seeds",
        "configurations": "id, domain_id, name, comments, profile_id, max_objects, max_bytes, max_request_rate, "
                          "is_default",
        "configuration_seed_lists": "configuration_id, seed_list_id",
        "harvest_history": "domain_id, configuration_id, harvest_id, job_id, objects, bytes, stop_reason, "
                           "started_at, ended_at",
    }
    order = list(cols)
    raw = eng.raw_connection()
    try:
        cur = raw.cursor()
        batch: dict[str, list] = {t: [] for t in order}

        def flush():
            for t in order:
                if not batch[t]:
                    continue
                if eng.dialect.name == "sqlite":
                    marks = ", ".join("?" * len(cols[t].split(",")))
                    cur.executemany(f"INSERT INTO {t} ({cols[t]}) VALUES ({marks})", batch[t])
                else:
                    with cur.copy(f"COPY {t} ({cols[t]}) FROM STDIN") as cp:
                        for r in batch[t]:
                            cp.write_row(r)
                batch[t].clear()
            raw.commit()

        if eng.dialect.name == "sqlite":
            cur.execute("BEGIN")
        for dom, sl, cfg, csl, hist in rows():
            batch["domains"].append(dom)
            batch["seed_lists"].append(sl)
            batch["configurations"].append(cfg)
            batch["configuration_seed_lists"].append(csl)
            batch["harvest_history"].extend(hist)
            if len(batch["domains"]) >= 50_000:
                flush()
                if eng.dialect.name == "sqlite":
                    cur.execute("BEGIN")
        flush()
        if eng.dialect.name != "sqlite":
            cur.execute(f"SELECT setval('domains_id_seq', {int(n)})")
            cur.execute("ANALYZE")
        else:
            cur.execute("ANALYZE")
        raw.commit()
    finally:
        raw.close()
    generate_s = round(time.monotonic() - t0, 1)
    _settle(eng)
    eng.dispose()
    return {"generate_s": generate_s, "harvest_id": new_id}


def _settle(eng) -> None:
    """The generated data written out before job generation is timed, as a database in use holds
    it: PostgreSQL's checkpoint of the loaded tables, then the file system's writeback. Left to
    happen during the timed run, they cost PostgreSQL's 2,000,000-domain run about 15 s
    (67 against 52 s, docs/decisions/scheduler-jobgen.md)."""
    if eng.dialect.name == "postgresql":
        from sqlalchemy.exc import DBAPIError

        try:
            with eng.connect() as c:
                c.exec_driver_sql("CHECKPOINT")
        except DBAPIError as exc:   # CHECKPOINT needs a superuser or pg_checkpoint
            print(f"no CHECKPOINT after generating ({exc.orig}); the run pays for it", file=sys.stderr)
    os.sync()


def _cpu() -> float:
    """CPU seconds of this process (on a shared machine, what the wall time cannot show; on
    PostgreSQL the database server's share is not in it)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _server_cpu(eng) -> dict[int, float] | None:
    """CPU seconds of each PostgreSQL backend serving this database, by process id (the server
    runs on this machine: read from /proc); None on SQLite or where they cannot be read."""
    if eng.dialect.name != "postgresql":
        return None
    with eng.connect() as c:
        pids = [r[0] for r in c.exec_driver_sql("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")]
    out = {}
    try:
        for pid in pids:
            with open(f"/proc/{pid}/stat") as fh:
                f = fh.read().rsplit(")", 1)[1].split()
            out[pid] = (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None
    return out


class _AnonPeak:
    """The peak of the process's anonymous memory (``RssAnon``), sampled every 20 ms. Peak RSS
    also counts the pages of a database file that SQLite reads through a memory map: the
    operating system's cache, shared and dropped at need, not memory the generator holds."""

    def __init__(self):
        self.peak_kb = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("RssAnon:"):
                    self.peak_kb = max(self.peak_kb, int(line.split()[1]))

    def _run(self) -> None:
        while True:
            self._sample()
            if self._done.wait(0.02):
                return

    def stop(self) -> None:
        self._done.set()
        self._thread.join()
        self._sample()


def schedule(url: str, harvest_id: int) -> dict:
    from sqlalchemy import func, select
    from sqlalchemy.orm import Session

    from server.scheduler import planner
    from server.scheduler.models import JobConfiguration
    from server.settings_catalog import all_settings
    from shared.config import resolve

    eng = _engine(url)
    settings = resolve({}, all_settings(), source="bench")
    s0 = _server_cpu(eng)
    anon = _AnonPeak()
    t0, c0 = time.monotonic(), _cpu()
    out = planner.schedule_definition(lambda: Session(eng, expire_on_commit=False), harvest_id, "bench", settings)
    wall, cpu = time.monotonic() - t0, _cpu() - c0
    anon.stop()
    s1 = _server_cpu(eng)  # the pool's connections are still open: their backends too
    server_cpu = None if s0 is None or s1 is None else sum(v - s0.get(pid, 0.0) for pid, v in s1.items())
    with Session(eng) as s:
        configs = s.execute(select(func.count()).select_from(JobConfiguration)).scalar_one()
    eng.dispose()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"schedule_s": round(wall, 1), "schedule_cpu_s": round(cpu, 1),
            "server_cpu_s": None if server_cpu is None else round(server_cpu, 1), "load": round(os.getloadavg()[0], 1),
            "jobs": len(out.jobs),
            "configurations_in_jobs": configs,
            "error": out.error, "peak_rss_mb": round(rss_mb), "peak_anon_mb": round(anon.peak_kb / 1024)}


def claims(url: str, claimers: int = 8, limit: int = 2000) -> dict:
    from sqlalchemy import func, insert, select
    from sqlalchemy.orm import Session

    from server.scheduler import dispatch
    from server.scheduler.models import Job

    eng = _engine(url)
    table = Job.__table__
    with Session(eng) as s:
        dispatch.submit_new(s)
        # a queue of `limit` submitted jobs on their own channel: copies of a generated job's row
        row = dict(s.execute(select(table).limit(1)).mappings().one())
        row.pop("id")
        row.update(channel="BENCH", status="submitted", settings="{}", seeds="")
        s.execute(insert(table), [row] * limit)
        s.commit()
        total = s.execute(select(func.count()).select_from(Job).where(Job.channel == "BENCH")).scalar_one()
    got: list[int] = []
    lock = threading.Lock()

    def worker(k):
        with Session(eng, expire_on_commit=False) as s:
            while True:
                job = dispatch.claim(s, "BENCH", f"h{k}")
                if job is None:
                    return
                with lock:
                    got.append(job.id)
                dispatch.confirm(s, job, f"h{k}", dt.datetime.now(dt.UTC))
                s.commit()

    t0 = time.monotonic()
    threads = [threading.Thread(target=worker, args=(k,)) for k in range(claimers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    eng.dispose()
    return {"claims": len(got), "jobs": total, "unique": len(set(got)) == len(got) == total,
            "claims_per_s": round(len(got) / wall, 1), "claimers": claimers}


def _phase(args: list[str]) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _database(kind: str, tmp: str):
    if kind == "sqlite":
        return f"sqlite:///{tmp}/bench-{uuid.uuid4().hex[:6]}.db", None
    from sqlalchemy import create_engine

    name = f"nas_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    return PG_ADMIN.rsplit("/", 1)[0] + "/" + name, (admin, name)


def _drop(handle):
    if handle:
        admin, name = handle
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--phase", choices=("generate", "schedule", "claims"))
    p.add_argument("--url")
    p.add_argument("--harvest-id", type=int)
    p.add_argument("--domains", type=int, nargs="*", default=[200_000, 2_000_000])
    p.add_argument("--db", nargs="*", default=["sqlite", "postgresql"])
    a = p.parse_args()
    if a.phase == "generate":
        print(json.dumps(generate(a.url, a.domains[0])))
        return
    if a.phase == "schedule":
        print(json.dumps(schedule(a.url, a.harvest_id)))
        return
    if a.phase == "claims":
        print(json.dumps(claims(a.url)))
        return
    results = []
    tmp = tempfile.mkdtemp(prefix="nas-sched-bench-", dir=os.environ.get("NAS_BENCH_TMP") or None)
    for n in a.domains:
        for kind in a.db:
            url, handle = _database(kind, tmp)
            try:
                g = _phase(["--phase", "generate", "--url", url, "--domains", str(n)])
                s = _phase(["--phase", "schedule", "--url", url, "--harvest-id", str(g["harvest_id"])])
                c = _phase(["--phase", "claims", "--url", url])
            finally:
                _drop(handle)
                if kind == "sqlite":
                    for suffix in ("", "-wal", "-shm"):
                        try:
                            os.remove(url[len("sqlite:///"):] + suffix)
                        except OSError:
                            pass
            row = {"domains": n, "db": kind, **g, **s, **c}
            results.append(row)
            print(f"{n:>9,} domains {kind:<10} generate {g['generate_s']:>6}s | snapshot job generation "
                  f"{s['schedule_s']:>6}s (CPU here {s['schedule_cpu_s']}s"
                  f"{'' if s['server_cpu_s'] is None else ', PostgreSQL backends ' + str(s['server_cpu_s']) + 's'}"
                  f", load {s['load']}), {s['jobs']} jobs, "
                  f"{s['configurations_in_jobs']:,} configurations, "
                  f"peak RSS {s['peak_rss_mb']} MB ({s['peak_anon_mb']} MB not mapped from files) | "
                  f"claim_job x{c['claimers']}: {c['claims_per_s']}/s, "
                  f"{c['claims']} claims of {c['jobs']} jobs, none twice: {c['unique']}", flush=True)
    os.makedirs(os.path.join(os.path.dirname(__file__), "output"), exist_ok=True)
    with open(os.path.join(os.path.dirname(__file__), "output", "scheduler.json"), "w") as fh:
        json.dump(results, fh, indent=2)


if __name__ == "__main__":
    main()
