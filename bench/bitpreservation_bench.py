"""Bit-preservation benchmark: the file-list audit's comparison of one replica's listing with the
admin database, for 100k and 1M files, on SQLite and PostgreSQL; side by side with the way the
original (NetarchiveSuite's DatabaseBasedActiveBitPreservation) does it: one UPDATE per listed
file, then one query for the rest (measured on 20k files and scaled linearly, which flatters it).

What is timed ("ours"): reading the listing (a ``filelist`` batch output, one name per line),
bulk-loading it into a temporary table, the two UPDATEs (OK / missing) and the unknown-file
query, committed. Not timed: the batch job listing the directories (``os.scandir`` of every
storage directory, seconds for 1M names) and filling the database beforehand.

``python bench/bitpreservation_bench.py [N ...]`` (default 100000 1000000); needs PostgreSQL for
the second database (``bash bench/run.sh bitpreservation`` starts it). ``--listing N ...`` times
the part before the comparison on one instance instead: the ``filelist`` batch run as the
bitarchive runs it (since #36 the bitarchive lists the names itself, no runner).

``--services [N] [ROUNDS]`` runs the whole audit through the real services instead (an
arcrepository, a monitor and a bitarchive on a private vhost, N files in a bitarchive storage
directory, planted missing and unknown files checked, the time split by phase): see
``bench/file_audit_bench.py`` (``bash bench/run.sh file_audit``), the figure issue #36 asks for.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "support"))   # conftest imports it
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from sqlalchemy import insert, select, text, update  # noqa: E402
from sqlalchemy.orm import sessionmaker  # noqa: E402

from server.archive.arcrepository import preservation as core  # noqa: E402
from server.archive.arcrepository.models import ArchiveFile, Audit, Replica, ReplicaFileInfo, utcnow  # noqa: E402
from server.db.engine import make_engine  # noqa: E402
from server.db.migrate import upgrade  # noqa: E402
from shared.dto.archive import ReplicaDto  # noqa: E402
from shared.enums import ReplicaType  # noqa: E402

MIGRATIONS = "server.archive.arcrepository.migrations"
R = ReplicaDto("ONE", "one", ReplicaType.BITARCHIVE)
PEER_SAMPLE = 5_000


def fill(make, n: int) -> None:
    """``n`` files completed in ONE, in bulk, as a store leaves them (file list OK)."""
    then = utcnow().replace(microsecond=0)
    with make() as s:
        s.add(Replica(id="ONE", name="one", type="bitarchive"))
        s.flush()
        step = 50_000
        for start in range(0, n, step):
            rows = [{"id": i + 1, "filename": f"{i:08d}-1-20240101000000-00001-host.warc.gz",
                     "checksum": f"{i:032x}", "size": 1, "created": then} for i in range(start, min(n, start + step))]
            s.execute(insert(ArchiveFile), rows)
            s.execute(insert(ReplicaFileInfo), [
                {"file_id": r["id"], "replica_id": "ONE", "upload_state": "upload_completed", "checksum": r["checksum"],
                 "checksum_status": "ok", "filelist_status": "ok", "upload_updated": then} for r in rows])
        s.commit()


def listing_file(n: int, path: str) -> None:
    """The listing as the batch returns it: every file but every 1000th, and 10 strangers."""
    with open(path, "w") as fh:
        for i in range(n):
            if i % 1000:
                fh.write(f"{i:08d}-1-20240101000000-00001-host.warc.gz\n")
        for i in range(10):
            fh.write(f"stranger-{i}.warc.gz\n")


def ours(make, path: str) -> tuple[float, int]:
    with make() as s:
        a, _ = core.request_audit(s, R, "files", "bench")
        s.commit()
    t = time.perf_counter()
    with make() as s:
        a = s.get(Audit, a.id)
        core.start(a)
        with open(path) as fh, core.Listing(s) as listing:
            a.files_seen = listing.load(core.parse_lines(fh, False))
            core.apply_file_list(s, a, listing)
        core.finish(a, "done")
        s.commit()
        missing = a.missing
    return time.perf_counter() - t, missing


def peer(make, n_sample: int) -> float:
    """The original's way: per listed file one UPDATE by name, then missing = the rest."""
    names = [f"{i:08d}-1-20240101000000-00001-host.warc.gz" for i in range(n_sample) if i % 1000]
    t = time.perf_counter()
    with make() as s:
        for name in names:
            fid = select(ArchiveFile.id).where(ArchiveFile.filename == name).scalar_subquery()
            s.execute(update(ReplicaFileInfo).where(ReplicaFileInfo.file_id == fid, ReplicaFileInfo.replica_id == "ONE")
                      .values(filelist_status="ok", filelist_checked=utcnow()))
        s.execute(text("UPDATE replicafileinfo SET filelist_status='missing' WHERE replica_id='ONE' "
                       "AND filelist_checked IS NULL"))
        s.rollback()
    return time.perf_counter() - t


