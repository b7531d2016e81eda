"""Job history at national scale, through the real ``scheduler`` service over RabbitMQ.

    bash bench/run.sh jobs_history                       # 500,000 jobs on SQLite
    NAS_BENCH_JOBS=100000 .venv/bin/python bench/jobs_history_bench.py

A harvest database with N jobs (400 definitions, the statuses and outcomes a long-lived
installation has) is made once under bench/output/ and reused. The real SchedulerService runs
in its own eventlet-patched process on a vhost of its own; this process calls ``list_jobs`` the
way the desktop's jobs screen does (a page of 200) through Nameko's standalone RPC client and
times each answer, wall clock, decoding included (JSON, then the contracts' DTOs, as the desktop
does). Figures: the cold first page (a fresh service,
a fresh connection), then each question five times (median and worst): the first page, every sort
key both ways, the filters, the middle and the last page.

Peer, measured on the same database and indexes: one ORDER BY … LIMIT/OFFSET over the join with
the definitions table, the way list_jobs paged before (in SQL directly, so without the RPC's own
cost: the comparison favours the peer). Targets (issue #19): first page < 150 ms, any sort or
filter < 500 ms.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))

N = int(os.environ.get("NAS_BENCH_JOBS", "500000"))
OUT = os.path.join(ROOT, "bench", "output")
DB = os.path.join(OUT, f"jobs_history_{N}.db")
AMQP = os.environ.get("NAS_BENCH_AMQP", "amqp://guest:guest@127.0.0.1:5672/")
PAGE = 200
REPEAT = 5
FIRST_PAGE_TARGET_MS, ANY_TARGET_MS = 150, 500


def make_db() -> None:
    """N jobs in the real schema (migrated by Alembic), made once."""
    from sqlalchemy import insert, select
    from sqlalchemy.orm import Session

    from server.db.engine import make_engine
    from server.db.migrate import upgrade
    from server.definitions.models import CrawlProfile, HarvestChannel, HarvestDefinition
    from server.scheduler.models import Job

    url = f"sqlite:///{DB}"
    engine = make_engine(url)
    upgrade(engine, "harvest", "server.harvestdb.migrations")
    with Session(engine) as s:
        if s.execute(select(Job.id).limit(1)).first() is not None:
            engine.dispose()
            return
        print(f"making {N:,} jobs in {DB} (once)", flush=True)
        focused = s.execute(select(HarvestChannel).where(HarvestChannel.snapshot.is_(False))).scalars().first()
        p = CrawlProfile(name="bench", comments="", active=True, document=b"{}", document_format="yaml",
                         effective="{}")
        s.add(p)
        hds = [HarvestDefinition(name=f"harvest-{i:03d}", kind="selective", comments="", active=False, runs=50,
                                 channel=focused) for i in range(400)]
        s.add_all(hds)
        s.commit()
        hd_ids, profile_id = [h.id for h in hds], p.id
    rnd = random.Random(19)
    t0 = dt.datetime(2016, 1, 1, tzinfo=dt.UTC)
    statuses = (("done", "harvested"), ("done", "partial"), ("failed", "failed"), ("failed", "nothing-harvested"),
                ("resubmitted", "failed"), ("failed_rejected", "cancelled"), ("submitted", None), ("new", None),
                ("started", None))
    weights = (70, 6, 6, 3, 5, 2, 5, 2, 1)
    start = time.monotonic()
    with engine.begin() as conn:
        batch = []
        for i in range(1, N + 1):
            status, outcome = rnd.choices(statuses, weights)[0]
            created = t0 + dt.timedelta(minutes=10 * i)
            started = created + dt.timedelta(minutes=rnd.randrange(1, 600)) if status != "new" else None
            ended = started + dt.timedelta(minutes=rnd.randrange(5, 3000)) if outcome else None
            batch.append({
                "id": i, "harvest_id": rnd.choice(hd_ids), "harvest_run": rnd.randrange(50), "status": status,
                "channel": rnd.choice(("FOCUSED", "SNAPSHOT", "BEHINDPAYWALL")), "snapshot": False,
                "profile_id": profile_id, "profile_name": "bench", "max_bytes_per_domain": -1,
                "byte_limit_from_configuration": False, "max_objects_per_domain": -1, "max_running_time_s": 0,
                "configuration_count": rnd.randrange(1, 10_000), "expected_objects": rnd.randrange(1000, 10_000_000),
                "created_at": created, "submitted_at": created, "started_at": started, "ended_at": ended,
                "harvester_id": f"harvester-{rnd.randrange(20)}" if started else None, "claims": 1 if started else 0,
                "failure_reason": "", "harvest_error": "", "upload_error": "", "outcome": outcome,
                "failure_code": "", "cancel_reason": "", "settings": "{}", "seeds": "", "aliases": "[]",
                "dedup_job_ids": "[]"})
            if len(batch) == 20_000:
                conn.execute(insert(Job), batch)
                batch = []
        if batch:
            conn.execute(insert(Job), batch)
    with sqlite3.connect(DB) as con:
        con.execute("ANALYZE")
    print(f"  made in {time.monotonic() - start:.0f} s", flush=True)
    engine.dispose()


SERVICE = """
import eventlet
eventlet.monkey_patch()
import signal, sys, warnings
warnings.filterwarnings("ignore", category=DeprecationWarning)
from nameko.containers import ServiceContainer
from server.scheduler.service import SchedulerService
config = {"AMQP_URI": sys.argv[1], "database": {"url": "sqlite:///" + sys.argv[2]}, "data_dir": sys.argv[3],
          "runtime": {"heartbeat_interval": 600},
          "harvest": {"scheduler": {"timer_interval": 36000, "backup": {"interval": 0}}}}
