"""The real ``arcrepository`` over RabbitMQ (private vhost), on SQLite and on PostgreSQL, with real
bitarchive containers for two replicas, their monitors and a checksum replica, all in this
process; bitarchives write to ``tmp_path``. The store state machine end to end: every replica
must complete; the same checksum again copies nothing; another checksum is refused; a replica
that is down fails with a typed error naming it and the admin DB says so per replica; then
get_file, get_record, list_files and a checksum batch job."""
from __future__ import annotations

import gzip
import hashlib
import io
import os
import threading

import pytest
import requests
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from sqlalchemy import select
from sqlalchemy.orm import Session
from store_sources import loopback_sources
from waiting import wait_for

from server.archive.arcrepository.models import ArchiveFile, ReplicaFileInfo
from server.archive.arcrepository.service import ArcRepositoryService
from server.archive.bitarchive.service import BitarchiveService
from server.archive.bitarchive_monitor.service import BitarchiveMonitorService
from server.archive.checksum.service import ChecksumService
from server.archive.fileserver import FileServer
from server.archive.remotefile import RemoteFile, http_chunks
from server.db.engine import make_engine
from shared.errors import ArchiveFileNotFound, ChecksumMismatch, InvalidName, NotFound

pytestmark = [pytest.mark.rabbit]

REPLICAS = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"},
            {"id": "TWO", "name": "Aarhus", "type": "bitarchive"},
            {"id": "CS", "name": "Checksums", "type": "checksum"}]



def make_warc(path, n=3) -> bytes:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    w = WARCWriter(buf, gzip=True)
    for i in range(n):
        h = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        w.write_record(w.create_warc_record(f"http://example.dk/{path.name}/{i}", "response",
                                            payload=io.BytesIO(os.urandom(3000)), http_headers=h))
    path.write_bytes(buf.getvalue())
    return buf.getvalue()


class Archive:
    """The containers of one small archive; ``start``/``stop`` them by instance id."""

    def __init__(self, nameko_config, database_url, root):
        self.nameko_config = nameko_config
        self.database_url = database_url
        self.root = root
        self.containers: dict[str, ServiceContainer] = {}

    @property
    def SOURCES(self) -> dict:
        """The senders of these tests: files under the test's directory, offers on loopback."""
        return loopback_sources(self.root.parent)

    def config(self, inst: str, replica: str | None, **archive) -> dict:
        cfg = {**self.nameko_config, "instance": {"id": inst}, "data_dir": str(self.root / inst),
               "runtime": {"heartbeat_interval": 0.5},
               "archive": {"replicas": REPLICAS, "rpc_timeout": 4,
                           "store": {"timeout": 6, "retries": 0, **self.SOURCES},
                           "bitarchive": {"min_free_bytes": 0, "dirs": [str(self.root / inst / "store")]},
                           "batch": {"timeout": 30}, **archive}}
        if replica:
            cfg["archive"]["replica"] = replica
        if inst == "arcrepository":
            cfg["database"] = {"url": self.database_url}
        return cfg

    SERVICES = {
        "arcrepository": (lambda: ArcRepositoryService, None),
        "bam-one": (lambda: BitarchiveMonitorService.for_replica("ONE"), "ONE"),
        "bam-two": (lambda: BitarchiveMonitorService.for_replica("TWO"), "TWO"),
        "ba-one": (lambda: BitarchiveService.for_replica("ONE"), "ONE"),
        "ba-two": (lambda: BitarchiveService.for_replica("TWO"), "TWO"),
        "cs": (lambda: ChecksumService.for_replica("CS"), "CS"),
    }

    def start(self, inst: str) -> None:
        cls, replica = self.SERVICES[inst]
        container = ServiceContainer(cls(), self.config(inst, replica))
        self.containers[inst] = container
        container.start()

    def stop(self, inst: str) -> None:
        container = self.containers.pop(inst, None)
        if container is not None:
            container.stop()

    def stop_all(self) -> None:
        """Stop every container at once (each takes about a second to close its consumers)."""
        def stop(inst, container):
            try:
                container.stop()
            except Exception:  # noqa: BLE001 - stop the others whatever happens
                container.kill()

        threads = [threading.Thread(target=stop, args=item) for item in self.containers.items()]
        self.containers.clear()
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)

    def copies(self, name: str) -> dict[str, str]:
        """instance → path of every stored copy of ``name``."""
        return {inst: str(p) for inst in ("ba-one", "ba-two")
                for p in [self.root / inst / "store" / "filedir" / name] if p.exists()}

    def interrupted(self, name: str, checksum: str, size: int) -> None:
        """Record in the admin DB a store of ``name`` left in progress in every replica (as a
        store whose replies were lost leaves it)."""
        from server.archive.arcrepository import store as core
        from shared.dto.archive import ReplicaDto

        replicas = [ReplicaDto.from_dict(r) for r in self.proxy.arcrepository.replicas()]
        engine = make_engine(self.database_url)
        try:
            with Session(engine) as s:
                core.on_store(s, replicas, name, checksum, size)
                s.commit()
        finally:
            engine.dispose()

    def rows(self, name: str) -> dict[str, tuple]:
        """replica → (upload_state, checksum, checksum_status, error) straight from the admin DB."""
        engine = make_engine(self.database_url)
        try:
            with Session(engine) as s:
                q = (select(ReplicaFileInfo.replica_id, ReplicaFileInfo.upload_state, ReplicaFileInfo.checksum,
                            ReplicaFileInfo.checksum_status, ReplicaFileInfo.error)
                     .join(ArchiveFile).where(ArchiveFile.filename == name))
                return {r[0]: tuple(r[1:]) for r in s.execute(q)}
        finally:
            engine.dispose()


