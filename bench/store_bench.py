"""Store speed (issue #20 item 9), side by side with its peer (``bash bench/run.sh store``).

Ours: ``nas upload --keep`` of a 1 GiB WARC into two bitarchive replicas on this host (the
client's MD5 and its BLAKE3 transfer digest from one read, the arcrepository's plan, both
replicas copying in the kernel (``copy_file_range``), hashing their copies in BLAKE3 and
fsyncing, the admin database, the client's final checksum comparison;
docs/decisions/archive-store-speed.md). The peer: per replica ``cp`` + ``sync`` of the copy +
``sha1sum`` of it, the two replicas in parallel. Target: at most 1.2x.
Both sides start from a warm page cache. Real processes on a private RabbitMQ vhost; everything
generated is deleted at the end.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import tempfile
import time
import uuid

from archive_bench import GB, ROOT, big_warc, nas, start_archive

TARGET = 1.2


def parallel_peer(src: str, work: str) -> float:
    """``cp`` + ``sync`` + ``sha1sum`` into two directories, the two at once."""
    dirs = [os.path.join(work, f"peer{i}") for i in (1, 2)]
    for d in dirs:
        os.makedirs(d)
    dest = [os.path.join(d, os.path.basename(src)) for d in dirs]
    t = time.perf_counter()
    procs = [subprocess.Popen(["sh", "-c", 'cp "$0" "$1" && sync "$1" && sha1sum "$1" >/dev/null', src, p])
             for p in dest]
    codes = [p.wait() for p in procs]
    took = time.perf_counter() - t
    assert codes == [0, 0], codes
    for d in dirs:
        shutil.rmtree(d)
    return took


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def services_cpu(conf: str) -> float:
    """CPU seconds used so far by the archive's service processes (those started with ``conf``)."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                if conf.encode() not in fh.read():
                    continue
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            continue
    return total


def store_figures(work: str, uri: str, src: str, rounds: int = 2, keep_src: bool = False,
                  conf: str | None = None) -> dict:
    """Best of ``rounds`` for each side (a loaded machine makes single runs noisy); a new name
    per round, so every round of ours really copies (``keep_src``: the first round stores
    ``src`` under its own name, for the batch figures that follow in ``archive_bench``). With
    ``conf`` (the services' config directory) the CPU seconds of each side are counted too
    (ours: the command and every service process; the peer's: its processes): a figure the
    host's load moves much less than the wall time."""
    ours = peer = ours_cpu = peer_cpu = float("inf")
    for i in range(rounds):
        subprocess.run(["cat", src], stdout=subprocess.DEVNULL, check=True)  # same warm cache for both
        c0 = children_cpu()
        peer = min(peer, parallel_peer(src, work))
        peer_cpu = min(peer_cpu, children_cpu() - c0)
        name = src if keep_src and i == 0 else os.path.join(os.path.dirname(src),
                                                              f"1-1-20240101000000-{10 + i:05d}-bench.warc")
        if name != src:
            os.link(src, name)
        subprocess.run(["cat", src], stdout=subprocess.DEVNULL, check=True)
        c0, s0 = children_cpu(), services_cpu(conf) if conf else 0.0
        ours = min(ours, nas(uri, "upload", "--keep", "--no-progress", name))
        if conf:
            ours_cpu = min(ours_cpu, children_cpu() - c0 + services_cpu(conf) - s0)
        if name != src:
            os.unlink(name)
    fig = {"bytes": os.path.getsize(src), "nas_upload_s": round(ours, 2), "peer_parallel_cp_sync_sha1sum_s":
           round(peer, 2), "ratio": round(ours / peer, 2), "target": f"<= {TARGET}"}
    print(f"  store 1 GiB into 2 replicas: nas upload {ours:.2f}s | peer (cp + sync + sha1sum per replica, "
          f"in parallel) {peer:.2f}s | ratio {ours / peer:.2f} (target <= {TARGET})")
    if conf:
        fig.update({"nas_upload_cpu_s": round(ours_cpu, 2), "peer_cpu_s": round(peer_cpu, 2)})
        print(f"  CPU seconds of one store (the least of the rounds): ours {ours_cpu:.2f} (nas upload and every "
              f"service) | peer {peer_cpu:.2f} | ratio {ours_cpu / peer_cpu:.2f}")
    return fig


def main() -> None:
    work = tempfile.mkdtemp(prefix="nas-store-bench-", dir=os.environ.get("NAS_BENCH_TMP") or None)
    vhost = f"nas-bench-{uuid.uuid4().hex[:8]}"
    subprocess.run(["rabbitmqctl", "-q", "add_vhost", vhost], check=True)
    subprocess.run(["rabbitmqctl", "-q", "set_permissions", "-p", vhost, "guest", ".*", ".*", ".*"], check=True)
    uri = f"amqp://guest:guest@127.0.0.1:5672/{vhost}"
    conf = None
    try:
        print("store benchmark (2 cores; warm page cache for both sides)")
        src = os.path.join(work, "src")
        os.makedirs(src)
        w = os.path.join(src, "1-1-20240101000000-00001-bench.warc")
        big_warc(w, GB)
        conf = start_archive(work, uri)
        figures = store_figures(work, uri, w, conf=conf)
    finally:
        if conf:
            from server.runtime import supervisor

            supervisor.stop(conf)
        subprocess.run(["rabbitmqctl", "-q", "delete_vhost", vhost], check=False)
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(ROOT, "bench", "output"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "output", "store.json"), "w") as fh:
        json.dump(figures, fh, indent=2)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
