"""A person's own broker account (#28, first step): the one client calls the services with the
AMQP ``user_id`` set to its login, which RabbitMQ validates, and reads its replies from queues
only that account may bind; the services record that login in the audit log beside the identity
the call claims. The account's permissions (shared.client.person_permissions) keep it from
sniffing or forging anything: checked here against the real broker."""
from __future__ import annotations

import json
import uuid

import amqp
import pytest
import rabbit_admin
from foundation_testdb.errors_service import RaiserService
from nameko.containers import ServiceContainer
from rabbit_admin import RABBIT_HOST, RABBIT_PORT

from shared.client import ServiceClient
from shared.errors import PermissionDenied, Unavailable


@pytest.fixture
def person(rabbit_vhost):
    login, password = f"alice{uuid.uuid4().hex[:6]}", uuid.uuid4().hex
    rabbit_admin.create_person(rabbit_vhost, login, password)
    yield login, password, f"amqp://{login}:{password}@{RABBIT_HOST}:{RABBIT_PORT}/{rabbit_vhost}"
    rabbit_admin.delete_user(login)


@pytest.fixture
def raiser(nameko_config, tmp_path):
    audit_log = tmp_path / "audit.log"
    container = ServiceContainer(RaiserService, {**nameko_config, "runtime": {"heartbeat_interval": 60},
                                                 "security": {"audit_log": str(audit_log)}})
    container.start()
    yield audit_log
    container.stop()


def test_a_person_calls_through_their_own_account_and_the_audit_names_it(person, raiser):
    """The account is the broker's only, and no definitions service (users table) runs here: the
    service takes the caller from the validated login, whatever the headers claim, cannot find
    its roles, refuses the call and records the login."""
    login, _password, uri = person
    forged = {"nas_broker_login": "svc-harvester", "nas_identity": "admin"}   # a header cannot set it
    with ServiceClient(uri, context=forged, timeout=20) as client:
        with pytest.raises((PermissionDenied, Unavailable)) as err:
            client.raiser.raise_code("not_found")
    assert err.value.details["reason"] == "users_unavailable"
    entries = [json.loads(line) for line in raiser.read_text().splitlines()]
    assert entries and entries[-1]["login"] == login and entries[-1]["action"] == "raiser.raise_code"
    assert entries[-1]["outcome"] == "refused"


def _attempt(uri_parts, fn) -> Exception | None:
    """Run ``fn(channel)`` on a fresh connection of the person; the error the broker gave, if any."""
    conn = amqp.Connection(**uri_parts, confirm_publish=True)
    conn.connect()
    try:
        fn(conn.channel())
        return None
    except amqp.exceptions.AMQPError as exc:
        return exc
    finally:
        try:
            conn.close()
        except Exception:  # noqa: BLE001 - the broker may have closed it already
            pass


def test_a_persons_account_can_neither_sniff_nor_forge(person, raiser, amqp_uri):
    from shared.client import parse_uri

    login, _password, uri = person
    parts = parse_uri(uri)
    queue = f"rpc.reply-{login}-{uuid.uuid4()}"

    def bind(key):
        def go(ch):
            ch.queue_declare(queue, exclusive=True, auto_delete=True)
            ch.queue_bind(queue, "nameko-rpc", routing_key=key)
        return go

    def publish(key, exchange="nameko-rpc", user_id=None):
        return lambda ch: ch.basic_publish(amqp.Message("{}", user_id=user_id or login), exchange=exchange,
                                           routing_key=key)

    assert _attempt(parts, bind(f"reply.{login}.{uuid.uuid4()}")) is None          # its own replies
    for key in ("#", "raiser.*", "*.*", f"reply.bob.{uuid.uuid4()}"):               # anything else
        assert "ACCESS_REFUSED" in str(_attempt(parts, bind(key))), key
    assert "ACCESS_REFUSED" in str(_attempt(parts, lambda ch: ch.basic_consume("rpc-raiser")))
    assert "ACCESS_REFUSED" in str(_attempt(parts, lambda ch: ch.queue_declare("rpc-mine")))
    assert _attempt(parts, publish("raiser.raise_code")) is None                     # a call
    assert "ACCESS_REFUSED" in str(_attempt(parts, publish(f"reply.bob.{uuid.uuid4()}")))   # a reply
    assert "ACCESS_REFUSED" in str(_attempt(parts, publish("raiser.heartbeat", exchange="raiser.events")))
    assert "PRECONDITION_FAILED" in str(_attempt(parts, publish("raiser.raise_code", user_id="admin")))
    # the call it could publish (without reply_to: nobody to answer) was dropped, and the service
    # lives on
    with ServiceClient(amqp_uri, timeout=20) as service:
        assert service.call("raiser", "whoami").login == "guest"