@pytest.fixture
def archive(nameko_config, database_url, tmp_path):
    a = Archive(nameko_config, database_url, tmp_path / "nodes")
    try:
        # Monitors first: they must hear the bitarchives' first heartbeat (their HTTP address).
        for inst in ("arcrepository", "bam-one", "bam-two", "ba-one", "ba-two", "cs"):
            a.start(inst)
        with ClusterRpcProxy(nameko_config, timeout=30) as proxy:
            a.proxy = proxy
            for m in ("bitarchive_monitor_ONE", "bitarchive_monitor_TWO"):
                wait_for(lambda m=m: any(i["details"].get("http_url") for i in getattr(proxy, m).instances()))
            yield a
    finally:
        a.stop_all()


def store(archive, rf: RemoteFile, timeout=30.0) -> dict:
    """Start a store and poll until it is no longer running."""
    repo = archive.proxy.arcrepository
    first = repo.store(rf.to_dict())
    if not first["running"]:
        return first
    return wait_for(lambda: (s := repo.store_status(rf.name)) and not s["running"] and s, timeout)


def test_store_everywhere_then_same_checksum_copies_nothing_and_another_is_refused(archive, tmp_path):
    src = tmp_path / "1-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    md5 = hashlib.md5(data).hexdigest()
    rf = RemoteFile.for_local_file(str(src), checksum=md5.upper())       # local shortcut, same host
    status = store(archive, rf)
    assert status["complete"] and status["failed_replicas"] == []
    assert [(r["replica"], r["state"]) for r in status["replicas"]] == [
        ("ONE", "upload_completed"), ("TWO", "upload_completed"), ("CS", "upload_completed")]
    assert {r["instance_id"] for r in status["replicas"]} == {"ba-one", "ba-two", "cs"}
    copies = archive.copies(src.name)
    assert set(copies) == {"ba-one", "ba-two"}
    assert all(open(p, "rb").read() == data and os.stat(p).st_mode & 0o777 == 0o444 for p in copies.values())
    assert archive.proxy.checksum_CS.get_checksum(src.name)["checksum"] == md5
    assert archive.rows(src.name) == {rid: ("upload_completed", md5, "ok", None) for rid in ("ONE", "TWO", "CS")}

    # The same checksum again: done at once, nothing copied (the sender's URL does not even exist).
    inodes = {p: os.stat(p).st_ino for p in copies.values()}
    gone = f"http://127.0.0.1:9/offer/gonetoken/{src.name}"                    # an offer withdrawn
    again = archive.proxy.arcrepository.store(
        {"name": src.name, "checksum": md5, "size": len(data), "host": "", "url": gone})
    assert again["complete"] and not again["running"]
    assert {p: os.stat(p).st_ino for p in copies.values()} == inodes
    # Another checksum: refused, typed, and the rows stay as they were.
    with pytest.raises(ChecksumMismatch) as err:
        archive.proxy.arcrepository.store({"name": src.name, "checksum": "0" * 32, "size": 5, "host": "",
                                           "url": gone})
    assert err.value.details["stored_checksum"] == md5
    assert set(archive.rows(src.name).values()) == {("upload_completed", md5, "ok", None)}
    with pytest.raises(InvalidName):
        archive.proxy.arcrepository.store({"name": "../etc/passwd", "checksum": md5})


