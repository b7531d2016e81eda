"""The runtime's heartbeats reach the monitor; a silent instance becomes lost; status RPC answers."""
from foundation_testdb.errors_service import RaiserService
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from waiting import wait_for

from server.monitor.service import MonitorService
from shared.errors import NotFound


def test_heartbeats_state_warnings_and_lost(nameko_config, caplog):
    fast = {"runtime": {"heartbeat_interval": 0.3}}
    # lost_after is many heartbeats long, so a loaded machine's late heartbeat does not count as lost.
    monitor = ServiceContainer(MonitorService, {**nameko_config, **fast, "monitor": {"lost_after": 3}})
    raiser = ServiceContainer(RaiserService, {**nameko_config, **fast, "instance": {"id": "raiser-a"}})
    monitor.start()
    raiser.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=20) as proxy:
            status = proxy.raiser.status()
            assert status["name"] == "raiser" and status["instance"] == "raiser-a"
            assert status["state"] == "running" and status["uptime"] >= 0 and status["version"]

            def states():
                return {i["instance_id"]: i for i in proxy.monitor.instances()}

            # the monitor reports itself like any other instance
            seen = wait_for(lambda: (s := states()) and "raiser-a" in s and any(k.startswith("monitor@") for k in s)
                            and s)
            assert seen["raiser-a"]["state"] == "running" and seen["raiser-a"]["service"] == "raiser"

            import logging
            logging.getLogger("nas.test").warning("disk nearly full on /data")
            logs = wait_for(lambda: [r for r in proxy.monitor.recent_logs("raiser-a")
                                     if r["message"] == "disk nearly full on /data"])
            assert logs[0]["level"] == "WARNING"
            try:
                proxy.monitor.recent_logs("nobody@nowhere")
                raise AssertionError("expected NotFound")
            except NotFound as exc:
                assert "nobody@nowhere" in exc.message

            raiser.kill()  # no goodbye heartbeat: must turn lost after lost_after
            wait_for(lambda: states()["raiser-a"]["state"] == "lost", timeout=60)
    finally:
        raiser.kill()
        monitor.stop()


def test_clean_stop_says_stopped_not_lost(nameko_config):
    fast = {"runtime": {"heartbeat_interval": 0.3}}
    monitor = ServiceContainer(MonitorService, {**nameko_config, **fast, "monitor": {"lost_after": 2}})
    raiser = ServiceContainer(RaiserService, {**nameko_config, **fast, "instance": {"id": "raiser-b"}})
    monitor.start()
    raiser.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=20) as proxy:
            wait_for(lambda: any(i["instance_id"] == "raiser-b" for i in proxy.monitor.instances()))
            raiser.stop()
            wait_for(lambda: {i["instance_id"]: i["state"] for i in proxy.monitor.instances()}["raiser-b"]
                     == "stopped")

            def raiser_b():
                return next(i for i in proxy.monitor.instances() if i["instance_id"] == "raiser-b")

            # silent for longer than lost_after (2 s) now, which would make a running instance lost
            silent = wait_for(lambda: (i := raiser_b())["heartbeat_age"] > 2 and i, timeout=30)
            assert silent["state"] == "stopped"
    finally:
        monitor.stop()