def listing_phase(n: int, work: str) -> float:
    """The part before the comparison, on one bitarchive instance: ``n`` files on disk, the
    ``filelist`` batch run as the bitarchive runs it (:meth:`Bitarchive.run_batch`) writing the
    listing. Seconds."""
    from server.archive.bitarchive.core import BatchLimits, Bitarchive
    from server.archive.storage import FILEDIR, BitarchiveStorage
    from shared.dto.archive import BatchRequestDto

    root = os.path.join(work, f"instance-{n}")
    os.makedirs(os.path.join(root, FILEDIR))
    for i in range(n):
        with open(os.path.join(root, FILEDIR, f"{i:08d}-1-20240101000000-00001-host.warc.gz"), "wb"):
            pass
    os.makedirs(os.path.join(work, f"batch-{n}"))
    b = Bitarchive(BitarchiveStorage([root]), os.path.join(work, f"batch-{n}"), BatchLimits())
    t = time.perf_counter()
    reply = b.run_batch(BatchRequestDto(f"bench-{n}", "filelist"), "bench", lambda bid: bid)
    assert reply.files_processed == n and not reply.job_failed, reply
    return time.perf_counter() - t


def run(url: str, n: int, work: str) -> dict:
    engine = make_engine(url)
    try:
        upgrade(engine, "archive", MIGRATIONS)
        make = sessionmaker(engine, expire_on_commit=False)
        t = time.perf_counter()
        fill(make, n)
        filled = time.perf_counter() - t
        path = os.path.join(work, f"listing-{n}.txt")
        listing_file(n, path)
        seconds, missing = ours(make, path)
        assert missing == len(range(0, n, 1000)), (missing, n)
        sample = min(n, PEER_SAMPLE)
        peer_s = peer(make, sample) * (n / sample)
        return {"files": n, "ours_s": round(seconds, 2), "missing": missing, "fill_s": round(filled, 1),
                "peer_per_file_s_extrapolated": round(peer_s, 1), "ratio": round(peer_s / seconds, 1)}
    finally:
        engine.dispose()


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--services":
        import file_audit_bench

        return file_audit_bench.main()
    if args and args[0] == "--listing":
        # the listing phase alone: ``--listing N ...``
        with tempfile.TemporaryDirectory(prefix="nas-bitpres-bench-") as work:
            for n in [int(a) for a in args[1:]] or [100_000]:
                print(f"file-list audit, {n:>9,} files: filelist batch on one instance (scan, sort, write) "
                      f"{listing_phase(n, work):7.2f}s", flush=True)
        return
    sizes = [int(a) for a in args] or [100_000, 1_000_000]
    from conftest import _postgres_database  # tests/conftest.py: a new, empty PostgreSQL database

    results = []
    with tempfile.TemporaryDirectory(prefix="nas-bitpres-bench-") as work:
        for n in sizes:
            for db in ("sqlite", "postgresql"):
                if db == "sqlite":
                    url = f"sqlite:///{work}/bench-{n}.db"
                    r = run(url, n, work)
                else:
                    gen = _postgres_database()
                    try:
                        url = next(gen)
                    except Exception as exc:  # noqa: BLE001 - report, go on with SQLite
                        print(f"PostgreSQL not available: {exc}")
                        continue
                    try:
                        r = run(url, n, work)
                    finally:
                        gen.close()
                r["database"] = db
                results.append(r)
                print(f"file-list audit, {n:>9,} files, {db:<10}: ours {r['ours_s']:7.2f}s "
                      f"({r['missing']} missing found) | per-file UPDATEs as the original "
                      f"{r['peer_per_file_s_extrapolated']:8.1f}s (from {min(n, PEER_SAMPLE):,}) | "
                      f"ratio {r['ratio']:.0f}x | target < 60 s", flush=True)
    os.makedirs("bench/output", exist_ok=True)
    with open("bench/output/bitpreservation.json", "w") as fh:
        json.dump(results, fh, indent=2)


if __name__ == "__main__":
    main()