c = ServiceContainer(SchedulerService, config)
c.start()
print("ready", flush=True)
stop = []
signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
while not stop:  # a blocking read of stdin would freeze every green thread of this process
    eventlet.sleep(0.2)
c.stop()
"""


def timed(proxy, *args) -> tuple[float, dict]:
    """One ``list_jobs`` as the desktop makes it: the call, and the answer decoded into its DTOs
    (``Page[JobDto]``), as the jobs screen's model does before it shows a row."""
    from shared import contracts

    t0 = time.perf_counter()
    page = proxy.scheduler.list_jobs(*args)
    decoded = contracts.decode("scheduler", "list_jobs", page)
    ms = (time.perf_counter() - t0) * 1000
    assert len(decoded.items) == len(page["items"])
    return ms, page


def peer_ms(filters_sql: str, params: list, order: str, offset: int) -> float:
    """The plain way, in SQL on the same database: ORDER BY … LIMIT/OFFSET over the join, and the count."""
    con = sqlite3.connect(DB)
    try:
        t0 = time.perf_counter()
        con.execute(f"SELECT COUNT(*) FROM jobs j JOIN harvest_definitions h ON h.id = j.harvest_id {filters_sql}",
                    params).fetchone()
        con.execute(f"SELECT j.*, h.name FROM jobs j JOIN harvest_definitions h ON h.id = j.harvest_id {filters_sql} "
                    f"ORDER BY {order} LIMIT {PAGE} OFFSET {offset}", params).fetchall()
        return (time.perf_counter() - t0) * 1000
    finally:
        con.close()


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    make_db()
    import rabbit_admin

    vhost = f"nas-bench-jobs-{uuid.uuid4().hex[:8]}"
    rabbit_admin.create_vhost(vhost)
    uri = AMQP.rstrip("/") + "/" + vhost
    data_dir = os.path.join(OUT, "jobs_history_service")
    os.makedirs(data_dir, exist_ok=True)
    # every RPC carries an identity signed with the installation key (docs/decisions/trust-roles.md):
    # the service and this client share a key of the bench's own; the client calls as a curator
    os.environ.setdefault("NAS_KEY_FILE", os.path.join(data_dir, "installation.key"))
    import identity_support

    identity_support.install()
    service = subprocess.Popen([sys.executable, "-W", "ignore", "-c", SERVICE, uri, DB, data_dir],
                               stdout=subprocess.PIPE, text=True, cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": ROOT, "PYTHONWARNINGS": "ignore"})
    results: list[dict] = []
    try:
        assert service.stdout.readline().strip() == "ready", "the scheduler service did not start"
        from nameko.standalone.rpc import ClusterRpcProxy

        with ClusterRpcProxy({"AMQP_URI": uri},
                             timeout=120) as proxy:
            cold, page = timed(proxy, None, 0, PAGE, "-id")
            total = page["total"]
            print(f"jobs history over the real scheduler RPC, {total:,} jobs (SQLite), pages of {PAGE}")
            print(f"  cold first page (fresh service and connection): {cold:7.1f} ms")

            def measure(label, filters, offset, sort, peer=None, target=ANY_TARGET_MS):
                times = []
                for _ in range(REPEAT):
                    ms, page = timed(proxy, filters, offset, PAGE, sort)
                    times.append(ms)
                med, worst = statistics.median(times), max(times)
                row = {"question": label, "median_ms": round(med, 1), "worst_ms": round(worst, 1),
                       "rows": len(page["items"]), "total": page["total"], "target_ms": target}
                text = f"  {label:<34} median {med:7.1f} ms  worst {worst:7.1f} ms  (target < {target} ms)"
                if peer is not None:
                    p = statistics.median(peer_ms(*peer) for _ in range(3))
                    row["peer_ms"] = round(p, 1)
                    text += f" | peer (OFFSET over the join, SQL only) {p:8.1f} ms, ratio {p / med:5.1f}x"
                print(text, flush=True)
                results.append(row)

            measure("first page (newest first)", None, 0, "-id", ("", [], "j.id DESC", 0), FIRST_PAGE_TARGET_MS)
            cols = {"harvest": "h.name", "created_at": "j.created_at", "started_at": "j.started_at",
                    "ended_at": "j.ended_at", "status": "j.status", "channel": "j.channel",
                    "harvest_run": "j.harvest_run", "configuration_count": "j.configuration_count",
                    "expected_objects": "j.expected_objects", "id": "j.id"}
            for key, col in cols.items():
                for desc in (False, True):
                    d = " DESC" if desc else ""
                    measure(f"sort {'-' if desc else ''}{key}", None, 0, ("-" if desc else "") + key,
                            ("", [], f"{col}{d}, j.id{d}", 0))
            measure("filter status=failed", {"status": "failed"}, 0, "-id",
                    ("WHERE j.status = ?", ["failed"], "j.id DESC", 0))
            measure("filter outcome=nothing-harvested", {"outcome": "nothing-harvested"}, 0, "-id",
                    ("WHERE j.outcome = ?", ["nothing-harvested"], "j.id DESC", 0))
            measure("filter channel, sort expected", {"channel": "BEHINDPAYWALL"}, 0, "-expected_objects",
                    ("WHERE j.channel = ?", ["BEHINDPAYWALL"], "j.expected_objects DESC, j.id DESC", 0))
            measure("filter harvest=harvest-123", {"harvest": "harvest-123"}, 0, "-id",
                    ("WHERE h.name = ?", ["harvest-123"], "j.id DESC", 0))
            measure("filter created in 2020", {"created_from": "2020-01-01", "created_to": "2021-01-01"}, 0, "-id",
                    ("WHERE j.created_at >= ? AND j.created_at < ?", ["2020-01-01", "2021-01-01"], "j.id DESC", 0))
            measure("middle page", None, total // 2, "-id", ("", [], "j.id DESC", total // 2))
            measure("last page", None, total - PAGE, "-id", ("", [], "j.id DESC", total - PAGE))
            measure("last page, sort expected", None, total - PAGE, "expected_objects",
                    ("", [], "j.expected_objects, j.id", total - PAGE))
            measure("last page, sort harvest", None, total - PAGE, "harvest",
                    ("", [], "h.name, j.id", total - PAGE))
    finally:
        if service.poll() is None:
            service.terminate()
            try:
                service.wait(60)
            except subprocess.TimeoutExpired:
                service.kill()
        rabbit_admin.delete_vhost(vhost)
    over = [r for r in results if r["median_ms"] >= r["target_ms"]]
    print(f"  {len(results) - len(over)} of {len(results)} questions within target (median)"
          + (f"; over: {', '.join(r['question'] for r in over)}" if over else ""))
    with open(os.path.join(OUT, "jobs_history.json"), "w") as fh:
        json.dump({"jobs": N, "cold_first_page_ms": round(cold, 1), "results": results}, fh, indent=2)


if __name__ == "__main__":
    main()