def test_over_http_a_copy_already_in_a_replica_is_not_copied_and_a_different_one_fails_the_store(
        archive, tmp_path):
    src = tmp_path / "2-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    md5 = hashlib.md5(data).hexdigest()
    # ONE already holds the very bytes (a store whose reply was lost); TWO holds other bytes.
    # (Only a replica the admin DB says was sent the file is asked before an upload.)
    for inst, content in (("ba-one", data), ("ba-two", b"something else")):
        p = archive.root / inst / "store" / "filedir" / src.name
        p.write_bytes(content)
        p.chmod(0o444)
    before = os.stat(archive.copies(src.name)["ba-one"]).st_ino
    archive.interrupted(src.name, md5, len(data))
    server = FileServer("127.0.0.1:0").start()
    try:
        url = server.offer(str(src))
        rf = RemoteFile(src.name, len(data), md5, host="", url=url)          # no local shortcut
        status = store(archive, rf)
        sent = server.bytes_sent
    finally:
        server.stop()
    assert not status["complete"] and status["failed_replicas"] == ["TWO"]
    states = {r["replica"]: r for r in status["replicas"]}
    assert states["ONE"]["state"] == "upload_completed" and states["CS"]["state"] == "upload_completed"
    assert "differs from the stored" in states["TWO"]["error"]
    assert os.stat(archive.copies(src.name)["ba-one"]).st_ino == before         # not copied again
    assert sent == len(data)                                                     # only the checksum replica read it
    rows = archive.rows(src.name)
    assert rows["TWO"][:3] == ("upload_failed", hashlib.md5(b"something else").hexdigest(), "corrupt")
    assert rows["ONE"] == ("upload_completed", md5, "ok", None)


