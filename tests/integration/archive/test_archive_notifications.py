"""The archive tells a person: a store that fails in a replica notifies STORE_FAILED (naming the
file and the replica), a bitarchive without room notifies DISK_LOW; real containers, real broker,
the real notifier."""
from __future__ import annotations

import hashlib

import pytest
from nameko.containers import ServiceContainer
from test_arcrepository_service import archive, make_warc, store  # noqa: F401 - the fixture
from waiting import wait_for

from server.archive.bitarchive.service import BitarchiveService
from server.archive.remotefile import RemoteFile
from server.notify.service import NotifierService

pytestmark = [pytest.mark.rabbit]


@pytest.fixture
def notifier(nameko_config, tmp_path):
    c = ServiceContainer(NotifierService, {**nameko_config, "data_dir": str(tmp_path / "notifier"),
                                           "runtime": {"heartbeat_interval": 60}})
    c.start()
    yield c
    c.stop()


def _open(archive, code):  # noqa: F811 - the imported fixture
    return [n for n in archive.proxy.notifier.list_notifications() if n["code"] == code]


def test_a_failed_store_and_a_full_bitarchive_are_notified(notifier, archive, tmp_path):  # noqa: F811
    src = tmp_path / "9-1-20240101000000-00001-host.warc.gz"
    data = make_warc(src)
    archive.stop("ba-two")
    wait_for(lambda: all(i["state"] == "stopped" for i in archive.proxy.bitarchive_monitor_TWO.instances()))
    status = store(archive, RemoteFile.for_local_file(str(src), checksum=hashlib.md5(data).hexdigest()))
    assert status["failed_replicas"] == ["TWO"]
    [n] = wait_for(lambda: _open(archive, "STORE_FAILED"), timeout=60)
    assert n["refers_to"] == src.name and n["details"]["failed_replicas"] == ["TWO"] and n["severity"] == "error"
    assert n["instance"] == "arcrepository"

    full = ServiceContainer(BitarchiveService.for_replica("ONE"), archive.config(
        "ba-full", "ONE", bitarchive={"min_free_bytes": 1 << 60, "dirs": [str(tmp_path / "full")]}))
    full.start()
    try:
        [n] = wait_for(lambda: _open(archive, "DISK_LOW"), timeout=60)
        assert n["refers_to"] == "ba-full" and n["details"] == {"replica": "ONE"}
    finally:
        full.stop()
