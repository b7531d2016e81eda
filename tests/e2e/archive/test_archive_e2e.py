"""The archive as real processes: arcrepository, two bitarchive replicas (ONE with three
instances, TWO with one), their monitors and a checksum replica, started by the supervisor on a
private RabbitMQ vhost. Every process started here is stopped by PID in ``finally``."""
import hashlib
import http.server
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid

import pytest
import yaml
from nameko.standalone.rpc import ClusterRpcProxy
from store_sources import loopback_sources
from waiting import wait_for

from server.runtime import supervisor
from shared.errors import ChecksumMismatch, InvalidName

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]

REPLICAS = [{"id": "ONE", "name": "Replica one", "type": "bitarchive"},
            {"id": "TWO", "name": "Replica two", "type": "bitarchive"},
            {"id": "CS", "name": "Checksums", "type": "checksum"}]
INSTANCES = {
    "arcrepository": ("server.archive.arcrepository.service:ArcRepositoryService", None),
    "bam-one": ("server.archive.bitarchive_monitor.service:bitarchive_monitor", "ONE"),
    "bam-two": ("server.archive.bitarchive_monitor.service:bitarchive_monitor", "TWO"),
    "ba-one-a": ("server.archive.bitarchive.service:bitarchive", "ONE"),
    "ba-one-b": ("server.archive.bitarchive.service:bitarchive", "ONE"),
    "ba-one-c": ("server.archive.bitarchive.service:bitarchive", "ONE"),
    "ba-two-a": ("server.archive.bitarchive.service:bitarchive", "TWO"),
    "cs": ("server.archive.checksum.service:checksum", "CS"),
}


def _rabbitmqctl(*args):
    subprocess.run(["rabbitmqctl", "-q", *args], check=True, capture_output=True, timeout=60)



@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if shutil.which("rabbitmqctl") is None:
        pytest.skip("RabbitMQ is not installed here")
    vhost = f"nas-test-{uuid.uuid4().hex[:12]}"
    _rabbitmqctl("add_vhost", vhost)
    _rabbitmqctl("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*")
    uri = f"amqp://guest:guest@127.0.0.1:5672/{vhost}"
    root = tmp_path_factory.mktemp("archive-e2e")
    conf = root / "conf"
    conf.mkdir()
    for inst, (service, replica) in INSTANCES.items():
        cfg = {"AMQP_URI": uri, "instance": {"id": inst, "service": service}, "data_dir": f"../data/{inst}",
               "runtime": {"heartbeat_interval": 0.5},
               "archive": {"replicas": REPLICAS,
                           "store": {"timeout": 8, "retries": 0, **loopback_sources(root / "spool")},
                           "rpc_timeout": 10,
                           "batch": {"timeout": 6, "allow_user_code": True},
                           "bitarchive": {"min_free_bytes": 0}}}
        if replica:
            cfg["archive"]["replica"] = replica
        (conf / f"{inst}.yaml").write_text(yaml.safe_dump(cfg))
    env = {"NAS_TEST_EVENTLET": ""}
    supervisor.start(str(conf), env=env)
    stopped_pids = []
    try:
        with ClusterRpcProxy({"AMQP_URI": uri}, timeout=30) as proxy:
            wait_for(lambda: proxy.arcrepository.status()["state"] == "running", 60)
            wait_for(lambda: len(proxy.bitarchive_monitor_ONE.instances()) == 3, 60)
            wait_for(lambda: len(proxy.bitarchive_monitor_TWO.instances()) == 1, 30)
            wait_for(lambda: proxy.checksum_CS.status(), 30)
            yield {"uri": uri, "root": root, "conf": str(conf), "proxy": proxy, "env": env, "stopped": stopped_pids}
    finally:
        for pid in stopped_pids:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        supervisor.stop(str(conf), grace=5)
        try:
            _rabbitmqctl("delete_vhost", vhost)
        except subprocess.SubprocessError:
            pass


def pid_of(cluster, inst):
    return int(open(os.path.join(cluster["root"], "data", inst, "run", f"{inst}.pid")).read())


def nas(cluster, *args, check=None):
    env = {**os.environ, "NAS_AMQP_URI": cluster["uri"], "NAS_TEST_EVENTLET": ""}
    proc = subprocess.run([sys.executable, "-m", "server.cli.main", *args], capture_output=True, env=env,
                          timeout=120)
    if check is not None:
        assert proc.returncode == check, (proc.returncode, proc.stdout, proc.stderr)
    return proc


def make_warc(path, n=3):
    import io

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with open(path, "wb") as fh:
        w = WARCWriter(fh, gzip=True)
        for i in range(n):
            h = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(f"http://example.dk/{uuid.uuid4().hex}/{i}", "response",
                                                payload=io.BytesIO(os.urandom(2000)), http_headers=h))
    return str(path)


def two_is_back(cluster, instances):
    """ba-two-a runs again (new PID) and the monitor knows where it serves files."""
    return any(i["state"] == "running" and i["pid"] == pid_of(cluster, "ba-two-a") and i["details"].get("http_url")
               for i in instances)


