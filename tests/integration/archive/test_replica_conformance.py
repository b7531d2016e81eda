"""What every replica type must do, one suite run against each (a future storage backend is
held to the same): store (verified on arrival, idempotent, another checksum refused), list,
checksum, get, salted challenge, replace with a token, and an explicit answer for a file that is
not there. A checksum replica keeps no bytes: get, salted and replace are declared unsupported
for it (and ``salted``/``replace`` audits refuse it), every other case runs."""
from __future__ import annotations

import hashlib
import hmac
import os

import pytest
import requests
from bitpres_testkit import Archive, flip
from nameko.standalone.rpc import ClusterRpcProxy
from waiting import wait_for

from server.archive.remotefile import RemoteFile
from server.runtime import tokens
from shared.errors import AlreadyExists, ArchiveFileNotFound, InvalidInput

pytestmark = [pytest.mark.rabbit]


class BitarchiveReplica:
    supports = {"get", "salted", "replace"}

    def __init__(self, archive, rid: str, inst: str):
        self.archive, self.rid, self.inst = archive, rid, inst
        self.service = getattr(archive.proxy, f"bitarchive_{rid}")
        self.monitor = getattr(archive.proxy, f"bitarchive_monitor_{rid}")

    def store(self, rf: RemoteFile) -> dict:
        with self.archive.arranged(rf, self.rid) as ticket:   # as the arcrepository arranges it
            return self.service.upload(rf.to_dict(), ticket)

    def names(self) -> set[str]:
        res = self.monitor.start_batch("filelist", {}, None, None)
        res = wait_for(lambda: (s := self.monitor.batch_status(res["batch_id"], 5))["state"] == "done" and s, 60)
        return set(requests.get(res["output_url"], timeout=30).text.split()) if res["output_url"] else set()

    def checksum(self, name: str) -> str | None:
        got = self.monitor.get_checksum(name, None)
        return got["checksum"] if got else None

    def get(self, name: str) -> bytes:
        return requests.get(self.monitor.locate(name, None)["url"], timeout=30).content

    def salted(self, name: str, salt: str) -> list[str]:
        res = self.monitor.instance_op(name, "salted", {"salt": salt}, 10)
        assert res["missing_instances"] == []
        return [a["result"]["hmac"] for a in res["answers"] if a["held"]]

    def replace(self, name: str, args: dict) -> dict:
        res = self.monitor.instance_op(name, "replace", args, 10)
        [holder] = [a for a in res["answers"] if a["held"]] or [None]
        return holder

    def corrupt(self, name: str) -> None:
        flip(self.archive.path(self.inst, name))


class ChecksumReplica:
    supports: set[str] = set()

    def __init__(self, archive, rid: str):
        self.archive, self.rid = archive, rid
        self.service = getattr(archive.proxy, f"checksum_{rid}")

    def store(self, rf: RemoteFile) -> dict:
        with self.archive.arranged(rf, self.rid) as ticket:   # as the arcrepository arranges it
            return self.service.upload(rf.to_dict(), ticket)

    def names(self) -> set[str]:
        return set(self.service.checksums())

    def checksum(self, name: str) -> str | None:
        got = self.service.get_checksum(name)
        return got["checksum"] if got else None


@pytest.fixture(scope="module")
def small_archive(tmp_path_factory, rabbit_vhost_module):
    root = tmp_path_factory.mktemp("conformance")
    a = Archive({"AMQP_URI": rabbit_vhost_module}, f"sqlite:///{root / 'archive.db'}", root / "nodes")
    try:
        for inst in ("arcrepository", "bam-one", "bam-two", "ba-one", "ba-two", "cs"):
            a.start(inst)
        with ClusterRpcProxy({"AMQP_URI": rabbit_vhost_module}, timeout=60) as proxy:
            a.proxy = proxy
            wait_for(lambda: any(i["details"].get("http_url") for i in proxy.bitarchive_monitor_ONE.instances()))
            yield a
    finally:
        a.stop_all()


@pytest.fixture(scope="module")
def rabbit_vhost_module():
    import uuid

    import rabbit_admin
    from rabbit_admin import RABBIT_HOST, RABBIT_PORT

    name = f"nas-conformance-{uuid.uuid4().hex[:8]}"
    rabbit_admin.create_vhost(name)
    try:
        yield f"amqp://guest:guest@{RABBIT_HOST}:{RABBIT_PORT}/{name}"
    finally:
        rabbit_admin.delete_vhost(name)