def test_replica_down_fails_naming_it_then_a_retry_completes(archive, tmp_path):
    src = tmp_path / "3-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    md5 = hashlib.md5(data).hexdigest()
    archive.stop("ba-two")
    wait_for(lambda: all(i["state"] == "stopped" for i in archive.proxy.bitarchive_monitor_TWO.instances()))
    rf = RemoteFile.for_local_file(str(src), checksum=md5)
    status = store(archive, rf)
    assert not status["complete"] and status["failed_replicas"] == ["TWO"]
    two = [r for r in status["replicas"] if r["replica"] == "TWO"][0]
    assert two["error"].startswith("replica_unavailable:") and "replica TWO" in two["error"]
    rows = archive.rows(src.name)
    assert rows["ONE"] == rows["CS"] == ("upload_completed", md5, "ok", None)
    assert rows["TWO"][0] == "upload_failed" and rows["TWO"][1] is None and "replica TWO" in rows["TWO"][3]
    assert set(archive.copies(src.name)) == {"ba-one"}
    # The monitor of TWO is gone as well: the RPC times out, still a typed error naming TWO.
    archive.stop("bam-two")
    status = store(archive, rf)
    two = [r for r in status["replicas"] if r["replica"] == "TWO"][0]
    assert two["state"] == "upload_failed" and "replica TWO (bitarchive_monitor_TWO) did not answer" in two["error"]
    # Both come back: a retry stores in TWO only and completes.
    archive.start("bam-two")
    archive.start("ba-two")
    wait_for(lambda: any(i["state"] == "running" and i["details"].get("http_url")
                         for i in archive.proxy.bitarchive_monitor_TWO.instances()))
    status = store(archive, rf)
    assert status["complete"], status
    assert set(archive.copies(src.name)) == {"ba-one", "ba-two"}
    assert set(archive.rows(src.name).values()) == {("upload_completed", md5, "ok", None)}


def test_checksum_mismatch_on_arrival_is_refused_everywhere(archive, tmp_path):
    src = tmp_path / "4-1-20240101000000-00001-host.warc.gz"
    make_warc(src)
    status = store(archive, RemoteFile.for_local_file(str(src), checksum="f" * 32))
    assert not status["complete"] and status["failed_replicas"] == ["ONE", "TWO", "CS"]
    assert all(r["error"].startswith("checksum_mismatch:") for r in status["replicas"])
    assert archive.copies(src.name) == {}
    assert all(not os.listdir(archive.root / inst / "store" / "tempdir") for inst in ("ba-one", "ba-two"))


def test_get_file_get_record_list_files_and_a_checksum_batch(archive, tmp_path):
    repo = archive.proxy.arcrepository
    names, contents = [], {}
    for i in range(3):
        src = tmp_path / f"5-1-20240101000000-{i:05d}-host.warc.gz"
        contents[src.name] = make_warc(src, n=2)
        names.append(src.name)
        assert store(archive, RemoteFile.for_local_file(str(src), checksum=hashlib.md5(
            contents[src.name]).hexdigest()))["complete"]
    name = names[1]
    for replica in (None, "TWO", "Aarhus"):
        info = repo.get_file(name, replica)
        assert info["replica"] == ("ONE" if replica is None else "TWO") and info["size"] == len(contents[name])
        assert b"".join(http_chunks(info["url"])) == contents[name]
        assert info["checksum"] == hashlib.md5(contents[name]).hexdigest()
    with pytest.raises(ArchiveFileNotFound):
        repo.get_file("no-such.warc.gz")
    with pytest.raises(NotFound, match="keeps checksums only"):
        repo.get_file(name, "CS")
    with pytest.raises(InvalidName):
        repo.get_file("a/b")

    # The second record of the file: its offset from the file itself, one gzip member back.
    from warcio.archiveiterator import ArchiveIterator

    it = ArchiveIterator(io.BytesIO(contents[name]))
    offsets = []
    for rec in it:
        rec.content_stream().read()
        offsets.append((it.get_record_offset(), rec.rec_headers.get_header("WARC-Target-URI")))
    offset, uri = offsets[1]
    rec = repo.get_record(name, offset, "ONE")
    raw = b"".join(http_chunks(rec["url"]))
    assert raw[:2] == b"\x1f\x8b"
    text = gzip.decompress(raw)
    assert text.startswith(b"WARC/1.") and uri.encode() in text and offsets[0][1].encode() not in text

    page = repo.list_files(None, 1, 1)
    assert page["total"] == 3 and [i["name"] for i in page["items"]] == [names[1]]
    assert page["items"][0]["states"] == {"ONE": "upload_completed", "TWO": "upload_completed",
                                          "CS": "upload_completed"}
    assert repo.list_files("CS", 0, 10, r"5-.*-0000[02]-.*")["total"] == 2
    with pytest.raises(NotFound):
        repo.list_files("NOPE")

    batch = repo.batch("checksum", "TWO", r"5-.*", {})
    assert batch["expected_instances"] == ["ba-two"]
    # A long poll: the answer comes when the run is done, not after a fixed sleep.
    result = wait_for(lambda: (r := repo.batch_status(batch["batch_id"], 10))["state"] == "done" and r, 30)
    assert set(result["instance_seconds"]) == {"ba-two"} and result["instance_seconds"]["ba-two"] > 0
    assert not result["incomplete"] and result["files_processed"] == 3 and result["files_failed"] == 0
    lines = requests.get(result["output_url"], timeout=10).text.splitlines()
    assert sorted(lines) == sorted(f"{n}##{hashlib.md5(c).hexdigest()}" for n, c in contents.items())


