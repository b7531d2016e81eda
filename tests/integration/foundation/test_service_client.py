"""The one client (shared/client.py) against real Nameko containers on a real broker: it speaks
Nameko's protocol without Nameko, so answers, typed errors, identities, unknown services,
timeouts and a wrong login behave as with Nameko's own proxy."""
from __future__ import annotations

import subprocess
import sys

import pytest
from foundation_testdb.errors_service import RaiserService
from nameko.containers import ServiceContainer

from server.monitor.service import MonitorService
from shared.client import RemoteError, RpcTimeout, ServiceClient, UnknownService, Unreachable
from shared.dto.monitor import InstanceDto
from shared.errors import ERRORS_BY_CODE, NasError, PermissionDenied


@pytest.fixture
def raiser(nameko_config):
    container = ServiceContainer(RaiserService, {**nameko_config, "runtime": {"heartbeat_interval": 60}})
    container.start()
    yield container
    container.stop()


def test_every_typed_error_comes_back_as_its_class(raiser, amqp_uri):
    with ServiceClient(amqp_uri, timeout=20) as client:
        for code, cls in sorted(ERRORS_BY_CODE.items()):
            with pytest.raises(NasError) as caught:
                client.raiser.raise_code(code)
            assert type(caught.value) is cls, code
            assert caught.value.message == f"raised {code}" and caught.value.details == {"code_was": code, "n": 1}


def test_a_call_without_a_login_is_refused(raiser, amqp_uri):
    """A message without the AMQP user_id (RabbitMQ lets a publisher leave it out) names nobody."""
    with ServiceClient(amqp_uri, timeout=20) as client:
        client.raiser.whoami()
        client._login = ""                      # as a hand-made publisher would send it
        with pytest.raises(PermissionDenied, match="no broker login"):
            client.raiser.raise_code("not_found")


def test_answers_decode_into_dtos_and_nameko_errors_are_remote_errors(nameko_config, amqp_uri):
    container = ServiceContainer(MonitorService, {**nameko_config, "runtime": {"heartbeat_interval": 60}})
    container.start()
    try:
        with ServiceClient(amqp_uri, timeout=20) as client:
            instances = client.call("monitor", "instances")
            assert isinstance(instances, list) and all(isinstance(i, InstanceDto) for i in instances)
            assert isinstance(client.monitor.instances(), list)       # the wire form: plain JSON
            with pytest.raises(RemoteError) as caught:
                client.monitor.no_such_method()
            assert caught.value.exc_type == "MethodNotFound"
            for _ in range(50):       # one connection, many calls
                client.call("monitor", "instances")
    finally:
        container.stop()


def test_an_unknown_service_is_said_at_once_and_a_silent_one_times_out(amqp_uri):
    import amqp

    from shared.client import parse_uri

    with ServiceClient(amqp_uri, timeout=2) as client:
        with pytest.raises(UnknownService):
            client.call("nosuchservice", "status")
        # a queue with no consumer (a stopped service): the call waits, then says so
        conn = amqp.Connection(**parse_uri(amqp_uri))
        conn.connect()
        ch = conn.channel()
        ch.exchange_declare("nameko-rpc", "topic", durable=True, auto_delete=False)
        ch.queue_declare("rpc-stopped", durable=True)
        ch.queue_bind("rpc-stopped", "nameko-rpc", routing_key="stopped.*")
        try:
            with pytest.raises(RpcTimeout):
                client.call("stopped", "status", timeout=0.5)
            with pytest.raises(UnknownService):                     # the same client goes on
                client.call("nosuchservice", "status")
        finally:
            conn.close()


def test_a_wrong_password_or_vhost_or_port_is_unreachable_with_the_reason(amqp_uri):
    base, vhost = amqp_uri.rsplit("/", 1)
    wrong_password = base.replace("guest:guest@", "guest:wrong@") + "/" + vhost
    with pytest.raises(Unreachable, match="password was refused") as caught:
        ServiceClient(wrong_password, timeout=2).call_raw("monitor", "status")
    assert "wrong" not in str(caught.value)                         # the password is never shown
    with pytest.raises(Unreachable, match="vhost"):
        ServiceClient(base + "/no-such-vhost-here", timeout=2).call_raw("monitor", "status")
    with pytest.raises(Unreachable, match="cannot connect"):
        ServiceClient("amqp://guest:guest@127.0.0.1:1/", timeout=2, connect_timeout=2).call_raw("monitor", "status")


