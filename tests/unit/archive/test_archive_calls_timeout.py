"""ServiceCalls' caller without a broker: the publish is replaced (the broker lies outside this
unit), the reply listener is Nameko's own. A reply is decoded into the declared DTO, a typed error
comes through as itself, and a silent service is an RpcTimeout after the timeout with its reply
slot dropped. (tests/integration/archive/test_archive_calls.py does the same over RabbitMQ.)"""
from __future__ import annotations

import eventlet
import pytest
from nameko.exceptions import RpcTimeout, serialize
from nameko.rpc import RpcReply

import server.archive.calls as calls
from shared.dto.archive import ReplicaChecksumDto
from shared.errors import ArchiveFileNotFound


class FakeBroker:
    """Stands for MethodProxy: registers the reply slot as Nameko does, then answers (or not)."""

    answers: dict[str, dict | None] = {}
    published: list[tuple] = []

    def __init__(self, worker_ctx, service, method, listener):
        self.service, self.method, self.listener = service, method, listener

    def call_async(self, *args, **kwargs):
        FakeBroker.published.append((self.service, self.method, args))
        correlation_id = f"c{len(FakeBroker.published)}"
        event = self.listener.get_reply_event(correlation_id)
        body = FakeBroker.answers.get(self.method)
        if body is not None:
            eventlet.spawn_after(0.01, self.listener._reply_events.pop(correlation_id).send, body)
        return RpcReply(event)


@pytest.fixture
def caller(monkeypatch):
    monkeypatch.setattr(calls, "MethodProxy", FakeBroker)
    FakeBroker.answers, FakeBroker.published = {}, []
    provider = calls.ServiceCalls()
    provider.timeout = 0.2
    return calls.Caller(provider, worker_ctx=None)


def test_an_answer_is_decoded_into_the_declared_dto(caller):
    FakeBroker.answers["get_checksum"] = {"result": {"checksum": "ab" * 16, "instance_id": "cs-1"}, "error": None}
    assert caller.call("checksum_CS", "get_checksum", "a.warc") == ReplicaChecksumDto("ab" * 16, "cs-1")
    assert FakeBroker.published == [("checksum_CS", "get_checksum", ("a.warc",))]


def test_a_typed_error_comes_through_as_itself(caller):
    FakeBroker.answers["locate"] = {"result": None, "error": serialize(ArchiveFileNotFound("x is not here", {}))}
    with pytest.raises(ArchiveFileNotFound):
        caller.call("bitarchive_monitor_ONE", "locate", "x")


def test_a_silent_service_times_out_and_its_reply_slot_is_dropped(caller):
    with pytest.raises(RpcTimeout, match=r"bitarchive_monitor_ONE.locate: no answer within 0.2s"):
        caller.call("bitarchive_monitor_ONE", "locate", "x")
    assert caller.provider.reply_listener.pending() == 0
    with pytest.raises(RpcTimeout, match="within 0.05s"):
        caller.call("bitarchive_monitor_ONE", "locate", "x", timeout=0.05)
    assert caller.provider.reply_listener.pending() == 0