def test_nas_upload_http_only_streams_to_every_replica_and_deletes_only_then(archive, tmp_path, monkeypatch):
    """``nas upload --http-only`` (a real command process): the replicas, in this process, pull
    the bytes from the command's file server even though they share its host."""
    import subprocess
    import sys

    import server.archive.remotefile as remotefile

    fetched = []
    real = remotefile.http_chunks

    def counting(url, *a, **kw):
        fetched.append(url)
        return real(url, *a, **kw)

    monkeypatch.setattr(remotefile, "http_chunks", counting)
    src = tmp_path / "6-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    env = {**os.environ, "NAS_AMQP_URI": archive.nameko_config["AMQP_URI"], "NAS_TEST_EVENTLET": ""}
    proc = subprocess.run([sys.executable, "-m", "server.cli.main", "upload", "--http-only", "--no-progress",
                           str(src)], capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert b"stored in ONE, TWO, CS" in proc.stdout and not src.exists()
    assert len(fetched) == 3 and all("/offer/" in u for u in fetched)     # ONE, TWO and CS over HTTP
    assert all(open(p, "rb").read() == data for p in archive.copies(src.name).values())
    assert len(archive.copies(src.name)) == 2


def test_a_batch_result_is_read_only_by_the_person_who_started_it_and_admins(archive, nameko_config, amqp_uri,
                                                                              tmp_path, people):
    """#29: batch ids are in logs, and any read role read another user's batch output."""
    from server.definitions.credentials import CredentialCipher
    from server.definitions.service import DefinitionsService
    from shared.client import ServiceClient
    from shared.errors import PermissionDenied

    config = {**nameko_config, "database": {"url": f"sqlite:///{tmp_path / 'defs.db'}"}, "data_dir": str(tmp_path),
              "runtime": {"heartbeat_interval": 60},
              "harvest": {"credentials": {"key": CredentialCipher.generate_key()}}}
    definitions = ServiceContainer(DefinitionsService, config)
    definitions.start()
    try:
        _, as_quentin = people(amqp_uri, "qa")
        _, as_quinn = people(amqp_uri, "qa")
        _, as_ada = people(amqp_uri, "admin")
        with ServiceClient(as_quentin) as quentin, ServiceClient(as_quinn) as quinn, ServiceClient(as_ada) as ada:
            batch_id = quentin.arcrepository.batch("filelist", "ONE")["batch_id"]
            done = wait_for(lambda: (r := quentin.arcrepository.batch_status(batch_id, 5))["state"] == "done"
                            and r, 120)
            assert done["owner"] and done["output_url"]
            assert ada.arcrepository.batch_status(batch_id)["batch_id"] == batch_id
            with pytest.raises(PermissionDenied, match="started by another user") as err:
                quinn.arcrepository.batch_status(batch_id)
            assert err.value.details["reason"] == "not_owner"
            with pytest.raises(PermissionDenied, match="started by another user"):   # not round the arcrepository
                quinn.call("bitarchive_monitor_ONE", "batch_status", batch_id)
    finally:
        definitions.stop()