def archived_paths(cluster, name):
    return [os.path.join(dp, name) for dp, _, files in os.walk(cluster["root"] / "data") if name in files
            and dp.endswith("filedir")]


def test_upload_get_file_get_record_and_ls(cluster, tmp_path):
    src = make_warc(tmp_path / "10-1-20240101000000-00001-host.warc.gz")
    original = open(src, "rb").read()
    out = nas(cluster, "upload", src, check=0)
    assert b"stored in ONE, TWO, CS" in out.stdout
    assert not os.path.exists(src)  # deleted only because every replica stored it
    name = os.path.basename(src)
    copies = archived_paths(cluster, name)
    assert len(copies) == 2 and all(open(p, "rb").read() == original for p in copies)
    assert cluster["proxy"].checksum_CS.get_checksum(name)["checksum"] == hashlib.md5(original).hexdigest()
    for replica in ("ONE", "TWO"):
        dest = tmp_path / f"back-{replica}"
        nas(cluster, "get-file", name, str(dest), "-B", replica, check=0)
        assert dest.read_bytes() == original
    rec = nas(cluster, "get-record", name, "0", check=0).stdout
    assert rec.startswith(b"WARC/1.") and b"WARC-Type: warcinfo" in rec or b"WARC-Type: response" in rec
    ls = nas(cluster, "archive", "ls", check=0).stdout.decode()
    assert name in ls and "ONE:upload_completed" in ls
    # Storing it again with the same checksum succeeds without copying; another checksum is refused.
    proxy = cluster["proxy"]
    again = proxy.arcrepository.store({"name": name, "checksum": hashlib.md5(original).hexdigest(),
                                       "size": len(original), "host": "",
                                       "url": f"http://127.0.0.1:9/offer/withdrawn/{name}"})
    assert again["complete"] and not again["running"]
    with pytest.raises(ChecksumMismatch):
        proxy.arcrepository.store({"name": name, "checksum": "0" * 32, "size": 1, "host": "",
                                   "url": f"http://127.0.0.1:9/offer/withdrawn/{name}"})
    missing = nas(cluster, "get-file", "no-such-file.warc.gz", str(tmp_path / "x"))
    assert missing.returncode == 4 and b"not in replica" in missing.stderr   # not found


def test_path_like_names_are_refused(cluster, tmp_path):
    with pytest.raises(InvalidName):
        cluster["proxy"].arcrepository.store({"name": "../../etc/passwd", "checksum": "0" * 32, "url": "x"})
    bad = tmp_path / ".hidden.warc"
    bad.write_bytes(b"x")
    proc = nas(cluster, "upload", str(bad))
    assert proc.returncode == 2 and b"not an archive file name" in proc.stderr and bad.exists()
    assert nas(cluster, "get-record", "a..b/../x", "0").returncode == 2


def test_checksum_mismatch_on_arrival_is_refused(cluster, tmp_path):
    spool = cluster["root"] / "spool"                       # read by path only inside the upload spool
    spool.mkdir(exist_ok=True)
    src = spool / "mismatch.warc.gz"
    src.write_bytes(b"content that does not match")
    proxy = cluster["proxy"]
    status = proxy.arcrepository.store({"name": src.name, "checksum": "f" * 32, "size": src.stat().st_size,
                                        "host": os.uname().nodename, "path": str(src)})
    status = wait_for(lambda: (s := proxy.arcrepository.store_status(src.name)) and not s["running"] and s)
    assert not status["complete"] and set(status["failed_replicas"]) == {"ONE", "TWO", "CS"}
    assert all("checksum_mismatch" in r["error"] for r in status["replicas"])
    assert archived_paths(cluster, src.name) == []


class SlowHandler(http.server.BaseHTTPRequestHandler):
    data = b""
    slow = True
    started = threading.Event()

    def log_message(self, *a):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.data)))
        self.end_headers()
        step = 64 * 1024
        for i in range(0, len(self.data), step):
            try:
                self.wfile.write(self.data[i:i + step])
            except BrokenPipeError:  # the receiver was killed
                return
            SlowHandler.started.set()
            if SlowHandler.slow:
                time.sleep(0.2)


def receiving(cluster, instance: str) -> list[str]:
    """The files a bitarchive instance is receiving (half-written in a tempdir of its storage)."""
    out = []
    for dirpath, _dirs, files in os.walk(cluster["root"] / "data" / instance):
        if os.path.basename(dirpath) == "tempdir":
            out += [f for f in files if os.path.getsize(os.path.join(dirpath, f)) > 0]
    return out


