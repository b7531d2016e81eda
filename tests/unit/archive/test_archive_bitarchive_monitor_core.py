"""The plain cores of a bitarchive replica, without Nameko or a broker: two :class:`Bitarchive`
instances, each with its real HTTP file server, and the replica's :class:`BitarchiveMonitor`
fed with their heartbeats. Uploads, which instance holds a file, a checksum batch run through
the real runner child process merged by the monitor, a silent instance that makes the result
incomplete, and expiry of finished runs on both sides."""
from __future__ import annotations

import hashlib
import os
import time

import pytest
import requests

from server.archive.bitarchive.core import BatchLimits, Bitarchive
from server.archive.bitarchive_monitor.batches import BatchRegistry
from server.archive.bitarchive_monitor.core import BitarchiveMonitor, MonitorLimits
from server.archive.fileserver import FileServer
from server.archive.remotefile import RemoteFile
from server.archive.storage import BitarchiveStorage
from server.monitor.registry import InstanceRegistry
from shared.errors import ArchiveFileNotFound, BatchJobNotFound, NotFound, PermissionDenied, ReplicaUnavailable


class Clock:
    def __init__(self):
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


class Instance:
    """One bitarchive instance: its core and its file server routed as the service routes it."""

    def __init__(self, root, instance_id: str, clock, keep_results: float = 100.0):
        self.instance_id = instance_id
        storage = BitarchiveStorage([str(root / instance_id / "store")])
        self.core = Bitarchive(storage, str(root / instance_id / "batch-work"),
                               BatchLimits(timeout=60.0, keep_results=keep_results), clock=clock)
        self.core.start()
        self.fs = FileServer("127.0.0.1:0").start()
        for prefix, resolver in (("files", self.core.serve_file), ("record", self.core.serve_record),
                                 ("checksum", self.core.serve_checksum), ("batch", self.core.serve_batch_output)):
            self.fs.route(prefix, resolver)

    def heartbeat(self, service: str = "bitarchive_ONE") -> dict:
        return {"instance_id": self.instance_id, "service": service, "host": "localhost", "pid": 1,
                "version": "test", "state": "running", "started_at": time.time(), "sent_at": time.time(),
                "details": {"http_url": self.fs.base_url, "replica": "ONE"}}

    def output_url(self, batch_id: str) -> str:
        return self.fs.url("batch", batch_id)

    def store(self, path) -> None:
        data = open(path, "rb").read()
        self.core.upload(RemoteFile.for_local_file(str(path), checksum=hashlib.md5(data).hexdigest()),
                         self.instance_id, True, 10.0)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def replica(tmp_path, clock):
    a, b = Instance(tmp_path, "ba-a", clock), Instance(tmp_path, "ba-b", clock)
    monitor_fs = FileServer("127.0.0.1:0").start()
    monitor = BitarchiveMonitor("ONE", InstanceRegistry(lost_after=60), BatchRegistry(
        str(tmp_path / "monitor"), keep_for=50.0, clock=clock), MonitorLimits(http_timeout=10, batch_timeout=30),
        lambda batch_id: monitor_fs.url("batch", batch_id))
    os.makedirs(tmp_path / "monitor")
    monitor_fs.route("batch", monitor.serve_batch_output)
    for inst in (a, b):
        monitor.record_heartbeat(inst.heartbeat())
    try:
        yield monitor, a, b
    finally:
        for fs in (a.fs, b.fs, monitor_fs):
            fs.stop()


def files(tmp_path, n=4):
    out = []
    for i in range(n):
        p = tmp_path / f"src-{i}.warc"
        p.write_bytes(os.urandom(1000 + i))
        out.append(p)
    return out


def test_upload_gives_a_receipt_and_a_second_upload_is_already_there(tmp_path, replica):
    _, a, _ = replica
    (src,) = files(tmp_path, 1)
    rf = RemoteFile.for_local_file(str(src), checksum=hashlib.md5(src.read_bytes()).hexdigest())
    first = a.core.upload(rf, "ba-a", True, 10.0)
    assert (first.checksum, first.size, first.already, first.instance_id) == (rf.checksum, rf.size, False, "ba-a")
    assert a.core.upload(rf, "ba-a", True, 10.0).already and a.core.has_file(src.name)


def test_the_monitor_finds_the_instance_that_holds_a_file_and_its_checksum(tmp_path, replica):
    monitor, a, b = replica
    src, other = files(tmp_path, 2)
    b.store(src)
    monitor.record_heartbeat(Instance(tmp_path, "elsewhere", Clock()).heartbeat("bitarchive_TWO"))
    assert [i.instance_id for i in monitor.instances()] == ["ba-a", "ba-b"]     # TWO's is not ours
    where = monitor.locate(src.name)
    assert where.instance_id == "ba-b" and where.size == src.stat().st_size
    assert requests.get(where.url, timeout=10).content == src.read_bytes()
    checksum = monitor.get_checksum(src.name, hint="ba-b")
    assert checksum.checksum == hashlib.md5(src.read_bytes()).hexdigest() and checksum.instance_id == "ba-b"
    with pytest.raises(ArchiveFileNotFound):
        monitor.locate(other.name)
    assert monitor.get_checksum(other.name) is None


