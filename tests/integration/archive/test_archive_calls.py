"""Calls between archive services through ServiceCalls, over a real RabbitMQ (private vhost):
answers decoded into the declared DTOs, typed errors as themselves, a silent service a
RpcTimeout in bounded time with its reply slot dropped, an absent one UnknownService, calls from
background green threads, and one reply queue for all the calls a container makes."""
from __future__ import annotations

import subprocess
import threading
import time

import eventlet
import pytest
from nameko.containers import ServiceContainer
from nameko.exceptions import RpcTimeout, UnknownService
from nameko.testing.services import entrypoint_hook
from nameko.testing.utils import get_extension

from server.archive.calls import ServiceCalls
from server.runtime.rpc import rpc
from shared.dto.archive import ReplicaChecksumDto
from shared.errors import ArchiveFileNotFound

pytestmark = [pytest.mark.rabbit]

release = threading.Event()


class SlowChecksumReplica:
    """Stands for ``checksum_T``: answers at once, raises, or stays silent until released."""

    name = "checksum_T"

    @rpc
    def get_checksum(self, name: str) -> ReplicaChecksumDto | None:
        if name == "silent":
            release.wait(60)
        if name == "missing":
            raise ArchiveFileNotFound(f"{name} is not here", {"name": name})
        return ReplicaChecksumDto("0123456789abcdef0123456789abcdef", "t-1")


class Caller:
    name = "caller"
    calls = ServiceCalls()

    @rpc
    def ask(self, service: str, method: str, *args, timeout: float | None = None):
        return self.calls.call(service, method, *args, timeout=timeout)


@pytest.fixture
def containers(nameko_config):
    release.clear()
    config = {**nameko_config, "archive": {"rpc_timeout": 2}}
    started = [ServiceContainer(cls, config) for cls in (SlowChecksumReplica, Caller)]
    for c in started:
        c.start()
    try:
        yield started
    finally:
        release.set()
        for c in started:
            c.stop()


def test_answers_are_decoded_and_typed_errors_come_through(containers):
    _, caller = containers
    with entrypoint_hook(caller, "ask") as ask:
        answer = ask("checksum_T", "get_checksum", "a.warc")
        assert answer == ReplicaChecksumDto("0123456789abcdef0123456789abcdef", "t-1")
        with pytest.raises(ArchiveFileNotFound):
            ask("checksum_T", "get_checksum", "missing")


def test_a_silent_service_is_a_timeout_in_bounded_time_and_an_absent_one_is_unknown(containers):
    _, caller = containers
    provider = get_extension(caller, ServiceCalls)
    with entrypoint_hook(caller, "ask") as ask:
        began = time.monotonic()
        with pytest.raises(RpcTimeout, match="no answer within 1s"):
            ask("checksum_T", "get_checksum", "silent", timeout=1)
        # Bounded: one second asked; far less than the minute the service would keep silent.
        assert time.monotonic() - began < 30
        assert provider.reply_listener.pending() == 0          # the slot is not kept
        began = time.monotonic()
        with pytest.raises(RpcTimeout, match="2s"):              # archive.rpc_timeout by default
            ask("checksum_T", "get_checksum", "silent")
        assert time.monotonic() - began < 30
        with pytest.raises(UnknownService):
            ask("checksum_NOPE", "get_checksum", "a.warc")
        # The service still answers others while one of its workers waits.
        assert ask("checksum_T", "get_checksum", "b.warc").instance_id == "t-1"


def test_background_threads_call_without_a_worker_and_all_calls_share_one_reply_queue(containers, rabbit_vhost):
    _, caller = containers
    provider = get_extension(caller, ServiceCalls)
    pile = eventlet.GreenPile()
    for i in range(10):
        pile.spawn(provider.caller().call, "checksum_T", "get_checksum", f"{i}.warc")
    assert all(isinstance(a, ReplicaChecksumDto) for a in pile)
    with entrypoint_hook(caller, "ask") as ask:
        ask("checksum_T", "get_checksum", "x.warc")
    queues = subprocess.run(["rabbitmqctl", "-q", "list_queues", "-p", rabbit_vhost, "name"], check=True,
                            capture_output=True, text=True, timeout=60).stdout.split()
    assert len([q for q in queues if q.startswith("rpc.reply-caller")]) == 1, queues