@pytest.fixture(params=["bitarchive", "checksum"])
def replica(request, small_archive):
    return BitarchiveReplica(small_archive, "ONE", "ba-one") if request.param == "bitarchive" else \
        ChecksumReplica(small_archive, "CS")


def new_file(tmp_path, tag: str) -> tuple[RemoteFile, bytes, str]:
    data = os.urandom(3000)
    path = tmp_path / f"{tag}-{os.urandom(4).hex()}.warc.gz"
    path.write_bytes(data)
    md5 = hashlib.md5(data).hexdigest()
    return RemoteFile.for_local_file(str(path), checksum=md5), data, md5


def test_store_is_verified_idempotent_and_refuses_another_checksum(replica, tmp_path):
    rf, data, md5 = new_file(tmp_path, "store")
    first = replica.store(rf)
    assert (first["checksum"], first["already"]) == (md5, False)
    assert replica.store(rf)["already"] is True
    other = tmp_path / "other"
    other.write_bytes(b"x" + data)
    with pytest.raises(AlreadyExists):
        replica.store(RemoteFile.for_local_file(str(other), name=rf.name,
                                                checksum=hashlib.md5(b"x" + data).hexdigest()))
    assert replica.checksum(rf.name) == md5


def test_list_and_checksum_and_not_found(replica, tmp_path):
    rf, _, md5 = new_file(tmp_path, "list")
    replica.store(rf)
    assert rf.name in replica.names()
    assert replica.checksum(rf.name) == md5
    assert replica.checksum("1-1-not-there.warc.gz") is None          # an answer, not a time-out


def test_get_returns_the_bytes_and_a_missing_file_is_named(replica, tmp_path):
    if "get" not in replica.supports:
        pytest.skip("a checksum replica keeps no bytes")
    rf, data, _ = new_file(tmp_path, "get")
    replica.store(rf)
    assert replica.get(rf.name) == data
    with pytest.raises(ArchiveFileNotFound):
        replica.get("1-1-not-there.warc.gz")


def test_salted_challenge_is_answered_from_the_bytes(replica, tmp_path, small_archive):
    if "salted" not in replica.supports:
        with pytest.raises(InvalidInput):
            small_archive.proxy.arcrepository.audit_start(replica.rid, "salted")
        return
    rf, data, _ = new_file(tmp_path, "salted")
    replica.store(rf)
    salt = os.urandom(16).hex()
    assert replica.salted(rf.name, salt) == [hmac.new(bytes.fromhex(salt), data, "sha256").hexdigest()]
    assert replica.salted("1-1-not-there.warc.gz", salt) == []       # every instance said "not here"


def test_replace_needs_the_token_and_keeps_the_old_bytes(replica, tmp_path, small_archive):
    if "replace" not in replica.supports:
        pytest.skip("a checksum replica keeps no bytes to replace")
    rf, data, md5 = new_file(tmp_path, "replace")
    replica.store(rf)
    good = tmp_path / "good"
    good.write_bytes(data)
    from server.archive.fileserver import FileServer

    server = FileServer("127.0.0.1:0").start()
    try:
        url = server.offer(str(good))
        replica.corrupt(rf.name)
        bad = replica.checksum(rf.name)
        args = {"bad_checksum": bad, "reference": md5, "source_url": url}
        refused = replica.replace(rf.name, {**args, "token": "v1.x.y"})
        assert refused["error_code"] == "token_rejected" and replica.checksum(rf.name) == bad
        token = tokens.issue(small_archive.key(), "bitpres_replace",
                             {"replica": replica.rid, "file": rf.name, "bad_md5": bad}, 60)
        done = replica.replace(rf.name, {**args, "token": token})
        assert done["error"] is None and done["result"]["old_checksum"] == bad
        assert replica.get(rf.name) == data
        assert hashlib.md5(open(done["result"]["attic_path"], "rb").read()).hexdigest() == bad
        assert replica.replace("1-1-not-there.warc.gz", {**args, "token": token}) is None
    finally:
        server.stop()
