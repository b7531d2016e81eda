"""Archive figures, side by side with their peer tools (``bash bench/run.sh archive``).

1. Store a 1 GB WARC into two bitarchive replicas on this host (``nas upload``: MD5 by the
   client, both replicas copy and hash on arrival, fsync, admin DB) against ``cp`` + ``sync`` +
   ``sha1sum`` per replica, the two replicas in parallel (``store_bench.py``, which runs this
   part alone). Target: at most 1.2x their time.
2. The checksum batch job over 2 GB of WARCs against ``md5sum`` and ``sha1sum`` on the same
   files. Target: at least 0.9x coreutils' bytes/s. Reported end to end (``nas batch run``,
   including the command's own start-up) and for the job inside the archive (the monitor's
   dispatch to merged result), with the command's start-up time on its own.
3. CDX extraction against ``cdxj-indexer`` (installed here, in a throw-away venv, never as a
   project dependency) on the same WARC: records/s. Target: at least 2x.

Real processes on a private RabbitMQ vhost; everything generated is deleted at the end.
"""
from __future__ import annotations

import io
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
sys.path.insert(0, ROOT)
PY = sys.executable
GB = 1 << 30
# The services' readiness checks run in this process, which has no logging set up: the AMQP
# client's harmless close-handshake warnings would land between the figures (nas and the
# services quiet them the same way).
logging.getLogger("amqp").setLevel(logging.ERROR)

ARCHIVE_SERVICES = {
    "arcrepository": "server.archive.arcrepository.service:ArcRepositoryService",
    "bitarchive_monitor": "server.archive.bitarchive_monitor.service:bitarchive_monitor",
    "bitarchive": "server.archive.bitarchive.service:bitarchive",
    "checksum": "server.archive.checksum.service:checksum",
}


def timed(cmd, **kw) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kw)
    return time.perf_counter() - t


def big_warc(path: str, size: int) -> None:
    """An uncompressed WARC of ~``size`` bytes: 1 MiB random resource records (fast to write)."""
    from warcio.warcwriter import WARCWriter

    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=False)
        n = 0
        while fh.tell() < size:
            w.write_record(w.create_warc_record(f"http://example.dk/blob/{n}", "resource",
                                                payload=io.BytesIO(os.urandom(1 << 20)),
                                                warc_content_type="application/octet-stream"))
            n += 1


def cdx_warc(path: str, records: int) -> None:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    body = (b"<html><head><title>page</title></head><body>" + b"lorem ipsum dolor sit amet " * 120 + b"</body></html>")
    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        for i in range(records):
            h = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8"),
                                            ("Content-Length", str(len(body) + 8))], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(f"http://www.site{i % 997}.dk/path/{i}?q={i % 7}&a=1", "response",
                                                payload=io.BytesIO(body + b"%08d" % i), http_headers=h))


def start_archive(work: str, uri: str) -> str:
    import yaml

    conf = os.path.join(work, "conf")
    os.makedirs(conf)
    from server.runtime import tokens

    # One installation key for the services and the commands (transfer tickets, file tokens).
    tokens.create_key_file(os.path.join(conf, "installation.key"))
    os.environ["NAS_KEY_FILE"] = os.path.join(conf, "installation.key")
    # The bench's broker login is the services' own (no definitions service runs here to say
    # who a person is; the services ask it since #28): a service account, as in the tests.
    os.environ.setdefault("NAS_SERVICE_LOGINS", "guest=service")
    replicas = [{"id": "ONE", "type": "bitarchive"}, {"id": "TWO", "type": "bitarchive"}]
    for inst, svc, rep in [("arcrepository", "arcrepository", None), ("bam-one", "bitarchive_monitor", "ONE"),
                           ("bam-two", "bitarchive_monitor", "TWO"), ("ba-one", "bitarchive", "ONE"),
                           ("ba-two", "bitarchive", "TWO")]:
        cfg = {"AMQP_URI": uri, "instance": {"id": inst, "service": ARCHIVE_SERVICES[svc]},
               "data_dir": f"../data/{inst}", "runtime": {"heartbeat_interval": 1.0},
               "archive": {"replicas": replicas, "bitarchive": {"min_free_bytes": 0}}}
        if rep:
            cfg["archive"]["replica"] = rep
        # One host (#29): the services read offers on loopback, and the benchmark's files by their
        # path (they are in an upload spool, as a harvester's are): the same-host shortcut
        cfg["archive"]["store"] = {"local_sources": ["127.0.0.0/8", "::1/128"],
                                   "spool_dirs": [os.path.join(work, "src")]}
        with open(os.path.join(conf, f"{inst}.yaml"), "w") as fh:
            yaml.safe_dump(cfg, fh)
    from server.runtime import supervisor

    supervisor.start(conf)
    from nameko.standalone.rpc import ClusterRpcProxy

    with ClusterRpcProxy({"AMQP_URI": uri}, timeout=30) as proxy:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                if (proxy.arcrepository.status() and proxy.bitarchive_monitor_ONE.instances()
                        and proxy.bitarchive_monitor_TWO.instances()):
                    break
            except Exception:  # noqa: BLE001 - still starting
                pass
            time.sleep(0.5)
    return conf