def test_importing_the_client_brings_in_neither_eventlet_nor_nameko_standalone():
    code = ("import sys, shared.client, shared.contracts\n"
            "bad = [m for m in ('eventlet', 'nameko.standalone', 'nameko.rpc') if m in sys.modules]\n"
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]", out


def test_a_services_calls_to_others_come_from_its_login_and_say_unavailable(raiser, nameko_config):
    """server.runtime.remote_services: what the harvester, index server and viewerproxy call
    other services with (outside Nameko's dependency injection)."""
    from server.runtime.remote_services import RemoteServices
    from shared.errors import NotFound, Unavailable

    config = dict(nameko_config)
    calls = RemoteServices(config, timeout=5, pool=2)
    try:
        with pytest.raises(NotFound):                   # the service's own error passes through
            calls.call("raiser", "raise_code", "not_found")
        with calls.connection() as c:
            first = c._client
        with calls.connection() as c:
            assert c._client is first                    # a good connection is kept for the next call
        with pytest.raises(Unavailable) as caught:
            calls.call("nosuchservice", "status")
        assert caught.value.details == {"service": "nosuchservice", "method": "status"}
        broken = RemoteServices({**config, "AMQP_URI": "amqp://guest:guest@127.0.0.1:1/"}, timeout=2)
        with pytest.raises(Unavailable, match="broker cannot be reached"):
            broken.call("raiser", "raise_code", "not_found")
    finally:
        calls.close()


def test_a_number_no_integer_holds_is_refused_before_any_work(raiser, amqp_uri):
    """#29 item 7: list_domains(offset=2**64) answered OverflowError, get_record(offset=2**70)
    was accepted. Any whole number beyond 64 bits in a call's arguments is the caller's mistake."""
    from shared.errors import InvalidInput

    with ServiceClient(amqp_uri, timeout=20) as client:
        for bad in (2**64, -(2**70), [1, {"offset": 2**100}]):
            with pytest.raises(InvalidInput, match="out of range") as caught:
                client.raiser.raise_code(bad)
            assert caught.value.details == {"reason": "out_of_range"}
        with pytest.raises(RemoteError) as caught:       # 2**63 - 1 reaches the worker (no such code)
            client.raiser.raise_code(2**63 - 1)
        assert caught.value.exc_type == "KeyError"


def _send_raw(client: ServiceClient, routing_key: str, body: bytes, timeout: float = 20):
    """A call whose body is exactly ``body`` (what a hostile or broken client might send),
    answered as the wire carries it; RpcTimeout when nobody answers."""
    import json
    import uuid

    import amqp

    correlation_id = str(uuid.uuid4())
    channel = client._open()
    message = amqp.Message(body, content_type="application/json", content_encoding="utf-8", delivery_mode=2,
                           reply_to=client._reply_key, correlation_id=correlation_id, user_id=client._login)
    client._waiting.add(correlation_id)
    try:
        channel.basic_publish(message, exchange=client.exchange, routing_key=routing_key)
        return json.loads(client._wait(correlation_id, timeout, routing_key))
    finally:
        client._waiting.discard(correlation_id)


@pytest.mark.parametrize("body", [
    b'{"args": [' * 100_000 + b']}' * 100_000,                        # nested 100,000 deep
    b'{"args": [1], "kwargs": {}',                                     # cut off
    b'\xff\xfe not UTF-8 \x80',
], ids=["too-deep", "truncated", "not-utf8"])
def test_an_undecodable_request_is_answered_with_an_error_not_silence(raiser, amqp_uri, body):
    """#29 item 7: 100k-deep JSON was dropped with no reply; the caller waited for its time-out."""
    from shared.errors import InvalidInput

    with ServiceClient(amqp_uri, timeout=20) as client:
        reply = _send_raw(client, "raiser.raise_code", body)
        assert reply["result"] is None and reply["error"]
        from shared.client import error_from_reply

        error = error_from_reply(reply["error"])
        assert isinstance(error, InvalidInput) and error.details["reason"] == "undecodable"
        with pytest.raises(RemoteError):                 # the service goes on answering
            client.raiser.raise_code(2**62)


def test_a_request_larger_than_the_limit_is_refused_naming_the_limit(raiser, amqp_uri):
    from server.runtime.rpc import MAX_REQUEST_BYTES
    from shared.errors import InvalidInput

    with ServiceClient(amqp_uri, timeout=60) as client:
        with pytest.raises(InvalidInput, match="MiB a call may carry") as caught:
            client.raiser.raise_code("x" * (MAX_REQUEST_BYTES + 1))
        assert caught.value.details["reason"] == "too_large"
