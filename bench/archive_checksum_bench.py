"""Checksum batch and checksum audit through the real services, side by side with their peers
(``bash bench/run.sh archive_checksum``; issue #36).

The archive: an arcrepository, two bitarchive replicas (a monitor and a bitarchive each) on a
private RabbitMQ vhost, the files stored with ``nas upload``. What is timed, each round, over
replica ONE's stored copies (page cache warm for every side: the files are read once before):

- **batch (client)**: a connected client (:class:`shared.client.ServiceClient`, as the desktop or
  a long-running tool holds one) asks the arcrepository for a ``checksum`` batch on ONE (MD5, or
  ``algorithm=sha1``), waits for it with ``batch_status(wait)`` and downloads the merged output:
  the arcrepository, the monitor, the bitarchive's sandboxed runner, the output's two HTTP hops;
- **nas batch run**: the same, as the command does it, its own start-up included;
- **audit**: a ``checksums`` audit of ONE (``audit_start``, then ``audit_status(wait)`` until it
  ended): the same batch plus the comparison with the admin database, run right after each MD5
  batch; the round's ratio is that round's better MD5 batch (same files) over its better audit
  (as many draws for each), and the best audit's time is split by the phases its
  ``audit_done`` event records;
- the **peer** over the same files with the same parallelism (``ChecksumJob.threads``, 2 on a
  2-core host): ``xargs -0 -P2 -n K md5sum`` (MD5) and ``xargs -0 -P2 -n K openssl dgst -sha1``
  (SHA-1), K = 1 (a process per file) and K = files / 2 (one process per core); the better of
  the two in each round. The batch through the services is run as often (once right after each
  of the peer's command lines) and its better run is the round's: the best of two draws against
  the best of one was a head start for whichever side got two on a host whose load moves from
  2 to 8 within a minute (the peer's two command lines are all run, as before).

Each round runs every side once, alternately; each figure is the best of its rounds (the same
number for every side) and the ratio of each round's pair is printed too. Targets: batch >=
0.95x the peer's throughput; audit >= 0.9x the batch's.

``python bench/archive_checksum_bench.py [FILES] [MiB each] [ROUNDS]`` (default 16 x 64 MiB, 3).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

from archive_bench import PY, ROOT, nas_stderr, start_archive

from server.archive.batch.jobs import ChecksumJob
from server.archive.remotefile import http_chunks
from shared.client import ServiceClient

BATCH_TARGET = 0.95
AUDIT_TARGET = 0.9
PEERS = {"md5": ["md5sum"], "sha1": ["openssl", "dgst", "-sha1"]}


def make_files(src: str, count: int, mib: int) -> list[str]:
    paths = []
    block = os.urandom(1 << 20)
    for i in range(count):
        p = os.path.join(src, f"{i + 1}-1-20240101000000-00001-bench.warc.gz")
        with open(p, "wb") as fh:
            for _ in range(mib):
                fh.write(os.urandom(16) + block[16:])   # every MiB different, cheap to make
        paths.append(p)
    return paths


def warm(paths: list[str]) -> None:
    for p in paths:
        with open(p, "rb") as fh:
            while fh.read(1 << 24):
                pass


#: where the time of each client batch went: (total, the bitarchive's run, the monitor's
#: registration to merged result), seconds
SPANS: dict[str, list[tuple[float, float, float]]] = {}


def client_batch(client: ServiceClient, algo: str, dest: str) -> float:
    """A checksum batch on ONE as a connected client runs it: start, wait, download."""
    t = time.perf_counter()
    args = {} if algo == "md5" else {"algorithm": algo}
    r = client.call("arcrepository", "batch", "checksum", "ONE", None, args, None)
    while r.running:
        r = client.call("arcrepository", "batch_status", r.batch_id, 10.0, timeout=40)
    with open(dest, "wb") as out:
        for chunk in http_chunks(r.output_url, 60):
            out.write(chunk)
    took = time.perf_counter() - t
    assert not r.incomplete and r.files_failed == 0, r
    SPANS.setdefault(algo, []).append((took, max(r.instance_seconds.values()), (r.finished or r.started) - r.started))
    return took


#: where the time of each audit went, from its ``audit_done`` event: (total, its phases)
AUDIT_SPANS: list[tuple[float, dict]] = []


def client_audit(client: ServiceClient) -> tuple[float, object]:
    """A checksum audit of ONE, followed until it ended with ``audit_status(wait)`` (answered
    when the run ends, as ``batch_status(wait)`` is for the batch)."""
    t = time.perf_counter()
    a = client.call("arcrepository", "audit_start", "ONE", "checksums", None, "bench")
    while a.active:
        a = client.call("arcrepository", "audit_status", a.id, 10.0, timeout=40)
    took = time.perf_counter() - t
    assert a.state == "done" and not (a.missing or a.corrupt or a.disputed), a
    events = client.call("arcrepository", "preservation_log", "ONE", 0, 20).items
    done = next(e for e in events if e.action == "audit_done:checksums" and e.details.get("id") == a.id)
    AUDIT_SPANS.append((took, done.details.get("seconds", {})))
    return took, a


def peer(tool: list[str], files: list[str], par: int, k: int) -> float:
    names = b"\0".join(p.encode() for p in files)
    t = time.perf_counter()
    subprocess.run(["xargs", "-0", "-P", str(par), "-n", str(k), *tool], input=names, stdout=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - t


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    mib = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    par = min(ChecksumJob.threads, count)
    work = tempfile.mkdtemp(prefix="nas-checksum-bench-", dir=os.environ.get("NAS_BENCH_TMP") or None)
    vhost = f"nas-bench-{uuid.uuid4().hex[:8]}"
    subprocess.run(["rabbitmqctl", "-q", "add_vhost", vhost], check=True)
    subprocess.run(["rabbitmqctl", "-q", "set_permissions", "-p", vhost, "guest", ".*", ".*", ".*"], check=True)
    uri = f"amqp://guest:guest@127.0.0.1:5672/{vhost}"
    conf = None
    figures: dict = {}
    try:
        print(f"checksum batch and audit through the services: {count} files x {mib} MiB, {par} in parallel, "
              f"page cache warm for every side; load {os.getloadavg()[0]:.1f}", flush=True)
        src = os.path.join(work, "src")
        os.makedirs(src)
        made = make_files(src, count, mib)
        conf = start_archive(work, uri)
        subprocess.run([PY, "-m", "server.cli.main", "upload", "--keep", "--no-progress", *made], check=True,
                       env={**os.environ, "NAS_AMQP_URI": uri}, stdout=subprocess.DEVNULL)
        shutil.rmtree(src)
        files = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(work, "data", "ba-one"))
                       if dp.endswith("filedir") for f in fs)
        assert len(files) == count, files
        total = count * mib
        warm(files)
        per_proc = -(-count // par)
        best: dict[str, float] = {}
        pairs: dict[str, list[float]] = {}

        def keep(key: str, took: float) -> None:
            best[key] = min(best.get(key, took), took)

        with ServiceClient(uri, timeout=60) as client:
            client_batch(client, "md5", os.path.join(work, "first.txt"))     # first run: imports, connections
            for rnd in range(rounds):
                md5_now, audit_now = 0.0, float("inf")
                for algo, tool in PEERS.items():
                    out = os.path.join(work, f"{algo}.txt")
                    theirs, mine = float("inf"), float("inf")
                    for k in sorted({1, per_proc}):      # the same number of runs for each side
                        theirs = min(theirs, peer(tool, files, par, k))
                        mine = min(mine, client_batch(client, algo, out))
                        if algo == "md5":                # and an audit after each MD5 batch
                            audit_now = min(audit_now, client_audit(client)[0])
                    keep(f"peer {algo}", theirs)
                    md5_now = mine if algo == "md5" else md5_now
                    keep(f"batch {algo}", mine)
                    pairs.setdefault(f"batch {algo}", []).append(theirs / mine)
                    t, err = nas_stderr(uri, "batch", "run", "checksum", "-B", "ONE",
                                        *(() if algo == "md5" else ("-a", f"algorithm={algo}")),
                                        "-O", os.path.join(work, f"cli-{algo}.txt"), "--no-progress")
                    keep(f"cli {algo}", t)
                    pairs.setdefault(f"cli {algo}", []).append(theirs / t)
                    ref = subprocess.run([*tool, *files], capture_output=True, text=True, check=True).stdout
                    # md5sum: "<hex>  <path>"; openssl dgst: "SHA1(<path>)= <hex>"
                    want = sorted(next(t for t in line.split() if re.fullmatch(r"[0-9a-f]{32,}", t))
                                  for line in ref.splitlines())
                    got = sorted(line.split("##")[1] for line in open(out).read().split())
                    assert got == want, f"batch {algo} checksums differ from {tool[0]}'s"
                keep("audit", audit_now)
                # this round's MD5 batches over the same files, each just before an audit: a pair
                pairs.setdefault("audit", []).append(md5_now / audit_now)
                print(f"  round {rnd + 1}: load {os.getloadavg()[0]:.1f}; " + ", ".join(
                    f"{k} {v[-1]:.2f}" for k, v in pairs.items()) + " (ratios of this round)", flush=True)
        t0 = time.perf_counter()
        for _ in range(3):
            subprocess.run([PY, "-m", "server.cli.main", "batch", "--help"], stdout=subprocess.DEVNULL, check=True)
        cli_start = (time.perf_counter() - t0) / 3
        for algo in PEERS:
            mine, cli, theirs = best[f"batch {algo}"], best[f"cli {algo}"], best[f"peer {algo}"]
            peer_name = f"xargs -0 -P{par} {' '.join(PEERS[algo])}"
            print(f"checksum batch {algo}, {count} x {mib} MiB: through the services {total / mine:.0f} MiB/s "
                  f"({mine:.2f}s) | peer {peer_name} {total / theirs:.0f} MiB/s ({theirs:.2f}s) | ratio "
                  f"{theirs / mine:.2f} (target >= {BATCH_TARGET}), median of rounds "
                  f"{statistics.median(pairs[f'batch {algo}']):.2f}", flush=True)
            print(f"  nas batch run {algo} (command start-up {cli_start:.2f}s included): {total / cli:.0f} MiB/s "
                  f"({cli:.2f}s) | ratio {theirs / cli:.2f}, median of rounds "
                  f"{statistics.median(pairs[f'cli {algo}']):.2f}", flush=True)
            figures[algo] = {"batch_s": round(mine, 3), "nas_batch_run_s": round(cli, 3), "peer_s": round(theirs, 3),
                             "peer": peer_name, "ratio": round(theirs / mine, 2),
                             "ratio_nas_batch_run": round(theirs / cli, 2)}
        for algo, spans in SPANS.items():
            total_s, runner, monitor = min(spans)
            print(f"  where the best {algo} batch's {total_s:.3f}s went: the bitarchive's run {runner:.3f}s "
                  f"(the hashing; no runner process or sandbox for the shipped job), the monitor's "
                  f"registration to merged result {monitor:.3f}s, "
                  f"the rest {total_s - monitor:.3f}s (RPCs to the arcrepository and on, its check against the admin "
                  f"database, the output's download)", flush=True)
        audit = best["audit"]
        print(f"checksum audit (MD5) of ONE: {total / audit:.0f} MiB/s ({audit:.2f}s) | the MD5 batch "
              f"{total / best['batch md5']:.0f} MiB/s | ratio {best['batch md5'] / audit:.2f} "
              f"(target >= {AUDIT_TARGET}), median of rounds {statistics.median(pairs['audit']):.2f}", flush=True)
        took, phases = min(AUDIT_SPANS, key=lambda x: x[0])
        print(f"  where the best audit's {took:.3f}s went (the arcrepository's clock): " + ", ".join(
            f"{k} {v:.3f}s" for k, v in sorted(phases.items())), flush=True)
        figures["audit"] = {"audit_s": round(audit, 3), "ratio_to_batch": round(best["batch md5"] / audit, 2)}
        figures.update({"files": count, "mib_each": mib, "rounds": rounds, "parallel": par,
                        "cli_startup_s": round(cli_start, 3), "load_average_end": os.getloadavg()[0]})
    finally:
        if conf:
            from server.runtime import supervisor

            supervisor.stop(conf, grace=10)
        subprocess.run(["rabbitmqctl", "-q", "delete_vhost", vhost], check=False)
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(ROOT, "bench", "output"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "output", "archive_checksum.json"), "w") as fh:
        json.dump(figures, fh, indent=2)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