def nas(uri: str, *args: str) -> float:
    env = {**os.environ, "NAS_AMQP_URI": uri}
    return timed([PY, "-m", "server.cli.main", *args], env=env)


def nas_stderr(uri: str, *args: str) -> tuple[float, str]:
    env = {**os.environ, "NAS_AMQP_URI": uri}
    t = time.perf_counter()
    proc = subprocess.run([PY, "-m", "server.cli.main", *args], env=env, check=True, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - t, proc.stderr


def job_seconds(uri: str, stderr: str) -> float:
    """How long the batch run took inside the archive (monitor: dispatch to merged result)."""
    import re

    from nameko.standalone.rpc import ClusterRpcProxy

    batch_id = re.search(r"batch (\S+): ", stderr).group(1)
    with ClusterRpcProxy({"AMQP_URI": uri}, timeout=30) as proxy:
        r = proxy.arcrepository.batch_status(batch_id)
    return r["finished"] - r["started"]


def store_and_checksum(work: str) -> dict:
    vhost = f"nas-bench-{uuid.uuid4().hex[:8]}"
    subprocess.run(["rabbitmqctl", "-q", "add_vhost", vhost], check=True)
    subprocess.run(["rabbitmqctl", "-q", "set_permissions", "-p", vhost, "guest", ".*", ".*", ".*"], check=True)
    uri = f"amqp://guest:guest@127.0.0.1:5672/{vhost}"
    conf = None
    out: dict = {}
    try:
        src = os.path.join(work, "src")
        os.makedirs(src)
        w1 = os.path.join(src, "1-1-20240101000000-00001-bench.warc")
        w2 = os.path.join(src, "1-1-20240101000000-00002-bench.warc")
        t = time.perf_counter()
        big_warc(w1, GB)
        big_warc(w2, GB)
        print(f"  generated 2 x {os.path.getsize(w1) / GB:.2f} GiB WARCs in {time.perf_counter() - t:.1f}s")
        conf = start_archive(work, uri)
        # --- 1. store 1 GB into two replicas vs cp + sync + sha1sum per replica, in parallel ----
        from store_bench import store_figures

        out["store"] = store_figures(work, uri, w1, rounds=1, keep_src=True)
        nas(uri, "upload", "--keep", "--no-progress", w2)
        # --- 2. checksum batch over 2 GB vs md5sum / sha1sum ---------------------------------
        total = os.path.getsize(w1) + os.path.getsize(w2)
        # The very files the batch job reads (replica ONE's copies); best of three runs each,
        # alternating, so that both sides see the same page-cache state and the same neighbours
        # (other work on this host makes single runs noisy).
        archived = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(work, "data", "ba-one"))
                          if dp.endswith("filedir") for f in fs)
        md5 = sha1 = batch = job = batch_sha1 = float("inf")
        for _ in range(3):
            md5 = min(md5, timed(["md5sum", *archived]))
            t, err = nas_stderr(uri, "batch", "run", "checksum", "-B", "ONE", "-O",
                                os.path.join(work, "sums.txt"), "--no-progress")
            batch = min(batch, t)
            job = min(job, job_seconds(uri, err))
            sha1 = min(sha1, timed(["sha1sum", *archived]))
            # The same job with SHA-1, against sha1sum (comparing MD5 with SHA-1 says little).
            t, _ = nas_stderr(uri, "batch", "run", "checksum", "-B", "ONE", "-a", "algorithm=sha1", "-O",
                              os.path.join(work, "sha1s.txt"), "--no-progress")
            batch_sha1 = min(batch_sha1, t)
        cli = min(timed([PY, "-m", "server.cli.main", "batch", "--help"]) for _ in range(3))
        mb = 1 << 20
        out["checksum_batch"] = {"bytes": total, "batch_s": round(batch, 2), "job_s": round(job, 2),
                                 "cli_startup_s": round(cli, 2), "md5sum_s": round(md5, 2),
                                 "sha1sum_s": round(sha1, 2), "batch_MBps": round(total / batch / mb),
                                 "job_MBps": round(total / job / mb),
                                 "md5sum_MBps": round(total / md5 / mb), "sha1sum_MBps": round(total / sha1 / mb),
                                 "ratio_vs_md5sum": round(md5 / batch, 2), "ratio_job_vs_md5sum": round(md5 / job, 2),
                                 "ratio_md5_batch_vs_sha1sum": round(sha1 / batch, 2),
                                 "batch_sha1_s": round(batch_sha1, 2),
                                 "ratio_sha1_batch_vs_sha1sum": round(sha1 / batch_sha1, 2), "target": ">= 0.9",
                                 "load_average": os.getloadavg()[0]}
        print(f"  checksum batch over {total / GB:.2f} GiB: nas batch run {total / batch / mb:.0f} MB/s ({batch:.2f}s; "
              f"the job in the services {job:.2f}s, CLI start-up {cli:.2f}s) | md5sum {total / md5 / mb:.0f} MB/s "
              f"({md5:.2f}s) | sha1sum {total / sha1 / mb:.0f} MB/s | ratio {md5 / batch:.2f} vs md5sum "
              f"(job alone {md5 / job:.2f}); with -a algorithm=sha1 {batch_sha1:.2f}s, ratio "
              f"{sha1 / batch_sha1:.2f} vs sha1sum (target >= 0.9; "
              f"load {os.getloadavg()[0]:.1f})")
        sums = open(os.path.join(work, "sums.txt")).read().split()
        ref = subprocess.run(["md5sum", w1, w2], capture_output=True, text=True, check=True).stdout.split()
        assert sorted(s.split("##")[1] for s in sums) == sorted(ref[0::2]), "batch checksums differ from md5sum"
        sha1s = open(os.path.join(work, "sha1s.txt")).read().split()
        ref = subprocess.run(["sha1sum", w1, w2], capture_output=True, text=True, check=True).stdout.split()
        assert sorted(s.split("##")[1] for s in sha1s) == sorted(ref[0::2]), "batch SHA-1s differ from sha1sum"
    finally:
        if conf:
            from server.runtime import supervisor

            supervisor.stop(conf, grace=10)
        subprocess.run(["rabbitmqctl", "-q", "delete_vhost", vhost], check=False)
    return out


