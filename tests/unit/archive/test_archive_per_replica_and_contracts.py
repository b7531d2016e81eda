"""Per-replica services: each family's class is written once and only the name is made per
replica; event sources follow the replica when the container is set up (no broker needed for
that). And the archive's contract: every RPC of every archive service is annotated with the type
``shared.dto.archive.RETURNS_BY_SERVICE`` declares for it, and its DTOs survive the wire."""
from __future__ import annotations

import json
import typing

import pytest
from nameko.containers import ServiceContainer
from nameko.rpc import Rpc

from server.archive.arcrepository.service import ArcRepositoryService
from server.archive.bitarchive.service import BitarchiveService
from server.archive.bitarchive_monitor.service import BitarchiveMonitorService
from server.archive.checksum.service import ChecksumService
from server.archive.per_replica import ReplicaEventHandler
from shared import contracts
from shared.dto import Page
from shared.dto.archive import (
    ArchiveFileDto,
    BatchErrorDto,
    BatchResultDto,
    ReplicaStateDto,
    StoreStatusDto,
)
from shared.enums import UploadState
from shared.errors import ConfigError

SERVICES = {"arcrepository": ArcRepositoryService, "bitarchive": BitarchiveService,
            "bitarchive_monitor": BitarchiveMonitorService, "checksum": ChecksumService}


def test_one_class_per_family_and_replica_only_the_name_differs():
    one, two = BitarchiveService.for_replica("ONE"), BitarchiveService.for_replica("TWO")
    assert (one.name, one.replica, two.name) == ("bitarchive_ONE", "ONE", "bitarchive_TWO")
    assert BitarchiveService.for_replica("ONE") is one and issubclass(one, BitarchiveService)
    assert set(vars(one)) <= {"name", "replica", "__module__", "__doc__"}     # nothing but the name
    assert BitarchiveMonitorService.for_replica("My_R").name == "bitarchive_monitor_My_R"
    assert ChecksumService.for_replica("CS").name == "checksum_CS"
    for bad in ("", "a/b", "1X", "ONE TWO"):
        with pytest.raises(ConfigError):
            BitarchiveService.for_replica(bad)


def test_the_module_attribute_nameko_runs_reads_the_replica_from_the_environment(monkeypatch):
    import server.archive.bitarchive.service as module

    monkeypatch.setenv("NAS_REPLICA", "TWO")
    assert module.bitarchive is BitarchiveService.for_replica("TWO")
    with pytest.raises(AttributeError):
        module.no_such_thing  # noqa: B018


def _handlers(cls) -> dict[str, ReplicaEventHandler]:
    container = ServiceContainer(cls, {"AMQP_URI": "memory://"})
    out = {}
    for ext in container.entrypoints:
        if isinstance(ext, ReplicaEventHandler):
            ext.setup()
            out[ext.method_name] = ext
    return out


def test_event_sources_are_the_same_replicas_services():
    on_batch = _handlers(BitarchiveService.for_replica("TWO"))["on_batch"]
    assert on_batch.source_service == "bitarchive_monitor_TWO"
    assert on_batch.queue.name.startswith("evt-bitarchive_monitor_TWO-batch--bitarchive_TWO.on_batch-")
    reply = _handlers(BitarchiveMonitorService.for_replica("TWO"))["on_batch_reply"]
    assert reply.queue.name == "evt-bitarchive_TWO-batch_reply--bitarchive_monitor_TWO.on_batch_reply"


def test_a_family_class_run_as_it_is_fails_at_setup_saying_how_to_run_it():
    container = ServiceContainer(BitarchiveService, {"AMQP_URI": "memory://"})
    handler = next(e for e in container.entrypoints if isinstance(e, ReplicaEventHandler))
    with pytest.raises(ConfigError, match="module:bitarchive"):
        handler.setup()


@pytest.mark.parametrize("family", sorted(SERVICES))
def test_every_archive_rpc_is_declared_with_its_annotation(family):
    cls = SERVICES[family]
    rpcs = {name for name in dir(cls) for ext in getattr(getattr(cls, name), "nameko_entrypoints", ())
            if isinstance(ext, Rpc)}
    declared = contracts.table()[family]   # the family's own table and what every service inherits
    assert rpcs == set(declared)
    for name in rpcs:
        assert typing.get_type_hints(getattr(cls, name))["return"] == declared[name], name
        assert contracts.returns(f"{family}_ONE" if family != "arcrepository" else family, name) == declared[name]


def test_archive_dtos_survive_the_wire():
    status = StoreStatusDto("a.warc", "0" * 32, 5, [ReplicaStateDto("ONE", UploadState.UPLOAD_COMPLETED),
                                                    ReplicaStateDto("TWO", UploadState.UPLOAD_FAILED, error="x")])
    assert not status.complete and status.failed_replicas == ["TWO"]
    wire = json.loads(json.dumps(contracts.encode(status, StoreStatusDto)))
    assert wire["complete"] is False and wire["failed_replicas"] == ["TWO"] and wire["replicas"][0]["state"] == \
        "upload_completed"
    assert contracts.decode("arcrepository", "store_status", wire) == status
    page = Page([ArchiveFileDto("a.warc", "0" * 32, 5, None, {"ONE": "upload_completed"})], 1, 0, 10)
    wire = json.loads(json.dumps(contracts.encode(page, Page[ArchiveFileDto])))
    assert contracts.decode("arcrepository", "list_files", wire) == page
    result = BatchResultDto("ONE-1", "checksum", "ONE", "done", 1.0, exceptions=[BatchErrorDto("boom", "f", "a")])
    back = contracts.decode("bitarchive_monitor_ONE", "batch_status", json.loads(json.dumps(result.to_dict())))
    assert back == result and isinstance(back.exceptions[0], BatchErrorDto) and not back.running
    assert contracts.decode("checksum_CS", "get_checksum", None) is None
