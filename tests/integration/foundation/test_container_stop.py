"""A service's consumer looks every STOP_POLL_S whether to stop (server/runtime/nameko_fixes.py):
kombu's own wait of 1 s at a time made every container's stop take 1.5-2 s. Checked at the
boundary, the waits the consumer asks of its broker connection, with a real broker."""
from foundation_testdb.hold_service import HoldService
from kombu.connection import Connection
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from waiting import wait_for

from server.runtime import nameko_fixes


def test_a_container_waits_for_messages_in_short_steps_and_answers_as_before(nameko_config, tmp_path, monkeypatch):
    nameko_fixes.apply()
    waits = []
    drain = Connection.drain_events

    def recording(self, **kwargs):
        waits.append(kwargs.get("timeout"))
        return drain(self, **kwargs)

    monkeypatch.setattr(Connection, "drain_events", recording)
    container = ServiceContainer(HoldService, {**nameko_config, "data_dir": str(tmp_path),
                                               "runtime": {"heartbeat_interval": 60}})
    container.start()
    try:
        wait_for(lambda: len(waits) >= 3, timeout=30)    # only the container's consumer drains so far
        assert set(waits) == {nameko_fixes.STOP_POLL_S}, waits
        monkeypatch.undo()
        with ClusterRpcProxy(nameko_config, timeout=10) as proxy:
            assert proxy.hold.ping() == "pong"
    finally:
        container.stop()
