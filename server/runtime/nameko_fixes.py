"""Work-arounds for defects of Nameko 2.14.1 that end a service when the broker restarts.

Applied once when :mod:`server.runtime.service` (the base of every service) is imported.

A worker that finishes while the broker is away acks its message on a socket the broker has
reset. ``QueueConsumer.ack_message`` (and ``requeue_message``) mean to ignore that — the broker
has already taken the message back and will deliver it again — but they catch only AMQP's own
``ConnectionError``, not the socket's ``ConnectionResetError``/``BrokenPipeError``. The error
then ends the worker's managed thread, and Nameko kills the whole container for it: every RPC
and event handler of the instance is gone, although its consumer was about to reconnect. Here
both methods also ignore ``OSError``; the message comes back once the broker does. That is
Nameko's at-least-once delivery as it always was (an unacknowledged call is delivered again,
to this instance or another): the claim, store and upload paths are idempotent by claim or by
name; a call without such a key (a "harvest now") may run twice, as it could when an instance
died mid-call before.

Every message Nameko publishes (requests, replies, events) carries the AMQP ``user_id``
property: the login of the publisher's broker URI. RabbitMQ refuses a ``user_id`` that is not the
connection's login, so the receiving service knows which account sent each call; identity is
that login (:mod:`server.runtime.identity`). Nameko does not set it by itself.

The other half of surviving a restart is the consumer's reconnect policy, a config default
set per container in :func:`server.runtime.settings_provider.settings_for`.
``tests/integration/foundation/test_broker_restart.py`` finishes a worker while a real broker is
down; ``tests/integration/scheduler/test_sched_service.py`` restarts one mid-dispatch.
"""
from __future__ import annotations

_applied = False


def apply() -> None:
    """Patch ``nameko.messaging.QueueConsumer`` and Nameko's ``Publisher`` once (idempotent)."""
    global _applied
    if _applied:
        return
    from amqp.exceptions import ConnectionError as AmqpConnectionError
    from nameko.messaging import QueueConsumer

    def _settle(name: str):
        def settle(self, message) -> None:
            # as Nameko's: only if the channel still has a connection; a dead one has already
            # given the message back to the broker
            if message.channel.connection:
                try:
                    getattr(message, name)()
                except (AmqpConnectionError, OSError):
                    pass
        settle.__name__ = f"{name}_message"
        settle.__doc__ = f"Nameko's {name}_message, also when the socket was reset (server.runtime.nameko_fixes)."
        return settle

    QueueConsumer.ack_message = _settle("ack")
    QueueConsumer.requeue_message = _settle("requeue")
    _answer_undecodable_calls(QueueConsumer)
    _prompt_stop(QueueConsumer)
    _publish_with_login()
    _applied = True


#: how often a consumer waiting for messages looks whether it should stop (kombu's default: 1 s)
STOP_POLL_S = 0.1


def _prompt_stop(queue_consumer_cls) -> None:
    """A container took 1.5 to 2 s to stop, every one: its consumer waits for messages in
    ``drain_events(timeout=1)`` and only between two such waits cancels its consumers and then
    sees that it should stop, so a stop waited out up to two of them. Waiting 0.1 s at a time,
    a stop takes about 0.2 s (a restart of a service, and each of the test suite's hundreds of
    containers). The extra wake-ups are a timed-out read and kombu's heartbeat check, which
    sends a heartbeat only when one is due."""
    from kombu.mixins import ConsumerMixin

    def run(self, _tokens=1, **kwargs):
        kwargs.setdefault("safety_interval", STOP_POLL_S)
        return ConsumerMixin.run(self, _tokens, **kwargs)

    run.__doc__ = "kombu's ConsumerMixin.run, looking every STOP_POLL_S whether to stop (server.runtime.nameko_fixes)."
    queue_consumer_cls.run = run


def _answer_undecodable_calls(queue_consumer_cls) -> None:
    """A message kombu cannot decode (not JSON, not UTF-8, nested 100,000 deep: the decoder's
    RecursionError) made the consumer raise with nobody answering: the caller waited for its
    time-out. Each consumer now gets an ``on_decode_error``: a call (a message with
    ``reply_to``) is answered with ``InvalidInput`` (``reason: undecodable``) and acknowledged,
    anything else is acknowledged and logged. Nothing of the message reaches a worker."""
    import logging
    from functools import partial

    log = logging.getLogger("server.runtime.rpc")
    original = queue_consumer_cls.get_consumers

    def on_decode_error(self, provider, message, exc) -> None:
        from server.runtime.rpc import MAX_REQUEST_BYTES
        from shared.errors import InvalidInput

        props = message.properties or {}
        why = type(exc).__name__ if isinstance(exc, RecursionError) else f"{type(exc).__name__}: {str(exc)[:200]}"
        log.warning("a message to %s could not be decoded (%s); %s", (message.delivery_info or {}).get("routing_key"),
                    why, "answered with invalid_input" if props.get("reply_to") else "dropped")
        handle_result = getattr(provider, "handle_result", None)
        if props.get("reply_to") and handle_result is not None:
            props["content_type"] = "application/json"     # answered in JSON whatever it claimed to be
            error = InvalidInput(f"the request could not be decoded ({why}): send JSON of at most "
                                 f"{MAX_REQUEST_BYTES >> 20} MiB, nested at most a few hundred levels",
                                 {"reason": "undecodable"})
            self.container.spawn_managed_thread(
                partial(handle_result, message, None, (InvalidInput, error, None)),
                identifier="answer an undecodable call")
        else:
            self.ack_message(message)

    def get_consumers(self, consumer_cls, channel):
        consumers = original(self, consumer_cls, channel)
        for provider, consumer in self._consumers.items():
            consumer.on_decode_error = partial(on_decode_error, self, provider)
        return consumers

    get_consumers.__doc__ = "Nameko's get_consumers, answering undecodable calls (server.runtime.nameko_fixes)."
    queue_consumer_cls.get_consumers = get_consumers


def _publish_with_login() -> None:
    from nameko.amqp.publish import Publisher

    from shared.credentials import uri_user

    original = Publisher.publish

    def publish(self, payload, **kwargs):
        kwargs.setdefault("user_id", uri_user(self.amqp_uri))
        return original(self, payload, **kwargs)

    publish.__doc__ = "Nameko's publish, with the AMQP user_id of its login (server.runtime.nameko_fixes)."
    Publisher.publish = publish