def test_sigkill_during_upload_then_retry(cluster, tmp_path):
    data = os.urandom(6 * 1024 * 1024)
    SlowHandler.data, SlowHandler.slow = data, True
    SlowHandler.started.clear()
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SlowHandler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    name = "20-1-20240101000000-00001-killed.warc.gz"
    rf = {"name": name, "checksum": hashlib.md5(data).hexdigest(), "size": len(data), "host": "",
          "url": f"http://127.0.0.1:{srv.server_address[1]}/offer/slowsender/{name}"}
    proxy = cluster["proxy"]
    try:
        proxy.arcrepository.store(rf)
        assert SlowHandler.started.wait(20)
        wait_for(lambda: receiving(cluster, "ba-two-a"), 40)   # TWO has begun writing its copy: kill it mid-way
        os.kill(pid_of(cluster, "ba-two-a"), signal.SIGKILL)
        SlowHandler.slow = False  # the other replicas may finish now
        status = wait_for(lambda: (s := proxy.arcrepository.store_status(name)) and not s["running"] and s, 40)
        assert not status["complete"] and status["failed_replicas"] == ["TWO"]
        two = [r for r in status["replicas"] if r["replica"] == "TWO"][0]
        assert "TWO" in two["error"]
        # The bitarchive comes back: its half-written file is removed on start; a retry succeeds.
        supervisor.start(cluster["conf"], env=cluster["env"])
        wait_for(lambda: two_is_back(cluster, proxy.bitarchive_monitor_TWO.instances()), 40)
        proxy.arcrepository.store(rf)
        status = wait_for(lambda: (s := proxy.arcrepository.store_status(name)) and not s["running"] and s, 40)
        assert status["complete"], [r["error"] for r in status["replicas"] if r["replica"] == "TWO"]
        tempdir = cluster["root"] / "data" / "ba-two-a" / "bitarchive" / "tempdir"
        assert os.listdir(tempdir) == []
        copies = archived_paths(cluster, name)
        assert len(copies) == 2 and all(open(p, "rb").read() == data for p in copies)
    finally:
        srv.shutdown()
        srv.server_close()


def test_replica_down_keeps_the_local_file(cluster, tmp_path):
    src = make_warc(tmp_path / "30-1-20240101000000-00001-down.warc.gz")
    pid = pid_of(cluster, "ba-two-a")
    os.kill(pid, signal.SIGTERM)
    wait_for(lambda: not supervisor.process_of(supervisor.Instance(
        os.path.join(cluster["conf"], "ba-two-a.yaml"), "ba-two-a", "", str(cluster["root"] / "data" / "ba-two-a")
    )).running, 30)
    try:
        proc = nas(cluster, "upload", src)
        assert proc.returncode == 1, proc.stderr
        assert b"replica TWO" in proc.stderr and b"local file is kept" in proc.stderr
        assert os.path.exists(src)
    finally:
        supervisor.start(cluster["conf"], env=cluster["env"])
        wait_for(lambda: two_is_back(cluster, cluster["proxy"].bitarchive_monitor_TWO.instances()), 40)
    nas(cluster, "upload", src, check=0)
    assert not os.path.exists(src)


def test_batch_checksum_equals_md5sum_and_silent_instance_makes_it_incomplete(cluster, tmp_path):
    srcdir = tmp_path / "src"
    srcdir.mkdir()
    names = [f"40-1-20240101000000-{i:05d}-batch.warc.gz" for i in range(6)]
    for n in names:
        make_warc(srcdir / n)
    md5 = subprocess.run(["md5sum", *names], cwd=srcdir, capture_output=True, text=True, check=True).stdout
    expected = sorted(f"{line.split()[1]}##{line.split()[0]}" for line in md5.splitlines())
    nas(cluster, "upload", "--keep", *[str(srcdir / n) for n in names], check=0)
    out = tmp_path / "checksums.txt"
    proc = nas(cluster, "batch", "run", "checksum", "-B", "ONE", "-R", r"40-.*", "-O", str(out), check=0)
    assert sorted(out.read_text().splitlines()) == expected
    assert b"6 files processed, 0 failed, 3/3 instances answered" in proc.stderr
    # CDX over the same files, as pywb CDXJ.
    cdx = tmp_path / "index.cdxj"
    nas(cluster, "batch", "run", "cdx", "-B", "TWO", "-R", r"40-.*", "-O", str(cdx), check=0)
    lines = cdx.read_text().splitlines()
    assert len(lines) == 18 and lines == sorted(lines) and lines[0].startswith("dk,example)/")
    # One instance known from heartbeats stops answering: the result is incomplete and names it.
    silent = pid_of(cluster, "ba-one-b")
    os.kill(silent, signal.SIGSTOP)
    cluster["stopped"].append(silent)
    try:
        err = tmp_path / "errors.txt"
        proc = nas(cluster, "batch", "run", "filelist", "-B", "ONE", "-O", str(tmp_path / "list"), "-E", str(err))
        assert proc.returncode == 1
        # the silent instance is named, and so are the files the answer lacks (the admin database's list)
        assert b"INCOMPLETE (no answer from: ba-one-b;" in proc.stderr and b"-batch.warc.gz" in proc.stderr
    finally:
        os.kill(silent, signal.SIGCONT)
        cluster["stopped"].remove(silent)
