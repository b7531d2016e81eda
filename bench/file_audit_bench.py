"""File-list audit of a 1,000,000-file replica through the real services (issue #36;
``bash bench/run.sh file_audit``, or ``python bench/bitpreservation_bench.py --services [N]``).

The archive: an arcrepository, the replica's bitarchive monitor and one bitarchive instance
(real processes, started by the supervisor as in production) on a private RabbitMQ vhost. The
instance's storage directory is laid out as a bitarchive keeps it (``filedir/`` of read-only
files; empty ones here, the audit reads names, not bytes); the admin database is filled to
match, as stores leave it (every copy completed, file list OK), except for the planted damage:
``MISSING`` copies the database expects are not on disk, and ``EXTRA`` files on disk are
unknown to the database. The storage is built once; the audit then runs against SQLite and
against PostgreSQL (a fresh database each), the services started anew for each.

What is timed: a ``files`` audit of the replica as ``nas bitpreservation audit ONE files``
(and the scheduled audit) runs it: ``audit_start``, then ``audit_status(wait)`` (answered
when the run ends; the command asks with a wait of a second) until it ended. The arcrepository asks the monitor for the
``filelist`` batch, the bitarchive lists its storage in its batch runner, the monitor fetches
and merges the output over HTTP, the arcrepository downloads it over HTTP, loads it into a
temporary table and compares it with the admin database, committed. Checked afterwards: the
audit found exactly the planted missing copies (``missing_files``) and the planted unknown
files (its ``audit_extra_file`` rows), and no more.

The split, from the run's ``audit_done`` event (the arcrepository's clock; ``seconds``):
``batch_instances`` the bitarchive's run (scan, runner process, job), ``batch_monitor`` the
monitor's registration to merged result (that run, its broadcast and reply, fetching and
merging the output), ``batch`` the arcrepository's start of the batch to its end, ``download``
the merged listing to the arcrepository, ``compare`` loading it into the temporary table, the
comparison and the commit; "total" is the client's wall time from ``audit_start`` to seeing
the end. Target: total < 60 s for 1,000,000 files.

``python bench/file_audit_bench.py [N] [ROUNDS]`` (default 1,000,000 files, 1 audit per
database); ``NAS_BENCH_TMP`` chooses the disk (the storage directory is built there);
``NAS_BENCH_AUDIT_STORAGE=DIR`` uses (or builds, and keeps) the storage directory DIR instead,
to spare repeated runs its building (a minute or more for a million files).
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))   # conftest imports it
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
logging.getLogger("amqp").setLevel(logging.ERROR)

from sqlalchemy import insert, select  # noqa: E402
from sqlalchemy.orm import sessionmaker  # noqa: E402

from server.archive.arcrepository.models import ArchiveFile, AuditExtraFile, Replica, ReplicaFileInfo, utcnow  # noqa: E402
from server.db.engine import make_engine  # noqa: E402
from server.db.migrate import upgrade  # noqa: E402

SERVICES = {
    "arcrepository": "server.archive.arcrepository.service:ArcRepositoryService",
    "bitarchive_monitor": "server.archive.bitarchive_monitor.service:bitarchive_monitor",
    "bitarchive": "server.archive.bitarchive.service:bitarchive",
}
MIGRATIONS = "server.archive.arcrepository.migrations"
MISSING = 300        # copies the database expects that are not on disk
EXTRA = 200          # files on disk the database does not know
TARGET_S = 60.0


def name_of(i: int) -> str:
    return f"{i:08d}-1-20240101000000-00001-host.warc.gz"


def planted(n: int) -> tuple[list[str], list[str]]:
    """(missing names, unknown names): every (n // MISSING)-th known file is absent from disk."""
    step = max(1, n // MISSING)
    missing = [name_of(i) for i in range(step // 2, n, step)][:MISSING]
    extra = [f"stranger-{i:05d}-20240101000000-00001-host.warc.gz" for i in range(EXTRA)]
    return missing, extra


def make_storage(base: str, n: int) -> None:
    """A bitarchive storage directory (``filedir``, ``tempdir``) holding the n known files but
    the missing ones, and the unknown ones: empty, read-only, as the bitarchive leaves them."""
    missing, extra = planted(n)
    absent = set(missing)
    filedir = os.path.join(base, "filedir")
    os.makedirs(filedir)
    os.makedirs(os.path.join(base, "tempdir"))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    for name in (name_of(i) for i in range(n)):
        if name not in absent:
            os.close(os.open(os.path.join(filedir, name), flags, 0o444))
    for name in extra:
        os.close(os.open(os.path.join(filedir, name), flags, 0o444))


def fill(url: str, n: int) -> float:
    """The admin database as n completed stores into ONE leave it; seconds taken."""
    t = time.perf_counter()
    engine = make_engine(url)
    try:
        upgrade(engine, "archive", MIGRATIONS)
        then = utcnow().replace(microsecond=0)
        with sessionmaker(engine)() as s:
            s.add(Replica(id="ONE", name="ONE", type="bitarchive"))
            s.flush()
            step = 50_000
            for start in range(0, n, step):
                rows = [{"id": i + 1, "filename": name_of(i), "checksum": f"{i:032x}", "size": 0, "created": then}
                        for i in range(start, min(n, start + step))]
                s.execute(insert(ArchiveFile), rows)
                s.execute(insert(ReplicaFileInfo), [
                    {"file_id": r["id"], "replica_id": "ONE", "upload_state": "upload_completed",
                     "checksum": r["checksum"], "checksum_status": "ok", "filelist_status": "ok",
                     "upload_updated": then, "instance_id": "ba-one"} for r in rows])
            s.commit()
        if engine.dialect.name == "postgresql":
            # statistics as autovacuum keeps them in production (a fresh table's would flatter
            # plans that only work while the planner thinks the tables are small)
            with engine.begin() as c:
                c.exec_driver_sql("ANALYZE")
    finally:
        engine.dispose()
    return time.perf_counter() - t


def start(work: str, uri: str, db_url: str, storage: str) -> str:
    import yaml

    from server.runtime import supervisor, tokens

    conf = os.path.join(work, f"conf-{uuid.uuid4().hex[:6]}")
    os.makedirs(conf)
    tokens.create_key_file(os.path.join(conf, "installation.key"))
    os.environ["NAS_KEY_FILE"] = os.path.join(conf, "installation.key")
    os.environ.setdefault("NAS_SERVICE_LOGINS", "guest=service")
    replicas = [{"id": "ONE", "type": "bitarchive"}]
    for inst, svc in (("arcrepository", "arcrepository"), ("bam-one", "bitarchive_monitor"),
                      ("ba-one", "bitarchive")):
        cfg = {"AMQP_URI": uri, "instance": {"id": inst, "service": SERVICES[svc]},
               "data_dir": os.path.join(conf, "data", inst), "runtime": {"heartbeat_interval": 1.0},
               "archive": {"replicas": replicas, "replica": "ONE",
                           "bitarchive": {"min_free_bytes": 0, "dirs": [storage]}}}
        if svc == "arcrepository":
            cfg["database"] = {"url": db_url}
        with open(os.path.join(conf, f"{inst}.yaml"), "w") as fh:
            yaml.safe_dump(cfg, fh)
    supervisor.start(conf)
    from nameko.standalone.rpc import ClusterRpcProxy

    with ClusterRpcProxy({"AMQP_URI": uri}, timeout=30) as proxy:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if proxy.arcrepository.status() and proxy.bitarchive_monitor_ONE.instances():
                    return conf
            except Exception:  # noqa: BLE001 - still starting
                pass
            time.sleep(0.5)
    raise RuntimeError(f"the archive services did not start (logs under {conf})")


def audit(client, db_url: str, n: int) -> dict:
    """One files audit of ONE through the services, its findings checked; its figures."""
    load0 = os.getloadavg()[0]
    t = time.perf_counter()
    a = client.call("arcrepository", "audit_start", "ONE", "files", None, "bench")
    while a.state in ("queued", "running"):
        a = client.call("arcrepository", "audit_status", a.id, 10.0, timeout=40)
    total = time.perf_counter() - t
    assert a.state == "done" and not a.partial, a
    missing, extra = planted(n)
    found: list[str] = []
    while True:
        page = client.call("arcrepository", "missing_files", "ONE", len(found), 1000)
        found += [f.name for f in page.items]
        if len(found) >= page.total or not page.items:
            break
    assert a.missing == len(missing) and sorted(found) == sorted(missing), (a.missing, len(found))
    engine = make_engine(db_url)
    try:
        with engine.connect() as c:
            q = select(AuditExtraFile.filename).where(AuditExtraFile.audit_id == a.id)
            unknown = sorted(c.execute(q).scalars())
    finally:
        engine.dispose()
    assert a.extra == len(extra) and unknown == sorted(extra), (a.extra, len(unknown))
    assert a.files_seen == n - len(missing) + len(extra), a.files_seen
    events = client.call("arcrepository", "preservation_log", "ONE", 0, 20).items
    done = next(e for e in events if e.action == "audit_done:files" and e.details.get("id") == a.id)
    return {"total_s": round(total, 2), "seconds": done.details.get("seconds", {}), "missing": a.missing,
            "extra": a.extra, "files_seen": a.files_seen, "load_start": round(load0, 2),
            "load_end": round(os.getloadavg()[0], 2)}


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--services"]
    n = int(args[0]) if args else 1_000_000
    rounds = int(args[1]) if len(args) > 1 else 1
    from conftest import _postgres_database  # tests/conftest.py: a new, empty PostgreSQL database

    from server.runtime import supervisor
    from shared.client import ServiceClient

    work = tempfile.mkdtemp(prefix="nas-file-audit-bench-", dir=os.environ.get("NAS_BENCH_TMP") or None)
    vhost = f"nas-bench-{uuid.uuid4().hex[:8]}"
    subprocess.run(["rabbitmqctl", "-q", "add_vhost", vhost], check=True)
    subprocess.run(["rabbitmqctl", "-q", "set_permissions", "-p", vhost, "guest", ".*", ".*", ".*"], check=True)
    uri = f"amqp://guest:guest@127.0.0.1:5672/{vhost}"
    results = []
    try:
        t = time.perf_counter()
        storage = os.environ.get("NAS_BENCH_AUDIT_STORAGE") or os.path.join(work, "storage")
        if not os.path.isdir(storage):
            make_storage(storage, n)
        print(f"file-list audit through the services: {n:,} files known, {MISSING} of them missing on disk, "
              f"{EXTRA} unknown files on disk; storage {storage} ready in {time.perf_counter() - t:.0f}s; "
              f"load {os.getloadavg()[0]:.1f}", flush=True)
        for db in ("sqlite", "postgresql"):
            gen = None
            if db == "sqlite":
                url = f"sqlite:///{work}/archive-{uuid.uuid4().hex[:6]}.db"
            else:
                gen = _postgres_database()
                try:
                    url = next(gen)
                except Exception as exc:  # noqa: BLE001 - report, go on
                    print(f"PostgreSQL not available: {exc}")
                    continue
            conf = None
            try:
                filled = fill(url, n)
                conf = start(work, uri, url, storage)
                with ServiceClient(uri, timeout=120) as client:
                    for rnd in range(rounds):
                        r = audit(client, url, n)
                        r.update(database=db, files=n, round=rnd + 1, fill_s=round(filled, 1))
                        results.append(r)
                        sec = r["seconds"]
                        print(f"file-list audit, {n:,} files, {db:<10} round {rnd + 1}: total {r['total_s']:6.2f}s "
                              f"(target < {TARGET_S:.0f}s) | listing in the bitarchive "
                              f"{sec.get('batch_instances', 0):.2f}s, monitor (run + fetch + merge) "
                              f"{sec.get('batch_monitor', 0):.2f}s, batch as the arcrepository saw it "
                              f"{sec.get('batch', 0):.2f}s, download {sec.get('download', 0):.2f}s, "
                              f"load {sec.get('load', 0):.2f}s, compare incl. load + commit "
                              f"{sec.get('compare', 0):.2f}s | found {r['missing']} missing, {r['extra']} unknown "
                              f"(as planted) | load average {r['load_start']:.1f} -> {r['load_end']:.1f}",
                              flush=True)
            finally:
                if conf:
                    supervisor.stop(conf, grace=10)
                if gen is not None:
                    gen.close()
    finally:
        subprocess.run(["rabbitmqctl", "-q", "delete_vhost", vhost], check=False)
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(ROOT, "bench", "output"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "output", "file_audit.json"), "w") as fh:
        json.dump(results, fh, indent=2)


if __name__ == "__main__":
    main()