def test_a_batch_run_over_two_instances_is_merged_and_served_by_the_monitor(tmp_path, replica):
    monitor, a, b = replica
    srcs = files(tmp_path, 4)
    for i, src in enumerate(srcs):
        (a if i % 2 else b).store(src)
    state = monitor.start_batch("checksum")
    assert state.result.expected_instances == ["ba-a", "ba-b"] and state.running
    for inst in (a, b):
        reply = inst.core.run_batch(state.request, inst.instance_id, inst.output_url)
        assert reply.files_processed == 2 and not reply.job_failed and reply.output_url
        assert monitor.on_reply(reply)
    monitor.watch(state.batch_id)            # every instance answered: merges at once
    result = monitor.status(state.batch_id, wait=5)
    assert result.state == "done" and not result.incomplete and result.files_processed == 4
    assert set(result.instance_seconds) == {"ba-a", "ba-b"}
    lines = requests.get(result.output_url, timeout=10).text.splitlines()
    assert sorted(lines) == sorted(f"{s.name}##{hashlib.md5(s.read_bytes()).hexdigest()}" for s in srcs)
    # A reply after the merge changes nothing.
    assert not monitor.on_reply(b.core.run_batch(state.request, "ba-b", b.output_url))


def test_an_instance_that_does_not_answer_makes_the_result_incomplete(tmp_path, clock):
    a = Instance(tmp_path, "ba-a", clock)
    monitor = BitarchiveMonitor("ONE", InstanceRegistry(lost_after=60),
                                BatchRegistry(str(tmp_path), keep_for=50.0, clock=clock),
                                MonitorLimits(http_timeout=10, batch_timeout=0.2), lambda bid: f"http://x/{bid}")
    try:
        monitor.record_heartbeat(a.heartbeat())
        monitor.record_heartbeat({**a.heartbeat(), "instance_id": "ba-silent"})
        state = monitor.start_batch("filelist")
        monitor.on_reply(a.core.run_batch(state.request, "ba-a", a.output_url))
        monitor.watch(state.batch_id)        # waits for ba-silent until the batch timeout
        result = monitor.status(state.batch_id)
        assert result.incomplete and result.missing_instances == ["ba-silent"] and result.state == "done"
    finally:
        a.fs.stop()


def test_finished_runs_are_forgotten_on_both_sides(tmp_path, replica, clock):
    monitor, a, b = replica
    state = monitor.start_batch("filelist")
    replies = [inst.core.run_batch(state.request, inst.instance_id, inst.output_url) for inst in (a, b)]
    for reply in replies:
        monitor.on_reply(reply)
    monitor.watch(state.batch_id)
    output_url = monitor.status(state.batch_id).output_url
    assert requests.get(output_url, timeout=10).status_code == 200
    clock.now += 50
    assert monitor.batches.expire() == [state.batch_id]
    with pytest.raises(NotFound, match="keep_results"):
        monitor.status(state.batch_id)
    assert requests.get(output_url, timeout=10).status_code == 404
    assert not os.listdir(monitor.batches.directory)
    # An instance keeps its output for the batch timeout on top (the monitor may fetch it late).
    assert a.core.expire() == [] and a.core.batch_outputs() == [state.batch_id]
    clock.now += 60 + 100
    assert a.core.expire() == [state.batch_id] and a.core.batch_outputs() == []
    assert requests.get(replies[0].output_url, timeout=10).status_code == 404
    assert os.listdir(a.core.batch_dir) == []


def test_batch_requests_the_monitor_refuses(tmp_path, replica, clock):
    monitor, a, _ = replica
    with pytest.raises(BatchJobNotFound):
        monitor.start_batch("no-such-job")
    with pytest.raises(PermissionDenied):
        monitor.start_batch(None, source="class X: pass")
    empty = BitarchiveMonitor("TWO", InstanceRegistry(), BatchRegistry(str(tmp_path), 1.0),
                              MonitorLimits(), lambda bid: "")
    with pytest.raises(ReplicaUnavailable):
        empty.start_batch("checksum")
    with pytest.raises(ReplicaUnavailable):
        empty.locate("x.warc")


def test_an_instance_refuses_user_code_in_its_reply(tmp_path, replica):
    monitor, a, _ = replica
    state = monitor.start_batch("checksum")
    state.request.source = "class X: pass"        # as a monitor that allows user code would send it
    reply = a.core.run_batch(state.request, "ba-a", a.output_url)
    assert reply.job_failed and reply.output_url is None
    assert "does not run user code" in reply.exceptions[0].error
