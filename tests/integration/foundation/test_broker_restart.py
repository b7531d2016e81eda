"""A service instance outlives a broker restart: a worker that finishes while the broker is
down neither kills the container nor loses its call (server/runtime/nameko_fixes.py)."""
import time

import eventlet
from foundation_testdb import hold_service
from foundation_testdb.hold_service import HoldService
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy


def _answers(config, deadline_s: float = 90) -> str:
    deadline = time.monotonic() + deadline_s
    while True:
        try:
            with ClusterRpcProxy(config, timeout=10) as proxy:
                return proxy.hold.ping()
        except Exception:  # noqa: BLE001 - the broker or the consumer is still coming back
            if time.monotonic() > deadline:
                raise
            eventlet.sleep(1)


def test_a_worker_finishing_while_the_broker_is_down_keeps_the_service_and_its_call(private_broker, tmp_path):
    hold_service.reset()
    config = {"AMQP_URI": private_broker.uri}
    container = ServiceContainer(HoldService, {**config, "data_dir": str(tmp_path),
                                               "runtime": {"heartbeat_interval": 60}})
    container.start()
    try:
        assert _answers(config) == "pong"
        caller = ClusterRpcProxy(config, timeout=5)
        proxy = caller.start()
        proxy.hold.hold.call_async("in flight")
        hold_service.entered.wait()

        private_broker.stop()
        hold_service.release.send(True)
        # the worker's reply and ack meet a broker that is gone; Nameko's own handling would end
        # the worker's thread with the error and kill the container with it
        deadline = time.monotonic() + 60
        while container._worker_threads and time.monotonic() < deadline:
            eventlet.sleep(0.2)
        assert not container._worker_threads, "the worker never finished"
        assert not container._died.ready(), "the container died with the broker"
        try:
            caller.stop()
        except Exception:  # noqa: BLE001 - its connection went with the broker
            pass

        private_broker.start()
        assert _answers(config) == "pong"
        # the call was never acknowledged: the broker gives it back, and it runs again
        deadline = time.monotonic() + 60
        while len(hold_service.runs) < 2 and time.monotonic() < deadline:
            eventlet.sleep(0.2)
        assert hold_service.runs == ["in flight", "in flight"]
        assert not container._died.ready()
    finally:
        hold_service.release.send(True) if not hold_service.release.ready() else None
        container.stop()