def cdx(work: str) -> dict:
    path = os.path.join(work, "2-1-20240101000000-00001-cdx.warc.gz")
    records = 100_000
    t = time.perf_counter()
    cdx_warc(path, records)
    print(f"  generated {records} response records ({os.path.getsize(path) / (1 << 20):.0f} MiB gz) "
          f"in {time.perf_counter() - t:.1f}s")
    ours_out = os.path.join(work, "ours.cdxj")
    code = ("import sys; from shared.warc.cdx import write_cdx; "
            "write_cdx(sys.argv[1], open(sys.argv[2], 'w'), 'cdxj')")
    ours = timed([PY, "-c", code, path, ours_out], cwd=ROOT)
    venv = os.path.join(ROOT, "bench", "output", "cdxj-venv")
    result = {"records": records, "ours_s": round(ours, 2), "ours_records_per_s": round(records / ours)}
    try:
        if not os.path.exists(os.path.join(venv, "bin", "cdxj-indexer")):
            subprocess.run([PY, "-m", "venv", venv], check=True)
            subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "cdxj-indexer"], check=True,
                           stderr=subprocess.DEVNULL)
    except subprocess.CalledProcessError as exc:
        print(f"  cdxj-indexer skipped: could not install it ({exc})")
        print(f"  CDX extraction: ours {records / ours:.0f} records/s")
        return result
    peer_out = os.path.join(work, "peer.cdxj")
    peer = timed([os.path.join(venv, "bin", "cdxj-indexer"), path, "-o", peer_out])
    mine = sorted(open(ours_out).read().splitlines())
    theirs = sorted(line for line in open(peer_out).read().splitlines() if not line.startswith("!"))
    same = sum(1 for a, b in zip(mine, theirs) if a == b)
    result.update({"cdxj_indexer_s": round(peer, 2), "cdxj_indexer_records_per_s": round(records / peer),
                   "ratio": round(peer / ours, 2), "target": ">= 2", "identical_lines": f"{same}/{len(theirs)}"})
    print(f"  CDX extraction: ours {records / ours:.0f} records/s ({ours:.2f}s) | cdxj-indexer "
          f"{records / peer:.0f} records/s ({peer:.2f}s) | ratio {peer / ours:.2f} (target >= 2) | "
          f"identical lines {same}/{len(theirs)}")
    return result


def main() -> None:
    work = tempfile.mkdtemp(prefix="nas-archive-bench-", dir=os.environ.get("NAS_BENCH_TMP") or None)
    figures: dict = {}
    try:
        print("archive benchmark (2 cores; warm page cache for both sides)")
        figures.update(store_and_checksum(work))
        figures["cdx"] = cdx(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(ROOT, "bench", "output"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "output", "archive.json"), "w") as fh:
        json.dump(figures, fh, indent=2)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
