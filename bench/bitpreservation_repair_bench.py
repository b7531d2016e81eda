"""Reestablish 1,000 missing small files in one replica: one command (``nas bitpreservation
reestablish R``, timed end to end: every file copied from the other replica over HTTP, verified
on arrival, recorded), against copying the same files with ``cp`` (no verification, no
bookkeeping: the floor). The archive runs in this process on a private vhost (the test kit).

``python bench/bitpreservation_repair_bench.py [N]`` (default 1000).
"""
from __future__ import annotations

import eventlet

eventlet.monkey_patch()

import hashlib  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "support"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import identity_support  # noqa: E402
import rabbit_admin  # noqa: E402
from bitpres_testkit import Archive  # noqa: E402
from nameko.standalone.rpc import ClusterRpcProxy  # noqa: E402
from waiting import wait_for  # noqa: E402

from server.archive.remotefile import RemoteFile  # noqa: E402


def main() -> None:
    # every call carries a signed identity (roles are enforced): the test kit's installation key,
    # handed to the ``nas`` child through NAS_KEY_FILE
    identity_support.install()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    vhost = f"nas-bench-{uuid.uuid4().hex[:8]}"
    rabbit_admin.create_vhost(vhost)
    uri = f"amqp://guest:guest@127.0.0.1:5672/{vhost}"
    with tempfile.TemporaryDirectory(prefix="nas-repair-bench-") as work:
        root = Path(work)
        a = Archive({"AMQP_URI": uri}, f"sqlite:///{root / 'archive.db'}", root / "nodes")
        try:
            for inst in ("arcrepository", "bam-one", "bam-two", "ba-one", "ba-two", "cs"):
                a.start(inst)
            with ClusterRpcProxy({"AMQP_URI": uri}, timeout=120) as proxy:
                a.proxy = proxy
                for m in ("bitarchive_monitor_ONE", "bitarchive_monitor_TWO"):
                    wait_for(lambda m=m: any(i["details"].get("http_url") for i in getattr(proxy, m).instances()))
                repo = proxy.arcrepository
                src = root / "src"
                src.mkdir()
                names = []
                for i in range(n):
                    name = f"{i:05d}-1-20240101000000-00001-host.warc.gz"
                    data = os.urandom(4096)
                    (src / name).write_bytes(data)
                    repo.store(RemoteFile.for_local_file(str(src / name), checksum=hashlib.md5(data).hexdigest())
                               .to_dict())
                    names.append(name)
                wait_for(lambda: all(repo.store_status(x)["complete"] for x in names[-20:]), 600)
                wait_for(lambda: all(repo.store_status(x)["complete"] for x in names), 600)
                for name in names:
                    os.unlink(a.path("ba-two", name))
                audit = repo.audit_start("TWO", "files")
                wait_for(lambda: repo.audit_status(audit["id"])["state"] == "done", 600)
                assert repo.audit_status(audit["id"])["missing"] == n
                t = time.perf_counter()
                rc = subprocess.run([sys.executable, "-m", "server.cli.main", "bitpreservation", "reestablish",
                                     "TWO", "--amqp-uri", uri], capture_output=True, text=True).returncode
                ours = time.perf_counter() - t
                assert rc == 0, rc
                assert all(a.path("ba-two", x).exists() for x in names)
            dest = root / "cp-dest"
            dest.mkdir()
            t = time.perf_counter()
            subprocess.run(["cp", *[str(src / x) for x in names], str(dest)], check=True)
            peer = time.perf_counter() - t
            print(f"reestablish {n} missing files of 4 KiB: ours {ours:.1f}s ({n / ours:.0f} files/s, copied over "
                  f"HTTP, verified, recorded) | cp of the same files {peer:.2f}s (no verification) | "
                  f"ratio {ours / peer:.0f}x slower than a bare copy")
        finally:
            a.stop_all()
            rabbit_admin.delete_vhost(vhost)


if __name__ == "__main__":
    main()
